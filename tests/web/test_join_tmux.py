"""Issue 43, acceptance item 3: two people at terminals (`lama join LINK` in tmux) and two remote
bots (`lama join LINK --bot heuristic`) at one table of a real `lama serve` play it to its end,
though the server is killed (SIGKILL) mid-game and started again on the same store and port:
every client connects again by itself, and the table's record replays. The people type, at each
prompt, the first move the prompt lists as legal (Enter at the pause after a round, yes when asked
to confirm). Nothing waits by the clock: the panes and the API are polled against a deadline.
Skipped without tmux."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from lama.record import replay

from .test_join import get, new_table

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")]

SRC = str(Path(__file__).resolve().parents[2] / "src")
DEADLINE = 600  # seconds for the whole game; it takes well under a minute
MOVE = re.compile(r"your move \((?P<moves>[^)]*)\):$")


class Pane:
    """One `lama join LINK` in a tmux session of its own server (-L), 80x24, typed at by the test."""

    def __init__(self, socket: str, link: str, config: Path):
        self.socket, self.name = socket, "join"
        command = (f"PYTHONPATH={shlex.quote(SRC)} {shlex.quote(sys.executable)} -m lama join {shlex.quote(link)} "
                   f"--lang en; echo EXIT=$?; sleep 600")
        self.tmux("-f", str(config), "new-session", "-d", "-x", "80", "-y", "24", "-s", self.name, command)
        self.acted_on: str | None = None  # the screen the last keys answered
        self.typed = 0
        self.exit: int | None = None

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20).stdout

    def screen(self, lines: str = "-300") -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", lines, "-t", self.name)

    def send(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def step(self) -> bool:
        """Answer the prompt the pane shows now, if it is a fresh one; True if keys were sent."""
        screen = self.screen()
        found = re.search(r"^EXIT=(\d+)$", screen, re.M)
        if found:
            self.exit = int(found[1])
            return False
        if screen == self.acted_on:
            return False
        last = ([line.rstrip() for line in screen.splitlines() if line.strip()] or [""])[-1]
        move = MOVE.search(last)
        if move:
            keys = move["moves"].split(", ")[0]  # the first legal move the prompt lists
        elif last.endswith("(y/n):"):
            keys = "y"
        elif "Press Enter" in last and last.endswith(":"):
            keys = ""
        else:
            return False
        self.acted_on = screen
        if keys:
            self.send("-l", keys)
        self.send("Enter")
        self.typed += 1
        return True


def test_two_terminals_and_two_remote_bots_play_a_table_through_a_server_crash(serve, tmp_path):
    db = f"sqlite:///{tmp_path / 'lama.db'}"
    server = serve(db)
    made = new_table(server, [{"kind": "human"}] * 4, players=4, target=20)
    table = made["table"]
    invite = f"{server.url}/tables/{table}#invite={made['invite']}"
    config = tmp_path / "tmux.conf"
    config.write_text("set -g history-limit 100000\n")
    bots: list[subprocess.Popen] = []
    panes: list[Pane] = []
    try:
        panes.append(Pane(f"lama-test-{uuid.uuid4().hex[:8]}", f"{server.url}/tables/{table}#token={made['token']}",
                          config))
        for i in range(2):
            bots.append(subprocess.Popen(
                [sys.executable, "-m", "lama", "join", invite, "--bot", "heuristic", "--seed", str(i)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**_env(), "PYTHONPATH": SRC}))
        panes.append(Pane(f"lama-test-{uuid.uuid4().hex[:8]}", invite, config))
        killed_at = None
        deadline = time.monotonic() + DEADLINE
        while any(p.exit is None for p in panes):
            assert time.monotonic() < deadline, "\n\n".join(p.screen() for p in panes)
            acted = [p.step() for p in panes]
            if killed_at is None and sum(p.typed for p in panes) >= 8:  # mid-game: every seat has moved
                status = get(f"{server.url}/api/tables/{table}")
                assert status["status"] == "running"
                killed_at = status["version"]
                server.kill()
                server = serve(db, port=server.port)
            if not any(acted):
                time.sleep(0.05)  # a poll's pace, not a synchronisation
        assert killed_at is not None
        assert [p.exit for p in panes] == [0, 0], "\n\n".join(p.screen() for p in panes)
        for bot in bots:
            out, err = bot.communicate(timeout=120)
            assert bot.returncode == 0, err
            assert re.search(r"seat \d (won|lost) with \d+ points", out), out
            assert "connecting again" in err  # it lost the server and found it again
        for pane in panes:
            said = pane.screen("-")
            assert "connecting again" in said and "The game is over" in said and "Your hand:" in said
            assert "Heuristic" in said  # the bots' names, though they sat down after this terminal
        record = get(f"{server.url}/api/tables/{table}/record")
        final = replay(record)
        assert final.finished
        assert get(f"{server.url}/api/tables/{table}")["version"] > killed_at
    finally:
        for pane in panes:
            pane.tmux("kill-server")
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
            bot.communicate()


def _env() -> dict:
    import os

    return dict(os.environ)
