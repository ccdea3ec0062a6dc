"""`lama bench-rollouts`: the search bots' hot path, playouts per second from the first decision
of a round, through the rules core and through the hard bot's compiled search, on one core."""

from __future__ import annotations

import random
import time

from lama.bots.determinize import determinize
from lama.bots.rollout import playout
from lama.fast import kernel
from lama.games import new_game


def rollout_rate(game_id: str, players: int, playouts: int = 2000, seed: int = 0) -> dict:
    """Playouts per second from the first decision of a round, through the core (on the same
    determinized deals) and through the hard bot's compiled search, one core."""
    rng = random.Random(seed)
    game = new_game(game_id, players)
    state = game.new_initial_state()
    while state.to_move is None:
        state.apply_chance(state.sample_chance(rng))
    view = state.view(state.to_move)
    worlds = [determinize(view, rng) for _ in range(playouts)]
    result = {"game": game_id, "players": players, "playouts": playouts}
    play_rng = random.Random(seed)
    start = time.perf_counter()
    for w in worlds:
        playout(w, play_rng)
    result["core_per_s"] = playouts / (time.perf_counter() - start)
    search = game.hook("compiled_search")
    if search:  # the hard bot's compiled search, dealing included (after a warm-up)
        search(view, rng, 10, False, True)
        start = time.perf_counter()
        found = search(view, rng, playouts, False, True)
        done = sum(stats[0] for _, stats in found)
        result["search_per_s"] = done / (time.perf_counter() - start)
        result["search_compiled"] = kernel.COMPILED
    return result
