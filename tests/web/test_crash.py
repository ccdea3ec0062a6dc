"""Nothing acknowledged is lost: `lama serve` is killed with SIGKILL at random moments (at least
20 times, on SQLite and on PostgreSQL) while a person plays; after every restart the table goes on
at the version it had, the token still works, and no acknowledged move is lost or stored twice."""

from __future__ import annotations

import json
import random
import time

import httpx2
import pytest
from websockets.sync.client import connect

from lama.web.store import Store

from .conftest import Server

KILLS = 20  # on each store, over PARTS tables of their own (tests that xdist can spread over its workers)
PARTS = 4


def recv_state(ws, timeout=20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "state":
            return message


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_kill_minus_nine_at_random_moments_loses_nothing(db_url, part):
    kills = KILLS // PARTS
    rng = random.Random(2026 + part)
    server = Server(db_url).start()
    made = httpx2.post(server.url + "/api/tables", json={
        "game": "lama", "players": 3, "name": "Ann", "options": {"target": 200},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]}).json()
    table, token = made["table"], made["token"]
    acked: list[dict] = []  # our moves the server acknowledged, in order
    last_version = 0
    try:
        for _ in range(kills):
            with connect(f"{server.ws}/ws/tables/{table}?token={token}", open_timeout=20) as ws:
                state = recv_state(ws)
                assert state["version"] >= last_version, "the table went back in time"
                assert state["seat"] == 0  # the token still works
                for _ in range(rng.randrange(1, 6)):
                    while not state["legal"] and state["status"] == "running":
                        state = recv_state(ws)
                    if state["status"] != "running":
                        break
                    # a person who quits at every chance ends the game within a few kills: mostly play on
                    staying = [a for a in state["legal"] if not a.get("quit")]
                    action = rng.choice(staying if staying and rng.random() < 0.9 else state["legal"])
                    ws.send(json.dumps({"type": "act", "version": state["version"], "action": action}))
                    if rng.random() < 0.3:  # die with the move in flight: it may or may not be stored
                        time.sleep(rng.random() * 0.02)
                        break
                    sent_at = state["version"]
                    state = recv_state(ws)
                    assert state["version"] > sent_at
                    acked.append(action)
                    last_version = state["version"]
            server.kill()
            server = Server(db_url, port=server.port).start()
        # the last restart rebuilt the table from its seed and every stored move, by the rules
        final = httpx2.get(f"{server.url}/api/tables/{table}").json()
        assert final["version"] >= last_version and final["status"] in ("running", "finished")
    finally:
        server.kill()
    store = Store(db_url)
    moves = store.moves(table)
    store.close()
    assert [n for n, _, _ in moves] == list(range(len(moves)))  # every move once, none twice
    mine = [a for _, seat, a in moves if seat == 0]
    # every acknowledged move is stored, in order; the others stored are moves that were in flight
    # at a kill (at most one per kill): stored but not yet acknowledged when the server died
    it = iter(mine)
    assert all(any(a == m for m in it) for a in acked), "an acknowledged move is missing"
    assert len(mine) - len(acked) <= kills
    assert len(acked) >= kills // 2  # the test did play


@pytest.mark.slow
def test_kills_while_stand_ins_play_and_a_clock_runs(db_url, tmp_path):
    """Both people leave; stand-ins play their seats (Bob's called by Ann, Ann's when her time
    runs out). The server is killed while a person's clock runs, and again and again while the
    stand-ins play: after each restart the clock goes on from where it was, never from zero, and
    the stand-ins go on from the stored moves (never two moves of one number, never a move out of
    turn: the final record replays by the rules). Once the clock is seen going on across a
    restart, the tables' clocks are moved ahead (serve.py's clock file) rather than waited for."""
    from lama.record import replay, result_of

    rng = random.Random(23)
    ahead = tmp_path / "clock-ahead"
    server = Server(db_url, pause=0.05, clock_file=ahead).start()
    made = httpx2.post(server.url + "/api/tables", json={
        "game": "lama", "players": 3, "name": "Ann", "options": {"target": 60}, "turn_seconds": 10,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    table = made["table"]
    httpx2.post(f"{server.url}/api/tables/{table}/join", json={"name": "Bob", "invite": made["invite"]})
    with connect(f"{server.ws}/ws/tables/{table}?token={made['token']}", open_timeout=20) as ws:
        recv_state(ws)
        ws.send(json.dumps({"type": "stand_in", "seat": 1, "bot": "easy"}))  # Bob never came
        while recv_state(ws)["seats"][1]["stand_in"] != "easy":
            pass
    deadline = time.monotonic() + 60
    while (facts := httpx2.get(f"{server.url}/api/tables/{table}").json())["clock"] is None:
        assert time.monotonic() < deadline, "Ann's clock never ran"
        time.sleep(0.05)
    left, told = facts["clock"]["seconds_left"], time.time()  # (the server read the time before `told`)
    server.kill()  # a kill while Ann's clock runs
    server = Server(db_url, port=server.port, pause=0.05, clock_file=ahead).start()
    asked = time.time()  # (and reads it again after `asked`: both on this machine's clock)
    facts = httpx2.get(f"{server.url}/api/tables/{table}").json()
    if facts["clock"] is not None:  # it went on while the server was down (told to 0.1 s), not from zero
        assert facts["clock"]["seconds_left"] <= left - (asked - told) + 0.1
    else:  # it even ran out meanwhile
        assert facts["seats"][0]["stand_in_why"] == "time"
    ahead.write_text("10")  # the rest of Ann's 10 seconds pass at once: her time runs out
    while (facts := httpx2.get(f"{server.url}/api/tables/{table}").json())["seats"][0]["stand_in"] is None:
        assert time.monotonic() < deadline + 60, "Ann's time never ran out"
        time.sleep(0.1)
    assert facts["seats"][0]["stand_in_why"] == "time"
    versions = []
    try:
        for _ in range(8):
            time.sleep(rng.random() * 0.5)  # the stand-ins play meanwhile
            server.kill()
            server = Server(db_url, port=server.port, pause=0.05, clock_file=ahead).start()
            facts = httpx2.get(f"{server.url}/api/tables/{table}").json()
            assert [s["stand_in"] for s in facts["seats"][:2]] == ["medium", "easy"]  # stored, so still there
            versions.append(facts["version"])
            if facts["status"] == "finished":
                break
        deadline = time.monotonic() + 120
        while httpx2.get(f"{server.url}/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, f"the stand-ins stopped playing: {server.said()}"
            time.sleep(0.2)
        record = httpx2.get(f"{server.url}/api/tables/{table}/record").json()
    finally:
        server.kill()
    assert versions == sorted(versions) and versions[-1] > versions[0]  # they went on after each restart
    store = Store(db_url)
    moves = store.moves(table)
    store.close()
    assert [n for n, _, _ in moves] == list(range(len(moves)))  # every move once, none twice
    result = result_of(replay(record))
    assert result["finished"]  # every stored move was the move of the seat to move, by the rules
