"""Write a lama-record/1 as a game is played, from the core's events."""

from __future__ import annotations

import json
from pathlib import Path

from lama.core import CardDrawn, CardPlayed, RoundDealt, SeatQuit
from lama.core.events import CardsDiscarded, DiceRolled, RowCardTaken
from lama.core.jsonform import jsonable
from lama.games.kadabra import Skipped, StageTaken

from .replay import FORMAT


class RecordWriter:
    """Feed it every event (unfiltered) from `apply`/`apply_chance`; `data` is the record."""

    def __init__(self, game, players: list[str]):
        self.data = {
            "format": FORMAT,
            "game": game.id,
            "players": list(players),
            "options": jsonable(game.options),
            "rounds": [],
        }
        self.pending = False  # dice: the last move is a roll still owed its discard or take

    @property
    def moves(self) -> list:
        return self.data["rounds"][-1]["moves"]

    def add(self, events) -> None:
        for event in events:
            handler = self.HANDLERS.get(type(event))
            if handler:
                handler(self, event)

    def _dealt(self, e: RoundDealt) -> None:
        rnd = {"hands": [list(h) for h in e.hands]}
        if e.discard is not None:
            rnd["discard"] = e.discard
        rnd["moves"] = []
        self.data["rounds"].append(rnd)

    def _played(self, e: CardPlayed) -> None:
        move = {"seat": e.seat, "play": e.card}
        if e.give is not None:
            move["give"] = e.give
        self.moves.append(move)

    def _drawn(self, e: CardDrawn) -> None:
        move = {"seat": e.seat, "draw": e.card}
        if e.forced:
            move["forced"] = True
        self.moves.append(move)

    def _quit(self, e: SeatQuit) -> None:
        self.moves.append({"seat": e.seat, "quit": True})

    def _take_stage(self, e: StageTaken) -> None:
        self.moves.append({"seat": e.seat, "take_stage": True})

    def _skip(self, e: Skipped) -> None:
        self.moves.append({"seat": e.seat, "skip": True})

    def _rolled(self, e: DiceRolled) -> None:
        self.moves.append({"seat": e.seat, "roll": list(e.roll)})
        self.pending = e.case in ("match", "miss")

    def _discarded(self, e: CardsDiscarded) -> None:  # D3b: part of the roll's move
        self.moves[-1]["discard"] = list(e.cards)
        self.pending = False

    def _took(self, e: RowCardTaken) -> None:  # D3c: part of the roll's move
        self.moves[-1]["take"] = e.card
        self.pending = False

    HANDLERS = {RoundDealt: _dealt, CardPlayed: _played, CardDrawn: _drawn, SeatQuit: _quit,
                StageTaken: _take_stage, Skipped: _skip,
                DiceRolled: _rolled, CardsDiscarded: _discarded, RowCardTaken: _took}

    def whole_moves(self) -> dict:
        """The record without a dice roll still owed its discard or take (RECORD.md: one
        record move is one whole turn), so a game left mid-turn still replays."""
        if not self.pending:
            return self.data
        rounds = self.data["rounds"]
        return {**self.data, "rounds": rounds[:-1] + [{**rounds[-1], "moves": rounds[-1]["moves"][:-1]}]}

    def save(self, path) -> None:
        """Write whole moves, atomically enough for a game in progress: a temp file, then rename."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.whole_moves(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)
