"""Every command that writes a file refuses a path it cannot write before it plays a game:
one line on stderr naming the flag as typed, exit 2, no traceback."""

import pytest

from lama.cli import main


def refused(capsys, argv, flag):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and f"{flag} " in err and "Traceback" not in err
    assert out == ""  # no table: nothing was played
    return err


@pytest.mark.parametrize("path, fragment", [
    ("{tmp}/missing/p.png", "there is no folder"),
    ("{tmp}/p.txt", "must end in .png, .pdf, .svg"),
    ("{tmp}/folder.png", "is a directory"),
])
def test_tournament_plot_is_checked_before_the_games(capsys, tmp_path, path, fragment):
    (tmp_path / "folder.png").mkdir()
    err = refused(capsys, ["tournament", "--games", "4", "--plot", path.format(tmp=tmp_path)], "--plot")
    assert fragment in err


@pytest.mark.parametrize("flag", ["--records", "--out"])
def test_tournament_directories_are_named_by_the_flag_typed(capsys, tmp_path, flag):
    (tmp_path / "file").write_text("x")
    err = refused(capsys, ["tournament", "--games", "4", flag, str(tmp_path / "file")], flag)
    assert "is a file, not a directory" in err
    err = refused(capsys, ["tournament", "--games", "4", flag, str(tmp_path / "file" / "sub")], flag)
    assert "cannot make this directory" in err


def test_play_record_in_a_missing_folder_is_refused_before_the_game(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("the game started"))
    err = refused(capsys, ["play", "--record", str(tmp_path / "no" / "game.json")], "--record")
    assert "there is no folder" in err


def test_strength_out_is_checked_before_the_games(capsys, tmp_path):
    (tmp_path / "file").write_text("x")
    err = refused(capsys, ["strength", "--bots", "random,random", "--games", "2", "--out", str(tmp_path / "file")],
                  "--out")
    assert "is a file, not a directory" in err


def test_report_plot_is_checked_before_the_games(capsys, tmp_path):
    err = refused(capsys, ["tournament", "--report", "--games", "4", "--plot", str(tmp_path / "r.gif")], "--plot")
    assert "must end in .png, .pdf, .svg" in err
