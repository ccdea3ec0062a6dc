"""The compiled code's tests again with LAMA_NUMBA=0: lama.fast's kernels, the compiled bots and
the compiled observations as plain Python on lists, with the same results (and an index past a
scratch array's end raises there: numba does not check bounds). One fresh interpreter runs them
all: one start, one job for xdist."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from lama.fast import kernel

# each file's tests chosen by a -k expression (over that file's tests only), and how many pass
CHOSEN = {
    "tests/fast/test_differential_cards.py": ("step_by_step", 25),
    "tests/fast/test_party_engine.py": ("engine", 44),
    "tests/fast/test_differential_dice.py": ("step_by_step or other_dice or every_case", 8),
    "tests/bots/test_compiled_cards.py": ("kernel_playout_follows", 3),
    # compiled only, for time: last_card and pairs
    "tests/bots/test_compiled_policies.py": ("not plain_python and not last_card and not pairs", 39),
    "tests/envs/test_compiled_observe.py": ("every_seat or sizes or hidden", 57),
    "tests/envs/test_info_state.py": ("compiled_info_state", 31),
    "tests/envs/test_vector.py": ("game_by_game and (lama or dice) and not heuristic", 12),
}
SMALLER = {"LAMA_DIFF_GAMES": "12", "LAMA_POLICY_GAMES": "4", "LAMA_OBSERVE_GAMES": "2", "LAMA_VECTOR_STEPS": "200",
           "LAMA_LOOKAHEADS": "20"}


@pytest.mark.slow
@pytest.mark.skipif(not kernel.COMPILED, reason="already plain Python here")
def test_the_compiled_code_as_plain_python():
    root = Path(__file__).parent.parent
    keyword = " or ".join(f"({Path(path).stem} and ({k}))" for path, (k, _) in CHOSEN.items())
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-rA", "-p", "no:cacheprovider", *CHOSEN, "-k", keyword],
        cwd=root, env={**os.environ, "LAMA_NUMBA": "0", **SMALLER}, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    passed = Counter(re.findall(r"^PASSED (tests/\S+\.py)::", done.stdout, re.MULTILINE))
    assert passed == Counter({path: n for path, (_, n) in CHOSEN.items()}), done.stdout[-3000:]
