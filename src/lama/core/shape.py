"""What a game adds to the state every game has, declared once (OpenSpiel's observer, pgx's
dataclass of arrays): the shared modules read the declaration instead of naming its fields.

A game's state class holds `shape`, a Shape: its state fields (`Field`: in the core state and
in the compiled engine's row, where `lama.fast.layout` places them and `lama.fast.views` and
`Engine.describe` convert them), what its View adds (`ViewField`: the View's attributes and
their JSON, in this order), and its moves beyond play (`MoveKind`). The fields every game has
(C1-C6: points, quits, whose turn, the round, the end) are the View's own and the engine's
common ones; a game's shape is its family's plus its own (`CardState.shape + Shape(...)`).
"""

from __future__ import annotations

from dataclasses import dataclass

# Field.scope: how many entries a field has in the engine's row
SCALAR = "scalar"  # `size` entries (1, or one per die)
PER_SEAT = "per_seat"  # one per seat
PER_KIND = "per_kind"  # one per card kind, counts
PER_SEAT_KIND = "per_seat_kind"  # one per seat and card kind
PER_SEAT_MOVE = "per_seat_move"  # per seat, how often it made each move this round (plays per kind)

# Field.seen and ViewField.seen: who may know it
PUBLIC = "public"  # everyone at the table
OWN = "own"  # each seat its own part (a hand)
HIDDEN = "hidden"  # nobody (the draw pile's order and kinds, the undealt cards)


@dataclass(frozen=True, slots=True)
class Field:
    """One state field of a game: the core state's attribute `name` and its entries in the
    engine's row (`lama.fast.layout` binds `row.upper()` to its offset).

    - `scope`, `size`: its entries (SCALAR: `size` of them);
    - `seen`: PUBLIC, OWN or HIDDEN;
    - `none`: the row's number for the state's None (an int row has no None; -1 for a seat);
    - `names`: the state's values of a field held as their index in the row (the pending answer);
    - `codes`: the state holds card codes, the row their kinds (a roll of three dice);
    - `row`: where the row keeps it, when not under `name` (dice's display is a hand: `hands`);
    - `get`: how to read it from the core state when it is no attribute (a function of it);
    - `compared`: whether the engine keeps it up to date (the differential tests compare it)."""

    name: str
    scope: str = SCALAR
    seen: str = PUBLIC
    none: int | None = None
    size: int = 1
    names: tuple | None = None
    codes: bool = False
    row: str | None = None
    get: object = None
    compared: bool = True

    @property
    def slot(self) -> str:
        """The row's name of the field (`lama.fast.layout` binds it in upper case)."""
        return self.row or self.name

    def of(self, state):
        """The field's value in the core `state`."""
        return self.get(state) if self.get is not None else getattr(state, self.name)


@dataclass(frozen=True, slots=True)
class ViewField:
    """One field a game adds to the View: its attribute and JSON key `name`, its value for a
    seat (`get(state, seat)`), its value in a View of a game without it (`default`), who may see
    it (`seen`) and, where its JSON is not the plain one (`jsonform.jsonable`), `json(value)`."""

    name: str
    get: object
    default: object = None
    seen: str = PUBLIC
    json: object = None


@dataclass(frozen=True, slots=True)
class MoveKind:
    """A move beyond play: its kind (the Action's and the JSON's name: `{"skip": true}`) and
    whether the engine counts it among the round's public moves (the row's MOVES: `MOVE_` and
    its kind in upper case)."""

    kind: str
    counted: bool = True


@dataclass(frozen=True, slots=True)
class Shape:
    """What a game adds: its state fields, its View's fields and its moves (in this order)."""

    fields: tuple[Field, ...] = ()
    view: tuple[ViewField, ...] = ()
    moves: tuple[MoveKind, ...] = ()

    def __add__(self, more: Shape) -> Shape:
        return Shape(self.fields + more.fields, self.view + more.view, self.moves + more.moves)

    def __post_init__(self):
        for f in self.view:
            VIEW_FIELDS.setdefault(f.name, f)


# Every ViewField declared by any game, by name (the first declaration of a name wins): what a
# View of a game without the field answers (its default), and how the field is written as JSON.
VIEW_FIELDS: dict[str, ViewField] = {}
