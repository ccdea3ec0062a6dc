"""Where every seat's points went, round by round: the points when the round was dealt, the
cards' penalty, the magic chip, the chips given back, the chips won or lost during the round
and the points after, so that before + penalty + magic - back + chips = after, always.

The terminal's round recap (lama.tui.session) and `lama replay` (replay_ledger) both keep one.
"""

from __future__ import annotations

from dataclasses import dataclass

from lama.core.events import ChipReturned, RoundDealt, RoundScored
from lama.games.kadabra import MAGIC_POINTS, ChipGiven, ChipStaged, MagicChipScored, StageTaken

CHIP_POINTS = {"white": 1, "black": 10, "magic": 0}


@dataclass(frozen=True)
class RoundLedger:
    round: int  # 0-based, as in the record
    ended_by: str
    ender: int
    before: tuple[int, ...]  # the points when the round was dealt (a game's start points in round 1)
    penalty: tuple[int, ...]  # the cards left (the magic chip aside)
    magic: tuple[int, ...]  # the magic chip held at scoring (Kadabra)
    back: tuple[int, ...]  # chips given back: an emptied hand, three llamas (Dice)
    chips: tuple[int, ...]  # chips given and taken, put on the stage and taken from it (Kadabra)
    after: tuple[int, ...]


class Ledger:
    """Fed every public event in order (`add(event, points)`, `points` the seats' points once
    the event's move is done), it keeps a RoundLedger of every round scored (`rounds`) and the
    sums of the round running (`back`, `chips`)."""

    def __init__(self, points):
        self.rounds: list[RoundLedger] = []
        self._open(points)

    def _open(self, points) -> None:
        n = len(points)
        self.before = tuple(points)
        self.back, self.chips, self.magic = [0] * n, [0] * n, [0] * n

    def add(self, event, points) -> None:
        if isinstance(event, RoundDealt):
            self._open(points)
        elif isinstance(event, ChipReturned):
            self.back[event.seat] += event.points
        elif isinstance(event, ChipGiven):
            self.chips[event.seat] -= CHIP_POINTS[event.chip]
            self.chips[event.to] += CHIP_POINTS[event.chip]
        elif isinstance(event, ChipStaged):
            self.chips[event.seat] -= CHIP_POINTS[event.chip]
        elif isinstance(event, StageTaken):
            self.chips[event.seat] += event.whites + 10 * event.blacks
        elif isinstance(event, MagicChipScored):
            self.magic[event.seat] += MAGIC_POINTS
        elif isinstance(event, RoundScored):
            penalty = tuple(p - m for p, m in zip(event.penalties, self.magic))
            self.rounds.append(RoundLedger(event.round, event.ended_by, event.ender, self.before, penalty,
                                           tuple(self.magic), tuple(self.back), tuple(self.chips),
                                           tuple(event.scores)))


def replay_ledger(data) -> tuple[object, Ledger]:
    """Replay a parsed record (RecordError if invalid); the final state and its ledger."""
    from .replay import replay

    ledger = None

    def on_events(state, events):
        nonlocal ledger
        if ledger is None:
            ledger = Ledger([0] * state.n)
        for event in events:
            ledger.add(event, state.points)

    state = replay(data, on_events=on_events)
    return state, ledger or Ledger(list(state.points))
