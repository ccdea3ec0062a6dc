"""Real parts for the server's tests: a throwaway PostgreSQL cluster (Debian's postgresql,
initdb and pg_ctl on a loopback port, started and stopped here), `lama serve` subprocesses on
free loopback ports, and in-process clients of the application."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

pytest.importorskip("fastapi")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Cluster:
    """A PostgreSQL cluster of our own on a loopback port, started (and stopped, and started
    again) here; `url`: its server (without a database)."""

    def __init__(self, bin_dir: Path):
        self.bin_dir = bin_dir
        self.base = Path(tempfile.mkdtemp(prefix="lama-pg-"))
        self.data, self.sockets = self.base / "data", self.base / "run"
        self.sockets.mkdir()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: run the cluster as the postgres user
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.base, "postgres")
            shutil.chown(self.sockets, "postgres")
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}"
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()

    def _run(self, program: str, *args: str, check: bool = True) -> None:
        subprocess.run(self.as_user + [str(self.bin_dir / program), *args], check=check, capture_output=True)

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.base / "log"), "-o",
                  f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
                  f"-c max_connections=200", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "immediate", "stop", check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


def cluster() -> Cluster:
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    return Cluster(bin_dir)


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL cluster of our own for the session: its server URL (without a database)."""
    shared = cluster()
    try:
        yield shared.url
    finally:
        shared.remove()


def new_database(server_url: str) -> str:
    import psycopg

    name = "lama_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server_url + "/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server_url}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """Each storage test runs on both stores."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'lama.db'}"
    return new_database(request.getfixturevalue("postgres"))


@pytest.fixture
def clock():
    """The clock of the in-process server's tables, moved by the test (`clock.advance(s)`)."""
    from .helpers import Clock

    return Clock()


@pytest.fixture
def client(tmp_path, clock):
    """The application in-process (its bots in a real pool, no pause) on a fresh SQLite store,
    its tables' clocks on `clock` (they move only when the test moves them)."""
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1, clock=clock)
    with TestClient(app) as c:
        yield c


class Server:
    """`lama serve` as a real subprocess on a loopback port."""

    def __init__(self, db: str, port: int | None = None, pause: float = 0.0, args: tuple[str, ...] = (),
                 preexec_fn=None, clock_file: Path | None = None, seed_file: Path | None = None):
        self.db, self.port, self.pause, self.args = db, port or free_port(), pause, args
        self.preexec_fn = preexec_fn  # run in the child before lama serve (a resource limit, say)
        # with `clock_file` or `seed_file`: the e2e tests' serve.py, whose tables' clocks run that
        # file's number of seconds ahead of the wall clock (written by the test to make a person's
        # time run out), and whose next table takes its seed from the seed file (a chosen deal)
        self.clock_file, self.seed_file = clock_file, seed_file
        self.proc = None
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> Server:
        self.log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - what the server says; a pipe could fill up
        program, env = ["-m", "lama", "serve"], None
        files = {"LAMA_E2E_CLOCK_FILE": self.clock_file, "LAMA_E2E_SEED_FILE": self.seed_file}
        if any(files.values()):
            program = [str(Path(__file__).parents[1] / "e2e" / "serve.py")]
            env = dict(os.environ, **{name: str(path) for name, path in files.items() if path is not None})
        self.proc = subprocess.Popen(
            [sys.executable, *program, "--port", str(self.port), "--db", self.db,
             "--bot-pause", str(self.pause), "--bot-workers", "1", *self.args],
            stdout=self.log, stderr=self.log, text=True, preexec_fn=self.preexec_fn, env=env)
        import httpx2

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"lama serve ended: {self.said(2000)}")
            try:
                if httpx2.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx2.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("lama serve did not answer")

    def said(self, chars: int = 3000) -> str:
        """The end of what the server wrote (its access log too, with --access-log)."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read()[-chars:]

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.proc:
            self.log.close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def serve():
    started = []

    def start(db: str, **kw) -> Server:
        server = Server(db, **kw).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()
