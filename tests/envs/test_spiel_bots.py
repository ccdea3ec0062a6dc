"""OpenSpiel's searches as lama bots (lama.spiel.bots): from a seat's view alone they choose a
legal move in every game, the same one from the same generator, in the game of the view's own
options; and `lama benchmark` measures them as plug-ins. Skipped without pyspiel."""

import json
import random

import pytest

pytest.importorskip("pyspiel")
from helpers import random_position
from lama.cli import main
from lama.games import GAMES
from lama.spiel.bots import search_bot, spiel_game_of

SMALL = search_bot(8)


def _view(game_id, players, seed):
    steps = 9 * seed + 3
    state = random_position(game_id, players, seed, steps)
    while state.finished:
        steps //= 2
        state = random_position(game_id, players, seed, steps)
    return state.view(state.to_move)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_legal_move_from_the_view_and_the_same_one_from_the_same_generator(game_id):
    for seed in range(3):
        view = _view(game_id, 3, seed)
        chosen = SMALL(view, random.Random(seed))
        assert chosen in view.legal_actions
        assert SMALL(view, random.Random(seed)) == chosen


def test_the_search_plays_the_game_of_the_view_s_options():
    view = _view("lama", 3, 1)  # target 25, not the default 40
    game = spiel_game_of(view)
    assert game.num_players() == 3 and game.lama.target == 25
    assert spiel_game_of(view) is game  # one game per view's game, not one per call


def test_lama_benchmark_measures_an_openspiel_search_as_a_plug_in(capsys):
    code = main(["benchmark", "lama.spiel.bots:ismcts_20", "--game", "dice", "--players", "3", "--games", "3",
                 "--references", "heuristic", "--json"])
    assert code == 0
    row = json.loads(capsys.readouterr().out)["rows"][0]
    assert row["bot"]["games"] == 3 and 0 <= row["bot"]["win_share"] <= 1
