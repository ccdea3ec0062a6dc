"""The league example (examples/train_league.py) on a tiny budget: it trains against its frozen
checkpoints (files it wrote), a seat each, next to a compiled heuristic seat, and reports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_league_example_trains_against_its_checkpoints(tmp_path):
    out = tmp_path / "league"
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "train_league.py"), "--generations", "2",
                          "--updates", "3", "--envs", "16", "--horizon", "8", "--games", "32", "--out", str(out)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in out.iterdir()) == [f"generation_{g}.npz" for g in range(3)]
    assert "generation 2: vs generation_" in run.stdout and "vs 3 heuristic: win share" in run.stdout
    first, last = np.load(out / "generation_0.npz"), np.load(out / "generation_2.npz")
    assert not first["w"].any() and last["w"].any()  # the uniform start, then learnt weights
    bad = subprocess.run([sys.executable, str(ROOT / "examples" / "train_league.py"), "--envs", "0"],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert bad.returncode == 2 and "must be at least 1" in bad.stderr and "Traceback" not in bad.stderr
