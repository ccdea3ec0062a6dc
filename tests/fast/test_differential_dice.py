"""The compiled dice engine against the rules core, step by step (lama.fast.dice): in many random
games at 2 to 6 players, both receive the same actions and the same chance outcomes (deals and
rolls, sampled by either side), and the whole state agrees after every step (displays, row,
discards, undealt cards, the roll, the caps of a discard, the answer owed, chips, whose turn),
as do the legal actions."""

import os
import random

import pytest

from lama.core.actions import Deal
from lama.fast import layout
from lama.fast.engine import Engine, describe_core
from lama.games import new_game

GAME = "dice"
GAMES_PER_CELL = int(os.environ.get("LAMA_DIFF_GAMES", "200"))
QUIT_CHANCES = (0.02, 0.1, 0.3)  # of quitting when roll or quit is the choice: most games are long
# other dice (option `dice`): three llamas, busts and empty displays come often
ODD_DICE = [["1", "1", "L", "L", "L", "L"], ["2", "6", "L", "L", "L", "L"], ["L", "6", "6", "3", "L", "L"]]


def core_chance_to_engine(engine, st, state, outcome):
    """Apply the core's chance outcome (a Deal, or a roll: one face per die) to the engine."""
    if state.chance == "deal":
        engine.kernels.apply_deal_codes(st, engine.rules, engine.game, outcome)
    else:
        engine.kernels.apply_roll(st, engine.rules, *state.roll_kinds(outcome))


def engine_chance_to_core(engine, st, state):
    """Let the engine resolve chance with its own generator; give the same outcome to the core."""
    table = engine.game.kinds
    engine.kernels.resolve_chance(st, engine.rules)
    if state.chance == "deal":
        displays = engine.describe(st)["displays"]
        return Deal(tuple(table.codes_of(d) for d in displays))
    return tuple(table.codes[int(st[layout.ROLL + die])] for die in range(3))


def play_both(players, seed, engine_chance, options=None):
    """One whole game on both engines; returns the number of steps compared."""
    game = new_game(GAME, players, options)
    engine = Engine(game)
    state = game.new_initial_state()
    st = engine.new_state(seed)
    assert engine.describe(st) == describe_core(state)
    rng = random.Random(seed)
    quit_chance = QUIT_CHANCES[seed % len(QUIT_CHANCES)]
    steps = 0
    while not state.finished:
        if state.chance is not None:
            if engine_chance:
                outcome = engine_chance_to_core(engine, st, state)
            else:
                outcome = state.sample_chance(rng)
                core_chance_to_engine(engine, st, state, outcome)
            state.apply_chance(outcome)
        else:
            legal = [game.action_id(a) for a in state.legal_actions()]
            assert engine.legal_ids(st) == legal, (players, seed, steps)
            if legal == [layout.ROLL_ID, layout.QUIT_ID_DICE]:
                action = legal[rng.random() < quit_chance]
            else:
                action = rng.choice(legal)
            state.apply(game.action_of(action))
            engine.apply(st, action)
        assert engine.describe(st) == describe_core(state), (players, seed, steps)
        steps += 1
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
def test_the_engine_follows_the_core_step_by_step(players):
    steps = sum(play_both(players, seed, engine_chance=seed % 2 == 1) for seed in range(GAMES_PER_CELL))
    assert steps > GAMES_PER_CELL * 40


@pytest.mark.parametrize("players", (2, 5))
def test_the_engine_follows_the_core_with_other_dice_and_target(players):
    options = {"dice": ODD_DICE, "target": 25, "first_player": players - 1}
    steps = sum(play_both(players, seed, seed % 2 == 0, options) for seed in range(GAMES_PER_CELL // 4))
    assert steps > GAMES_PER_CELL // 4 * 10


@pytest.mark.slow
def test_every_case_of_the_roll_and_every_round_end_happens():
    """The random games reach each case of D3 and each way a round ends (D4): the comparison
    above covers them all."""
    game = new_game(GAME, 3)
    engine = Engine(game)
    cases, ends, rng = set(), set(), random.Random(5)
    for seed in range(40):
        st = engine.new_state(seed)
        engine.advance(st)
        while not st[layout.FINISHED]:
            legal = engine.legal_ids(st)
            pending = st[layout.PENDING]
            cases.add(int(pending))
            engine.apply(st, legal[rng.random() < 0.1] if pending == layout.NO_ANSWER else rng.choice(legal))
            ends.add(int(st[layout.ENDED_BY]))
            rounds = int(st[layout.ROUND])
            engine.advance(st)
            if int(st[layout.ROUND]) != rounds or st[layout.FINISHED]:
                ends.add(int(st[layout.ENDED_BY]))
    assert cases == {layout.NO_ANSWER, layout.ANSWER_DISCARD, layout.ANSWER_TAKE}
    assert ends == {layout.NOT_ENDED, layout.EMPTY_HAND, layout.ALL_QUIT, layout.BUST, layout.ROW_EMPTY}
