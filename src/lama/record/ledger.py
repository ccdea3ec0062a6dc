"""Where every seat's points went, round by round: the points when the round was dealt, the
cards' penalty, the bonus at scoring (Kadabra's magic chip), the chips given back, the chips won
or lost during the round and the points after, so that before + penalty + bonus - back + chips
= after, always.

The events say what they count for (`Event.points_moved`, `Event.bonus`; a game's own events
declare theirs in its module), so the ledger names no game's events. The terminal's round recap
(lama.tui.session) and `lama replay` (replay_ledger) both keep one.
"""

from __future__ import annotations

from dataclasses import dataclass

from lama.core.events import ChipReturned, RoundDealt, RoundScored


@dataclass(frozen=True)
class RoundLedger:
    round: int  # 0-based, as in the record
    ended_by: str
    ender: int
    before: tuple[int, ...]  # the points when the round was dealt (a game's start points in round 1)
    penalty: tuple[int, ...]  # the cards left (the bonus aside)
    bonus: tuple[int, ...]  # scored beyond the cards (Event.bonus: Kadabra's magic chip, K11)
    back: tuple[int, ...]  # chips given back: an emptied hand, three llamas (Dice)
    chips: tuple[int, ...]  # chips moved during the round (Event.points_moved: Kadabra's gifts and stage)
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
        self.back, self.chips, self.bonus = [0] * n, [0] * n, [0] * n

    def add(self, event, points) -> None:
        if isinstance(event, RoundDealt):
            self._open(points)
        elif isinstance(event, ChipReturned):
            self.back[event.seat] += event.points
        elif isinstance(event, RoundScored):
            penalty = tuple(p - b for p, b in zip(event.penalties, self.bonus))
            self.rounds.append(RoundLedger(event.round, event.ended_by, event.ender, self.before, penalty,
                                           tuple(self.bonus), tuple(self.back), tuple(self.chips),
                                           tuple(event.scores)))
        else:
            for seat, moved in event.points_moved():
                self.chips[seat] += moved
            for seat, bonus in event.bonus():
                self.bonus[seat] += bonus


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
