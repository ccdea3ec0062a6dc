"""Player-facing levels and the search bots by name.

- `easy`: the heuristic, but one decision in three is a random legal action (it blunders
  now and then, so a new player can beat it).
- `medium`: the heuristic (heuristic.py), which never searches.
- `hard`: the strongest bot measured in each game: the rollout bot (flat Monte Carlo with
  sequential halving, rollout.py) with a playout budget that keeps a decision well under a
  second on one core, searching in compiled code. In the card games (compiled/cards.py) it deals
  the hidden cards as the other seats' moves suggest (`infer`); against three `medium` seats
  in lama it won more often than `ismcts` at the same budget. In dice (compiled/dice.py) its
  playouts decide as the heuristic does, looking one roll ahead. An iteration budget, not a
  clock: deterministic for a given seed. See `lama strength`.
- `neural`: a small network that imitates hard's search, then improved by policy iteration
  (neural.py, trained by `lama train`); a player count's own network where one ships; the
  heuristic in games without a model. Where its two best moves score close in a card game, a
  short duel between them on hard's deals decides (its second look); under a millisecond a
  decision on average.
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


def hard_samples(game) -> int:
    """hard's playouts per decision in a game (Game.hard_samples: a dice playout thinks about
    each roll, so it costs more and dice gets fewer)."""
    return game.hard_samples


def neural_bot(view, rng):
    from .neural import neural_bot as bot  # numpy and the model file, loaded when it first plays

    return bot(view, rng)


medium_bot = heuristic_bot
rollout_bot = RolloutBot()
ismcts_bot = IsmctsBot()
hard_search = RolloutBot(samples=hard_samples, halving=True, infer=True)
hard_bot = hard_search


LEVELS = {"easy": easy_bot, "medium": medium_bot, "hard": hard_bot, "neural": neural_bot}
SEARCH_BOTS = {"rollout": rollout_bot, "ismcts": ismcts_bot, "rollout-hard": hard_search}
