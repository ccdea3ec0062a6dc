"""The `heuristic` bot: rules of thumb, one module per game family.

Each game names its heuristic (`Game.heuristic`, a `choose(view, rng)`): heuristic_cards
for lama and komarami, heuristic_kadabra, heuristic_dice.
"""

from __future__ import annotations

from lama.games import game_class


def heuristic_bot(view, rng):
    return game_class(view).hook("heuristic")(view, rng)
