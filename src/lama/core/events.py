"""What happened, as a driver or a seat learns it.

`apply` and `apply_chance` return a list of events. `event.for_seat(s)` is the
event as seat `s` may see it (a drawn card's value only reaches the drawer);
drivers must pass events through it before showing them to a seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

from .actions import play
from .jsonform import jsonable


class Event:
    """What every event answers. A game's own events (in its module) override `to_record`,
    `points_moved` and `bonus` as they need, so that the record writer and the ledger
    (lama.record) name none of them."""

    __slots__ = ()

    # The record move written for the event is not whole yet: its seat answers it with another
    # event, written into the same move (D3b, D3c: a roll's discard or take).
    move_open = False

    def for_seat(self, seat: int | None) -> Event:
        """The event as `seat` may see it; `None` is a spectator, who sees what every seat sees."""
        return self

    def to_record(self) -> dict | None:
        """How a lama-record/1 writes the event (docs/spec/RECORD.md, lama.record.writer): a move,
        `seat` first; without `seat`, the rest of the last move (a roll's discard or take); None:
        nothing (a round's deal is written by the writer, chips and scores follow from the moves)."""
        return None

    def points_moved(self) -> tuple[tuple[int, int], ...]:
        """The points the event moves during a round, as (seat, points) pairs (a chip given, put
        on the stage or taken from it): the ledger's `chips` (lama.record.ledger)."""
        return ()

    def bonus(self) -> tuple[tuple[int, int], ...]:
        """The points the event adds at scoring beyond the cards' penalty, as (seat, points)
        pairs (RoundScored's `penalties` include them): the ledger's `bonus`."""
        return ()

    def to_json(self) -> dict:
        """`{"type": "card_played", "seat": 2, "card": "5", ...}`: the type in snake case,
        then the fields. Pass the event through `for_seat` first."""
        out = {"type": _snake(type(self).__name__)}
        for f in fields(self):
            out[f.name] = jsonable(getattr(self, f.name))
        return out


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    round: int
    starter: int
    hands: tuple[tuple[str, ...], ...]
    discard: str | None
    public: bool = False  # dice: displays are dealt face up (D2)

    def for_seat(self, seat):
        if self.public:
            return self
        hands = tuple(h if i == seat else ("?",) * len(h) for i, h in enumerate(self.hands))
        return replace(self, hands=hands)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: str
    give: int | None = None

    def action(self):
        """The move played (the same Action as the game's own)."""
        return play(self.card, self.give)

    def to_record(self):
        move = {"seat": self.seat, "play": self.card}
        if self.give is not None:
            move["give"] = self.give
        return move


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: str | None  # None when seen from another seat
    forced: bool = False

    @property
    def chosen(self) -> bool:
        """The draw is its seat's own move (not one another seat's card made it take, K5)."""
        return not self.forced

    def for_seat(self, seat):
        return self if seat == self.seat else replace(self, card=None)

    def to_record(self):
        move = {"seat": self.seat, "draw": self.card}
        if self.forced:
            move["forced"] = True
        return move


@dataclass(frozen=True, slots=True)
class SeatQuit(Event):
    seat: int

    def to_record(self):
        return {"seat": self.seat, "quit": True}


@dataclass(frozen=True, slots=True)
class ChipReturned(Event):
    """C5 (an emptied hand) or D3a (three llamas): `points` went back to the supply."""

    seat: int
    points: int
    rule: str


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round: int
    ended_by: str  # empty_hand, all_quit, bust, row_empty
    ender: int
    penalties: tuple[int, ...]
    returned: tuple[int, ...]
    scores: tuple[int, ...]
    # every seat's cards (or display) when the round ended: counted face up, so public
    hands: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


# -- dice (D3) ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """D3: `roll[i]` is the face of die i; `case` is three_llamas, match, miss or bust."""

    seat: int
    roll: tuple[str, ...]
    case: str

    @property
    def move_open(self) -> bool:
        """D3b, D3c: a match or a miss is answered by a discard or a take, in the same move."""
        return self.case in ("match", "miss")

    def to_record(self):
        return {"seat": self.seat, "roll": list(self.roll)}


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """D3b: the cards that left the seat's display, sorted."""

    seat: int
    cards: tuple[str, ...]

    def to_record(self):  # D3b: the rest of the roll's move
        return {"discard": list(self.cards)}


@dataclass(frozen=True, slots=True)
class RowCardTaken(Event):
    """D3c: one llama-row card into the seat's display."""

    seat: int
    card: str

    def to_record(self):  # D3c: the rest of the roll's move
        return {"take": self.card}


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """D3d: every card left in the llama row went into the seat's display."""

    seat: int
    cards: tuple[str, ...]
