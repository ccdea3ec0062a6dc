"""Fit the search bots' round values (bots/values.py) and write src/lama/data/round-values.json.

For every game and player count it plays GAMES games of `heuristic` seats (seeds from
1,000,000 on), and at each round's end that did not end the game it notes the points and
who went on to win. For each bin of the leader's distance to the target it picks the
temperature T (from a grid) that makes softmax(-points / T) most likely to name the winners
(log-likelihood; tied winners share). A bin with fewer than MIN_ROWS round ends takes the
temperature of the bin nearer the target. Far from the target the likelihood is flat and the fit
noisy, so the temperatures are then made non-decreasing with the distance (a few points
never matter more far from the end than near it).

    .venv/bin/python tools/fit_round_values.py [GAMES]     # default 3000; about 10 minutes
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

from lama.bots import load_bot
from lama.bots.values import BINS, temperature_bin
from lama.games import GAMES, new_game
from lama.match import Match

GRID = (2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 17, 20, 25, 30, 40, 60, 100)
MIN_ROWS = 100
OUT = Path(__file__).resolve().parent.parent / "src" / "lama" / "data" / "round-values.json"


def round_ends(game_id: str, players: int, games: int):
    heuristic = load_bot("heuristic")
    for g in range(games):
        game = new_game(game_id, players)
        state = Match(game, [heuristic] * players, seed=1_000_000 + g).run()
        for scored in state.history[:-1]:
            yield scored.scores, state.winners, game.target


def log_likelihood(t: float, rows) -> float:
    total = 0.0
    for points, winners, _ in rows:
        low = min(points)
        log_z = math.log(sum(math.exp((low - p) / t) for p in points))
        total += sum((low - points[s]) / t - log_z for s in winners) / len(winners)
    return total


def fit(game_id: str, players: int, games: int) -> list[float]:
    bins = [[] for _ in range(BINS)]
    for row in round_ends(game_id, players, games):
        points, _, target = row
        bins[temperature_bin(target, max(points))].append(row)
    temps = []
    for rows in bins:  # near the target first, so a thin bin can borrow from the one before
        if len(rows) < MIN_ROWS:
            temps.append(temps[-1] if temps else 25)
        else:
            temps.append(max(GRID, key=lambda t: log_likelihood(t, rows)))
    for i in range(1, BINS):
        temps[i] = max(temps[i], temps[i - 1])
    return temps


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    temperatures = {}
    for game_id in GAMES:
        temperatures[game_id] = {}
        for players in range(2, 7):
            temperatures[game_id][str(players)] = fit(game_id, players, games)
            print(game_id, players, temperatures[game_id][str(players)], flush=True)
    OUT.write_text(dumps({
        "about": "bots/values.py: softmax temperatures per bin of 5 points of the leader's distance to the "
                 "target (bin 0: 1-5 short), fitted by tools/fit_round_values.py",
        "games": games,
        "temperatures": temperatures,
    }), encoding="utf-8")


def dumps(data) -> str:
    """JSON with each list of numbers on one line."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[\s+([-\d.,\s]+?)\s+\]", lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  text) + "\n"


if __name__ == "__main__":
    main()
