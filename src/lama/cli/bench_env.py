"""`lama bench-env`: the PettingZoo environment's steps per second, next to the rules core's
decisions per second on the same random workload (W1)."""

from __future__ import annotations

import json
import sys

from lama.games import GAMES

from .types import positive


def add_arguments(p) -> None:
    p.add_argument("--game", choices=list(GAMES), default="lama")
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--steps", type=positive, default=100_000,
                   help="environment steps per run, whole games (default 100000)")
    p.add_argument("--repeat", type=positive, default=1, help="runs; the median is reported (default 1)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target", type=int)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench_env)


def cmd_bench_env(args) -> int:
    try:
        from lama.envs.bench import bench_env
    except ImportError as e:
        print(f"lama bench-env: {e.name or e} is not installed; the environments need the rl extra "
              "(pip install 'lama[rl]')", file=sys.stderr)
        return 2
    options = {"target": args.target} if args.target is not None else None
    result = bench_env(args.game, args.players, args.steps, seed=args.seed, repeat=args.repeat, options=options)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"PettingZoo AEC env on {args.game} with {args.players} players, {result['steps']} steps x "
          f"{args.repeat} run(s), random masked actions (W1), one core:")
    print(f"  env:  {result['steps_per_s']:,.0f} steps/s (observation: {result['observation_size']} floats)")
    print(f"  core: {result['core_decisions_per_s']:,.0f} decisions/s")
    print(f"  env / core: {result['ratio']:.2f}")
    if args.repeat > 1:
        print(f"  over {args.repeat} runs: env {result['steps_per_s_min']:,.0f}-{result['steps_per_s_max']:,.0f} "
              f"steps/s, core {result['core_decisions_per_s_min']:,.0f}-{result['core_decisions_per_s_max']:,.0f} "
              f"decisions/s, ratio {result['ratio_min']:.2f}-{result['ratio_max']:.2f}")
    return 0
