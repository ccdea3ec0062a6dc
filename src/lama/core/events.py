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
    __slots__ = ()

    def for_seat(self, seat: int | None) -> Event:
        """The event as `seat` may see it; `None` is a spectator, who sees what every seat sees."""
        return self

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


@dataclass(frozen=True, slots=True)
class SeatQuit(Event):
    seat: int


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


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """D3b: the cards that left the seat's display, sorted."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RowCardTaken(Event):
    """D3c: one llama-row card into the seat's display."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """D3d: every card left in the llama row went into the seat's display."""

    seat: int
    cards: tuple[str, ...]
