"""Strength runs and tournaments in compiled code (lama.sim.compiled_match), when every bot has a
compiled twin (lama.bots.compiled.policies: random, heuristic and its level medium, easy).

`--engine auto` (the default) plays through the fast engine exactly when it can: every
bot named has a twin and nothing asked for needs the Python driver (records of each game).
`--engine core` always plays through the rules core and the Python bots; `--engine
fast` insists on the fast engine (an error when it cannot). Both engines give games of
the same distribution (the compiled heuristic decides as the Python one in every position,
tests/bots/test_compiled_policies.py), not the same games: their chance comes from other generators.

A game's result is a function of its seed alone on either engine, so the compiled batches
(`play_fast_chunk`) may be played anywhere: in this process on numba's threads
(`FastBackend`), or on Dask's workers, a chunk of games per unit of work (backends.Dask).
"""

from __future__ import annotations

from lama.bots import load_bot
from lama.bots.compiled.policies import POLICY_NAMES, policy_of

ENGINES = ("auto", "core", "fast")
FAST_CHUNK = 2000  # games per compiled batch: progress and Ctrl-C between batches


class EngineError(ValueError):
    """--engine fast asked for what the fast engine cannot play."""


def compiled_ids(names) -> dict | None:
    """The compiled policy id of each bot name, or None when one has no compiled twin."""
    ids = {}
    for name in names:
        policy = policy_of(load_bot(name))
        if policy is None:
            return None
        ids[name] = policy
    return ids


def use_fast(engine: str, names, needs_core: str | None = None) -> bool:
    """Whether to play through the fast engine (it plays every game of the family):
    `engine` is auto, core or fast; `names` the bots; `needs_core` what asked for the Python
    driver, if anything (a reason to show). EngineError when `fast` was asked for and cannot
    be."""
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r} (known: {', '.join(ENGINES)})")
    if engine == "core":
        return False
    missing = [n for n in dict.fromkeys(names) if policy_of(load_bot(n)) is None]
    why = None
    if missing:
        why = f"bot {missing[0]!r} has no compiled twin (compiled: {', '.join(POLICY_NAMES)}, and medium)"
    elif needs_core:
        why = f"it cannot be used with {needs_core}"
    if engine == "fast" and why:
        raise EngineError(f"--engine fast: {why}")
    return why is None


def play_fast_chunk(spec, tasks, keep_record=False, decision_timeout=None, threads: int = 1) -> list[dict]:
    """The summaries of a unit's games played in compiled code on `threads` of numba's threads
    (worker.play_chunk's, timings shared out: a batch is timed as a whole, so every decision
    costs the batch's time over its decisions). A backend's unit of work, like play_chunk:
    `keep_record` and `decision_timeout` are the Python driver's and never asked for here."""
    from .compiled_match import Batch
    from .worker import game_of

    ids = compiled_ids({name for task in tasks for name in task.bots})
    batch = Batch(game_of(spec), [t.seed for t in tasks], [[ids[name] for name in t.bots] for t in tasks])
    batch.play(threads)
    decisions = [batch.decisions(i) for i in range(len(tasks))]
    per_decision = batch.elapsed / max(1, sum(map(sum, decisions)))
    return [{
        "deal": t.deal, "seating": t.seating, "seed": t.seed, "bots": list(t.bots),
        "points": batch.points(i), "winners": list(batch.winners(i)), "rounds": batch.rounds(i),
        "decisions": decisions[i], "seconds": [d * per_decision for d in decisions[i]],
    } for i, t in enumerate(tasks)]


class FastBackend:
    """A tournament backend (backends.py) that plays each unit's games in compiled code, in
    this process, on up to `workers` threads."""

    name = "fast"

    def __init__(self, workers: int = 1):
        self.workers = workers

    def run(self, units, on_result) -> None:
        for unit in units:
            if not on_result(unit, play_fast_chunk(*unit, threads=self.workers)):
                return

    def close(self) -> None:
        pass
