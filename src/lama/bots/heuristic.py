"""The `heuristic` bot: rules of thumb, one module per game family.

Each game's heuristic lives in its own module and is looked up by view.game;
a game without one falls back to the card-game heuristic's generic choice.
"""

from __future__ import annotations

from . import heuristic_cards, heuristic_dice, heuristic_kadabra

HEURISTICS = {
    "lama": heuristic_cards.choose,
    "komarami": heuristic_cards.choose,
    "dice": heuristic_dice.choose,
    "kadabra": heuristic_kadabra.choose,
}


def heuristic_bot(view, rng):
    choose = HEURISTICS.get(view.game, heuristic_cards.choose)
    return choose(view, rng)
