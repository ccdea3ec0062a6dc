"""`lama strength` and `lama tournament` through the compiled engine (sim/fastplay.py): used
exactly when every bot has a compiled twin and nothing needs the Python driver, the same
report, and win shares that agree with the rules core's."""

import json

import pytest

from lama.cli import main
from lama.sim.fastplay import EngineError, use_fast
from lama.sim.strength import run_cell

TOURNAMENT = ["tournament", "--game", "lama", "--players", "3", "--games", "30", "--seed", "5", "--json"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- when the compiled engine plays -------------------------------------------------------------

@pytest.mark.parametrize("names,engine,needs,fast", [
    (("heuristic", "random"), "auto", None, True),
    (("medium", "easy", "lama.bots.random_bot:random_bot"), "auto", None, True),
    (("heuristic", "rollout"), "auto", None, False),
    (("heuristic", "tournament_bots:slow_bot"), "auto", None, False),
    (("heuristic", "random"), "auto", "--records", False),
    (("heuristic", "random"), "core", None, False),
    (("heuristic", "random"), "fast", None, True),
])
def test_the_compiled_engine_plays_exactly_when_it_can(names, engine, needs, fast):
    assert use_fast(engine, names, needs) is fast


@pytest.mark.parametrize("names,needs,fragment", [
    (("heuristic", "hard"), None, "bot 'hard' has no compiled twin"),
    (("heuristic", "random"), "--records", "cannot be used with --records"),
])
def test_engine_fast_says_why_it_cannot_be(names, needs, fragment):
    with pytest.raises(EngineError, match=fragment):
        use_fast("fast", names, needs)


# -- lama strength --------------------------------------------------------------------------------

def test_the_fast_cell_has_the_core_cells_shape(capsys):
    fast = run_cell("kadabra", 3, "heuristic", "random", 30, seed=2)
    core = run_cell("kadabra", 3, "heuristic", "random", 30, seed=2, engine="core")
    assert fast["engine"] == "fast" and core["engine"] == "core"
    assert list(fast) == list(core)
    assert {k: type(v) for k, v in fast.items() if k != "max_seconds_per_decision"} == {
        k: type(v) for k, v in core.items() if k != "max_seconds_per_decision"}
    assert fast["max_seconds_per_decision"] is None  # a batch is timed as a whole
    assert fast["decisions"] > 30 * 5 and fast["mean_seconds_per_decision"] > 0  # timed, unbounded (a busy machine)
    code, out, _ = run(capsys, "strength", "--game", "lama", "--players", "2", "--bot", "heuristic", "--vs",
                       "random", "--games", "40", "--quiet", "--json")
    assert code == 0 and json.loads(out)["cells"][0]["engine"] == "fast"
    code, out, _ = run(capsys, "strength", "--game", "lama", "--players", "2", "--bot", "heuristic", "--vs",
                       "random", "--games", "40", "--quiet")
    assert code == 0 and "compiled for heuristic vs random" in out and "(95%)" in out


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players", [("lama", 4), ("kadabra", 3), ("dice", 3)])
def test_heuristic_against_random_wins_as_often_on_both_engines(game_id, players):
    """A few hundred games on the core, ten times more in compiled code: the two 95% intervals
    of the heuristic's win rate overlap (and the compiled cell's holds the core's rate, or
    nearly: its interval is the narrow one)."""
    core = run_cell(game_id, players, "heuristic", "random", 300, seed=1, engine="core")
    fast = run_cell(game_id, players, "heuristic", "random", 3000, seed=1)
    assert fast["engine"] == "fast" and fast["decisions"] > 3000 * 5
    assert fast["low"] <= core["high"] and core["low"] <= fast["high"], (core, fast)
    assert abs(fast["win_rate"] - core["win_rate"]) < 0.05
    assert core["win_rate"] > 1.5 / players and fast["win_rate"] > 1.5 / players


def test_strength_engine_fast_with_a_search_bot_is_a_clear_error(capsys):
    code, _, err = run(capsys, "strength", "--game", "lama", "--players", "2", "--bot", "rollout", "--vs",
                       "random", "--games", "2", "--quiet", "--engine", "fast")
    assert code == 2 and "no compiled twin" in err


# -- lama tournament ------------------------------------------------------------------------------

def test_a_tournament_of_compiled_bots_plays_compiled_with_the_same_report(capsys):
    code, fast_out, _ = run(capsys, *TOURNAMENT, "--bots", "heuristic,random,easy")
    assert code == 0
    code, core_out, _ = run(capsys, *TOURNAMENT, "--bots", "heuristic,random,easy", "--engine", "core")
    assert code == 0
    fast, core = json.loads(fast_out), json.loads(core_out)
    assert fast["engine"] == "fast" and core["engine"] == "core"
    assert list(fast) == list(core)
    assert fast["games"] == core["games"] == 30 and fast["complete"]
    assert sum(fast["seats"]) == 30 * 3 and sum(fast["decisions"]) > 30 * 10
    code, threads, _ = run(capsys, *TOURNAMENT, "--bots", "heuristic,random,easy", "--workers", "2", "--chunk", "7")
    timing = {"sec_per_decision", "sec_per_decision_ci95", "elapsed_s", "games_per_s", "workers"}
    assert {k: v for k, v in json.loads(threads).items() if k not in timing} == {
        k: v for k, v in fast.items() if k not in timing}


def test_tournament_win_shares_agree_on_both_engines(capsys):
    args = ["tournament", "--game", "komarami", "--players", "2", "--bots", "heuristic,random", "--seed", "3",
            "--json"]
    _, core, _ = run(capsys, *args, "--games", "200", "--engine", "core")
    _, fast, _ = run(capsys, *args, "--games", "2000")
    core, fast = json.loads(core), json.loads(fast)
    assert fast["engine"] == "fast" and fast["games"] == 2000
    for (c_low, c_high), (f_low, f_high) in zip(core["win_share_ci95"], fast["win_share_ci95"]):
        assert f_low <= c_high and c_low <= f_high, (core["win_share_ci95"], fast["win_share_ci95"])


def test_records_or_another_bot_keep_the_tournament_on_the_core(capsys, tmp_path):
    code, out, _ = run(capsys, *TOURNAMENT, "--bots", "heuristic,random", "--records", str(tmp_path / "rec"))
    assert code == 0 and json.loads(out)["engine"] == "core" and any((tmp_path / "rec").iterdir())
    code, out, _ = run(capsys, *TOURNAMENT, "--games", "3", "--bots", "heuristic,tournament_bots:slow_bot")
    assert code == 0 and json.loads(out)["engine"] == "core"
    code, _, err = run(capsys, *TOURNAMENT, "--bots", "heuristic,random", "--records", str(tmp_path / "r2"),
                       "--engine", "fast")
    assert code == 2 and "--engine fast" in err and "--records" in err


def test_a_resumed_tournament_keeps_its_engine(capsys, tmp_path):
    out = str(tmp_path / "t")
    code, first, _ = run(capsys, *TOURNAMENT, "--bots", "heuristic,random", "--out", out)
    assert code == 0 and json.loads(first)["engine"] == "fast"
    code, _, err = run(capsys, "tournament", "--resume", "--out", out, "--games", "60", "--engine", "core")
    assert code == 2 and "played with --engine fast" in err
    code, more, _ = run(capsys, "tournament", "--resume", "--out", out, "--games", "60", "--json")
    assert code == 0 and json.loads(more)["engine"] == "fast" and json.loads(more)["games"] == 60
    assert json.loads(more)["games_played_now"] == 30


def test_the_luck_report_plays_compiled_too(capsys):
    code, out, _ = run(capsys, "tournament", "--report", "--game", "kadabra", "--players", "3", "--games", "30",
                       "--json")
    report = json.loads(out)
    assert code == 0 and report["engine"] == "fast" and report["rows"][0]["games"] == 30
