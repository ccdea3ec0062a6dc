"""Party records (RECORD.md): plus cards and the party llama are ordinary plays, the extra turn
(P3) is not written; a hand-written game, invalid edits reported where they are, and a round trip
over seeded games (writer -> JSON -> replay -> `lama replay --json`, the ledger adding up)."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import load_bot
from lama.cli import main
from lama.games import new_game
from lama.games.party import CODES, DEFAULT_DECK
from lama.match import Match
from lama.record import RecordError, replay, result_of
from lama.record.ledger import replay_ledger

BASE = {
    "format": "lama-record/1",
    "game": "party",
    "players": ["Ann", "Bob", "Cem"],
    "options": {},
    "rounds": [
        {
            "hands": [["3+", "4+", "5", "P", "6", "6"], ["L", "6", "5", "2", "2", "3"],
                      ["1", "1", "2", "3", "4", "L"]],
            "discard": "3",
            "moves": [
                {"seat": 0, "play": "3+"},  # 0  P3: Ann plays again at once
                {"seat": 0, "play": "4+"},  # 1  P3: a plus card in that turn gives yet another
                {"seat": 0, "play": "5"},   # 2  a plain card: Bob's turn
                {"seat": 1, "play": "6"},   # 3
                {"seat": 2, "play": "L"},   # 4
                {"seat": 0, "quit": True},  # 5  P4: Ann keeps P, 6, 6: 20 + 6
                {"seat": 1, "play": "L"},   # 6
                {"seat": 2, "play": "1"},   # 7
                {"seat": 1, "quit": True},  # 8  Bob keeps 5, 2, 2, 3: 10
                {"seat": 2, "play": "1"},   # 9  C1: the only seat in moves on
                {"seat": 2, "play": "2"},   # 10
                {"seat": 2, "play": "3"},   # 11
                {"seat": 2, "play": "4"},   # 12 Cem empties her hand (no chip to give back)
            ],
        },
        {
            "hands": [["5+", "6", "L", "1", "2", "2"], ["6+", "6", "6", "6", "6", "6"],
                      ["P", "L", "5", "3", "3", "3"]],
            "discard": "4",
            "moves": [
                {"seat": 2, "play": "5"},   # 0  C4: Cem ended round 0
                {"seat": 0, "play": "5+"},  # 1  P3
                {"seat": 0, "play": "6"},   # 2
                {"seat": 1, "play": "6+"},  # 3  P3
                {"seat": 1, "quit": True},  # 4  P3: the extra turn ends by quitting; Bob keeps five 6s
                {"seat": 2, "quit": True},  # 5  P4: Cem keeps L, P, 3: 10 + 20 + 3
                {"seat": 0, "play": "L"},   # 6
                {"seat": 0, "play": "1"},   # 7
                {"seat": 0, "play": "2"},   # 8
                {"seat": 0, "play": "2"},   # 9  Ann empties her hand: C5 gives back her highest chip
            ],
        },
    ],
}


def test_P1_P4_a_written_game_replays_to_its_scores():
    result = result_of(replay(copy.deepcopy(BASE)))
    assert result["rounds"][0] == {
        "ended_by": "empty_hand", "ender": 2,
        "penalties": [26, 10, 0],  # P4: Ann's P, 6, 6 cost 20 + 6; Bob's 5, 2, 3 cost 10
        "returned": [0, 0, 0], "scores": [26, 10, 0],
    }
    assert result["rounds"][1] == {
        "ended_by": "empty_hand", "ender": 0,
        "penalties": [0, 6, 33],  # P4: Cem's L, P and 3 cost 10 + 20 + 3
        "returned": [20, 0, 0],  # P5, C5: Ann's 26 points hold a pink chip, and it goes back
        "scores": [6, 16, 33],
    }
    assert not result["finished"] and result["winners"] == []


def test_P3_after_a_plus_card_another_seat_may_not_move():
    data = copy.deepcopy(BASE)
    data["rounds"][0]["moves"][1] = {"seat": 1, "play": "4+"}
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, 1)


def test_P3_a_plain_card_passes_the_turn():
    data = copy.deepcopy(BASE)
    data["rounds"][0]["moves"].insert(3, {"seat": 0, "play": "5"})  # Ann again after her plain 5
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, 3)


@pytest.mark.parametrize("code", ["1*", "L+", "7+", "2/3"])
def test_P1_codes_that_are_not_partys_are_errors_of_the_deal(code):
    data = copy.deepcopy(BASE)
    data["rounds"][0]["hands"][1][0] = code
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, None)


def test_P1_the_party_llama_is_no_card_of_lama():
    data = copy.deepcopy(BASE)
    data["game"] = "lama"
    with pytest.raises(RecordError) as e:
        replay(data)
    assert e.value.round == 0


def test_P1_one_party_llama_in_the_deck():
    data = copy.deepcopy(BASE)
    data["rounds"][0]["hands"][2][0] = "P"  # a second P in the deal: it does not fit the deck
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, None)


def test_P2_the_option_says_whether_P_may_follow_P():
    deck = {**dict(zip(CODES, DEFAULT_DECK)), "P": 2}  # two party llamas
    data = {"format": "lama-record/1", "game": "party", "players": ["Ann", "Bob"], "options": {"deck": deck},
            "rounds": [{"hands": [["P", "1", "1", "1", "1", "1"], ["P", "L", "2", "2", "2", "2"]], "discard": "3",
                        "moves": [{"seat": 0, "play": "P"}, {"seat": 1, "play": "P"}]}]}
    replay(copy.deepcopy(data))  # the default: a P on a P
    other = copy.deepcopy(data)
    other["rounds"][0]["moves"][1] = {"seat": 1, "play": "L"}  # on a P, as on a llama: an L (or a 1)
    replay(other)
    data["options"]["party_on_party"] = False
    with pytest.raises(RecordError) as e:
        replay(data)
    assert (e.value.round, e.value.move) == (0, 1)


def test_the_replay_tells_the_rounds_and_the_json(tmp_path, capsys):
    path = tmp_path / "party.record.json"
    path.write_text(json.dumps(BASE))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == result_of(replay(copy.deepcopy(BASE)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("L.A.M.A. Party Edition, 3 players") and "Round 2:" in out
    assert "chip back" in out and "-20" in out  # P5: the pink chip given back


def played(players: int, seed: int) -> tuple[dict, object, Match]:
    game = new_game("party", players)
    names = ["heuristic" if s % 2 else "random" for s in range(players)]
    match = Match(game, [load_bot(n) for n in names], seed, names)
    state = match.run()
    return match.record.data, state, match


@settings(deadline=None, max_examples=25)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_P3_seeded_games_round_trip(players, seed):
    """A written record is its game: JSON text back, replayed to the same result and scores, with
    every plus card's extra turn a move of the same seat and nothing written for it."""
    data, state, _ = played(players, seed)
    text = json.dumps(data)
    again = json.loads(text)
    assert again == data and again["game"] == "party"
    replayed = replay(again)
    assert result_of(replayed) == result_of(state)
    for round_ in again["rounds"]:
        moves = round_["moves"]
        for move, after in zip(moves, moves[1:]):
            assert set(move) <= {"seat", "play", "draw", "quit"}
            if move.get("play", "").endswith("+"):
                assert after["seat"] == move["seat"]  # P3: the same seat's next move follows
    _, ledger = replay_ledger(json.loads(text))
    for entry, scored in zip(ledger.rounds, replayed.history):
        for s in range(players):
            changes = entry.penalty[s] + entry.bonus[s] - entry.back[s] + entry.chips[s]
            assert entry.before[s] + changes == entry.after[s] == scored.scores[s]
