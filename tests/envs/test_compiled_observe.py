"""The compiled observation (lama.envs.compiled_observe) against the definition, Encoder.encode(view):
at every node of random games of every game at 2 to 6 players (chance nodes too), the core and
the engine receive the same actions and chance outcomes, and every seat's compiled vector
equals the encoding of its view; the compiled mask equals the core's legal_actions_mask()."""

import os
import random

import numpy as np
import pytest

from lama.envs import compiled_observe as O
from lama.envs.observation import BYTE, POINTS_CAP, Encoder
from lama.fast import kernel
from lama.fast import layout as L
from lama.fast.engine import Engine
from lama.games import GAMES, new_game

GAMES_PER_CELL = int(os.environ.get("LAMA_OBSERVE_GAMES", "12"))


def feed_chance(engine, st, state, rng):
    """The core samples a chance outcome; both apply it. The core's events."""
    outcome = state.sample_chance(rng)
    kernels = engine.kernels
    if state.chance == "deal":
        kernels.apply_deal_codes(st, engine.rules, engine.game, outcome)
    elif state.chance == "draw":
        kernels.apply_draw(st, engine.rules, engine.game.kinds.index[outcome])
    else:
        kernels.apply_roll(st, engine.rules, *[engine.game.kinds.index[face] for face in outcome])
    return state.apply_chance(outcome)


def compare(engine, encoder, st, state, out, ids, mask, where):
    """Every seat's vector, and the mask of the seat to move."""
    for seat in range(state.n):
        O.observe(st, engine.rules, seat, out)
        expected = encoder.encode(state.view(seat))
        if not np.array_equal(out, expected):
            bad = [(s.name, list(out[s.slice]), list(expected[s.slice]))
                   for s in encoder.segments if not np.array_equal(out[s.slice], expected[s.slice])]
            raise AssertionError((where, seat, bad))
    count = O.legal_mask(st, engine.rules, ids, mask)
    core_mask = state.legal_actions_mask() if state.to_move is not None else [0] * len(mask)
    assert list(mask) == core_mask, where
    assert count == sum(core_mask)


def walk(game_id, players, seed, options=None):
    """One random game on both; the nodes compared."""
    game = new_game(game_id, players, options)
    engine = Engine(game)
    encoder = Encoder(game)
    out = np.zeros(encoder.size, dtype=np.float32)
    mask = np.zeros(game.num_distinct_actions(), dtype=np.int8)
    ids = kernel.zeros(game.num_distinct_actions())
    state = game.new_initial_state()
    st = engine.new_state(seed)
    rng = random.Random(seed)
    nodes = 0
    while True:
        compare(engine, encoder, st, state, out, ids, mask, (game_id, players, seed, nodes))
        nodes += 1
        if state.finished:
            return nodes
        if state.to_move is None:
            feed_chance(engine, st, state, rng)
            continue
        legal = [game.action_id(a) for a in state.legal_actions()]
        keep = [a for a in legal if game.action_of(a).kind != "quit"]  # long rounds, many effects
        action = rng.choice(keep if keep and rng.random() < 0.95 else legal)
        state.apply(game.action_of(action))
        engine.apply(st, action)


def test_the_constants_are_the_encoders():
    assert (O.POINTS_CAP, O.BYTE) == (POINTS_CAP, BYTE)


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_sizes_are_the_encoders(game_id, players):
    game = new_game(game_id, players)
    engine = Engine(game)
    assert O.observation_size(engine.rules) == Encoder(game).size


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_seat_sees_what_the_encoder_gives_at_every_node(game_id, players):
    # a small target in every other game: points reach the cap (3 x target), games are short
    nodes = sum(walk(game_id, players, seed, {"target": 5} if seed % 2 else None) for seed in range(GAMES_PER_CELL))
    assert nodes > GAMES_PER_CELL * 20


def test_a_hidden_card_never_shows():
    """Other seats' hands and the pile's contents change nothing in seat 0's vector (its own
    hand does)."""
    game = new_game("kadabra", 4)
    engine = Engine(game)
    st = engine.new_state(1)
    engine.advance(st)
    before = np.zeros(O.observation_size(engine.rules), dtype=np.float32)
    O.observe(st, engine.rules, 0, before)
    after = before.copy()
    for s in range(1, 4):
        st[L.HANDS + s * L.K_MAX + s] += 5
    st[L.PILE + 3] += 7
    O.observe(st, engine.rules, 0, after)
    assert np.array_equal(before, after)
    st[L.HANDS + 3] += 1
    O.observe(st, engine.rules, 0, after)
    assert not np.array_equal(before, after)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("game_id", ["lama", "komarami"])
def test_lachen_every_seat_sees_the_puddle_as_the_encoder_does(game_id, players):
    """LL1, LL2: the puddle and its laughing time in the observation (stage, show), the take
    among the counted moves, compiled as the encoder says them."""
    game = new_game(game_id, players, {"lachen": True})
    assert O.observation_size(Engine(game).rules) == Encoder(game).size
    assert [s.name for s in Encoder(game).segments][-2:] == ["stage", "show"]
    nodes = sum(walk(game_id, players, seed, {"lachen": True, **({"target": 5} if seed % 2 else {})})
                for seed in range(4))
    assert nodes > 4 * 20
