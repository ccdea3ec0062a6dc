"""A seat claimed from another device with the table's confirmation (issue 38, item 2; web.claims),
in-process: Bob took a seat without signing in on his phone, his laptop has only the table's
link; the laptop asks, a seated person confirms or refuses; every refusal of the messages."""

from __future__ import annotations

import pytest

from lama.web import claims

from .helpers import HUMAN, bot, create, next_state


def until(ws, kind: str) -> dict:
    """The next message of type `kind` (states and the rest on the way are skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message


def error(ws) -> dict:
    return until(ws, "error")


@pytest.fixture
def table(client):
    """Ann's private table with Bob seated (on his phone) and a bot: its id and both tokens."""
    made = create(client, seats=[HUMAN, HUMAN, bot()], name="Ann")
    bob = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()
    return made["table"], made["token"], bob["token"]


def seated(client, table_id, token):
    ws = client.websocket_connect(f"/ws/tables/{table_id}")
    ws.__enter__()
    ws.send_json({"type": "hello", "token": token})
    state = next_state(ws)
    while state["seat"] is None:
        state = next_state(ws)
    return ws


def spectator(client, table_id):
    ws = client.websocket_connect(f"/ws/tables/{table_id}")
    ws.__enter__()
    assert next_state(ws)["seat"] is None
    return ws


def test_the_table_gives_bob_his_seat_on_another_device(client, table):
    table_id, ann_token, bob_token = table
    ann, phone, laptop = seated(client, table_id, ann_token), seated(client, table_id, bob_token), \
        spectator(client, table_id)
    laptop.send_json({"type": "claim", "seat": 1, "name": "Bob"})
    sent = until(laptop, "claim_sent")
    asked = until(ann, "claim")
    assert asked == {"type": "claim", "claim": sent["claim"], "seat": 1, "name": "Bob"}
    assert until(phone, "claim")["claim"] == sent["claim"]  # the seat's own device is asked too
    ann.send_json({"type": "confirm", "claim": asked["claim"], "accept": True})
    claimed = until(laptop, "claimed")
    assert claimed["seat"] == 1 and len(claimed["token"]) >= 22 and claimed["token"] != bob_token
    moved = error(phone)
    assert moved["code"] == "seat_moved" and "another device" in moved["message"]
    assert until(ann, "claim_over") == {"type": "claim_over", "claim": asked["claim"], "seat": 1, "granted": True}
    for ws in (ann, phone, laptop):
        ws.__exit__(None, None, None)
    new = seated(client, table_id, claimed["token"])  # the laptop, in Bob's seat
    new.__exit__(None, None, None)
    with client.websocket_connect(f"/ws/tables/{table_id}") as old:
        next_state(old)
        old.send_json({"type": "hello", "token": bob_token})
        assert error(old)["code"] == "bad_token"  # the phone's token is no seat any more
    facts = client.get(f"/api/tables/{table_id}").json()
    assert facts["seats"][1]["name"] == "Bob" and claimed["token"] not in str(facts)


def test_a_refused_claim_changes_nothing(client, table):
    table_id, ann_token, bob_token = table
    ann, laptop = seated(client, table_id, ann_token), spectator(client, table_id)
    laptop.send_json({"type": "claim", "seat": 1})
    asked = until(ann, "claim")
    assert asked["name"] == "Bob"  # (the seat's name when the claimant gives none)
    ann.send_json({"type": "confirm", "claim": asked["claim"], "accept": False})
    assert until(laptop, "claim_refused")["seat"] == 1
    assert until(ann, "claim_over")["granted"] is False
    ann.send_json({"type": "confirm", "claim": asked["claim"], "accept": True})  # answered already
    assert error(ann)["code"] == "no_claim"
    for ws in (ann, laptop):
        ws.__exit__(None, None, None)
    seated(client, table_id, bob_token).__exit__(None, None, None)  # Bob's token still is the seat


def test_a_claim_lapses_when_its_device_goes_or_its_time_is_up(client, table, monkeypatch):
    table_id, ann_token, _ = table
    ann, laptop = seated(client, table_id, ann_token), spectator(client, table_id)
    laptop.send_json({"type": "claim", "seat": 1})
    asked = until(ann, "claim")
    laptop.__exit__(None, None, None)  # the claimant leaves
    assert until(ann, "claim_over") == {"type": "claim_over", "claim": asked["claim"], "seat": 1, "granted": False}
    monkeypatch.setattr(claims, "CLAIM_SECONDS", 0.0)
    laptop = spectator(client, table_id)
    laptop.send_json({"type": "claim", "seat": 1})
    lapsed = until(laptop, "claim_refused")
    assert lapsed["lapsed"] is True and until(ann, "claim_over")["granted"] is False
    for ws in (ann, laptop):
        ws.__exit__(None, None, None)


def test_every_wrong_claim_is_refused(client, table):
    table_id, ann_token, _ = table
    ann, laptop, other = seated(client, table_id, ann_token), spectator(client, table_id), spectator(client, table_id)
    for seat in (2, 3, -1, "1", None, True):  # a bot's seat, no seat, not a seat number
        laptop.send_json({"type": "claim", "seat": seat})
        assert error(laptop)["code"] == "bad_request"
    laptop.send_json({"type": "claim", "seat": 1, "name": "x" * 41})
    assert error(laptop)["code"] == "bad_name"
    ann.send_json({"type": "claim", "seat": 1})  # a seated person holds a seat already
    assert error(ann)["code"] == "bad_request"
    laptop.send_json({"type": "claim", "seat": 1})
    asked = until(ann, "claim")
    other.send_json({"type": "claim", "seat": 1})  # one claim at a time for a seat
    assert error(other)["code"] == "claim_pending"
    other.send_json({"type": "confirm", "claim": asked["claim"], "accept": True})  # a spectator cannot answer
    assert error(other)["code"] == "not_seated"
    for wrong in ("maybe", 1, None):
        ann.send_json({"type": "confirm", "claim": asked["claim"], "accept": wrong})
        assert error(ann)["code"] == "bad_request"
    for claim_id in ("nothing", 5, None):
        ann.send_json({"type": "confirm", "claim": claim_id, "accept": True})
        assert error(ann)["code"] == "no_claim"
    for ws in (ann, laptop, other):
        ws.__exit__(None, None, None)


def test_a_claim_needs_someone_seated_to_confirm_it(client, table):
    table_id, *_ = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as laptop:
        next_state(laptop)
        laptop.send_json({"type": "claim", "seat": 0})
        refused = error(laptop)
        assert refused["code"] == "nobody_to_confirm" and "nobody" in refused["message"]


def test_claims_are_rate_limited(client, table):
    table_id, *_ = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as laptop:
        next_state(laptop)
        codes = []
        for _ in range(12):
            laptop.send_json({"type": "claim", "seat": 0})
            codes.append(error(laptop)["code"])
        assert "rate_limited" in codes and codes[0] == "nobody_to_confirm"
