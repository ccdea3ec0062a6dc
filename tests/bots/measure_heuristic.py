"""Measure a bot's win share: it plays against `others` with its seat rotated.

Not a test (no assertions, takes a while). Run from the repository root:

    .venv/bin/python tests/bots/measure_heuristic.py --games 1000
    .venv/bin/python tests/bots/measure_heuristic.py --game komarami --players 3 --others heuristic

A game's win share for the bot is 1/k when it is one of k winners (ties share the win), else 0.
The 95% interval is the normal approximation over games (mean +- 1.96 standard errors).
"""

from __future__ import annotations

import argparse
import math
import sys

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match


def win_share(game_id: str = "lama", players: int = 4, games: int = 1000, bot: str = "heuristic",
              others: str = "random", seed: int = 0) -> dict:
    """Play `games` games, the bot in seat (g mod players); return the mean share and its 95% interval."""
    game = new_game(game_id, players, {})
    me, other = load_bot(bot), load_bot(others)
    shares = []
    outright = 0
    for g in range(games):
        seat = g % players
        policies = [me if s == seat else other for s in range(players)]
        state = Match(game, policies, seed=seed + g).run()
        share = 1 / len(state.winners) if seat in state.winners else 0.0
        outright += state.winners == (seat,)
        shares.append(share)
    mean = sum(shares) / games
    var = sum((x - mean) ** 2 for x in shares) / max(1, games - 1)
    half = 1.96 * math.sqrt(var / games)
    return {"games": games, "share": mean, "low": mean - half, "high": mean + half,
            "outright": outright / games, "fair_share": 1 / players}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="lama")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--others", default="random")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    r = win_share(a.game, a.players, a.games, a.bot, a.others, a.seed)
    print(f"{a.bot} vs {a.players - 1} x {a.others} in {a.game}, {r['games']} games, seats rotated:")
    print(f"  win share {r['share']:.1%} (95% interval {r['low']:.1%} to {r['high']:.1%}); "
          f"outright wins {r['outright']:.1%}; an equal bot would get {r['fair_share']:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
