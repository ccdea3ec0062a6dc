"""Misbehaving bots for the tournament tests, loaded as `tournament_bots:NAME`.

Workers are separate processes: they find this module through sys.path (the
parent's, passed on by spawn) or PYTHONPATH in the command-line tests.
"""

import os
import signal
import time

from lama.bots import heuristic_bot


def crash_bot(view, rng):
    raise ValueError("this bot always fails")


def late_crash_bot(view, rng):
    """Fails only from the third round on: the error names a round and a seed."""
    if view.round >= 2:
        raise RuntimeError("lost its nerve")
    return heuristic_bot(view, rng)


def illegal_bot(view, rng):
    return "not an action"


def slow_bot(view, rng):
    time.sleep(0.002)
    return heuristic_bot(view, rng)


_decisions = 0


def interrupting_bot(view, rng):
    """Plays like `heuristic`, then acts as if Ctrl-C was pressed after 300 decisions in this process."""
    global _decisions
    _decisions += 1
    if _decisions == int(os.environ.get("LAMA_TEST_INTERRUPT_AT", "300")):
        raise KeyboardInterrupt
    return heuristic_bot(view, rng)


def killing_bot(view, rng):
    """Plays like `heuristic`, but the first time in a run it kills its own worker process."""
    marker = os.environ.get("LAMA_TEST_KILL_MARKER")
    if marker and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return heuristic_bot(view, rng)
