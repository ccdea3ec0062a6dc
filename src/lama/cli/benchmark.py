"""`lama benchmark`: the fixed evaluation protocol for any bot or saved agent (docs/baselines.md)."""

from __future__ import annotations

import json
import sys

from rich.console import Console

from lama.bots import UnknownBot
from lama.core import InvalidOption
from lama.games import GAMES
from lama.i18n import _
from lama.i18n.reasons import refusal_text
from lama.sim.backends import BackendError
from lama.sim.benchmark import FIELD, REFERENCES, BenchmarkError, run_benchmark
from lama.tui.benchmark import benchmark_table

from .progress import Ticker
from .types import bot_names, positive, workers


def add_arguments(p) -> None:
    p.description = _(
        "The fixed evaluation protocol of a bot: at each player count, {games} games with the bot in one seat "
        "(rotated) and {field} in every other, on fixed seeds that no training uses; the same games are played "
        "with each reference bot in the bot's seat. It prints the bot's win share with a 95% interval, its "
        "paired difference from each reference with a 95% interval, and its milliseconds per decision "
        "(docs/baselines.md).").format(games="--games", field=FIELD)
    p.add_argument("bot", metavar="BOT",
                   help=_("the bot measured: a name ({example}), module:callable, or a saved agent FILE.npz").format(
                       example="neural, hard"))
    p.add_argument("--game", choices=list(GAMES), default="lama", help=_("the game (default: {game})").format(
        game="lama"))
    p.add_argument("--players", type=int, nargs="+", default=[4], metavar="N",
                   help=_("player counts, 2 to 6 (default: {default})").format(default=4))
    p.add_argument("--games", type=positive, default=2000, metavar="M",
                   help=_("games at each player count (default {default})").format(default=2000))
    p.add_argument("--references", type=bot_names, default=list(REFERENCES), metavar="BOT,...",
                   help=_("the reference bots played on the same games (default: {default}; the protocol's)").format(
                       default=",".join(REFERENCES)))
    p.add_argument("--workers", "--jobs", dest="workers", type=workers, default=1, metavar="K|auto",
                   help=_("processes to play on (default 1; auto: every core)"))
    p.add_argument("--out", metavar="DIR",
                   help=_("keep every game's outcome in DIR: the references' are taken from there by every later "
                          "run, the bot's with --resume"))
    p.add_argument("--resume", action="store_true",
                   help=_("continue a stopped run kept in --out DIR: the bot's games kept there are not played "
                          "again"))
    p.add_argument("--quiet", action="store_true", help=_("no progress on standard error"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(func=cmd_benchmark)


def _error(message: str) -> int:
    print(f"lama benchmark: {message}", file=sys.stderr)
    return 2


def cmd_benchmark(args) -> int:
    if args.resume and args.out is None:
        return _error(_("{resume} needs the run's directory: {out}").format(resume="--resume", out="--out DIR"))
    if len(set(args.references)) != len(args.references):
        return _error(_("{flag} {names}: name each bot once").format(flag="--references",
                                                                       names=",".join(args.references)))
    if args.out is not None:
        from lama.sim.tournament import UsageError, usable_directory

        try:
            usable_directory(args.out, "--out")
        except UsageError as e:
            return _error(str(e))
    ticker = Ticker()
    talk = not (args.quiet or args.json)

    def progress(done, total):
        if talk:
            ticker.show("lama benchmark", done, total)

    try:
        result = run_benchmark(args.game, args.players, args.bot, args.games, args.references, args.workers,
                               args.out, args.resume, progress)
    except (InvalidOption, UnknownBot) as e:
        return _error(refusal_text(e))
    except BenchmarkError as e:
        return _error(_(e.template).format(**e.params))
    except BackendError as e:
        return _error(str(e))
    except KeyboardInterrupt:
        ticker.end()
        again = (_("continue with the same command and {flag}").format(flag=f"--resume --out {args.out}")
                 if args.out else _("nothing is kept (no {flag})").format(flag="--out DIR"))
        print("lama benchmark: " + _("stopped; {again}").format(again=again), file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(result))
    else:
        Console().print(benchmark_table(result))
    return 0
