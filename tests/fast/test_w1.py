"""W1 in the compiled engine (`lama bench --engine fast`): it runs for every game, and it plays
the same workload as the core, which is a cross-check of the two engines: over many games the
mean decisions per game agree (a rule played differently would move it)."""

import json

import pytest

from lama.cli import main
from lama.fast import kernel
from lama.fast.w1 import w1_games_fast
from lama.games import GAMES, new_game

CORE_GAMES = 1000  # the 5% below is at least 4 standard errors of the mean for every game at 4 players
FAST_GAMES = 10000 if kernel.COMPILED else 1000


def bench_json(capsys, *argv) -> dict:
    assert main(["bench", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_bench_fast_reports_the_core_paths_figures(game_id, capsys):
    result = bench_json(capsys, "--engine", "fast", "--game", game_id, "--games", "3", "--repeat", "2")
    assert result["engine"] == "fast" and result["runs"] == 2
    core = bench_json(capsys, "--game", game_id, "--games", "1", "--repeat", "2")
    assert set(result) == set(core) | {"engine"}
    assert result["decisions_per_s"] == pytest.approx(result["games_per_s"] * result["decisions_per_game"])
    assert result["decisions_per_game"] > 20


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_fast_engine_plays_w1_like_the_core(game_id, capsys):
    core = bench_json(capsys, "--game", game_id, "--games", str(CORE_GAMES))["decisions_per_game"]
    fast = bench_json(capsys, "--engine", "fast", "--game", game_id, "--games", str(FAST_GAMES))["decisions_per_game"]
    assert fast == pytest.approx(core, rel=0.05)


def test_a_seed_gives_the_same_work_and_another_seed_other_games():
    game = new_game(next(iter(GAMES)), 3)
    first = w1_games_fast(game, 300, seed=4)[0]
    assert w1_games_fast(game, 300, seed=4)[0] == first
    assert w1_games_fast(game, 300, seed=5)[0] != first


def test_fewer_games_than_a_batch_and_more():
    game = new_game(next(iter(GAMES)), 2)
    assert w1_games_fast(game, 1, seed=1)[0] > 0
    several = w1_games_fast(game, 600, seed=1)[0]  # three kernel calls, the last a part batch
    assert several > 600 * 20
