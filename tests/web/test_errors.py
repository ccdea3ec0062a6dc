"""JSON errors everywhere (issue 24): bad input of every kind gets PROTOCOL's error with a 4xx
code and no traceback in the log; the store down gives 503 store_unavailable and the server
recovers by itself; a full disk refuses, and loses nothing acknowledged."""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import event

from lama.web.limits import Limits

from .conftest import cluster, new_database
from .helpers import HUMAN, bot, create, next_state

JSON = {"content-type": "application/json"}
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]


def json_error(r, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    error = r.json()["error"]
    assert error["code"] == code and error["message"]
    return error["message"]


def answer_to(ws, version: int) -> dict:
    """The answer to an act made at `version`: its error, or the state that acknowledges it."""
    return next(m for m in iter(ws.receive_json, None)
                if m["type"] == "error" or (m["type"] == "state" and m["version"] > version))


def state_at(ws, version: int) -> dict:
    """The state of `version` on `ws` (the older ones, and presence changes, skipped)."""
    return next(m for m in iter(ws.receive_json, None) if m["type"] == "state" and m["version"] >= version)


def no_traceback(caplog) -> None:
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], caplog.text


@pytest.mark.parametrize("body, code", [
    (b"[" * 3000 + b"]" * 3000, "malformed"),
    (b'{"game": ' + b"[" * 3000 + b"]" * 3000 + b"}", "malformed"),
    (b'{"name": ' + b'{"a": ' * 3000 + b"1" + b"}" * 3001, "malformed"),
    (b'{"\\ud800": 1}', "bad_request"),  # a lone surrogate in a field name
    (b'{"game": "lama", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], '
     b'"name": "A", "options": {"\\udc00x": 1}}', "bad_options"),  # ... in an option key
    (b'{"game": "\\ud800", "players": 2}', "bad_options"),
    (b'{"game": "lama", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], '
     b'"name": "\\udfff"}', "bad_name"),
    (b"\xff\xfe{}", "malformed"),
])
def test_bad_bodies_get_json_errors(client, caplog, body, code):
    message = json_error(client.post("/api/tables", content=body, headers=JSON), 400, code)
    message.encode("utf-8")  # readable: no lone surrogate comes back
    no_traceback(caplog)


@pytest.mark.parametrize("path", ["/static/a%00.js", "/static/" + "a" * 300 + ".js", "/static/%ed%a0%80.js",
                                  "/static/..%2f..%2fapp.py", "/static/.js", "/static/a.js%00"])
def test_bad_static_names_get_json_errors(client, caplog, path):
    json_error(client.get(path), 404, "not_found")
    no_traceback(caplog)


def test_a_deeply_nested_message_is_malformed(client, caplog):
    made = create(client, seats=[HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        state = next_state(ws)
        for text in ("[" * 5000 + "]" * 5000, '{"type": "act", "action": ' + "[" * 5000 + "]" * 5000 + "}"):
            ws.send_text(text)
            error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
            assert error["code"] == "malformed"
        ws.send_json({"type": "odds"})  # the connection carries on
        assert next(m for m in iter(ws.receive_json, None) if m["type"] == "error")["code"] == "no_odds"
        assert state["seat"] == 0
    no_traceback(caplog)


def test_the_store_down_is_503_and_the_server_recovers(tmp_path, caplog):
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    pg = cluster()
    try:
        app = create_app(new_database(pg.url), bot_pause=0, bot_workers=1)
        with TestClient(app) as c:
            made = create(c, seats=[HUMAN, HUMAN])
            other = c.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()
            tokens = {made["seat"]: made["token"], other["seat"]: other["token"]}
            pg.stop()
            for r in (c.post("/api/tables", json={"game": "lama", "players": 2, "seats": SEATS, "name": "A"}),
                      c.get("/api/tables"), c.get("/api/tables/unknownTable1"),
                      c.post("/api/tables/unknownTable1/join", json={"name": "C"})):
                json_error(r, 503, "store_unavailable")
                assert int(r.headers["retry-after"]) >= 1
            with c.websocket_connect(f"/ws/tables/unknownTable1") as ws:  # noqa: F541
                assert ws.receive_json()["code"] == "store_unavailable"
            url = f"/ws/tables/{made['table']}?token="
            with c.websocket_connect(url + tokens[0]) as a, c.websocket_connect(url + tokens[1]) as b:
                states = [next_state(a), next_state(b)]
                mover, state = next((i, s) for i, s in enumerate(states) if s["legal"])
                ws = (a, b)[mover]
                ws.send_json({"type": "act", "version": state["version"], "action": state["legal"][0]})
                assert answer_to(ws, state["version"])["code"] == "store_unavailable"
                pg.start()  # nothing to restart here: the next requests find the store again
                ws.send_json({"type": "act", "version": state["version"], "action": state["legal"][0]})
                assert answer_to(ws, state["version"])["type"] == "state"
            assert create(c, seats=[HUMAN, bot()])["token"]
            assert len(c.get("/api/tables", params={"ids": made["table"]}).json()["tables"]) == 1
            assert c.get("/api/tables/unknownTable1").json()["error"]["code"] == "no_table"
    finally:
        pg.remove()
    no_traceback(caplog)


def test_a_full_disk_refuses_and_loses_nothing_acknowledged(tmp_path, caplog):
    """SQLite's own full disk (SQLITE_FULL), by a page limit on every connection of the store."""
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    db = f"sqlite:///{tmp_path / 'lama.db'}"
    room = {"pages": None}  # None: the disk has room
    app = create_app(db, bot_pause=0, bot_workers=1, limits=Limits(creations=0))
    acknowledged, created = [], []
    with TestClient(app) as c:
        # a game that cannot end within the moves below, whatever the server's deal (C6)
        made = create(c, seats=[HUMAN, HUMAN], options={"target": 1000})
        other = c.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()

        @event.listens_for(app.state.hub.store.engine, "checkout")
        def limited(dbapi_connection, _record, _proxy):
            cursor = dbapi_connection.cursor()
            pages = room["pages"] or 1_000_000
            cursor.execute(f"PRAGMA max_page_count = {pages}")
            cursor.close()

        url = f"/ws/tables/{made['table']}?token="
        with c.websocket_connect(url + made["token"]) as a, c.websocket_connect(url + other["token"]) as b:
            states = {b: next_state(b)}
            version = states[b]["version"]
            states[a] = state_at(a, version)
            with app.state.hub.store.engine.connect() as conn:
                room["pages"] = conn.exec_driver_sql("PRAGMA page_count").scalar()  # full from here on
            for _ in range(400):  # moves until one finds the disk full (the last free pages take a few)
                ws, state = next((ws, s) for ws, s in states.items() if s["legal"])
                ws.send_json({"type": "act", "version": version, "action": state["legal"][0]})
                answer = answer_to(ws, version)
                if answer["type"] == "error":
                    break
                acknowledged.append(version := answer["version"])
                assert answer["status"] == "running", "the game ended before the disk was full"
                other = b if ws is a else a
                states = {ws: answer, other: state_at(other, version)}
            assert answer["code"] == "store_unavailable"
            for _ in range(200):  # tables until one finds no room (a table's rows may fit on a page left)
                r = c.post("/api/tables", json={"game": "lama", "players": 2, "seats": SEATS, "name": "A"})
                if r.status_code != 201:
                    break
                created.append(r.json()["table"])
            assert "full" in json_error(r, 503, "store_unavailable")
            room["pages"] = None  # room again: the same move goes through
            ws.send_json({"type": "act", "version": version, "action": state["legal"][0]})
            acknowledged.append(answer_to(ws, version)["version"])
    # a new server on the same store has every move that was acknowledged
    with TestClient(create_app(db, bot_pause=0, bot_workers=1)) as c:
        assert c.get(f"/api/tables/{made['table']}").json()["version"] >= acknowledged[-1]
        assert all(c.get(f"/api/tables/{table}").status_code == 200 for table in created)
    no_traceback(caplog)


def asgi(client, method: str, path: str, headers: list[tuple[bytes, bytes]], incoming: list[dict]) -> list[dict]:
    """One request straight into the application, on the test client's event loop: `incoming`,
    what its receive() hands out in turn (the test fails if it asks for more); what it sent."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "path": path,
             "raw_path": path.encode(), "query_string": b"", "root_path": "", "scheme": "http",
             "headers": headers, "client": ("10.0.0.1", 5000), "server": ("testserver", 80)}
    sent, left = [], list(incoming)

    async def receive():
        assert left, "the application read on"
        return left.pop(0)

    async def send(message):
        sent.append(message)

    client.portal.call(client.app, scope, receive, send)
    return sent


def test_a_body_announced_over_the_limit_is_refused_from_its_header(client):
    sent = asgi(client, "POST", "/api/tables", [(b"host", b"testserver"), (b"content-type", b"application/json"),
                                                (b"content-length", b"1000000000")], [])  # never read
    start = sent[0]
    assert start["status"] == 413 and (b"connection", b"close") in start["headers"]
    assert json.loads(sent[1]["body"])["error"]["code"] == "too_large"


def test_a_client_gone_mid_body_is_one_quiet_line(client, caplog):
    caplog.set_level(logging.INFO, "lama.web")
    for _ in range(20):
        asgi(client, "POST", "/api/tables", [(b"host", b"testserver"), (b"content-type", b"application/json"),
                                             (b"content-length", b"1000")],
             [{"type": "http.request", "body": b'{"game": ', "more_body": True}, {"type": "http.disconnect"}])
    lines = [r for r in caplog.records if "left before the end" in r.getMessage()]
    assert len(lines) == 20 and all(r.levelno == logging.INFO for r in lines)
    no_traceback(caplog)
