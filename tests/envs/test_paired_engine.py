"""benchmarks/paired_engine.py: saved agents on the same engine games, the first the reference."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import lama
from lama.bots.neural import save_agent
from lama.bots.neural_fit import initial

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "paired_engine.py"
SHIPPED = str(Path(lama.__file__).parent / "data" / "neural-lama.npz")


def run(*argv):
    return subprocess.run([sys.executable, str(SCRIPT), *argv], capture_output=True, text=True, timeout=300)


def test_the_same_agent_differs_by_nothing_and_a_blank_one_by_a_significant_loss(tmp_path):
    blank = tmp_path / "blank.npz"
    save_agent(blank, initial([68, 16, 9], seed=1), {"game": "lama"})
    out = tmp_path / "paired.json"
    done = run("--games", "400", "--threads", "1", SHIPPED, SHIPPED, str(blank), "--out", str(out))
    assert done.returncode == 0, done.stderr
    same, worse = json.loads(out.read_text())["results"][1:]
    assert same["difference"] == {"mean": 0.0, "low": 0.0, "high": 0.0}
    assert worse["difference"]["high"] < 0 < same["win_share"]["mean"]
    assert worse["games"] == 400 and len(done.stdout.splitlines()) == 3


def test_a_file_that_is_not_an_agent_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_text("no")
    done = run("--games", "40", str(bad))
    assert done.returncode == 2 and done.stderr.startswith(f"{bad}: not a saved agent")
    assert "Traceback" not in done.stderr
