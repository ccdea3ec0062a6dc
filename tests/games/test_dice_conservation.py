"""Cards and points are conserved in `dice` through whole random games (D1–D5)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lama.core.events import Busted, CardsDiscarded, ChipReturned, RoundScored, RowCardTaken
from lama.games import new_game

PLAYER_CARDS, ROW_CARDS = 36, 7


def check_cards(state, undealt_at_deal):
    game = state.game
    on_table = [sum(d[k] for d in state.displays) for k in range(7)]
    # displays + discarded + undealt = the 36 player cards plus the row cards that left the row
    # (a taken row card sits in a display, and may be discarded from there)
    taken_from_row = ROW_CARDS - state.row_size
    assert sum(on_table) + sum(state.discard_pile) + sum(state.undealt) == PLAYER_CARDS + taken_from_row
    # kind by kind: displays + discards + row + undealt = the 36 player cards + the 7 row cards
    for k in range(7):
        assert on_table[k] + state.discard_pile[k] + state.row[k] + state.undealt[k] == game.deck[k] + game.row[k]
    assert state.undealt == undealt_at_deal  # the undealt cards play no part in the round (D2)
    assert all(0 <= r <= 1 for r in state.row) and state.row_size == sum(state.row)
    assert state.hand_sizes == [sum(d) for d in state.displays]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_cards_and_points_are_conserved_in_dice(seed, players):
    rng = random.Random(seed)
    state = new_game("dice", players).new_initial_state()
    undealt = None
    while not state.finished:
        before = state.clone()
        if state.to_move is None:
            events = state.apply_chance(state.sample_chance(rng))
            if before.chance == "deal":
                undealt = state.undealt[:]
                assert sum(undealt) == PLAYER_CARDS - 6 * players
        else:
            actions = state.legal_actions()
            events = state.apply(actions[rng.randrange(len(actions))])
        # every card movement is announced by an event
        for e in events:
            if isinstance(e, CardsDiscarded):
                assert sum(state.discard_pile) - sum(before.discard_pile) == len(e.cards)
            if isinstance(e, RowCardTaken):
                assert before.row_size - state.row_size == 1
            if isinstance(e, Busted):
                assert len(e.cards) == before.row_size and state.row_size == 0
        points = list(before.points)
        for e in events:
            if isinstance(e, ChipReturned) and e.rule == "D3a":
                points[e.seat] -= e.points
            if isinstance(e, RoundScored):
                points = [p + pen - ret for p, pen, ret in zip(points, e.penalties, e.returned)]
                assert list(e.scores) == points
        assert points == state.points and min(points) >= 0
        if state.chance != "deal" and not state.finished:
            check_cards(state, undealt)
