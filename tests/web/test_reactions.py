"""Quick reactions (issue 25): a seated person's code relayed to every connection of the table,
refused from a spectator, for an unknown code, and over the limit of the connection."""

from __future__ import annotations

from lama.web.messages import REACTION_BURST, REACTIONS

from .helpers import HUMAN, create, next_state
from .test_seating import join


def reaction_or_error(ws) -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] in ("reaction", "error"):
            return message


def test_a_reaction_reaches_every_connection_of_the_table(client):
    made = create(client, seats=[HUMAN, HUMAN])
    bob = join(client, made).json()
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ann, \
            client.websocket_connect(f"/ws/tables/{table}?token={bob['token']}") as b, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        for ws in (ann, b, watcher):
            next_state(ws)
        b.send_json({"type": "react", "reaction": "well_played"})
        for ws in (ann, b, watcher):
            assert reaction_or_error(ws) == {"type": "reaction", "seat": 1, "reaction": "well_played"}


def test_a_reaction_is_a_known_code_from_a_seated_person(client, clock):
    made = create(client, seats=[HUMAN, HUMAN])
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ann, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        next_state(ann)
        next_state(watcher)
        watcher.send_json({"type": "react", "reaction": "thumbs_up"})
        assert reaction_or_error(watcher)["code"] == "not_seated"
        for bad in ("hello there", "", None, 3, ["laugh"], {"laugh": 1}):
            ann.send_json({"type": "react", "reaction": bad})
            assert reaction_or_error(ann)["code"] == "bad_reaction"
        for code in REACTIONS:  # the refusals took nothing from the bucket, and each code goes
            ann.send_json({"type": "react", "reaction": code})
            assert reaction_or_error(ann)["reaction"] == code
            assert reaction_or_error(watcher)["reaction"] == code
            clock.advance(2)


def test_reactions_are_limited_per_connection_and_come_back_with_time(client, clock):
    made = create(client, seats=[HUMAN, HUMAN])
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ann, \
            client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as again:
        next_state(ann)
        next_state(again)
        for _ in range(REACTION_BURST):
            ann.send_json({"type": "react", "reaction": "laugh"})
            assert reaction_or_error(ann)["type"] == "reaction"
            assert reaction_or_error(again)["type"] == "reaction"
        ann.send_json({"type": "react", "reaction": "laugh"})
        assert reaction_or_error(ann)["code"] == "rate_limited"
        again.send_json({"type": "react", "reaction": "oops"})  # another connection has its own limit
        assert reaction_or_error(again)["reaction"] == "oops"
        assert reaction_or_error(ann)["reaction"] == "oops"
        clock.advance(2)  # one more after two seconds, and only one
        ann.send_json({"type": "react", "reaction": "good_luck"})
        assert reaction_or_error(ann)["reaction"] == "good_luck"
        ann.send_json({"type": "react", "reaction": "good_luck"})
        assert reaction_or_error(ann)["code"] == "rate_limited"
