"""Each game resamples a full state from one seat's view (Game.resample_from_view, OpenSpiel's
resample_from_infostate): the state is legal and plays on, its view for that seat is the view it
came from, every card of the deck is somewhere, and two samplers give states that differ only in
the cards the seat cannot see. Positions come from random play, chance steps included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_step
from lama.core import InvalidView
from lama.core.game import CardGame
from lama.games import GAMES, new_game

CARD_GAMES = sorted(g for g, cls in GAMES.items() if issubclass(cls, CardGame))


def position(game_id, players, seed, steps):
    """The state after `steps` random steps (chance outcomes too: a pending deal or draw is a
    position a view is taken in as well)."""
    rng = random.Random(seed)
    state = new_game(game_id, players, {"target": 30}).new_initial_state()
    for _ in range(steps):
        if state.finished:
            break
        random_step(state, rng)
    return state


def fields(state) -> dict:
    """Every field of a state, by its slots."""
    names = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    return {n: getattr(state, n) for n in names if n != "game"}


def public_part(state, seat) -> dict:
    """The fields of a card state less what `seat` cannot see (other hands, the pile's kinds)."""
    found = fields(state)
    found["hands"] = [h if s == seat else None for s, h in enumerate(state.hands)]
    del found["pile"]
    return found


def card_counts(state) -> list[int]:
    """Per kind, the cards in the hands, the draw pile and the discard pile."""
    total = list(state.pile)
    for counts in state.hands + [state.discard_pile]:
        total = [t + c for t, c in zip(total, counts)]
    return total


def plays_on(state, rng, steps=60) -> None:
    """The rules core takes the state as a live one: random play goes on from it."""
    for _ in range(steps):
        if state.finished:
            return
        random_step(state, rng)


@settings(max_examples=60, deadline=None)
@given(game_id=st.sampled_from(CARD_GAMES), players=st.integers(2, 6), seed=st.integers(0, 10**6),
       steps=st.integers(0, 150), which=st.integers(0, 6), a=st.integers(0, 10**6), b=st.integers(0, 10**6))
def test_a_card_game_resamples_a_full_state_its_seat_cannot_tell_from_the_true_one(
        game_id, players, seed, steps, which, a, b):
    state = position(game_id, players, seed, steps)
    seat = None if which >= players else which  # any seat, or a spectator
    view = state.view(seat)
    game = state.game
    one = game.resample_from_view(view, random.Random(a).shuffle)
    other = game.resample_from_view(view, random.Random(b).shuffle)
    for sample in (one, other):
        assert sample.view(seat) == view
        if seat is not None and seat == state.to_move:  # another seat's moves hang on its hand
            assert sample.legal_actions() == state.legal_actions()
        assert card_counts(sample) == list(game.deck)  # every card of the deck, once
        assert sum(sample.pile) == sample.pile_size and sample.hand_sizes == list(map(sum, sample.hands))
        assert not any(sample.unseen())
        # the public facts are the true state's; only the cards the seat cannot see differ
        assert public_part(sample, seat) == public_part(state, seat)
    assert public_part(one, seat) == public_part(other, seat)
    plays_on(one, random.Random(a))


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 150),
       a=st.integers(0, 10**6), b=st.integers(0, 10**6))
def test_dice_resamples_the_seat_to_moves_state_exactly(players, seed, steps, a, b):
    """In dice little is hidden: the undealt cards follow from the public ones, so every sampler
    gives the true state (the caps of a discard only while one is owed, D3b), but for the
    face-down displays of seats that quit (D3), dealt from the undealt cards and them."""
    state = position("dice", players, seed, steps)
    rng = random.Random(seed)
    while state.to_move is None and not state.finished:
        state.apply_chance(state.sample_chance(rng))
    if state.finished:
        return
    view = state.view(state.to_move)
    one = state.game.resample_from_view(view, random.Random(a).shuffle)
    other = state.game.resample_from_view(view, random.Random(b).shuffle)
    face_down = {s for s in range(players) if state.quit[s] and s != state.to_move}

    def known(state) -> dict:
        out = fields(state)
        if state.pending != "discard":
            del out["caps"]
        if face_down:  # which of the unseen cards are in a face-down display: a sampler's guess
            out["displays"] = [d for s, d in enumerate(out["displays"]) if s not in face_down]
            del out["undealt"]
        return out

    truth = known(state)
    for sample in (one, other):
        assert known(sample) == truth
        assert sample.view(state.to_move) == view
        game, row = sample.game, sample.game.row
        placed = [sum(d[k] for d in sample.displays) + sample.discard_pile[k] + sample.undealt[k] + sample.row[k]
                  for k in range(7)]
        assert placed == [deck + r for deck, r in zip(game.deck, row)]  # conserved
    plays_on(one, random.Random(a))
    for seat in range(players):
        if seat != state.to_move:
            with pytest.raises(InvalidView):
                state.game.resample_from_view(state.view(seat))


def test_without_a_sampler_the_unseen_cards_go_in_table_order():
    state = position("lama", 3, 2, 10)
    while state.to_move is None:
        random_step(state, random.Random(0))
    seat = state.to_move
    view = state.view(seat)
    sample = state.game.resample_from_view(view)
    pool = state.game.state_from_view(view).unseen()
    cards = [k for k, c in enumerate(pool) for _ in range(c)]
    at = 0
    for s in range(3):
        if s != seat:
            n = view.hand_sizes[s]
            assert sample.hands[s] == state.game.kinds.counts_of(
                [state.game.kinds.codes[k] for k in cards[at:at + n]])
            at += n
    assert sum(sample.pile) == len(cards) - at


@pytest.mark.parametrize("edit,why", [
    (dict(game="komarami"), "not one of"),
    (dict(hand=("L",) * 9), "more cards of a kind than the deck"),
    (dict(pile_size=3), "cannot fill"),
    (dict(top="2/3"), "no card '2/3'"),
])
def test_a_view_no_state_fits_is_refused(edit, why):
    from dataclasses import replace

    state = position("lama", 3, 1, 12)
    view = replace(state.view(0), **edit)
    with pytest.raises(InvalidView, match=why):
        state.game.resample_from_view(view)
