"""A tournament's output directory: what was asked, and every finished game.

    tournament.json   the settings that decide which games are played
    results.jsonl     one game summary a line, appended as games finish (a unit of
                      work's games in one write)

A run that is stopped (Ctrl-C, a killed machine) loses at most the lines being
written; `--resume` reads the lines back one at a time, skips the games they hold and plays
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
        for game in self.iter_results():
            key = (game["deal"], game["seating"])
            if "error" not in game or key not in results or "error" in results[key]:
                results[key] = game
        return results

    def iter_results(self):
        """Every line of results.jsonl as a game summary, in the order written, read one at a time
        (a key may come more than once: see read_results for which counts); a torn last line
        (the run was killed) is cut off the file first."""
        try:
            f = open(self.results_path, "rb")  # noqa: SIM115 - closed below, also when the caller stops early
        except FileNotFoundError:
            return
        with f:
            size = f.seek(0, os.SEEK_END)
            if size:
                f.seek(size - 1)
                if f.read(1) != b"\n":  # cut off mid-line: drop the partial game
                    with open(self.results_path, "r+b") as torn:
                        _drop_torn_line(torn)
            f.seek(0)
            offset = 0
            for n, raw in enumerate(f, 1):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    raise StoreError(f"{self.results_path}: not UTF-8 (byte {offset + e.start}); it is not a "
                                     f"results file") from None
                offset += len(raw)
                if not line.strip():
                    continue
                try:
                    game = json.loads(line)
                except (ValueError, RecursionError):
                    raise StoreError(f"{self.results_path}, line {n}: not a game summary (not JSON)") from None
                wrong = summary_problem(game)
                if wrong:
                    raise StoreError(f"{self.results_path}, line {n}: not a game summary ({wrong})")
                yield game

    def append(self, game: dict) -> None:
        self.append_many([game])

    def append_many(self, games: list[dict]) -> None:
        """Add games at the end of results.jsonl: one write for all of them, then flushed."""
        if not games:
            return
        if self._file is None:
            self.dir.mkdir(parents=True, exist_ok=True)
            self._file = open(self.results_path, "a", encoding="utf-8")  # noqa: SIM115 - kept open for the run, closed by close()
        self._file.write("".join(json.dumps(game, separators=(",", ":")) + "\n" for game in games))
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            self._file = None


def _drop_torn_line(f) -> None:
    """Cut a file open for reading and writing after its last newline (to nothing if it has none)."""
    pos = f.seek(0, os.SEEK_END)
    while pos > 0:
        step = min(pos, 1 << 16)
        f.seek(pos - step)
        cut = f.read(step).rfind(b"\n")
        if cut >= 0:
            f.truncate(pos - step + cut + 1)
            return
        pos -= step
    f.truncate(0)


def _int(x, low: int = 0) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= low


def _ints(x, n: int, low: int = -(10 ** 9)) -> bool:
    return isinstance(x, list) and len(x) == n and all(_int(v, low) for v in x)


def summary_problem(game) -> str | None:
    """What is wrong with a line of results.jsonl read back (None: it is a game summary)."""
    if not isinstance(game, dict):
        return "not a JSON object"
    for key in ("deal", "seating", "seed"):
        if not _int(game.get(key), 0 if key != "seed" else -(2 ** 63)):
            return f"{key} must be a whole number"
    bots = game.get("bots")
    if not (isinstance(bots, list) and 2 <= len(bots) <= 6 and all(isinstance(b, str) for b in bots)):
        return "bots must be a list of 2 to 6 names"
    n = len(bots)
    if "error" in game:
        error = game["error"]
        if not isinstance(error, dict) or not isinstance(error.get("kind"), str) \
                or not isinstance(error.get("message"), str):
            return "error must be an object with a kind and a message"
        if not all(error.get(k) is None or _int(error[k]) for k in ("seat", "round")) \
                or not all(error.get(k) is None or isinstance(error[k], str) for k in ("bot", "traceback")):
            return "error's seat and round must be whole numbers, its bot and traceback text"
        return None
    if not _ints(game.get("points"), n):
        return "points must be a whole number per seat"
    winners = game.get("winners")
    if not (isinstance(winners, list) and winners and all(_int(w) and w < n for w in winners)):
        return "winners must be a list of seats"
    if not _int(game.get("rounds"), 1):
        return "rounds must be a whole number >= 1"
    if not _ints(game.get("decisions"), n, 0):
        return "decisions must be a whole number per seat"
    seconds = game.get("seconds")
    if not (isinstance(seconds, list) and len(seconds) == n
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in seconds)):
        return "seconds must be a number per seat"
    return None


def record_path(directory, deal: int, seating: int) -> Path:
    return Path(directory) / f"deal{deal:06d}-seating{seating:03d}.record.json"


def save_record(directory, game: dict) -> None:
    """Write a game's lama-record/1 (a temp file, then rename: never half a record)."""
    path = record_path(directory, game["deal"], game["seating"])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(game["record"], indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
