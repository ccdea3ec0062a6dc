"""Scenario tests for L.A.M.A. Dice, rules D1–D5 (RULES.md), named after the rule ids.

Default dice (D1): die 0 `1 2 3 4 L L`, die 1 `3 4 5 6 L L`, die 2 `1 2 5 6 L L`;
every roll below is written with faces its dice have.
"""

import json
import random
from importlib import resources

import pytest

from helpers import ROW, dice_state, kinds
from lama.core import QUIT, ROLL, Deal, IllegalAction, InvalidOption, discard, take
from lama.core.events import Busted, CardsDiscarded, ChipReturned, DiceRolled, RoundDealt, RoundScored, RowCardTaken
from lama.games import new_game
from lama.games.dice_roll import DEFAULT_DICE, discard_actions


def roll(state, faces):
    """The seat to move rolls; chance shows `faces`. Returns the events of the roll."""
    assert state.apply(ROLL) == []
    return state.apply_chance(tuple(faces))


def case_of(events) -> str:
    (rolled,) = [e for e in events if isinstance(e, DiceRolled)]
    return rolled.case


def scored(events) -> RoundScored:
    (r,) = [e for e in events if isinstance(e, RoundScored)]
    return r


def counts(state, seat):
    return state.game.kinds.codes_of(state.displays[seat])


# -- D1 components -----------------------------------------------------------------


def test_D1_player_deck_and_llama_row():
    game = new_game("dice", 2)
    codes = game.deck_codes()
    assert len(codes) == 36
    assert {c: codes.count(c) for c in set(codes)} == {**dict.fromkeys("123456", 5), "L": 6}
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert state.view(0).row == ROW and state.row_size == 7


def test_D1_default_dice_are_the_provisional_faces():
    assert DEFAULT_DICE == (
        ("1", "2", "3", "4", "L", "L"),
        ("3", "4", "5", "6", "L", "L"),
        ("1", "2", "5", "6", "L", "L"),
    )
    for die in DEFAULT_DICE:
        assert die.count("L") == 2 and len(die) == 6
    for number in "123456":
        assert sum(number in die for die in DEFAULT_DICE) == 2


def test_D1_default_dice_ship_as_data():
    text = resources.files("lama").joinpath("data", "dice-faces.json").read_text(encoding="utf-8")
    assert tuple(tuple(d) for d in json.loads(text)) == DEFAULT_DICE
    assert new_game("dice", 3).dice == DEFAULT_DICE


OTHER_DICE = [["1", "1", "2", "2", "L", "L"], ["3", "3", "4", "4", "L", "L"], ["5", "5", "6", "6", "L", "L"]]


def test_D1_dice_option_replaces_the_faces():
    game = new_game("dice", 2, {"dice": OTHER_DICE})
    assert game.dice == tuple(tuple(d) for d in OTHER_DICE)
    state = dice_state([["1"], ["2"]], options={"dice": OTHER_DICE})
    state.apply(ROLL)
    rng = random.Random(5)
    seen = [set() for _ in range(3)]
    for _ in range(200):
        for i, face in enumerate(state.sample_chance(rng)):
            seen[i].add(face)
    assert seen == [set(d) for d in OTHER_DICE]
    with pytest.raises(IllegalAction, match="not a face of die 1"):
        state.apply_chance(("3", "3", "5"))  # 3 is on default die 0, not on this one
    assert case_of(state.apply_chance(("1", "3", "5"))) == "match"


@pytest.mark.parametrize("value,fragment", [
    ("123456", "list of 3 dice"),
    (OTHER_DICE[:2], "list of 3 dice"),
    (OTHER_DICE + [OTHER_DICE[0]], "list of 3 dice"),
    ([OTHER_DICE[0], OTHER_DICE[1], OTHER_DICE[2][:5]], "die 3 must be a list of 6"),
    ([OTHER_DICE[0], "12345L", OTHER_DICE[2]], "die 2 must be a list of 6"),
    ([OTHER_DICE[0], OTHER_DICE[1], ["5", "5", "6", "6", "L", "7"]], "die 3 has a face '7'"),
    ([[1, 1, 2, 2, "L", "L"], OTHER_DICE[1], OTHER_DICE[2]], "die 1 has a face 1"),
    ([["2/3", "1", "2", "2", "L", "L"], OTHER_DICE[1], OTHER_DICE[2]], "die 1 has a face '2/3'"),
    ([["l", "1", "2", "2", "L", "L"], OTHER_DICE[1], OTHER_DICE[2]], "die 1 has a face 'l'"),
    (None, "list of 3 dice"),
    ({"0": OTHER_DICE[0]}, "list of 3 dice"),
])
def test_D1_dice_option_is_validated(value, fragment):
    with pytest.raises(InvalidOption) as e:
        new_game("dice", 2, {"dice": value})
    assert fragment in str(e.value)
    assert "1, 2, 3, 4, 5, 6, L" in str(e.value)  # says what is allowed


def test_D1_dice_option_belongs_to_dice_only():
    with pytest.raises(InvalidOption, match="unknown option"):
        new_game("lama", 2, {"dice": OTHER_DICE})
    with pytest.raises(InvalidOption, match="unknown option"):
        new_game("dice", 2, {"deck": {"1": 36}})


# -- D2 setup ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_D2_six_face_up_cards_each_and_a_full_row(players):
    state = new_game("dice", players).new_initial_state()
    assert state.chance == "deal"
    events = state.apply_chance(state.sample_chance(random.Random(players)))
    assert state.hand_sizes == [6] * players and state.row_size == 7
    assert sum(state.undealt) == 36 - 6 * players
    (dealt,) = events
    assert isinstance(dealt, RoundDealt) and dealt.discard is None
    for seat in range(players):  # displays are public: every seat sees every display
        assert dealt.for_seat(seat) == dealt
        assert state.view(seat).displays == tuple(tuple(sorted(h)) for h in dealt.hands)


def test_D2_a_deal_must_come_from_the_36_player_cards():
    state = new_game("dice", 2).new_initial_state()
    with pytest.raises(IllegalAction, match="7 'L' cards; the 36 player cards have 6"):
        state.apply_chance(Deal((("L",) * 6, ("L", "1", "1", "1", "1", "1"))))
    with pytest.raises(IllegalAction, match="no card '2/3'"):
        state.apply_chance(Deal((("2/3",) * 6, ("1",) * 6)))
    with pytest.raises(IllegalAction, match="no first discard"):
        state.apply_chance(Deal((("1",) * 5 + ("2",), ("2",) * 6), "3"))
    with pytest.raises(IllegalAction, match="6 cards"):
        state.apply_chance(Deal((("1",) * 5, ("2",) * 6)))
    assert state.chance == "deal" and state.round == -1
    state.apply_chance(Deal((("L",) * 6, ("1",) * 5 + ("2",))))
    assert state.to_move == 0 and state.undealt == [0, 4, 5, 5, 5, 5, 0]


# -- D3 a turn ---------------------------------------------------------------------


def test_D3_the_seat_to_move_rolls_or_quits():
    state = dice_state([["1", "2"], ["3"]])
    assert kinds(state.legal_actions()) == ["roll", "quit"]
    for action in (discard(["1"]), take("1")):
        with pytest.raises(IllegalAction):
            state.apply(action)


def test_D3_a_roll_is_a_chance_outcome_of_three_faces():
    state = dice_state([["1", "2"], ["3"]])
    state.apply(ROLL)
    assert state.to_move is None and state.chance == "roll" and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="chance must be resolved"):
        state.apply(QUIT)
    assert len(state.chance_outcomes()) == 216
    for bad, fragment in [(("5", "3", "1"), "'5' is not a face of die 1"),
                          (("1", "2", "1"), "'2' is not a face of die 2"),
                          (("1", "3", "4"), "'4' is not a face of die 3"),
                          (("1", "3"), "3 faces"), ("13L", "3 faces"), (None, "3 faces")]:
        with pytest.raises(IllegalAction, match=fragment):
            state.apply_chance(bad)
    assert state.chance == "roll" and state.roll is None


def test_D3_quit_takes_the_seat_out_and_its_display_still_counts():
    state = dice_state([["4", "4"], ["3"], ["5"]])
    state.apply(QUIT)
    assert state.to_move == 1 and state.quit == [True, False, False]
    state.apply(QUIT)
    assert state.to_move == 2
    r = scored(state.apply(QUIT))
    assert r.penalties == (4, 3, 5)


def test_D3_order_three_llamas_before_a_match():
    # seat 0 holds a llama, and every die shows one: still case (a), nothing to discard
    state = dice_state([["L", "2"], ["3"]], points=[13, 0])
    events = roll(state, ("L", "L", "L"))
    assert case_of(events) == "three_llamas"
    assert counts(state, 0) == ("2", "L") and state.to_move == 1


def test_D3_order_a_match_before_a_miss():
    state = dice_state([["4", "2"], ["6"]])  # 3 and 5 are in the row, but the 4 matches
    assert case_of(roll(state, ("4", "3", "5"))) == "match"
    assert kinds(state.legal_actions()) == ["discard 4"] and state.to_move == 0


def test_D3_order_a_miss_before_a_bust():
    state = dice_state([["6"], ["6"]], row=["3", "L"])
    assert case_of(roll(state, ("3", "4", "1"))) == "miss"
    assert kinds(state.legal_actions()) == ["take 3"]


def test_D3a_three_llamas_return_the_highest_chip():
    state = dice_state([["2"], ["3"], ["4"]], points=[13, 7, 0])
    events = roll(state, ("L", "L", "L"))
    assert ChipReturned(0, 10, "D3a") in events and state.points == [3, 7, 0]
    assert state.to_move == 1 and state.pending is None
    assert ChipReturned(1, 1, "D3a") in roll(state, ("L", "L", "L"))
    events = roll(state, ("L", "L", "L"))  # no chips: nothing happens
    assert not [e for e in events if isinstance(e, ChipReturned)] and state.points == [3, 6, 0]
    assert state.to_move == 0 and state.round == 0


def test_D3a_the_return_shows_in_scores_not_in_returned():
    state = dice_state([["2"], ["3"]], points=[13, 0])
    roll(state, ("L", "L", "L"))
    state.apply(QUIT)
    r = scored(state.apply(QUIT))
    assert r.ended_by == "all_quit" and r.returned == (0, 0)
    assert r.scores == (3 + 2, 3)


def test_D3b_a_match_offers_every_discard_the_dice_allow():
    state = dice_state([["4", "4", "L", "2", "6"], ["3"]])
    roll(state, ("4", "4", "L"))
    assert kinds(state.legal_actions()) == [
        "discard 4", "discard L", "discard 4 4", "discard 4 L", "discard 4 4 L",
    ]


def test_D3b_two_4s_need_two_dice_showing_4():
    state = dice_state([["4", "4", "1"], ["3"]])
    roll(state, ("4", "3", "1"))  # one die shows 4
    assert kinds(state.legal_actions()) == ["discard 1", "discard 4", "discard 1 4"]
    with pytest.raises(IllegalAction, match="needs 2 dice showing 4"):
        state.apply(discard(["4", "4"]))
    state = dice_state([["4", "4", "1"], ["3"]])
    roll(state, ("4", "4", "2"))  # two dice show 4
    assert kinds(state.legal_actions()) == ["discard 4", "discard 4 4"]
    state.apply(discard(["4", "4"]))
    assert counts(state, 0) == ("1",)


def test_D3b_one_die_cannot_discard_two_cards():
    state = dice_state([["4", "4", "L"], ["3"]])
    roll(state, ("4", "3", "5"))
    assert kinds(state.legal_actions()) == ["discard 4"]


def test_D3b_a_llama_face_matches_a_llama_card():
    state = dice_state([["L", "6"], ["3"]], row=["6"])
    assert case_of(roll(state, ("L", "3", "1"))) == "match"
    assert kinds(state.legal_actions()) == ["discard L"]


def test_D3b_fewer_than_possible_but_at_least_one():
    state = dice_state([["4", "4", "L", "2"], ["3"]])
    roll(state, ("4", "4", "L"))
    with pytest.raises(IllegalAction, match="at least one"):
        state.apply(discard([]))
    for action in (QUIT, ROLL, take("4")):
        with pytest.raises(IllegalAction, match="must discard"):
            state.apply(action)
    events = state.apply(discard(["4"]))
    assert events == [CardsDiscarded(0, ("4",))]
    assert counts(state, 0) == ("2", "4", "L") and state.to_move == 1
    assert state.view(1).discard_pile == ("4",)


def test_D3b_only_cards_in_the_display_and_shown_by_a_die():
    state = dice_state([["4", "2"], ["3"]])
    roll(state, ("4", "3", "2"))
    with pytest.raises(IllegalAction, match="holds 0 × 3"):
        state.apply(discard(["3"]))
    with pytest.raises(IllegalAction, match="no card '9'"):
        state.apply(discard(["9"]))
    state.apply(discard(["2", "4"]))  # round ends: the display is empty


def test_D3c_a_miss_takes_exactly_one_matching_row_card():
    state = dice_state([["6"], ["5"]], row=["1", "3", "4", "L"])
    events = roll(state, ("3", "4", "2"))
    assert case_of(events) == "miss"
    assert kinds(state.legal_actions()) == ["take 3", "take 4"]
    with pytest.raises(IllegalAction, match="no die shows 1"):
        state.apply(take("1"))
    with pytest.raises(IllegalAction, match="not in the llama row"):
        state.apply(take("2"))
    for action in (QUIT, ROLL, discard(["6"])):
        with pytest.raises(IllegalAction, match="must take"):
            state.apply(action)
    assert state.apply(take("4")) == [RowCardTaken(0, "4")]
    assert counts(state, 0) == ("4", "6") and state.view(1).row == ("1", "3", "L")
    assert state.to_move == 1


def test_D3c_the_last_seat_still_in_busts_on_a_miss():
    state = dice_state([["6"], ["1"], ["2"]], quit=[0, 2], to_move=1)
    events = roll(state, ("3", "4", "5"))  # misses the display, matches the row
    assert case_of(events) == "bust"
    assert Busted(1, ROW) in events
    r = scored(events)
    assert (r.ended_by, r.ender) == ("bust", 1)
    assert r.penalties == (6, 1 + 2 + 3 + 4 + 5 + 6 + 10, 2)


def test_D3d_a_bust_takes_the_whole_row_and_ends_the_round():
    state = dice_state([["6"], ["1"]], row=["5", "L"], points=[2, 3])
    events = roll(state, ("3", "4", "1"))  # no 6 and no 5 or L
    assert case_of(events) == "bust"
    assert counts(state, 0) == ("5", "6", "L") and state.row_size == 0
    r = scored(events)
    assert (r.ended_by, r.ender, r.penalties, r.returned, r.scores) == ("bust", 0, (21, 1), (0, 0), (23, 4))


def test_D3d_a_bust_that_takes_the_last_row_card_is_a_bust():
    state = dice_state([["6"], ["1"]], row=["5"])
    r = scored(roll(state, ("3", "4", "1")))
    assert (r.ended_by, r.ender) == ("bust", 0)


# -- D4 round end ------------------------------------------------------------------


def test_D4_an_emptied_display_ends_the_round_and_C5_applies():
    state = dice_state([["4"], ["3", "L"]], points=[13, 0])
    roll(state, ("4", "3", "1"))
    r = scored(state.apply(discard(["4"])))
    assert (r.ended_by, r.ender, r.penalties, r.returned, r.scores) == ("empty_hand", 0, (0, 13), (10, 0), (3, 13))


def test_D4_the_row_emptied_by_a_take_ends_the_round():
    state = dice_state([["6"], ["2"]], row=["3"])
    roll(state, ("3", "4", "1"))
    r = scored(state.apply(take("3")))
    assert (r.ended_by, r.ender, r.penalties) == ("row_empty", 0, (9, 2))


def test_D4_when_every_seat_has_quit():
    state = dice_state([["6"], ["2"], ["3"]], to_move=2)
    state.apply(QUIT)
    state.apply(QUIT)
    r = scored(state.apply(QUIT))
    assert (r.ended_by, r.ender) == ("all_quit", 1)


def _end_by(how):
    """A 3-seat round that seat 1 ends in the way named; returns (state, events)."""
    if how == "empty_hand":
        state = dice_state([["2"], ["4"], ["3"]], to_move=1)
        roll(state, ("4", "3", "1"))
        return state, state.apply(discard(["4"]))
    if how == "row_empty":
        state = dice_state([["2"], ["6"], ["3"]], row=["3"], to_move=1)
        roll(state, ("3", "4", "1"))
        return state, state.apply(take("3"))
    if how == "bust":
        state = dice_state([["2"], ["6"], ["3"]], row=["5"], to_move=1)
        return state, roll(state, ("3", "4", "1"))
    state = dice_state([["2"], ["6"], ["3"]], to_move=2)
    state.apply(QUIT)
    state.apply(QUIT)
    return state, state.apply(QUIT)


@pytest.mark.parametrize("how", ["empty_hand", "row_empty", "bust", "all_quit"])
def test_D4_the_round_ender_starts_the_next_round_C4(how):
    state, events = _end_by(how)
    r = scored(events)
    assert (r.ended_by, r.ender) == (how, 1)
    assert state.chance == "deal" and state.to_move is None
    state.apply_chance(state.sample_chance(random.Random(0)))
    assert state.to_move == 1 and state.round == 1 and state.row_size == 7
    assert state.quit == [False] * 3 and state.roll is None and sum(state.discard_pile) == 0


def test_D4_three_llamas_never_end_a_round():
    state = dice_state([["2"], ["6"]], quit=[1])
    for _ in range(3):
        roll(state, ("L", "L", "L"))
        assert state.to_move == 0 and state.chance is None


# -- D5 scoring --------------------------------------------------------------------


def test_D5_a_display_costs_its_distinct_numbers_and_10_for_any_llamas():
    state = dice_state([["4", "4", "L", "L", "1"], ["6", "6", "6"], ["L"]], to_move=0)
    for _ in range(3):
        events = state.apply(QUIT)
    assert scored(events).penalties == (15, 6, 10)


def test_D5_game_end_C6():
    state = dice_state([["6", "L"], ["1"]], points=[30, 10])
    state.apply(QUIT)
    events = state.apply(QUIT)
    assert state.finished and state.winners == (1,) and state.points == [46, 11]
    assert state.legal_actions() == [] and state.to_move is None
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(ROLL)
    assert events[-1].winners == (1,)


# -- views -------------------------------------------------------------------------


def test_views_show_the_public_table_and_no_internals():
    state = dice_state([["4", "2"], ["3", "L"]], row=["1", "5"])
    roll(state, ("4", "3", "5"))
    views = [state.view(s) for s in range(2)]
    for view in views:
        assert view.displays == (("2", "4"), ("3", "L"))
        assert view.row == ("1", "5") and view.roll == ("4", "3", "5") and view.dice == DEFAULT_DICE
        assert view.hand_sizes == (2, 2) and view.hand == () and view.pile_size == 0
    assert kinds(views[0].legal_actions) == ["discard 4"] and views[1].legal_actions == ()
    # a view is a snapshot: the state moving on does not change it
    state.apply(discard(["4"]))
    assert views[0].displays == (("2", "4"), ("3", "L")) and views[0].to_move == 0
    for value in (views[0].displays, views[0].row, views[0].roll, views[0].dice):
        assert isinstance(value, tuple)


def test_discard_lists_are_cheap_and_shared():
    assert discard_actions((0, 0, 0, 2, 0, 0, 1)) is discard_actions((0, 0, 0, 2, 0, 0, 1))
    assert [str(a) for a in discard_actions((1, 1, 1, 0, 0, 0, 0))] == [
        "discard 1", "discard 2", "discard 3", "discard 1 2", "discard 1 3", "discard 2 3", "discard 1 2 3",
    ]
