"""The browser client in a real browser: a `lama serve` subprocess on a free loopback port with
a temporary SQLite store and --bot-pause 0, driven by Debian's chromium through Playwright: its
headless shell when installed (chromium-headless-shell, the same Blink, a fifth less CPU than the
full browser, as Playwright's own headless default), the browser otherwise. Skipped (with the
reason) without either or the playwright package."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

SHELL, BROWSER = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
CHROMIUM = SHELL if Path(SHELL).exists() else BROWSER
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
SHOTS = Path(__file__).parent / "screenshots"
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 375, "height": 812}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.slow)  # not in the quick tier
            # (under xdist each worker that runs them starts its own server and browser: session fixtures)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, tmp: Path, script: str = "serve.py"):
        self.script = Path(__file__).parent / script  # the server's program (serve.py or one that wraps it)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.db = tmp / "e2e.db"
        self.seed_file = tmp / "next-seed"
        self.clock_file = tmp / "clock-ahead"  # seconds the tables' clocks run ahead (serve.py)
        self.proc = None

    def start(self):
        env = dict(os.environ, LAMA_E2E_SEED_FILE=str(self.seed_file), LAMA_E2E_CLOCK_FILE=str(self.clock_file),
                   PYTHONUNBUFFERED="1")
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - the server's output for as long as it runs
        self.proc = subprocess.Popen(
            [sys.executable, str(self.script), "--port", str(self.port),
             "--db", f"sqlite:///{self.db}", "--bot-pause", "0", "--bot-workers", "2"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)  # a file: a pipe nobody reads fills up
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"lama serve ended: {self.log.read().decode(errors='replace')[-2000:]}")
            try:
                if json.load(urllib.request.urlopen(self.base + "/api/health", timeout=2))["ok"]:
                    return self
            except (urllib.error.URLError, OSError, ValueError):
                time.sleep(0.2)
        raise RuntimeError("lama serve did not start within 60 s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc:
            self.log.close()

    def advance(self, seconds: float) -> None:
        """Move the tables' clocks on by `seconds` (the server's tick acts on it within a second)."""
        ahead = float(self.clock_file.read_text()) if self.clock_file.exists() else 0.0
        self.clock_file.write_text(str(ahead + seconds))

    def get(self, path):
        return json.load(urllib.request.urlopen(self.base + path, timeout=10))

    def post(self, path, body):
        req = urllib.request.Request(self.base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        return json.load(urllib.request.urlopen(req, timeout=30))

    def table(self, game, seats, target=15, name="Ann", seed=None, hints=True, settings=None, **options):
        """Create a table; `seats` lists "human" or a bot level for each seat; `settings`:
        visibility, turn_seconds, stand_in_level."""
        if seed is not None:
            self.seed_file.write_text(str(seed))
        body = {"game": game, "players": len(seats), "name": name, "hints": hints, **(settings or {}),
                "options": {"target": target, **options},
                "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]}
        return self.post("/api/tables", body)


@pytest.fixture(scope="session")
def playwright_api():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install -y chromium-headless-shell, or chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -e '.[browser]')")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_api):
    b = playwright_api.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()


def own_server(folder: str, scope: str = "module"):
    """A `server` fixture: a server of its own, in a folder named `folder` (a module that uses
    one keeps its public tables and names out of the other tests' lobby, and theirs out of its)."""

    @pytest.fixture(scope=scope)
    def server(tmp_path_factory, playwright_api):
        s = Server(tmp_path_factory.mktemp(folder)).start()
        yield s
        s.stop()

    return server


server = own_server("serve", scope="session")


@pytest.fixture
def new_page(browser):
    """new_page(viewport=DESKTOP, color_scheme="light", csp=False, **context options): a page in a fresh
    context (its own localStorage), whose JavaScript errors (and CSP refusals) fail the test."""
    contexts, errors = [], []

    def make(viewport=DESKTOP, color_scheme="light", csp=False, **kw):
        # Playwright's wait_for_function evaluates its text in the page, which the server's
        # Content-Security-Policy forbids: tests that wait so bypass it; csp=True keeps it
        # (tests/e2e/test_security_in_browser.py: the pages run under it with no refusal)
        ctx = browser.new_context(viewport=viewport, color_scheme=color_scheme, bypass_csp=not csp, **kw)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{e}: {e.stack}"))
        # what the Content-Security-Policy refused (an inline style, a script) fails the test too
        page.on("console", lambda m: "Content Security Policy" in m.text and errors.append(m.text))
        page.set_default_timeout(15000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"
