"""`lama strength`: how often a bot wins against other bots (seats rotated)."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

from rich.console import Console

from lama.bots import UnknownBot, load_bot
from lama.core import InvalidOption
from lama.games import GAMES, new_game
from lama.sim.backends import BACKENDS, BackendError
from lama.sim.fastplay import ENGINES, EngineError
from lama.sim.strength import STANDARD_PAIRS, cell_keys, key_of, run_table, seconds_per_game
from lama.tui.strength import strength_table

from .progress import Ticker, duration
from .types import bot_names, game_option, positive, workers


def add_arguments(p) -> None:
    p.description = (
        "Play many games of BOT against VS in every other seat, rotating BOT's seat, and print each "
        "cell's win rate with a 95% Wilson interval and BOT's seconds per decision. Without --bot/--vs "
        "it plays the standard pairs: " + ", ".join(f"{b} vs {v}" for b, v in STANDARD_PAIRS) + "."
    )
    p.add_argument("--game", action="append", choices=list(GAMES), help="a game (repeatable; default: all)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4, 6], choices=range(2, 7), metavar="N",
                   help="player counts, 2 to 6 (default: 2 4 6)")
    p.add_argument("--bots", type=bot_names, metavar="BOT,VS",
                   help="the bot measured and the bot in every other seat, as in lama tournament "
                        "(names or module:callable)")
    p.add_argument("--bot", help="the bot measured (the same as the first of --bots)")
    p.add_argument("--vs", help="the bot in every other seat (the same as the second of --bots)")
    p.add_argument("--option", dest="options", action="append", type=game_option, default=[], metavar="NAME=VALUE",
                   help="a game option for every game played (repeatable), e.g. lachen=true or target=30")
    p.add_argument("--games", type=positive, default=2000, help="games per cell (default 2000)")
    p.add_argument("--seed", type=int, default=0, help="game g of a cell uses seed + g (default 0)")
    p.add_argument("--workers", "--jobs", dest="workers", type=workers, default=1, metavar="K|auto",
                   help="processes to play on (default 1; auto: every core), as in lama tournament; with "
                        "--backend dask, the workers of a local cluster")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Dask distributed")
    p.add_argument("--address", metavar="tcp://HOST:PORT",
                   help="the Dask scheduler to use (default: start a local cluster on 127.0.0.1)")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="auto (default): play in compiled code when both bots have compiled twins "
                        "(random, heuristic, medium, easy), else through the rules core; core or "
                        "fast: force one (--workers: threads with fast)")
    p.add_argument("--out", metavar="DIR", help="keep every finished cell in DIR, so that a stopped run can "
                                                "be resumed (as lama tournament --out)")
    p.add_argument("--resume", action="store_true",
                   help="continue the run kept in --out DIR, playing only the cells it lacks")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_strength)


class StrengthError(Exception):
    """A bad command line or a kept run that does not fit it: exit 2 with the message."""


PILOT_FROM = 10_000  # games in all from which the run is timed first, to say how long it takes
CELLS_FILE = "strength.jsonl"  # in --out DIR: one finished cell per line


def _pairs(args) -> list[tuple[str, str]]:
    if args.bots is not None:
        if args.bot or args.vs:
            raise StrengthError("give either --bots BOT,VS or --bot and --vs, not both")
        if len(args.bots) != 2:
            raise StrengthError(f"--bots {','.join(args.bots)}: give two bots, BOT,VS (the bot measured, then "
                                "the bot in every other seat)")
        return [tuple(args.bots)]
    if bool(args.bot) != bool(args.vs):
        raise StrengthError("give both --bot and --vs, or neither (the standard pairs: "
                            + ", ".join(f"{b} vs {v}" for b, v in STANDARD_PAIRS) + ")")
    return [(args.bot, args.vs)] if args.bot else list(STANDARD_PAIRS)


def _kept(args) -> list[dict]:
    """The cells kept in --out DIR by an earlier run, with --resume; [] otherwise."""
    if args.out is None:
        if args.resume:
            raise StrengthError("--resume needs the run's directory: --out DIR")
        return []
    from lama.sim.tournament import UsageError, usable_directory

    try:
        usable_directory(args.out, "--out")
    except UsageError as e:
        raise StrengthError(str(e)) from None
    path = Path(args.out) / CELLS_FILE
    if not args.resume:
        if path.exists() and path.stat().st_size:
            raise StrengthError(f"{args.out} already holds a strength run: add --resume to continue it, or "
                                "choose another directory")
        return []
    try:
        cells = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except FileNotFoundError:
        raise StrengthError(f"{args.out} holds no strength run to resume ({CELLS_FILE} is missing)") from None
    except (OSError, ValueError) as e:
        raise StrengthError(f"{path}: cannot read the kept cells ({e})") from None
    for cell in cells:
        if (cell.get("games"), cell.get("seed")) != (args.games, args.seed):
            raise StrengthError(f"{args.out} holds cells of --games {cell.get('games')} --seed {cell.get('seed')}: "
                                "resume with those")
        if cell.get("options", {}) != dict(args.options):
            raise StrengthError(f"{args.out} holds cells played with the options {cell.get('options', {})}: "
                                "resume with those")
    return cells


def cmd_strength(args) -> int:
    try:
        pairs = _pairs(args)
        kept = _kept(args)
    except StrengthError as e:
        print(f"lama strength: {e}", file=sys.stderr)
        return 2
    options = dict(args.options)
    games = args.game or list(GAMES)
    for game_id in games if options else ():
        try:
            new_game(game_id, args.players[0], options)
        except InvalidOption as e:
            print(f"lama strength: --option: {e}", file=sys.stderr)
            return 2
    keys = cell_keys(games, args.players, pairs)
    done_keys = {key_of(c) for c in kept}
    todo = [k for k in keys if k not in done_keys]
    talk = not (args.quiet or args.json)
    try:
        for bot, vs in pairs:
            load_bot(bot), load_bot(vs)  # a bad name is said before anything is played
        per_game = _foretell(todo, args) if talk and len(todo) * args.games >= PILOT_FROM else None
    except (UnknownBot, EngineError) as e:
        print(f"lama strength: {e}", file=sys.stderr)
        return 2
    with open(Path(args.out) / CELLS_FILE, "a", encoding="utf-8") if args.out else contextlib.nullcontext() as store:
        return _play(args, keys, kept, todo, per_game, store)


def _play(args, keys, kept, todo, per_game, store) -> int:
    """Play the cells missing from `kept`, each appended to `store` as it finishes; print the
    table (on Ctrl-C: of the cells finished)."""
    talk = not (args.quiet or args.json)
    ticker = Ticker()
    finished = list(kept)
    cell_started = [time.perf_counter()]

    def on_cell(cell):
        finished.append(cell)
        cell_started[0] = time.perf_counter()
        if store:
            store.write(json.dumps(cell) + "\n")
            store.flush()

    def progress(index, key, done, total):
        if not talk:
            return
        # this cell at its own pace so far; the cells after it as timed first (or at this pace)
        pace = (time.perf_counter() - cell_started[0]) / done
        later = todo[todo.index(key) + 1:]
        left = pace * (total - done) + sum((per_game or {}).get(k, pace) * args.games for k in later)
        game, players, bot, vs = key
        ticker.show(f"cell {index + 1}/{len(keys)} {game} {players}p {bot} vs {vs}", done, total, left)

    try:
        cells = run_table(keys, args.games, args.seed, args.workers, progress, engine=args.engine,
                          options=dict(args.options),
                          kept=kept, on_cell=on_cell, backend=args.backend, address=args.address)
    except (UnknownBot, EngineError, BackendError) as e:
        print(f"lama strength: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        ticker.end()
        if args.json:
            print(json.dumps({"format": "lama-strength/1", "cells": finished, "interrupted": True}))
        elif finished:
            Console().print(strength_table(finished))
        again = (f"continue with the same options and --resume --out {args.out}" if args.out else
                 "nothing is kept (no --out DIR)")
        print(f"lama strength: stopped after {len(finished)} of {len(keys)} cells; {again}", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps({"format": "lama-strength/1", "cells": cells}))
    else:
        Console().print(strength_table(cells))
    return 0


def _foretell(todo, args) -> dict:
    """Time one game of every cell still to play and say how long the run will take; the
    seconds per game of each cell."""
    print(f"lama strength: {len(todo)} cells of {args.games:,} games; timing one game of each first...",
          file=sys.stderr, flush=True)
    per_game = {k: seconds_per_game(k, args.seed, args.engine, dict(args.options)) / args.workers for k in todo}
    total = sum(per_game.values()) * args.games
    print(f"lama strength: about {duration(total)} in all here (Ctrl-C stops, keeping the finished cells"
          + (f" in {args.out})" if args.out else "; --out DIR keeps them for --resume)"), file=sys.stderr, flush=True)
    return per_game
