"""A throwaway variant, defined only here: L.L.A.M.A. with 9 cards of each value (63 in all) and
a game to 30 points. Data alone: a subclass of the lama game with another id, name, deck and
default target. `registered()` adds it to lama.games for a while (it plays in
tests/tui/test_variant_in_terminal.py, tests/envs/test_variant_in_envs.py,
tests/web/test_games_served.py and tests/e2e/test_variant.py); no other file knows it."""

from __future__ import annotations

from contextlib import contextmanager

import lama.games
from lama.games.lama import LamaGame


class NinesGame(LamaGame):
    id = "nines"
    name = "Nines (a test variant)"
    deck = (9, 9, 9, 9, 9, 9, 9)
    default_target = 30
    pictures = ("2", "5", "L")


@contextmanager
def registered():
    """NinesGame in lama.games.GAMES while the block runs."""
    lama.games.register(NinesGame)
    try:
        yield NinesGame
    finally:
        lama.games.unregister(NinesGame.id)
