"""What one seat may see: the only door from a state to an interface or a bot.

Built from an allow-list by `State.view(seat)`: the seat's own hand, the sizes
of the other hands, public cards and chips. Never another seat's cards, never
the order or contents of the draw pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .events import RoundScored
from .jsonform import ReadOnlyMap, jsonable

NO_OPTIONS = ReadOnlyMap()


@dataclass(frozen=True, slots=True)
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
    # card games
    hand: tuple[str, ...] = ()  # sorted
    hand_sizes: tuple[int, ...] = ()
    top: str | None = None
    pile_size: int = 0  # cards left in the draw pile
    discard_pile: tuple[str, ...] = ()  # every card played onto the discard pile, sorted
    # this round's moves so far, as everyone at the table saw them: (seat, action, the top card
    # it was made on); a draw never says which card
    moves: tuple[tuple[int, Action, str], ...] = ()
    # kadabra
    stage: tuple[int, int] | None = None  # (white, black) chips on the stage
    magic_chip: int | None = None  # the seat holding it; None: in the centre
    show: bool = False  # K9: a magic show is running
    forced_draw: int | None = None  # K5: the seat that must draw first
    # dice
    displays: tuple[tuple[str, ...], ...] = ()
    row: tuple[str, ...] = ()
    roll: tuple[str, ...] | None = None
    dice: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict:
        """The view as JSON: the fields every game has, then those of its kind of game
        (cards; kadabra's stage and magic chip; dice's displays, row and dice). Only
        what the view holds: nothing is added here."""
        out = {name: jsonable(getattr(self, name)) for name in COMMON}
        out["history"] = [_round_json(r) for r in self.history]
        out["legal_actions"] = [a.to_json() for a in self.legal_actions]
        if self.dice:
            names = DICE
        else:
            names = CARDS + (KADABRA if self.stage is not None else ())
            out["moves"] = [{"seat": s, "action": a.to_json(), "top": t} for s, a, t in self.moves]
        for name in names:
            out[name] = jsonable(getattr(self, name))
        return out


COMMON = ("game", "seat", "players", "round", "to_move", "points", "quit", "target", "finished", "winners",
          "options")
CARDS = ("hand", "hand_sizes", "top", "pile_size", "discard_pile")
KADABRA = ("stage", "magic_chip", "show", "forced_draw")
DICE = ("hand_sizes", "discard_pile", "displays", "row", "roll", "dice")


def _round_json(r: RoundScored) -> dict:
    out = r.to_json()
    del out["type"]
    return out
