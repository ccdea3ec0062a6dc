"""Compile every kernel into the cache (lama.fast.jitcache) once, before anything needs them:
`python tools/warm_kernels.py`. A cold cache otherwise makes every process that starts at the same
time (the test suite's workers, a server's bot pool, a tournament's workers) compile the same
kernels side by side; after this each of them loads them in milliseconds.

The kernels are reached through the calls that use them (a game's first call compiles it and
everything it calls), in PARTS that two processes can compile at once: `--part 1/2` and
`--part 2/2`; without `--part`, all of them. A card game and Dice cover every family: the rules
row is an array, so one compiled kernel serves every game of the family.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

GAMES = ("lama", "dice")  # a card game and Dice: every family's kernels


def engine() -> None:
    """The fast engine's W1 loop (lama bench --engine fast)."""
    from lama.fast.w1 import w1_games_fast
    from lama.games import new_game

    for game_id in GAMES:
        w1_games_fast(new_game(game_id, 4), 1)


def matches() -> None:
    """Whole games of compiled bots (lama.sim.compiled_match: tournaments, strength)."""
    from lama.bots.compiled import policies
    from lama.games import new_game
    from lama.sim import compiled_match

    for game_id in GAMES:
        seats = [[policies.HEURISTIC, policies.RANDOM, policies.EASY, policies.HEURISTIC]]
        compiled_match.Batch(new_game(game_id, 4), [1], seats).play()


def searches() -> None:
    """The hard bot's compiled search (and its playouts) on a view."""
    from lama.bots import load_bot
    from lama.games import new_game
    from lama.sim.strength import warm_up

    for game_id in GAMES:
        warm_up(load_bot("hard"), new_game(game_id, 3))


def environments() -> None:
    """The vector environments: self-play, and one seat against compiled opponents with either
    observation; the neural bot's features in training (envs.neural_rl)."""
    from lama.envs.neural_rl import Seats
    from lama.envs.vector import LamaVectorEnv, SelfPlay

    def first_legal(mask):
        return np.array([int(np.flatnonzero(m)[0]) for m in mask])

    for game_id in GAMES:
        play = SelfPlay(game_id, 3, num_envs=2)
        _, mask, _ = play.reset(seed=0)
        for _ in range(8):
            _, mask, _, _, _ = play.step(first_legal(mask))
        for observation in ("summary", "info_state"):
            env = LamaVectorEnv(game_id, 2, players=3, opponents="heuristic", observation=observation)
            _, info = env.reset(seed=0)
            for _ in range(8):
                _, _, _, _, info = env.step(first_legal(info["action_mask"]))
    seats = Seats("lama", 3, 3, seed=0)
    seats.step(np.zeros(seats.rows, dtype=np.int64))


def reviews() -> None:
    """The review's win chance (lama.review.chances) and its judge (the hard search, as above)."""
    from lama.fast.engine import Engine
    from lama.games import new_game
    from lama.review.chances import WinChances

    for game_id in GAMES:
        game = new_game(game_id, 3)
        engine = Engine(game)
        st = engine.new_state(0)
        engine.advance(st)
        WinChances(game, 1).of_row(st, 0)


PARTS = ((engine, matches, searches, reviews), (environments,))  # 37 s and 42 s on a cold cache (2-core machine)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/warm_kernels.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default=None, metavar="K/N", help=f"compile part K of {len(PARTS)} only")
    args = parser.parse_args(argv)
    chosen = PARTS
    if args.part is not None:
        k, _, n = args.part.partition("/")
        if not (k.isdigit() and n == str(len(PARTS)) and 1 <= int(k) <= len(PARTS)):
            parser.error(f"--part is K/{len(PARTS)} with K from 1 to {len(PARTS)}, not {args.part!r}")
        chosen = (PARTS[int(k) - 1],)
    start = time.perf_counter()
    for part in chosen:
        for step in part:
            step()
    print(f"kernels ready in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
