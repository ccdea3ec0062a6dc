"""The strength table of docs/bots.md is the one tools/strength_table.py writes from the measured cells
(benchmarks/strength-*.json): a new model or a new measurement shows here until it is refreshed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_strength_table_of_the_bots_doc_is_written_from_the_cells():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "strength_table.py"), "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, "docs/bots.md's strength table is stale: run python tools/strength_table.py " \
                                 + done.stderr
