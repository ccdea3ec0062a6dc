"""The bots with the L.A.M.A. Lachen promo (LL2): the heuristic takes and uses the puddle as
Kadabra's heuristic uses the stage (heuristic_kadabra.stage_moves), and every level plays it."""

import random

import pytest

from helpers import card_state
from lama.bots import load_bot
from lama.core import play
from lama.core.actions import TAKE_STAGE
from lama.games import new_game
from lama.match import Match

HEURISTIC = load_bot("heuristic")


def puddle(hands, top, puddle, points):
    state = card_state("lama", hands=hands, top=top, points=points, options={"lachen": True})
    state.stage_whites, state.stage_blacks = puddle
    return state


def test_LL2_the_heuristic_plays_a_llama_in_laughing_time():
    state = puddle([["2", "5", "L"], ["1", "3"]], "3", (5, 0), [12, 4])
    assert HEURISTIC(state.view(0), random.Random(1)) == play("L")


def test_LL2_the_heuristic_takes_the_puddle_without_a_llama():
    state = puddle([["2", "5"], ["1", "3"]], "3", (5, 0), [12, 4])
    assert HEURISTIC(state.view(0), random.Random(1)) == TAKE_STAGE


def test_LL2_the_heuristic_takes_the_puddle_when_its_last_card_then_ends_the_round():
    # taking 5 points and then playing the 6 costs less than the 6 left in the hand (C5 returns a chip)
    state = puddle([["6"], ["1", "3"]], "5", (5, 0), [3, 4])
    assert HEURISTIC(state.view(0), random.Random(1)) == TAKE_STAGE
    state.apply(TAKE_STAGE)
    assert HEURISTIC(state.view(0), random.Random(1)) == play("6")


@pytest.mark.parametrize("bots", [("heuristic", "random", "easy"), ("medium", "heuristic", "random")])
def test_LL_every_level_plays_a_game_with_the_puddle(bots):
    game = new_game("komarami", 3, {"lachen": True, "target": 15})
    state = Match(game, [load_bot(b) for b in bots], 4).run()
    assert state.finished and state.winners
