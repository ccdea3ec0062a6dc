"""Issue 12, item 11: `lama play` in a real 80x24 terminal (tmux): nothing is wider than the
terminal, so no line is wrapped by it (and no word broken). Skipped without tmux."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _tmux(*args) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=20).stdout


def test_kadabra_with_five_seats_fits_80_columns(tmp_path):
    name = f"lama-test-{uuid.uuid4().hex[:8]}"
    env = f"PYTHONPATH={SRC}"
    cmd = (f"cd {tmp_path} && {env} {sys.executable} -m lama play --game kadabra --players 5 --bots random "
           f"--names 'Annemarie Schwarzenberg,B,C,Dee Long Name Indeed,E' --seed 5 --record g.json; sleep 30")
    _tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", cmd)
    try:
        screens = []

        def wait_for(text, timeout=20.0, unlike=None):
            """The screen once its last line is a fresh prompt with `text` (nothing typed after it)
            and it differs from `unlike` (the screen before the keys just sent)."""
            end = time.time() + timeout
            while time.time() < end:
                screen = _tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", name)
                last = ([line for line in screen.splitlines() if line.strip()] or [""])[-1].rstrip()
                if screen != unlike and text in last and last.endswith(":"):
                    screens.append(screen)
                    return screen
                time.sleep(0.2)
            raise AssertionError(f"{text!r} did not appear:\n{screen}")

        screen = wait_for("your move")
        _tmux("send-keys", "-t", name, "?", "Enter")  # the help, one screen at a time
        screen = wait_for("Enter: more", unlike=screen)
        assert "Help, lines 1-23 of" in screen
        _tmux("send-keys", "-t", name, "q", "Enter")
        screen = wait_for("your move", unlike=screen)
        for keys in ("scores", "d"):
            _tmux("send-keys", "-t", name, keys, "Enter")
            screen = wait_for("your move", unlike=screen)  # the answer to these keys, not the last prompt
        # -J joins lines the terminal wrapped: every line must fit in 80 columns
        for screen in screens:
            for line in screen.splitlines():
                assert len(line) <= 80, line
        text = screens[-1]
        assert "Annemarie Sch… (you)" in text and "Dee Long Name… (bot)" in text
        assert "L.A.M.A. Kadabra - round 1 -" in text
    finally:
        _tmux("kill-session", "-t", name)
