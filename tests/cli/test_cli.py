"""The `lama` command outside play: bench, help, bad options."""

import json
import subprocess
import sys

import pytest

from lama.cli import main


def test_bench_json_reports_the_three_figures(capsys):
    assert main(["bench", "--game", "lama", "--players", "4", "--games", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"games_per_s", "decisions_per_s", "decisions_per_game"}
    assert result["decisions_per_s"] > 0 and result["decisions_per_game"] > 20
    assert result["decisions_per_s"] == pytest.approx(result["games_per_s"] * result["decisions_per_game"])


def test_bench_repeat_reports_the_spread(capsys):
    assert main(["bench", "--games", "2", "--repeat", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["runs"] == 3
    assert result["decisions_per_s_min"] <= result["decisions_per_s"] <= result["decisions_per_s_max"]


def test_bench_is_deterministic_in_its_work(capsys):
    main(["bench", "--games", "3", "--seed", "4", "--json"])
    first = json.loads(capsys.readouterr().out)["decisions_per_game"]
    main(["bench", "--games", "3", "--seed", "4", "--json"])
    assert json.loads(capsys.readouterr().out)["decisions_per_game"] == first


@pytest.mark.parametrize("argv,fragment", [
    (["bench", "--players", "7"], "2 to 6 players"),
    (["bench", "--target", "0"], "target"),
])
def test_bad_options_are_clear_errors(argv, fragment, capsys):
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["bench", "--game", "chess"], ["frobnicate"], ["bench", "--games", "0"]])
def test_unknown_choices_exit_2_with_usage(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_python_dash_m_lama_works_like_lama():
    out = subprocess.run([sys.executable, "-m", "lama", "--help"], capture_output=True, text=True, check=True)
    assert "replay" in out.stdout and "bench" in out.stdout
