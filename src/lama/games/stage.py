"""The stage: a pool of chips fed by played llamas, taken by a seat once it holds five or more.
Kadabra's stage and magic show (K8, K9) and the L.A.M.A. Lachen promo's puddle and laughing
time (LL1, LL2, option `lachen` of lama and komarami) are this one mechanic: StageState holds
it on the card games' state, and each game says it in its own words (its rule ids and its
refusals' keys here, its zone, notes and sentences in its words module).

After a played `L` the player puts its lowest chip (C3) on the stage, before the round-end
check (K10); with none, nothing. While the stage holds SHOW_CHIPS chips or more the seat to
move plays an `L` (whatever the top card; its whole turn) or takes the stage (its chips become
its points) and then takes a normal turn; it may not draw or quit before. The stage holds
chips, never exchanged there, and they stay into the next round.
"""

from __future__ import annotations

from dataclasses import dataclass

from lama.core import CardState, Event, IllegalAction
from lama.core.actions import TAKE_STAGE
from lama.core.shape import BYTES, FLAG, Field, MoveKind, Observed, ViewField

SHOW_CHIPS = 5  # K9, LL2: the stage's chips from which a show (laughing time) runs
CHIP_POINTS = {"white": 1, "black": 10}  # C3


@dataclass(frozen=True, slots=True)
class ChipStaged(Event):
    """K8, LL1: after a played L, `seat` put its lowest chip ("white" or "black") on the stage."""

    seat: int
    chip: str
    stage: tuple[int, int]  # (whites, blacks) on the stage after it

    def points_moved(self):
        return ((self.seat, -CHIP_POINTS[self.chip]),)


@dataclass(frozen=True, slots=True)
class StageTaken(Event):
    """K9, LL2: `seat` took the stage (these chips became its points); the show is over."""

    seat: int
    whites: int
    blacks: int

    def to_record(self):
        return {"seat": self.seat, "take_stage": True}

    def points_moved(self):
        return ((self.seat, self.whites + 10 * self.blacks),)


def _stage(s, seat):
    return (s.stage_whites, s.stage_blacks)


# The stage's own declarations, for a game's shape (lama.core.shape): its state fields, its View
# fields and observed features, and what its events change.
STAGE_FIELDS = (Field("stage_whites"), Field("stage_blacks"))
STAGE_VIEW = ViewField("stage", _stage)  # (white, black) chips
SHOW_VIEW = ViewField("show", lambda s, seat: s.show, False)  # K9, LL2: the show is running
TAKE_STAGE_MOVE = MoveKind("take_stage", event="StageTaken")
STAGE_OBSERVED = Observed("stage", BYTES, size=2)
SHOW_OBSERVED = Observed("show", FLAG)
STAGE_CHANGES = (("ChipStaged", ("points", "stage", "show")), ("StageTaken", ("points", "stage", "show")))
STAGE_POINTS_MOVED = tuple((e.__name__, e.points_moved) for e in (ChipStaged, StageTaken))


class StageState(CardState):
    """A card game with a stage (K8-K10; LL1-LL2). A game says the stage in its own words
    through `refusal` (its rule ids and its templates, lama.core.refusals)."""

    __slots__ = ("stage_whites", "stage_blacks")

    def __init__(self, game):
        super().__init__(game)
        self.stage_whites = 0  # K2, LL1: the stage starts empty
        self.stage_blacks = 0

    def _copy_from(self, other):
        CardState._copy_from(self, other)
        self.stage_whites = other.stage_whites
        self.stage_blacks = other.stage_blacks

    def _restore(self, view) -> None:
        """The stage is public."""
        CardState._restore(self, view)
        self.stage_whites, self.stage_blacks = view.stage if view.stage is not None else (0, 0)

    def refusal(self, what: str, **params) -> IllegalAction:
        """K9's refusal of `what` during a show (play, draw, quit) or, `take`, outside one."""
        if what == "play":
            return IllegalAction("show_running", "play_in_show", rule="K9", **params)
        if what == "draw":
            return IllegalAction("show_running", "draw_in_show", rule="K9")
        if what == "quit":
            return IllegalAction("show_running", "quit_in_show", rule="K9")
        return IllegalAction("no_show", rule="K9", n=SHOW_CHIPS)

    @property
    def show(self) -> bool:
        """K9, LL2: the stage holds SHOW_CHIPS chips or more."""
        return self.stage_whites + self.stage_blacks >= SHOW_CHIPS

    # -- legal actions -----------------------------------------------------
    def show_actions(self, seat: int) -> list:
        """K9, LL2: during a show, an L (if held) or take the stage."""
        llama = self.game.kinds.index["L"]
        actions = [self.game.kinds.play_actions[llama]] if self.hands[seat][llama] else []
        actions.append(TAKE_STAGE)
        return actions

    def legal_actions(self) -> list:
        seat = self.to_move
        if seat is not None and self.show:
            return self.show_actions(seat)
        return CardState.legal_actions(self)

    # -- checks -----------------------------------------------------------------
    def check_play(self, seat: int, kind: int, action) -> None:
        if self.show:
            self.check_show_play(kind, action)
        else:
            CardState.check_play(self, seat, kind, action)

    def check_show_play(self, kind: int, action) -> None:
        """K9, LL2: during a show only an L may be played, whatever the top card."""
        if kind != self.game.kinds.index["L"]:
            raise self.refusal("play", card=action.card)
        if action.give is not None:
            raise IllegalAction("needless_give", rule="K4")

    def check_draw(self, seat: int) -> None:
        if self.show:
            raise self.refusal("draw")
        CardState.check_draw(self, seat)

    def check_quit(self, seat: int) -> None:
        if self.show:
            raise self.refusal("quit")

    # -- moves --------------------------------------------------------------------
    def other_move(self, seat: int, action) -> list:
        if action.kind == "take_stage":
            return self._take_stage(seat)
        return CardState.other_move(self, seat, action)

    def _take_stage(self, seat: int) -> list:
        """K9, LL2: the stage's chips become the seat's points; it then takes a normal turn."""
        if not self.show:
            raise self.refusal("take")
        whites, blacks = self.stage_whites, self.stage_blacks
        self.points[seat] += whites + 10 * blacks
        self.stage_whites = self.stage_blacks = 0
        return [StageTaken(seat, whites, blacks)]

    def card_effect(self, seat: int, kind: int, action, events: list) -> None:
        if kind == self.game.kinds.index["L"]:
            self.stage_chip(seat, events)

    def stage_chip(self, seat: int, events: list) -> None:
        """K8, LL1: the seat's lowest chip (C3) goes to the stage; with none, nothing."""
        points = self.points
        p = points[seat]
        if p % 10:
            points[seat] -= 1
            self.stage_whites += 1
            chip = "white"
        elif p:
            points[seat] -= 10
            self.stage_blacks += 1
            chip = "black"
        else:
            return
        events.append(ChipStaged(seat, chip, (self.stage_whites, self.stage_blacks)))
