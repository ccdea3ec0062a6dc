"""The store is the truth (issue 40): whatever the store goes through (PostgreSQL crashed in the
middle of play, SQLite refusing writes, a store that lost the last moves a server had), every
table goes on from what is stored, its moves contiguous, every finished record replaying; the
background work waits quietly; a table that cannot be rebuilt answers `broken_table`
everywhere, is marked in the lobby and is logged once."""

from __future__ import annotations

import json
import logging
import random
import time

import httpx2
import pytest
from sqlalchemy import event, text
from websockets.sync.client import connect

from lama.record import replay, result_of
from lama.web.store import Store

from .conftest import Server, cluster, new_database
from .helpers import HUMAN, bot, create, next_state

BOTS_ONLY = [bot("heuristic"), bot("random"), bot("easy")]


def until(condition, what: str, timeout: float = 120.0):
    """Poll `condition()` until it is true (its value), failing loudly after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, f"{what} (after {timeout} s)"
        time.sleep(0.02)
    return value


def said(caplog, words: str) -> int:
    return sum(words in r.getMessage() for r in caplog.records)


def no_traceback(caplog) -> None:
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], caplog.text


def stored_games_replay(db: str, records: dict[str, dict]) -> None:
    """Every table's stored moves are 0, 1, 2, ... and each finished table's record (served by
    the server) replays to a finished game with exactly the stored moves."""
    store = Store(db)
    try:
        for table_id, record in records.items():
            moves = store.moves(table_id)
            assert [n for n, _, _ in moves] == list(range(len(moves))), f"a gap in {table_id}'s moves"
            assert result_of(replay(record))["finished"]
            assert sum(len(r["moves"]) for r in record["rounds"]) == len(moves)
    finally:
        store.close()


# -- in-process: SQLite refusing writes, a store that lost moves, a table that cannot be rebuilt ----------------
class Writes:
    """SQLite refusing every write (its own SQLITE_READONLY, `PRAGMA query_only`) on each
    connection the store takes from its pool while `failing` is set."""

    def __init__(self, engine):
        self.failing = False
        event.listen(engine, "checkout", self._checkout)

    def _checkout(self, dbapi_connection, _record, _proxy):
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA query_only = {int(self.failing)}")
        cursor.close()


def answer_to(ws, version: int) -> tuple[dict, dict | None]:
    """The answer to an act made at `version` (its error, or the state that acknowledges it),
    and the last state sent before it (a table reloaded from the store: maybe an older version)."""
    latest = None
    for message in iter(ws.receive_json, None):
        if message["type"] == "error" or (message["type"] == "state" and message["version"] > version):
            return message, latest
        if message["type"] == "state":
            latest = message
    raise AssertionError("unreachable")


def my_turn(ws, state: dict) -> dict:
    while not state["legal"]:
        assert state["status"] == "running", "the game ended before the test's point"
        state = next_state(ws, skip_errors=True)
    return state


def staying(legal: list[dict], rng) -> dict:
    """A legal move, rarely a quit (a person who quits at every chance ends the game soon)."""
    stay = [a for a in legal if not a.get("quit")]
    return rng.choice(stay if stay and rng.random() < 0.9 else legal)


def ending(legal: list[dict], rng) -> dict:
    """A quit if it may (the game ends sooner), else any legal move."""
    return next((a for a in legal if a.get("quit")), rng.choice(legal))


def my_move(ws, state: dict, rng, pick=staying, timeout: float = 60.0) -> dict:
    """One move of the person, acknowledged: sent again while the store cannot be used, and
    from the state the server sends when it reloaded the table (`stale`)."""
    deadline = time.monotonic() + timeout
    while True:
        state = my_turn(ws, state)
        ws.send_json({"type": "act", "version": state["version"], "action": pick(state["legal"], rng)})
        answer, latest = answer_to(ws, state["version"])
        if answer["type"] == "state":
            return answer
        assert answer["code"] in ("store_unavailable", "stale"), answer
        assert time.monotonic() < deadline, f"no move was acknowledged after {timeout} s: {answer}"
        state = latest or state
        if answer["code"] == "store_unavailable":
            time.sleep(0.05)  # (polling: the store takes writes again when the test says so)


@pytest.mark.slow
def test_sqlite_refusing_writes_three_times_in_the_middle_of_play(tmp_path, caplog):
    """Three times, SQLite refuses every write while a person and two bot tables play: the
    person's move is refused (store_unavailable) and changes nothing, the bots wait, the log
    says it once; once the writes work again, every table goes on from what is stored."""
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    caplog.set_level(logging.INFO, "lama.web")
    db = f"sqlite:///{tmp_path / 'lama.db'}"
    app = create_app(db, bot_pause=0.01, bot_workers=1)
    rng = random.Random(40)
    with TestClient(app) as c:
        writes = Writes(app.state.hub.store.engine)
        made = create(c, seats=[HUMAN, bot("heuristic"), bot("random")], options={"target": 100})
        tables = [made["table"]] + [create(c, seats=BOTS_ONLY, options={"target": 60})["table"] for _ in range(2)]
        with c.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
            state = next_state(ws)
            for outage in range(1, 4):
                for _ in range(3):
                    state = my_move(ws, state, rng)
                state = my_turn(ws, state)  # (the bots of this table wait for the person now)
                writes.failing = True
                ws.send_json({"type": "act", "version": state["version"], "action": state["legal"][0]})
                answer, _ = answer_to(ws, state["version"])
                assert answer["code"] == "store_unavailable"  # not acknowledged: nothing changed
                until(lambda n=outage: said(caplog, "the store failed") == n, "the outage was not logged")
                writes.failing = False
                state = my_move(ws, state, rng)  # acknowledged once the writes work again
                until(lambda n=outage: said(caplog, "the store answers again") == n, "its return was not logged")
            while state["status"] != "finished":  # (the person's move, or the bots' that end the game)
                state = my_move(ws, state, rng, ending) if state["legal"] else next_state(ws, skip_errors=True)
        until(lambda: all(c.get(f"/api/tables/{t}").json()["status"] == "finished" for t in tables),
              "the bot tables did not play on to the end")
        records = {t: c.get(f"/api/tables/{t}/record").json() for t in tables}
        versions = {t: c.get(f"/api/tables/{t}").json()["version"] for t in tables}
    assert said(caplog, "the store failed") == said(caplog, "the store answers again") == 3  # one line each time
    no_traceback(caplog)
    stored_games_replay(db, records)
    with TestClient(create_app(db, bot_pause=0, bot_workers=1)) as c:  # what is stored is what was played
        assert {t: c.get(f"/api/tables/{t}").json()["version"] for t in tables} == versions


def test_a_server_ahead_of_its_store_reloads_the_table(db_url, caplog):
    """The store lost the last moves the server had (as PostgreSQL may in a crash, without
    --sync-commits; here they are deleted): the next move is refused by the store (move n only
    after n - 1), the table is reloaded from the store, its people are sent the stored state
    and play on from it; no gap is ever stored."""
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    caplog.set_level(logging.INFO, "lama.web")
    app = create_app(db_url, bot_pause=0, bot_workers=1)
    rng = random.Random(7)
    with TestClient(app) as c:
        made = create(c, seats=[HUMAN, HUMAN], options={"target": 1000})
        other = c.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()
        url = f"/ws/tables/{made['table']}?token="
        with c.websocket_connect(url + made["token"]) as a, c.websocket_connect(url + other["token"]) as b:
            states = {a: next_state(a), b: next_state(b)}
            versions = []  # acknowledged, after each move
            for _ in range(6):
                ws = next(ws for ws, s in states.items() if s["legal"])
                action = rng.choice(states[ws]["legal"])
                ws.send_json({"type": "act", "version": states[ws]["version"], "action": action})
                answer, _ = answer_to(ws, states[ws]["version"])
                versions.append(answer["version"])
                states = {w: answer if w is ws else next(m for m in iter(w.receive_json, None)
                                                         if m["type"] == "state" and m["version"] == answer["version"])
                          for w in states}
            with app.state.hub.store.engine.begin() as db:  # the last three moves are lost
                db.execute(text("DELETE FROM lama_moves WHERE table_id = :t AND n >= 3"), {"t": made["table"]})
            ws = next(ws for ws, s in states.items() if s["legal"])
            ws.send_json({"type": "act", "version": states[ws]["version"], "action": states[ws]["legal"][0]})
            answer, latest = answer_to(ws, states[ws]["version"])
            assert answer["code"] == "stale"  # refused: the table was reloaded from the store
            assert latest["version"] == versions[2] and latest["events"] == []  # the stored state, sent first
            other_ws = b if ws is a else a
            states = {ws: latest, other_ws: next(m for m in iter(other_ws.receive_json, None)
                                                  if m["type"] == "state" and m["version"] == versions[2])}
            for _ in range(4):  # and play goes on from it
                ws = next(ws for ws, s in states.items() if s["legal"])
                states[ws] = my_move(ws, states[ws], rng)
                for w in states:
                    if w is not ws:
                        states[w] = next(m for m in iter(w.receive_json, None)
                                         if m["type"] == "state" and m["version"] == states[ws]["version"])
            final = states[ws]["version"]
        assert c.get(f"/api/tables/{made['table']}").json()["version"] == final
        moves = app.state.hub.store.moves(made["table"])
    assert [n for n, _, _ in moves] == list(range(7))
    assert said(caplog, "the store holds no move 5") == 1
    no_traceback(caplog)
    with TestClient(create_app(db_url, bot_pause=0, bot_workers=1)) as c:
        assert c.get(f"/api/tables/{made['table']}").json()["version"] == final


def test_a_table_that_cannot_be_rebuilt_answers_broken_table_everywhere(db_url, caplog):
    """A stored history the rules refuse (here a move by the wrong seat): JSON `broken_table`
    on every route, an error then a clean close on the WebSocket, `broken` in the lobby, and
    one line in the log with the reason, at the start that found it and never again."""
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from lama.web.app import create_app

    caplog.set_level(logging.INFO, "lama.web")
    with TestClient(create_app(db_url, bot_pause=0, bot_workers=1)) as c:
        made = create(c, seats=[HUMAN, HUMAN], visibility="public", options={"target": 1000})
        other = c.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()
        tokens = {made["seat"]: made["token"], other["seat"]: other["token"]}
        rng = random.Random(3)
        with c.websocket_connect(f"/ws/tables/{made['table']}") as watcher:
            state = next_state(watcher)
            for _ in range(4):
                seat = state["view"]["to_move"]
                with c.websocket_connect(f"/ws/tables/{made['table']}?token={tokens[seat]}") as ws:
                    mine = next_state(ws)
                    my_move(ws, mine, rng)
                state = next(m for m in iter(watcher.receive_json, None)
                             if m["type"] == "state" and m["version"] > state["version"])
        with c.app.state.hub.store.engine.begin() as db:  # move 1 was made by the other seat
            db.execute(text("UPDATE lama_moves SET seat = 1 - seat WHERE table_id = :t AND n = 1"),
                       {"t": made["table"]})
    assert said(caplog, "cannot be rebuilt") == 0
    table = made["table"]
    for _ in range(2):  # two starts
        with TestClient(create_app(db_url, bot_pause=0, bot_workers=1)) as c:  # (it resumes the running tables)
            for path in (f"/api/tables/{table}", f"/api/tables/{table}/record", f"/api/tables/{table}/replay"):
                r = c.get(path)
                assert r.status_code == 500 and r.headers["content-type"].startswith("application/json"), r.text
                assert r.json()["error"]["code"] == "broken_table" and table in r.json()["error"]["message"]
            r = c.post(f"/api/tables/{table}/join", json={"name": "Cem", "invite": made["invite"]})
            assert r.json()["error"]["code"] == "broken_table"
            for query in ("", f"?token={made['token']}"):
                with c.websocket_connect(f"/ws/tables/{table}{query}") as ws:
                    assert ws.receive_json()["code"] == "broken_table"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        ws.receive_json()
                    assert closed.value.code == 1011
            listed = [t for t in c.get("/api/tables").json()["tables"] if t["id"] == table]
            assert listed and listed[0]["broken"] is True
            assert c.get("/api/tables", params={"ids": table}).json()["tables"][0]["broken"] is True
        assert said(caplog, "cannot be rebuilt") == 1, caplog.text  # at the first start only, with its reason
    line = next(r.getMessage() for r in caplog.records if "cannot be rebuilt" in r.getMessage())
    assert table in line and "stored move 1 of seat" in line and "not your turn" in line
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    store = Store(db_url)
    assert store.load_table(table).broken
    store.close()


def test_the_clocks_wait_quietly_while_the_store_refuses_writes(tmp_path, caplog, clock):
    """A person out of time while SQLite refuses writes: the clocks' tick says so in one line,
    no traceback, and the stand-in comes once the writes work again."""
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    caplog.set_level(logging.INFO, "lama.web")
    app = create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1, clock=clock)
    with TestClient(app) as c:
        writes = Writes(app.state.hub.store.engine)
        made = create(c, seats=[HUMAN, HUMAN], turn_seconds=10)
        c.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]})
        facts = until(lambda: (f := c.get(f"/api/tables/{made['table']}").json())["clock"] and f, "no clock runs")
        late = facts["clock"]["seat"]
        writes.failing = True
        clock.advance(11)
        until(lambda: said(caplog, "the store failed"), "the tick never tried the store")
        writes.failing = False
        until(lambda: c.get(f"/api/tables/{made['table']}").json()["seats"][late]["stand_in"],
              "the stand-in never came once the store took writes again")
        until(lambda: said(caplog, "the store answers again"), "the store's return was not logged")
    assert said(caplog, "the store failed") == 1
    assert not [r for r in caplog.records if r.exc_info or "tick failed" in r.getMessage()], caplog.text


# -- real servers: PostgreSQL crashing under a running lama serve --------------------------------------------------
def recv_state(ws, timeout: float = 60.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "state":
            return message


class Person:
    """A person at a table of a real server: their moves, each acknowledged, retried while the
    store cannot be used or from the stored state the server sends after a reload."""

    def __init__(self, ws, rng):
        self.ws, self.rng = ws, rng
        self.state = recv_state(ws)
        self.acked: list[dict] = []

    def move(self, pick=staying, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            while not self.state["legal"]:
                assert self.state["status"] == "running", "the game ended before the test's point"
                self.state = recv_state(self.ws)
            action = pick(self.state["legal"], self.rng)
            sent = self.state["version"]
            self.ws.send(json.dumps({"type": "act", "version": sent, "action": action}))
            while True:
                message = json.loads(self.ws.recv(timeout=60))
                if message["type"] == "state":
                    self.state = message
                    if message["version"] > sent:
                        self.acked.append(action)
                        return
                elif message["type"] == "error":
                    assert message["code"] in ("store_unavailable", "stale"), message
                    break
            assert time.monotonic() < deadline, f"no move was acknowledged after {timeout} s"
            if message["code"] == "store_unavailable":
                time.sleep(0.05)  # (polling: PostgreSQL is on its way back)


@pytest.mark.slow
@pytest.mark.parametrize("sync_commits", [False, True])
def test_postgresql_crashing_three_times_in_the_middle_of_play(sync_commits):
    """`pg_ctl stop -m immediate` three times while a person and three bot tables play on a
    running lama serve, then PostgreSQL again: every table goes on from what is stored, with
    contiguous moves, and every record replays; the server never needs a restart, and logs no
    traceback. With --sync-commits every acknowledged move is stored too."""
    pg = cluster()
    server = None
    try:
        db = new_database(pg.url)
        server = Server(db, pause=0.02, args=("--sync-commits",) if sync_commits else ()).start()
        made = httpx2.post(server.url + "/api/tables", json={
            "game": "lama", "players": 3, "name": "Ann", "options": {"target": 100},
            "seats": [HUMAN, bot("heuristic"), bot("random")]}).json()
        tables = [made["table"]] + [httpx2.post(server.url + "/api/tables", json={
            "game": "lama", "players": 3, "options": {"target": 80}, "seats": BOTS_ONLY}).json()["table"]
            for _ in range(3)]
        rng = random.Random(444)
        with connect(f"{server.ws}/ws/tables/{made['table']}?token={made['token']}", open_timeout=20) as ws:
            person = Person(ws, rng)
            for _ in range(3):
                for _ in range(3):
                    person.move()
                pg.stop()  # a crash, in the middle of play: the bots move every 20 ms
                pg.start()
                person.move()
            while person.state["status"] != "finished":  # (the person's move, or the bots' that end the game)
                if person.state["legal"]:
                    person.move(ending)
                else:
                    person.state = recv_state(ws)
        until(lambda: all(httpx2.get(f"{server.url}/api/tables/{t}").json()["status"] == "finished"
                          for t in tables), f"the bot tables did not play on to the end: {server.said()}")
        records = {t: httpx2.get(f"{server.url}/api/tables/{t}/record").json() for t in tables}
        versions = {t: httpx2.get(f"{server.url}/api/tables/{t}").json()["version"] for t in tables}
        log = server.said(10**8)
        assert "Traceback" not in log and "tick failed" not in log, log
        server.kill()
        server = Server(db, port=server.port).start()  # what is stored is what was played
        assert {t: httpx2.get(f"{server.url}/api/tables/{t}").json()["version"] for t in tables} == versions
        assert "Traceback" not in server.said(10**8)
        stored_games_replay(db, records)
        if sync_commits:  # every acknowledged move of the person is stored, in order
            store = Store(db)
            mine = iter([a for _, seat, a in store.moves(made["table"]) if seat == 0])
            store.close()
            assert all(any(a == m for m in mine) for a in person.acked), "an acknowledged move is missing"
    finally:
        if server is not None:
            server.kill()
        pg.remove()
