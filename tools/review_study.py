"""Reviews of many bot games, for docs/review.md: `python tools/review_study.py ratings|luck`.

- ratings: three-player lama games between `random`, `heuristic` and `hard` (each bot in each
  seat in turn); the mean win chance given up per decision by each bot, with a 95% interval
  (the games as the unit: each game's mean per bot, then the mean and spread over games).
- luck: games between people-like bots (4 players: easy, medium, medium, hard; 2: easy and
  hard; 6: easy, medium, hard twice; seats rotated) in every game, at `--players` (default 4);
  per game and seat the totals luck, own and others; the share of the result's movement that
  came from luck: sum |luck| / sum (|luck| + |own| + |others|), with a 95%
  interval (the games as the unit).

One core, seeds from 800,000; prints one JSON object per line. `figure LINES.jsonl PNG` draws
the luck rows of such a file: luck's share per game and player count, with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match
from lama.review.game import review

SEED = 800_000


def interval(values) -> tuple[float, float, float]:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, mean - half, mean + half


def play(game_id, names, seed):
    match = Match(new_game(game_id, len(names)), [load_bot(n) for n in names], seed=seed)
    match.run()
    return match.record.whole_moves()


def ratings(games: int, playouts: int, samples: int) -> dict:
    bots = ["random", "heuristic", "hard"]
    per_game = {b: [] for b in bots}
    decisions = dict.fromkeys(bots, 0)
    for g in range(games):
        order = bots[g % 3:] + bots[:g % 3]
        result = review(play("lama", order, SEED + g), playouts, samples)
        for seat, bot in enumerate(order):
            lost = [d.lost for d in result.seats[seat].decisions]
            decisions[bot] += len(lost)
            per_game[bot].append(sum(lost) / len(lost) if lost else 0.0)
    return {"study": "ratings", "game": "lama", "players": 3, "games": games, "playouts": playouts,
            "samples": samples, "bots": {b: {"lost_per_decision": interval(per_game[b]), "decisions": decisions[b]}
                                          for b in bots}}


# The seats' bots at each player count; with two players the three pairs take turns.
LINEUPS = {2: [["easy", "medium"], ["medium", "hard"], ["easy", "hard"]], 3: [["easy", "medium", "hard"]],
           4: [["easy", "medium", "medium", "hard"]], 5: [["easy", "medium", "hard", "easy", "medium"]],
           6: [["easy", "medium", "hard"] * 2]}


def lineup(players: int, g: int) -> list[str]:
    """Game g's seats: the lineups in turn, each with its seats rotated through every place."""
    lineups = LINEUPS[players]
    seats = lineups[(g // players) % len(lineups)]
    return seats[g % players:] + seats[:g % players]


def luck(game_id: str, games: int, playouts: int, samples: int, players: int = 4) -> dict:
    shares, luck_abs, own_abs, others_abs = [], [], [], []
    for g in range(games):
        result = review(play(game_id, lineup(players, g), SEED + 1000 + g), playouts, samples)
        lk = sum(abs(t.luck) for t in result.seats)
        ow = sum(abs(t.own) for t in result.seats)
        ot = sum(abs(t.others) for t in result.seats)
        shares.append(lk / (lk + ow + ot))
        luck_abs.append(lk / players)
        own_abs.append(ow / players)
        others_abs.append(ot / players)
    return {"study": "luck", "game": game_id, "players": players, "games": games, "playouts": playouts,
            "samples": samples, "luck_share": interval(shares), "mean_abs_luck": statistics.mean(luck_abs),
            "mean_abs_own": statistics.mean(own_abs), "mean_abs_others": statistics.mean(others_abs)}


def figure(lines: str, png: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(lines, encoding="utf-8") as f:
        rows = [r for r in map(json.loads, f) if r.get("study") == "luck"]
    games = list(dict.fromkeys(r["game"] for r in rows))
    counts = sorted({r["players"] for r in rows})
    width = 0.8 / len(counts)
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=120)
    for k, n in enumerate(counts):
        mine = {r["game"]: r["luck_share"] for r in rows if r["players"] == n}
        xs = [i + (k - (len(counts) - 1) / 2) * width for i, g in enumerate(games) if g in mine]
        share = [mine[g] for g in games if g in mine]
        ax.bar(xs, [100 * m for m, _, _ in share], width, label=f"{n} players",
               yerr=[[100 * (m - lo) for m, lo, _ in share], [100 * (hi - m) for m, _, hi in share]], capsize=3)
    ax.set_xticks(range(len(games)), games)
    ax.set_ylabel("luck's share of the result (%)")
    ax.set_ylim(0, 100)
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    ax.legend(frameon=False, ncol=len(counts))
    ax.set_title("How much of a game's result was luck (people-like bots, 95% intervals)", fontsize=10)
    fig.tight_layout()
    fig.savefig(png)


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "figure":
        figure(sys.argv[2], sys.argv[3])
        return
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("study", choices=("ratings", "luck"))
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--playouts", type=int, default=500)
    p.add_argument("--samples", type=int, default=1000)
    p.add_argument("--game", action="append", help="luck: the games (default: all five)")
    p.add_argument("--players", type=int, action="append", help="luck: the player counts (default: 4)")
    args = p.parse_args()
    if args.study == "ratings":
        jobs = [lambda: ratings(args.games, args.playouts, args.samples)]
    else:
        jobs = [lambda g=g, n=n: luck(g, args.games, args.playouts, args.samples, n)
                for n in (args.players or [4]) for g in (args.game or ["lama", "komarami", "kadabra", "party", "dice"])]
    for job in jobs:
        start = time.process_time()
        row = job()
        row["cpu_seconds"] = round(time.process_time() - start)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
