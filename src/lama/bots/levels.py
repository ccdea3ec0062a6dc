"""Player-facing levels and the search bots by name.

- `easy`: the heuristic, but one decision in three is a random legal action (it blunders
  now and then, so a new player can beat it).
- `medium`: the heuristic (heuristic.py), which never searches.
- `hard`: the strongest bot measured in each game. In lama, komarami and kadabra that is the
  rollout bot (flat Monte Carlo with sequential halving, rollout.py), with a playout budget
  that keeps a decision well under a second on one core; its search is compiled
  (fastcards.py) and deals the hidden cards as the other seats' moves suggest (`infer`). Against three `medium` seats in lama it won more often than `ismcts` at
  the same budget (see `lama strength`). An iteration budget, not a clock: deterministic for
  a given seed. In dice it plays as the heuristic: there the search's playouts quit far more
  crudely than the heuristic's exact odds (which cost seconds per decision in a playout), and
  the search lost to it (`lama strength --game dice --bot rollout-hard --vs heuristic`, 80
  games, --seed 20000: 12.5% heads-up, 32.5% at 4 players).
- `rollout`, `ismcts`: the search bots with their default budgets; `rollout-hard`: hard's
  search, in every game.
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
# playouts per decision: the card games search compiled (fastcards.py), dice through the core
HARD_SAMPLES = {"lama": 3000, "komarami": 3000, "kadabra": 3000, "dice": 1200}
hard_search = RolloutBot(samples=HARD_SAMPLES, halving=True, infer=True)
PLAIN_GAMES = ("dice",)  # where the heuristic beat the search


def hard_bot(view, rng):
    if view.game in PLAIN_GAMES:
        return heuristic_bot(view, rng)
    return hard_search(view, rng)


LEVELS = {"easy": easy_bot, "medium": medium_bot, "hard": hard_bot}
SEARCH_BOTS = {"rollout": rollout_bot, "ismcts": ismcts_bot, "rollout-hard": hard_search}
