"""The benchmark protocol (`lama benchmark`): one bot's win share against the heuristic,
paired game by game with reference bots on the same deals (docs/baselines.md).

The protocol is fixed: in game G at N players, game g (0 to M - 1) has seed
`first_seed(N) + g` and the bot in seat g mod N (seats rotated), `heuristic` in every other
seat, the default rules. The same games are played with each reference bot (`heuristic`,
`hard`) in the bot's seat: chance and every seat's generator come from the seed alone
(match/table.py), so a reference meets the same deals, seat for seat. A game's outcome is the
seat's share of the win (C6: 1 shared by the winners, so 1/2 for a tie of two), and a paired
difference is the bot's share minus the reference's in the same game; its mean and 95% interval
come from their standard error, which the shared deals make smaller than that of two separate
samples (part of the luck of the cards cancels).

Games are played through the rules core (`strength.play_one`, the game loop of `lama
strength`), never in compiled code: its games are other games (other generators), so they would
not pair. The outcomes of each bot at each player count can be kept in a folder, one JSON line
a game (`GameStore`), so that the costly references are played once and a stopped run resumes.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from pathlib import Path

from lama.bots import UnknownBot, load_bot
from lama.core.words import N_
from lama.games import new_game

from .backends import make_backend
from .stats import interval, share_interval
from .strength import play_one

FORMAT = "lama-benchmark/1"
GAMES_FORMAT = "lama-benchmark-games/1"  # a kept file's first line
REFERENCES = ("heuristic", "hard")
FIELD = "heuristic"  # the bot in every other seat
SEED_BASE = 10**8  # no training of the project's bots plays a seed from here on (docs/baselines.md)
SEEDS_PER_COUNT = 10**6  # each player count has its own block of seeds
MAX_GAMES = SEEDS_PER_COUNT
CHUNK = 10  # games in one unit of work: a stopped run loses no more than this per worker


class BenchmarkError(Exception):
    """A kept folder that cannot be used, or too many games: exit 2 with the message. `template`
    (a catalog message) filled with `params`; str() is English, and the command says it in the
    reader's language (lama.i18n is a layer above this one)."""

    def __init__(self, template: str, /, **params):
        super().__init__(template.format(**params))
        self.template, self.params = template, params


def first_seed(players: int) -> int:
    """The seed of game 0 at `players` players; game g has this + g."""
    return SEED_BASE + SEEDS_PER_COUNT * players


def fingerprint(bot: str, game_id: str | None = None, players: int | None = None) -> str | None:
    """What a saved agent file holds (its sha256), so that kept games of an older file are not
    taken for the new one's; with a game and player count, `neural`'s too (the model it plays
    there, which a new model replaces, and its second look's settings); None for another bot
    that is a name."""
    if bot == "neural" and game_id is not None:
        from lama.bots.neural import model_file, neural_bot

        path = model_file(game_id, players)
        return hashlib.sha256(path.read_bytes() + repr(neural_bot.look).encode()).hexdigest()  # and how it looks
    if bot.endswith(".npz") and os.path.isfile(bot):
        return hashlib.sha256(Path(bot).read_bytes()).hexdigest()
    return None


def play_games(game_id: str, players: int, bot: str, indices: list[int], role: str = "bot") -> list[dict]:
    """Games `indices` of the protocol with `bot` in the rotated seat (a unit of work, the same
    in this process and in a worker): one outcome each. `role` is the caller's (where the
    outcomes go), not used here."""
    seed = first_seed(players)
    outcomes = []
    for g in indices:
        r = play_one((game_id, players, {}, bot, FIELD, seed, g))
        outcomes.append({"g": g, "seed": seed + g, "seat": g % players, "share": r["share"], "sole": r["sole"],
                         "decisions": r["decisions"], "seconds": r["seconds"], "max_seconds": r["max_seconds"]})
    return outcomes


OUTCOME = {"g", "seed", "seat", "share", "sole", "decisions", "seconds", "max_seconds"}  # a game's kept keys


def _json(line: str):
    try:
        return json.loads(line)
    except ValueError:
        return None


def _file_name(game_id: str, players: int, bot: str) -> str:
    """`lama-4p-hard.jsonl`; a name that is not a plain word (a path, module:callable) is made
    one and told apart from others made the same by a digest of it."""
    plain = re.sub(r"[^A-Za-z0-9_.-]", "_", bot)[-60:]
    if plain != bot:
        plain += "-" + hashlib.sha1(bot.encode()).hexdigest()[:10]
    return f"{game_id}-{players}p-{plain}.jsonl"


class GameStore:
    """The outcomes of one bot at one player count, by game index: in memory, and in
    `folder/ROLE/GAME-Np-BOT.jsonl` when a folder is given (a header line, then a game a line,
    appended as games finish)."""

    def __init__(self, folder: str | None, role: str, game_id: str, players: int, bot: str):
        self.path = Path(folder) / role / _file_name(game_id, players, bot) if folder else None
        self.header = {"format": GAMES_FORMAT, "game": game_id, "players": players, "bot": bot,
                       "fingerprint": fingerprint(bot, game_id, players), "field": FIELD,
                       "first_seed": first_seed(players)}
        self.games: dict[int, dict] = {}
        self._file = None
        self._appendable = False  # the file holds a header and whole lines of these games only

    def load(self) -> None:
        """Read the games kept in the file. Those of another agent file (another fingerprint)
        are dropped, the file started anew; a line cut short by a stopped run ends what is read."""
        if self.path is None or not self.path.exists():
            return
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise BenchmarkError(N_("{path}: cannot read the kept games ({error}); remove it to play them "
                                    "again"), path=self.path, error=e) from None
        lines = text.splitlines()
        header = _json(lines[0]) if lines else None
        if header is None:
            return
        mine = {k: v for k, v in self.header.items() if k != "fingerprint"}
        if not isinstance(header, dict) or {k: header.get(k) for k in mine} != mine:
            raise BenchmarkError(N_("{path} holds other games ({header}); remove it or choose another {flag}"),
                                 path=self.path, header=json.dumps(header)[:200], flag="--out DIR")
        if header.get("fingerprint") != self.header["fingerprint"]:
            return  # the agent file changed: its games are played again
        games = {}
        for line in lines[1:]:
            row = _json(line)
            if not isinstance(row, dict) or not row.keys() >= OUTCOME or not isinstance(row["g"], int):
                break
            games[row["g"]] = row
        self.games = games
        self._appendable = text.endswith("\n") and len(games) == len(lines) - 1  # nothing cut short

    def open(self) -> None:
        """Start writing: after the kept games when the file ends cleanly (nothing is written
        again), else anew with the header and the games kept; then each game added."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # open while games come, closed by close()
            self._file = open(self.path, "a" if self._appendable else "w", encoding="utf-8")  # noqa: SIM115
        except OSError as e:
            raise BenchmarkError(N_("{path}: cannot write there ({error})"), path=self.path,
                                 error=e.strerror or e) from None
        if not self._appendable:
            self._file.write(json.dumps(self.header) + "\n")
            for g in sorted(self.games):
                self._file.write(json.dumps(self.games[g]) + "\n")
            self._file.flush()

    def add(self, outcomes: list[dict]) -> None:
        for o in outcomes:
            self.games[o["g"]] = o
            if self._file:
                self._file.write(json.dumps(o) + "\n")
        if self._file:
            self._file.flush()

    def close(self) -> None:
        if self._file:
            self._file.close()
            self._file = None

    def missing(self, games: int) -> list[int]:
        return [g for g in range(games) if g not in self.games]

    def first(self, games: int) -> list[dict]:
        return [self.games[g] for g in range(games)]


def check(game_id: str, player_counts, bot: str, references, games: int) -> None:
    """Refuse a bad benchmark before anything is played: the game at each player count
    (InvalidOption), every bot, a saved agent of another game too (UnknownBot), the number of
    games (BenchmarkError)."""
    if not 1 <= games <= MAX_GAMES:
        raise BenchmarkError(N_("{flag} {games}: from 1 to {most} (each player count has that many seeds)"),
                             flag="--games", games=games, most=f"{MAX_GAMES:,}")
    for n in player_counts:
        new_game(game_id, n)
    for name in (bot, FIELD, *references):
        load_bot(name)
        if fingerprint(name):  # a saved agent plays its own game only
            from lama.bots.neural import AgentError, read_agent

            try:
                read_agent(name, game_id)
            except AgentError as e:
                raise UnknownBot("cannot_load", bot=repr(name[:200]), error=str(e)) from None


def run_benchmark(game_id: str, player_counts, bot: str, games: int, references=REFERENCES,
                  workers: int = 1, folder: str | None = None, resume: bool = False, progress=None) -> dict:
    """The protocol for `bot` (a name, module:callable or agent file) at each player count.

    `folder`: where outcomes are kept: a reference's are always taken from there when present
    (the references do not change); the bot's only with `resume` (a stopped run), else played
    again. `progress(done, total)` as games finish. Ctrl-C (KeyboardInterrupt) stops;
    the games finished stay kept in `folder`."""
    player_counts = list(dict.fromkeys(player_counts))  # each once, in the order given
    check(game_id, player_counts, bot, references, games)
    stores = {}
    for n in player_counts:
        stores[n, "bot", bot] = GameStore(folder, "bot", game_id, n, bot)
        for ref in references:
            stores[n, "reference", ref] = GameStore(folder, "reference", game_id, n, ref)
    for key, store in stores.items():
        if key[1] == "reference" or resume:
            store.load()
    workers = max(1, workers)
    units = []
    for (n, role, name), store in stores.items():
        todo = store.missing(games)
        size = CHUNK if workers == 1 else max(1, min(CHUNK, len(todo) // (4 * workers)))
        units += [(game_id, n, name, todo[i:i + size], role) for i in range(0, len(todo), size)]
    total = sum(len(u[3]) for u in units)
    done = [0]

    def on_result(unit, outcomes) -> bool:
        n, name, role = unit[1], unit[2], unit[4]
        stores[n, role, name].add(outcomes)
        done[0] += len(outcomes)
        if progress:
            progress(done[0], total)
        return True

    try:
        for store in stores.values():
            store.open()
        if units:
            runner = make_backend("local", workers, None, play=play_games)
            try:
                runner.run(units, on_result)
            finally:
                runner.close()
    finally:
        for store in stores.values():
            store.close()
    rows = []
    for n in player_counts:
        mine = stores[n, "bot", bot].first(games)
        refs = {ref: stores[n, "reference", ref].first(games) for ref in references}
        rows.append({
            "players": n, "first_seed": first_seed(n), "last_seed": first_seed(n) + games - 1,
            "fair_share": 1 / n, "bot": summary(mine),
            "references": {ref: summary(out) for ref, out in refs.items()},
            "differences": {ref: paired(mine, out) for ref, out in refs.items()},
        })
    return {"format": FORMAT, "game": game_id, "bot": bot, "fingerprint": fingerprint(bot), "field": FIELD,
            "games": games, "references": list(references), "played": total, "rows": rows}


def _mean_se(values: list[float]) -> tuple[float, float | None]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def summary(outcomes: list[dict]) -> dict:
    """A bot's win share (ties shared) with its 95% interval (Wilson's, on the games), its sole
    wins, and its thinking time per decision in milliseconds (mean and max)."""
    share, se = _mean_se([o["share"] for o in outcomes])
    low, high = share_interval(share, se, len(outcomes))
    decisions = sum(o["decisions"] for o in outcomes)
    seconds = sum(o["seconds"] for o in outcomes)
    return {"games": len(outcomes), "win_share": share, "low": low, "high": high,
            "sole_win_rate": sum(o["sole"] for o in outcomes) / len(outcomes), "decisions": decisions,
            "ms_per_decision": 1e3 * seconds / decisions if decisions else 0.0,
            "max_ms_per_decision": 1e3 * max((o["max_seconds"] for o in outcomes), default=0.0)}


def paired(mine: list[dict], reference: list[dict]) -> dict:
    """The bot's win share minus the reference's, game by game (the same seed and seat): the
    mean, its standard error and 95% interval, and `above`/`below` when the interval leaves 0."""
    if [(o["g"], o["seed"], o["seat"]) for o in mine] != [(o["g"], o["seed"], o["seat"]) for o in reference]:
        raise ValueError("the bot's games and the reference's are not the same games")
    mean, se = _mean_se([a["share"] - b["share"] for a, b in zip(mine, reference)])
    bounds = interval(mean, se)
    low, high = bounds if bounds else (None, None)
    significant = None if bounds is None else "above" if low > 0 else "below" if high < 0 else None
    return {"mean": mean, "se": se, "low": low, "high": high, "significant": significant}
