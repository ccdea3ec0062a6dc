"""Misbehaving bots for the tournament tests, loaded as `tournament_bots:NAME`.

Workers are separate processes: they find this module through sys.path (the
parent's, passed on by spawn) or PYTHONPATH in the command-line tests.
"""

import os
import signal
import sys
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
    """Plays like `heuristic`, and presses Ctrl-C (SIGINT to this process, with the `ctrl_c` fixture's handler)
    at its first decision at a table of LAMA_TEST_INTERRUPT_PLAYERS seats, or at its decision number
    LAMA_TEST_INTERRUPT_AT (counted from where the test set `_decisions`); never without either."""
    global _decisions
    _decisions += 1
    at = os.environ.get("LAMA_TEST_INTERRUPT_AT")
    if str(view.players) == os.environ.get("LAMA_TEST_INTERRUPT_PLAYERS") or (at and _decisions == int(at)):
        signal.raise_signal(signal.SIGINT)  # the handler raises KeyboardInterrupt in this call
    return heuristic_bot(view, rng)


def keyboard_interrupt_bot(view, rng):
    """Raises KeyboardInterrupt itself (no Ctrl-C was pressed): only its game fails."""
    raise KeyboardInterrupt


def exiting_bot(view, rng):
    """Calls sys.exit in its third round."""
    if view.round >= 2:
        sys.exit(3)
    return heuristic_bot(view, rng)


def sleeping_bot(view, rng):
    """Sleeps far longer than any --decision-timeout of the tests, in its second round."""
    if view.round >= 1:
        time.sleep(5)
    return heuristic_bot(view, rng)


def swallowing_sleeper(view, rng):
    """Sleeps, and swallows whatever interrupts it the first time."""
    try:
        time.sleep(5)
    except BaseException:
        time.sleep(5)
    return heuristic_bot(view, rng)


def killing_bot(view, rng):
    """Plays like `heuristic`, but the first time in a run it kills its own worker process."""
    marker = os.environ.get("LAMA_TEST_KILL_MARKER")
    if marker and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return heuristic_bot(view, rng)
