"""The observation encoder: the fast paths equal the definition (the view), every feature
moves, and no hidden card ever reaches the vector."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from conformance.adapters import adapter_for  # noqa: E402
from helpers import card_state  # noqa: E402
from lama.envs.observation import POINTS_CAP, Encoder  # noqa: E402
from lama.games import GAMES, new_game  # noqa: E402

GAME_IDS = sorted(GAMES)


def walk(game, seed, visit, quit_odds=0.05):
    """A random playout through the core; `visit(state, events)` at every node (chance nodes
    too), after the events that led to it."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    visit(state, [])
    while not state.finished:
        if state.to_move is None:
            events = state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            keep = [a for a in legal if a.kind != "quit"]
            pick = legal if not keep or rng.random() < quit_odds else keep
            events = state.apply(pick[rng.randrange(len(pick))])
        visit(state, events)
    return state


def size_formula(game_id: str, n: int) -> int:
    """The sizes the module docstring and docs/environments.md give."""
    return {"lama": 12 * n + 22, "komarami": 12 * n + 22, "kadabra": 28 * n + 62, "party": 20 * n + 43,
            "dice": 10 * n + 56}[game_id]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_sizes_depend_only_on_game_and_players(game_id):
    options = {"kadabra": {"target": 90, "deck": {"L": 30, "1": 20, "2*": 10}},
               "dice": {"target": 7, "dice": [["L"] * 6, ["1"] * 6, ["2", "3", "4", "5", "6", "L"]]}}
    for n in range(2, 7):
        plain = Encoder(new_game(game_id, n))
        other = Encoder(new_game(game_id, n, options.get(game_id, {"target": 5})))
        assert plain.size == other.size == size_formula(game_id, n)
        assert plain.describe() == other.describe()
        assert sum(s.size for s in plain.segments) == plain.size


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fast_paths_equal_the_view_encoding_at_every_node(game_id, players):
    game = new_game(game_id, players)
    encoder = Encoder(game)
    mirror = encoder.mirror()
    nodes = [0]

    def visit(state, events):
        if nodes[0] == 0:
            mirror.reset(state)
        else:
            mirror.update(events)
        nodes[0] += 1
        for seat in range(players):
            want = encoder.encode(state.view(seat))
            assert want.dtype == np.float32 and want.shape == (encoder.size,)
            assert np.array_equal(encoder.encode_state(state, seat), want)
            assert np.array_equal(mirror.observe(seat), want), (nodes[0], seat)
            assert (want >= encoder.low).all() and (want <= encoder.high).all()

    for seed in range(3):
        nodes[0] = 0
        walk(game, seed, visit)
    assert mirror.ok  # the byte path ran (points stayed small)


FEATURES_THAT_MOVE = {
    "lama": {"hand", "top", "hand_sizes", "points", "quit", "pile_size", "discard_pile", "moves"},
    "kadabra": {"hand", "top", "hand_sizes", "points", "quit", "pile_size", "discard_pile", "moves", "stage",
                "magic_chip", "show", "forced_draw"},
    "dice": {"displays", "hand_sizes", "points", "quit", "discard_pile", "row", "roll"},
}
FEATURES_THAT_MOVE["komarami"] = FEATURES_THAT_MOVE["lama"]
FEATURES_THAT_MOVE["party"] = FEATURES_THAT_MOVE["lama"] | {"extra_turn"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_feature_changes_during_play(game_id):
    """Each feature (and, for the per-seat ones, each seat's part of it) takes new values."""
    game = new_game(game_id, 3)
    encoder = Encoder(game)
    moved: set[str] = set()
    seat_parts: set[tuple[str, int]] = set()
    last: dict[int, np.ndarray] = {}

    def visit(state, events):
        for seat in range(3):
            obs = encoder.encode(state.view(seat))
            if seat in last:
                for seg in encoder.segments:
                    before, now = last[seat][seg.slice], obs[seg.slice]
                    if not np.array_equal(before, now):
                        moved.add(seg.name)
                        block = encoder.per_seat.get(seg.name)
                        if block:
                            for r in range(3):
                                part = slice(r * block, (r + 1) * block)
                                if not np.array_equal(before[part], now[part]):
                                    seat_parts.add((seg.name, r))
            last[seat] = obs

    for seed in range(12):
        last.clear()
        walk(game, seed, visit, quit_odds=0.15)
    assert moved == FEATURES_THAT_MOVE[game_id]
    for name in moved & set(encoder.per_seat):
        assert {r for n, r in seat_parts if n == name} == {0, 1, 2}, name


def test_the_dice_feature_follows_the_dice_in_play():
    plain = Encoder(new_game("dice", 2))
    other_game = new_game("dice", 2, {"dice": [["L"] * 6, ["1"] * 6, ["2", "3", "4", "5", "6", "L"]]})
    other = Encoder(other_game)
    seg = plain.segment["dice"]
    a = plain.encode(new_game("dice", 2).new_initial_state().view(0))[seg.slice]
    b = other.encode(other_game.new_initial_state().view(0))[seg.slice]
    assert not np.array_equal(a, b)
    assert b[:7].tolist() == [0, 0, 0, 0, 0, 0, 6]  # die 0: six llamas


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampling_the_hidden_cards_never_changes_the_observation(game_id, players):
    game = new_game(game_id, players)
    encoder = Encoder(game)
    adapter = adapter_for(game_id)
    rng = random.Random(players)
    changed = [0, 0]  # resamples that moved hidden cards, checks

    def visit(state, events):
        if state.finished or state.round < 0 or state.chance == "deal" or rng.random() > 0.3:
            return
        for seat in range(players):
            other = adapter.resample_hidden(state, seat, rng)
            hidden_moved = other.pile != state.pile or any(
                other.hands[s] != state.hands[s] for s in range(players) if s != seat) \
                if adapter.hides_cards else False
            changed[0] += hidden_moved
            changed[1] += 1
            want = encoder.encode(state.view(seat))
            assert np.array_equal(encoder.encode(other.view(seat)), want)
            assert np.array_equal(encoder.encode_state(other, seat), want)
            mirror = encoder.mirror()
            mirror.reset(other)
            assert np.array_equal(mirror.observe(seat), want)

    for seed in range(3):
        walk(game, seed, visit)
    assert changed[1] > 50
    if adapter.hides_cards:  # the test has teeth: the hidden cards really moved
        assert changed[0] > changed[1] // 2


def test_a_leak_would_be_caught():
    """The resampling check above has teeth: an encoder that also read the next seat's hand
    would give a different vector after a resample."""
    game = new_game("lama", 3)
    encoder = Encoder(game)
    state = card_state("lama", hands=[["1", "2"], ["3", "4", "L"], ["5", "6"]], top="2")
    adapter = adapter_for("lama")
    rng = random.Random(0)

    def leaky(st, seat):
        return np.concatenate([encoder.encode_state(st, seat), np.array(st.hands[(seat + 1) % 3], np.float32)])

    caught = sum(not np.array_equal(leaky(adapter.resample_hidden(state, 0, rng), 0), leaky(state, 0))
                 for _ in range(20))
    assert caught > 0


def test_features_read_as_documented():
    state = card_state("lama", hands=[["1", "1", "L"], ["3", "4", "5", "6"], ["2"]], top="L",
                       points=[12, 0, 7], to_move=1, quit=(2,))
    encoder = Encoder(state.game)
    obs = encoder.encode(state.view(1))  # seat 1 observes: relative order 1, 2, 0
    seg = encoder.segment

    def part(name):
        return obs[seg[name].slice].tolist()

    assert part("hand") == [0, 0, 1, 1, 1, 1, 0]
    assert part("top") == [0, 0, 0, 0, 0, 0, 1]
    assert part("hand_sizes") == [4, 1, 3]
    assert part("points") == [0, 7, 12]
    assert part("quit") == [0, 1, 0]
    assert part("pile_size") == [state.pile_size]
    assert part("discard_pile") == [0, 0, 0, 0, 0, 0, 1]
    assert part("moves") == [0] * (3 * 9)
    state.apply(state.legal_actions()[0])  # seat 1 can play nothing on an L: it draws
    moves = encoder.encode(state.view(0))[seg["moves"].slice].reshape(3, 9)
    assert moves[1].tolist() == [0] * 7 + [1, 0]  # seat 1 (next after seat 0): one draw, no quit
    assert moves[0].sum() == moves[2].sum() == 0


def test_points_beyond_the_cap_read_as_the_cap():
    state = card_state("lama", hands=[["1"], ["2"]], top="1", points=[500, 3])
    encoder = Encoder(state.game)
    cap = POINTS_CAP * state.game.target
    for seat in (0, 1):
        want = encoder.encode(state.view(seat))
        assert np.array_equal(encoder.encode_state(state, seat), want)
    assert encoder.encode(state.view(0))[encoder.segment["points"].slice].tolist() == [cap, 3]
