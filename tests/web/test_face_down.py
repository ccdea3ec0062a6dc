"""Dice at a served table: the display of a seat that quit is sent face down to everyone else
(RULES D3, PROTOCOL: nothing sent holds a card its receiver may not see)."""

from __future__ import annotations

from .helpers import HUMAN, create


def state_after(ws, version: int) -> dict:
    return next(m for m in iter(ws.receive_json, None) if m["type"] == "state" and m["version"] > version)


def test_a_quit_display_is_sent_face_down(client):
    made = create(client, game="dice", seats=[HUMAN, HUMAN])
    other = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]}).json()
    url = f"/ws/tables/{made['table']}"
    with client.websocket_connect(f"{url}?token={made['token']}") as a, \
            client.websocket_connect(f"{url}?token={other['token']}") as b, client.websocket_connect(url) as watcher:
        seats = {made["seat"]: a, other["seat"]: b}
        first = state_after(watcher, -1)
        mover = first["view"]["to_move"]
        version = first["version"]
        ws = seats[mover]
        state = next(m for m in iter(ws.receive_json, None) if m["type"] == "state" and m["legal"])
        assert {"quit": True} in state["legal"] and state["view"]["displays"][mover]
        ws.send_json({"type": "act", "version": state["version"], "action": {"quit": True}})
        own = state_after(ws, version)
        assert own["view"]["quit"][mover] and len(own["view"]["displays"][mover]) == 6  # its own: still seen
        for receiver in (seats[1 - mover], watcher):
            seen = state_after(receiver, version)
            assert seen["view"]["quit"][mover]
            assert seen["view"]["displays"][mover] == [] and seen["view"]["hand_sizes"][mover] == 6
            assert all(e.get("cards") is None for e in seen["events"] if e.get("seat") == mover)
