"""The training example (examples/train_maskable_ppo.py) on a tiny budget, and its bot.

Needs the train extra (sb3-contrib, torch), which CI does not install: skipped without it.
Nothing is downloaded: the script trains from scratch into tmp_path.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MISSING = [m for m in ("sb3_contrib", "torch", "matplotlib") if importlib.util.find_spec(m) is None]
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"the train extra is not installed (no {', '.join(MISSING)}): "
                                                      "pip install -e '.[train]' with the CPU build of torch")


def test_train_tiny_budget_then_play_the_bot(tmp_path, monkeypatch):
    out, plot = tmp_path / "ppo.zip", tmp_path / "curve.png"
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "train_maskable_ppo.py"), "--steps", "256",
                          "--envs", "2", "--out", str(out), "--plot", str(plot)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert out.is_file() and out.stat().st_size > 0
    assert plot.is_file() and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert plot.with_suffix(".json").is_file()

    monkeypatch.setenv("LAMA_PPO_MODEL", str(out))
    monkeypatch.chdir(ROOT)  # as `lama strength --bot examples.ppo_bot:bot` from the repository
    from lama.bots import load_bot
    from lama.games import new_game
    from lama.match import Table

    bot = load_bot("examples.ppo_bot:bot")
    sys.modules["examples.ppo_bot"].load_model(out)
    game = new_game("lama", 4)
    heuristic = load_bot("heuristic")
    table = Table(game, [bot, heuristic, heuristic, heuristic], 7)
    table.advance()  # the table raises if a bot plays an illegal action
    assert table.finished and table.state.winners
