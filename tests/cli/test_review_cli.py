"""`lama review RECORD`: the table at 80 columns, --json, --seat, --plot, and one-line errors."""

import json

import pytest

from lama.bots.heuristic import heuristic_bot
from lama.cli import main
from lama.games import new_game
from lama.match.driver import Match

FAST = ["--playouts", "100", "--samples", "100"]


def write_record(tmp_path, game_id="lama", players=3, seed=1, names=None):
    match = Match(new_game(game_id, players), [heuristic_bot] * players, seed=seed, names=names)
    match.run()
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(match.record.whole_moves()))
    return path


def test_json_has_the_seats_totals_decisions_and_curve(tmp_path, capsys):
    path = write_record(tmp_path)
    assert main(["review", str(path), "--json", *FAST]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["seats"]) == 3 and len(out["curve"][0]) == 3
    for seat in out["seats"]:
        assert {"start", "end", "luck", "own", "others", "decisions"} <= set(seat)
        assert abs(seat["luck"] + seat["own"] + seat["others"] - (seat["end"] - seat["start"])) < 1e-9


def test_the_table_fits_80_columns_with_six_long_names(tmp_path, capsys):
    names = [f"Player with a long name {i}" for i in range(6)]
    path = write_record(tmp_path, "kadabra", 6, 2, names)
    assert main(["review", str(path), *FAST]) == 0
    text = capsys.readouterr().out
    assert all(len(line) <= 80 for line in text.splitlines()), text
    for heading in ("luck", "own moves", "others' moves", "blunder", "The moments that changed the game most"):
        assert heading in text


def test_seat_shows_that_seat_only(tmp_path, capsys):
    path = write_record(tmp_path, names=["Ann", "Bob", "Cem"])
    assert main(["review", str(path), "--seat", "2", *FAST]) == 0
    text = capsys.readouterr().out
    assert "Bob" in text and "Ann" not in text.split("The moments")[0]
    assert main(["review", str(path), "--seat", "2", "--json", *FAST]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 1 and len(out["seats"]) == 1


def test_the_readers_language(tmp_path, capsys):
    path = write_record(tmp_path)
    assert main(["review", str(path), "--lang", "de", *FAST]) == 0
    assert "Glück" in capsys.readouterr().out


def test_plot_writes_the_curve(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = write_record(tmp_path)
    png = tmp_path / "curve.png"
    assert main(["review", str(path), "--plot", str(png), *FAST]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("edit,code,fragment", [
    (lambda d: d["rounds"][0]["moves"][0].update(seat=9), 1, "round 1, move 1: there is no seat 9"),
    (lambda d: d.update(game="chess"), 1, "game must be one of"),
])
def test_a_bad_record_is_one_line(tmp_path, capsys, edit, code, fragment):
    path = write_record(tmp_path)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    assert main(["review", str(path)]) == code
    err = capsys.readouterr().err
    assert fragment in err and len(err.strip().splitlines()) == 1


def test_a_missing_file_and_a_bad_seat_are_one_line(tmp_path, capsys):
    assert main(["review", str(tmp_path / "none.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
    path = write_record(tmp_path)
    assert main(["review", str(path), "--seat", "4"]) == 2
    err = capsys.readouterr().err
    assert "seats are numbered from 1 to 3" in err and len(err.strip().splitlines()) == 1


def test_bench_review_reports_the_time_per_game(capsys):
    assert main(["bench-review", "--players", "2", "--games", "2", "--playouts", "50", "--samples", "50",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["players"] == 2
    assert 0 < out["seconds_min"] <= out["seconds"] <= out["seconds_max"]
    assert out["moves_per_game"] > 10 and out["decisions_per_game"] > 0


def test_plot_without_matplotlib_is_one_line(tmp_path, capsys, monkeypatch):
    path = write_record(tmp_path)
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)  # import matplotlib fails
    assert main(["review", str(path), "--plot", str(tmp_path / "c.png"), *FAST]) == 2
    err = capsys.readouterr().err
    assert "--plot needs matplotlib" in err and len(err.strip().splitlines()) == 1
