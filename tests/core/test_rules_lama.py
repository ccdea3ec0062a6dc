"""Scenario tests for rules L1–L5 (L.L.A.M.A.) and Z1 (Lato z Komarami)."""

import pytest

from helpers import card_state, kinds
from lama.core import DRAW, QUIT, Deal, IllegalAction, play
from lama.games import new_game


def test_L1_deck():
    game = new_game("lama", 2)
    codes = game.deck_codes()
    assert len(codes) == 56
    assert {c: codes.count(c) for c in set(codes)} == dict.fromkeys("123456L", 8)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_L2_deal_six_each_and_one_face_up(players):
    import random

    state = new_game("lama", players).new_initial_state()
    assert state.chance == "deal"
    state.apply_chance(state.sample_chance(random.Random(players)))
    assert state.hand_sizes == [6] * players
    assert state.pile_size == 56 - 6 * players - 1
    view = state.view(0)
    assert len(view.hand) == 6 and view.top is not None and view.discard_pile == (view.top,)


def test_L2_a_deal_must_fit_the_deck():
    state = new_game("lama", 2).new_initial_state()
    bad = Deal((("1",) * 6, ("1", "1", "1", "2", "2", "2")), "3")
    with pytest.raises(IllegalAction, match="'1'"):
        state.apply_chance(bad)
    assert state.chance == "deal" and state.round == -1
    with pytest.raises(IllegalAction):
        state.apply_chance(Deal((("1",) * 5, ("2",) * 6), "3"))
    with pytest.raises(IllegalAction):
        state.apply_chance(Deal((("1",) * 6, ("2",) * 6), "2/3"))


def test_L2_first_card_has_no_effect_and_any_card_may_be_first():
    state = new_game("lama", 2).new_initial_state()
    state.apply_chance(Deal((("1",) * 6, ("2",) * 6), "L"))
    assert state.to_move == 0 and kinds(state.legal_actions()) == ["play 1", "draw", "quit"]


def test_L3_play_draw_and_quit_each_allowed_while_another_is_possible():
    s = card_state(hands=[["3", "4", "L"], ["1"]], top="3")
    assert kinds(s.legal_actions()) == ["play 3", "play 4", "draw", "quit"]
    for action in (play("3"), play("4"), DRAW, QUIT):
        s.clone().apply(action)  # each one is accepted


def test_L3_drawn_card_cannot_be_played_in_the_same_turn():
    s = card_state(hands=[["6"], ["1"]], top="3", pile=["4"])
    assert s.apply(DRAW) == []
    assert s.chance == "draw" and s.to_move is None
    with pytest.raises(IllegalAction):
        s.apply(play("4"))
    events = s.apply_chance("4")
    assert events[0].card == "4" and events[0].seat == 0
    assert s.to_move == 1


def test_L3_no_draw_from_an_empty_pile():
    s = card_state(hands=[["6"], ["1"]], top="3", pile=[])
    assert kinds(s.legal_actions()) == ["quit"]
    with pytest.raises(IllegalAction) as e:
        s.apply(DRAW)
    assert e.value.code == "pile_empty"


def test_L3_no_draw_for_the_last_seat_still_in():
    s = card_state(hands=[["6"], ["1"], ["2"]], top="3", quit=[1, 2])
    assert kinds(s.legal_actions()) == ["quit"]
    with pytest.raises(IllegalAction) as e:
        s.apply(DRAW)
    assert e.value.code == "last_seat"


def test_L3_drawn_card_must_be_in_the_pile():
    s = card_state(hands=[["6"], ["1"]], top="3", pile=["4", "5"])
    s.apply(DRAW)
    with pytest.raises(IllegalAction) as e:
        s.apply_chance("6")
    assert e.value.code == "not_in_pile"
    assert s.chance == "draw" and s.hand_sizes == [1, 1]


def test_L3_quitting_is_always_legal_and_quit_seats_take_no_turns():
    s = card_state(hands=[["3"], ["1"], ["5"]], top="3")
    s.apply(QUIT)
    assert s.view(0).quit == (True, False, False)
    s.apply(QUIT)
    assert s.to_move == 2
    assert kinds(s.legal_actions()) == ["quit"]  # the last seat in may not draw


def test_L3_a_play_must_match_top_or_successor_and_be_held():
    s = card_state(hands=[["5", "3"], ["1"]], top="3")
    with pytest.raises(IllegalAction, match="5 cannot be played on 3"):
        s.apply(play("5"))
    with pytest.raises(IllegalAction, match="you do not hold 4"):
        s.apply(play("4"))


def test_L4_round_ends_at_once_when_a_hand_empties():
    s = card_state(hands=[["4"], ["5", "6"], ["L"]], top="3", to_move=0)
    events = s.apply(play("4"))
    assert s.history[-1].ended_by == "empty_hand"
    assert s.chance == "deal" and s.to_move is None
    assert [type(e).__name__ for e in events] == ["CardPlayed", "RoundScored"]
    with pytest.raises(IllegalAction):
        s.apply(QUIT)


def test_L4_round_ends_when_every_seat_has_quit():
    s = card_state(hands=[["4"], ["5", "6"]], top="1")
    s.apply(QUIT)
    assert s.chance is None
    s.apply(QUIT)
    assert s.history[-1].ended_by == "all_quit" and s.history[-1].ender == 1


def test_L5_scoring_quit_cards_and_hands_alike():
    s = card_state(hands=[["5"], ["2", "2", "L"], ["6", "6", "1"]], top="5", points=[3, 4, 5], to_move=0)
    s.apply(QUIT)        # seat 0 quits holding a 5
    s.apply(QUIT)        # seat 1 quits
    s.apply(play("6"))   # seat 2 plays a 6, still holds 6 and 1
    s.apply(QUIT)
    r = s.history[-1]
    assert r.penalties == (5, 12, 7)
    assert r.scores == (8, 16, 12) and r.returned == (0, 0, 0)


def test_Z1_komarami_deck_and_penalty_per_llama():
    game = new_game("komarami", 2)
    codes = game.deck_codes()
    assert len(codes) == 55 and codes.count("L") == 7
    s = card_state("komarami", hands=[["L", "L", "3", "3"], ["L"]], top="1")
    s.apply(QUIT)
    s.apply(QUIT)
    assert s.history[-1].penalties == (23, 10)


def test_Z1_komarami_plays_like_lama():
    s = card_state("komarami", hands=[["L", "1", "6"], ["1"]], top="6")
    assert kinds(s.legal_actions()) == ["play 6", "play L", "draw", "quit"]


def test_views_show_this_rounds_moves_as_the_table_saw_them():
    """Public information: who played what on which top, who drew (never what), who quit;
    an illegal move is not logged, and a new deal starts a new log."""
    state = card_state("lama", hands=[["3", "4"], ["5", "6"], ["2", "L"]], top="3")
    state.apply(play("3"))
    state.apply(DRAW)
    state.apply_chance("1")
    with pytest.raises(IllegalAction):
        state.apply(play("2"))  # 2 does not go on 3
    state.apply(QUIT)
    state.apply(play("4"))  # seat 0's last card
    moves = state.view(1).moves
    assert moves == ((0, play("3"), "3"), (1, DRAW, "3"), (2, QUIT, "3"), (0, play("4"), "3"))
    assert moves[1][1].card is None  # the drawn card stays hidden
    assert state.chance == "deal"  # seat 0's hand is empty
    state.apply_chance(state.sample_chance(__import__("random").Random(1)))
    assert state.view(0).moves == ()
