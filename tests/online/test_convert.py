"""lama.online.convert: a View and an event sent as JSON (as `lama serve` sends them) come back
as the core's own, in every game, for every seat and a spectator, at every step of a game."""

from __future__ import annotations

import json

import pytest

from lama.bots import load_bot
from lama.games import GAMES, new_game
from lama.match import Table
from lama.online.convert import ProtocolError, event_classes, event_from_json, view_from_json

VIEWERS = (0, 1, 2, None)


def wire(obj) -> dict:
    return json.loads(json.dumps(obj.to_json()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_views_and_events_come_back_as_the_core_gives_them(game_id):
    classes = event_classes()
    checked = {"views": 0, "events": 0}

    def on_events(events):
        for event in events:
            for seat in VIEWERS:
                seen = event.for_seat(seat)
                assert event_from_json(wire(seen), classes) == seen
                checked["events"] += 1

    table = Table(new_game(game_id, 3, {"target": 60}), [load_bot("heuristic")] * 3, 7, on_events=on_events)
    while not table.finished and checked["views"] < 2000:
        for seat in VIEWERS:
            view = table.view(seat)
            assert view_from_json(wire(view)) == view
            checked["views"] += 1
        if table.step() is None:
            break
    assert checked["views"] > 40 and checked["events"] > 40


def test_the_messages_legal_actions_replace_the_views():
    view = new_game("lama", 2).new_initial_state()
    table = Table(new_game("lama", 2), [None, None], 1)
    table.advance()
    view = table.view(table.to_move)
    assert view_from_json(wire(view), legal=[]).legal_actions == ()
    assert view_from_json(wire(view), legal=[{"draw": True}]).legal_actions[0].kind == "draw"


def test_what_is_not_the_protocol_is_a_protocol_error():
    with pytest.raises(ProtocolError):
        view_from_json({"game": "lama"})
    with pytest.raises(ProtocolError):
        event_from_json({"type": "no_such_event"})
    with pytest.raises(ProtocolError):
        view_from_json({**wire(Table(new_game("lama", 2), [None, None], 1).view(None)), "game": "chess"})
