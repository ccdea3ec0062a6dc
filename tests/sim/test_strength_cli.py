"""`lama strength` as a newcomer runs it: the flags of `lama tournament`, Ctrl-C keeps and
prints the finished cells, --resume plays only the rest."""

import json

import pytest

from lama.cli import main
from lama.sim.strength import run_cell

BOTS = "tournament_bots:interrupting_bot,random"
ARGS = ["strength", "--bots", BOTS, "--game", "lama", "--players", "2", "3", "--games", "10", "--engine", "core"]


def test_ctrl_c_keeps_the_finished_cells_and_resume_plays_the_rest(tmp_path, capsys, monkeypatch, ctrl_c):
    monkeypatch.delenv("LAMA_TEST_INTERRUPT_AT", raising=False)
    monkeypatch.delenv("LAMA_TEST_INTERRUPT_PLAYERS", raising=False)
    first = run_cell("lama", 2, "tournament_bots:interrupting_bot", "random", 10, engine="core")
    monkeypatch.setenv("LAMA_TEST_INTERRUPT_PLAYERS", "3")  # Ctrl-C at the first decision of the second cell
    out_dir = tmp_path / "run"
    assert main([*ARGS, "--out", str(out_dir)]) == 130
    out, err = capsys.readouterr()
    assert "stopped after 1 of 2 cells" in err and "--resume --out" in err and "Traceback" not in err
    assert f"{100 * first['win_rate']:.1f} (" in out  # the finished cell is printed
    kept = [json.loads(line) for line in (out_dir / "strength.jsonl").read_text().splitlines()]
    assert [(c["players"], c["wins"]) for c in kept] == [(2, first["wins"])]

    monkeypatch.delenv("LAMA_TEST_INTERRUPT_PLAYERS")
    assert main([*ARGS, "--out", str(out_dir), "--resume", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)["cells"]
    assert [c["players"] for c in cells] == [2, 3] and cells[0] == kept[0]
    assert len((out_dir / "strength.jsonl").read_text().splitlines()) == 2


def test_a_kept_run_is_not_overwritten_nor_resumed_with_other_settings(tmp_path, capsys):
    out_dir = tmp_path / "run"
    base = ["strength", "--bots", "random,random", "--game", "lama", "--players", "2", "--engine", "core", "--quiet",
            "--out", str(out_dir)]
    args = [*base, "--games", "4"]
    assert main(args) == 0
    capsys.readouterr()
    assert main(args) == 2
    assert "already holds a strength run: add --resume" in capsys.readouterr().err
    assert main([*base, "--games", "5", "--resume"]) == 2
    assert "holds cells of --games 4 --seed 0: resume with those" in capsys.readouterr().err
    assert main(["strength", "--resume", "--games", "4"]) == 2
    assert "--resume needs the run's directory: --out DIR" in capsys.readouterr().err


def test_strength_speaks_the_tournaments_flags(capsys):
    base = ["strength", "--game", "lama", "--players", "2", "--games", "4", "--engine", "core", "--json"]
    assert main([*base, "--bots", "heuristic,random", "--workers", "1"]) == 0
    new = json.loads(capsys.readouterr().out)["cells"]
    assert main([*base, "--bot", "heuristic", "--vs", "random", "--jobs", "1"]) == 0  # the old spellings
    old = json.loads(capsys.readouterr().out)["cells"]
    assert [c["wins"] for c in new] == [c["wins"] for c in old]
    assert main([*base, "--bots", "heuristic"]) == 2
    assert "give two bots, BOT,VS" in capsys.readouterr().err


def test_tournament_refuses_several_games_or_table_sizes_but_its_report_takes_them(capsys):
    assert main(["tournament", "--game", "lama", "--game", "dice", "--games", "2"]) == 2
    assert "a tournament plays one game at one table size; several are for --report" in capsys.readouterr().err
    assert main(["tournament", "--players", "2", "4", "--games", "2"]) == 2
    assert "--players 2 4:" in capsys.readouterr().err
    assert main(["tournament", "--report", "--game", "lama", "--game", "dice", "--players", "2", "4",
                 "--games", "4", "--engine", "core", "--jobs", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["game"], r["players"]) for r in rows] == [("lama", 2), ("lama", 4), ("dice", 2), ("dice", 4)]


def test_play_refuses_bots_when_every_seat_is_human(capsys):
    assert main(["play", "--players", "3", "--humans", "1,2,3", "--bots", "hard"]) == 2
    assert "every seat is human" in capsys.readouterr().err


def test_strength_of_the_neural_bot(capsys):
    assert main(["strength", "--game", "lama", "--game", "dice", "--players", "2", "--games", "4", "--seed", "9",
                 "--bots", "neural,heuristic", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)["cells"]
    assert [(c["game"], c["bot"], c["vs"], c["games"]) for c in cells] == [
        ("lama", "neural", "heuristic", 4), ("dice", "neural", "heuristic", 4)]


def test_strength_with_a_game_option(tmp_path, capsys):
    """--option NAME=VALUE plays every game with it (LL: lama with the puddle), the cells say so,
    and a kept run resumes only with the same options."""
    base = ["strength", "--bots", "heuristic,random", "--game", "lama", "--players", "3", "--games", "6",
            "--engine", "core"]
    assert main([*base, "--option", "lachen=true", "--json"]) == 0
    (cell,) = json.loads(capsys.readouterr().out)["cells"]
    assert cell["options"] == {"lachen": True}
    with_puddle = run_cell("lama", 3, "heuristic", "random", 6, options={"lachen": True}, engine="core")
    assert (cell["wins"], cell["decisions"]) == (with_puddle["wins"], with_puddle["decisions"])
    assert main([*base, "--option", "target=10", "--json"]) == 0  # shorter games: fewer decisions
    (short,) = json.loads(capsys.readouterr().out)["cells"]
    plain = run_cell("lama", 3, "heuristic", "random", 6, engine="core")
    assert "options" not in plain and short["options"] == {"target": 10}
    assert short["decisions"] < plain["decisions"]
    assert main([*base, "--option", "lachen=true"]) == 0
    assert "lama (lachen)" in capsys.readouterr().out
    assert main([*base, "--option", "lachen=3"]) == 2
    assert "--option: lachen must be true or false, not 3" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:  # argparse's own refusal
        main([*base, "--option", "lachen"])
    assert refused.value.code == 2
    assert "give an option as NAME=VALUE" in capsys.readouterr().err
    out_dir = str(tmp_path / "run")
    assert main([*base, "--games", "2", "--quiet", "--out", out_dir, "--option", "lachen=true"]) == 0
    assert main([*base, "--games", "2", "--quiet", "--out", out_dir, "--resume"]) == 2
    assert "played with the options {'lachen': True}: resume with those" in capsys.readouterr().err
