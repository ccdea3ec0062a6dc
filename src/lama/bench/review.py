"""`lama bench-review`: how long the review of one game takes (lama.review), on one core.

Games of `heuristic` seats are played and recorded first (not timed); one review runs before the
clock starts (numba's kernels loaded or compiled); then each record is reviewed and timed, wall
clock and the process's CPU clock."""

from __future__ import annotations

import statistics
import time

from lama.bots.heuristic import heuristic_bot
from lama.games import new_game
from lama.match import Match
from lama.review.chances import PLAYOUTS
from lama.review.game import review
from lama.review.judge import SAMPLES


def records(game_id: str, players: int, games: int, seed: int) -> list[dict]:
    out = []
    for i in range(games):
        match = Match(new_game(game_id, players), [heuristic_bot] * players, seed=seed + i)
        match.run()
        out.append(match.record.whole_moves())
    return out


def review_times(game_id: str = "lama", players: int = 4, games: int = 10, seed: int = 0,
                 playouts: int = PLAYOUTS, samples: int = SAMPLES) -> dict:
    """Seconds per game's review (median, min, max; wall and CPU), with the games' sizes."""
    games_played = records(game_id, players, games, seed)
    review(games_played[0], playouts, samples)  # the kernels loaded before the clock starts
    wall, cpu, steps, decisions, moves = [], [], [], [], []
    for data in games_played:
        w0, c0 = time.perf_counter(), time.process_time()
        result = review(data, playouts, samples)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
        steps.append(len(result.steps))
        decisions.append(sum(len(t.decisions) for t in result.seats))
        moves.append(sum(len(r["moves"]) for r in data["rounds"]))
    return {
        "game": game_id, "players": players, "games": games, "seed": seed,
        "playouts": playouts, "samples": samples,
        "seconds": statistics.median(wall), "seconds_min": min(wall), "seconds_max": max(wall),
        "cpu_seconds": statistics.median(cpu), "cpu_seconds_max": max(cpu),
        "moves_per_game": statistics.mean(moves), "moves_max": max(moves),
        "steps_per_game": statistics.mean(steps), "decisions_per_game": statistics.mean(decisions),
    }
