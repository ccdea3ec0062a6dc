"""Scenario tests for rules C1–C7, named after the rule ids (RULES.md)."""

import pytest

from helpers import card_state, kinds
from lama.core import DRAW, QUIT, Deal, IllegalAction, highest_chip, lowest_chip, play, succ
from lama.core.cards import LLAMA
from lama.games import new_game


def test_C1_turn_passes_to_next_higher_seat_and_wraps():
    s = card_state(hands=[["1", "2"], ["3", "4"], ["5", "6"]], top="1", to_move=2)
    s.apply(DRAW)
    s.apply_chance("2")
    assert s.to_move == 0


def test_C1_turn_skips_seats_that_have_quit():
    s = card_state(hands=[["1", "2"], ["3", "4"], ["5", "6"], ["6", "6"]], top="1", to_move=0, quit=[1, 2])
    s.apply(play("2"))
    assert s.to_move == 3
    s.apply(QUIT)
    assert s.to_move == 0


def test_C2_cycle():
    assert [succ(v) for v in range(1, 8)] == [2, 3, 4, 5, 6, LLAMA, 1]


@pytest.mark.parametrize("top,playable", [
    ("1", ["1", "2"]), ("5", ["5", "6"]), ("6", ["6", "L"]), ("L", ["1", "L"]),
])
def test_C2_play_on_top_or_its_successor(top, playable):
    s = card_state(hands=[["1", "2", "3", "4", "5", "6", "L"], ["1"]], top=top)
    assert [str(a) for a in s.legal_actions() if a.kind == "play"] == [f"play {c}" for c in playable]


@pytest.mark.parametrize("points,high,low", [(0, 0, 0), (1, 1, 1), (9, 1, 1), (10, 10, 10), (13, 10, 1), (40, 10, 10)])
def test_C3_highest_and_lowest_chip(points, high, low):
    assert highest_chip(points) == high
    assert lowest_chip(points) == low


def _deal(n, discard="3"):
    hands = [("1", "2", "3", "4", "5", "6")] * n
    return Deal(tuple(hands), discard)


def test_C4_round_one_starts_at_seat_0_by_default():
    s = new_game("lama", 3).new_initial_state()
    s.apply_chance(_deal(3))
    assert s.to_move == 0


def test_C4_first_player_option():
    s = new_game("lama", 3, {"first_player": 2}).new_initial_state()
    s.apply_chance(_deal(3))
    assert s.to_move == 2


def test_C4_next_round_starts_with_the_seat_that_emptied_its_hand():
    s = card_state(hands=[["1"], ["3"], ["5"]], top="2", to_move=1)
    s.apply(play("3"))
    assert s.chance == "deal" and s.history[-1].ender == 1
    s.apply_chance(_deal(3))
    assert s.to_move == 1


def test_C4_next_round_starts_with_the_last_seat_to_quit():
    s = card_state(hands=[["1"], ["3"], ["5"]], top="2", to_move=0)
    s.apply(QUIT)
    s.apply(QUIT)
    assert s.to_move == 2
    s.apply(QUIT)
    assert s.history[-1].ended_by == "all_quit" and s.history[-1].ender == 2
    s.apply_chance(_deal(3))
    assert s.to_move == 2


@pytest.mark.parametrize("before,returned,after", [(0, 0, 0), (7, 1, 6), (10, 10, 0), (25, 10, 15)])
def test_C5_emptied_hand_returns_highest_chip(before, returned, after):
    s = card_state(hands=[["3"], ["L", "L"]], top="2", points=[before, 0])
    events = s.apply(play("3"))
    r = s.history[-1]
    assert r.ended_by == "empty_hand" and r.ender == 0
    assert r.penalties == (0, 10)
    assert r.returned == (returned, 0)
    assert s.points == [after, 10]
    assert any(type(e).__name__ == "ChipReturned" for e in events) == bool(returned)


def test_C5_only_the_round_ender_returns_a_chip():
    s = card_state(hands=[["3"], ["2"], ["L"]], top="2", points=[12, 12, 12], quit=[1])
    s.apply(play("3"))
    assert s.history[-1].returned == (10, 0, 0)


def test_C6_game_ends_at_target_and_fewest_points_win():
    s = card_state(hands=[["6"], ["L"], ["4"]], top="1", points=[30, 20, 10], to_move=0)
    s.apply(QUIT)
    s.apply(QUIT)
    s.apply(QUIT)
    assert s.points == [36, 30, 14]
    assert not s.finished and s.chance == "deal"
    s = card_state(hands=[["6"], ["L"], ["4"]], top="1", points=[30, 30, 10], to_move=0)
    for _ in range(3):
        s.apply(QUIT)
    assert s.points == [36, 40, 14]
    assert s.finished and s.winners == (2,) and s.chance is None and s.to_move is None


def test_C6_ties_share_the_win():
    s = card_state(hands=[["6"], ["L"], ["6"]], top="1", points=[8, 30, 8], to_move=0)
    for _ in range(3):
        s.apply(QUIT)
    assert s.points == [14, 40, 14]
    assert s.finished and s.winners == (0, 2)


def test_C6_target_option():
    s = card_state(hands=[["6"], ["5"]], top="1", points=[0, 0], options={"target": 6})
    s.apply(QUIT)
    s.apply(QUIT)
    assert s.finished and s.winners == (1,)


def test_C6_no_move_after_game_end():
    s = card_state(hands=[["6"], ["5"]], top="1", points=[0, 0], options={"target": 5})
    s.apply(QUIT)
    s.apply(QUIT)
    with pytest.raises(IllegalAction) as e:
        s.apply(QUIT)
    assert e.value.code == "game_over"
    with pytest.raises(IllegalAction):
        s.apply_chance(_deal(2))


@pytest.mark.parametrize("hand,lama,komarami", [
    (["5", "5", "5"], 5, 5),
    (["1", "2", "2", "6"], 9, 9),
    (["L"], 10, 10),
    (["L", "L", "L", "3"], 13, 33),
    ([], 0, 0),
])
def test_C7_penalty_of_distinct_values_and_llamas(hand, lama, komarami):
    for game_id, expected in (("lama", lama), ("komarami", komarami)):
        table = new_game(game_id, 2).kinds
        assert table.penalty(table.counts_of(hand)) == expected


def test_typed_error_leaves_state_unchanged():
    s = card_state(hands=[["3", "5"], ["2"]], top="2", pile=[])
    before = s.clone()
    for action in (play("5"), play("6"), play("2/3"), DRAW):
        with pytest.raises(IllegalAction):
            s.apply(action)
    with pytest.raises(IllegalAction) as e:
        s.apply(QUIT, seat=1)
    assert e.value.code == "not_your_turn"
    assert s.view(0) == before.view(0) and s.view(1) == before.view(1)
    assert kinds(s.legal_actions()) == ["play 3", "quit"]


@pytest.mark.parametrize("game_id", ["lama", "komarami", "kadabra", "dice"])
@pytest.mark.parametrize("target", [0, -5, 1001, 99999999999999999999, 10 ** 5000],
                         ids=["0", "-5", "1001", "20 digits", "5001 digits"])
def test_C6_target_is_bounded_and_the_message_says_what_is_allowed(game_id, target):
    from lama.core import InvalidOption

    with pytest.raises(InvalidOption) as e:
        new_game(game_id, 3, {"target": target})
    assert "from 1 to 1000" in str(e.value) and len(str(e.value)) < 100


@pytest.mark.parametrize("game_id", ["lama", "kadabra", "dice"])
def test_C6_the_largest_target_is_a_game(game_id):
    assert new_game(game_id, 2, {"target": 1000}).target == 1000
