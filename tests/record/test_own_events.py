"""A game's own events need no line in the record writer or the ledger: each says how a record
writes it and what it counts for (lama.core.events.Event), as a game to come would declare them."""

from __future__ import annotations

from dataclasses import dataclass

from lama.core import Event, RoundDealt, RoundScored
from lama.games import new_game
from lama.record import RecordWriter
from lama.record.ledger import Ledger


@dataclass(frozen=True, slots=True)
class AnotherTurn(Event):
    """A move of its own: written as `{"seat": 1, "again": true}`."""

    seat: int

    def to_record(self):
        return {"seat": self.seat, "again": True}


@dataclass(frozen=True, slots=True)
class PinkChipGiven(Event):
    """A 20-point chip changing hands during the round: not written (the moves make it again)."""

    seat: int
    to: int

    def points_moved(self):
        return ((self.seat, -20), (self.to, 20))


@dataclass(frozen=True, slots=True)
class PinkChipScored(Event):
    """20 points at scoring beyond the cards."""

    seat: int

    def bonus(self):
        return ((self.seat, 20),)


DEALT = RoundDealt(0, 0, (("1",), ("2",)), "3")


def test_the_writer_writes_what_an_event_says_and_nothing_else():
    writer = RecordWriter(new_game("lama", 2), ["Ann", "Bob"])
    writer.add([DEALT, AnotherTurn(1), PinkChipGiven(0, 1), PinkChipScored(1)])
    assert writer.data["rounds"][0]["moves"] == [{"seat": 1, "again": True}]
    assert writer.whole_moves() is writer.data  # no move left open


def test_the_ledger_counts_what_an_event_moves_and_scores():
    ledger = Ledger([3, 3])
    for event in (DEALT, PinkChipGiven(0, 1), PinkChipScored(1),
                  RoundScored(0, "all_quit", 1, (5, 25), (0, 0), (-12, 48))):
        ledger.add(event, [3, 3])
    entry = ledger.rounds[0]
    assert (entry.chips, entry.bonus, entry.penalty) == ((-20, 20), (0, 20), (5, 5))
    for s in range(2):
        assert entry.before[s] + entry.penalty[s] + entry.bonus[s] - entry.back[s] + entry.chips[s] == entry.after[s]
