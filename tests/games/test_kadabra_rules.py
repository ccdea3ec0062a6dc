"""Scenario tests for L.A.M.A. Kadabra, rules K1–K11, each named after its rule id (RULES.md)."""

import json
import random
from importlib import resources

import pytest
from helpers_kadabra import names, plays, state_from

from helpers import unchanged
from lama.core import DRAW, QUIT, Deal, IllegalAction, InvalidOption, play
from lama.core.actions import SKIP, TAKE_STAGE
from lama.core.events import CardDrawn
from lama.games import new_game
from lama.games.kadabra import (
    CODES,
    DEFAULT_DECK,
    ChipGiven,
    ChipStaged,
    MagicChipScored,
    MagicChipTaken,
    Skipped,
    StageTaken,
)

ALL = ["1", "2", "2*", "2+", "2/3", "3", "3*", "3+", "4", "4*", "4+", "4/5", "5", "5*", "5+", "6", "6*", "6+", "L"]



# -- K1 deck ---------------------------------------------------------------------
def test_K1_provisional_deck():
    codes = new_game("kadabra", 2).deck_codes()
    count = {c: codes.count(c) for c in set(codes)}
    expected = {"L": 12, "1": 6, "2/3": 6, "4/5": 6}
    for n in "23456":
        expected.update({n: 4, n + "*": 1, n + "+": 1})
    assert len(codes) == 60 and count == expected


def test_K1_deck_ships_as_data():
    text = resources.files("lama").joinpath("data", "kadabra-deck.json").read_text(encoding="utf-8")
    deck = json.loads(text)
    assert tuple(deck.get(c, 0) for c in CODES) == DEFAULT_DECK


def test_K1_hand_is_sorted_like_the_table():
    assert list(CODES) == ALL
    s = state_from(hands=[["L", "2/3", "3", "2+", "1", "2*", "2"], ["1"]])
    assert s.view(0).hand == ("1", "2", "2*", "2+", "2/3", "3", "L")


def test_K1_deck_option_replaces_the_whole_deck():
    game = new_game("kadabra", 2, {"deck": {"L": 10, "4/5": 3, "1": 0}})
    assert sorted(game.deck_codes()) == ["4/5"] * 3 + ["L"] * 10
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert state.pile_size == 0 and sum(state.hand_sizes) == 12


@pytest.mark.parametrize("deck,words", [
    ([["L", 60]], "map from card code to count"),
    ({"L": 50, "1*": 2}, "'1*'"),
    ({"L": 50, "7": 1}, "unknown card code"),
    ({"L": True}, "whole number"),
    ({"L": 50.0}, "whole number"),
    ({"L": 50, "1": -1}, "whole number from 0 to 60"),
    ({"L": 61}, "whole number from 0 to 60"),
    ({"L": 10**12}, "whole number from 0 to 60"),
    ({"L": 60, "1": 60, "2": 60, "3": 21}, "201 cards; a deck has at most 200"),
    ({"L": "50"}, "whole number"),
    ({"L": 12}, "need at least 19"),
    ({}, "has 0 cards"),
])
def test_K1_bad_deck_option_is_an_invalid_option(deck, words):
    with pytest.raises(InvalidOption, match=words if words[0] != "'" else None) as e:
        new_game("kadabra", 3, {"deck": deck})
    assert words.strip("'") in str(e.value)


def test_K1_deck_option_in_the_card_games_only():
    with pytest.raises(InvalidOption, match="deck"):
        new_game("dice", 2, {"deck": {"L": 60}})
    assert new_game("lama", 2, {"deck": {"L": 60}}).deck == (0, 0, 0, 0, 0, 0, 60)


def test_K1_deal_must_fit_a_custom_deck():
    state = new_game("kadabra", 2, {"deck": {"L": 12, "1": 1}}).new_initial_state()
    with pytest.raises(IllegalAction, match="'1'"):
        state.apply_chance(Deal((("1", "L", "L", "L", "L", "L"), ("1", "L", "L", "L", "L", "L")), "L"))
    assert state.round == -1 and state.chance == "deal"


# -- K2 chips at game start -------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 6])
def test_K2_three_points_each_magic_chip_in_centre_stage_empty(players):
    state = new_game("kadabra", players).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(players)))
    view = state.view(0)
    assert view.points == (3,) * players
    assert view.magic_chip is None and view.stage == (0, 0) and not view.show and view.forced_draw is None


def test_K2_start_points_only_at_game_start():
    s = state_from(hands=[["4"], ["5", "6"]], top="3", points=[7, 12])
    s.apply(play("4"))
    s.apply_chance(Deal((("1",) * 6, ("L",) * 6), "3"))
    assert s.points[1] == 12 + 5 + 6 and s.round == 1


# -- K3 double cards ----------------------------------------------------------------
@pytest.mark.parametrize("top,playable", [
    ("1", {"1", "2", "2*", "2+", "2/3"}),
    ("2", {"2", "2*", "2+", "2/3", "3", "3*", "3+"}),
    ("3", {"2/3", "3", "3*", "3+", "4", "4*", "4+", "4/5"}),
    ("2/3", {"2", "2*", "2+", "2/3", "3", "3*", "3+", "4", "4*", "4+", "4/5"}),
    ("4/5", {"4", "4*", "4+", "4/5", "5", "5*", "5+", "6", "6*", "6+"}),
    ("5+", {"4/5", "5", "5*", "5+", "6", "6*", "6+"}),
    ("6*", {"6", "6*", "6+", "L"}),
    ("L", {"1", "L"}),
])
def test_K3_what_may_be_played_on_a_top_card(top, playable):
    s = state_from(hands=[ALL, ["1"]], top=top, points=[0, 0])  # no chips: a 1 gives nothing
    assert {a.card for a in s.legal_actions() if a.kind == "play"} == playable


@pytest.mark.parametrize("card,tops", [
    ("2/3", {"1", "2", "2*", "2+", "2/3", "3", "3*", "3+"}),
    ("4/5", {"2/3", "3", "3*", "3+", "4", "4*", "4+", "4/5", "5", "5*", "5+"}),
])
def test_K3_where_a_double_card_may_go(card, tops):
    ok = set()
    for top in ALL:
        s = state_from(hands=[[card], ["1"]], top=top)
        if play(card) in s.legal_actions():
            ok.add(top)
    assert ok == tops


def test_K3_a_double_card_that_does_not_fit_is_refused():
    s = state_from(hands=[["2/3", "4/5"], ["1"]], top="5")
    assert unchanged(s, play("2/3")) == "cannot_play"


# -- K4 a 1 gives a chip ------------------------------------------------------------
def test_K4_one_legal_action_per_receiving_seat_quit_seats_excluded():
    s = state_from(hands=[["1", "6"], ["2"], ["3"], ["4"]], top="L", quit=[2])
    assert [a for a in plays(s) if a.startswith("play 1")] == ["play 1 give 1", "play 1 give 3"]
    assert unchanged(s, play("1", give=2)) == "bad_give"


@pytest.mark.parametrize("points,magic,chip,after", [
    ([13, 0], None, "white", [12, 1]),
    ([3, 5], 0, "white", [2, 6]),  # a white comes before the magic chip
    ([10, 0], 0, "magic", [10, 0]),  # the magic chip comes before a black
    ([20, 5], None, "black", [10, 15]),
])
def test_K4_order_white_magic_chip_black(points, magic, chip, after):
    s = state_from(hands=[["1", "6"], ["2"]], top="1", points=points, magic_chip=magic)
    events = s.apply(play("1", give=1))
    assert events[1] == ChipGiven(0, 1, chip)
    assert s.points == after
    assert s.view(0).magic_chip == (1 if chip == "magic" else magic)


def test_K4_nothing_to_give():
    s = state_from(hands=[["1", "6"], ["2"], ["2"]], top="1", points=[0, 5, 5])
    assert "play 1" in plays(s) and not any("give" in a for a in plays(s))
    assert unchanged(s, play("1", give=1)) == "needless_give"
    assert names(s.apply(play("1"))) == ["CardPlayed"] and s.points == [0, 5, 5]


def test_K4_nobody_still_in_to_receive():
    s = state_from(hands=[["1", "6"], ["2"], ["2"]], top="1", quit=[1, 2])
    assert plays(s) == ["play 1", "quit"]
    assert unchanged(s, play("1", give=1)) == "needless_give"
    s.apply(play("1"))
    assert s.points == [3, 3, 3]


@pytest.mark.parametrize("give,code", [(None, "missing_give"), (0, "bad_give"), (3, "bad_give"),
                                       (-1, "bad_give"), (True, "bad_give"), ("1", "bad_give")])
def test_K4_give_must_name_a_seat_still_in(give, code):
    s = state_from(hands=[["1", "6"], ["2"], ["2"]], top="1")
    assert unchanged(s, play("1", give=give)) == code


def test_K4_give_only_with_a_1():
    s = state_from(hands=[["2", "6"], ["2"]], top="1")
    assert unchanged(s, play("2", give=1)) == "needless_give"


# -- K5 rectangle -----------------------------------------------------------------
def test_K5_next_seat_draws_first_and_may_play_the_drawn_card():
    s = state_from(hands=[["4+", "6"], ["1", "1"], ["2"]], top="4", pile=["5", "L"])
    events = s.apply(play("4+"))
    assert names(events) == ["CardPlayed"]
    assert s.chance == "draw" and s.to_move is None and s.legal_actions() == []
    assert s.view(2).forced_draw == 1
    assert unchanged(s, QUIT) == "chance_pending"
    events = s.apply_chance("5")
    assert events == [CardDrawn(1, "5", forced=True)]
    assert events[0].for_seat(0).card is None
    assert s.to_move == 1 and s.view(1).forced_draw is None
    assert "play 5" in plays(s)
    s.apply(play("5"))
    assert s.to_move == 2


def test_K5_the_forced_draw_lands_on_the_next_seat_still_in():
    s = state_from(hands=[["4+", "6"], ["1"], ["2"], ["3"]], top="4", quit=[1])
    s.apply(play("4+"))
    assert s.forced_draw == 2
    s.apply_chance(s.sample_chance(random.Random(0)))
    assert s.to_move == 2 and s.hand_sizes[2] == 2


def test_K5_the_forced_draw_may_be_followed_by_a_normal_draw():
    s = state_from(hands=[["4+", "6"], ["1"]], top="4", pile=["L", "L"])
    s.apply(play("4+"))
    s.apply_chance("L")
    assert plays(s) == ["draw", "quit"]
    s.apply(DRAW)
    s.apply_chance("L")
    assert s.to_move == 0 and s.hand_sizes[1] == 3


def test_K5_no_forced_draw_when_everyone_else_has_quit():
    s = state_from(hands=[["4+", "6"], ["1"], ["2"]], top="4", quit=[1, 2])
    s.apply(play("4+"))
    assert s.chance is None and s.to_move == 0 and s.forced_draw is None


def test_K5_no_card_when_the_pile_is_empty():
    s = state_from(hands=[["4+", "6"], ["1"]], top="4", pile=[])
    s.apply(play("4+"))
    assert s.chance is None and s.to_move == 1 and s.hand_sizes[1] == 1


def test_K5_the_forced_card_must_come_from_the_pile():
    s = state_from(hands=[["4+", "6"], ["1"]], top="4", pile=["5"])
    s.apply(play("4+"))
    with pytest.raises(IllegalAction) as e:
        s.apply_chance("6")
    assert e.value.code == "not_in_pile" and s.forced_draw == 1 and s.hand_sizes[1] == 1


# -- K6 star ------------------------------------------------------------------------
@pytest.mark.parametrize("holder,source", [(None, None), (2, 2), (1, 1)])
def test_K6_star_takes_the_magic_chip_from_wherever_it_is(holder, source):
    s = state_from(hands=[["3*", "6"], ["1"], ["2"]], top="3", magic_chip=holder)
    events = s.apply(play("3*"))
    assert events[1:] == [MagicChipTaken(0, source)]
    assert s.view(1).magic_chip == 0 and s.points == [3, 3, 3]  # the chip is worth nothing yet


def test_K6_star_by_the_holder_changes_nothing():
    s = state_from(hands=[["3*", "6"], ["1"]], top="3", magic_chip=0)
    assert names(s.apply(play("3*"))) == ["CardPlayed"] and s.magic_chip == 0


# -- K7 magic chip: skip -----------------------------------------------------------
def test_K7_the_holder_may_skip_and_the_chip_returns_to_the_centre():
    s = state_from(hands=[["3", "6"], ["1"]], top="3", magic_chip=0)
    assert "skip" in plays(s)
    events = s.apply(SKIP)
    assert events == [Skipped(0)]
    assert s.view(1).magic_chip is None and s.to_move == 1 and s.hand_sizes == [2, 1]


def test_K7_only_the_holder_may_skip():
    s = state_from(hands=[["3", "6"], ["1"]], top="3", magic_chip=1)
    assert "skip" not in plays(s)
    assert unchanged(s, SKIP) == "no_magic_chip"


def test_K7_skip_during_a_show():
    s = state_from(hands=[["3", "6"], ["1"]], top="3", magic_chip=0, stage=(5, 0))
    assert plays(s) == ["take stage", "skip"]
    s.apply(SKIP)
    assert s.stage_whites == 5 and s.to_move == 1 and s.show


# -- K8 llama and the stage ---------------------------------------------------------
@pytest.mark.parametrize("points,chip,after,stage", [
    (13, "white", 12, (1, 0)),
    (20, "black", 10, (0, 1)),
])
def test_K8_a_llama_puts_the_lowest_chip_on_the_stage(points, chip, after, stage):
    s = state_from(hands=[["L", "6"], ["1"]], top="6", points=[points, 0])
    events = s.apply(play("L"))
    assert events[1:] == [ChipStaged(0, chip, stage)]
    assert s.points[0] == after and s.view(1).stage == stage


def test_K8_no_chip_nothing_placed_and_never_the_magic_chip():
    s = state_from(hands=[["L", "6"], ["1"]], top="6", points=[0, 4], magic_chip=0)
    assert names(s.apply(play("L"))) == ["CardPlayed"]
    assert s.view(0).stage == (0, 0) and s.magic_chip == 0


# -- K9 magic show ------------------------------------------------------------------
def test_K9_show_starts_at_five_chips():
    s = state_from(hands=[["L", "6"], ["1", "L"]], top="6", stage=(3, 1))
    assert not s.view(0).show
    s.apply(play("L"))
    assert s.view(1).show and s.view(1).stage == (4, 1)
    assert plays(s) == ["play L", "take stage"]


def test_K9_show_offers_three_choices():
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", stage=(3, 2), magic_chip=0)
    assert plays(s) == ["play L", "take stage", "skip"]  # L whatever the top; no 3, no draw, no quit


def test_K9_without_a_llama_or_the_magic_chip_only_take_the_stage():
    s = state_from(hands=[["1", "3"], ["2"]], top="3", stage=(5, 0))
    assert plays(s) == ["take stage"]


@pytest.mark.parametrize("action,code", [(QUIT, "show_running"), (DRAW, "show_running"),
                                         (play("3"), "show_running"), (play("1", give=1), "show_running")])
def test_K9_no_quit_draw_or_other_card_before_taking_the_stage(action, code):
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", stage=(5, 0))
    assert unchanged(s, action) == code


def test_K9_a_llama_in_a_show_is_the_whole_turn_and_places_a_chip():
    s = state_from(hands=[["3", "L"], ["2"]], top="3", stage=(5, 0), points=[11, 3])
    s.apply(play("L"))
    assert s.to_move == 1 and s.view(1).stage == (6, 0) and s.points[0] == 10


def test_K9_take_the_stage_then_a_normal_turn():
    s = state_from(hands=[["3", "L"], ["2"]], top="3", stage=(4, 2), points=[3, 3])
    events = s.apply(TAKE_STAGE)
    assert events == [StageTaken(0, 4, 2)]
    assert s.points[0] == 3 + 4 + 20 and s.view(0).stage == (0, 0) and not s.show
    assert s.to_move == 0 and plays(s) == ["play 3", "draw", "quit"]
    s.apply(QUIT)
    assert s.to_move == 1


def test_K9_take_the_stage_only_during_a_show():
    s = state_from(hands=[["3", "L"], ["2"]], top="3", stage=(4, 0))
    assert "take stage" not in plays(s)
    assert unchanged(s, TAKE_STAGE) == "no_show"


def test_K9_stage_chips_are_never_exchanged():
    s = state_from(hands=[["L", "6"], ["1", "L"]], top="6", stage=(9, 0))
    s.apply(play("L"))
    assert s.view(1).stage == (10, 0)  # ten whites stay ten chips
    s.apply(TAKE_STAGE)
    assert s.points[1] == 13


# -- K10 order of effects --------------------------------------------------------------
def test_K10_a_last_llama_still_places_a_chip():
    s = state_from(hands=[["L"], ["5"]], top="6", points=[3, 3])
    events = s.apply(play("L"))
    assert names(events) == ["CardPlayed", "ChipStaged", "ChipReturned", "RoundScored"]
    assert s.stage_whites == 1 and s.points == [1, 8]  # 3 - 1 staged - 1 returned (C5)


def test_K10_a_last_1_still_gives_a_chip():
    s = state_from(hands=[["1"], ["5"]], top="L", points=[3, 3])
    s.apply(play("1", give=1))
    assert s.history[-1].penalties == (0, 5) and s.points == [1, 9]


def test_K10_a_last_star_still_takes_the_magic_chip():
    s = state_from(hands=[["3*"], ["5"]], top="3", points=[3, 3], magic_chip=1)
    s.apply(play("3*"))
    r = s.history[-1]
    assert r.penalties == (10, 5) and r.returned == (10, 0) and s.points == [3, 8]


def test_K10_a_last_rectangle_forces_no_draw():
    s = state_from(hands=[["3+"], ["5"]], top="3")
    s.apply(play("3+"))
    assert s.chance == "deal" and s.forced_draw is None


# -- K11 round end and scoring ------------------------------------------------------
def test_K11_the_magic_chip_scores_10_and_returns_to_the_centre():
    s = state_from(hands=[["3", "3"], ["5", "L"], ["2"]], top="1", magic_chip=1, quit=[2])
    s.apply(QUIT)
    events = s.apply(QUIT)
    assert MagicChipScored(1) in events
    assert s.history[-1].penalties == (3, 25, 2) and s.points == [6, 28, 5]
    assert s.magic_chip is None


def test_K11_a_quit_seat_holding_the_magic_chip_scores_it():
    s = state_from(hands=[["4", "5"], ["5"]], top="3", magic_chip=1, quit=[1])
    s.apply(play("4"))
    s.apply(play("5"))
    assert s.history[-1].penalties == (0, 15) and s.history[-1].ender == 0


def test_K11_round_ender_with_the_magic_chip_takes_10_then_returns_a_black():
    s = state_from(hands=[["4"], ["5"]], top="3", points=[7, 0], magic_chip=0)
    s.apply(play("4"))
    r = s.history[-1]
    assert r.penalties == (10, 5) and r.returned == (10, 0) and s.points == [7, 5]


def test_K11_the_stage_stays_into_the_next_round():
    s = state_from(hands=[["4"], ["5"]], top="3", stage=(3, 1))
    s.apply(play("4"))
    s.apply_chance(Deal((("1",) * 6, ("L",) * 6), "3"))
    assert s.view(0).stage == (3, 1) and s.round == 1


def test_K11_game_end_counts_the_magic_chip():
    s = state_from(hands=[["4"], ["5", "6"]], top="3", points=[3, 31], magic_chip=1)
    events = s.apply(play("4"))
    assert s.finished and s.points == [2, 52] and s.winners == (0,)
    assert names(events)[-1] == "GameOver"


def test_K11_magic_chip_counts_nothing_in_points_during_a_round():
    s = state_from(hands=[["3*", "6"], ["1"]], top="3", points=[3, 3])
    s.apply(play("3*"))
    assert s.view(1).points == (3, 3) and s.view(1).magic_chip == 0


# -- what a seat sees -----------------------------------------------------------------
def test_view_shows_the_kadabra_table_and_hides_hands():
    s = state_from(hands=[["4+", "6"], ["1", "L"]], top="4", stage=(2, 1), magic_chip=1, points=[5, 17])
    s.apply(play("4+"))
    view = s.view(0)
    assert (view.stage, view.magic_chip, view.show, view.forced_draw) == ((2, 1), 1, False, 1)
    assert view.points == (5, 17) and view.hand == ("6",) and view.hand_sizes == (1, 2)
    assert view.legal_actions == ()


def test_K1_the_largest_deck_allowed_is_played():
    deck = {"L": 60, "1": 60, "2/3": 60, "6+": 20}  # 60 of a kind, 200 in all
    game = new_game("kadabra", 6, {"deck": deck, "target": 1000})
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(3)))
    assert state.pile_size == 200 - 6 * 6 - 1
