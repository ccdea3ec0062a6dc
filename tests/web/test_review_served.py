"""The game review of a finished table, served (issue 39, item 3; PROTOCOL.md's additions):
`lama review --json`'s form, made once in the bot pool and stored, 409 before the end."""

from __future__ import annotations

import pytest

from .helpers import HUMAN, bot, create, play_until
from .test_api import error_of

pytest.importorskip("lama.review")


def test_a_finished_table_is_reviewed_once(client):
    made = create(client, game="lama", seats=[HUMAN, bot("easy")], name="Ann", options={"target": 1})
    table = made["table"]
    error_of(client.get(f"/api/tables/{table}/review"), 409, "not_finished")
    error_of(client.get("/api/tables/nothere1/review"), 404, "no_table")
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        play_until(ws, lambda s: s["status"] == "finished")
    first = client.get(f"/api/tables/{table}/review")
    assert first.status_code == 200, first.text
    review = first.json()
    assert len(review["seats"]) == 2 and review["curve"]
    for seat in review["seats"]:
        assert 0 <= seat["start"] <= 1 and 0 <= seat["end"] <= 1
        assert seat["luck"] + seat["own"] + seat["others"] == pytest.approx(seat["end"] - seat["start"], abs=1e-9)
        assert all(d["class"] in ("best", "good", "inaccuracy", "mistake", "blunder") for d in seat["decisions"])
    assert all(sum(point) == pytest.approx(1.0) for point in review["curve"])
    assert client.app.state.hub.store.review(table) == review  # stored: the next answer is read back
    assert client.get(f"/api/tables/{table}/review").json() == review
