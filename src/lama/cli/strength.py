"""`lama strength`: how often a bot wins against other bots (seats rotated)."""

from __future__ import annotations

import json
import sys

from rich.console import Console

from lama.bots import UnknownBot
from lama.games import GAMES
from lama.sim.backends import BACKENDS, BackendError
from lama.sim.fastplay import ENGINES, EngineError
from lama.sim.strength import STANDARD_PAIRS, run_table, strength_table

from .types import positive


def add_arguments(p) -> None:
    p.description = (
        "Play many games of BOT against VS in every other seat, rotating BOT's seat, and print each "
        "cell's win rate with a 95% Wilson interval and BOT's seconds per decision. Without --bot/--vs "
        "it plays the standard pairs: " + ", ".join(f"{b} vs {v}" for b, v in STANDARD_PAIRS) + "."
    )
    p.add_argument("--game", action="append", choices=list(GAMES), help="a game (repeatable; default: all)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4, 6], choices=range(2, 7), metavar="N",
                   help="player counts, 2 to 6 (default: 2 4 6)")
    p.add_argument("--bot", help="the bot measured (a name, or module:callable)")
    p.add_argument("--vs", help="the bot in every other seat")
    p.add_argument("--games", type=positive, default=2000, help="games per cell (default 2000)")
    p.add_argument("--seed", type=int, default=0, help="game g of a cell uses seed + g (default 0)")
    p.add_argument("--jobs", type=positive, default=1, help="worker processes (default 1)")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Dask distributed (--jobs: the workers of a local cluster)")
    p.add_argument("--address", metavar="tcp://HOST:PORT",
                   help="the Dask scheduler to use (default: start a local cluster on 127.0.0.1)")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="auto (default): play in compiled code when both bots have compiled twins "
                        "(random, heuristic, medium, easy), else through the rules core; core or "
                        "fast: force one (--jobs: threads with fast)")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_strength)


def cmd_strength(args) -> int:
    games_ids = args.game or list(GAMES)
    pairs = [(args.bot, args.vs)] if args.bot else list(STANDARD_PAIRS)
    if bool(args.bot) != bool(args.vs):
        print("lama strength: give both --bot and --vs, or neither (the standard pairs: "
              + ", ".join(f"{b} vs {v}" for b, v in STANDARD_PAIRS) + ")", file=sys.stderr)
        return 2

    tty = sys.stderr.isatty()

    def progress(label, done, total):
        if args.quiet:
            return
        if tty:
            print(f"\r{label}: {done}/{total} games", end="\n" if done == total else "", file=sys.stderr, flush=True)
        elif done == total or done % max(1, total // 10) == 0:
            print(f"{label}: {done}/{total} games", file=sys.stderr, flush=True)

    try:
        cells = run_table(games_ids, args.players, pairs, args.games, args.seed, args.jobs, progress,
                          engine=args.engine, backend=args.backend, address=args.address)
    except (UnknownBot, EngineError, BackendError) as e:
        print(f"lama strength: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"format": "lama-strength/1", "cells": cells}))
    else:
        Console(width=None if sys.stdout.isatty() else 120).print(strength_table(cells))
    return 0
