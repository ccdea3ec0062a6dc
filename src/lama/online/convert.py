"""The protocol's JSON back into the core's objects: a `state` message's `view` into the View
a local game gives that seat, its `events` into the core's events. The terminal and the bots
then read them as they read a local game's (lama.tui, lama.bots): one renderer, one syntax.

What a field's JSON is comes from the games' declarations (lama.core.shape: a ViewField's
`json` and its inverse `parse`; an event's dataclass fields), so nothing here names a game.
"""

from __future__ import annotations

import sys
from dataclasses import fields

from lama.core import Action
from lama.core.events import Event, RoundScored
from lama.core.jsonform import frozen
from lama.core.view import COMMON, View


class ProtocolError(Exception):
    """A message that is not what lama-web/1 says (a field missing, an unknown game or event)."""


def _subclasses(cls) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


def event_classes() -> dict[str, type[Event]]:
    """Every event class of every game (lama.games imports them all), by its JSON `type`."""
    import lama.games  # noqa: F401 - the games' own events are declared in their modules

    out = {}
    for cls in _subclasses(Event):
        # dataclass(slots=True) makes a new class: the one its module holds, not the first one
        if getattr(cls, "__dataclass_fields__", None) and getattr(sys.modules[cls.__module__], cls.__name__,
                                                                   None) is cls:
            name = Event.to_json.__globals__["_snake"](cls.__name__)
            out.setdefault(name, cls)
    return out


def _build(cls, data: dict):
    try:
        return cls(**{f.name: frozen(data[f.name]) for f in fields(cls) if f.name in data})
    except TypeError as e:
        raise ProtocolError(f"{cls.__name__}: {e}") from None


def event_from_json(data: dict, classes: dict | None = None) -> Event:
    """The core's event of its JSON form (`event.to_json()`)."""
    classes = classes if classes is not None else event_classes()
    cls = classes.get(data.get("type")) if isinstance(data, dict) else None
    if cls is None:
        raise ProtocolError(f"unknown event {str(data)[:60]}")
    return _build(cls, data)


def view_fields(game_id: str):
    """The View fields game `game_id` declares, in their order (its state class's shape)."""
    from lama.games import GAMES

    cls = GAMES.get(game_id)
    if cls is None:
        raise ProtocolError(f"unknown game {game_id!r}")
    return cls.state_class.shape.view


def view_from_json(data: dict, legal: list | None = None) -> View:
    """The View of a `state` message's `view`; `legal`: the message's legal actions (the
    protocol's word on what this connection may do now), else the view's own."""
    try:
        common = {name: frozen(data[name]) for name in COMMON}
        common["history"] = tuple(_build(RoundScored, r) for r in data.get("history", ()))
        actions = data.get("legal_actions", ()) if legal is None else legal
        common["legal_actions"] = tuple(Action.from_json(a) for a in actions)
        extra = []
        for f in view_fields(common["game"]):
            if f.name in data:
                value = data[f.name]
                extra.append((f.name, f.parse(value) if f.parse is not None else frozen(value)))
    except (KeyError, TypeError, ValueError) as e:
        raise ProtocolError(f"not a view: {type(e).__name__}: {e}") from None
    return View(extra=tuple(extra), **common)
