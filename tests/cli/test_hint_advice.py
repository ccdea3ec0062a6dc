"""Advice that agrees with itself: the hint table is best first by the win chance it shows, moves
that tie with the best are marked as ties (no firm arrow), and a position gets the same hint at
the terminal and from `lama hint`."""

import io
import json

import pytest
from rich.console import Console

from lama.bots import load_bot
from lama.bots.hints import ActionHint, Hints, hints, hints_json
from lama.cli import main
from lama.core.actions import DRAW, play
from lama.games import new_game
from lama.match import Match
from lama.tui.hints import BEST, TIE, hint_table, marks, print_hints, ranked, ties


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


def test_the_table_is_best_first_by_the_win_chance_it_shows():
    view, _ = live_position("lama", 2, 3)
    result = hints(view, budget=300)
    rows = [r for r in ranked(result) if r.tries]
    assert [r.value for r in rows] == sorted((r.value for r in rows), reverse=True)
    out = io.StringIO()
    print_hints(result, Console(file=out, width=80), ["Ann", "Bob", "Cem"])
    text = out.getvalue()
    assert f"Hints for {['Ann', 'Bob', 'Cem'][view.seat]}" in text and "How:" in text and "95% interval" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def rows_of(*rows) -> Hints:
    """Hints with the given (card, win chance, its standard error, tries) rows; the bot's
    choice is the most tried, as the search's."""
    hint_rows = tuple(ActionHint(play(card), value, se, 1.0, tries) for card, value, se, tries in rows)
    return Hints(0, hint_rows + (ActionHint(DRAW, 0.0, 0.0, -2.0, 10),),
                 max(hint_rows, key=lambda r: r.tries).action, "rollout, 3000 playouts, sequential halving")


def test_a_higher_win_chance_sits_higher_though_tried_less():
    result = rows_of(("3", 0.40, 0.001, 2000), ("5", 0.55, 0.001, 500))
    assert [str(r.action) for r in ranked(result)][:2] == ["play 5", "play 3"]


def test_a_clear_best_gets_the_arrow_and_no_tie_marks():
    order = ranked(rows_of(("3", 0.40, 0.001, 2000), ("5", 0.55, 0.001, 500)))
    assert marks(order) == [BEST, "", ""]


def test_moves_within_the_search_uncertainty_are_marked_as_ties_without_an_arrow():
    # 0.52 vs 0.50 with standard errors of 1%: the difference's margin is 1.96 * 1.41% = 2.8%
    order = ranked(rows_of(("3", 0.50, 0.01, 1500), ("5", 0.52, 0.01, 1400), ("7", 0.20, 0.01, 100)))
    assert marks(order) == [TIE, TIE, "", ""]
    text = io.StringIO()
    Console(file=text, width=80).print(hint_table(rows_of(("3", 0.50, 0.01, 1500), ("5", 0.52, 0.01, 1400))))
    assert BEST not in text.getvalue() and text.getvalue().count(TIE) == 2


def test_moves_equal_to_the_shown_precision_tie_even_when_certain():
    a, b = rows_of(("3", 0.5001, 0.0, 9), ("5", 0.5004, 0.0, 9)).rows[:2]
    assert ties(a, b)
    a, b = rows_of(("3", 0.50, 0.0, 9), ("5", 0.51, 0.0, 9)).rows[:2]
    assert not ties(a, b)


def test_an_untried_move_ties_with_nothing_and_comes_last():
    result = rows_of(("3", 0.0, float("inf"), 0), ("5", 0.3, 0.001, 50))
    order = ranked(result)
    assert str(order[-1].action) == "play 3" and not ties(order[0], order[-1])
