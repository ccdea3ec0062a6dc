"""`lama bench`: the rules core's speed (workload W1: random legal moves, never quit), or the
fast engine's (--engine fast)."""

from __future__ import annotations

import json

from lama.bench.w1 import ENGINES, bench
from lama.games import GAMES, new_game

from .types import positive

W1 = "W1, the benchmark workload: every seat chooses at random among its legal moves other than quit"


def add_arguments(p) -> None:
    p.description = (f"Measure how fast the rules run: {W1}. Prints decisions and games per second on one "
                     "core, through the rules core (default) or the fast engine.")
    p.add_argument("--game", choices=list(GAMES), default="lama", help="the game (default lama)")
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--games", type=positive, default=2000, help="games per run (default 2000)")
    p.add_argument("--repeat", type=positive, default=1, help="runs; the median is reported (default 1)")
    p.add_argument("--seed", type=int, default=0, help="game g of a run uses seed + g (default 0)")
    p.add_argument("--target", type=int, help="the game ends when someone has this many points (default 40)")
    p.add_argument("--engine", choices=ENGINES, default="core",
                   help="core: the rules core (default); fast: the fast engine (lama.fast, numba)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)


def cmd_bench(args) -> int:
    game = new_game(args.game, args.players, {"target": args.target} if args.target is not None else {})
    result = bench(game, args.games, seed=args.seed, repeat=args.repeat, engine=args.engine)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"W1 (random legal moves, never quit) on {args.game} with {args.players} players, "
              f"{args.games} games x {args.repeat} run(s), one core, "
              f"{_engine_name(args.engine)}:")
        print(f"  {result['decisions_per_s']:,.0f} decisions/s, {result['games_per_s']:,.1f} games/s, "
              f"{result['decisions_per_game']:.1f} decisions/game")
        if args.repeat > 1:
            print(f"  spread of decisions/s over {args.repeat} runs: min {result['decisions_per_s_min']:,.0f}, "
                  f"max {result['decisions_per_s_max']:,.0f}, stdev {result['decisions_per_s_stdev']:,.0f}")
    return 0


def _engine_name(engine: str) -> str:
    if engine == "core":
        return "the rules core"
    from lama.fast.kernel import COMPILED
    return "the fast engine" if COMPILED else "the fast engine as plain Python (without numba)"
