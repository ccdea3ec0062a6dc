"""The dice heuristic (bots/heuristic_dice.py): its choices in explicit positions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROW, dice_state
from lama.bots import load_bot
from lama.bots.heuristic_dice import choose, roll_cost
from lama.core import QUIT, ROLL
from lama.games import new_game
from lama.match import Match

RNG = random.Random(0)


def test_heuristic_is_registered_for_dice():
    state = dice_state([["4", "4", "L", "L", "6", "6"], ["1"]])
    assert load_bot("heuristic")(state.view(0), RNG) == choose(state.view(0), RNG)


def test_heuristic_discards_everything_the_dice_allow():
    state = dice_state([["4", "4", "L", "2"], ["3"]])
    state.apply(ROLL)
    state.apply_chance(("4", "4", "L"))
    assert str(choose(state.view(0), RNG)) == "discard 4 4 L"


def test_heuristic_takes_the_least_harmful_row_card():
    # A miss never shows a value the display holds, so a take always adds its value (10 for L).
    state = dice_state([["1", "2"], ["3"]], row=["4", "6", "L"])
    state.apply(ROLL)
    state.apply_chance(("4", "6", "L"))
    assert [str(a) for a in state.legal_actions()] == ["take 4", "take 6", "take L"]
    assert str(choose(state.view(0), RNG)) == "take 4"
    state = dice_state([["1", "2"], ["3"]], row=["6", "L"])
    state.apply(ROLL)
    state.apply_chance(("L", "6", "L"))
    assert str(choose(state.view(0), RNG)) == "take 6"


def test_heuristic_rolls_with_an_expensive_display():
    # 16 points of llamas and 6s: most rolls let a llama or a 6 go, but it takes two rolls or
    # more to save points; with two other seats in, the bot looks two rolls ahead and rolls
    state = dice_state([["L", "L", "L", "6", "6"], ["1"], ["2"]])
    assert choose(state.view(0), RNG) == ROLL
    # one roll ahead (heads-up), a single roll is expected to cost a little more than quitting
    assert roll_cost([0, 0, 0, 0, 0, 2, 3], [1] * 7, state.game.dice, 0, False, depth=1) > 16
    assert roll_cost([0, 0, 0, 0, 0, 2, 3], [1] * 7, state.game.dice, 0, False, depth=2) < 16


def test_heuristic_quits_with_a_cheap_display():
    # one 1 (1 point): a roll matches it with chance 11/36, and otherwise usually adds a card
    state = dice_state([["1"], ["6"]])
    assert choose(state.view(0), RNG) == QUIT


def test_roll_cost_counts_a_chip_returned_for_emptying_the_display():
    # Display: one L (10 points), 25 points held (highest chip 10), full row, one roll ahead.
    # Three llamas (1/27): 10 - 10 = 0. A match (2/3) empties the display: 0 - 10 = -10 (C5).
    # A miss (8/27) shows no L: it takes the lowest number shown, at most 6: at most 16.
    # Expected cost <= 0 - 20/3 + 8/27 * 16 = -180/27 + 128/27 < 0.
    cost = roll_cost([0, 0, 0, 0, 0, 0, 1], [1] * 7, new_game("dice", 2).dice, points=25, last_seat=False, depth=1)
    assert -10 * 2 / 3 + 8 / 27 * 11 <= cost < 0  # and the miss costs at least 10 + 1


def test_heuristic_beats_random_over_seeded_games():
    heuristic, rnd = load_bot("heuristic"), load_bot("random")
    game = new_game("dice", 2)
    wins = 0.0
    for g in range(60):
        policies = [rnd, rnd]
        policies[g % 2] = heuristic
        state = Match(game, policies, seed=g).run()
        if g % 2 in state.winners:
            wins += 1 / len(state.winners)
    assert wins / 60 > 0.7


codes = st.sampled_from(ROW)


@settings(max_examples=25, deadline=None)
@given(display=st.lists(codes, min_size=1, max_size=7), row=st.lists(codes, min_size=1, max_size=7, unique=True),
       points=st.integers(0, 35), last_seat=st.booleans())
def test_roll_cost_one_roll_ahead_agrees_with_the_core(display, row, points, last_seat):
    """The bot's model of a roll against the core: all 216 rolls, each answered by the
    cheapest legal choice, costing seat 0 its points change plus its display if still open."""
    state = dice_state([display, ["6"], ["6"]], row=row, points=[points, 0, 0], quit=[1, 2] if last_seat else [])

    def cost(s):
        return s.points[0] - points + (0 if s.chance == "deal" or s.finished else s.game.kinds.penalty(s.displays[0]))

    state.apply(ROLL)
    total = 0
    for outcome, weight in state.chance_outcomes():
        after = state.clone()
        after.apply_chance(outcome)
        if after.to_move == 0 and after.pending:
            options = []
            for action in after.legal_actions():
                s = after.clone()
                s.apply(action)
                options.append(cost(s))
            total += min(options) * weight
        else:
            total += cost(after) * weight
    expected = total / 216
    display_counts = state.game.kinds.counts_of(display)
    row_counts = state.game.kinds.counts_of(row)
    assert roll_cost(display_counts, row_counts, state.game.dice, points, last_seat, depth=1) == pytest.approx(expected)
