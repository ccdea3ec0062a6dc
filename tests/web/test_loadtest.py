"""`lama loadtest` as a user runs it: a real server subprocess, a few tables, its JSON."""

import json
import subprocess
import sys

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")


@pytest.mark.slow
def test_loadtest_plays_tables_and_loses_nothing(tmp_path):
    done = subprocess.run([sys.executable, "-m", "lama", "loadtest", "--tables", "3", "--seconds", "3", "--json"],
                          capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {"tables", "moves", "moves_per_s", "p50_ms", "p99_ms", "errors", "lost"} <= set(result)
    assert result["tables"] == 3
    assert isinstance(result["moves"], int) and result["moves"] > 0
    assert result["moves_per_s"] > 0
    assert 0 < result["p50_ms"] <= result["p99_ms"]
    assert result["errors"] == 0, result
    assert result["lost"] == 0, result
    assert result["stored_moves"] >= result["moves"]
    assert not list(tmp_path.iterdir())  # the temporary store is gone, nothing left in the current folder
    # what tells the server's share from the client's: the server's own histogram, the
    # client's own lateness, second by second
    assert result["server_p99_ms"] is not None and result["server_ack"][0]["+Inf"] >= result["moves"]
    assert 0 <= result["client_lag_p99_ms"] <= result["client_lag_max_ms"]
    assert sum(n for _s, n, *_ in result["by_second"]) == result["moves"]


@pytest.mark.slow
def test_loadtest_spreads_the_clients_over_processes(tmp_path):
    done = subprocess.run([sys.executable, "-m", "lama", "loadtest", "--tables", "4", "--seconds", "3",
                           "--client-processes", "2", "--json"], capture_output=True, text=True, timeout=180,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["client_processes"] == 2 and result["moves"] > 0, result
    assert result["errors"] == 0 and result["lost"] == 0, result
    assert sum(n for _s, n, *_ in result["by_second"]) == result["moves"]


def test_loadtest_refuses_bad_arguments():
    done = subprocess.run([sys.executable, "-m", "lama", "loadtest", "--players", "7"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "2 to 6" in done.stderr


@pytest.mark.slow
def test_loadtest_with_people_thinking_beside_a_hostile_client(tmp_path):
    done = subprocess.run([sys.executable, "-m", "lama", "loadtest", "--tables", "3", "--seconds", "4", "--think",
                           "0.2", "--hostile", "--json"], capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["errors"] == 0 and result["lost"] == 0 and result["moves"] > 0, result
    assert result["think_s"] == 0.2 and result["servers"] == 1
    hostile = result["hostile"]
    assert hostile.get("create 429", 0) > 0 and hostile.get("unknown 404", 0) > 0  # limited, and answered
    # more connections than an address may have: closed once upgraded (1008), or refused before (429)
    assert hostile.get("connection closed 1008", 0) + hostile.get("connection refused 429", 0) > 0, hostile
    assert 0 < result["rss_peak_mb"][0] <= result["memory_bound_mb"]


def test_loadtest_needs_postgresql_for_two_servers(tmp_path):
    done = subprocess.run([sys.executable, "-m", "lama", "loadtest", "--servers", "2", "--seconds", "1"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2 and "PostgreSQL" in done.stderr
