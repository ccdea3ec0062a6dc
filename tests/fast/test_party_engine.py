"""L.A.M.A. Party Edition on the fast engine (lama.fast.cards), rule by rule (RULES.md P2-P5):
scenarios written into an engine row from a core state (lama.fast.views.state_from_core), the
same actions applied to both, and the engine's facts checked as the rules say and against the
core's. The whole game step by step is tests/fast/test_differential_cards.py."""

import random

import pytest

from helpers import card_state
from lama.core import QUIT, play
from lama.fast import layout as L
from lama.fast.common import highest_chip, penalty_of
from lama.fast.engine import Engine, describe_core
from lama.fast.kernel import array, zeros
from lama.fast.views import state_from_core
from lama.games.lama import LamaGame
from lama.games.party import CODES, KINDS, PartyGame


def both(hands, top="3", options=None, game=PartyGame, **kw):
    """The core state and its engine twin (Engine, row) for this scenario."""
    state = card_state(game, hands, top, options=options, **kw)
    engine = Engine(state.game)
    st = zeros(L.STATE_SIZE)
    state_from_core(state, st)
    assert engine.describe(st) == describe_core(state)
    return state, engine, st


def step(state, engine, st, action):
    """The action applied to both; they must agree after it."""
    state.apply(action)
    engine.apply(st, state.game.action_id(action))
    assert engine.describe(st) == describe_core(state)


def ids(state, *codes):
    return [state.game.action_id(play(c)) for c in codes]


# -- P2 the party llama ---------------------------------------------------------------
@pytest.mark.parametrize("party_on_party", [True, False])
@pytest.mark.parametrize("top", CODES)
def test_P2_engine_plays_the_party_llama_on_every_top_and_only_L_1_P_after_it(top, party_on_party):
    options = {"party_on_party": party_on_party, "deck": dict.fromkeys(CODES, 2)}
    state, engine, st = both([list(CODES), ["4"]], top, options, pile=["5"])
    legal = engine.legal_ids(st)
    assert legal == [state.game.action_id(a) for a in state.legal_actions()]
    p = KINDS.index["P"]
    assert (p in legal) == (top != "P" or party_on_party)
    if top == "P":
        assert [a for a in legal if a < KINDS.size] == ids(state, "1", "1+", "L") + ([p] if party_on_party else [])


# -- P3 plus cards -------------------------------------------------------------------
def test_P3_engine_plus_cards_chain_and_a_plain_card_passes_the_turn():
    state, engine, st = both([["3+", "4+", "5+", "5", "L"], ["1"]], pile=["2", "2"])
    for code in ("3+", "4+", "5+"):
        step(state, engine, st, play(code))
        assert st[L.TO_MOVE] == 0 and st[L.EXTRA_TURN] == 0
    step(state, engine, st, play("5"))
    assert st[L.TO_MOVE] == 1 and st[L.EXTRA_TURN] == -1


@pytest.mark.parametrize("move", ["draw", "quit"])
def test_P3_engine_drawing_or_quitting_ends_the_extra_turn(move):
    state, engine, st = both([["3+", "6"], ["1"], ["2"]], pile=["2", "2"])
    step(state, engine, st, play("3+"))
    assert st[L.EXTRA_TURN] == 0
    step(state, engine, st, state.game.action_of(KINDS.size + (move == "quit")))
    assert st[L.EXTRA_TURN] == (0 if move == "draw" else -1)  # until the drawn card comes
    if move == "draw":
        engine.kernels.apply_draw(st, engine.rules, KINDS.index["2"])
        state.apply_chance("2")
        assert engine.describe(st) == describe_core(state)
    assert st[L.TO_MOVE] == 1 and st[L.EXTRA_TURN] == -1


def test_P3_engine_a_plus_card_as_the_last_card_ends_the_round():
    state, engine, st = both([["3+"], ["1", "5"], ["6"]], pile=["2", "2"], points=[4, 0, 0])
    step(state, engine, st, play("3+"))
    assert st[L.TO_MOVE] == -1 and st[L.EXTRA_TURN] == -1 and st[L.CHANCE] == L.DEAL
    assert st[L.ENDED_BY] == L.EMPTY_HAND and [st[L.POINTS + s] for s in range(3)] == [3, 6, 6]


def test_P3_engine_a_plus_card_when_every_other_seat_has_quit():
    state, engine, st = both([["3+", "4", "L"], ["1"], ["2"]], pile=["2", "2"], quit=(1, 2))
    step(state, engine, st, play("3+"))
    assert st[L.TO_MOVE] == 0 and st[L.EXTRA_TURN] == 0
    assert engine.legal_ids(st) == ids(state, "4") + [state.game.action_id(QUIT)]  # L3: no draw
    step(state, engine, st, play("4"))
    assert st[L.TO_MOVE] == 0 and st[L.EXTRA_TURN] == -1


# -- P4 penalty ----------------------------------------------------------------------
def test_P4_engine_L_P_and_a_5_cost_35():
    options = {"deck": {**dict.fromkeys(CODES, 8), "P": 2}}
    state, engine, st = both([["4"], ["L", "P", "5"], ["P"], ["L", "L", "5", "5"]], options=options, pile=["2"])
    step(state, engine, st, play("4"))
    assert [st[L.POINTS + s] for s in range(4)] == [0, 35, 20, 15]


def test_P4_engine_penalty_of_random_hands_is_the_cores():
    rules = Engine(PartyGame(2, {"deck": dict.fromkeys(CODES, 3)})).rules
    rng = random.Random(4)
    for _ in range(500):
        counts = [rng.choice((0, 0, 1, 2)) for _ in CODES]
        assert penalty_of(array(counts), 0, rules, 0) == KINDS.penalty(counts), counts


# -- P5 pink chips -------------------------------------------------------------------
@pytest.mark.parametrize("points, chip", [(0, 0), (1, 1), (9, 1), (10, 10), (19, 10), (20, 20), (45, 20)])
def test_P5_engine_highest_chip_is_the_games(points, chip):
    assert highest_chip(Engine(PartyGame(2)).rules, points) == chip
    assert highest_chip(Engine(LamaGame(2)).rules, points) == min(chip, 10)  # C3: black and white only


@pytest.mark.parametrize("game, returned", [(PartyGame, 20), (LamaGame, 10)])
def test_P5_engine_C5_returns_a_pink_chip(game, returned):
    state, engine, st = both([["4"], ["1", "2"]], game=game, pile=["2"], points=[25, 3])
    step(state, engine, st, play("4"))
    assert st[L.POINTS] == 25 - returned and st[L.POINTS + 1] == 6
