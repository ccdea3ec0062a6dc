"""What a round's end is worth: the search bots' estimate of each seat's chance to win.

When a playout ends the game, the value is the real result. Otherwise it is a softmax of
-points / T over the seats, where the temperature T depends on how close the leader is to
the target: early on a few points hardly matter, near the end they decide the game. The
temperatures were fitted (maximum likelihood) to who went on to win from the points at each
round's end, in games of `heuristic` seats of every game and player count; see
tools/fit_round_values.py, which wrote data/round-values.json.

The bots use SHARPEN times the fitted temperatures: a sharper value chose better moves.
Measured with `lama strength --game lama --players 4 --bot hard --vs heuristic --games 1000
--seed 5000` (the same games each time): 35.8% with the fitted temperatures, 37.5% with
0.6 times them, 35.9% with 0.4 times. So the values are a win chance's shape, not a
calibrated win chance.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources

BIN = 5  # points of distance to the target per temperature
BINS = 8  # the last bin holds every distance from 35 on
FALLBACK = 25.0  # for a game or player count the file does not have
SHARPEN = 0.6


@cache
def _fitted() -> dict:
    return json.loads(resources.files("lama").joinpath("data", "round-values.json").read_text(encoding="utf-8"))


@cache
def fitted_temperatures(game_id: str, players: int) -> tuple[float, ...]:
    """T for each bin of the leader's distance to the target (bin 0: 1 to 5 points short)."""
    fitted = _fitted()["temperatures"].get(game_id, {}).get(str(players))
    return tuple(float(t) for t in fitted) if fitted else (FALLBACK,) * BINS


@cache
def temperatures(game_id: str, players: int) -> tuple[float, ...]:
    """The temperatures the search bots use (SHARPEN times the fitted ones)."""
    return tuple(SHARPEN * t for t in fitted_temperatures(game_id, players))


def temperature_bin(target: int, leader: int) -> int:
    return min(max(target - leader - 1, 0), BIN * BINS - 1) // BIN


def round_values(points, target: int, temps) -> list[float]:
    """Every seat's estimated chance to win from `points` at a round's end (game not over)."""
    low = min(points)
    t = temps[temperature_bin(target, max(points))]
    weights = [math.exp((low - p) / t) for p in points]
    total = sum(weights)
    return [w / total for w in weights]
