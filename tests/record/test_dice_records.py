"""`dice` records (RECORD.md): replaying roll / discard / take / quit, and each kind of
invalid move reported where it is. Default dice (D1): die 0 `1 2 3 4 L L`,
die 1 `3 4 5 6 L L`, die 2 `1 2 5 6 L L`."""

import copy
import json

import pytest

from helpers import delitem, edited, setitem
from lama.bots import load_bot
from lama.cli import main
from lama.core.events import DiceRolled
from lama.games import new_game
from lama.match import Match
from lama.record import RecordError, replay, result_of

BASE = {
    "format": "lama-record/1",
    "game": "dice",
    "players": ["Ann", "Bob"],
    "options": {},
    "rounds": [
        {
            "hands": [["1", "4", "4", "L", "6", "2"], ["3", "3", "5", "L", "2", "6"]],
            "moves": [
                {"seat": 0, "roll": ["4", "4", "L"], "discard": ["4", "4", "L"]},  # (b): all three go
                {"seat": 1, "roll": ["1", "4", "1"], "take": "1"},  # (c): no 1 or 4 in display
                {"seat": 0, "roll": ["L", "L", "L"]},  # (a): no chips to return yet
                {"seat": 1, "roll": ["3", "3", "5"], "discard": ["3", "3", "5"]},
                {"seat": 0, "quit": True},
                {"seat": 1, "roll": ["2", "6", "L"], "discard": ["2", "6", "L"]},
                {"seat": 1, "roll": ["1", "5", "1"], "discard": ["1"]},  # display empty: C5
            ],
        },
        {
            "hands": [["L", "L", "5", "5", "6", "6"], ["1", "2", "3", "4", "5", "6"]],
            "moves": [
                {"seat": 1, "roll": ["3", "4", "5"], "discard": ["3", "4", "5"]},
                {"seat": 0, "roll": ["L", "L", "L"]},  # (a): 9 points -> returns a white chip
                {"seat": 1, "quit": True},
                {"seat": 0, "roll": ["3", "4", "1"]},  # a miss for the last seat in: a bust
            ],
        },
        {
            "hands": [["1", "1", "1", "1", "1", "2"], ["3", "3", "3", "4", "4", "4"]],
            "moves": [{"seat": 0, "roll": ["1", "3", "1"], "discard": ["1", "1"]}],
        },
    ],
}


def test_base_record_replays_to_the_hand_computed_result():
    # Round 0: seat 0 keeps 1 2 6 = 9; seat 1 empties its display (0, no chip to return).
    # Round 1 (seat 1 starts, C4): seat 0 returns 1 of its 9 points (D3a), then busts and takes
    # the whole row: L 5 6 + 1 2 3 4 5 6 L = 21 + 10 = 31 -> 8 + 31 = 39; seat 1 keeps 1 2 6 = 9.
    assert result_of(replay(copy.deepcopy(BASE))) == {
        "format": "lama-result/1",
        "game": "dice",
        "finished": False,
        "rounds": [
            {"ended_by": "empty_hand", "ender": 1, "penalties": [9, 0], "returned": [0, 0], "scores": [9, 0]},
            {"ended_by": "bust", "ender": 0, "penalties": [31, 9], "returned": [0, 0], "scores": [39, 9]},
        ],
        "scores": [39, 9],
        "winners": [],
    }


def test_D3a_return_shows_in_scores_at_once():
    data = copy.deepcopy(BASE)
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["moves"] = data["rounds"][1]["moves"][:2]
    result = result_of(replay(data))
    assert result["scores"] == [8, 0] and len(result["rounds"]) == 1 and not result["finished"]


def test_a_game_that_ends_by_target():
    data = copy.deepcopy(BASE)
    data["options"] = {"target": 39}
    del data["rounds"][2]
    result = result_of(replay(data))
    assert result["finished"] and result["winners"] == [1] and result["scores"] == [39, 9]


def test_replaced_dice_decide_which_faces_a_record_may_show():
    data = copy.deepcopy(BASE)
    data["rounds"] = [{"hands": BASE["rounds"][0]["hands"], "moves": [{"seat": 0, "roll": ["4", "4", "4"],
                                                                       "discard": ["4", "4"]}]}]
    with pytest.raises(RecordError, match="not a face of die 3"):
        replay(copy.deepcopy(data))
    data["options"] = {"dice": [["4"] * 6, ["4"] * 6, ["4"] * 6]}
    assert result_of(replay(data))["scores"] == [0, 0]


def edit(fn):
    return edited(BASE, fn)


R0, R1 = ("rounds", 0), ("rounds", 1)
M = "moves"

CASES = {
    # -- the whole file ------------------------------------------------------------
    "dice option not three dice": (setitem(["options", "dice"], [["1"] * 6] * 2), None, None, "3 dice"),
    "dice option bad face": (setitem(["options", "dice"], [["1"] * 6, ["2"] * 6, ["7"] * 6]), None, None, "'7'"),
    "dice option short die": (setitem(["options", "dice"], [["1"] * 6, ["2"] * 5, ["3"] * 6]), None, None, "die 2"),
    "dice option in lama": (lambda d: (d.update(game="lama"), d["options"].update(dice=[["1"] * 6] * 3)),
                            None, None, "unknown option"),
    # -- a round's deal ------------------------------------------------------------
    "discard key in a dice round": (setitem([*R0, "discard"], "4"), 0, None, "discard"),
    "display code unknown": (setitem([*R0, "hands", 0, 0], "2/3"), 0, None, "2/3"),
    "displays do not fit the 36": (setitem([*R1, "hands", 1], ["L"] * 6), 1, None, "8 'L' cards"),
    "incomplete round followed by another": (lambda d: d["rounds"][0][M].pop(), 0, 6, "not complete"),
    "round after game end": (setitem(["options", "target"], 39), 2, None, "over"),
    # -- one move: shape -----------------------------------------------------------
    "discard without a roll": (setitem([*R0, M, 0], {"seat": 0, "discard": ["4"]}), 0, 0, "roll, quit"),
    "play in dice": (setitem([*R0, M, 0], {"seat": 0, "play": "4"}), 0, 0, "roll, quit"),
    "draw in dice": (setitem([*R0, M, 0], {"seat": 0, "draw": "4"}), 0, 0, "roll, quit"),
    "roll and quit": (setitem([*R0, M, 0, "quit"], True), 0, 0, "roll, quit"),
    "unknown key in a roll": (setitem([*R0, M, 0, "forced"], True), 0, 0, "forced"),
    "take in a quit": (setitem([*R0, M, 4, "take"], "1"), 0, 4, "take"),
    "quit not exactly true": (setitem([*R0, M, 4, "quit"], 1), 0, 4, "true"),
    "roll too short": (setitem([*R0, M, 0, "roll"], ["4", "4"]), 0, 0, "3 face codes"),
    "roll not a list": (setitem([*R0, M, 0, "roll"], "44L"), 0, 0, "3 face codes"),
    "roll face not a string": (setitem([*R0, M, 0, "roll"], [4, 4, "L"]), 0, 0, "3 face codes"),
    "discard not a list": (setitem([*R0, M, 0, "discard"], "4"), 0, 0, "list"),
    "discard unknown code": (setitem([*R0, M, 0, "discard"], ["4", "9"]), 0, 0, "'9'"),
    "take unknown code": (setitem([*R0, M, 1, "take"], "one"), 0, 1, "'one'"),
    "seat missing": (delitem([*R0, M, 0, "seat"]), 0, 0, "seat"),
    "not that seat's turn": (setitem([*R0, M, 1, "seat"], 0), 0, 1, "turn"),
    "move after round end": (lambda d: d["rounds"][1][M].append({"seat": 1, "quit": True}), 1, 4, "over"),
    # -- one move: the dice and the cases of D3 ---------------------------------------
    "face not on its die": (setitem([*R0, M, 0, "roll"], ["4", "4", "4"]), 0, 0, "not a face of die 3"),
    "face on no die": (setitem([*R0, M, 1, "roll"], ["1", "4", "x"]), 0, 1, "not a face of die 3"),
    "discard no dice allow": (setitem([*R0, M, 0, "roll"], ["4", "3", "L"]), 0, 0, "2 dice showing 4"),
    "discard a card not in the display": (setitem([*R0, M, 0, "discard"], ["3"]), 0, 0, "holds 0 × 3"),
    "empty discard": (setitem([*R0, M, 0, "discard"], []), 0, 0, "at least one"),
    "missing discard": (delitem([*R0, M, 0, "discard"]), 0, 0, "discard is required"),
    "needless take in a match": (setitem([*R0, M, 0, "take"], "4"), 0, 0, "take is not allowed"),
    "missing take": (delitem([*R0, M, 1, "take"]), 0, 1, "take is required"),
    "needless discard in a miss": (setitem([*R0, M, 1, "discard"], ["3"]), 0, 1, "discard is not allowed"),
    "take a row card no die shows": (setitem([*R0, M, 1, "take"], "2"), 0, 1, "no die shows 2"),
    "discard after three llamas": (setitem([*R0, M, 2, "discard"], ["L"]), 0, 2, "three llamas"),
    "take after three llamas": (setitem([*R0, M, 2, "take"], "L"), 0, 2, "three llamas"),
    "discard in a bust": (setitem([*R1, M, 3, "discard"], ["L"]), 1, 3, "bust"),
    "take in a bust": (setitem([*R1, M, 3, "take"], "3"), 1, 3, "bust"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_dice_record_reports_where(name):
    fn, round_index, move_index, fragment = CASES[name]
    with pytest.raises(RecordError) as e:
        replay(edit(fn))
    assert (e.value.round, e.value.move) == (round_index, move_index), e.value.reason
    assert e.value.reason and "\n" not in e.value.reason
    assert fragment in e.value.reason


def test_take_of_a_card_no_longer_in_the_row():
    data = copy.deepcopy(BASE)
    # Move 1: seat 1 took the row's 1. Seat 1 then lets its 1, 3 and 5 go, and later misses
    # with 1 and 4 showing: the 4 is still in the row, the 1 is not.
    data["rounds"][0]["moves"][3:] = [
        {"seat": 1, "roll": ["1", "3", "5"], "discard": ["1", "3", "5"]},
        {"seat": 0, "roll": ["L", "L", "L"]},
        {"seat": 1, "roll": ["1", "4", "1"], "take": "1"},
    ]
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, 5) and "not in the llama row" in e.value.reason
    data["rounds"][0]["moves"][5]["take"] = "4"
    del data["rounds"][1:]
    assert result_of(replay(data))["rounds"] == []


def test_cli_replays_a_dice_record(tmp_path, capsys):
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(BASE))
    assert main(["replay", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["scores"] == [39, 9] and err == ""
    bad = edit(setitem([*R0, M, 0, "roll"], ["4", "4", "4"]))
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["error"] == {"round": 0, "move": 0, "reason": "'4' is not a face of die 3"}
    assert err.count("\n") == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_written_records_have_one_move_per_roll_with_its_choice(seed):
    rolled = []
    game = new_game("dice", 3, {"dice": [["1", "2", "3", "4", "L", "L"], ["3", "4", "5", "6", "L", "L"],
                                         ["1", "2", "5", "6", "L", "6"]]})
    policies = [load_bot("heuristic"), load_bot("random"), load_bot("heuristic")]
    match = Match(game, policies, seed, on_events=lambda events: rolled.extend(
        e for e in events if isinstance(e, DiceRolled)))
    state = match.run()
    record = json.loads(json.dumps(match.record.data))
    moves = [m for rnd in record["rounds"] for m in rnd["moves"] if "roll" in m]
    assert [(m["seat"], m["roll"]) for m in moves] == [(e.seat, list(e.roll)) for e in rolled]
    for move, event in zip(moves, rolled):
        assert ("discard" in move) == (event.case == "match")
        assert ("take" in move) == (event.case == "miss")
    assert record["options"]["dice"][2] == ["1", "2", "5", "6", "L", "6"]
    assert result_of(replay(record)) == result_of(state)
