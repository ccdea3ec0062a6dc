"""The compiled rollout search for the card games (bots/compiled/cards.py), on the engine (lama.fast)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_position
from lama.bots.compiled import cards
from lama.bots.compiled.policies import SCRATCH_SIZE
from lama.bots.compiled.search import round_value
from lama.bots.rollout import evaluate_actions, fast_action, playout, round_values
from lama.bots.values import temperatures
from lama.fast import layout as L
from lama.fast.kernel import KernelRandom, array, float_array, zeros
from lama.fast.rules import rules_of
from lama.fast.views import card_state_from_view
from lama.games import GAMES as ALL_GAMES
from lama.games import new_game

# the card games: their compiled search is compiled/cards.py's
GAMES = tuple(g for g, cls in ALL_GAMES.items() if cls.compiled_search == "lama.bots.compiled.cards:evaluate_view")


def _kernel_playout(state, action, words):
    """The search's playout and value from a core state, on the engine: (points, value of the
    seat to move)."""
    game, me = state.game, state.to_move
    ru = rules_of(game)
    st = zeros(L.STATE_SIZE)
    card_state_from_view(state.view(me), game, st)
    for s, hand in enumerate(state.hands):  # the cards the seat cannot see
        for kind, count in enumerate(hand):
            st[L.HANDS + s * L.K_MAX + kind] = count
    for kind, count in enumerate(state.pile):
        st[L.PILE + kind] = count
    for i, word in enumerate(words):
        st[L.RNG + i] = word
    cards._playout(st, ru, game.action_id(action), zeros(SCRATCH_SIZE))
    value = round_value(st, ru, me, float_array(temperatures(game.id, state.n)))
    return [int(st[L.POINTS + s]) for s in range(state.n)], value


@settings(max_examples=80, deadline=None)
@given(game_id=st.sampled_from(GAMES), players=st.integers(2, 6), seed=st.integers(0, 10**6),
       steps=st.integers(0, 120), pick=st.integers(0, 10))
def test_kernel_playout_follows_the_rules_exactly_like_the_core(game_id, players, seed, steps, pick):
    """Differential: from the same position, the same first action and the same random numbers,
    the kernel's playout ends the round with the same points as the core's, and the same value."""
    _same_round_end(random_position(game_id, players, seed, steps), pick, [seed | 1, seed * 7 + 3, 12345, steps])


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 60), pick=st.integers(0, 10),
       whites=st.integers(0, 7), blacks=st.integers(0, 2), magic=st.integers(-1, 5))
def test_kernel_playout_follows_kadabra_shows_and_the_magic_chip(players, seed, steps, pick, whites, blacks, magic):
    """The same for kadabra positions with chips on the stage (often a show, K9) and the magic
    chip anywhere (K7, K11): random play alone rarely gets there."""
    state = random_position("kadabra", players, seed, steps)
    state.stage_whites, state.stage_blacks = whites, blacks
    state.magic_chip = magic if 0 <= magic < players else None
    _same_round_end(state, pick, [seed | 1, 99, whites, blacks])


@settings(max_examples=60, deadline=None)
@given(game_id=st.sampled_from(["lama", "komarami"]), players=st.integers(2, 6), seed=st.integers(0, 10**6),
       steps=st.integers(0, 120), pick=st.integers(0, 10), whites=st.integers(0, 7), blacks=st.integers(0, 2))
def test_kernel_playout_follows_lachens_puddle(game_id, players, seed, steps, pick, whites, blacks):
    """The same for lama and komarami with the puddle (LL1, LL2), often in laughing time."""
    state = random_position(game_id, players, seed, steps, {"target": 25, "lachen": True})
    state.stage_whites, state.stage_blacks = whites, blacks
    _same_round_end(state, pick, [seed | 1, 77, whites, blacks])


def _same_round_end(state, pick, words):
    if state.to_move is None:
        return
    legal = state.legal_actions()
    action = legal[pick % len(legal)]
    points, value = _kernel_playout(state, action, words)
    core = state.clone()
    core.apply(action)
    playout(core, KernelRandom(words))
    assert points == core.points
    assert value == pytest.approx(round_values(core)[state.to_move], rel=1e-12)


def _deal(r, world, me, pool, slot_seat, slot_mask, deck, bound=None):
    """cards._deal of `pool` (kinds 0, 1, 2: lama's 1, 2 and 3) in the state `world` of a
    game of lama with as many seats as `world` has hands; returns (hands, pile) of kinds 0-2."""
    n = sum(1 for s in range(L.N_MAX) if world[L.HAND_SIZES + s])
    cards._deal(r, world, rules_of(new_game("lama", n)), me, array(pool), array(slot_seat), array(slot_mask),
                    array(bound or [-1] * n), deck)
    hands = [[int(world[L.HANDS + s * L.K_MAX + kind]) for kind in range(3)] for s in range(n)]
    return hands, [int(world[L.PILE + kind]) for kind in range(3)]


def _world(hand, sizes):
    """A state with `hand` (counts of kinds 0-2) for seat 0 and the hand sizes `sizes`."""
    world = zeros(L.STATE_SIZE)
    for kind, count in enumerate(hand):
        world[L.HANDS + kind] = count
    for s, size in enumerate(sizes):
        world[L.HAND_SIZES + s] = size
    return world


@pytest.mark.slow
def test_kernel_deal_is_uniform_and_consistent():
    """Seat 1 gets 2 of the unseen cards {a, a, b, c}; the rest is the pile. Each of the 4 pairs of
    kinds (aa, ab, ac, bc) has a known probability (of the 6 pairs of physical cards)."""
    world, deck, r = _world([0, 1, 0], [1, 2]), zeros(4), array([9, 8, 7, 6])
    seen = Counter()
    trials = 6000
    for _ in range(trials):
        (mine, theirs), pile = _deal(r, world, 0, [0, 0, 1, 2], [1, 1], [0, 0], deck)
        assert mine == [0, 1, 0]
        assert [a + b for a, b in zip(theirs, pile)] == [2, 1, 1]
        seen[tuple(theirs)] += 1
    expected = {(2, 0, 0): 1 / 6, (1, 1, 0): 2 / 6, (1, 0, 1): 2 / 6, (0, 1, 1): 1 / 6}
    assert set(seen) == set(expected)
    chi2 = sum((seen[h] - trials * p) ** 2 / (trials * p) for h, p in expected.items())
    assert chi2 < 16.3  # the 0.999 quantile for 3 degrees of freedom


def _view(game_id="lama", players=4, seed=3):
    rng = random.Random(seed)
    state = new_game(game_id, players).new_initial_state()
    while state.to_move is None:
        state.apply_chance(state.sample_chance(rng))
    return state.view(state.to_move)


def test_search_is_deterministic_and_spends_the_budget():
    view = _view()
    first = cards.evaluate_view(view, random.Random(1), 300, True)
    again = cards.evaluate_view(view, random.Random(1), 300, True)
    assert first == again
    assert [a for a, _ in first] == list(view.legal_actions)
    assert 250 <= sum(stats[0] for _, stats in first) <= 300


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_kernel_search_agrees_with_the_python_search(game_id):
    """The same method, other random numbers: the values agree within their noise."""
    view = _view(game_id, 3, seed=11)
    kernel = evaluate_actions(view, random.Random(2), 3000)
    python = evaluate_actions(view, random.Random(2), 3000, policy=lambda s, r: fast_action(s, r))
    for (a, e), (b, f) in zip(kernel, python):
        assert a == b
        assert abs(e.mean - f.mean) < 4 * (e.stderr ** 2 + f.stderr ** 2) ** 0.5 + 1e-9


def test_without_numba_the_same_code_gives_the_same_result():
    """The optional extra changes the speed only: plain Python computes the same numbers."""
    script = (
        "import sys, json, random; sys.modules['numba'] = sys.modules['numpy'] = None\n"
        "from lama.bots.compiled import cards\n"
        "from lama.games import new_game\n"
        "rng = random.Random(3)\n"
        "state = new_game('lama', 4).new_initial_state()\n"
        "while state.to_move is None: state.apply_chance(state.sample_chance(rng))\n"
        "found = cards.evaluate_view(state.view(state.to_move), random.Random(1), 120, True)\n"
        "print(json.dumps([[a.kind, a.card, list(s)] for a, s in found]))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    here = cards.evaluate_view(_view(), random.Random(1), 120, True)
    assert json.loads(out) == [[a.kind, a.card, list(s)] for a, s in here]


@pytest.mark.parametrize("game_id,players,seed", [
    ("lama", 4, 1), ("lama", 2, 2), ("komarami", 6, 3), ("kadabra", 4, 4), ("kadabra", 6, 5), ("kadabra", 2, 6),
    ("party", 4, 7), ("party", 6, 8),
])
def test_inferred_slots_always_fit_the_true_hands_of_seats_that_play_when_they_can(game_id, players, seed):
    """Against heuristic seats (they always play when they can) the inference is never wrong:
    at every decision the moves account for every card each seat holds (kadabra's forced draws
    too), the other seats' true cards can be placed in their slots (Hall's condition, which for
    nested masks is: the k most constrained slots allow k true cards), and a seat that quit
    holds a hand within its bound."""
    from lama.bots import load_bot
    from lama.match import Match

    heuristic = load_bot("heuristic")
    game = new_game(game_id, players)
    table = game.kinds
    checked, bounded = [], []

    def watcher(view, rng):
        state = match.state
        slot_seat, slot_mask, bound = cards.card_slots(view, game, True)
        slots, _ = cards.read_moves(view, game)  # the log accounts for every card (K5 included)
        assert {s: len(held) for s, held in slots.items()} == {s: state.hand_sizes[s] for s in slots}
        for seat in set(slot_seat):
            masks = sorted((m for s, m in zip(slot_seat, slot_mask) if s == seat), key=lambda m: -m.bit_count())
            hand = state.hands[seat]
            assert bound[seat] < 0 or table.penalty(hand) <= bound[seat]
            bounded.append(bound[seat] >= 0)
            assert len(masks) == sum(hand)
            for i, mask in enumerate(masks):
                assert sum(c for kind, c in enumerate(hand) if not mask >> kind & 1) >= i + 1
            checked.append(sum(m != 0 for m in masks))
        return heuristic(view, rng)

    match = Match(game, [watcher] + [heuristic] * (players - 1), seed=seed)
    match.run()
    assert sum(checked) > 20  # the inference said something
    # and with more seats, someone quit in time to tell (kadabra has no quitting bound)
    assert any(bounded) or players == 2 or game_id == "kadabra"


def test_a_deal_meets_the_masks_when_it_can():
    world, deck, r = _world([0, 1, 0], [1, 2, 1]), zeros(5), array([5, 6, 7, 8])
    pool = [0, 0, 1, 2, 2]
    # seat 1: one card that is not a 0 and not a 2 (so the 1), one free; seat 2: one card, not a 1
    for _ in range(500):
        (_, one, two), pile = _deal(r, world, 0, pool, [1, 2, 1], [0b101, 0b010, 0], deck)
        assert one[1] >= 1 and two[1] == 0
        assert sum(one) == 2 and sum(two) == 1 and sum(pile) == 2
    # masks nothing can meet (seat 2 may hold no kind at all): the deal ignores them
    (_, one, two), pile = _deal(r, world, 0, pool, [2], [0b111], deck)
    assert sum(one) == 0 and sum(two) == 1 and sum(pile) == 4


def test_a_deal_keeps_a_quit_seats_penalty_within_its_bound():
    """Seat 1 (three cards) quit with a penalty of at most 3: only 1 1 2, 1 2 2 or 3 3 3 fit."""
    world, deck, r = _world([0, 0, 1], [1, 3]), zeros(7), array([3, 1, 4, 1])
    seen = set()
    for _ in range(300):
        (_, theirs), _ = _deal(r, world, 0, [0, 0, 1, 1, 2, 2, 2], [1, 1, 1], [0, 0, 0], deck, bound=[-1, 3])
        assert theirs in ([2, 1, 0], [1, 2, 0], [0, 0, 3]), theirs
        seen.add(tuple(theirs))
    assert len(seen) == 3
