"""The `lama` command outside play: bench, help, --version, bad options, lazy imports."""

import json
import subprocess
import sys
from pathlib import Path

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


# -- lama --version ---------------------------------------------------------------------------

def test_version_is_the_installed_packages(capsys, monkeypatch):
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: {"lama": "9.8.7"}[name])
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out == "lama 9.8.7\n"


def test_version_of_a_source_tree_that_is_not_installed(capsys, monkeypatch):
    import importlib.metadata

    import lama

    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out == f"lama {lama.__version__}\n"


# -- lama play --help names every bot -----------------------------------------------------------

def _play_help(capsys, monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", "2000")  # one line per option: no name broken at its hyphen
    with pytest.raises(SystemExit) as e:
        main(["play", "--help"])
    assert e.value.code == 0
    return capsys.readouterr().out


def test_play_help_lists_every_bot_name_and_level(capsys, monkeypatch):
    bots_line = next(line for line in _play_help(capsys, monkeypatch).splitlines()
                     if line.lstrip().startswith("--bots"))
    assert "by name (random, heuristic, rollout, ismcts, rollout-hard)" in bots_line
    assert "by level (easy, medium, hard, neural)" in bots_line
    assert "module:callable" in bots_line


def test_play_help_takes_the_bots_from_the_registry(capsys, monkeypatch):
    import lama.bots

    monkeypatch.setitem(lama.bots.BOTS, "newcomer", lama.bots.BOTS["random"])
    bots_line = next(line for line in _play_help(capsys, monkeypatch).splitlines()
                     if line.lstrip().startswith("--bots"))
    assert "rollout-hard, newcomer)" in bots_line
    assert all(name in bots_line for name in lama.bots.BOTS)


# -- lazy imports: the light commands never load the search bots --------------------------------

HEAVY = {"numpy", "numba", "matplotlib", "dask", "distributed"}


def _imported(argv, tmp_path) -> tuple[set[str], subprocess.CompletedProcess]:
    """The modules `python -X importtime -m lama ARGV` imports (the package as this test sees it)."""
    import os

    import lama

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(lama.__file__).parents[1]), env.get("PYTHONPATH")]))
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "lama", *argv], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    modules = {line.rpartition("|")[2].strip() for line in proc.stderr.splitlines()
               if line.startswith("import time:")}
    return modules, proc


def _tops(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.fixture
def small_record(tmp_path):
    from lama.bots import BOTS
    from lama.games import new_game
    from lama.match import Match

    match = Match(new_game("lama", 2), [BOTS["random"], BOTS["random"]], seed=3)
    match.run()
    match.record.save(tmp_path / "small.record.json")
    return "small.record.json"


@pytest.mark.parametrize("argv,expected", [
    (["--help"], "tournament"),
    (["rules", "lama"], "L.A.M.A"),
    (["replay", "{record}"], "Game over"),
    (["replay", "{record}", "--json"], '"finished": true'),
])
def test_light_commands_import_no_numpy_nor_numba(argv, expected, small_record, tmp_path):
    argv = [a.format(record=small_record) for a in argv]
    modules, proc = _imported(argv, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert expected in proc.stdout
    assert "lama.cli" in modules  # the list is read right
    assert not _tops(modules) & HEAVY, sorted(_tops(modules) & HEAVY)
    assert "lama.bots" not in modules
    if argv[0] != "replay" or "--json" in argv:  # rich draws replay's table, nothing else here
        assert "rich" not in _tops(modules)


def test_the_import_check_sees_the_heavy_commands(tmp_path):
    """The check above can fail: `lama play --help` builds its bot list from lama.bots, and
    `lama bench-rollouts --help` loads the compiled search (numpy, numba)."""
    modules, proc = _imported(["play", "--help"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "lama.bots" in modules
    modules, proc = _imported(["bench-rollouts", "--help"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "numpy" in _tops(modules)


@pytest.mark.slow
def test_ctrl_c_stops_a_long_hint_at_once(tmp_path):
    """Issue 12, item 12: a search of millions of playouts ends as soon as Ctrl-C comes."""
    import json
    import signal
    import subprocess
    import sys

    from lama.bots import load_bot
    from lama.games import new_game
    from lama.match import Match

    match = Match(new_game("lama", 4), [load_bot("heuristic")] * 4, seed=1)
    match.run()
    record = tmp_path / "game.json"
    record.write_text(json.dumps(match.record.data))
    proc = subprocess.Popen([sys.executable, "-m", "lama", "hint", str(record), "--round", "1", "--move", "4",
                             "--budget", "50000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = proc.stderr.readline()  # said just before the search starts (which would take minutes)
    assert b"Ctrl-C stops" in line and b"takes about" in line, line
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("lama hint went on after Ctrl-C") from None
    assert proc.returncode in (-signal.SIGINT, 130)
    assert b"Traceback" not in proc.stderr.read()
