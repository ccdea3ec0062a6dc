"""`lama tournament`: many games between bots, with duplicate deals, on any backend."""

from __future__ import annotations

import sys
from functools import partial

from lama.games import GAMES
from lama.sim.backends import BACKENDS, BackendError
from lama.sim.fastplay import ENGINES
from lama.sim.report import run_report
from lama.sim.schedule import SEATINGS
from lama.sim.store import StoreError
from lama.sim.tournament import DEFAULT_GAMES, UsageError, require_matplotlib, run_tournament
from lama.tui.tournament import Progress, print_report, print_table, show, tell

from .types import bot_names, output_file, positive, seconds, workers

PLOT_SUFFIXES = (".png", ".pdf", ".svg")  # formats matplotlib always writes


def add_arguments(p) -> None:
    p.description = ("Play many games between bots. Every deal is played once per seating of its "
                     "table (seats rotated), so every bot meets the same cards in every seat.")
    p.epilog = ("Numbers are identical for a given seed and engine whatever the backend and the workers "
                "(timings aside). Win share: a tie for the fewest points shares the win; 95% "
                "intervals are normal intervals on standard errors clustered by deal.")
    p.add_argument("--game", action="append", choices=list(GAMES),
                   help="the game (default lama); --report takes several (repeat it; default: all)")
    p.add_argument("--players", type=int, nargs="+", metavar="N",
                   help="seats at each table, 2 to 6 (default 4); --report takes several, e.g. 2 4 6 "
                        "(default: all)")
    p.add_argument("--bots", type=bot_names, metavar="A,B,...",
                   help="one bot per seat (repeats allowed), or a pool of distinct bots that each "
                        "table is drawn from; names or module:callable (default heuristic,random)")
    p.add_argument("--games", type=positive,
                   help=f"games to play, rounded up to whole deals (default {DEFAULT_GAMES}; "
                        "with --report, per game and player count, default 120)")
    p.add_argument("--seed", type=int, help="the tournament seed (default 0)")
    p.add_argument("--target", type=int, help="the game ends when someone has this many points (default 40)")
    p.add_argument("--seatings", choices=SEATINGS,
                   help="each deal is played with every rotation (default) or every permutation "
                        "of its table")
    p.add_argument("--workers", "--jobs", dest="workers", type=workers, metavar="K|auto",
                   help="processes to play on (default 1; auto: every core), as in lama strength")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Dask distributed")
    p.add_argument("--address", metavar="tcp://HOST:PORT",
                   help="the Dask scheduler to use (default: start a local cluster on 127.0.0.1)")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="auto (default): play in compiled code when every bot has a compiled twin "
                        "(random, heuristic, medium, easy) and --records is not given (on Dask too), "
                        "else through the rules core; core or fast: force one (--workers: "
                        "threads with fast)")
    p.add_argument("--chunk", type=positive, metavar="GAMES",
                   help="games per unit of work sent to a worker (default: chosen from the size)")
    p.add_argument("--json", action="store_true", help="print one JSON object, no table or progress")
    p.add_argument("--plot", metavar="FILE.png", help="save a plot of the win shares and ratings (.png, .pdf or .svg)")
    p.add_argument("--records", metavar="DIR", help="save every game as a lama-record/1 file in DIR")
    p.add_argument("--out", metavar="DIR",
                   help="keep the settings and every finished game in DIR (default: the --records "
                        "DIR, if any), so that the run can be resumed")
    p.add_argument("--resume", action="store_true",
                   help="continue the tournament kept in --out DIR, playing only the games it lacks")
    p.add_argument("--on-error", choices=("stop", "continue"), default="stop",
                   help="when a bot raises or makes an illegal move: stop (default) or leave that "
                        "deal out and go on")
    p.add_argument("--decision-timeout", type=seconds, metavar="SECONDS",
                   help="a bot that takes longer for one decision fails that game, like a bot that "
                        "raises (local backend)")
    p.add_argument("--report", action="store_true",
                   help="luck versus skill: the first bot against the second at 2 to 6 players in "
                        "every game")
    p.set_defaults(func=cmd_tournament)


def cmd_tournament(args) -> int:
    try:
        return _run(args)
    except (UsageError, StoreError, BackendError) as e:
        print(f"lama tournament: {e}", file=sys.stderr)
        return 2


def _run(args) -> int:
    if not args.report:
        for flag, given in (("--game", args.game), ("--players", args.players)):
            if given and len(given) > 1:
                raise UsageError(f"{flag} {' '.join(map(str, given))}: a tournament plays one game at one table "
                                 f"size; several are for --report (or lama strength)")
    if args.plot:
        output_file(args.plot, "--plot", PLOT_SUFFIXES)
        require_matplotlib()
    if args.backend != "dask" and args.address:
        raise UsageError("--address is for --backend dask")
    if args.address and args.workers:
        raise UsageError("--workers sets the size of a local cluster; with --address the cluster's "
                         "own workers play")
    if args.decision_timeout and args.backend != "local":
        raise UsageError("--decision-timeout needs --backend local (Dask plays games in threads, where "
                         "no alarm can stop a bot)")
    where = {"backend": args.backend, "workers": args.workers, "address": args.address, "chunk": args.chunk,
             "on_error": args.on_error,
             "decision_timeout": args.decision_timeout,
             "engine": args.engine, "tell": tell, "progress": partial(Progress, quiet=args.json)}
    shown = {"as_json": args.json, "plot": args.plot}
    if args.report:
        if args.resume or args.out or args.records:
            raise UsageError("--report keeps no games: it takes no --resume, --out or --records")
        if args.seatings:
            raise UsageError("--report plays every rotation of each table; it takes no --seatings")
        return run_report(bots=args.bots, game=args.game, players=args.players, target=args.target,
                          seed=args.seed, games=args.games,
                          show=partial(show, print_human=print_report, plot_name="plot_report", **shown), **where)
    return run_tournament(game=args.game and args.game[0], players=args.players and args.players[0],
                          bots=args.bots, games=args.games,
                          seed=args.seed, target=args.target, seatings=args.seatings, records=args.records,
                          out=args.out, resume=args.resume, as_json=args.json,
                          show=partial(show, print_human=print_table, plot_name="plot_tournament", **shown), **where)
