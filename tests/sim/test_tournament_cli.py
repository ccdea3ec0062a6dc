"""`lama tournament` in-process: output, records, resume, failing bots, clear errors."""

import json
import sys

import pytest
import tournament_bots

from lama.bots import load_bot
from lama.cli import main
from lama.games import new_game
from lama.match import Match
from lama.record import replay_file

TIMING = {"sec_per_decision", "sec_per_decision_ci95", "elapsed_s", "games_per_s", "games_played_now",
          "workers", "backend", "interrupted", "stopped_on_error"}
BASE = ["tournament", "--game", "lama", "--players", "3", "--games", "9", "--seed", "7"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def numbers(result: dict) -> dict:
    """Everything that must not depend on the backend, the workers or the clock."""
    return {k: v for k, v in result.items() if k not in TIMING}


def test_json_has_the_fields_and_nothing_else_is_printed(capsys):
    code, out, err = run(capsys, *BASE, "--bots", "heuristic,random", "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    for key in ("bots", "games", "win_share", "win_share_ci95", "mean_points", "sec_per_decision",
                "points_per_round", "rating"):
        assert key in result
    assert result["bots"] == ["heuristic", "random"] and result["games"] == 9 and result["complete"]
    assert sum(result["seats"]) == 9 * 3
    # every seat's share of the win adds up to one per game
    assert sum(s * n for s, n in zip(result["win_share"], result["seats"])) == pytest.approx(9)
    for share, (lo, hi) in zip(result["win_share"], result["win_share_ci95"]):
        assert 0 <= lo <= share <= hi <= 1


def test_the_table_shows_every_bot_with_intervals(capsys):
    code, out, _ = run(capsys, *BASE, "--bots", "heuristic,random")
    assert code == 0
    assert "heuristic" in out and "random" in out and "±" in out and "Elo" in out and "games/s" in out


def test_the_progress_bar_tells_the_time_left():
    import io

    from rich.console import Console

    from lama.tui.tournament import Progress

    buffer = io.StringIO()
    with Progress(10, 2, quiet=False, console=Console(file=buffer, force_terminal=True, width=100)) as bar:
        bar.advance(3)
    assert "5/10" in buffer.getvalue() and "left" in buffer.getvalue()


def test_the_same_seed_gives_the_same_numbers_with_two_worker_processes(capsys):
    core = ["--engine", "core"]  # the Python driver's worker processes (compiled bots would play in threads)
    _, one, _ = run(capsys, *BASE, "--bots", "heuristic,random", "--json", *core)
    _, two, _ = run(capsys, *BASE, "--bots", "heuristic,random", "--json", "--workers", "2", "--chunk", "2", *core)
    assert numbers(json.loads(one)) == numbers(json.loads(two))
    assert json.loads(two)["workers"] == 2


def test_records_are_saved_and_replay_to_the_same_points(capsys, tmp_path):
    code, out, _ = run(capsys, *BASE, "--bots", "heuristic,random", "--records", str(tmp_path / "rec"), "--json")
    assert code == 0
    files = sorted((tmp_path / "rec").glob("*.record.json"))
    assert len(files) == 9
    games = {(g["deal"], g["seating"]): g for g in map(json.loads, (tmp_path / "rec" / "results.jsonl").open())}
    for path in files:
        deal, seating = (int(p[len(w):]) for p, w in zip(path.name.split(".")[0].split("-"), ("deal", "seating")))
        result = replay_file(path)
        assert result["scores"] == games[(deal, seating)]["points"]
        assert json.loads(path.read_text())["players"] == games[(deal, seating)]["bots"]


def test_an_interrupted_tournament_resumes_without_redoing_or_double_counting(capsys, tmp_path, monkeypatch, ctrl_c):
    bots = "heuristic,random,tournament_bots:interrupting_bot"
    args = ["tournament", "--players", "3", "--games", "12", "--seed", "2", "--bots", bots, "--json"]
    monkeypatch.setenv("LAMA_TEST_INTERRUPT_AT", "10000000")
    monkeypatch.setattr(tournament_bots, "_decisions", 0)
    _, straight, _ = run(capsys, *args)

    monkeypatch.setenv("LAMA_TEST_INTERRUPT_AT", "120")  # "Ctrl-C" in the middle of a game
    monkeypatch.setattr(tournament_bots, "_decisions", 0)
    out = tmp_path / "t"
    code, partial, err = run(capsys, *args, "--out", str(out), "--records", str(tmp_path / "rec"))
    assert code == 130 and "--resume" in err
    partial = json.loads(partial)
    assert partial["interrupted"] and not partial["complete"]
    kept = (out / "results.jsonl").read_text().splitlines()
    assert 0 < len(kept) < 12

    monkeypatch.setenv("LAMA_TEST_INTERRUPT_AT", "10000000")
    code, resumed, _ = run(capsys, "tournament", "--resume", "--out", str(out), "--json")
    assert code == 0
    resumed = json.loads(resumed)
    assert resumed["games_played_now"] == 12 - len(kept)
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert len(lines) == 12 and len({(g["deal"], g["seating"]) for g in lines}) == 12
    assert numbers(resumed) == numbers(json.loads(straight))
    assert len(list((tmp_path / "rec").glob("*.record.json"))) == 12  # the resumed games are recorded too

    code, again, _ = run(capsys, "tournament", "--resume", "--out", str(out), "--json")  # nothing left
    assert code == 0 and json.loads(again)["games_played_now"] == 0


def test_a_line_torn_by_a_killed_run_is_played_again(capsys, tmp_path):
    out = tmp_path / "t"
    args = [*BASE, "--bots", "heuristic,random", "--json"]
    _, full, _ = run(capsys, *args, "--out", str(out))
    lines = (out / "results.jsonl").read_text().splitlines()
    (out / "results.jsonl").write_text("\n".join(lines[:4]) + "\n" + lines[4][:25])
    code, resumed, _ = run(capsys, "tournament", "--resume", "--out", str(out), "--json")
    assert code == 0 and json.loads(resumed)["games_played_now"] == 5
    assert numbers(json.loads(resumed)) == numbers(json.loads(full))


def test_resume_refuses_other_settings_and_a_fresh_run_refuses_a_used_directory(capsys, tmp_path):
    out = str(tmp_path / "t")
    run(capsys, *BASE, "--bots", "heuristic,random", "--out", out, "--json")
    code, _, err = run(capsys, "tournament", "--resume", "--out", out, "--bots", "random,heuristic")
    assert code == 2 and "bots heuristic,random, not random,heuristic" in err
    code, _, err = run(capsys, *BASE, "--bots", "heuristic,random", "--out", out)
    assert code == 2 and "--resume" in err
    code, _, err = run(capsys, "tournament", "--resume", "--out", str(tmp_path / "none"))
    assert code == 2 and "no tournament" in err


def test_resume_can_extend_a_finished_tournament(capsys, tmp_path):
    out = str(tmp_path / "t")
    run(capsys, *BASE, "--bots", "heuristic,random", "--out", out, "--json")
    code, more, _ = run(capsys, "tournament", "--resume", "--out", out, "--games", "15", "--json")
    more = json.loads(more)
    assert code == 0 and more["games"] == 15 and more["games_played_now"] == 6


def test_resume_refuses_a_smaller_plan_and_says_what_the_plan_is(capsys, tmp_path):
    out = str(tmp_path / "t")
    run(capsys, *BASE, "--bots", "heuristic,random", "--out", out, "--json")
    code, _, err = run(capsys, "tournament", "--resume", "--out", out, "--games", "3")
    assert code == 2
    assert f"{out} holds a tournament of 9 games; --games 3 would make it smaller" in err
    assert "without --games" in err and "--games 9 or more" in err and "Traceback" not in err
    assert json.loads((tmp_path / "t" / "tournament.json").read_text())["games"] == 9  # the plan kept


def test_an_interrupted_tournament_tells_one_count_of_the_games_played(capsys, tmp_path, monkeypatch, ctrl_c):
    """Issue 41: after Ctrl-C the header, the footer, the "incomplete" line and the "kept" line
    gave four different counts; now the games played are one number everywhere, and the table's
    smaller count (whole deals only) is said to be that."""
    bots = "heuristic,random,tournament_bots:interrupting_bot"
    monkeypatch.setenv("LAMA_TEST_INTERRUPT_AT", "120")  # Ctrl-C inside the second deal
    monkeypatch.setattr(tournament_bots, "_decisions", 0)
    out = tmp_path / "t"
    code, text, err = run(capsys, "tournament", "--players", "3", "--games", "12", "--seed", "2", "--bots", bots,
                          "--engine", "core", "--out", str(out))
    assert code == 130
    kept = len((out / "results.jsonl").read_text().splitlines())
    assert kept % 3, "the interrupt fell between deals: pick another LAMA_TEST_INTERRUPT_AT"
    whole = kept - kept % 3
    said = " ".join((text + err).split())
    assert f"{kept} games played in" in said
    assert f"incomplete: {kept} of 12 planned games played; the table counts the {whole} of whole deals" in said
    assert f"{kept} games kept in {out}" in said
    assert f"seed 2: {whole} games ({whole // 3} deal" in said


def test_a_bot_that_raises_stops_the_run_and_names_the_seed(capsys, tmp_path):
    bots = "heuristic,tournament_bots:late_crash_bot"
    code, out, err = run(capsys, "tournament", "--players", "2", "--games", "6", "--bots", bots, "--json",
                         "--out", str(tmp_path / "t"))
    assert code == 1
    result = json.loads(out)
    error = result["errors"][0]
    assert error["kind"] == "exception" and error["bot"] == "tournament_bots:late_crash_bot"
    assert "RuntimeError: lost its nerve" in error["message"] and f"game seed {error['seed']}" in err
    assert result["stopped_on_error"] and not result["complete"]
    # the seed reproduces the failure
    policies = [load_bot(b) for b in error["bots"]]
    with pytest.raises(RuntimeError, match="lost its nerve"):
        Match(new_game("lama", 2), policies, error["seed"]).run()


def test_a_bot_that_raises_can_be_let_go_on(capsys):
    bots = "heuristic,random,tournament_bots:late_crash_bot"
    code, out, err = run(capsys, "tournament", "--players", "2", "--games", "12", "--bots", bots, "--json",
                         "--on-error", "continue")
    result = json.loads(out)
    assert code == 0 and result["complete"] and result["games_failed"] > 0
    # a failed game's deal is left out whole: its other seating is neither counted nor failed
    assert result["games"] + result["games_failed"] <= 12 and result["games"] == 2 * result["deals"]
    assert result["seats"][2] == 0 and result["rating"][2] is None  # its deals are all left out
    assert len(result["errors"]) == result["games_failed"]


def test_a_bot_that_cannot_be_loaded_in_a_worker_is_reported(capsys, monkeypatch):
    import lama.sim.worker as worker

    def broken(name):
        raise ImportError(f"no module for {name}")

    monkeypatch.setattr(worker, "load_bot", broken)  # as on a cluster worker without the bot's module
    code, out, err = run(capsys, *BASE, "--bots", "heuristic,random", "--json", "--engine", "core")
    assert code == 1 and json.loads(out)["errors"][0]["kind"] == "setup_error"
    assert "could not be set up: ImportError" in err


def test_an_illegal_action_is_reported_as_such(capsys):
    code, out, err = run(capsys, "tournament", "--players", "2", "--games", "2", "--json",
                         "--bots", "heuristic,tournament_bots:illegal_bot")
    assert code == 1
    error = json.loads(out)["errors"][0]
    assert error["kind"] == "illegal_action" and error["bot"] == "tournament_bots:illegal_bot"
    assert "illegal move" in err


def test_a_plot_is_saved(capsys, tmp_path):
    path = tmp_path / "t.png"
    code, _, _ = run(capsys, *BASE, "--bots", "heuristic,random", "--plot", str(path), "--json")
    assert code == 0 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_report_measures_luck_against_skill(capsys, tmp_path):
    path = tmp_path / "r.png"
    code, out, _ = run(capsys, "tournament", "--report", "--game", "lama", "--games", "6", "--json",
                       "--plot", str(path))
    assert code == 0 and path.exists()
    report = json.loads(out)
    assert report["bots"] == ["heuristic", "random"]
    assert [r["players"] for r in report["rows"]] == [2, 3, 4, 5, 6]
    for r in report["rows"]:
        assert r["fair_share"] == pytest.approx(1 / r["players"])
        assert r["games"] >= 6 and r["games"] % r["players"] == 0  # whole deals, every rotation
        assert r["edge"] == pytest.approx(r["win_share"] - r["fair_share"])


@pytest.mark.parametrize("argv,fragment", [
    (["--players", "7"], "2 to 6 players"),
    (["--bots", "heuristic,nobody"], "unknown bot 'nobody'"),
    (["--bots", "heuristic,heuristic,random"], "may not repeat"),
    (["--bots", "heuristic,,random"], "single commas"),
    (["--address", "tcp://127.0.0.1:1"], "--backend dask"),
    (["--backend", "dask", "--address", "tcp://127.0.0.1:1", "--workers", "2"], "--workers"),
    (["--report", "--bots", "a,b,c"], "two bots"),
    (["--report", "--out", "x"], "--report"),
    (["--resume"], "--out"),
    (["--target", "0"], "target"),
    (["--target", "1001"], "from 1 to 1000"),
    (["--bots", "heuristic," + "a" * 120 + ":b"], "at most 100 characters"),
    (["--bots", "heuristic,:"], "cannot load bot"),
    (["--bots", "heuristic,.x:y"], "cannot load bot"),
])
def test_bad_arguments_are_clear_errors(argv, fragment, capsys):
    with pytest.raises(SystemExit) if "single commas" in fragment else _nothing():
        code, _, err = run(capsys, "tournament", "--games", "2", *argv)
        assert code == 2 and fragment in err
    if "single commas" in fragment:
        assert fragment in capsys.readouterr().err


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@pytest.mark.parametrize("missing,argv,fragment", [
    ("matplotlib", ["--plot", "x.png"], "--plot needs matplotlib"),
    ("distributed", ["--backend", "dask"], "needs Dask distributed"),
])
def test_a_missing_optional_package_is_a_clear_error(missing, argv, fragment, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, missing, None)  # `import` now raises ImportError
    code, _, err = run(capsys, "tournament", "--games", "2", *argv)
    assert code == 2 and fragment in err and "pip install" in err


# -- hardening: bots that exit, interrupt or hang; every game failed; bad directories and lines ----

def test_a_bot_calling_sys_exit_is_that_games_failure(capsys):
    bots = "heuristic,random,tournament_bots:exiting_bot"
    args = ["tournament", "--players", "2", "--games", "12", "--bots", bots, "--json"]
    code, out, err = run(capsys, *args)
    result = json.loads(out)
    assert code == 1 and result["stopped_on_error"]
    assert result["errors"][0]["kind"] == "exception" and "SystemExit: 3" in result["errors"][0]["message"]
    assert "tournament_bots:exiting_bot" in err and "raised SystemExit" in err
    code, out, _ = run(capsys, *args, "--on-error", "continue")
    result = json.loads(out)
    assert code == 0 and result["complete"] and result["games_failed"] > 0
    assert result["games"] + result["games_failed"] <= 12 and result["games"] == 2 * result["deals"]


def test_a_bot_raising_keyboard_interrupt_does_not_stop_a_run_that_continues(capsys):
    bots = "heuristic,random,tournament_bots:keyboard_interrupt_bot"
    code, out, err = run(capsys, "tournament", "--players", "2", "--games", "12", "--bots", bots, "--json",
                         "--on-error", "continue")
    result = json.loads(out)
    assert code == 0 and not result["interrupted"] and result["complete"]
    assert result["games"] + result["games_failed"] == 12 and result["games"] > 0
    assert {e["message"] for e in result["errors"]} == {"KeyboardInterrupt: "}
    assert "--resume" not in err


def test_a_run_in_which_every_game_failed_is_not_a_success(capsys):
    code, out, err = run(capsys, "tournament", "--players", "2", "--games", "4", "--json", "--on-error", "continue",
                         "--bots", "tournament_bots:crash_bot,tournament_bots:keyboard_interrupt_bot")
    result = json.loads(out)
    assert code == 1 and not result["complete"] and result["games"] == 0 and result["games_failed"] == 4
    assert "every game played failed" in err


@pytest.mark.parametrize("bot", ["sleeping_bot", "swallowing_sleeper"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_decision_longer_than_the_timeout_is_that_games_failure(capsys, bot, workers):
    bots = f"heuristic,random,tournament_bots:{bot}"
    code, out, err = run(capsys, "tournament", "--players", "2", "--games", "6", "--bots", bots, "--json",
                         "--decision-timeout", "0.3", "--on-error", "continue", "--workers", workers)
    result = json.loads(out)
    assert code == 0 and result["games_failed"] > 0
    assert result["games"] + result["games_failed"] == 6
    for error in result["errors"]:
        assert error["kind"] == "timeout" and error["bot"] == f"tournament_bots:{bot}"
        assert "no decision within 0.3 s (--decision-timeout)" in error["message"]
    assert "was too slow" in err


def test_the_timeout_leaves_fast_bots_alone(capsys):
    code, out, _ = run(capsys, *BASE, "--bots", "heuristic,random", "--json", "--decision-timeout", "30",
                       "--engine", "core")
    assert code == 0 and json.loads(out)["games_failed"] == 0
    import signal

    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no alarm left behind


@pytest.mark.parametrize("argv,fragment", [
    (["--decision-timeout", "0"], "from 0.001 to 86400"),
    (["--decision-timeout", "soon"], "not a number of seconds"),
    (["--decision-timeout", "nan"], "from 0.001 to 86400"),
])
def test_bad_timeouts_are_refused(argv, fragment, capsys):
    with pytest.raises(SystemExit) as e:
        main(["tournament", "--games", "2", *argv])
    assert e.value.code == 2 and fragment in capsys.readouterr().err


def test_the_timeout_needs_the_local_backend(capsys):
    code, _, err = run(capsys, "tournament", "--games", "2", "--backend", "dask", "--decision-timeout", "1")
    assert code == 2 and "--decision-timeout needs --backend local" in err


@pytest.mark.parametrize("flag", ["--out", "--records"])
def test_out_and_records_must_be_usable_directories(capsys, tmp_path, flag):
    file = tmp_path / "file"
    file.write_text("keep")
    for path, fragment in ((file, "is a file, not a directory"), (file / "sub", "cannot make this directory")):
        code, out, err = run(capsys, *BASE, "--bots", "heuristic,random", flag, str(path), "--json")
        assert code == 2 and out == "" and fragment in err and err.count("\n") == 1
    assert file.read_text() == "keep"


@pytest.mark.parametrize("edit,fragment", [
    (lambda g: g.update(points="many"), "points must be a whole number per seat"),
    (lambda g: g.update(rounds=0), "rounds must be a whole number >= 1"),
    (lambda g: g.update(deal="0"), "deal must be a whole number"),
    (lambda g: g.update(winners=[7]), "winners must be a list of seats"),
    (lambda g: g.update(seconds=[None, 1.0, 2.0]), "seconds must be a number per seat"),
    (lambda g: g.update(bots="heuristic"), "bots must be a list"),
    (lambda g: g.update(error="boom"), "error must be an object"),
    (lambda g: g.clear(), "deal must be a whole number"),
])
def test_resume_refuses_a_wrongly_typed_results_line(capsys, tmp_path, edit, fragment):
    out = tmp_path / "t"
    run(capsys, *BASE, "--bots", "heuristic,random", "--out", str(out), "--json")
    lines = (out / "results.jsonl").read_text().splitlines()
    game = json.loads(lines[2])
    edit(game)
    lines[2] = json.dumps(game)
    (out / "results.jsonl").write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "tournament", "--resume", "--out", str(out), "--json")
    assert code == 2 and "line 3: not a game summary" in err and fragment in err and err.count("\n") == 1


def test_a_tournament_with_the_neural_bot(capsys):
    code, out, _ = run(capsys, "tournament", "--game", "komarami", "--players", "3", "--games", "6", "--seed", "3",
                       "--bots", "neural,heuristic", "--json")
    result = json.loads(out)
    assert code == 0 and result["bots"] == ["neural", "heuristic"] and result["games"] == 6 and result["complete"]
