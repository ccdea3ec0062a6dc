"""Limits per client address (issue 24): tables created, seats joined, hints and odds, WebSocket
connections per address and per table; 429 rate_limited with Retry-After, or a close with 1008;
X-Forwarded-For believed only from a trusted proxy."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from lama.web import limits
from lama.web.limits import Limiter, Limits, RateLimited

from .helpers import HUMAN, bot, create, next_state

TABLE = {"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "Ann", "visibility": "public"}


@pytest.fixture
def limited_app(tmp_path):
    """An application with small limits, and a client for any address."""
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1,
                     limits=Limits(creations=3, joins=2, hints=2, connections=2, table_connections=3))
    clients = []

    def client_at(address: str) -> TestClient:
        c = TestClient(app, client=(address, 50000))
        if clients:  # on the first one's event loop: the application runs once, as a server does
            c.portal = clients[0].portal
        else:
            c.__enter__()
        clients.append(c)
        return c

    yield client_at
    if clients:
        clients[0].__exit__(None, None, None)


def refused(r):
    assert r.status_code == 429, r.text
    assert r.json()["error"]["code"] == "rate_limited" and r.json()["error"]["message"]
    assert int(r.headers["retry-after"]) >= 1
    return r


def test_creations_are_limited_per_address(limited_app):
    ann, bob = limited_app("10.0.0.1"), limited_app("10.0.0.2")
    for _ in range(3):
        assert ann.post("/api/tables", json=TABLE).status_code == 201
    refused(ann.post("/api/tables", json=TABLE))
    assert int(refused(ann.post("/api/tables", json=TABLE)).headers["retry-after"]) <= 20  # 3 a minute
    assert bob.post("/api/tables", json=TABLE).status_code == 201  # another address is not held up
    assert len(bob.get("/api/tables").json()["tables"]) == 4


def test_joins_are_limited_per_address(limited_app):
    ann, eve = limited_app("10.0.0.1"), limited_app("10.0.0.9")
    made = create(ann, seats=[HUMAN, HUMAN, HUMAN, HUMAN], visibility="public")
    join = f"/api/tables/{made['table']}/join"
    assert eve.post(join, json={"name": "Eve"}).status_code == 200
    assert eve.post(join, json={"name": "Eve"}).status_code == 200
    refused(eve.post(join, json={"name": "Eve"}))
    assert ann.post(join, json={"name": "Bob"}).status_code == 200  # the last seat, for someone else


def test_ipv6_clients_count_by_their_network(limited_app):
    for host in range(3):
        assert limited_app(f"2001:db8::{host + 1}").post("/api/tables", json=TABLE).status_code == 201
    refused(limited_app("2001:db8::ffff").post("/api/tables", json=TABLE))  # the same /64
    assert limited_app("2001:db8:0:1::1").post("/api/tables", json=TABLE).status_code == 201


def test_connections_are_limited_per_address_and_per_table(limited_app):
    ann, bob, cat = limited_app("10.0.0.1"), limited_app("10.0.0.2"), limited_app("10.0.0.3")
    made = create(ann, seats=[HUMAN, bot()])
    url = f"/ws/tables/{made['table']}"

    def refused_connection(c):
        with c.websocket_connect(url) as ws:
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008

    with ann.websocket_connect(url) as a1, ann.websocket_connect(url) as a2:
        next_state(a1), next_state(a2)
        refused_connection(ann)  # two per address
        with bob.websocket_connect(url) as b1:
            next_state(b1)
            refused_connection(cat)  # three per table
        with cat.websocket_connect(url) as c1:  # a place came free
            assert next_state(c1)["type"] == "state"
    with ann.websocket_connect(url) as a3:  # and ann's again
        assert next_state(a3)["type"] == "state"


def test_hints_and_odds_are_limited_per_address(limited_app):
    ann = limited_app("10.0.0.1")
    made = create(ann, game="dice", seats=[HUMAN, bot()])
    with ann.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        state = next_state(ws, skip_errors=True)
        while not state["legal"]:
            state = next_state(ws, skip_errors=True)
        answers = []
        for kind in ("odds", "odds", "hint"):
            ws.send_json({"type": kind})
            answers.append(next(m for m in iter(ws.receive_json, None) if m["type"] in ("odds", "hint", "error")))
        assert [m["type"] for m in answers] == ["odds", "odds", "error"]
        assert answers[2]["code"] == "rate_limited"
        ws.send_json({"type": "act", "version": state["version"], "action": state["legal"][0]})
        assert next_state(ws)["version"] > state["version"]  # moves are never limited


def test_a_limit_of_zero_is_no_limit():
    limiter = Limiter(Limits(creations=0, connections=0, table_connections=0))
    for _ in range(1000):
        limiter.take("creations", "10.0.0.1")
        assert limiter.open("10.0.0.1", "t") is None


def test_the_limiter_forgets_quiet_clients(monkeypatch):
    monkeypatch.setattr(limits, "MAX_CLIENTS", 100)
    limiter = Limiter(Limits(creations=5))
    for n in range(1000):
        limiter.take("creations", f"10.0.{n // 256}.{n % 256}")
        assert len(limiter._buckets) <= 100
    with pytest.raises(RateLimited):  # a client that keeps on is still held
        for _ in range(6):
            limiter.take("creations", "10.9.9.9")


def test_forwarded_for_is_believed_from_trusted_proxies_only(tmp_path, serve):
    import httpx2

    limit = ("--limit-creations", "2")
    trusted = serve(f"sqlite:///{tmp_path / 'a.db'}", args=(*limit, "--forwarded-allow-ips", "127.0.0.1"))
    alone = serve(f"sqlite:///{tmp_path / 'b.db'}", args=limit)

    def create_from(server, client):
        return httpx2.post(server.url + "/api/tables", json=TABLE, headers={"x-forwarded-for": client}, timeout=10)

    # behind a trusted proxy each client has its own limit
    assert [create_from(trusted, "198.51.100.7").status_code for _ in range(3)] == [201, 201, 429]
    assert create_from(trusted, "198.51.100.8").status_code == 201
    # from anyone else, the header is the client's own word: the peer's address counts
    assert [create_from(alone, f"198.51.100.{n}").status_code for n in range(3)] == [201, 201, 429]


def test_the_gate_counts_plain_connections_per_address_and_all_in_all():
    """web.connections.Gate: plain HTTP connections per address (an IPv6 client by its /64), a
    WebSocket only in all once upgraded, a trusted proxy's not per address; each leaves once."""
    from lama.web.connections import Gate

    refused = []
    gate = Gate(per_address=2, total=6, trusted="10.9.9.9, 10.8.0.0/16", refused=refused.append)
    a, b, c = object(), object(), object()
    assert gate.admit(a, "10.0.0.1") is None and gate.admit(b, "10.0.0.1") is None
    status, code, _ = gate.admit(c, "10.0.0.1")
    assert (status, code) == (429, "rate_limited")
    gate.upgraded(a)  # now a WebSocket: the address may open another plain connection
    assert gate.open_from("10.0.0.1") == 1 and gate.admit(c, "10.0.0.1") is None
    assert gate.admit(object(), "2001:db8::1") is None and gate.admit(object(), "2001:db8::2") is None
    assert gate.admit(object(), "2001:db8::3")[1] == "rate_limited"  # the same /64
    assert gate.admit(object(), "10.0.0.2") is None
    assert gate.admit(object(), "10.8.1.2")[:2] == (503, "server_busy")  # 6 open in all
    gate.leave(a)  # the WebSocket closes
    proxy = object()
    assert gate.admit(proxy, "10.8.1.2") is None and gate.open_from("10.8.1.2") == 0  # a proxy: not per address
    gate.leave(proxy)
    gate.leave(proxy)  # (twice is once)
    gate.leave(b)
    gate.leave(c)
    assert gate.open_from("10.0.0.1") == 0 and len(gate.held) == 3
