"""A decision judged as its seat could know it: the `hard` bot's search over the seat's view
(the hidden cards dealt as the other seats' moves suggest, as the bot deals them) estimates
every legal action's win chance, and the decision gave up the best estimate minus its own.

The search here values a round's end with the fitted temperatures (a calibrated win chance, as
chances.py), plays every action the same number of times on the same deals (no sequential
halving: a poor action's estimate is as exact as the best's), and is seeded by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from lama.bots.values import fitted_temperatures
from lama.games import game_class

SAMPLES = 2000  # playouts per decision, shared by its actions

# The classes by the win chance given up (best: none at all), Lichess-like steps scaled to a
# game where an even seat's chance is 1/players.
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (0.0, 0.02, 0.05, 0.10)  # lost above each of these: good, inaccuracy, mistake, blunder


def class_of(lost: float) -> str:
    """The class of a decision that gave up `lost` (a win chance, >= 0)."""
    found = CLASSES[0]
    for name, above in zip(CLASSES[1:], THRESHOLDS, strict=True):
        if lost > above:
            found = name
    return found


@dataclass(frozen=True)
class Judgement:
    lost: float  # the best action's estimate minus the chosen one's, >= 0
    best: object  # the action with the best estimate
    values: tuple  # (action, estimated win chance) for every legal action, in legal order

    @property
    def label(self) -> str:
        return class_of(self.lost)


def judge(view, action, rng, samples: int = SAMPLES) -> Judgement:
    """The decision `action` at `view` (its seat to move), estimated with `samples` playouts."""
    actions = list(view.legal_actions)
    if action not in actions:
        raise ValueError(f"{action} is not a legal action of seat {view.seat + 1} here")
    if len(actions) == 1:
        return Judgement(0.0, action, ((action, None),))
    search = game_class(view).hook("compiled_search")
    temps = fitted_temperatures(view.game, view.players)
    found = search(view, rng, max(samples, len(actions)), False, infer=True, temps=temps)
    values = tuple((a, total / count if count else 0.0) for a, (count, total, _, _) in found)
    best_action, best = max(values, key=lambda av: av[1])  # ties: the first in legal order
    chosen = dict(values)[action]
    if chosen >= best:
        return Judgement(0.0, action, values)
    return Judgement(best - chosen, best_action, values)
