"""Tables that survive the people at them (issue 23), in-process, on a clock the test moves:
private tables and their invitation, the lobby in pages, the clock of a person's move and the
stand-in who plays when it runs out or the person is away, rematch seats kept for their people,
a device's own tables and the record to download."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from lama.web.app import create_app

from .helpers import HUMAN, bot, create, next_state
from .test_api import error_of


def join(client, made, name="Bob", **body):
    return client.post(f"/api/tables/{made['table']}/join", json={"name": name, "invite": made["invite"], **body})


def tick(client) -> None:
    """What the server's clock task does once a second."""
    client.portal.call(client.app.state.hub.tick)


def facts(client, table) -> dict:
    return client.get(f"/api/tables/{table}").json()


def until(ws, done) -> dict:
    state = next_state(ws, skip_errors=True)
    while not done(state):
        state = next_state(ws, skip_errors=True)
    return state


# -- private tables, invitations, the lobby ------------------------------------------------------
def test_a_table_is_private_by_default_and_its_seats_need_the_invitation(client):
    made = create(client, seats=[HUMAN, HUMAN, HUMAN])
    assert len(made["invite"]) >= 22 and made["invite"] != made["token"]  # 128+ bits, not a token
    assert facts(client, made["table"])["visibility"] == "private"
    assert client.get("/api/tables").json()["tables"] == []
    table = made["table"]
    error_of(client.post(f"/api/tables/{table}/join", json={"name": "Eve"}), 403, "bad_invite")
    error_of(client.post(f"/api/tables/{table}/join", json={"name": "Eve", "invite": "guess"}), 403, "bad_invite")
    error_of(client.post(f"/api/tables/{table}/join", json={"name": "Eve", "invite": made["invite"][:-1]}), 403,
             "bad_invite")
    assert [s["taken"] for s in facts(client, table)["seats"]] == [True, False, False]  # nothing changed
    bob = join(client, made).json()
    assert bob["seat"] == 1 and bob["invite"] == made["invite"]
    with client.websocket_connect(f"/ws/tables/{table}?token={bob['token']}") as b, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        assert next_state(b)["invite"] == made["invite"]  # the people at the table may invite others
        assert "invite" not in next_state(watcher)  # a spectator may not


def test_a_public_table_is_listed_and_joined_without_an_invitation(client):
    made = create(client, seats=[HUMAN, HUMAN], visibility="public")
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [made["table"]]
    assert client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob"}).status_code == 200


def test_the_lobby_comes_in_pages_with_filters(client, clock):
    made = []
    for game in ("lama", "dice", "lama", "kadabra", "lama"):
        made.append(create(client, game=game, seats=[HUMAN, HUMAN, bot()], visibility="public")["table"])
        clock.advance(1)
    create(client, seats=[HUMAN, HUMAN])  # private: never listed
    seen, cursor = [], None
    while True:
        page = client.get("/api/tables", params={"limit": 2, **({"cursor": cursor} if cursor else {})}).json()
        assert len(page["tables"]) <= 2
        seen += [t["id"] for t in page["tables"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == made[::-1]  # newest first, each once
    lama = client.get("/api/tables", params={"game": "lama"}).json()["tables"]
    assert [t["id"] for t in lama] == [made[4], made[2], made[0]]
    join(client, {"table": made[1], "invite": None})  # (public: the invitation is not needed)
    free = [t["id"] for t in client.get("/api/tables", params={"free": "1"}).json()["tables"]]
    assert made[1] not in free and set(free) == set(made) - {made[1]}
    for bad in ({"limit": 0}, {"limit": 101}, {"limit": "x"}, {"cursor": "nonsense"}, {"free": "maybe"}):
        error_of(client.get("/api/tables", params=bad), 400, "bad_request")


def test_a_device_finds_its_own_tables_by_id_in_any_status(client):
    private = create(client, seats=[HUMAN, HUMAN])
    done = create(client, seats=[HUMAN, bot("random")], options={"target": 5})
    with client.websocket_connect(f"/ws/tables/{done['table']}?token={done['token']}") as ws:
        from .helpers import play_until

        play_until(ws, lambda s: s["status"] == "finished")
    ids = ",".join([private["table"], done["table"], "no-such-table", "bad id!"])
    mine = {t["id"]: t for t in client.get("/api/tables", params={"ids": ids}).json()["tables"]}
    assert set(mine) == {private["table"], done["table"]}
    assert mine[done["table"]]["status"] == "finished" and "winners" in mine[done["table"]]
    r = client.get(f"/api/tables/{done['table']}/record", params={"download": "1"})
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    assert r.json()["format"] == "lama-record/1"


@pytest.mark.parametrize("field, value, code", [
    ("visibility", "secret", "bad_request"), ("turn_seconds", 9, "bad_request"),
    ("turn_seconds", 86_401, "bad_request"), ("turn_seconds", "90", "bad_request"),
    ("turn_seconds", True, "bad_request"), ("turn_seconds", 12.5, "bad_request"),
    ("stand_in_level", "rollout", "bad_bot"),
])
def test_bad_table_settings_are_refused(client, field, value, code):
    body = {"game": "lama", "players": 2, "seats": [HUMAN, HUMAN], "name": "Ann", field: value}
    error_of(client.post("/api/tables", json=body), 400, code)


def test_the_clock_is_on_with_two_people_and_off_alone_unless_chosen(client):
    assert facts(client, create(client, seats=[HUMAN, HUMAN])["table"])["turn_seconds"] == 90
    assert facts(client, create(client, seats=[HUMAN, bot()])["table"])["turn_seconds"] is None
    assert facts(client, create(client, seats=[HUMAN, HUMAN], turn_seconds=None)["table"])["turn_seconds"] is None
    assert facts(client, create(client, seats=[HUMAN, bot()], turn_seconds=10)["table"])["turn_seconds"] == 10
    table = facts(client, create(client, seats=[HUMAN, HUMAN], stand_in_level="hard")["table"])
    assert table["stand_in_level"] == "hard" and table["away_seconds"] == 30


# -- the clock and the stand-in --------------------------------------------------------------
def person_to_move(ws) -> dict:
    """The next state where a person's clock runs."""
    return until(ws, lambda s: s["clock"] is not None)


def test_a_person_out_of_time_is_played_by_the_stand_in_until_they_are_back(client, clock):
    made = create(client, seats=[HUMAN, HUMAN, bot("random")], options={"target": 200}, turn_seconds=20)
    bob = join(client, made).json()
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as a, \
            client.websocket_connect(f"/ws/tables/{made['table']}?token={bob['token']}") as b:
        sockets = {0: a, 1: b}
        state = person_to_move(a)
        slow = state["clock"]["seat"]
        assert state["clock"]["seconds_left"] == 20
        clock.advance(19)
        tick(client)  # not yet
        assert facts(client, made["table"])["seats"][slow]["stand_in"] is None
        assert facts(client, made["table"])["clock"] == {"seat": slow, "seconds_left": 1.0}
        clock.advance(1)
        tick(client)
        late = until(sockets[slow], lambda s: s["seats"][slow]["stand_in"] is not None)
        assert late["seats"][slow]["stand_in"] == "medium" and late["seats"][slow]["stand_in_why"] == "time"
        assert late["legal"] == []  # the stand-in plays the seat: its person cannot, for now
        moved = until(sockets[slow], lambda s: any(m["seat"] == slow for m in s["view"]["moves"][-3:])
                      and s["version"] > late["version"])
        assert moved["seats"][slow]["stand_in"] == "medium"  # its moves are stored and told like anyone's
        sockets[slow].send_json({"type": "stand_in", "seat": slow, "bot": None})  # "I'm back"
        back = until(sockets[slow], lambda s: s["seats"][slow]["stand_in"] is None)
        assert back["seats"][slow]["stand_in_why"] is None


def test_a_person_away_is_played_after_away_seconds_and_takes_the_seat_back(client, clock):
    made = create(client, seats=[HUMAN, HUMAN, bot("random")], options={"target": 200})
    bob = join(client, made).json()
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as a:
        state = next_state(a)
        assert state["seats"][1]["away"] and state["seats"][1]["stand_in_in"] == 30  # Bob never came
        clock.advance(29)
        tick(client)
        assert facts(client, table)["seats"][1]["stand_in"] is None
        clock.advance(1)
        tick(client)
        state = until(a, lambda s: s["seats"][1]["stand_in"] is not None)
        assert state["seats"][1]["stand_in_why"] == "away" and state["seats"][1]["stand_in_in"] is None
        with client.websocket_connect(f"/ws/tables/{table}?token={bob['token']}") as b:  # from any device
            back = until(b, lambda s: s["seats"][1]["stand_in"] is None)
            assert back["seats"][1]["connected"] and not back["seats"][1]["away"]
            if back["clock"] and back["clock"]["seat"] == 1:
                assert back["clock"]["seconds_left"] == 90  # a fresh clock for the one who came back


def test_without_a_clock_nobody_is_replaced_by_themselves(client, clock):
    made = create(client, seats=[HUMAN, HUMAN], turn_seconds=None)
    join(client, made)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as a:
        state = next_state(a)
        assert state["clock"] is None and state["seats"][1]["away"] and state["seats"][1]["stand_in_in"] is None
        clock.advance(10_000)
        tick(client)
        assert facts(client, made["table"])["seats"][1]["stand_in"] is None


def test_a_clock_survives_a_restart_where_it_was(tmp_path, clock):
    db = f"sqlite:///{tmp_path / 'lama.db'}"
    with TestClient(create_app(db, bot_pause=0, bot_workers=1, clock=clock)) as one:
        made = create(one, seats=[HUMAN, HUMAN], turn_seconds=60)
        join(one, made)
        started = facts(one, made["table"])["clock"]
        assert started["seconds_left"] == 60
    clock.advance(45)  # the server was down meanwhile
    with TestClient(create_app(db, bot_pause=0, bot_workers=1, clock=clock)) as two:
        again = facts(two, made["table"])["clock"]
        assert again == {"seat": started["seat"], "seconds_left": 15.0}  # not from zero
        clock.advance(15)
        tick(two)
        assert facts(two, made["table"])["seats"][started["seat"]]["stand_in_why"] == "time"


# -- rematches --------------------------------------------------------------------------------
def finished_table(client, seats=None):
    made = create(client, seats=seats or [HUMAN, HUMAN, bot("random")], options={"target": 5}, turn_seconds=None)
    bob = join(client, made).json()
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        ws.send_json({"type": "stand_in", "seat": 1, "bot": "random"})  # Bob is away
        from .helpers import play_until

        play_until(ws, lambda s: s["status"] == "finished")
    return made, bob


def test_a_rematch_keeps_each_seat_for_its_person(client):
    made, bob = finished_table(client)
    table = made["table"]
    first = client.post(f"/api/tables/{table}/again", json={"token": made["token"]}).json()
    assert first == client.post(f"/api/tables/{table}/again", json={"token": made["token"]}).json()  # idempotent
    nxt = first["table"]
    seats = facts(client, nxt)["seats"]
    assert seats[0]["creator"] and seats[1]["reserved"] and not seats[1]["taken"] and seats[2]["kind"] == "bot"
    # a stranger, even with the next table's invitation, gets no seat kept for someone else
    error_of(client.post(f"/api/tables/{nxt}/join", json={"name": "Ann", "invite": first["invite"]}), 409,
             "table_full")
    error_of(client.post(f"/api/tables/{nxt}/join", json={"name": "Ann"}), 403, "bad_invite")
    error_of(client.post(f"/api/tables/{nxt}/join", json={"name": "Ann", "invite": first["invite"], "seat": 1}),
             409, "seat_taken")
    with client.websocket_connect(f"/ws/tables/{table}?token={bob['token']}") as b:
        offer = next_state(b)
        b.send_json({"type": "stand_in", "seat": 0, "bot": "easy"})  # no stand-in once the game is over
        assert next(m for m in iter(b.receive_json, None) if m["type"] == "error")["code"] == "not_running"
        assert offer["rematch"] == {"table": nxt, "seats": [0]}  # Bob's page is told who asked
        second = client.post(f"/api/tables/{table}/again", json={"token": bob["token"]}).json()
        assert second["seat"] == 1 and second["table"] == nxt
        assert until(b, lambda s: s["rematch"]["seats"] == [0, 1])
    assert second == client.post(f"/api/tables/{table}/again", json={"token": bob["token"]}).json()
    started = facts(client, nxt)
    assert started["status"] == "running" and [s["creator"] for s in started["seats"]] == [True, False, False]
    with client.websocket_connect(f"/ws/tables/{nxt}?token={second['token']}") as ws:
        assert next_state(ws)["seat"] == 1


def test_a_rematch_seat_nobody_came_for_goes_to_a_bot_after_a_while(client, clock):
    made, bob = finished_table(client)
    first = client.post(f"/api/tables/{made['table']}/again", json={"token": made["token"]}).json()
    with client.websocket_connect(f"/ws/tables/{first['table']}?token={first['token']}") as ws:
        next_state(ws)
        ws.send_json({"type": "stand_in", "seat": 1, "bot": "easy"})
        refused = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert refused["code"] == "too_soon" and "Bob" in refused["message"]
        clock.advance(120)
        ws.send_json({"type": "stand_in", "seat": 1, "bot": "easy"})
        state = until(ws, lambda s: s["status"] == "running")
        assert state["seats"][1]["kind"] == "bot" and state["seats"][1]["bot"] == "easy"
    error_of(client.post(f"/api/tables/{made['table']}/again", json={"token": bob["token"]}), 409, "seat_taken")
