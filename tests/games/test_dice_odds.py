"""Exact odds of a roll (D3), checked against hand computations and against the core.

Default dice (D1): die 0 `1 2 3 4 L L`, die 1 `3 4 5 6 L L`, die 2 `1 2 5 6 L L`.
"""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROW, dice_state
from lama.core import ROLL
from lama.games.dice_odds import RollOdds, roll_odds


def test_D3_odds_of_a_llama_only_display_with_a_full_row():
    # Each die shows L with probability 2/6 = 1/3.
    # P(three llamas) = (1/3)^3 = 1/27.
    # P(match) = P(at least one L) - P(three L) = (1 - (2/3)^3) - 1/27 = 19/27 - 1/27 = 2/3.
    # No L at all (8/27): every other face is a number, and the full row has them all: a miss.
    # P(bust) = 0. A match always lets exactly the one L go: E[discard] = 2/3 * 1.
    odds = roll_odds(["L"], ROW)
    assert odds == RollOdds(three_llamas=F(1, 27), match=F(2, 3), miss=F(8, 27), bust=F(0), expected_discard=F(2, 3))
    assert odds.expected_discard_if_match == 1


def test_D3_odds_for_the_last_seat_still_in_a_miss_is_a_bust():
    # Same rolls as above; the 8/27 misses become busts (D3c).
    odds = roll_odds(["L"], ROW, last_seat=True)
    assert (odds.three_llamas, odds.match, odds.miss, odds.bust) == (F(1, 27), F(2, 3), 0, F(8, 27))


def test_D3_odds_of_two_4s_against_a_row_of_one_llama():
    # 4 is on die 0 and die 1 (1/6 each), never on die 2.
    # P(three llamas) = 1/27 = 8/216.
    # P(match) = P(die 0 or die 1 shows 4) = 1 - (5/6)^2 = 11/36 = 66/216 (no overlap with LLL).
    # P(bust) = no 4 and no L anywhere = (3/6: 1,2,3) * (3/6: 3,5,6) * (4/6: 1,2,5,6) = 36/216 = 1/6.
    # P(miss) = the rest = (216 - 8 - 66 - 36)/216 = 106/216 = 53/108.
    # E[discard]: both 4s go when die 0 and die 1 both show 4 (1/36), one goes when exactly one
    # does (2 * 1/6 * 5/6 = 10/36): 2 * 1/36 + 1 * 10/36 = 12/36 = 1/3.
    odds = roll_odds(["4", "4"], ["L"])
    assert odds == RollOdds(three_llamas=F(1, 27), match=F(11, 36), miss=F(53, 108), bust=F(1, 6),
                            expected_discard=F(1, 3))
    assert odds.three_llamas + odds.match + odds.miss + odds.bust == 1


def test_D3_odds_of_a_full_display_against_an_empty_looking_row():
    # Display 1 2 3 4 5 6: any number face matches. Only all-L rolls avoid a match: P = 1/27.
    # So match = 26/27, nothing else. E[discard] = E[number of dice showing a number]
    # (each number once in the display, and two dice showing the same number let only one go):
    # dice 0 and 1 share 3 and 4, dice 0 and 2 share 1 and 2, dice 1 and 2 share 5 and 6.
    # E[numbers shown] = 3 * 4/6 = 2; minus E[pairs showing the same number]:
    # each pair of dice shares 2 numbers: P(same number) = 2 * (1/6)^2 = 1/18, three pairs: 1/6
    # (three dice never all show one number: no number is on all three).
    # E[discard] = 2 - 1/6 = 11/6.
    odds = roll_odds(["1", "2", "3", "4", "5", "6"], ["L"])
    assert (odds.three_llamas, odds.match, odds.miss, odds.bust) == (F(1, 27), F(26, 27), 0, 0)
    assert odds.expected_discard == F(11, 6)


def test_D3_odds_follow_replaced_dice():
    # Die 0 always shows 1, die 1 always 2, die 2 always L: every roll is "1 2 L".
    dice = [["1"] * 6, ["2"] * 6, ["L"] * 6]
    assert roll_odds(["1", "1"], ["3"], dice).match == 1
    assert roll_odds(["1", "1"], ["3"], dice).expected_discard == 1  # one die shows 1
    assert roll_odds(["1", "2", "L"], ROW, dice).expected_discard == 3
    assert roll_odds(["5"], ["L"], dice).miss == 1
    assert roll_odds(["5"], ["L"], dice, last_seat=True).bust == 1
    assert roll_odds(["5"], ["6"], dice).bust == 1
    all_llamas = [["L"] * 6] * 3
    assert roll_odds(["L"], ROW, all_llamas).three_llamas == 1


def test_D3_odds_reject_bad_input():
    with pytest.raises(ValueError, match="unknown card code '7'"):
        roll_odds(["7"], ROW)
    with pytest.raises(ValueError, match="llama row"):
        roll_odds(["1"], ["x"])
    from lama.core import InvalidOption

    with pytest.raises(InvalidOption):
        roll_odds(["1"], ROW, dice=[["1"] * 6])


def test_D3_odds_read_as_text():
    text = str(roll_odds(["L"], ROW))
    assert "three llamas 3.7%" in text and "match 66.7%" in text and "bust 0.0%" in text


codes = st.sampled_from(ROW)


@settings(max_examples=40, deadline=None)
@given(display=st.lists(codes, min_size=1, max_size=8), row=st.lists(codes, min_size=1, max_size=7, unique=True),
       last_seat=st.booleans())
def test_D3_odds_agree_with_the_core_roll_by_roll(display, row, last_seat):
    """Every one of the 216 rolls through the core: its case and its largest legal discard."""
    state = dice_state([display, ["6"]], row=row, quit=[1] if last_seat else [])
    state.apply(ROLL)
    tally = {"three_llamas": 0, "match": 0, "miss": 0, "bust": 0}
    discarded = 0
    outcomes = state.chance_outcomes()
    for outcome, weight in outcomes:
        after = state.clone()
        (rolled, *_) = after.apply_chance(outcome)
        tally[rolled.case] += weight
        if rolled.case == "match":
            discarded += weight * max(len(a.cards) for a in after.legal_actions())
    total = sum(w for _, w in outcomes)
    odds = roll_odds(display, row, last_seat=last_seat)
    assert odds == RollOdds(*(F(tally[c], total) for c in ("three_llamas", "match", "miss", "bust")),
                            expected_discard=F(discarded, total))
