"""A paired comparison of saved agents on the compiled engine: each agent plays the same games
(vector-environment rows of `--seed`: the same deals, the learning seat rotated over the rows, the
compiled heuristic in every other seat), so the difference of their wins, game by game, has a
95% interval from its own spread. 100,000 games take about 15 s an agent on the 2-core machine,
fifty times `lama benchmark`'s rate through the rules core, which is what a gain of a point needs
(the interval of a paired difference between two networks at 2,000 games is about ±2 points).

    python benchmarks/paired_engine.py --game lama --games 100000 --seed 900 \
        src/lama/data/neural-lama.npz run/neural-lama.npz --out paired.json

The first agent is the reference. Training uses the vector-environment seeds seed * 10 + 1 and + 2
of its --seed (0 to 9 in this project's runs), so seeds from 100 on are games no training used.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np

from lama.envs.neural_rl import wins
from lama.sim import stats


def interval(values: np.ndarray) -> dict:
    """The mean with its 95% normal interval."""
    mean = float(values.mean())
    low, high = stats.interval(mean, float(values.std(ddof=1)) / math.sqrt(len(values)))
    return {"mean": mean, "low": low, "high": high}


def main(argv=None) -> int:
    from lama.bots.neural import AgentError, read_agent

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("agents", nargs="+", metavar="AGENT.npz", help="saved agents; the first is the reference")
    p.add_argument("--game", default="lama")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=900)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--out", help="write the results as JSON here")
    args = p.parse_args(argv)
    if args.games < 2 * args.players:
        p.error(f"--games: at least {2 * args.players}")
    results, reference = [], None
    for path in args.agents:
        try:
            agent = read_agent(path, args.game)
        except AgentError as e:
            print(f"{path}: {e}", file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        won, _ = wins(agent.weights, args.game, args.players, args.games, args.seed, threads=args.threads,
                      heuristic_input=agent.heuristic_input)
        row = {"agent": path, "games": len(won), "win_share": interval(won), "seconds": time.perf_counter() - t0}
        share = row["win_share"]
        line = f"{path}: {100 * share['mean']:.2f}% ({100 * share['low']:.2f}–{100 * share['high']:.2f})"
        if reference is None:
            reference = won
        else:
            row["difference"] = d = interval(won - reference)
            line += f", {100 * d['mean']:+.2f} ({100 * d['low']:+.2f} to {100 * d['high']:+.2f}) points"
        results.append(row)
        print(line, flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"game": args.game, "players": args.players, "seed": args.seed, "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
