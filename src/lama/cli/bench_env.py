"""`lama bench-env`: the PettingZoo environment's steps per second, next to the rules core's
decisions per second on the same random workload (W1); with --vector, the agent steps per
second of the compiled vector environments (lama.bench.vector)."""

from __future__ import annotations

import json
import sys

from lama.games import GAMES

from .types import positive


def add_arguments(p) -> None:
    from .bench import W1

    p.description = (f"Measure the learning environments' steps per second on {W1}, next to the rules "
                     "core's decisions per second (needs the rl extra).")
    p.add_argument("--game", choices=list(GAMES), default="lama", help="the game (default lama)")
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--steps", type=positive,
                   help="environment steps per run, whole games (default 100000; --vector: agent steps, "
                        "whole batch steps, default 1000000)")
    p.add_argument("--repeat", type=positive, default=1, help="runs; the median is reported (default 1)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the games (default 0)")
    p.add_argument("--target", type=int, help="the game ends when someone has this many points (default 40)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--vector", action="store_true",
                   help="the compiled vector environments instead (SelfPlay and LamaVectorEnv, lama.envs.vector)")
    p.add_argument("--num-envs", type=positive, default=1024, help="--vector: games stepped at once (default 1024)")
    p.add_argument("--opponents", choices=("random", "heuristic", "easy", "neural"), default="random",
                   help="--vector: the opponents of the one-seat environment (default random; neural: "
                        "batched numpy forward passes)")
    p.set_defaults(func=cmd_bench_env)


def cmd_bench_env(args) -> int:
    try:
        if args.vector:
            from lama.bench.vector import bench_vector
        else:
            from lama.bench.env import bench_env
    except ImportError as e:
        print(f"lama bench-env: {e.name or e} is not installed; the environments need the rl extra "
              "(pip install 'lama[rl]')", file=sys.stderr)
        return 2
    options = {"target": args.target} if args.target is not None else None
    if args.vector:
        result = bench_vector(args.game, args.players, args.num_envs, args.steps or 1_000_000, seed=args.seed,
                              repeat=args.repeat, options=options, opponents=args.opponents)
        print(json.dumps(result) if args.json else vector_text(result))
        return 0
    result = bench_env(args.game, args.players, args.steps or 100_000, seed=args.seed, repeat=args.repeat,
                       options=options)
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


def vector_text(result: dict) -> str:
    lines = [f"Compiled vector environments on {result['game']} with {result['players']} players, "
             f"{result['num_envs']} games at once, {result['steps']} agent steps x {result['runs']} run(s), "
             f"random masked actions (W1), one core (observation: {result['observation_size']} floats):"]
    for key, name in (("self_play", "SelfPlay (every seat)"),
                      ("vector_env", f"LamaVectorEnv (one seat vs {result['opponents']})")):
        r = result[key]
        lines.append(f"  {name}: {r['steps_per_s']:,.0f} agent steps/s "
                     f"({r['steps_per_s_min']:,.0f}-{r['steps_per_s_max']:,.0f}); with the policy's argmax "
                     f"{r['loop_steps_per_s']:,.0f} "
                     f"({r['loop_steps_per_s_min']:,.0f}-{r['loop_steps_per_s_max']:,.0f})")
    return "\n".join(lines)
