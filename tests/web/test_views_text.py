"""The state's view as JSON text (messages.Views): each seat's texts of this round's moves and
of the rounds played are kept and added to, so every message carries exactly `view.to_json()`,
whatever the game, the seat, the round, or a seat looking again from the start."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import BOTS
from lama.games import GAMES, new_game
from lama.match.table import Table
from lama.web.messages import Views


def views_of_a_game(game: str, players: int, seed: int, seat):
    """Every view `seat` (None: a spectator) has of a game of heuristic bots, in order."""
    table = Table(new_game(game, players), [BOTS["heuristic"]] * players, seed)
    out = [table.view(seat)]
    while not table.finished and table.step() is not None:
        out.append(table.view(seat))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_view_of_a_game_is_its_to_json(game):
    views = Views()
    seen = views_of_a_game(game, 3, 5, 1)
    assert len({v.round for v in seen}) > 1  # the rounds' texts are added to, then a new round starts
    for view in seen:
        assert json.loads(views.text(view)) == view.to_json()


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), players=st.integers(2, 6), seed=st.integers(0, 2**32),
       seat=st.sampled_from([None, 0, 1]), data=st.data())
def test_views_seen_in_any_order_and_from_any_seat_are_exact(game, players, seed, seat, data):
    """A seat sent views out of order (a reconnection, a table loaded again) still gets each
    view whole: the kept texts are used only when they are a beginning of the view's."""
    seen = views_of_a_game(game, players, seed, seat)
    views = Views()
    for i in data.draw(st.lists(st.integers(0, len(seen) - 1), min_size=1, max_size=30)):
        assert json.loads(views.text(seen[i])) == seen[i].to_json()
