"""Players (issue 38; PROTOCOL.md's additions, docs/server.md "Players"), in-process: a player
made, another device signed in with a one-time link, keys listed and revoked, a player deleted,
seats that follow the player from any device, and every refusal of them."""

from __future__ import annotations

import pytest

from lama.record import replay

from .helpers import HUMAN, bot, next_state, play_until
from .test_api import error_of


def made(client, handle="ann", name="Ann", **extra) -> dict:
    r = client.post("/api/players", json={"handle": handle, "name": name, **extra})
    assert r.status_code == 201, r.text
    assert r.headers["cache-control"] == "no-store"
    return r.json()


def auth(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def link(client, key: str) -> str:
    """A sign-in code made on the device of `key` (the code in the link's fragment)."""
    r = client.post("/api/players/me/links", json={}, headers=auth(key))
    assert r.status_code == 200, r.text
    url = r.json()["link"]
    path, _, code = url.partition("#code=")
    assert path.endswith("/signin") and "?" not in path and code  # never in the path or the query
    return code


def signed_in(client, code: str, device: str = "laptop") -> dict:
    r = client.post("/api/signin", json={"code": code, "device": device})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_player_is_made_and_known_by_their_key(client):
    ann = made(client, "Ann_1", "Ann Smith", device="phone")
    assert ann["player"] == "Ann_1" and ann["name"] == "Ann Smith" and len(ann["key"]) >= 22  # 128+ bits
    me = client.get("/api/players/me", headers=auth(ann["key"])).json()
    assert me["player"] == "Ann_1" and me["name"] == "Ann Smith"
    page = client.get("/api/players/ann_1").json()  # any case finds them
    assert page["player"] == "Ann_1" and page["ratings"] == [] and page["games"] == []
    assert ann["key"] not in str(page)


@pytest.mark.parametrize("handle", ["ab", "a" * 21, "ann smith", "änn", "ann!", "", 7, None, ["ann"]])
def test_a_bad_handle_is_refused(client, handle):
    message = error_of(client.post("/api/players", json={"handle": handle, "name": "Ann"}), 400, "bad_handle")
    assert "3 to 20" in message


@pytest.mark.parametrize("taken, asked", [("ann", "ANN"), ("bob1", "bobl"), ("mike", "rnike"), ("b0b", "bob"),
                                          ("ann_b", "ann-b"), ("will", "wi1l"), ("vvow", "wow")])
def test_a_handle_that_differs_only_in_case_or_look_alike_letters_is_refused(client, taken, asked):
    made(client, taken)
    message = error_of(client.post("/api/players", json={"handle": asked, "name": "Someone"}), 409, "handle_taken")
    assert asked in message
    assert client.get(f"/api/players/{asked}").json()["player"] == taken  # the page finds the one there is


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, 5, None, "a\x00b"])
def test_a_bad_display_name_is_refused(client, name):
    error_of(client.post("/api/players", json={"handle": "ann", "name": name}), 400, "bad_name")


def test_a_wrong_or_missing_key_is_refused_and_changes_nothing(client):
    made(client)
    for headers in ({"Authorization": "Bearer " + "x" * 32}, {"Authorization": "Bearer short"}):
        r = client.get("/api/players/me", headers=headers)
        error_of(r, 401, "bad_key")
        assert r.headers["www-authenticate"] == "Bearer"
        r = client.post("/api/tables", headers=headers, json={"game": "lama", "players": 2, "name": "Ann",
                                                              "seats": [HUMAN, bot()], "visibility": "public"})
        error_of(r, 401, "bad_key")
    assert client.get("/api/tables").json()["tables"] == []  # no table was made
    error_of(client.get("/api/players/me"), 401, "not_signed_in")
    error_of(client.get("/api/players/me/tables"), 401, "not_signed_in")
    error_of(client.post("/api/players/me/links", json={}), 401, "not_signed_in")
    error_of(client.get("/api/players/nobody"), 404, "no_player")


def test_another_device_signs_in_once_with_a_link(client, clock):
    ann = made(client, device="phone")
    code = link(client, ann["key"])
    laptop = signed_in(client, code, "laptop")
    assert laptop["player"] == "ann" and laptop["key"] != ann["key"]
    assert client.get("/api/players/me", headers=auth(laptop["key"])).json()["player"] == "ann"
    error_of(client.post("/api/signin", json={"code": code}), 401, "bad_code")  # once only
    late = link(client, ann["key"])
    clock.advance(15 * 60 + 1)
    error_of(client.post("/api/signin", json={"code": late}), 401, "bad_code")  # 15 minutes at most
    for wrong in ("x" * 32, 12, None, ""):
        error_of(client.post("/api/signin", json={"code": wrong}), 401, "bad_code")


def test_the_link_comes_with_its_qr_code(client):
    ann = made(client)
    answer = client.post("/api/players/me/links", json={}, headers=auth(ann["key"])).json()
    rows = answer["qr"]
    assert answer["seconds"] == 900 and len(rows) >= 21 and all(len(r) == len(rows) for r in rows)
    assert set("".join(rows)) == {"0", "1"} and rows[0].startswith("1111111")  # a finder pattern


def test_keys_are_listed_and_revoked(client):
    ann = made(client, device="phone")
    laptop = signed_in(client, link(client, ann["key"]), "laptop")
    keys = client.get("/api/players/me/keys", headers=auth(ann["key"])).json()["keys"]
    assert [(k["device"], k["this"]) for k in keys] == [("phone", True), ("laptop", False)]
    assert not any(ann["key"] in str(k) or laptop["key"] in str(k) for k in keys)
    r = client.delete(f"/api/players/me/keys/{keys[1]['id']}", headers=auth(ann["key"]))
    assert r.status_code == 200, r.text
    error_of(client.get("/api/players/me", headers=auth(laptop["key"])), 401, "bad_key")
    error_of(client.delete(f"/api/players/me/keys/{keys[1]['id']}", headers=auth(ann["key"])), 404, "not_found")
    error_of(client.delete("/api/players/me/keys/nothing", headers=auth(ann["key"])), 404, "not_found")
    bob = made(client, "bob")  # another player's key is not Ann's to revoke
    error_of(client.delete(f"/api/players/me/keys/{keys[0]['id']}", headers=auth(bob["key"])), 404, "not_found")
    assert client.get("/api/players/me", headers=auth(ann["key"])).status_code == 200


def test_a_seat_follows_the_player_to_any_device(client):
    """Bob's case (issue 38): a seat taken signed in on the phone is opened on the laptop with
    only the invitation (every seat taken), from the player's list of tables, and by the hello."""
    ann, bob = made(client, "ann"), made(client, "bob", "Bob")
    table = client.post("/api/tables", headers=auth(ann["key"]), json={
        "game": "lama", "players": 3, "seats": [HUMAN, HUMAN, bot()]}).json()
    assert table["seat"] == 0
    phone = client.post(f"/api/tables/{table['table']}/join", headers=auth(bob["key"]),
                        json={"invite": table["invite"]}).json()
    facts = client.get(f"/api/tables/{table['table']}").json()
    assert facts["status"] == "running" and [s["name"] for s in facts["seats"]][:2] == ["Ann", "Bob"]
    assert [s["player"] for s in facts["seats"]] == ["ann", "bob", None]
    laptop = signed_in(client, link(client, bob["key"]))
    again = client.post(f"/api/tables/{table['table']}/join", headers=auth(laptop["key"]),
                        json={"invite": table["invite"]}).json()
    assert again == phone
    error_of(client.post(f"/api/tables/{table['table']}/join", json={"name": "Bob", "invite": table["invite"]}),
             409, "table_full")  # without signing in, it is full
    mine = client.get("/api/players/me/tables", headers=auth(laptop["key"])).json()
    assert [(t["id"], t["mine"]) for t in mine["tables"]] == [(table["table"], [{"seat": 1, "token": phone["token"]}])]
    one = client.get(f"/api/players/me/tables?table={table['table']}", headers=auth(laptop["key"])).json()
    assert len(one["tables"]) == 1
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        assert next_state(ws)["seat"] is None
        ws.send_json({"type": "hello", "player_key": laptop["key"]})
        assert next_state(ws)["seat"] == 1
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        next_state(ws)
        ws.send_json({"type": "hello", "player_key": "y" * 32})
        assert next_state(ws)["code"] == "bad_key"
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        next_state(ws)
        ws.send_json({"type": "hello", "player_key": 5})
        assert next_state(ws)["code"] == "bad_token"


def test_a_rematch_seat_follows_the_player(client):
    ann = made(client)
    table = client.post("/api/tables", headers=auth(ann["key"]), json={
        "game": "lama", "players": 2, "seats": [HUMAN, bot()], "options": {"target": 1}}).json()
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={table['token']}") as ws:
        play_until(ws, lambda s: s["status"] == "finished")
    nxt = client.post(f"/api/tables/{table['table']}/again", headers=auth(ann["key"]),
                      json={"token": table["token"]}).json()
    listed = client.get("/api/players/me/tables", headers=auth(ann["key"])).json()["tables"]
    assert {t["id"]: t["mine"] for t in listed}[nxt["table"]] == [{"seat": 0, "token": nxt["token"]}]
    assert client.post(f"/api/tables/{table['table']}/again", headers=auth(ann["key"]),
                       json={"token": table["token"]}).json() == nxt  # the same, however often


def test_a_deleted_player_leaves_a_neutral_name_in_their_finished_games(client):
    ann = made(client, "ann", "Ann Smith")
    table = client.post("/api/tables", headers=auth(ann["key"]), json={
        "game": "lama", "players": 2, "seats": [HUMAN, bot("easy")], "options": {"target": 1}}).json()
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={table['token']}") as ws:
        play_until(ws, lambda s: s["status"] == "finished")
    assert client.get(f"/api/tables/{table['table']}/record").json()["players"][0] == "Ann Smith"
    r = client.delete("/api/players/me", headers=auth(ann["key"]))
    assert r.status_code == 200, r.text
    error_of(client.get("/api/players/me", headers=auth(ann["key"])), 401, "bad_key")
    error_of(client.get("/api/players/ann"), 404, "no_player")
    client.app.state.hub.live.clear()  # (as after a restart: what is stored)
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert record["players"][0] == "Seat 1" and replay(record).finished
    facts = client.get(f"/api/tables/{table['table']}").json()
    assert facts["seats"][0]["name"] == "Seat 1" and facts["seats"][0]["player"] is None
    assert made(client, "ann")["player"] == "ann"  # the handle is free again


def test_players_and_sign_ins_are_limited_per_address(tmp_path, clock):
    from fastapi.testclient import TestClient

    from lama.web.app import create_app
    from lama.web.limits import Limits

    app = create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1, clock=clock,
                     limits=Limits(players=2, signins=2))
    with TestClient(app) as client:
        made(client, "ann")
        made(client, "bob")
        r = client.post("/api/players", json={"handle": "cem", "name": "Cem"})
        error_of(r, 429, "rate_limited")
        assert int(r.headers["retry-after"]) >= 1
        for _ in range(2):
            client.post("/api/signin", json={"code": "z" * 32})
        r = client.post("/api/signin", json={"code": "z" * 32})
        error_of(r, 429, "rate_limited")
        assert int(r.headers["retry-after"]) >= 1


def test_a_player_request_from_another_sites_page_is_refused(client):
    ann = made(client)
    r = client.post("/api/players/me/links", json={}, headers={**auth(ann["key"]), "Origin": "https://evil.example"})
    error_of(r, 403, "bad_origin")
    r = client.delete("/api/players/me", headers={**auth(ann["key"]), "Origin": "https://evil.example"})
    error_of(r, 403, "bad_origin")
    r = client.post("/api/players", content="handle=x", headers={"Content-Type": "application/x-www-form-urlencoded"})
    error_of(r, 415, "bad_content_type")
    assert client.get("/api/players/me", headers=auth(ann["key"])).status_code == 200  # still there


def test_nothing_secret_is_stored_as_it_is(client):
    """The store keeps digests and wrapped secrets: no key, code, master or seat token."""
    from sqlalchemy import select

    from lama.web.schema import codes_t, keys_t, seats_t

    ann = made(client)
    code = link(client, ann["key"])
    table = client.post("/api/tables", headers=auth(ann["key"]), json={
        "game": "lama", "players": 2, "seats": [HUMAN, bot()]}).json()
    store = client.app.state.hub.store
    with store.engine.connect() as db:
        stored = str([db.execute(select(t)).all() for t in (keys_t, codes_t, seats_t)])
    assert ann["key"] not in stored and code not in stored and table["token"] not in stored
