"""Write a lama-record/1 as a game is played, from the events (each says how a record writes it:
`Event.to_record`, a game's own events in its module)."""

from __future__ import annotations

import json
from pathlib import Path

from lama.core import RoundDealt
from lama.core.jsonform import jsonable

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
        self.pending = False  # the last move is not whole yet (Event.move_open: a roll owed its discard or take)

    @property
    def moves(self) -> list:
        return self.data["rounds"][-1]["moves"]

    def add(self, events) -> None:
        for event in events:
            if isinstance(event, RoundDealt):
                self._dealt(event)
                continue
            move = event.to_record()  # each event says how it is written (Event.to_record)
            if move is None:
                continue
            if "seat" in move:
                self.moves.append(move)
            else:  # the rest of the last move (D3b, D3c: a roll's discard or take)
                self.moves[-1].update(move)
            self.pending = event.move_open

    def _dealt(self, e: RoundDealt) -> None:
        rnd = {"hands": [list(h) for h in e.hands]}
        if e.discard is not None:
            rnd["discard"] = e.discard
        rnd["moves"] = []
        self.data["rounds"].append(rnd)

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
