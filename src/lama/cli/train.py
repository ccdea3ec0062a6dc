"""`lama train`: train the `neural` bot's network (lama.bots.neural_train) from a seed, with a
progress bar, a checkpoint per round, a learning curve (PNG) and the model file (needs the train
extra: torch, matplotlib)."""

from __future__ import annotations

import json
import os
import sys

from .types import positive


def add_arguments(p) -> None:
    from lama.bots.neural_train import Recipe
    from lama.games import GAMES, game_class

    card_games = [g for g in GAMES if game_class(g).family == "cards"]  # what the network's features read

    r = Recipe()
    p.description = ("Train the neural bot: label positions with hard's search, fit a small network on them "
                     "(rounds of DAgger: later rounds play the network's own moves), checkpoint each round and "
                     "plot its win share against the heuristic in every other seat. The defaults are the run "
                     "that made the shipped model (about 10 minutes on one core). Needs the train extra.")
    p.add_argument("--game", choices=card_games, default=r.game, help=f"the game (default {r.game})")
    p.add_argument("--players", type=int, choices=range(2, 7), default=r.players, metavar="N",
                   help=f"2 to 6 (default {r.players})")
    p.add_argument("--seed", type=int, default=r.seed, help=f"the seed of the games and the network (default {r.seed})")
    p.add_argument("--rounds", type=positive, default=r.rounds,
                   help=f"rounds of labeling and fitting (default {r.rounds})")
    p.add_argument("--games", type=positive, default=r.games_per_round,
                   help=f"games labeled per round: the budget, about 150 positions each (default {r.games_per_round})")
    p.add_argument("--samples", type=positive, default=r.samples,
                   help=f"hard's playouts per labeled position (default {r.samples})")
    p.add_argument("--epochs", type=positive, default=r.epochs,
                   help=f"passes over the labels per round (default {r.epochs})")
    p.add_argument("--eval-games", type=positive, default=r.eval_games,
                   help=f"games against the heuristic after each round, for the curve (default {r.eval_games})")
    p.add_argument("--out", default="train-out", metavar="DIR",
                   help="folder for the checkpoints, curve.png and neural-GAME.npz (default train-out)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.set_defaults(func=cmd_train)


def cmd_train(args) -> int:
    try:
        import matplotlib
        import torch  # noqa: F401
        from rich.progress import Progress
    except ImportError as e:
        print(f"lama train needs the train extra (pip install 'lama[train]'): {e}", file=sys.stderr)
        return 2
    from lama.bots.neural_train import Recipe, save, train

    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        print(f"--out {args.out}: cannot make that folder ({e.strerror or e})", file=sys.stderr)
        return 2
    recipe = Recipe(game=args.game, players=args.players, seed=args.seed, rounds=args.rounds,
                    games_per_round=args.games, samples=args.samples, epochs=args.epochs, eval_games=args.eval_games)
    rounds = []

    def checkpoint(r, weights):
        save(weights, os.path.join(args.out, f"checkpoint-{r}.npz"))

    with Progress(disable=args.quiet) as bar:
        task = bar.add_task("labeling and fitting", total=recipe.rounds * recipe.games_per_round)

        def on_round(p):
            rounds.append(p)
            if not args.quiet:
                bar.console.print(f"round {p.round}: {p.positions:,} positions, loss {p.loss:.3f}, agrees with hard "
                                  f"{p.agreement:.1%}, wins {p.win_share:.1%} against the heuristic, "
                                  f"{p.steps / p.seconds:,.0f} agent steps/s")

        weights = train(recipe, on_game=lambda: bar.advance(task), on_round=on_round, checkpoint=checkpoint)
    model = os.path.join(args.out, f"neural-{args.game}.npz")
    save(weights, model)
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    curve = rounds[-1].curve
    ax.plot([c[0] for c in curve], [100 * c[1] for c in curve], marker="o", label="neural")
    ax.axhline(100 / args.players, color="grey", linestyle="--", label="a fair share")
    ax.set_xlabel("positions labeled by hard's search")
    ax.set_ylabel(f"win share against {args.players - 1} heuristic (%)")
    ax.set_title(f"lama train: {args.game}, {args.players} players, seed {args.seed}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "curve.png"))
    plt.close(fig)
    last = rounds[-1]
    summary = {"game": args.game, "players": args.players, "seed": args.seed, "positions": last.positions,
               "win_share": last.win_share, "curve": curve, "seconds": round(last.seconds, 1),
               "agent_steps": last.steps, "agent_steps_per_second": round(last.steps / last.seconds, 1),
               "model": model}
    if args.json:
        print(json.dumps(summary))
    else:
        rate = summary["agent_steps_per_second"]
        print(f"{last.steps:,} agent steps in {last.seconds:,.0f} s ({rate:,.0f} a second, "
              f"labels by hard's search included); model {model}, curve {os.path.join(args.out, 'curve.png')}")
    return 0
