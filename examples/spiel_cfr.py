"""Exact methods on a small L.L.A.M.A.: OpenSpiel's CFR+ on a variant made of the game's own
options (a smaller deck and hand, a low target, 2 players), and the exploitability (NashConv / 2)
of the heuristic bot and of CFR+'s average policy there, with a convergence plot.

    python examples/spiel_cfr.py --iterations 200 --out docs/spiel_cfr

The variant is the game's options, so it plays wherever the game does: `lama play --deck
FILE.json --hand-size 1 --target 1 --players 2`, records, the environments (`options=VARIANT`).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from lama.bots import load_bot
from lama.spiel import spiel_parameters  # importing lama.spiel registers python_lama, ...

# 2 players, one card each, a deck of five (two 1s, two 2s, a 3), the game over after the first
# round (every round gives someone a point): small enough for CFR+ to converge in seconds (a
# deck of seven, with two 3s and a llama, has 6,250 information states: minutes)
VARIANT = {"deck": {"1": 2, "2": 2, "3": 1}, "hand_size": 1, "target": 1}


def load_variant(options=VARIANT):
    return pyspiel.load_game("python_lama", spiel_parameters("lama", 2, options))


class BotPolicy(policy_lib.Policy):
    """A lama bot (`bot(view, rng)`) as an OpenSpiel policy: what it plays from the seat's view,
    its generator seeded the same at every decision (a function of the information state)."""

    def __init__(self, game, name: str = "heuristic"):
        super().__init__(game, list(range(game.num_players())))
        self.bot = load_bot(name)

    def action_probabilities(self, state, player_id=None):
        view = state.lama.view(state.current_player())
        chosen = state.spiel_game.lama.action_id(self.bot(view, random.Random(0)))
        return {a: float(a == chosen) for a in state.legal_actions()}


def run(iterations: int, every: int) -> dict:
    game = load_variant()
    heuristic = exploitability.exploitability(game, BotPolicy(game))
    solver = cfr.CFRPlusSolver(game)
    curve = []
    start = time.perf_counter()
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i == 1 or i % every == 0 or i == iterations:
            curve.append((i, exploitability.exploitability(game, solver.average_policy()),
                          time.perf_counter() - start))
    return {"variant": VARIANT, "players": 2, "information_states": len(solver.current_policy().state_lookup),
            "heuristic": heuristic, "cfr_plus": curve[-1][1], "seconds": curve[-1][2],
            "curve": [{"iteration": i, "exploitability": e, "seconds": t} for i, e, t in curve]}


def save(result: dict, out: str, step: str, label: str, xlabel: str, title: str, logx: bool = True) -> None:
    """OUT.json (the result) and OUT.png: the exploitability of the method's policy (`label`) at
    each point of its curve (`step`: the point's count of iterations or episodes, on a log scale
    when `logx`), beside the heuristic bot's."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(out)
    path.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot([p[step] for p in result["curve"]], [p["exploitability"] for p in result["curve"]], label=label)
    ax.axhline(result["heuristic"], color="tab:red", linestyle="--", label="heuristic bot")
    ax.set_xscale("log" if logx else "linear")
    ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("exploitability (NashConv / 2)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path.with_suffix(".png"), dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--every", type=int, default=10, help="measure the exploitability every this many")
    parser.add_argument("--out", help="write OUT.json and OUT.png")
    args = parser.parse_args()
    result = run(args.iterations, args.every)
    print(f"{result['information_states']} information states; exploitability: heuristic "
          f"{result['heuristic']:.4f}, CFR+ after {args.iterations} iterations {result['cfr_plus']:.6f} "
          f"({result['seconds']:.1f} s)")
    if args.out:
        save(result, args.out, "iteration", "CFR+ average policy", "CFR+ iterations",
             "A small L.L.A.M.A. (2 players, 1 card each, 5 cards)")


if __name__ == "__main__":
    main()
