"""Actions a seat can take. One small immutable type for every game.

`kind` is the record's key for the move (`play`, `draw`, `quit`, `skip`,
`take_stage`, `roll`, `discard`, `take`), so an action maps to a record move
directly and a driver never parses strings to find out what it is.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: str | None = None  # the card played (L3) or taken from the llama row (D3c)
    give: int | None = None  # K4: the seat that receives a chip
    cards: tuple[str, ...] = ()  # D3b: the cards discarded, sorted

    def __str__(self) -> str:
        if self.kind == "play":
            return f"play {self.card}" + (f" give {self.give}" if self.give is not None else "")
        if self.kind == "take":
            return f"take {self.card}"
        if self.kind == "discard":
            return "discard " + " ".join(self.cards)
        return self.kind.replace("_", " ")


def play(card: str, give: int | None = None) -> Action:
    return Action("play", card, give)


def discard(cards) -> Action:
    return Action("discard", cards=tuple(sorted(cards)))


def take(card: str) -> Action:
    return Action("take", card)


DRAW = Action("draw")
QUIT = Action("quit")
SKIP = Action("skip")
TAKE_STAGE = Action("take_stage")
ROLL = Action("roll")


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance outcome that starts a round: each seat's hand (or display in
    `dice`) and, in the card games, the first face-up card of the discard pile."""

    hands: tuple[tuple[str, ...], ...]
    discard: str | None = None
