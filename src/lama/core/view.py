"""What one seat may see: the only door from a state to an interface or a bot.

Built from an allow-list by `State.view(seat)`: the seat's own hand, the sizes
of the other hands, public cards and chips. Never another seat's cards, never
the order or contents of the draw pile.

The fields every game has are the View's own; a game's own fields are those its shape
declares (`lama.core.shape`, `ViewField`), kept in `extra` in the declared order and read
as attributes (`view.hand`). A View of a game without a field answers the field's declared
default, so a bot may ask any game's View for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .events import RoundScored
from .jsonform import ReadOnlyMap, jsonable
from .shape import VIEW_FIELDS

NO_OPTIONS = ReadOnlyMap()


@dataclass(frozen=True, slots=True, init=False)
class View:
    game: str
    seat: int | None  # None: a spectator
    players: int
    round: int  # 0-based index of the current round
    to_move: int | None  # None while chance is pending or the game is over
    points: tuple[int, ...]
    quit: tuple[bool, ...]  # who has quit this round
    target: int
    finished: bool
    winners: tuple[int, ...]
    history: tuple[RoundScored, ...]  # every completed round
    legal_actions: tuple[Action, ...]  # empty unless this seat is to move
    # the game's options (public, read-only): a search bot rebuilds the game from them
    options: ReadOnlyMap = field(default_factory=lambda: NO_OPTIONS, hash=False)
    # the game's own fields, as (name, value) pairs in the order its shape declares them
    extra: tuple[tuple[str, object], ...] = ()

    def __init__(self, game, seat, players, round, to_move, points, quit, target, finished, winners,
                 history, legal_actions, options=NO_OPTIONS, extra=(), **fields):
        """The fields every game has, then the game's own: as `extra` pairs or as keywords
        (`hand=("1", "L")`). Given both (`dataclasses.replace(view, moves=...)`), a keyword
        replaces the pair of its name and adds none: a View keeps its game's fields."""
        if fields:
            if extra:
                extra = tuple((name, fields.get(name, value)) for name, value in extra)
            else:
                extra = tuple(fields.items())
        put = object.__setattr__
        for name, value in (("game", game), ("seat", seat), ("players", players), ("round", round),
                            ("to_move", to_move), ("points", points), ("quit", quit), ("target", target),
                            ("finished", finished), ("winners", winners), ("history", history),
                            ("legal_actions", legal_actions), ("options", options), ("extra", tuple(extra))):
            put(self, name, value)

    def __getattr__(self, name: str):
        """A game's own field (`view.hand`); the declared default where the game lacks it."""
        if not name.startswith("__"):
            for key, value in object.__getattribute__(self, "extra"):
                if key == name:
                    return value
            declared = VIEW_FIELDS.get(name)
            if declared is not None:
                return declared.default
        raise AttributeError(f"a View has no field {name!r}")

    def to_json(self) -> dict:
        """The view as JSON: the fields every game has, then the game's own in the order its
        shape declares them. Only what the view holds: nothing is added here."""
        out = {name: jsonable(getattr(self, name)) for name in COMMON}
        out["history"] = [_round_json(r) for r in self.history]
        out["legal_actions"] = [a.to_json() for a in self.legal_actions]
        for name, value in self.extra:
            declared = VIEW_FIELDS.get(name)
            out[name] = declared.json(value) if declared is not None and declared.json else jsonable(value)
        return out


COMMON = ("game", "seat", "players", "round", "to_move", "points", "quit", "target", "finished", "winners",
          "options")


def _round_json(r: RoundScored) -> dict:
    out = r.to_json()
    del out["type"]
    return out
