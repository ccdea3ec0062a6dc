"""The engine's own generator: a seed gives the same game, another seed another deal."""

import random

import pytest

from lama.fast import layout
from lama.fast.engine import Engine
from lama.games import GAMES, new_game


def play(engine, seed):
    """A whole game of uniformly random legal actions (their generator fixed); its trace."""
    st = engine.new_state(seed)
    rng = random.Random(1)
    trace = []
    engine.advance(st)
    while not st[layout.FINISHED]:
        legal = engine.legal_ids(st)
        trace.append(legal[rng.randrange(len(legal))])
        engine.apply(st, trace[-1])
        engine.advance(st)
    return trace, engine.describe(st)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seed_gives_the_same_game(game_id):
    engine = Engine(new_game(game_id, 4))
    assert play(engine, 7) == play(engine, 7)
    deals = []
    for seed in (7, 8):
        st = engine.new_state(seed)
        engine.advance(st)
        deals.append(engine.describe(st))  # the deal: every hand (dice: display)
    assert deals[0] != deals[1]
