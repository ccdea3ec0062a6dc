"""The kadabra heuristic (bots/heuristic_kadabra.py) on explicit positions: it uses the show,
the magic chip and the gifts on purpose, and always answers with a legal action."""

import random

from helpers_kadabra import state_from
from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import load_bot
from lama.bots.heuristic_kadabra import choose
from lama.core import QUIT, play
from lama.core.actions import SKIP, TAKE_STAGE
from lama.games import GAMES, new_game
from lama.match import Match

RNG = random.Random(0)


def pick(state):
    return choose(state.view(state.to_move), RNG)


def test_registered_as_the_kadabra_heuristic():
    assert GAMES["kadabra"].hook("heuristic") is choose


def test_K9_plays_a_llama_in_a_show():
    s = state_from(hands=[["L", "4/5"], ["2"]], top="3", stage=(5, 0), magic_chip=0)
    assert pick(s) == play("L")


def test_K9_skips_in_a_show_without_a_llama():
    s = state_from(hands=[["4", "5", "6"], ["2"]], top="3", stage=(6, 0), magic_chip=0)
    assert pick(s) == SKIP


def test_K9_takes_the_stage_when_its_last_card_then_ends_the_round():
    s = state_from(hands=[["4/5"], ["2", "3"]], top="3", stage=(5, 0), magic_chip=0, points=[12, 3])
    assert pick(s) == TAKE_STAGE  # +5, +10 chip, -10 return: cheaper than keeping a 4/5 (9)
    s.apply(TAKE_STAGE)
    assert pick(s) == play("4/5")


def test_K9_does_not_take_a_big_stage():
    s = state_from(hands=[["4/5"], ["2", "3"]], top="3", stage=(5, 2), magic_chip=0, points=[12, 3])
    assert pick(s) == SKIP


def test_K7_skips_rather_than_draw_or_quit_when_stuck():
    s = state_from(hands=[["5", "6"], ["2", "3"]], top="1", magic_chip=0)
    assert pick(s) == SKIP


def test_K7_skips_when_the_round_may_end_before_its_next_turn():
    s = state_from(hands=[["2", "6", "6"], ["3"]], top="1", magic_chip=0)
    assert pick(s) == SKIP
    s = state_from(hands=[["2"], ["3"]], top="1", magic_chip=0)
    assert pick(s) == play("2")  # unless it can empty its hand


def test_K4_gives_to_the_seat_closest_to_winning():
    s = state_from(hands=[["1", "6"], ["3", "3"], ["4", "4"], ["5", "5"]], top="L", points=[9, 20, 5, 30],
                   quit=[2])
    assert pick(s) == play("1", give=1)  # seat 2 has fewer points but has quit


def test_K6_star_early_not_late():
    early = state_from(hands=[["3", "3*", "5", "6", "L"], ["2", "2", "2", "4"]], top="2")
    assert pick(early) == play("3*")
    late = state_from(hands=[["3", "3*", "5", "6", "L"], ["2", "4"]], top="2")
    assert pick(late) == play("3")


def test_K5_prefers_a_rectangle_to_the_same_plain_card():
    s = state_from(hands=[["4", "4+", "6"], ["2", "2", "2"]], top="4")
    assert pick(s) == play("4+")


def test_K9_quits_before_a_show_it_cannot_answer():
    s = state_from(hands=[["5", "6", "6"], ["2", "3", "4"], ["1", "1", "1"]], top="1", stage=(3, 1))
    assert pick(s) == QUIT  # 11 in hand, but a stage worth 13 to take without an L or the chip
    calm = state_from(hands=[["5", "6", "6"], ["2", "3", "4"], ["1", "1", "1"]], top="1", stage=(0, 0))
    assert pick(calm).kind == "draw"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6))
def test_always_a_legal_action(seed, n):
    bot = load_bot("heuristic")
    state = Match(new_game("kadabra", n), [bot] * n, seed=seed).run()  # the driver checks legality
    assert state.finished
