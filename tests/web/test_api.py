"""lama-web/1 over HTTP, in-process (PROTOCOL.md, "HTTP"): every answer and every refusal."""

from __future__ import annotations

import json

import pytest

from lama.record import replay, result_of

from .helpers import HUMAN, bot, create, play_until


def error_of(r, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"]["code"] == code and body["error"]["message"]
    return body["error"]["message"]


def test_health_and_games(client):
    assert client.get("/api/health").json() == {"ok": True, "protocol": "lama-web/1"}
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert set(games) == {"lama", "komarami", "kadabra", "dice", "party"}
    assert games["lama"]["min_players"] == 2 and games["lama"]["max_players"] == 6
    options = {o["name"]: o for o in games["kadabra"]["options"]}
    assert options["target"]["default"] == 40 and sum(options["deck"]["default"].values()) == 60
    assert len({o["name"]: o for o in games["dice"]["options"]}["dice"]["default"]) == 3


def test_create_list_facts_join_and_start(client):
    made = create(client, seats=[HUMAN, HUMAN, bot("easy")], name="Ann")
    assert made["seat"] == 0 and len(made["token"]) >= 22 and made["status"] == "waiting"  # 128+ bits
    table = made["table"]
    facts = client.get(f"/api/tables/{table}").json()
    assert facts["status"] == "waiting" and facts["game"] == "lama" and facts["version"] == 0
    assert [s["taken"] for s in facts["seats"]] == [True, False, True] and "seed" not in facts
    assert table not in [t["id"] for t in client.get("/api/tables").json()["tables"]]  # private
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bob", "invite": made["invite"]}).json()
    assert joined["seat"] == 1 and joined["token"] != made["token"]
    facts = client.get(f"/api/tables/{table}").json()
    assert facts["status"] == "running" and facts["version"] == 1  # dealt
    assert [s["name"] for s in facts["seats"]] == ["Ann", "Bob", "Easy"]
    error_of(client.post(f"/api/tables/{table}/join", json={"name": "Cem", "invite": made["invite"]}), 409,
             "table_full")


def test_join_a_chosen_seat(client):
    table = create(client, seats=[HUMAN, HUMAN, HUMAN], visibility="public")["table"]
    error_of(client.post(f"/api/tables/{table}/join", json={"name": "Bob", "seat": 0}), 409, "seat_taken")
    assert client.post(f"/api/tables/{table}/join", json={"name": "Bob", "seat": 2}).json()["seat"] == 2
    error_of(client.post(f"/api/tables/{table}/join", json={"name": "Cem", "seat": 7}), 400, "bad_request")


@pytest.mark.parametrize("body, code", [
    ({"game": "chess", "players": 2, "seats": [HUMAN, HUMAN], "name": "A"}, "bad_options"),
    ({"game": "lama", "players": 7, "seats": [HUMAN] * 7, "name": "A"}, "bad_options"),
    ({"game": "lama", "players": "2", "seats": [HUMAN, HUMAN], "name": "A"}, "bad_options"),
    ({"game": "lama", "players": 3, "seats": [HUMAN, HUMAN], "name": "A"}, "bad_request"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, {"kind": "alien"}], "name": "A"}, "bad_request"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot("os:system")], "name": "A"}, "bad_bot"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot("rollout")], "name": "A"}, "bad_bot"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": ""}, "bad_name"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "x" * 41}, "bad_name"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A", "options": {"target": 0}}, "bad_options"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A", "options": {"deck": {}}}, "bad_options"),
    ({"game": "kadabra", "players": 2, "seats": [HUMAN, bot()], "name": "A", "options": {"deck": {"L": 10**12}}},
     "bad_options"),
    ({"game": "dice", "players": 2, "seats": [HUMAN, bot()], "name": "A", "options": {"dice": [["9"] * 6] * 3}},
     "bad_options"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A", "colour": "red"}, "bad_request"),
    ({"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A", "hints": "yes"}, "bad_request"),
])
def test_a_bad_table_is_refused_with_a_reason(client, body, code):
    error_of(client.post("/api/tables", json=body), 400, code)
    assert client.get("/api/tables").json()["tables"] == []


def test_malformed_and_oversized_bodies(client):
    json_body = {"content-type": "application/json"}
    error_of(client.post("/api/tables", content=b"{not json", headers=json_body), 400, "malformed")
    error_of(client.post("/api/tables", content=b"[1, 2]", headers=json_body), 400, "malformed")
    error_of(client.post("/api/tables", content=b"{" + b" " * 70_000 + b"}", headers=json_body), 413, "too_large")


def test_unknown_tables_and_routes(client):
    error_of(client.get("/api/tables/nope"), 404, "no_table")
    error_of(client.get("/api/tables/" + "x" * 500), 404, "no_table")
    error_of(client.post("/api/tables/nope/join", json={"name": "A"}), 404, "no_table")
    error_of(client.get("/api/nothing"), 404, "not_found")
    error_of(client.delete("/api/tables"), 405, "method_not_allowed")


def test_the_record_is_served_when_the_game_is_over_and_replays(client):
    made = create(client, seats=[HUMAN, bot("random")], options={"target": 10})
    table = made["table"]
    error_of(client.get(f"/api/tables/{table}/record"), 409, "not_finished")
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        last = play_until(ws, lambda s: s["status"] == "finished")
    record = client.get(f"/api/tables/{table}/record").json()
    result = result_of(replay(json.loads(json.dumps(record))))
    assert result["finished"] and result["scores"] == last["view"]["points"]
    assert record["players"] == ["Ann", "Random"]
    facts = client.get(f"/api/tables/{table}").json()
    assert facts["status"] == "finished" and facts["seed"].isdigit() and facts["winners"] == result["winners"]
    assert table not in [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_play_again_keeps_the_seats(client):
    made = create(client, seats=[HUMAN, HUMAN, bot("random")], options={"target": 5})
    table = made["table"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bob", "invite": made["invite"]}).json()
    error_of(client.post(f"/api/tables/{table}/again", json={"token": made["token"]}), 409, "not_finished")
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        ws.send_json({"type": "stand_in", "seat": 1, "bot": "random"})  # Bob is away: a bot plays for him
        play_until(ws, lambda s: s["status"] == "finished")
    error_of(client.post(f"/api/tables/{table}/again", json={"token": "forged"}), 403, "bad_token")
    first = client.post(f"/api/tables/{table}/again", json={"token": joined["token"]}).json()
    assert first["seat"] == 1
    second = client.post(f"/api/tables/{table}/again", json={"token": made["token"]}).json()
    assert second["table"] == first["table"] != table and second["seat"] == 0
    facts = client.get(f"/api/tables/{first['table']}").json()
    assert facts["status"] == "running" and [s["name"] for s in facts["seats"]] == ["Ann", "Bob", "Random"]
    assert client.get(f"/api/tables/{table}").json()["next"] == first["table"]


def test_an_unnamed_seat_is_called_seat_1_for_seat_index_0():
    """The page-facing default names count seats from 1, as the page does ("Seat 1" is index 0)."""
    from lama.web.messages import seat_names
    from lama.web.schema import SeatRow, TableRow

    row = TableRow("t", "lama", 3, {}, 1, "waiting", 0.0,
                   seats=[SeatRow(0, "human"), SeatRow(1, "bot", bot="easy"), SeatRow(2, "human")])
    assert seat_names(row) == ["Seat 1", "Easy", "Seat 3"]
