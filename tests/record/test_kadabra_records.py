"""Kadabra records (RECORD.md): `give`, `forced`, `take_stage` and `skip`, valid and invalid.

BASE is a hand-written two-round game; the comments follow the chips. Each invalid case
edits it and names where the error must be reported (round, move).
"""

import copy
import json

import pytest

from lama.cli import main
from lama.core import DRAW, QUIT, Deal, play
from lama.core.actions import SKIP, TAKE_STAGE
from lama.games import new_game
from lama.record import RecordError, RecordWriter, replay, result_of

ROUND0_MOVES = [
    {"seat": 0, "play": "1", "give": 2},     # 0  K4: a white to seat 2: points 2 3 4
    {"seat": 1, "play": "2"},                # 1
    {"seat": 2, "play": "2/3"},              # 2  K3
    {"seat": 0, "play": "2+"},               # 3  K5: seat 1 must draw first
    {"seat": 1, "draw": "3", "forced": True},  # 4
    {"seat": 1, "play": "3*"},               # 5  K6: seat 1 takes the magic chip
    {"seat": 2, "play": "4/5"},              # 6
    {"seat": 0, "play": "6"},                # 7
    {"seat": 1, "play": "L"},                # 8  K8: stage 1 white; points 2 2 4
    {"seat": 2, "play": "L"},                # 9  stage 2; 2 2 3
    {"seat": 0, "play": "L"},                # 10 stage 3; 1 2 3
    {"seat": 1, "play": "L"},                # 11 stage 4; 1 1 3
    {"seat": 2, "play": "L"},                # 12 stage 5: the show starts; 1 1 2
    {"seat": 0, "play": "L"},                # 13 K9: an L in the show; stage 6; 0 1 2
    {"seat": 1, "skip": True},               # 14 K7: skip during the show
    {"seat": 2, "take_stage": True},         # 15 K9: seat 2 takes 6: 0 1 8
    {"seat": 2, "play": "1", "give": 0},     # 16 ... and plays its normal turn: 1 1 7
    {"seat": 0, "quit": True},               # 17
    {"seat": 1, "draw": "2"},                # 18
    {"seat": 2, "quit": True},               # 19
    {"seat": 1, "play": "2"},                # 20
    {"seat": 1, "play": "3"},                # 21
    {"seat": 1, "play": "4"},                # 22
    {"seat": 1, "play": "5"},                # 23 seat 1 empties its hand
]

BASE = {
    "format": "lama-record/1",
    "game": "kadabra",
    "players": ["Ann", "Bob", "Cem"],
    "options": {},
    "rounds": [
        {
            "hands": [["1", "2+", "L", "L", "L", "6"], ["2", "3*", "L", "L", "4", "5"],
                      ["1", "2/3", "L", "L", "4/5", "6+"]],
            "discard": "1",
            "moves": ROUND0_MOVES,
        },
        {
            "hands": [["3", "3", "3", "4", "4", "4"], ["3*", "5", "5", "5", "6", "6"], ["L", "L", "1", "1", "2", "2"]],
            "discard": "2",
            "moves": [
                {"seat": 1, "play": "3*"},  # the round-ender of round 0 starts (C4); K6
                {"seat": 2, "quit": True},
                {"seat": 0, "play": "3"},
                {"seat": 1, "quit": True},
                {"seat": 0, "quit": True},
            ],
        },
    ],
}


def test_base_record_follows_the_rules():
    result = result_of(replay(copy.deepcopy(BASE)))
    assert result["rounds"][0] == {
        "ended_by": "empty_hand", "ender": 1,
        "penalties": [10, 0, 6],   # seat 0 holds an L, seat 2 a 6+
        "returned": [0, 1, 0],     # C5: seat 1 had 1 point
        "scores": [11, 0, 13],
    }
    # round 1: seat 1 holds the magic chip at scoring (K11): 5 + 6 + 10
    assert result["rounds"][1] == {
        "ended_by": "all_quit", "ender": 0,
        "penalties": [7, 21, 13], "returned": [0, 0, 0], "scores": [18, 21, 26],
    }
    assert result["scores"] == [18, 21, 26] and not result["finished"]


@pytest.mark.parametrize("moves,scores", [
    (4, [2, 3, 4]),    # stops with a forced draw pending
    (6, [2, 3, 4]),    # the magic chip held mid-round counts nothing
    (13, [1, 1, 2]),   # stage chips belong to nobody
    (16, [0, 1, 8]),   # after taking the stage
])
def test_partial_kadabra_records(moves, scores):
    data = copy.deepcopy(BASE)
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["moves"] = ROUND0_MOVES[:moves]
    assert result_of(replay(data))["scores"] == scores


def test_a_deck_option_replays():
    data = copy.deepcopy(BASE)
    data["options"] = {"deck": {"1": 6, "2": 4, "2+": 1, "2/3": 1, "3": 4, "3*": 1, "4": 4, "4/5": 1, "5": 4,
                                "6": 4, "6+": 1, "L": 12}}
    assert result_of(replay(data))["scores"] == [18, 21, 26]


def edit(path, value=None, delete=False, append=None):
    def fn(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        if delete:
            del target[path[-1]]
        elif append is not None:
            target[path[-1]].append(append)
        else:
            target[path[-1]] = value
    return fn


def M(i):
    return ["rounds", 0, "moves", i]


def insert(i, move):
    return lambda d: d["rounds"][0]["moves"].insert(i, move)


def pop(i):
    return lambda d: d["rounds"][0]["moves"].pop(i)


def truncate_and_follow(n):
    return lambda d: d["rounds"][0].__setitem__("moves", d["rounds"][0]["moves"][:n])


GIFT_TO_QUIT = {  # seat 0 plays a 1 after seats 1 and 2 quit: nobody may receive
    "format": "lama-record/1", "game": "kadabra", "players": ["A", "B", "C"],
    "rounds": [{
        "hands": [["L", "1", "2", "3", "4", "5"], ["2", "2", "2", "3", "3", "6"], ["4", "4", "4", "L", "5", "5"]],
        "discard": "6",
        "moves": [{"seat": 0, "play": "L"}, {"seat": 1, "quit": True}, {"seat": 2, "quit": True},
                  {"seat": 0, "play": "1"}],
    }],
}

CASES = {
    # -- give (K4) ---------------------------------------------------------------
    "give missing": (edit([*M(0), "give"], delete=True), 0, 0),
    "give with a 2": (edit([*M(1), "give"], 0), 0, 1),
    "give with an L": (edit([*M(8), "give"], 0), 0, 8),
    "give to self": (edit([*M(0), "give"], 0), 0, 0),
    "give to no seat": (edit([*M(0), "give"], 3), 0, 0),
    "give true": (edit([*M(0), "give"], True), 0, 0),
    "give a string": (edit([*M(0), "give"], "2"), 0, 0),
    "give on a draw": (edit([*M(18), "give"], 0), 0, 18),
    # -- forced draw (K5) ---------------------------------------------------------
    "forced draw left out": (pop(4), 0, 4),
    "forced draw by the wrong seat": (edit([*M(4), "seat"], 2), 0, 4),
    "forced draw when none is due": (edit([*M(18), "forced"], True), 0, 18),
    "forced not exactly true": (edit([*M(4), "forced"], 1), 0, 4),
    "forced card not in the pile": (edit([*M(4), "draw"], "2+"), 0, 4),
    "forced on a play": (edit([*M(5), "forced"], True), 0, 5),
    "forced draw twice": (insert(5, {"seat": 1, "draw": "4", "forced": True}), 0, 5),
    "incomplete round with a forced draw pending": (
        lambda d: (truncate_and_follow(4)(d)), 0, 4),
    # -- magic show (K9) ---------------------------------------------------------
    "quit during a show": (edit(M(13), {"seat": 0, "quit": True}), 0, 13),
    "draw during a show": (edit(M(13), {"seat": 0, "draw": "4"}), 0, 13),
    "other card during a show": (edit(M(15), {"seat": 2, "play": "1", "give": 0}), 0, 15),
    "take the stage outside a show": (edit(M(1), {"seat": 1, "take_stage": True}), 0, 1),
    "take the stage twice": (insert(16, {"seat": 2, "take_stage": True}), 0, 16),
    "take_stage not exactly true": (edit([*M(15), "take_stage"], "yes"), 0, 15),
    "take_stage by the wrong seat": (edit([*M(15), "seat"], 0), 0, 15),
    # -- skip (K7) -----------------------------------------------------------------
    "skip without the magic chip": (edit(M(1), {"seat": 1, "skip": True}), 0, 1),
    "skip not exactly true": (edit([*M(14), "skip"], False), 0, 14),
    "skip with a card": (edit([*M(14), "play"], "L"), 0, 14),
    "skip by the wrong seat": (edit([*M(14), "seat"], 2), 0, 14),
    # -- codes and the deck (K1) ---------------------------------------------------
    "no 1-star": (edit([*M(1), "play"], "1*"), 0, 1),
    "no L-rectangle in a hand": (edit(["rounds", 0, "hands", 0, 0], "L+"), 0, None),
    "deck with an unknown code": (edit(["options", "deck"], {"L": 60, "7": 1}), None, None),
    "deck count true": (edit(["options", "deck"], {"L": True}), None, None),
    "deck count float": (edit(["options", "deck"], {"L": 60.0}), None, None),
    "deck too small": (edit(["options", "deck"], {"L": 18}), None, None),
    "deck not a map": (edit(["options", "deck"], 60), None, None),
    "deal does not fit the deck": (edit(["options", "deck"], {"L": 60}), 0, None),
    # -- order of moves --------------------------------------------------------------
    "move after the round ended": (edit(["rounds", 0, "moves"], append={"seat": 2, "quit": True}), 0, 24),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_kadabra_record_reports_where(name):
    fn, round_index, move_index = CASES[name]
    data = copy.deepcopy(BASE)
    fn(data)
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (round_index, move_index), e.value.reason
    assert e.value.reason and "\n" not in e.value.reason


def test_no_gift_to_a_seat_that_has_quit():
    data = copy.deepcopy(GIFT_TO_QUIT)
    assert result_of(replay(data))["scores"] == [2, 3, 3]  # nobody left to receive: play "1" alone
    for give in (1, 2):
        data["rounds"][0]["moves"][3]["give"] = give
        with pytest.raises(RecordError) as e:
            replay(data)
        assert (e.value.round, e.value.move) == (0, 3) and "K4" in e.value.reason


def test_replay_cli_reports_a_kadabra_error(tmp_path, capsys):
    data = copy.deepcopy(BASE)
    del data["rounds"][0]["moves"][4]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    got = json.loads(out)["error"]
    assert (got["round"], got["move"]) == (0, 4) and "K5" in got["reason"] and err.count("\n") == 1


# -- writing: the core's events give back the same record ----------------------------
def _action(move):
    if "play" in move:
        return play(move["play"], move.get("give")), None
    if "draw" in move:
        return (None if move.get("forced") else DRAW), move["draw"]
    if "quit" in move:
        return QUIT, None
    return (SKIP if "skip" in move else TAKE_STAGE), None


def test_writer_writes_give_forced_take_stage_and_skip():
    game = new_game("kadabra", 3, BASE["options"])
    state = game.new_initial_state()
    writer = RecordWriter(game, BASE["players"])
    for rnd in BASE["rounds"]:
        writer.add(state.apply_chance(Deal(tuple(tuple(h) for h in rnd["hands"]), rnd["discard"])))
        for move in rnd["moves"]:
            action, card = _action(move)
            if action is not None:
                writer.add(state.apply(action, move["seat"]))
            if card is not None:
                writer.add(state.apply_chance(card))
    assert writer.data == BASE
