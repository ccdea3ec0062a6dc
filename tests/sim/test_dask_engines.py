"""Both engines on Dask: `lama tournament` and `lama strength` with --backend dask play in
compiled code on the workers whenever the local run would, and the same command and seed give
the same numbers with 1 worker, 2 workers and Dask, on either engine. One local cluster
(processes, 127.0.0.1, no dashboard) serves every test here; run them alone with `-m dask`."""

import json
import logging

import pytest

from lama.cli import main
from lama.sim.strength import run_cell

pytestmark = [pytest.mark.dask, pytest.mark.slow]

TIMING = {"sec_per_decision", "sec_per_decision_ci95", "elapsed_s", "games_per_s", "workers", "backend",
          "mean_seconds_per_decision", "max_seconds_per_decision"}


@pytest.fixture(scope="module")
def address():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def numbers(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in TIMING}


def tournament(capsys, *argv) -> dict:
    assert main(["tournament", "--game", "kadabra", "--players", "3", "--bots", "heuristic,random,easy",
                 "--seed", "9", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("engine,games,chunk", [("fast", "60", "7"), ("core", "12", "2")])
def test_a_tournament_gives_the_same_numbers_on_one_worker_two_and_dask(capsys, address, engine, games, chunk):
    args = ["--games", games, "--chunk", chunk] + (["--engine", "core"] if engine == "core" else [])
    one = tournament(capsys, *args)
    two = tournament(capsys, *args, "--workers", "2")
    dask = tournament(capsys, *args, "--backend", "dask", "--address", address)
    assert one["engine"] == two["engine"] == dask["engine"] == engine  # auto is fast on Dask too
    assert dask["backend"] == "dask" and dask["games"] == int(games) and dask["complete"]
    assert numbers(one) == numbers(two) == numbers(dask)


@pytest.mark.parametrize("engine,games", [("auto", 4100), ("core", 24)])
def test_a_strength_cell_is_the_same_on_one_job_two_and_dask(address, engine, games):
    def cell(**where):
        return run_cell("dice", 3, "heuristic", "random", games, seed=5, engine=engine, **where)

    one, two, dask = cell(), cell(jobs=2), cell(backend="dask", address=address)  # 4100: 3 compiled chunks
    assert one["engine"] == dask["engine"] == ("fast" if engine == "auto" else "core")
    assert numbers(one) == numbers(two) == numbers(dask)
    assert dask["decisions"] > games * 5 and 0 < dask["wins"] < games


def test_strength_on_dask_from_the_command_line(capsys, address):
    argv = ["strength", "--game", "lama", "--players", "2", "--bot", "heuristic", "--vs", "random", "--games",
            "300", "--quiet", "--json"]
    assert main([*argv, "--backend", "dask", "--address", address]) == 0
    on_dask = json.loads(capsys.readouterr().out)["cells"][0]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)["cells"][0]
    assert on_dask["engine"] == "fast" and numbers(on_dask) == numbers(local)
    assert main([*argv, "--address", address]) == 2  # --address without --backend dask
    assert "--address is for --backend dask" in capsys.readouterr().err
