"""How well calibrated the review's win chance is (lama.review.chances), on held-out games:
`python tools/review_calibration.py [--games 150] [--out docs/review_calibration]`.

Games of `heuristic` seats are played with seeds no fit has seen (the temperatures of
data/round-values.json were fitted on seeds below 100,000; these start at 700,000). In each game
the positions after every deal and after every move with probability 1/8 are valued (every
seat's win chance, the reference playouts); at the game's end each (win chance, result) pair is
scored, the result being the seat's share of the win (1, 1/2 for a shared win, 0). Written: a
JSON of the reliability bins (the mean win chance and the mean result in ten bins, with a 95%
interval of the result), the Brier score beside that of always saying 1/players, and a PNG of the
reliability curves. One core; a few minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from lama.bots.heuristic import heuristic_bot
from lama.games import new_game
from lama.match import Match
from lama.record import replay
from lama.review.chances import WinChances

CASES = [("lama", 2), ("lama", 4), ("lama", 6), ("komarami", 4), ("kadabra", 4), ("party", 4), ("dice", 4)]
SEED = 700_000
BINS = 10


def pairs_of(game_id: str, players: int, games: int, playouts: int) -> list[tuple[float, float]]:
    pairs = []
    for g in range(games):
        seed = SEED + g
        match = Match(new_game(game_id, players), [heuristic_bot] * players, seed=seed)
        final = match.run()
        data = match.record.whole_moves()
        chances = WinChances(final.game, playouts)
        pick = random.Random(seed)
        found = []

        def on_step(state, round_, move, chances=chances, pick=pick, found=found, seed=seed):
            if state.finished or (move is not None and pick.random() >= 1 / 8):
                return
            found.append(chances.of_state(state, seed * 1000 + len(found)))

        replay(data, on_step=on_step)
        share = [1 / len(final.winners) if s in final.winners else 0.0 for s in range(players)]
        pairs += [(w[s], share[s]) for w in found for s in range(players)]
    return pairs


def summary(pairs, players) -> dict:
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    base = sum((1 / players - o) ** 2 for _, o in pairs) / len(pairs)
    bins = []
    for b in range(BINS):
        inside = [(p, o) for p, o in pairs if b / BINS <= p < (b + 1) / BINS or (b == BINS - 1 and p == 1.0)]
        if not inside:
            continue
        n = len(inside)
        mean_p = sum(p for p, _ in inside) / n
        mean_o = sum(o for _, o in inside) / n
        sd = math.sqrt(max(mean_o * (1 - mean_o), 1e-12) / n)
        bins.append({"low": b / BINS, "high": (b + 1) / BINS, "n": n, "win_chance": mean_p, "result": mean_o,
                     "result_low": max(0.0, mean_o - 1.96 * sd), "result_high": min(1.0, mean_o + 1.96 * sd)})
    return {"pairs": len(pairs), "brier": brier, "brier_uniform": base, "skill": 1 - brier / base, "bins": bins}


def plot(rows, path) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.5, 6))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], color="0.6", linewidth=1, linestyle="--", label="perfect")
    for row in rows:
        xs = [b["win_chance"] for b in row["bins"]]
        ys = [b["result"] for b in row["bins"]]
        err = [[y - b["result_low"] for y, b in zip(ys, row["bins"], strict=True)],
               [b["result_high"] - y for y, b in zip(ys, row["bins"], strict=True)]]
        ax.errorbar(xs, ys, yerr=err, marker="o", markersize=3, linewidth=1, capsize=2,
                    label=f"{row['game']} {row['players']}p (Brier {row['brier']:.3f})")
    ax.set_xlabel("predicted win chance (bin mean)")
    ax.set_ylabel("share of wins that followed (95% interval)")
    ax.set_title("Reference win chance on held-out heuristic games")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small", loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--playouts", type=int, default=1000)
    p.add_argument("--out", default="docs/review_calibration")
    args = p.parse_args()
    rows = []
    for game_id, players in CASES:
        start = time.process_time()
        row = {"game": game_id, "players": players, "games": args.games, "playouts": args.playouts}
        row.update(summary(pairs_of(game_id, players, args.games, args.playouts), players))
        row["cpu_seconds"] = time.process_time() - start
        rows.append(row)
        print(f"{game_id} {players}p: {row['pairs']} pairs, Brier {row['brier']:.4f} "
              f"(uniform {row['brier_uniform']:.4f}), {row['cpu_seconds']:.0f} s", flush=True)
    with open(args.out + ".json", "w") as f:
        json.dump({"seed": SEED, "rows": rows}, f, indent=1)
    plot(rows, args.out + ".png")


if __name__ == "__main__":
    main()
