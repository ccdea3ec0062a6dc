"""Hints: estimates for every legal action, in the terminal and for a record position."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from helpers import card_state
from lama.bots.hints import hints, hints_json
from lama.bots.ismcts import IsmctsBot
from lama.bots.rollout import RolloutBot
from lama.cli import main
from lama.core import DRAW, QUIT, play
from lama.tui.hints import show_hints
from lama.tui.render import move_text

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "spec" / "examples"


def _record(tmp_path, data) -> str:
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(data))
    return str(path)


def _lama_record():
    """Three seats; round 0 has four moves: seat 0 plays 4, seat 1 draws a 2, seat 2 plays 5, seat 0 quits."""
    return {
        "format": "lama-record/1", "game": "lama", "players": ["Ann", "Bob", "Cem"], "options": {},
        "rounds": [{
            "hands": [["4", "6", "6", "L", "1", "2"], ["1", "1", "3", "3", "5", "5"], ["5", "6", "L", "2", "2", "3"]],
            "discard": "3",
            "moves": [
                {"seat": 0, "play": "4"}, {"seat": 1, "draw": "2"}, {"seat": 2, "play": "5"}, {"seat": 0, "quit": True},
            ],
        }],
    }


@pytest.mark.parametrize("bot", [IsmctsBot(iterations=60), RolloutBot(samples=60)], ids=["ismcts", "rollout"])
def test_hints_cover_every_legal_action_and_name_the_choice(bot):
    state = card_state("lama", hands=[["4", "5", "L"], ["2", "2"], ["6", "1"]], top="3")
    view = state.view(0)
    result = hints(view, random.Random(0), bot=bot)
    assert [r.action for r in result.rows] == list(view.legal_actions) == [play("4"), DRAW, QUIT]
    assert result.choice in view.legal_actions
    assert sum(r.tries for r in result.rows) == 60
    for r in result.rows:
        assert 0.0 <= r.value <= 1.0 and r.stderr >= 0.0
    # quitting now costs exactly the hand's penalty (C7: 4 + 5 + 10)
    assert next(r for r in result.rows if r.action == QUIT).points == 19


def test_hints_are_reproducible_and_json_ready():
    view = card_state("komarami", hands=[["4", "5", "L", "L"], ["2", "2"]], top="4").view(0)
    a = hints_json(hints(view, random.Random(3), budget=50))
    b = hints_json(hints(view, random.Random(3), budget=50))
    assert a == b
    json.dumps(a)
    assert {x["text"] for x in a["actions"]} == {"play 4", "play 5", "draw", "quit"}


def test_hints_refuse_a_view_without_a_decision():
    view = card_state("lama", hands=[["4"], ["2"]], top="3").view(1)
    with pytest.raises(ValueError, match="no decision"):
        hints(view, random.Random(0), budget=10)


def test_show_hints_prints_a_table_for_the_terminal_game():
    from rich.console import Console


    out = io.StringIO()
    view = card_state("lama", hands=[["4", "5"], ["2", "2"]], top="3").view(0)
    result = show_hints(view, Console(file=out, width=100), random.Random(0), budget=40)
    text = out.getvalue()
    assert "Play a 4" in text and "Draw a card" in text and "Quit the round" in text  # as the page says them
    assert f"would choose: {move_text(result.choice, 'lama')}" in text


# -- lama hint RECORD ------------------------------------------------------------------------

def test_hint_for_a_record_position_lists_the_move_that_was_played(tmp_path, capsys):
    path = _record(tmp_path, _lama_record())
    assert main(["hint", path, "--round", "1", "--move", "3", "--budget", "40", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["format"], out["round"], out["move"], out["seat"]) == ("lama-hint/1", 0, 2, 2)
    texts = [a["text"] for a in out["actions"]]
    assert "play 5" in texts  # what seat 2 played there
    assert out["choice"] in [a["action"] for a in out["actions"]]


def test_hint_without_move_is_for_the_position_after_the_last_move(tmp_path, capsys):
    path = _record(tmp_path, _lama_record())
    assert main(["hint", path, "--budget", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["round"], out["move"], out["seat"]) == (0, 4, 1)  # seat 0 quit; seat 1 is next


def test_hint_uses_only_what_the_seat_to_move_can_see(tmp_path, capsys):
    """Two records that differ only in cards seat 2 cannot see give the same hint."""
    data = _lama_record()
    assert main(["hint", _record(tmp_path, data), "--move", "3", "--budget", "40", "--json"]) == 0
    first = capsys.readouterr().out
    other = json.loads(json.dumps(data))
    other["rounds"][0]["hands"][1] = ["1", "1", "4", "4", "5", "5"]  # seat 1's hidden hand, 3s -> 4s
    assert main(["hint", _record(tmp_path, other), "--move", "3", "--budget", "40", "--json"]) == 0
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("argv, message", [
    (["--round", "3"], "no round 3"),
    (["--move", "9"], "moves 1 to 4"),
    (["--move", "0"], "moves 1 to 4"),  # moves and rounds count from 1
    (["--round", "0"], "no round 0: the record has rounds 1 to 1"),
    (["--move", "2", "--seat", "1"], "Bob (seat 2) is to move, not Ann (seat 1)"),  # seats numbered from 1
    (["--move", "2", "--seat", "0"], "--seat 0: there is no seat 0: seats are numbered from 1 to 3"),
    (["--move", "2", "--after-roll"], "dice records only"),
])
def test_hint_explains_a_bad_position(tmp_path, capsys, argv, message):
    path = _record(tmp_path, _lama_record())
    assert main(["hint", path, "--budget", "10", *argv]) == 2
    assert message in capsys.readouterr().err


def test_hint_reports_an_invalid_record(tmp_path, capsys):
    data = _lama_record()
    data["rounds"][0]["moves"][0] = {"seat": 1, "play": "4"}
    assert main(["hint", _record(tmp_path, data), "--budget", "10"]) == 1
    assert "round 1, move 1" in capsys.readouterr().err


def test_K5_a_forced_draw_is_not_a_decision(tmp_path, capsys):
    record = {
        "format": "lama-record/1", "game": "kadabra", "players": ["A", "B"], "options": {},
        "rounds": [{
            "hands": [["3+", "5", "6", "L", "1", "2"], ["1", "1", "4", "4", "5", "5"]],
            "discard": "3",
            "moves": [{"seat": 0, "play": "3+"}, {"seat": 1, "draw": "3", "forced": True}],
        }],
    }
    path = _record(tmp_path, record)
    assert main(["hint", path, "--move", "2", "--budget", "10"]) == 2
    assert "a chance outcome comes next: B must draw a card first (rectangle card)" in capsys.readouterr().err
    assert main(["hint", path, "--budget", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 1 and "play 3" in [a["text"] for a in out["actions"]]


def test_D3_after_roll_gives_the_hint_for_the_discard(tmp_path, capsys):
    record = {
        "format": "lama-record/1", "game": "dice", "players": ["A", "B"], "options": {},
        "rounds": [{
            "hands": [["1", "2", "2", "4", "6", "6"], ["3", "3", "5", "5", "L", "L"]],
            "moves": [{"seat": 0, "roll": ["1", "L", "6"], "discard": ["1", "6"]}],
        }],
    }
    path = _record(tmp_path, record)
    assert main(["hint", path, "--move", "1", "--after-roll", "--budget", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(a["text"] for a in out["actions"]) == ["discard 1", "discard 1 6", "discard 6"]
    assert main(["hint", path, "--move", "1", "--budget", "20", "--json"]) == 0
    assert sorted(a["text"] for a in json.loads(capsys.readouterr().out)["actions"]) == ["quit", "roll"]


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the shared examples are not beside the checkout")
def test_hint_on_a_sample_record(capsys):
    assert main(["hint", str(EXAMPLES / "lama-01.record.json"), "--round", "2", "--move", "3", "--budget", "30"]) == 0
    assert "would choose" in capsys.readouterr().out


@pytest.mark.parametrize("move, message", [
    ({"seat": 0, "roll": "L51", "discard": ["1"]}, "list of 3 face codes, one per die"),
    ({"seat": 0, "roll": ["L", "5"], "discard": ["1"]}, "list of 3 face codes, one per die"),
    ({"seat": 0, "roll": ["L", 5, "1"], "discard": ["1"]}, "list of 3 face codes, one per die"),
    ({"seat": 1, "roll": ["1", "L", "6"], "discard": ["1"]}, 'a roll of "seat": 1, but seat 1 ("seat": 0) is to move'),
])
def test_after_roll_refuses_what_is_not_a_roll_of_the_seat_to_move(tmp_path, capsys, move, message):
    record = {
        "format": "lama-record/1", "game": "dice", "players": ["A", "B"], "options": {},
        "rounds": [{"hands": [["1", "2", "2", "4", "6", "6"], ["3", "3", "5", "5", "L", "L"]], "moves": [move]}],
    }
    assert main(["hint", _record(tmp_path, record), "--move", "1", "--after-roll", "--budget", "10"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("game_id", ["lama", "dice"])
def test_hints_show_the_calibrated_win_chance_not_the_sharpened_one(game_id):
    """Issue 39: a hint's win chance values a round's end at the fitted temperatures (as the review
    does, its calibration in docs/review.md), not at the sharper ones hard moves by."""
    from lama.bots.levels import hard_search
    from lama.bots.rollout import best_of, evaluate_actions
    from lama.bots.values import fitted_temperatures
    from lama.games import new_game

    state, rng = new_game(game_id, 3).new_initial_state(), random.Random(1)
    while state.to_move is None or len(state.legal_actions()) < 2:  # the first decision with a choice
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    view = state.view(state.to_move)
    result = hints(view, random.Random(5), budget=400)

    def search(temps):
        return evaluate_actions(view, random.Random(5), 400, halving=hard_search.halving, infer=hard_search.infer,
                                temps=temps)

    calibrated = search(fitted_temperatures(game_id, 3))
    assert [r.value for r in result.rows] == [e.mean for _, e in calibrated]
    assert result.choice == best_of(calibrated)
    assert result.method.endswith("calibrated")
    # a round's end is valued here, and the two temperatures tell its value apart
    assert [e.mean for _, e in calibrated] != [e.mean for _, e in search(None)]
