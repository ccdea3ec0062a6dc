"""Backends: worker processes that die, Ctrl-C from outside, and Dask (loopback only).

The Dask tests start a local cluster bound to 127.0.0.1 with no dashboard;
run them alone with `pytest -m dask`.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lama.cli import main

HERE = Path(__file__).parent
TIMING = {"sec_per_decision", "sec_per_decision_ci95", "elapsed_s", "games_per_s", "games_played_now",
          "workers", "backend", "interrupted", "stopped_on_error"}
ARGS = ["tournament", "--game", "lama", "--players", "3", "--games", "12", "--seed", "11", "--json"]


def numbers(out: str) -> dict:
    return {k: v for k, v in json.loads(out).items() if k not in TIMING}


def test_a_killed_worker_process_is_replaced_and_no_game_is_lost(capsys, tmp_path, monkeypatch):
    bots = ["--bots", "heuristic,random,tournament_bots:killing_bot"]
    monkeypatch.setenv("LAMA_TEST_KILL_MARKER", str(tmp_path / "killed"))
    code = main([*ARGS, *bots, "--workers", "2", "--chunk", "3"])
    out, err = capsys.readouterr()
    assert code == 0 and (tmp_path / "killed").exists()
    assert "worker process died" in err
    assert main([*ARGS, *bots]) == 0  # the marker is there now: nobody dies
    assert numbers(out) == numbers(capsys.readouterr().out)


@pytest.mark.slow
def test_ctrl_c_keeps_the_finished_games_and_resume_finishes_the_rest(tmp_path):
    out = tmp_path / "t"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    cmd = [sys.executable, "-m", "lama", "tournament", "--players", "2", "--games", "40", "--seed", "1",
           "--bots", "tournament_bots:slow_bot,random", "--workers", "2", "--chunk", "2", "--json",
           "--out", str(out)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = out / "results.jsonl"
    for _ in range(600):  # wait (at most a minute) for the first finished games
        if results.exists() and results.read_text().count("\n") >= 2 or proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the tournament finished before Ctrl-C arrived")
    assert proc.returncode == 130, stderr
    assert "--resume" in stderr and "Traceback" not in stderr
    kept = len(results.read_text().splitlines())
    done = subprocess.run([sys.executable, "-m", "lama", "tournament", "--resume", "--out", str(out), "--json",
                           "--workers", "2"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games_played_now"] == 40 - kept
    keys = [(g["deal"], g["seating"]) for g in map(json.loads, results.read_text().splitlines())]
    assert len(keys) == 40 and len(set(keys)) == 40


@pytest.mark.slow
@pytest.mark.dask
def test_dask_on_a_local_cluster_gives_the_same_numbers_even_when_a_worker_dies(capsys, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    bots = ["--bots", "heuristic,random,tournament_bots:killing_bot"]
    monkeypatch.setenv("LAMA_TEST_KILL_MARKER", str(tmp_path / "killed"))
    assert main([*ARGS, *bots, "--backend", "dask", "--workers", "2", "--chunk", "2"]) == 0
    assert (tmp_path / "killed").exists()  # Dask played the dead worker's games elsewhere
    on_dask = capsys.readouterr().out
    assert main([*ARGS, *bots]) == 0
    local = capsys.readouterr().out
    assert json.loads(on_dask)["backend"] == "dask" and json.loads(on_dask)["workers"] == 2
    assert numbers(on_dask) == numbers(local)


@pytest.mark.slow
@pytest.mark.dask
def test_dask_at_an_address_plays_on_that_cluster(capsys):
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        code = main([*ARGS, "--bots", "heuristic,random", "--backend", "dask", "--address",
                     cluster.scheduler_address, "--engine", "core"])
    assert code == 0
    on_dask = capsys.readouterr().out
    assert main([*ARGS, "--bots", "heuristic,random", "--engine", "core"]) == 0
    assert numbers(on_dask) == numbers(capsys.readouterr().out)


@pytest.mark.dask
def test_an_unreachable_scheduler_is_a_clear_error(capsys, monkeypatch):
    pytest.importorskip("distributed")
    from lama.sim import backends

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "1s")
    code = main([*ARGS, "--backend", "dask", "--address", "tcp://127.0.0.1:9"])  # nothing listens on port 9
    assert code == 2 and "cannot connect to the Dask scheduler" in capsys.readouterr().err


# -- the workers end with their parent -------------------------------------------------------------

def _proc_stat(pid: int):
    """(ppid, state, start time) of a process from /proc, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), fields[0], fields[19]


def _workers_of(parent: int) -> dict:
    """The pool's worker processes of `parent`: pid -> start time."""
    workers = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _proc_stat(int(entry.name))
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if stat and stat[0] == parent and b"spawn_main" in cmdline:
            workers[int(entry.name)] = stat[2]
    return workers


def _alive(pid: int, start: str) -> bool:
    stat = _proc_stat(pid)
    return stat is not None and stat[2] == start and stat[1] != "Z"  # a zombie has ended


def _start_tournament(tmp_path):
    out = tmp_path / "t"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    cmd = [sys.executable, "-m", "lama", "tournament", "--players", "2", "--games", "2000", "--seed", "1",
           "--bots", "tournament_bots:slow_bot,random", "--workers", "2", "--chunk", "1", "--json",
           "--out", str(out)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = out / "results.jsonl"
    workers = {}
    for _ in range(600):  # wait (at most a minute) until both workers play
        if proc.poll() is not None:
            break
        workers = _workers_of(proc.pid)
        if len(workers) == 2 and results.exists() and results.read_text().count("\n") >= 2:
            break
        time.sleep(0.1)
    assert proc.poll() is None and len(workers) == 2, proc.stderr.read() if proc.poll() is not None else workers
    return proc, workers


def _wait_gone(workers: dict) -> list:
    for _ in range(300):  # at most 30 s; they go within a moment
        left = [pid for pid, start in workers.items() if _alive(pid, start)]
        if not left:
            return []
        time.sleep(0.1)
    return left


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_workers_end_when_their_parent_is_killed(tmp_path):
    proc, workers = _start_tournament(tmp_path)
    proc.kill()  # SIGKILL: the parent cannot clean up
    proc.communicate(timeout=60)
    left = _wait_gone(workers)
    for pid in left:  # do not leave them running if the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == [], "worker processes outlived their killed parent"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_sigterm_ends_the_pool_cleanly_and_keeps_the_games(tmp_path):
    proc, workers = _start_tournament(tmp_path)
    proc.terminate()  # SIGTERM
    stdout, stderr = proc.communicate(timeout=60)
    left = _wait_gone(workers)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert json.loads(stdout)["interrupted"] and "--resume" in stderr and "Traceback" not in stderr
    assert left == []
