"""lama.tui.online: what a person at the terminal reads when the connection is made again."""

from __future__ import annotations

import io
import json

from rich.console import Console

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Table
from lama.online.client import State
from lama.tui.online import OnlineGame


def test_a_connection_made_again_does_not_tell_the_same_events_twice():
    told = []
    table = Table(new_game("lama", 3), [load_bot("heuristic")] * 3, 5, on_events=told.extend)
    for _ in range(200):  # on to seat 0's second turn at least: others have moved since its first
        if len(told) > 4 and table.view(0).legal_actions and not table.finished:
            break
        table.step()
    assert table.view(0).legal_actions
    view = table.view(0)
    message = json.loads(json.dumps({"type": "state", "version": 9, "status": "running", "seat": 0,
                                     "view": view.to_json(), "legal": [a.to_json() for a in view.legal_actions],
                                     "seats": []}))
    out = io.StringIO()
    game = OnlineGame(Console(file=out, width=80), input_fn=lambda prompt: "d")
    game(State(message, [e.for_seat(0) for e in told]))
    first = out.getvalue()
    assert "Since your last turn:" in first
    game(State(message, [e.for_seat(0) for e in told]))  # the same table, on a new connection
    again = out.getvalue()[len(first):]
    assert "Since your last turn:" not in again and "Your hand:" in again
