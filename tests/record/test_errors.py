"""Hand-written invalid records, one per kind of error (RECORD.md, 'Replaying').

Each case edits a small valid record and names where the error must be reported.
"""

import copy
import json
import os

import pytest

from helpers import delitem, edited, setitem
from lama.cli import main
from lama.record import RecordError, load_record, replay, result_of

BASE = {
    "format": "lama-record/1",
    "game": "lama",
    "players": ["Ann", "Bob", "Cem"],
    "options": {"target": 40},
    "rounds": [
        {
            "hands": [["1", "3", "3", "6", "L", "5"], ["2", "2", "4", "6", "6", "L"], ["1", "1", "4", "5", "5", "3"]],
            "discard": "4",
            "moves": [
                {"seat": 0, "quit": True},
                {"seat": 1, "play": "4"},
                {"seat": 2, "draw": "6"},
                {"seat": 1, "quit": True},
                {"seat": 2, "play": "5"},
                {"seat": 2, "quit": True},
            ],
        },
        {
            "hands": [["1", "2", "3", "4", "5", "6"], ["1", "2", "3", "4", "5", "L"], ["2", "2", "2", "2", "2", "2"]],
            "discard": "1",
            "moves": [{"seat": 2, "play": "2"}, {"seat": 0, "play": "2"}],
        },
    ],
}


def test_base_record_is_valid():
    result = result_of(replay(copy.deepcopy(BASE)))
    assert result["rounds"][0]["penalties"] == [25, 18, 19]
    assert result["rounds"][0]["ender"] == 2
    assert not result["finished"] and result["scores"] == [25, 18, 19]


def edit(fn):
    return edited(BASE, fn)


R0, R1 = ("rounds", 0), ("rounds", 1)
M = "moves"

CASES = {
    # -- the whole file ------------------------------------------------------------
    "not an object": (lambda d: d.clear() or None, None, None),
    "wrong format": (setitem(["format"], "lama-record/2"), None, None),
    "unknown top key": (setitem(["comment"], "hi"), None, None),
    "unknown game": (setitem(["game"], "chess"), None, None),
    "game not a string": (setitem(["game"], 1), None, None),
    "one player": (setitem(["players"], ["Ann"]), None, None),
    "seven players": (setitem(["players"], list("abcdefg")), None, None),
    "players not strings": (setitem(["players"], ["Ann", 2, "Cem"]), None, None),
    "options not an object": (setitem(["options"], []), None, None),
    "unknown option": (setitem(["options", "speed"], 3), None, None),
    "bad deck in lama": (setitem(["options", "deck"], {"1": 61}), None, None),
    "target true": (setitem(["options", "target"], True), None, None),
    "target float": (setitem(["options", "target"], 20.0), None, None),
    "first_player out of range": (setitem(["options", "first_player"], 3), None, None),
    "rounds missing": (delitem(["rounds"]), None, None),
    "rounds not a list": (setitem(["rounds"], {}), None, None),
    # -- a round's deal ------------------------------------------------------------
    "round not an object": (setitem(["rounds", 0], []), 0, None),
    "unknown round key": (setitem([*R0, "seed"], 1), 0, None),
    "hands missing": (delitem([*R0, "hands"]), 0, None),
    "discard missing": (delitem([*R0, "discard"]), 0, None),
    "moves missing": (delitem([*R0, M]), 0, None),
    "moves not a list": (setitem([*R0, M], {}), 0, None),
    "too few hands": (setitem([*R0, "hands"], [["1"] * 6] * 2), 0, None),
    "short hand": (setitem([*R0, "hands", 1], ["1"] * 5), 0, None),
    "unknown code in hand": (setitem([*R0, "hands", 1, 0], "7"), 0, None),
    "kadabra code in lama": (setitem([*R0, "hands", 1, 0], "2/3"), 0, None),
    "code not a string": (setitem([*R0, "hands", 1, 0], 2), 0, None),
    "deal does not fit the deck": (setitem([*R1, "hands", 0], ["2", "2", "2", "1", "1", "1"]), 1, None),
    "unknown discard": (setitem([*R1, "discard"], "0"), 1, None),
    "round after game end": (
        lambda d: (d["options"].update(target=10), d["rounds"].append(copy.deepcopy(d["rounds"][1]))), 1, None),
    "incomplete round followed by another": (lambda d: d[R0[0]][0][M].pop() and d["rounds"].append(
        copy.deepcopy(d["rounds"][1])), 0, 5),
    # -- one move -----------------------------------------------------------------
    "move not an object": (setitem([*R0, M, 1], ["play", "4"]), 0, 1),
    "move without action": (setitem([*R0, M, 1], {"seat": 1}), 0, 1),
    "move with two actions": (setitem([*R0, M, 1], {"seat": 1, "play": "4", "quit": True}), 0, 1),
    "unexpected key give": (setitem([*R0, M, 1, "give"], 0), 0, 1),
    "forced in lama": (setitem([*R0, M, 2, "forced"], True), 0, 2),
    "skip in lama": (setitem([*R0, M, 1], {"seat": 1, "skip": True}), 0, 1),
    "seat missing": (setitem([*R0, M, 1], {"play": "4"}), 0, 1),
    "seat true": (setitem([*R0, M, 1, "seat"], True), 0, 1),
    "seat out of range": (setitem([*R0, M, 1, "seat"], 3), 0, 1),
    "not that seat's turn": (setitem([*R0, M, 1, "seat"], 2), 0, 1),
    "card not held": (setitem([*R0, M, 1, "play"], "5"), 0, 1),
    "card not playable": (setitem([*R0, M, 4, "play"], "3"), 0, 4),
    "unknown play code": (setitem([*R0, M, 1, "play"], "four"), 0, 1),
    "drawn card unknown": (setitem([*R0, M, 2, "draw"], 6), 0, 2),
    "drawn card not in the pile": (setitem([*R0, M, 2, "draw"], "L"), 0, 2),  # 8 L: 2 dealt... see below
    "quit not exactly true": (setitem([*R0, M, 0, "quit"], 1), 0, 0),
    "last seat draws": (setitem([*R0, M, 4], {"seat": 2, "draw": "1"}), 0, 4),
    "move after round end": (lambda d: d["rounds"][0][M].append({"seat": 2, "quit": True}), 0, 6),
}


def _exhaust_llamas(data):
    """Make 'L' absent from the pile: every L is dealt or drawn before move 2."""
    data["rounds"][0]["hands"][0] = ["L"] * 6
    data["rounds"][0]["hands"][1] = ["2", "2", "4", "6", "L", "L"]
    data["rounds"][0]["moves"][0] = {"seat": 0, "quit": True}
    data["rounds"][0]["moves"][2] = {"seat": 2, "draw": "L"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_record_reports_where(name):
    fn, round_index, move_index = CASES[name]
    data = edit(fn) if name != "drawn card not in the pile" else edit(_exhaust_llamas)
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (round_index, move_index), e.value.reason
    assert e.value.reason and "\n" not in e.value.reason


def test_the_first_problem_is_reported():
    data = copy.deepcopy(BASE)
    data["rounds"][0]["moves"][1]["seat"] = 2          # round 0, move 1
    data["rounds"][1]["hands"][0][0] = "9"             # round 1, deal
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, 1)


def test_partial_records_are_valid():
    data = copy.deepcopy(BASE)
    data["rounds"][1]["moves"] = []
    assert result_of(replay(data))["scores"] == [25, 18, 19]
    data["rounds"] = []
    assert result_of(replay(data)) == {
        "format": "lama-result/1", "game": "lama", "finished": False, "rounds": [], "scores": [0, 0, 0], "winners": [],
    }
    del data["options"]
    assert result_of(replay(data))["finished"] is False


@pytest.mark.parametrize("content,fragment", [
    (b"\xff\xfe{}", "UTF-8"),
    (b"{not json", "not JSON"),
    (b"[]", "object"),
])
def test_unreadable_files(tmp_path, capsys, content, fragment):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out) == {"format": "lama-result/1", "error": {"round": None, "move": None,
                                                                     "reason": json.loads(out)["error"]["reason"]}}
    assert fragment in err and err.count("\n") == 1


def test_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json"), "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["round"] is None and "cannot read" in err


def test_human_output_for_a_valid_record(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(BASE))
    assert main(["replay", str(path)]) == 0
    out, _ = capsys.readouterr()
    assert "everyone quit" in out and "not finished" in out


def test_load_record_roundtrip(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(BASE))
    assert load_record(path) == BASE


# -- bounded input (docs/playing.md, "Game records"): every file gets the one-line error ----------------

def _replay_json(path, capsys):
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def _assert_file_error(path, capsys, fragment):
    code, out, err = _replay_json(path, capsys)
    assert code == 1
    assert out["format"] == "lama-result/1"
    assert (out["error"]["round"], out["error"]["move"]) == (None, None)
    assert fragment in out["error"]["reason"]
    assert err.count("\n") == 1 and "Traceback" not in err


def _text_with(value_json: str, key: str) -> str:
    """BASE as JSON text with `value_json` (raw JSON text) as the value of `key`."""
    data = copy.deepcopy(BASE)
    data[key] = "@@"
    return json.dumps(data).replace('"@@"', value_json)


@pytest.mark.parametrize("name,text,fragment", [
    ("nested brackets", "[" * 2000 + "]" * 2000, "nested more than 64"),
    ("nested objects", '{"a":' * 2000 + "1" + "}" * 2000, "nested more than 64"),
    ("unbalanced brackets", "[" * 2000, "nested more than 64"),
    ("nested in the record", _text_with("[" * 2000 + "]" * 2000, "options"), "nested more than 64"),
    ("huge integer", json.dumps(BASE).replace('"target": 40', '"target": 1' + "0" * 5000), "at most 20"),
    ("huge negative integer", "[-" + "9" * 5000 + "]", "at most 20"),
    ("21-digit integer", '{"format": "lama-record/1", "x": 100000000000000000000}', "at most 20"),
    ("long number", "[1." + "5" * 5000 + "]", "at most 40"),
    ("NaN", '{"format": NaN}', "NaN"),
    ("Infinity", '{"format": -Infinity}', "Infinity"),
    ("duplicate top key", '{"format": "lama-record/1", "format": "lama-record/1", "rounds": []}', "twice"),
    ("duplicate key in a move", json.dumps(BASE).replace('"quit": true', '"quit": true, "quit": true'), "twice"),
])
def test_inputs_beyond_the_bounds_are_clean_errors(tmp_path, capsys, name, text, fragment):
    path = tmp_path / "bad.json"
    path.write_text(text)
    _assert_file_error(path, capsys, fragment)


def test_the_cases_above_are_valid_within_the_bounds(tmp_path, capsys):
    """The same shapes, small enough, are accepted: the bounds are what refuses them."""
    path = tmp_path / "ok.json"
    data = copy.deepcopy(BASE)
    data["options"]["target"] = 10 ** 19  # 20 digits: parsed, then refused by the game's own bound
    path.write_text(json.dumps(data))
    code, out, _ = _replay_json(path, capsys)
    assert code == 1 and "at most 20" not in out["error"]["reason"] and "target" in out["error"]["reason"]
    path.write_text("[" * 64 + "]" * 64)  # 64 deep: JSON, just not a record
    code, out, _ = _replay_json(path, capsys)
    assert code == 1 and "nested" not in out["error"]["reason"]


def test_a_long_player_name_is_refused(tmp_path, capsys):
    data = copy.deepcopy(BASE)
    data["players"][1] = "B" * 100
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--json"]) == 0
    capsys.readouterr()
    data["players"][1] = "B" * 101
    path.write_text(json.dumps(data))
    _assert_file_error(path, capsys, "at most 100 characters")


def test_an_oversized_file_is_refused_without_reading_it_all(tmp_path, capsys):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(16 * 1024 * 1024 + 1)  # sparse: no disk used
    _assert_file_error(path, capsys, "larger than 16 MB")
    with open(path, "r+b") as f:
        f.truncate(16 * 1024 * 1024)  # exactly the cap: read, then refused for what it holds
    code, out, _ = _replay_json(path, capsys)
    assert code == 1 and "larger" not in out["error"]["reason"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_an_endless_file_is_refused(capsys):
    _assert_file_error("/dev/zero", capsys, "larger than 16 MB")


def test_a_huge_value_in_a_reason_is_cut_to_one_short_line(capsys, tmp_path):
    data = copy.deepcopy(BASE)
    data["rounds"][0]["hands"][1][0] = "x" * 100_000
    with pytest.raises(RecordError) as e:
        replay(data)
    assert len(e.value.reason) <= 300 and e.value.reason.endswith("...")
    data["rounds"][0]["hands"][1][0] = "7\n8"
    with pytest.raises(RecordError) as e:
        replay(data)
    assert "\n" not in e.value.reason


def test_hint_gives_the_error_object_too(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("[" * 2000)
    assert main(["hint", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["round"] is None and "nested" in err and err.count("\n") == 1
