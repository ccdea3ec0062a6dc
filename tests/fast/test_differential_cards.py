"""The compiled engine against the rules core, step by step (lama.fast.cards): in thousands of
random games of every card game at 2 to 6 players, both receive the same actions and the same
chance outcomes, and the whole state agrees after every step (hands, pile, discard pile, chips,
stage, magic chip, whose turn, points, the round's moves), as do the legal actions."""

import os
import random

import pytest

from lama.core import CardGame
from lama.core.actions import Deal
from lama.fast import layout
from lama.fast.engine import Engine, describe_core
from lama.games import GAMES, new_game

CARD_GAMES = tuple(game_id for game_id, cls in GAMES.items() if issubclass(cls, CardGame))
# options that change a card game's rules, each run too (P2: a party llama may not follow one)
OPTIONS = {"lama": ({"lachen": True},), "komarami": ({"lachen": True},), "party": ({"party_on_party": False},)}
GAMES_PER_CELL = int(os.environ.get("LAMA_DIFF_GAMES", "200"))


def core_chance_to_engine(engine, st, state, outcome):
    """Apply the core's chance outcome to the engine."""
    if state.chance == "deal":
        engine.kernels.apply_deal_codes(st, engine.rules, engine.game, outcome)
    else:
        engine.kernels.apply_draw(st, engine.rules, engine.game.kinds.index[outcome])


def engine_chance_to_core(engine, st, state):
    """Let the engine draw chance with its own generator; give the same outcome to the core."""
    table = engine.game.kinds
    k = table.size
    if state.chance == "deal":
        engine.kernels.resolve_chance(st, engine.rules)
        hands = tuple(
            tuple(table.codes_of([int(st[layout.HANDS + s * layout.K_MAX + i]) for i in range(k)]))
            for s in range(state.n))
        return Deal(hands, table.codes[int(st[layout.TOP])])
    seat = state.drawer
    before = [int(st[layout.HANDS + seat * layout.K_MAX + i]) for i in range(k)]
    engine.kernels.resolve_chance(st, engine.rules)
    after = [int(st[layout.HANDS + seat * layout.K_MAX + i]) for i in range(k)]
    (kind,) = [i for i in range(k) if after[i] != before[i]]
    return table.codes[kind]


def play_both(game_id, players, seed, engine_chance, options=None):
    """One whole game on both engines; returns the number of steps compared."""
    game = new_game(game_id, players, {"target": 40, **(options or {})})
    engine = Engine(game)
    state = game.new_initial_state()
    st = engine.new_state(seed)
    rng = random.Random(seed)
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
            assert engine.legal_ids(st) == legal, (game_id, players, seed, steps)
            mask = state.legal_actions_mask()
            assert [i for i, m in enumerate(mask) if m] == sorted(legal)
            # favour playing over quitting, so that rounds last and effects happen
            plays = [a for a in legal if a != game.action_id(state.legal_actions()[-1])] or legal
            action = rng.choice(plays if rng.random() < 0.95 else legal)
            state.apply(game.action_of(action))
            engine.apply(st, action)
        assert engine.describe(st) == describe_core(state), (game_id, players, seed, steps)
        steps += 1
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_the_engine_follows_the_core_step_by_step(game_id, players):
    steps = sum(play_both(game_id, players, seed, engine_chance=seed % 2 == 1) for seed in range(GAMES_PER_CELL))
    assert steps > GAMES_PER_CELL * 20


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize(("game_id", "options"), [(g, o) for g, options in OPTIONS.items() for o in options])
def test_the_engine_follows_the_core_with_options(game_id, options, players):
    """The options the engine plays otherwise: LL1, LL2 (the puddle, the stage on lama's and
    komarami's rows, R_STAGE) and P2 (no P on a P)."""
    steps = sum(play_both(game_id, players, seed, seed % 2 == 1, options) for seed in range(GAMES_PER_CELL // 4))
    assert steps > GAMES_PER_CELL // 4 * 20


@pytest.mark.parametrize("players", range(2, 7))
def test_lachen_a_few_games_step_by_step(players):
    """The quick tier's share of the sweep above, laughing time included."""
    shows = 0
    for seed in range(6):
        game = new_game("lama", players, {"lachen": True})
        shows += play_both("lama", players, seed, seed % 2 == 1, {"lachen": True})
        assert game.num_distinct_actions() == 10
    assert shows > 100
