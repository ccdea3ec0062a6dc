"""The server in rooms (issue 36): modules of one job each, at most MAX_LINES lines; the hub
refuses with domain errors that know nothing of HTTP (lama.web.errors: one class per protocol
code), and the routes answer each code with one HTTP status (routes.HTTP_STATUS) or, on a
WebSocket, with its code as it is; one place tells of a change."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lama.web
from lama.web import limits  # noqa: F401 - (limits.RateLimited is one of the refusals)
from lama.web.errors import BadToken, SeatTaken, ServerRefusal, TableFull, TableNotFound
from lama.web.routes import HTTP_STATUS

from .helpers import HUMAN, bot, create

WEB = Path(lama.web.__file__).parent
HUB_PARTS = ("hub", "live", "seats", "clocks", "presence", "moves", "loading", "lobby", "requests", "hints",
             "messages", "errors", "limits")


MAX_LINES = 350


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_every_module_of_the_server_is_a_room_of_its_own(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(WEB)} has {lines} lines: give its second job a module"


def kinds(cls=ServerRefusal) -> set[type]:
    return {cls}.union(*(kinds(c) for c in cls.__subclasses__()))


def test_every_refusal_has_one_code_and_every_code_one_http_status():
    codes = {cls.code for cls in kinds() - {ServerRefusal}}
    assert codes == set(HTTP_STATUS), "a code without a status, or a status without a refusal"
    assert all(400 <= status < 600 for status in HTTP_STATUS.values())
    names = [cls.__name__ for cls in kinds()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("part", HUB_PARTS)
def test_the_hub_knows_nothing_of_http(part):
    """No web framework, no HTTP status: the routes say how a refusal is answered."""
    tree = ast.parse((WEB / f"{part}.py").read_text(encoding="utf-8"))
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    imported += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [m for m in imported if m.split(".")[0] in ("fastapi", "starlette", "http")]
    statuses = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in HTTP_STATUS.values()
                and isinstance(n.value, int)]
    assert statuses == [], f"{part}.py names HTTP statuses {statuses}"


def test_a_refusal_says_its_message_in_the_clients_language():
    e = SeatTaken("seat {seat} is not a free seat for a person", seat=2)
    assert e.code == "seat_taken" and e.message == "seat 2 is not a free seat for a person" == str(e)
    assert e.localized("de") != e.message and "2" in e.localized("de")
    assert TableNotFound("x" * 99).params == {"table": repr("x" * 40)}


def test_the_hub_raises_domain_errors_and_the_routes_answer_them(client):
    hub = client.app.state.hub
    with pytest.raises(TableNotFound) as raised:
        client.portal.call(hub.get, "nosuchtable")
    assert raised.value.code == "no_table" and not hasattr(raised.value, "status")
    r = client.get("/api/tables/nosuchtable")
    assert r.status_code == HTTP_STATUS["no_table"] == 404 and r.json()["error"]["code"] == "no_table"

    made = create(client, seats=[HUMAN, HUMAN], visibility="public")
    client.post(f"/api/tables/{made['table']}/join", json={"name": "Bo"})
    with pytest.raises(TableFull):
        client.portal.call(hub.join, made["table"], "Cy", None)
    r = client.post(f"/api/tables/{made['table']}/join", json={"name": "Cy"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table_full"

    with pytest.raises(BadToken):
        client.portal.call(hub.rematch, made["table"], "not a token")
    with client.websocket_connect(f"/ws/tables/{made['table']}?token=nope") as ws:
        error = ws.receive_json()
    assert error["type"] == "error" and error["code"] == "bad_token"


def test_a_waiting_table_tells_each_change_once(client):
    """One place tells of a change: a join sends everyone at the table one new state."""
    made = create(client, seats=[HUMAN, HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        first = ws.receive_json()
        assert first["status"] == "waiting"
        client.post(f"/api/tables/{made['table']}/join", json={"name": "Bo", "invite": made["invite"]})
        state = ws.receive_json()
        assert state["type"] == "state" and state["status"] == "running"
        assert [s["taken"] for s in state["seats"]] == [True, True, True]
