"""Player-facing levels and the search bots by name.

- `easy`: the heuristic, but a third of its decisions are a random legal action (it
  blunders now and then, so a new player can beat it).
- `medium`: the heuristic (heuristic.py), which never searches.
- `hard`: the strongest bot, HARD with a budget that keeps a decision under about a
  second on one core; deterministic for a given seed (an iteration budget, not a clock).
- `rollout`, `ismcts`: the search bots with their default budgets.
"""

from __future__ import annotations

from .heuristic import heuristic_bot
from .ismcts import IsmctsBot
from .random_bot import random_bot
from .rollout import RolloutBot

EASY_BLUNDERS = 1 / 3


def easy_bot(view, rng):
    if rng.random() < EASY_BLUNDERS:
        return random_bot(view, rng)
    return heuristic_bot(view, rng)


medium_bot = heuristic_bot
rollout_bot = RolloutBot()
ismcts_bot = IsmctsBot()
hard_bot = IsmctsBot(iterations=1000)

LEVELS = {"easy": easy_bot, "medium": medium_bot, "hard": hard_bot}
SEARCH_BOTS = {"rollout": rollout_bot, "ismcts": ismcts_bot}
