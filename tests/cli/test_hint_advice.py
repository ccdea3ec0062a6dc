"""Advice that agrees with itself: the hint table is best first by the measure the choice uses,
the choice on top, and a position gets the same hint at the terminal and from `lama hint`."""

import io
import json

import pytest
from rich.console import Console

from lama.bots import load_bot
from lama.bots.hints import hints, hints_json
from lama.cli import main
from lama.games import new_game
from lama.match import Match
from lama.tui.hints import print_hints, ranked


def live_position(game_id: str, seed: int, decisions: int):
    """A game played by random bots until `decisions` decisions were made and a seat is to move:
    the live view of that seat and the record so far."""
    game = new_game(game_id, 3)
    match = Match(game, [load_bot("random")] * 3, seed, ["Ann", "Bob", "Cem"])
    while match.decisions < decisions or match.state.to_move is None:
        match.step()
    return match.state.view(match.state.to_move), json.loads(json.dumps(match.record.data))


@pytest.mark.parametrize("game_id", ["lama", "kadabra", "dice"])
def test_terminal_and_lama_hint_give_the_same_advice(tmp_path, capsys, game_id):
    view, data = live_position(game_id, 4, 5)
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(data))
    rounds = data["rounds"]
    argv = ["hint", str(path), "--round", str(len(rounds)), "--budget", "60", "--json"]
    if game_id == "dice" and view.roll is not None:  # the decision after a roll: its discard or take
        argv += ["--move", str(len(rounds[-1]["moves"])), "--after-roll"]
    assert main(argv) == 0
    from_record = json.loads(capsys.readouterr().out)
    at_terminal = hints_json(hints(view, budget=60))  # the terminal's rule: no generator given
    assert {k: from_record[k] for k in at_terminal} == at_terminal


def test_the_table_is_best_first_with_the_choice_on_top():
    view, _ = live_position("lama", 2, 3)
    result = hints(view, budget=300)
    rows = ranked(result)
    assert rows[0].action == result.choice
    assert [r.tries for r in rows[1:]] == sorted((r.tries for r in rows[1:]), reverse=True)
    out = io.StringIO()
    print_hints(result, Console(file=out, width=80), ["Ann", "Bob", "Cem"])
    text = out.getvalue()
    assert f"Hints for {['Ann', 'Bob', 'Cem'][view.seat]}" in text and "How:" in text and "95% interval" in text
    assert max(len(line) for line in text.splitlines()) <= 80
