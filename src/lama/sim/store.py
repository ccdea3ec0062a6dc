"""A tournament's output directory: what was asked, and every finished game.

    tournament.json   the settings that decide which games are played
    results.jsonl     one game summary a line, appended as games finish

A run that is stopped (Ctrl-C, a killed machine) loses at most the line being
written; `--resume` reads the lines back, skips the games they hold and plays
the rest. A game is keyed by (deal, seating): a key read twice counts once, and
a game that finished without failure wins over a failure of the same key (a
fixed bot may be resumed over its failures).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

FORMAT = "lama-tournament/1"
SETTINGS = ("game", "players", "options", "bots", "seed", "seatings")


class StoreError(Exception):
    pass


class Store:
    def __init__(self, directory):
        self.dir = Path(directory)
        self.settings_path = self.dir / "tournament.json"
        self.results_path = self.dir / "results.jsonl"
        self._file = None

    def exists(self) -> bool:
        return self.settings_path.exists() or (self.results_path.exists() and self.results_path.stat().st_size)

    def read_settings(self) -> dict:
        try:
            data = json.loads(self.settings_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise StoreError(f"{self.dir} holds no tournament to resume (no tournament.json)") from None
        except (OSError, ValueError) as e:
            raise StoreError(f"cannot read {self.settings_path}: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StoreError(f"{self.settings_path} is not a {FORMAT} file")
        return data

    def write_settings(self, settings: dict) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        tmp = self.settings_path.with_name("tournament.json.tmp")
        tmp.write_text(json.dumps({"format": FORMAT, **settings}, indent=1) + "\n", encoding="utf-8")
        tmp.replace(self.settings_path)

    def read_results(self) -> dict:
        """Every finished game by key; a torn last line (the run was killed) is dropped."""
        results = {}
        try:
            raw = self.results_path.read_bytes()
        except FileNotFoundError:
            return results
        if raw and not raw.endswith(b"\n"):  # cut off mid-line: drop the partial game
            raw = raw[: raw.rfind(b"\n") + 1]
            with open(self.results_path, "r+b") as f:
                f.truncate(len(raw))
        for n, line in enumerate(raw.decode("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
                key = (game["deal"], game["seating"])
            except (ValueError, KeyError, TypeError):
                raise StoreError(f"{self.results_path}, line {n}: not a game summary") from None
            if "error" not in game or key not in results or "error" in results[key]:
                results[key] = game
        return results

    def append(self, game: dict) -> None:
        if self._file is None:
            self.dir.mkdir(parents=True, exist_ok=True)
            self._file = open(self.results_path, "a", encoding="utf-8")
        self._file.write(json.dumps(game, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            self._file = None


def record_path(directory, deal: int, seating: int) -> Path:
    return Path(directory) / f"deal{deal:06d}-seating{seating:03d}.record.json"


def save_record(directory, game: dict) -> None:
    """Write a game's lama-record/1 (a temp file, then rename: never half a record)."""
    path = record_path(directory, game["deal"], game["seating"])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(game["record"], indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
