"""The small variant of examples/spiel_cfr.py (lama's own options: a deck of five, one card
each, a target of 1, 2 players) plays everywhere the game does: the core and its record (written
by a Table, replayed), the environments (PettingZoo, the compiled vector environment with the
information state), and OpenSpiel, where CFR+ beats the heuristic bot's exploitability within a
few iterations (the terminal: tests/tui/test_small_variant_in_terminal.py)."""

import json
import random

import numpy as np
import pytest

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Table
from lama.record import replay

VARIANT = {"deck": {"1": 2, "2": 2, "3": 1}, "hand_size": 1, "target": 1}


def test_the_options_make_the_variant():
    game = new_game("lama", 2, VARIANT)
    assert (game.deck, game.hand_size, game.target) == ((2, 2, 1, 0, 0, 0, 0), 1, 1)
    assert game.default_options()["hand_size"] == 6 and game.default_options()["deck"]["L"] == 8
    with pytest.raises(Exception, match="hand_size must be a whole number from 1"):
        new_game("lama", 2, {"hand_size": 0})
    with pytest.raises(Exception, match="players need at least 7"):  # 3 each and the first discard
        new_game("lama", 2, {**VARIANT, "hand_size": 3})


@pytest.mark.parametrize("seed", range(5))
def test_a_table_plays_it_and_its_record_replays(seed):
    game = new_game("lama", 2, VARIANT)
    table = Table(game, [load_bot("heuristic"), load_bot("random")], seed=seed)
    table.advance()
    assert table.finished
    record = json.loads(json.dumps(table.record.data))
    assert record["options"]["hand_size"] == 1
    assert all(len(h) == 1 for h in record["rounds"][0]["hands"])
    assert replay(record).finished


def test_the_environments_play_it():
    import lama.envs
    from lama.envs.vector import SelfPlay

    env = lama.envs.env(game="lama", players=2, options=VARIANT, observation="info_state")
    env.reset(seed=1)
    rng = random.Random(1)
    for _agent in env.agent_iter(200):
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    sp = SelfPlay("lama", 2, 16, options=VARIANT, observation="info_state")
    obs, mask, _seat = sp.reset(seed=0)
    ends = 0
    for _ in range(20):
        obs, mask, _seat, _rewards, terminated = sp.step(np.argmax(mask, axis=1))
        ends += int(terminated.sum())
    assert ends > 16  # every game ends after its first round


@pytest.mark.slow
def test_cfr_plus_beats_the_heuristic_there():
    pytest.importorskip("pyspiel")
    from examples.spiel_cfr import BotPolicy, load_variant
    from open_spiel.python.algorithms import cfr, exploitability

    game = load_variant(VARIANT)
    heuristic = exploitability.exploitability(game, BotPolicy(game))
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.exploitability(game, solver.average_policy())
    for _ in range(19):  # exploitability walks the whole game: measured after the first and the last only
        solver.evaluate_and_update_policy()
    last = exploitability.exploitability(game, solver.average_policy())
    assert heuristic > 0.001  # the heuristic can be exploited
    assert last < heuristic / 2 and last < first / 10
