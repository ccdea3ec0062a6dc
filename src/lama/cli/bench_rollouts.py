"""`lama bench-rollouts`: the search bots' playouts per second."""

from __future__ import annotations

import json

from lama.bench.rollouts import rollout_rate
from lama.games import GAMES

from .types import positive


def add_arguments(p) -> None:
    p.description = ("Measure the search bots' playouts per second from a round's first decision to its "
                     "end, through the rules core and through the hard bot's compiled search, on one core.")
    p.add_argument("--game", action="append", choices=list(GAMES), help="a game (repeatable; default: all)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4, 6], choices=range(2, 7), metavar="N",
                   help="player counts (default: 2 4 6)")
    p.add_argument("--playouts", type=positive, default=2000, help="playouts per measurement (default 2000)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the deals (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench_rollouts)


def cmd_bench_rollouts(args) -> int:
    rows = [rollout_rate(g, n, args.playouts, args.seed) for g in (args.game or list(GAMES)) for n in args.players]
    if args.json:
        print(json.dumps({"format": "lama-rollouts/1", "rows": rows}))
        return 0
    print("playouts per second to the end of the round, from a round's first decision, one core:")
    for r in rows:
        search = ""
        if "search_per_s" in r:
            how = "compiled" if r["search_compiled"] else "not compiled: numba is not installed"
            search = f", hard's search {r['search_per_s']:,.0f}/s ({how})"
        print(f"  {r['game']:<9} {r['players']} players: core {r['core_per_s']:,.0f}/s{search}")
    return 0
