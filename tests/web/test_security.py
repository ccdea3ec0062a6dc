"""Browser protections (issue 24): the headers on every answer, requests that change something
only with a JSON body from an allowed Origin, the WebSocket only from allowed Origins, the token
in the first message (hello) instead of the address, and pages the CSP does not block."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import HUMAN, bot, create, next_state

JSON = {"content-type": "application/json"}
TABLE = {"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "Ann"}


def assert_protected(r):
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_every_page_and_answer_carries_the_headers(client):
    made = create(client, seats=[HUMAN, bot()])
    table = made["table"]
    for path in ("/", f"/tables/{table}", f"/tables/{table}/replay", "/static/table.js", "/static/style.css",
                 "/api/health", "/api/games", "/api/tables", f"/api/tables/{table}", "/api/tables/nope",
                 f"/api/tables/{table}/record", "/static/nope.js", "/nowhere", "/metrics"):
        assert_protected(client.get(path))
    assert_protected(client.post("/api/tables", json={"game": "nope"}))
    assert_protected(client.post("/api/tables", content=b"x", headers={"content-type": "text/plain"}))


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", None])
def test_a_change_needs_a_json_body(client, content_type):
    headers = {"content-type": content_type} if content_type else {}
    r = client.post("/api/tables", content=b'{"game": "lama"}', headers=headers)
    assert r.status_code == 415 and r.json()["error"]["code"] == "bad_content_type"
    assert client.get("/api/tables").json()["tables"] == []


def test_another_sites_page_cannot_create_or_join(client):
    # a text/plain form post from another site: refused for its Origin before anything is read
    form = {"origin": "https://evil.example", "content-type": "text/plain"}
    r = client.post("/api/tables", content=b"x", headers=form)
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
    made = create(client, seats=[HUMAN, HUMAN])
    for origin in ("https://evil.example", "null", "http://testserver.evil.example"):
        r = client.post(f"/api/tables/{made['table']}/join", json={"name": "Eve", "invite": made["invite"]},
                        headers={"origin": origin})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin", origin
    assert [s["taken"] for s in client.get(f"/api/tables/{made['table']}").json()["seats"]] == [True, False]
    # its own pages may (and clients that are no browser send no Origin)
    r = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]},
                    headers={"origin": "http://testserver"})
    assert r.status_code == 200, r.text


def test_more_origins_by_an_option(tmp_path):
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1,
                     allow_origins=("https://games.example.org",))
    with TestClient(app) as c:
        ok = c.post("/api/tables", json=TABLE, headers={"origin": "https://games.example.org"})
        assert ok.status_code == 201, ok.text
        assert c.post("/api/tables", json=TABLE, headers={"origin": "https://other.example.org"}).status_code == 403
        with c.websocket_connect(f"/ws/tables/{ok.json()['table']}",
                                 headers={"origin": "https://games.example.org"}) as ws:
            assert next_state(ws)["type"] == "state"


def test_the_websocket_refuses_other_origins(client):
    made = create(client, seats=[HUMAN, bot()])
    url = f"/ws/tables/{made['table']}?token={made['token']}"
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(url, headers={"origin": "https://evil.example"}) as ws:
        ws.receive_json()
    assert refused.value.code == 1008
    with client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
        assert next_state(ws)["seat"] == 0


def test_the_token_in_the_first_message(client):
    made = create(client, seats=[HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        assert next_state(ws)["seat"] is None  # a spectator until the hello
        ws.send_json({"type": "hello", "token": made["token"]})
        state = next_state(ws)
        while state["seat"] is None:
            state = next_state(ws)
        assert state["seat"] == 0 and "hand" in state["view"]
        assert [s["connected"] for s in state["seats"]] == [True, False]
        ws.send_json({"type": "hello", "token": made["token"]})  # only the first message is a hello
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["code"] == "malformed"
    # a wrong token is refused as in the address
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        next_state(ws)
        ws.send_json({"type": "hello", "token": "not-a-token"})
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
    # and the address form stays
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        assert next_state(ws)["seat"] == 0


@pytest.mark.parametrize("token", [42, 4.5, True, [], ["t"], {}, {"token": "t"}, None])
def test_a_hello_whose_token_is_no_text_is_bad_token(client, token):
    """PROTOCOL: a wrong token is bad_token and a close with 1008, whatever its JSON type; the
    connection does not stay a spectator's."""
    made = create(client, seats=[HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        assert next_state(ws)["seat"] is None
        ws.send_json({"type": "hello", "token": token, "lang": "nl"})
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["code"] == "bad_token" and error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:  # a hello without a token stays valid
        next_state(ws)
        ws.send_json({"type": "hello", "lang": "nl"})
        ws.send_json({"type": "stand_in", "seat": 0, "bot": None})
        assert next(m for m in iter(ws.receive_json, None) if m["type"] == "error")["code"] == "not_seated"


STATIC = resources.files("lama.web").joinpath("static")


@pytest.mark.parametrize("page", ["lobby.html", "table.html", "replay.html"])
def test_the_pages_hold_nothing_the_csp_blocks(page):
    html = STATIC.joinpath(page).read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S)
    assert scripts and all(not s.strip() for s in scripts), "inline script"
    assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html))
    assert "<style" not in html and not re.search(r"\sstyle=", html) and not re.search(r"\son[a-z]+=", html)
    assert "javascript:" not in html


def test_the_scripts_set_no_style_attribute():
    for name in ("common.js", "lobby.js", "table.js", "replay.js", "board.js", "cards.js"):
        js = STATIC.joinpath(name).read_text(encoding="utf-8")
        assert not re.search(r"setAttribute\(\s*[\"']style", js), name
        assert not re.search(r"style=|<style|\beval\(|new Function", js), name
