"""Kadabra conservation (property-based): cards, chips and the magic chip along random games.

The chip invariant: within a round, the sum of all seats' points plus the value of the
stage's chips (whites + 10 x blacks) is constant — a gift (K4) or a staged chip (K8)
moves value between seats and stage, taking the stage (K9) moves it back into points,
and the magic chip (K6, K7, K4) is in nobody's points. Only scoring changes the total:
by the C7 penalties plus K11's 10 for the magic chip's holder, less the C5 return.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import random_step
from lama.core.state import highest_chip
from lama.games import new_game

fast = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def total(state) -> int:
    return sum(state.points) + state.stage_whites + 10 * state.stage_blacks


def check_cards(state):
    cards = list(state.pile)
    for hand in state.hands:
        cards = [c + h for c, h in zip(cards, hand)]
    cards = [c + d for c, d in zip(cards, state.discard_pile)]
    assert cards == list(state.game.deck)
    assert state.hand_sizes == [sum(h) for h in state.hands] and state.pile_size == sum(state.pile)


def check_step(before, after, events):
    kinds = [type(e).__name__ for e in events]
    assert min(after.points) >= 0 and after.stage_whites >= 0 and after.stage_blacks >= 0
    assert after.magic_chip is None or 0 <= after.magic_chip < after.n
    if after.forced_draw is not None:
        assert after.chance == "draw" and after.to_move is None and not after.quit[after.forced_draw]
    if "RoundScored" not in kinds:
        assert total(after) == total(before)
        if after.round == before.round and after.round >= 0:
            check_cards(after)
        return
    scored = events[kinds.index("RoundScored")]
    holders = [e.seat for e in events if type(e).__name__ == "MagicChipScored"]
    assert len(holders) <= 1 and after.magic_chip is None
    table = after.game.kinds
    for s in range(after.n):
        assert scored.penalties[s] == table.penalty(after.hands[s]) + 10 * (s in holders)
    returned = [0] * after.n
    if scored.ended_by == "empty_hand":
        ender = scored.ender
        returned[ender] = highest_chip(after.points[ender] + scored.returned[ender])
    assert list(scored.returned) == returned
    assert total(after) == total(before) + sum(scored.penalties) - sum(scored.returned)


@fast
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6))
def test_kadabra_cards_and_chips_are_conserved(seed, n):
    rng = random.Random(seed)
    state = new_game("kadabra", n).new_initial_state()
    assert total(state) == 3 * n  # K2
    steps = 0
    while not state.finished:
        steps += 1
        assert steps < 20_000
        before = state.clone()
        if state.to_move is None:
            events = state.apply_chance(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            # avoid quitting most of the time, so that rounds run long and shows happen
            keep = [a for a in actions if a.kind != "quit"] if rng.random() < 0.9 else actions
            events = state.apply((keep or actions)[rng.randrange(len(keep or actions))])
        check_step(before, state, events)


@fast
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4),
       deck=st.dictionaries(st.sampled_from(["1", "2/3", "4+", "5*", "6", "3*"]), st.integers(0, 12)))
def test_kadabra_custom_decks_play_to_the_end(seed, n, deck):
    deck = {"L": 20, "4/5": 10, **deck}  # enough for any deal
    rng = random.Random(seed)
    state = new_game("kadabra", n, {"deck": deck}).new_initial_state()
    while not state.finished:
        before = state.clone()
        events = random_step(state, rng)
        check_step(before, state, events)
