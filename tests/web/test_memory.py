"""A bounded lobby and bounded memory (issue 24): unknown tables cost nothing, waiting tables
expire, tables nobody uses leave memory and come back, comings and goings are told once."""

from __future__ import annotations

from lama.web.clocks import IDLE_SECONDS
from lama.web.lobby import WAITING_SECONDS

from .helpers import HUMAN, bot, create, next_state, play_until


def hub_of(client):
    return client.app.state.hub


def tick(client) -> None:
    client.portal.call(hub_of(client).tick)


def test_a_request_for_an_unknown_table_costs_no_memory(client):
    hub = hub_of(client)
    for n in range(50):
        assert client.get(f"/api/tables/nothing{n}").json()["error"]["code"] == "no_table"
        assert client.post(f"/api/tables/nothing{n}/join", json={"name": "Eve"}).status_code == 404
    assert client.get("/api/tables/" + "x" * 200).status_code == 404
    assert hub._loading == {} and hub.live == {}


def test_a_waiting_table_nobody_joins_expires(client, clock):
    made = create(client, seats=[HUMAN, HUMAN], visibility="public")
    fresh = create(client, seats=[HUMAN, HUMAN], visibility="public")
    assert {t["id"] for t in client.get("/api/tables").json()["tables"]} == {made["table"], fresh["table"]}
    clock.advance(WAITING_SECONDS - 10)
    later = create(client, seats=[HUMAN, HUMAN], visibility="public")
    clock.advance(11)
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [later["table"]]
    assert [t["id"] for t in client.get("/api/tables?free=1").json()["tables"]] == [later["table"]]
    r = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]})
    assert r.status_code == 410 and r.json()["error"]["code"] == "expired", r.text
    mine = client.get(f"/api/tables?ids={made['table']},{later['table']}").json()["tables"]
    assert {t["id"]: t["expired"] for t in mine} == {made["table"]: True, later["table"]: False}
    assert client.post(f"/api/tables/{later['table']}/join",
                       json={"name": "Bob", "invite": later["invite"]}).status_code == 200


def test_a_table_nobody_uses_leaves_memory_and_comes_back(client, clock):
    hub = hub_of(client)
    waiting = create(client, seats=[HUMAN, HUMAN])
    made = create(client, seats=[HUMAN, bot()])  # one person: no clock
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        state = play_until(ws, lambda s: bool(s["legal"]))  # the bot has moved: the person's turn
    clock.advance(IDLE_SECONDS / 2)
    tick(client)
    assert {waiting["table"], made["table"]} <= set(hub.live)  # not idle long enough
    clock.advance(IDLE_SECONDS)
    tick(client)
    assert waiting["table"] not in hub.live and made["table"] not in hub.live
    facts = client.get(f"/api/tables/{made['table']}").json()  # back from the store, as it was
    assert facts["version"] == state["version"] and made["table"] in hub.live
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        again = next_state(ws)
        assert again["version"] == state["version"] and again["legal"] == state["legal"]
        ws.send_json({"type": "act", "version": again["version"], "action": again["legal"][0]})
        assert next_state(ws)["version"] > again["version"]


def test_a_table_with_a_clock_stays_in_memory(client, clock):
    made = create(client, seats=[HUMAN, HUMAN], turn_seconds=60)
    client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]})
    live = hub_of(client).live[made["table"]]
    clock.advance(IDLE_SECONDS + 1)  # nobody connected, but the clock runs: stand-ins come, it is not forgotten
    tick(client)
    assert [s.stand_in for s in live.row.seats] == ["medium", "medium"]


def test_comings_and_goings_are_told_once_to_whom_they_are_new(client):
    made = create(client, seats=[HUMAN, bot()])
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as person:
        first = play_until(person, lambda s: bool(s["legal"]))
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            own = next_state(watcher)  # at once, showing itself
            assert own["version"] == first["version"] and own["seats"][0]["connected"]
            told = next_state(person)  # the person hears of the watcher (who is no seat: no change)
            assert told["version"] == first["version"]
            person.send_json({"type": "act", "version": first["version"], "action": first["legal"][0]})
            # nobody gets the same state twice: the next state of each is the move's
            assert next_state(person)["version"] > first["version"]
            assert next_state(watcher)["version"] > first["version"]


def test_lama_serve_sets_how_long_a_waiting_table_lasts():
    import subprocess
    import sys

    shown = subprocess.run([sys.executable, "-m", "lama", "serve", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert "--waiting-expiry" in shown.stdout and "86400" in shown.stdout
    refused = subprocess.run([sys.executable, "-m", "lama", "serve", "--waiting-expiry", "5"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "60" in refused.stderr and "Traceback" not in refused.stderr
