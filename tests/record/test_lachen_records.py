"""Records of lama and komarami with the L.A.M.A. Lachen promo (RECORD.md): the option `lachen`
and the move `take_stage` (LL2, take the puddle), written, read, replayed and counted by the
ledger. BASE is a hand-written two-round game; the comments follow the chips."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import load_bot
from lama.cli import main
from lama.games import new_game
from lama.match import Match
from lama.record import RecordError, replay, result_of
from lama.record.ledger import replay_ledger

ROUND1_MOVES = [
    {"seat": 1, "play": "L"},             # 0  LL1: a white in the puddle: 21 15, puddle (1, 0)
    {"seat": 0, "play": "L"},             # 1  20 15, (2, 0)
    {"seat": 1, "play": "L"},             # 2  20 14, (3, 0)
    {"seat": 0, "play": "L"},             # 3  seat 0 holds two blacks: 10 14, (3, 1)
    {"seat": 1, "play": "L"},             # 4  10 13, (4, 1): laughing time
    {"seat": 0, "play": "L"},             # 5  LL2: an L on the L, its whole turn: 0 13, (4, 2)
    {"seat": 1, "take_stage": True},      # 6  LL2: no L, so it takes the puddle: 0 37
    {"seat": 1, "draw": "1"},             # 7  ... and takes a normal turn
    {"seat": 0, "quit": True},            # 8
    {"seat": 1, "play": "1"},             # 9
    {"seat": 1, "play": "2"},             # 10
    {"seat": 1, "quit": True},            # 11 all quit: 6 for 6 6 6, 5 for 5 5
]

BASE = {
    "format": "lama-record/1",
    "game": "lama",
    "players": ["Ann", "Bob"],
    "options": {"lachen": True},
    "rounds": [
        {
            "hands": [["1", "2", "3", "4", "5", "6"], ["L", "L", "L", "L", "L", "6"]],
            "discard": "1",
            "moves": [{"seat": 0, "quit": True}, {"seat": 1, "quit": True}],  # 21 and 16 points
        },
        {
            "hands": [["L", "L", "L", "6", "6", "6"], ["L", "L", "L", "5", "5", "2"]],
            "discard": "6",
            "moves": ROUND1_MOVES,
        },
    ],
}


def test_LL_record_follows_the_rules():
    result = result_of(replay(copy.deepcopy(BASE)))
    assert result["rounds"][1] == {"ended_by": "all_quit", "ender": 1, "penalties": [6, 5], "returned": [0, 0],
                                   "scores": [6, 42]}
    assert result["finished"] and result["winners"] == [0]


@pytest.mark.parametrize("moves,scores", [
    (5, [10, 13]),   # the puddle's chips belong to nobody
    (7, [0, 37]),    # after taking the puddle
])
def test_LL_partial_records(moves, scores):
    data = copy.deepcopy(BASE)
    data["rounds"][1]["moves"] = ROUND1_MOVES[:moves]
    assert result_of(replay(data))["scores"] == scores


def test_LL_the_ledger_counts_the_puddle_chips():
    _, ledger = replay_ledger(copy.deepcopy(BASE))
    entry = ledger.rounds[1]
    assert entry.before == (21, 16) and entry.after == (6, 42)
    assert entry.chips == (-21, 21)  # seat 0 put 21 in; seat 1 put 3 in and took 24


def test_LL_komarami_record():
    data = copy.deepcopy(BASE)
    data["game"] = "komarami"  # 10 per mosquito: round 0 costs seat 1 6 + 50
    data["options"]["target"] = 100
    data["rounds"][1]["moves"] = ROUND1_MOVES[:7]
    result = result_of(replay(data))
    assert result["rounds"][0]["scores"] == [21, 56] and result["scores"] == [0, 77]  # 53 + 24 taken


def _error(data):
    with pytest.raises(RecordError) as err:
        replay(data)
    return err.value


@pytest.mark.parametrize("value", [1, "true", None])
def test_LL_option_must_be_true_or_false(value):
    data = copy.deepcopy(BASE)
    data["options"]["lachen"] = value
    err = _error(data)
    assert (err.round, err.move) == (None, None)


def test_LL_off_the_option_refuses_take_stage_and_scores_otherwise():
    data = copy.deepcopy(BASE)
    data["options"] = {"lachen": False}
    err = _error(data)
    assert (err.round, err.move) == (1, 6)  # every move before it is a lama move
    data["options"] = {}
    assert (_error(data).round, _error(data).move) == (err.round, err.move)


def test_LL_take_stage_only_in_laughing_time_and_exactly_true():
    data = copy.deepcopy(BASE)
    data["rounds"][1]["moves"].insert(4, {"seat": 1, "take_stage": True})
    assert (_error(data).round, _error(data).move) == (1, 4)
    data = copy.deepcopy(BASE)
    data["rounds"][1]["moves"][6]["take_stage"] = 1
    assert (_error(data).round, _error(data).move) == (1, 6)
    data = copy.deepcopy(BASE)
    data["rounds"][1]["moves"][6] = {"seat": 1, "quit": True}  # no quitting before taking the puddle
    assert (_error(data).round, _error(data).move) == (1, 6)


def test_LL_replay_command(tmp_path, capsys):
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(BASE))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == [6, 42]


@settings(deadline=None, max_examples=15)
@given(game_id=st.sampled_from(["lama", "komarami"]), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_LL_records_written_during_play_replay_and_add_up(game_id, players, seed):
    game = new_game(game_id, players, {"lachen": True})
    names = ["heuristic" if s % 2 else "random" for s in range(players)]
    match = Match(game, [load_bot(n) for n in names], seed, names)
    state = match.run()
    data = json.loads(json.dumps(match.record.data))
    assert data["options"] == {"lachen": True}
    assert result_of(replay(data)) == result_of(state)
    replayed, ledger = replay_ledger(data)
    for entry, scored in zip(ledger.rounds, replayed.history):
        for s in range(players):
            assert (entry.before[s] + entry.penalty[s] + entry.bonus[s] - entry.back[s] + entry.chips[s]
                    == entry.after[s] == scored.scores[s])
