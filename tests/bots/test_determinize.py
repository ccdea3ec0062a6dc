"""Determinization: a sampled state must look exactly like the real one to the seat,
and deal the unseen cards uniformly (every physical card equally likely anywhere)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import card_state, random_position
from lama.bots.determinize import CannotDeterminize, determinize, unseen_pool
from lama.core import play
from lama.games import GAMES, new_game


def _hidden(state, seat):
    """Every card a seat cannot see, as a multiset of codes: other hands and the draw pile."""
    table = state.game.kinds
    cards = Counter()
    for s, hand in enumerate(state.hands):
        if s != seat:
            cards.update({table.codes[k]: c for k, c in enumerate(hand) if c})
    cards.update({table.codes[k]: c for k, c in enumerate(state.pile) if c})
    return cards


@settings(max_examples=40, deadline=None)
@given(
    game_id=st.sampled_from(sorted(GAMES)),
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
)
def test_determinized_state_shows_the_seat_the_same_view(game_id, players, seed, steps):
    state = random_position(game_id, players, seed, steps)
    if state.finished:
        return
    seat = state.to_move
    view = state.view(seat)
    sample = determinize(view, random.Random(seed))
    assert sample.view(seat) == view
    assert sample.legal_actions() == state.legal_actions()
    if game_id != "dice":  # the hidden cards are the same multiset, only dealt anew
        assert _hidden(sample, seat) == _hidden(state, seat)
    # and the sample is a live state: the rules core plays on from it
    actions = sample.legal_actions()
    sample.apply(actions[0])


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 80))
def test_a_seat_not_to_move_gets_a_consistent_state_too(players, seed, steps):
    state = random_position("lama", players, seed, steps)
    if state.finished:
        return
    seat = (state.to_move + 1) % players
    view = state.view(seat)
    assert determinize(view, random.Random(seed)).view(seat) == view


def test_the_game_options_come_with_the_view():
    state = random_position("lama", 3, 1, 0)
    state.game = new_game("lama", 3, {"target": 25, "first_player": 0})
    sample = determinize(state.view(state.to_move), random.Random(0))
    assert sample.game.target == 25


def test_K5_a_pending_forced_draw_is_kept():
    state = card_state("kadabra", hands=[["3+", "5"], ["2", "4"], ["6", "L"]], top="3")
    state.apply(play("3+"))
    assert state.chance == "draw" and state.forced_draw == 1
    view = state.view(1)
    sample = determinize(view, random.Random(3))
    assert sample.view(1) == view
    assert (sample.chance, sample.drawer, sample.forced) == ("draw", 1, True)


def test_K7_K9_magic_chip_and_stage_are_kept():
    state = card_state("kadabra", hands=[["L", "5"], ["2", "4"]], top="6", points=[13, 7])
    state.magic_chip = 1
    state.stage_whites, state.stage_blacks = 4, 1
    view = state.view(0)
    assert view.show
    sample = determinize(view, random.Random(0))
    assert sample.view(0) == view
    assert (sample.magic_chip, sample.stage_whites, sample.stage_blacks) == (1, 4, 1)


def test_a_finished_game_cannot_be_determinized():
    state = card_state("lama", hands=[["3"], ["2", "4"]], top="3", points=[0, 39])
    state.apply(play("3"))  # seat 0 goes out; seat 1 takes 6 and reaches 45 (C6)
    assert state.finished
    with pytest.raises(CannotDeterminize):
        determinize(state.view(0), random.Random(0))


# -- uniformity on a tiny case ------------------------------------------------------------

def _tiny_state():
    """lama, 3 seats: seat 0 sees its hand; 5 cards are unseen: 2 in seat 1's hand, 1 face
    down with seat 2 (who quit), 2 in the draw pile. The rest of the deck is on the discard pile."""
    hands = [["4", "6"], ["1", "L"], ["2"]]
    pile = ["3", "L"]
    state = card_state("lama", hands=hands, top="5", pile=pile, quit=[2])
    game = state.game
    table = game.kinds
    discards = list(game.deck)
    for h in state.hands:
        discards = [d - c for d, c in zip(discards, h)]
    discards = [d - p for d, p in zip(discards, state.pile)]
    state.discard_pile = discards
    state.top = table.index["5"]
    return state


def _allocation(state):
    table = state.game.kinds
    return tuple(
        tuple(sorted(table.codes_of(counts)))
        for counts in (state.hands[1], state.hands[2], state.pile)
    )


def test_the_unseen_pool_is_deck_minus_hand_minus_discard_pile():
    state = _tiny_state()
    view = state.view(0)
    pool = unseen_pool(view, state.game)
    assert sorted(state.game.kinds.codes_of(pool)) == ["1", "2", "3", "L", "L"]


def test_hidden_cards_are_dealt_uniformly():
    """Exact probabilities come from every ordering of the 5 physical unseen cards; a
    chi-square test (p = 0.001) compares them with 6000 fixed-seed determinizations."""
    state = _tiny_state()
    view = state.view(0)
    physical = ["1", "2", "3", "L", "L"]
    exact = Counter()
    for order in permutations(physical):
        exact[(tuple(sorted(order[:2])), tuple(sorted(order[2:3])), tuple(sorted(order[3:])))] += 1
    total = sum(exact.values())
    rng = random.Random(2024)
    samples = 6000
    seen = Counter(_allocation(determinize(view, rng)) for _ in range(samples))
    assert set(seen) <= set(exact), "a determinization dealt cards that do not fit the view"
    chi2 = sum((seen[k] - samples * c / total) ** 2 / (samples * c / total) for k, c in exact.items())
    df = len(exact) - 1
    z = 3.0902  # the 0.999 quantile of the normal; Wilson-Hilferty for chi-square's
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, f"chi-square {chi2:.1f} >= {critical:.1f} with {df} degrees of freedom"
    assert len(seen) == len(exact)  # every possible deal occurs
