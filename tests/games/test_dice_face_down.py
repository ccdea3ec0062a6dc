"""D3: the display of a seat that quit is face down, in every view but its own (and so in
every message of `lama serve`, built from views); a search deals it from the unseen cards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots.determinize import determinize
from lama.games import new_game


def positions(seed: int, players: int):
    """Every decision of a random game of dice, seats quitting often."""
    rng = random.Random(seed)
    state = new_game("dice", players, {"target": 20}).new_initial_state()
    while not state.finished:
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
            continue
        yield state
        legal = state.legal_actions()
        quit_ = [a for a in legal if a.kind == "quit"]
        state.apply(quit_[0] if quit_ and rng.random() < 0.3 else rng.choice(legal))


@settings(deadline=None, max_examples=15)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_a_quit_display_is_face_down_for_everyone_else(seed, players):
    seen_quit = False
    for state in positions(seed, players):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            for s in range(players):
                if state.quit[s] and s != seat:
                    seen_quit = True
                    assert view.displays[s] == () and view.to_json()["displays"][s] == []
                    assert view.hand_sizes[s] == state.hand_sizes[s] > 0  # how many cards: still public
                else:
                    assert list(view.displays[s]) == list(state.game.kinds.codes_of(state.displays[s]))
    assert seen_quit


@settings(deadline=None, max_examples=10)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5))
def test_a_search_deals_the_face_down_displays(seed, players):
    rng = random.Random(seed)
    for state in positions(seed, players):
        me = state.to_move
        hidden = [s for s in range(players) if state.quit[s] and s != me]
        if not hidden:
            continue
        sample = determinize(state.view(me), rng)
        assert sample.view(me) == state.view(me)  # it fits all the seat sees
        assert sample.hand_sizes == [sum(d) for d in sample.displays] == state.hand_sizes
        for k in range(7):  # and holds every card once: the hidden ones and the undealt swapped
            assert (sum(d[k] for d in sample.displays) + sample.undealt[k]
                    == sum(d[k] for d in state.displays) + state.undealt[k])
