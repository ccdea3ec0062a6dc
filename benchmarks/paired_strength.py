"""A paired comparison of two bots on the same deals, seats rotated (issue 29's criterion for
`expert`): game g of each bot is `lama strength`'s game g (seed + g, the bot in seat g % n,
`--vs` in every other seat), so the two play the same deals from the same seat, and the
difference of their wins, game by game, has a 95% interval from its own spread.

    python benchmarks/paired_strength.py --game lama --players 4 --bots examples.neural_guided:guided_bot,hard \
        --vs heuristic --games 400 --seed 300000000 --workers 2 --out paired.json
    python benchmarks/paired_strength.py --combine paired.json more.json --out all.json   # runs of other --first
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lama.sim.strength import play_one

Z95 = 1.959963984540054


def paired(first: list[bool], second: list[bool]) -> dict:
    """The mean difference of two bots' wins on the same games, with a 95% normal interval."""
    d = [int(a) - int(b) for a, b in zip(first, second, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else float("inf")
    half = Z95 * sd / math.sqrt(n)
    return {"games": n, "difference": mean, "low": mean - half, "high": mean + half,
            "first_only": d.count(1), "second_only": d.count(-1)}


def combine(paths: list[str], out: str | None) -> int:
    """Runs of the same bots, seed and table on other games (--first), as one comparison."""
    runs = [json.loads(Path(path).read_text(encoding="utf-8")) for path in paths]
    bots = runs[0]["bots"]
    wins = {bot: [w for run in runs for w in run["wins"][bot]] for bot in bots}
    result = {k: runs[0][k] for k in ("game", "players", "bots", "vs", "seed")}
    result["runs"] = [{k: v for k, v in run.items() if k != "wins"} for run in runs]
    result["games"] = len(wins[bots[0]])
    for bot in bots:
        result[bot] = {"wins": sum(wins[bot]), "win_rate": sum(wins[bot]) / result["games"]}
    result["paired"] = paired(*(list(map(bool, wins[bot])) for bot in bots))
    result["wins"] = wins
    print(json.dumps({k: v for k, v in result.items() if k not in ("wins", "runs")}, indent=1))
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--combine"]:  # --combine RUN.json ... [--out FILE]
        files = [a for a in argv[1:] if a != "--out"]
        out = argv[argv.index("--out") + 1] if "--out" in argv else None
        return combine([f for f in files if f != out], out)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="lama")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", required=True, metavar="A,B", help="the two bots compared")
    p.add_argument("--vs", default="heuristic", help="the bot in every other seat")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--first", type=int, default=0, help="the first game's number g (to extend a run)")
    p.add_argument("--seed", type=int, default=300_000_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", help="write the result (and every game's wins) as JSON here")
    args = p.parse_args(argv)
    bots = args.bots.split(",")
    if len(bots) != 2:
        p.error("--bots A,B: two bots")
    sys.path.insert(0, os.getcwd())
    load = os.getloadavg()
    start = time.time()
    numbers = range(args.first, args.first + args.games)
    tasks = [(args.game, args.players, None, bot, args.vs, args.seed, g) for g in numbers for bot in bots]
    played = []
    with ProcessPoolExecutor(args.workers) as pool:  # game g of both bots together: a stopped run is still paired
        for result in pool.map(play_one, tasks, chunksize=2):
            played.append(result)
            if args.out and len(played) % 40 == 0:  # what is played so far, in case the run is stopped
                report(args, bots, {bot: played[i::2][:len(played) // 2] for i, bot in enumerate(bots)}, load, start)
    results = {bot: played[i::2] for i, bot in enumerate(bots)}
    out = report(args, bots, results, load, start)
    print(json.dumps({k: v for k, v in out.items() if k != "wins"}, indent=1))
    return 0


def report(args, bots, results, load, start) -> dict:
    """The comparison of the games in `results` (per bot, in game order), written to --out."""
    out = {"game": args.game, "players": args.players, "bots": bots, "vs": args.vs, "seed": args.seed,
           "first": args.first,
           "load_average_before": load, "load_average_after": os.getloadavg(), "elapsed_s": time.time() - start,
           "workers": args.workers}
    for bot in bots:
        games = results[bot]
        out["games"] = len(games)
        wins = sum(r["win"] for r in games)
        decisions = sum(r["decisions"] for r in games)
        out[bot] = {"wins": wins, "win_rate": wins / len(games), "decisions": decisions,
                    "mean_seconds_per_decision": sum(r["seconds"] for r in games) / max(1, decisions),
                    "max_seconds_per_decision": max(r["max_seconds"] for r in games)}
    out["paired"] = paired([r["win"] for r in results[bots[0]]], [r["win"] for r in results[bots[1]]])
    out["wins"] = {bot: [int(r["win"]) for r in results[bot]] for bot in bots}
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return out


if __name__ == "__main__":
    sys.exit(main())
