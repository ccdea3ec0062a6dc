"""What a game adds to the state every game has, declared once (OpenSpiel's observer, pgx's
dataclass of arrays): the shared modules read the declaration instead of naming its fields.

A game's state class holds `shape`, a Shape: its state fields (`Field`: in the core state and
in the fast engine's row, where `lama.fast.layout` places them and `lama.fast.views` and
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
    it (`seen`) and, where its JSON is not the plain one (`jsonform.jsonable`), `json(value)` and
    its inverse `parse(json)` (a client of the protocol rebuilds the View: lama.online.convert)."""

    name: str
    get: object
    default: object = None
    seen: str = PUBLIC
    json: object = None
    parse: object = None


@dataclass(frozen=True, slots=True)
class MoveKind:
    """A move beyond play: its kind (the Action's and the JSON's name: `{"skip": true}`) and
    whether the engine counts it among the round's public moves (the row's MOVES: `MOVE_` and
    its kind in upper case); `event`: the class name of the event that says a seat made it,
    where that event is the game's own (the information state's record of the round)."""

    kind: str
    counted: bool = True
    event: str | None = None


# Observed.kind: how a feature of the observation (lama.envs.observation) encodes its value;
# n is the player count, K the number of card kinds. Per-seat features are in relative order.
COUNTS = "counts"  # K: cards of each kind (the View: card codes; the state: counts per kind)
OWN_COUNTS = "own_counts"  # K: the seat's own cards of each kind (the state: every seat's counts)
KIND = "kind"  # K: one card, one-hot (None, or -1 in the state: all 0)
# PER_SEAT (the Field scope above): n, a number per seat
POINTS = "points"  # n: each seat's points, capped
COUNT = "count"  # 1: a number
MOVES = "moves"  # n x (K + the counted moves): this round's moves per seat, plays of each kind first
BYTES = "bytes"  # `size`: numbers, each capped at 255
SEAT_OR_NONE = "seat_or_none"  # 1 + n, one-hot: nobody (the first entry), or a seat
SEAT = "seat"  # n, one-hot: a seat (None: all 0)
FLAG = "flag"  # 1: 1 if true
SEAT_COUNTS = "seat_counts"  # n x K: cards of each kind per seat (the state: counts per seat)
DICE_SHOWN = "dice_shown"  # `size` x K: per die, the kind it shows, one-hot (None: all 0)
DICE_FACES = "dice_faces"  # `size` x K: per die, how many of its faces show each kind


@dataclass(frozen=True, slots=True)
class Observed:
    """One feature of the observation (`lama.envs.observation.Encoder`), in the declared order:
    the View attribute `name` it encodes (also the segment's name), how (`kind`, above), and for
    the encoder's fast path the core state's attribute holding the same in kind indices or
    counts (`state`; None: the View field's value, read from the state by its `get`).

    - `high`: the largest value, where not the kind's own (a number, or a function of the game);
    - `size`: BYTES' entries, DICE_SHOWN's and DICE_FACES' dice;
    - `hidden_when_quit`: SEAT_COUNTS: another seat's entries read 0 once it quit (dice, D3)."""

    name: str
    kind: str
    state: str | None = None
    high: object = None
    size: int = 1
    hidden_when_quit: bool = False


@dataclass(frozen=True, slots=True)
class Shape:
    """What a game adds: its state fields, its View's fields, its moves, its observation's
    features (`observed`, in the vector's order) and, for the observation kept move by move
    (`lama.envs.observation.Mirror`), which features each event changes (`changes`: pairs of
    an event's class name and the names of the features it changes; the declarations of one
    event add up; an event declared by no game makes the mirror read the whole state again)."""

    fields: tuple[Field, ...] = ()
    view: tuple[ViewField, ...] = ()
    moves: tuple[MoveKind, ...] = ()
    observed: tuple[Observed, ...] = ()
    changes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # for the information state (lama.envs.info_state.InfoEncoder): the points each of the
    # game's own events moves between seats, as pairs of the event's class name and a function
    # of the event giving (seat, points) pairs; and how many moves a round may have beyond the
    # family's bound (a function of the game; None: none)
    points_moved: tuple[tuple[str, object], ...] = ()
    more_moves: object = None

    def __add__(self, more: Shape) -> Shape:
        return Shape(self.fields + more.fields, self.view + more.view, self.moves + more.moves,
                     self.observed + more.observed, self.changes + more.changes,
                     self.points_moved + more.points_moved, more.more_moves or self.more_moves)

    def changed_by(self) -> dict[str, tuple[str, ...]]:
        """`changes` as a dict: an event's class name -> the features it changes (each once)."""
        out: dict[str, tuple[str, ...]] = {}
        for event, names in self.changes:
            out[event] = out.get(event, ()) + tuple(x for x in names if x not in out.get(event, ()))
        return out

    def __post_init__(self):
        for f in self.view:
            VIEW_FIELDS.setdefault(f.name, f)


# Every ViewField declared by any game, by name (the first declaration of a name wins): what a
# View of a game without the field answers (its default), and how the field is written as JSON.
VIEW_FIELDS: dict[str, ViewField] = {}
