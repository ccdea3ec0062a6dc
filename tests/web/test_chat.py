"""Table chat (issue 41, item 2; PROTOCOL.md's `say` / `said`; web.chat), in-process: seated
people only, 200 characters, rate limited, on at private tables and off at public ones unless
the creator says otherwise, never to spectators, never in the record."""

from __future__ import annotations

import pytest

from .helpers import HUMAN, bot, create, next_state, play_until
from .test_claims import error, seated, spectator, until


@pytest.fixture
def table(client):
    made = create(client, seats=[HUMAN, HUMAN, bot()], name="Ann", options={"target": 1})
    bob = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()
    return made["table"], made["token"], bob["token"]


def test_seated_people_chat_and_spectators_hear_nothing(client, table):
    table_id, ann_token, bob_token = table
    ann, bob, watcher = seated(client, table_id, ann_token), seated(client, table_id, bob_token), \
        spectator(client, table_id)
    ann.send_json({"type": "say", "text": "  good   luck,\nBob  "})
    said = {"type": "said", "seat": 0, "text": "good luck, Bob"}  # one line, spaces folded
    assert until(ann, "said") == said and until(bob, "said") == said
    watcher.send_json({"type": "say", "text": "hello"})
    heard = [watcher.receive_json()]
    while heard[-1]["type"] != "error":
        heard.append(watcher.receive_json())
    assert heard[-1]["code"] == "not_seated" and not [m for m in heard if m["type"] == "said"]
    hostile = "<img src=x onerror=alert(1)>\u202egnp.exe"
    bob.send_json({"type": "say", "text": hostile})
    assert until(ann, "said")["text"] == "<img src=x onerror=alert(1)>gnp.exe"  # as text; no direction override
    watcher.send_json({"type": "react", "reaction": "thumbs_up"})  # (the spectator's socket still reads)
    heard = []
    while not heard or heard[-1]["type"] != "error":
        heard.append(watcher.receive_json())
    assert heard[-1]["code"] == "not_seated" and not [m for m in heard if m["type"] == "said"]
    for ws in (ann, bob, watcher):
        ws.__exit__(None, None, None)
    again = seated(client, table_id, bob_token)  # a seated person back: the last lines
    assert until(again, "said") == {**said, "earlier": True}
    again.__exit__(None, None, None)


@pytest.mark.parametrize("text", ["", "   ", "x" * 201, 5, None, ["hi"], {"t": 1}, "\u202e"])
def test_a_wrong_line_is_refused(client, table, text):
    table_id, ann_token, _ = table
    ann = seated(client, table_id, ann_token)
    ann.send_json({"type": "say", "text": text})
    refused = error(ann)
    assert refused["code"] == "bad_request" and "200" in refused["message"]
    ann.__exit__(None, None, None)


def test_two_hundred_emoji_are_a_line(client, table):
    table_id, ann_token, bob_token = table
    ann, bob = seated(client, table_id, ann_token), seated(client, table_id, bob_token)
    ann.send_json({"type": "say", "text": "🦙" * 200})
    assert until(bob, "said")["text"] == "🦙" * 200
    ann.send_json({"type": "say", "text": "👨\u200d👩\u200d👧"})  # (the joiners of an emoji family are kept)
    assert until(bob, "said")["text"] == "👨\u200d👩\u200d👧"
    for ws in (ann, bob):
        ws.__exit__(None, None, None)


def test_chat_is_rate_limited(client, table):
    table_id, ann_token, _ = table
    ann = seated(client, table_id, ann_token)
    codes = []
    for n in range(7):
        ann.send_json({"type": "say", "text": f"line {n}"})
        message = ann.receive_json()
        while message["type"] not in ("said", "error"):
            message = ann.receive_json()
        codes.append(message.get("code", "said"))
    assert codes == ["said"] * 5 + ["rate_limited"] * 2
    ann.__exit__(None, None, None)


def test_a_public_table_has_no_chat_unless_its_creator_turns_it_on(client):
    for extra, on in (({"visibility": "public"}, False), ({"visibility": "public", "chat": True}, True),
                      ({"chat": False}, False), ({}, True)):
        made = create(client, seats=[HUMAN, bot()], name="Ann", **extra)
        assert client.get(f"/api/tables/{made['table']}").json()["chat"] is on
        ann = seated(client, made["table"], made["token"])
        ann.send_json({"type": "say", "text": "hi"})
        message = ann.receive_json()
        while message["type"] not in ("said", "error"):
            message = ann.receive_json()
        assert message["type"] == "said" if on else message["code"] == "chat_off"
        ann.__exit__(None, None, None)
    r = client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A",
                                         "chat": "yes"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"


def test_chat_is_never_in_the_record(client, table):
    table_id, ann_token, bob_token = table
    ann, bob = seated(client, table_id, ann_token), seated(client, table_id, bob_token)
    ann.send_json({"type": "say", "text": "a secret plan"})
    until(bob, "said")
    for ws in (ann, bob):
        ws.__exit__(None, None, None)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann_token}") as a, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={bob_token}") as b:
        states = [next_state(a, skip_errors=True), next_state(b, skip_errors=True)]
        while states[0]["status"] != "finished":
            i = 0 if states[0]["legal"] else 1
            ws = (a, b)[i]
            states[i] = play_until(ws, lambda s, v=states[i]["version"]: s["version"] > v, first=states[i])
            other = (b, a)[i]
            while states[1 - i]["version"] < states[i]["version"]:
                states[1 - i] = next_state(other, skip_errors=True)
    record = client.get(f"/api/tables/{table_id}/record").text
    assert "secret plan" not in record
