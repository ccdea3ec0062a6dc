"""Actions a seat can take. One small immutable type for every game.

`kind` is the record's key for the move (`play`, `draw`, `quit`, `skip`,
`take_stage`, `roll`, `discard`, `take`), so an action maps to a record move
directly and a driver never parses strings to find out what it is.

The JSON form of an action (lama-web/1, PROTOCOL.md) is the record's move
without its seat and without chance outcomes: `{"play": "5"}`,
`{"play": "1", "give": 2}`, `{"draw": true}`, `{"discard": ["3", "5"]}`, ...
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction
from .jsonform import is_int, shown

FLAG_KINDS = ("draw", "quit", "skip", "take_stage", "roll")  # JSON {kind: true}
CARD_KINDS = ("play", "take")  # JSON {kind: code}
KINDS = CARD_KINDS + FLAG_KINDS + ("discard",)
MAX_DISCARD = 3  # D3b: one die per discarded card


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: str | None = None  # the card played (L3) or taken from the llama row (D3c)
    give: int | None = None  # K4: the seat that receives a chip
    cards: tuple[str, ...] = ()  # D3b: the cards discarded, sorted

    @property
    def receiver(self) -> int | None:
        """The seat the move hands something to (K4: a 1's chip), if any."""
        return self.give

    def __str__(self) -> str:
        if self.kind == "play":
            return f"play {self.card}" + (f" give {self.give}" if self.give is not None else "")
        if self.kind == "take":
            return f"take {self.card}"
        if self.kind == "discard":
            return "discard " + " ".join(self.cards)
        return self.kind.replace("_", " ")

    def to_json(self) -> dict:
        """The action's JSON form (PROTOCOL.md, "Actions")."""
        if self.kind in FLAG_KINDS:
            return {self.kind: True}
        if self.kind == "discard":
            return {"discard": list(self.cards)}
        out = {self.kind: self.card}
        if self.give is not None:
            out["give"] = self.give
        return out

    @staticmethod
    def from_json(data) -> Action:
        """The Action of a JSON form; IllegalAction (code `malformed`) says what is wrong.

        Only the shape is checked here: whether the card exists in the game and the
        move is legal is the state's business.
        """
        if not isinstance(data, dict):
            raise _malformed("not_an_object", value=shown(data))
        kinds = [k for k in KINDS if k in data]
        if len(kinds) != 1:
            found = f"; found {', '.join(kinds)}" if kinds else ""
            raise _malformed("kinds", kinds=", ".join(KINDS), found=found)
        kind = kinds[0]
        extra = sorted(str(k)[:20] for k in set(data) - {kind, "give"})
        if extra or ("give" in data and kind != "play"):
            raise _malformed("extra_keys", kind=kind, keys=", ".join(extra or ["give"]))
        value = data[kind]
        if kind in FLAG_KINDS:
            if value is not True:
                raise _malformed("not_true", kind=kind, value=shown(value))
            return Action(kind)
        if kind == "discard":
            if (not isinstance(value, list) or not 1 <= len(value) <= MAX_DISCARD
                    or not all(isinstance(c, str) and len(c) <= 3 for c in value)):
                raise _malformed("discard_codes", most=MAX_DISCARD, value=shown(value))
            return discard(value)
        if not isinstance(value, str) or not 1 <= len(value) <= 3:
            raise _malformed("card_code", kind=kind, value=shown(value))
        give = data.get("give")
        if "give" in data and (not is_int(give) or not 0 <= give < 6):
            raise _malformed("give_seat", value=shown(give))
        return Action(kind, value, give)


def _malformed(key: str, **params) -> IllegalAction:
    return IllegalAction("malformed", key, **params)


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
