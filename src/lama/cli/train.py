"""`lama train`: train the `neural` bot's network from a seed: imitation of hard's search
(lama.bots.neural_train), then reinforcement learning on the fast engine (PPO, lama.envs.neural_rl, or
deep Monte-Carlo, lama.envs.neural_dmc, or policy iteration by rollouts, lama.envs.neural_rollouts),
with a progress bar, checkpoints, a learning curve (PNG), the agent steps per second of each phase
and end to end, and the model file (needs the train extra: torch, matplotlib)."""

from __future__ import annotations

import datetime
import json
import math
import os
import shlex
import subprocess
import sys
import time
from dataclasses import asdict

from lama.i18n import _

from .types import positive


def non_negative(text: str) -> int:
    return 0 if text.strip() == "0" else positive(text)


def _number(text: str, fits, what: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = math.nan  # fits nothing
    if not fits(value):
        raise argparse.ArgumentTypeError(f"{text!r}: {what}")
    return value


def weight(text: str) -> float:
    return _number(text, lambda v: 0.0 <= v < math.inf, "a weight of 0 or more, e.g. 1")


def share(text: str) -> float:
    return _number(text, lambda v: 0.0 <= v <= 1.0, "a share from 0 to 1, e.g. 0.5")


def widths(text: str) -> tuple[int, ...]:
    return tuple(positive(w) for w in text.split(","))


def missing_extra(error: ImportError) -> str:
    """The one line for a missing module of the train extra (which includes the rl extra)."""
    return "lama train: " + _("{module} is not installed; install the train extra: {command}").format(
        module=error.name or error, command="pip install -e '.[train]'")


METHODS = ("ppo", "dmc", "rollouts")


def add_arguments(p) -> None:
    try:  # the recipes' defaults are the help's; the rl extra's gymnasium loads with them
        from lama.bots.neural import has_network
        from lama.bots.neural_fit import TARGETS
        from lama.bots.neural_train import OPPONENTS, Recipe
        from lama.envs.neural_dmc import UNTIL, DMCRecipe
        from lama.envs.neural_rl import RLRecipe
        from lama.envs.neural_rollouts import RolloutRecipe
    except ImportError as e:  # before any option is read: `lama train`, `lama train --help` alike
        print(missing_extra(e), file=sys.stderr)
        raise SystemExit(2) from None
    from lama.games import GAMES

    games = [g for g in GAMES if has_network(g)]  # what the network's features read

    r, rl, dmc, pi = Recipe(), RLRecipe(), DMCRecipe(), RolloutRecipe()
    p.description = ("Train the neural bot in two phases. Imitation: label positions with hard's search and fit "
                     "a small network on them (rounds of DAgger: later rounds play the network's own moves). "
                     "Reinforcement: PPO, deep Monte-Carlo or policy iteration by rollouts on the fast engine, "
                     "the network against the heuristic in every other seat. Checkpoints, a learning curve "
                     "(win share against the heuristic over agent steps, PNG), the agent steps per second of each "
                     "phase and end to end. "
                     "Needs the train extra (torch for the reinforcement phase only: the imitation fits with "
                     "numpy).")
    p.add_argument("--game", choices=games, default=r.game, help=f"the game (default {r.game})")
    p.add_argument("--players", type=int, choices=range(2, 7), default=r.players, metavar="N",
                   help=f"2 to 6 (default {r.players})")
    p.add_argument("--seed", type=int, default=r.seed, help=f"the seed of the games and the network (default {r.seed})")
    p.add_argument("--init", metavar="MODEL",
                   help="start from this model file (neural-GAME.npz, a checkpoint) instead of imitating: "
                        "no imitation rounds")
    p.add_argument("--no-heuristic-input", dest="heuristic_input", action="store_false",
                   help="learn from scratch: no imitation rounds, and the network never reads the heuristic's "
                        "choice (those inputs zeroed in training and in play); with --rl-steps")
    p.add_argument("--workers", type=positive, default=r.workers,
                   help=f"processes labeling the imitation's games (default {r.workers}; the same run on any number)")
    g = p.add_argument_group("imitation of hard (phase 1)")
    g.add_argument("--rounds", type=non_negative, default=r.rounds,
                   help=f"rounds of labeling and fitting, 0 for none (default {r.rounds})")
    g.add_argument("--games", type=non_negative, default=r.games_per_round,
                   help=f"games labeled per round: the budget, about 150 positions each; 0 with --add-labels: "
                        f"fit on those alone (default {r.games_per_round})")
    g.add_argument("--samples", type=positive, default=r.samples,
                   help=f"hard's playouts per labeled position (default {r.samples})")
    g.add_argument("--target", choices=TARGETS, default=r.target,
                   help=f"fit the search's choice (a policy) or its values of every legal move, played by the "
                        f"highest (default {r.target})")
    g.add_argument("--opponents", choices=OPPONENTS, default=r.opponents,
                   help="labelers: every seat moves as the learner; heuristic: one learner seat (rotated), the "
                        f"heuristic in the others, whose decisions are labeled too (default {r.opponents})")
    g.add_argument("--follow", type=share, default=r.follow,
                   help=f"the share of the learner's moves that are the search's choice (default {r.follow})")
    g.add_argument("--behave", metavar="MODEL",
                   help="round 0's learner moves with this model instead of the heuristic")
    g.add_argument("--hidden", type=widths, metavar="W,W,...",
                   help=f"the hidden layers' widths (default {','.join(map(str, r.hidden))}); with --rl-method "
                        f"rollouts from a model, those of each iteration's fitted network, which the model "
                        f"grows by (default the model's own)")
    g.add_argument("--labels", metavar="FILE.npz", help="also write every label (features, legal moves, the "
                                                         "search's choice and values) to this file")
    g.add_argument("--add-labels", metavar="FILE.npz", nargs="+", default=[],
                   help="fit on these labels too: the --labels files of earlier runs of this game (labeled in "
                        "parts, on other machines); they join this run's from the first round")
    g.add_argument("--epochs", type=positive, default=r.epochs,
                   help=f"passes over the labels per round (default {r.epochs})")
    g.add_argument("--batch", type=positive, default=r.batch, help=f"rows per fitting step (default {r.batch})")
    g.add_argument("--lr", type=float, default=r.lr, help=f"the fit's learning rate (Adam; default {r.lr})")
    g.add_argument("--eval-games", type=positive, default=r.eval_games,
                   help=f"games against the heuristic after each round, for the curve (default {r.eval_games})")
    g = p.add_argument_group("reinforcement learning (phase 2)")
    g.add_argument("--rl-steps", type=non_negative, default=rl.steps,
                   help=f"agent steps (the learning seat's decisions), 0 for none (default {rl.steps:,})")
    g.add_argument("--rl-method", choices=METHODS, default="ppo",
                   help="ppo: proximal policy optimisation on the win (a sampled policy); dmc: deep Monte-Carlo, "
                        "the network's scores learned as the values of its moves, the greedy play itself; "
                        "rollouts: policy iteration from a model, every legal move rolled out on the same future "
                        "and the advantages fitted beside the model (the recipe that improves the imitation "
                        "model; --rl-steps counts the decisions rolled out) (default ppo)")
    g.add_argument("--rl-envs", type=positive, help=f"games stepped at once (default {rl.envs} with ppo, "
                                                     f"{dmc.envs} with dmc, {pi.envs} with rollouts)")
    g.add_argument("--rl-threads", type=positive, default=rl.threads,
                   help=f"threads of the network and the engine (default {rl.threads}: a run is the same for a seed "
                        "and a number of threads)")
    g.add_argument("--rl-lr", type=float,
                   help=f"the network's learning rate (default {rl.lr} with ppo, {dmc.lr} with dmc, "
                        f"{pi.lr} with rollouts)")
    g.add_argument("--rl-entropy", type=float, default=rl.entropy,
                   help=f"ppo: the weight of the policy's entropy in its loss (default {rl.entropy})")
    g.add_argument("--rl-until", choices=UNTIL, default=dmc.until,
                   help=f"dmc: a move's return runs to the end of its round (its points against the others') or "
                        f"of the game (every later round and the win) (default {dmc.until})")
    g.add_argument("--rl-epsilon", type=share, default=dmc.epsilon,
                   help=f"dmc: the share of random legal moves while learning (default {dmc.epsilon})")
    g.add_argument("--rl-prior", type=weight, metavar="WEIGHT",
                   help="dmc and rollouts from a model (--init or the imitation rounds): keep it and play WEIGHT "
                        "times its scores plus the values learned beside it, the two as one network whose widths "
                        f"add up (default {pi.prior} with rollouts; with dmc {dmc.prior}: the model's scores are "
                        "read as values and learned further, as from scratch)")
    g.add_argument("--rl-iterations", type=positive, default=pi.iterations,
                   help=f"rollouts: iterations of policy improvement, each adding the starting model's width "
                        f"(default {pi.iterations})")
    g.add_argument("--rl-eval-games", type=positive, default=rl.eval_games,
                   help=f"games against the heuristic at each point of the curve (default {rl.eval_games})")
    g.add_argument("--rl-evals", type=positive, default=rl.evals,
                   help=f"points of the curve, each a checkpoint (default {rl.evals}; rollouts: one after each "
                        "iteration)")
    p.add_argument("--out", default="train-out", metavar="DIR",
                   help="folder for the checkpoints, curve.png and neural-GAME.npz (default train-out)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.set_defaults(func=cmd_train)


def commit() -> str:
    """The commit of the code that trains: LAMA_COMMIT if set (a copy without git), else git's."""
    if os.environ.get("LAMA_COMMIT"):
        return os.environ["LAMA_COMMIT"]
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10,
                             cwd=os.path.dirname(os.path.abspath(__file__)))
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def command() -> str:
    """The command line that runs (`lama train ...`), as far as this process can tell."""
    words = sys.argv[2:] if sys.argv[1:2] == ["train"] else []
    return " ".join(["lama train", *(shlex.quote(w) for w in words)])


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def load_average() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def cmd_train(args) -> int:
    # torch's threads sleep at the end of a parallel step rather than spin: spinning threads
    # wait on one another whenever another program takes a core (docs/neural.md: 2 threads on a
    # busy 2-core machine went at 38,000 steps a second spinning, 88,000 sleeping). Read once,
    # when torch loads.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    if args.rl_prior is not None and (args.rl_method == "ppo" or not args.rl_steps):
        print("--rl-prior keeps a starting model beside learned values: give --rl-method dmc or rollouts and "
              "--rl-steps N", file=sys.stderr)
        return 2
    if (args.rl_prior or args.rl_method == "rollouts") and args.rl_steps and args.init is None and args.rounds == 0:
        what = "--rl-method rollouts" if args.rl_method == "rollouts" else "--rl-method dmc with --rl-prior"
        print(f"{what} improves a model: give --init MODEL or imitation rounds", file=sys.stderr)
        return 2
    if args.hidden and args.init is not None and args.rl_method != "rollouts":
        print("--hidden with --init: the model keeps its own widths; --hidden sets those of a model trained here "
              "or, with --rl-method rollouts, of each iteration's fitted network", file=sys.stderr)
        return 2
    try:
        import matplotlib  # noqa: F401
        from rich.console import Console
        from rich.progress import Progress

        if args.rl_steps:
            import torch  # noqa: F401  (the reinforcement phase's; the imitation fits with numpy)
    except ImportError as e:
        print(missing_extra(e), file=sys.stderr)
        return 2
    from lama.bots.neural import AgentError, hidden_widths, read_agent, save_agent
    from lama.bots.neural_train import Labels, Recipe, train
    from lama.envs.neural_dmc import DMCRecipe, train_dmc
    from lama.envs.neural_rl import EVAL_SEED, RLRecipe, train_rl
    from lama.envs.neural_rl import win_share as engine_win_share
    from lama.envs.neural_rollouts import RolloutRecipe, train_rollouts

    def agent(option: str, path: str):
        try:
            return read_agent(path, args.game)
        except AgentError as e:
            print(f"{option} {path}: {e}", file=sys.stderr)
            return None

    weights = behave = None
    if args.init is not None:
        if (start := agent("--init", args.init)) is None:
            return 2
        weights = start.weights
        if not start.heuristic_input:
            args.heuristic_input = False  # an agent that learned without the heuristic goes on without it
    if not args.heuristic_input:
        if not args.rl_steps:
            print("--no-heuristic-input learns by reinforcement alone: give --rl-steps N", file=sys.stderr)
            return 2
        args.rounds = 0
    if args.behave is not None:
        if (behaving := agent("--behave", args.behave)) is None:
            return 2
        behave = behaving.weights
    if weights is None and args.rounds == 0 and args.rl_steps == 0:
        print("nothing to train: --rounds 0 and --rl-steps 0 without --init", file=sys.stderr)
        return 2
    kept = None
    if args.add_labels:
        if weights is not None or args.rounds == 0:
            print("--add-labels joins the imitation's rounds: give --rounds 1 or more, without --init", file=sys.stderr)
            return 2
        kept = Labels(args.game)
        for path in args.add_labels:
            try:
                kept.join(Labels.load(path, args.game))
            except ValueError as e:
                print(f"--add-labels {path}: {e}", file=sys.stderr)
                return 2
    elif args.games == 0 and args.rounds:
        print("nothing to fit: --games 0 without --add-labels", file=sys.stderr)
        return 2
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        print(f"--out {args.out}: cannot make that folder ({e.strerror or e})", file=sys.stderr)
        return 2
    recipe = Recipe(game=args.game, players=args.players, seed=args.seed, rounds=0 if weights is not None else
                    args.rounds, games_per_round=args.games, samples=args.samples, epochs=args.epochs,
                    eval_games=args.eval_games, target=args.target, opponents=args.opponents, follow=args.follow,
                    hidden=args.hidden or Recipe.hidden, workers=args.workers, batch=args.batch, lr=args.lr)
    common = dict(game=args.game, players=args.players, seed=args.seed, steps=args.rl_steps, threads=args.rl_threads,
                  eval_games=args.rl_eval_games, evals=args.rl_evals, heuristic_input=args.heuristic_input)
    method = args.rl_method.upper()  # as the progress and the checkpoints name it
    if args.rl_method == "dmc":
        rl, learn = DMCRecipe(**common, until=args.rl_until, epsilon=args.rl_epsilon,
                              prior=args.rl_prior or 0.0), train_dmc
    elif args.rl_method == "rollouts":
        common.pop("evals")  # a point of the curve after each iteration
        rl, learn = RolloutRecipe(**common, iterations=args.rl_iterations), train_rollouts
        if args.rl_prior is not None:
            rl.prior = args.rl_prior
    else:
        rl, learn = RLRecipe(**common, entropy=args.rl_entropy), train_rl
    if args.rl_envs is not None:
        rl.envs = args.rl_envs
    if args.rl_lr is not None:
        rl.lr = args.rl_lr
    say = (lambda *a: None) if args.quiet else None

    def made_by(stage: str, **more) -> dict:
        """A saved agent's record of what made it (lama.bots.neural.save_agent)."""
        phases = {"imitation": asdict(recipe)} if recipe.rounds else {}
        if rl.steps:
            phases["reinforcement"] = {"method": args.rl_method, **asdict(rl)}
        return {"game": args.game, "seed": args.seed, "stage": stage, "commit": commit(), "made": today(),
                "heuristic_input": args.heuristic_input,
                "recipe": {"command": command(), "init": args.init, "behave": args.behave, **phases}, **more}

    phases, curve = [], []  # curve: (agent steps so far, win share, phase)
    loads = [load_average()]
    start = time.perf_counter()

    with Progress(disable=args.quiet, console=Console(stderr=True) if args.json else None) as bar:
        say = say or bar.console.print
        if recipe.rounds:
            task = bar.add_task("imitation of hard", total=recipe.rounds * recipe.games_per_round)
            rounds = []

            def on_round(p):
                rounds.append(p)
                curve.append((p.steps, p.win_share, "imitation"))
                rate = f"{p.steps / p.seconds:,.0f} agent steps/s" if p.steps else "no games labeled"
                say(f"round {p.round}: {p.positions:,} positions, loss {p.loss:.3f}, agrees with hard "
                    f"{p.agreement:.1%}, wins {p.win_share:.1%} against the heuristic, {rate}")

            def checkpoint(r, w):
                save_agent(os.path.join(args.out, f"checkpoint-{r}.npz"), w, made_by(f"imitation round {r}"))

            keep = None if args.labels is None else (lambda labels: labels.save(args.labels))
            def measure(w):  # the curve's games, on the compiled engine (as the reinforcement phase's)
                return engine_win_share(w, recipe.game, recipe.players, recipe.eval_games,
                                        recipe.seed * 10 + EVAL_SEED)[0]

            weights = train(recipe, on_game=lambda: bar.advance(task), on_round=on_round, checkpoint=checkpoint,
                            start=behave, keep=keep, measure=measure, labels=kept)
            last = rounds[-1]
            phases.append({"phase": "imitation", "agent_steps": last.steps, "seconds": round(last.seconds, 1),
                           "agent_steps_per_second": round(last.steps / last.seconds, 1), "positions": last.positions,
                           "win_share": last.win_share})
            loads.append(load_average())
        if rl.steps:
            before = curve[-1][0] if curve else 0
            task = bar.add_task(f"reinforcement ({method})", total=rl.steps)

            def on_eval(steps, share, w):
                curve.append((before + steps, share, "reinforcement"))
                save_agent(os.path.join(args.out, f"checkpoint-rl-{steps}.npz"), w, made_by(f"{method} {steps} steps"))
                say(f"{method} {steps:,} steps: wins {share:.1%} against the heuristic")

            # --hidden with a model reaches here with rollouts alone: their fitted networks' widths
            hidden = args.hidden or (recipe.hidden if weights is None else hidden_widths(weights))
            weights, info = learn(rl, weights, hidden,
                                  on_update=lambda steps: bar.update(task, completed=steps), on_eval=on_eval)
            phases.append({"phase": "reinforcement", "method": args.rl_method, "agent_steps": info["steps"],
                           "seconds": round(info["seconds"], 1),
                           "agent_steps_per_second": round(info["steps"] / info["seconds"], 1),
                           "of_which_evaluation_seconds": round(info["eval_seconds"], 1), "threads": rl.threads,
                           "win_share": curve[-1][1]})
            if "rollout_steps" in info:  # the learning seat's decisions in the forks besides
                phases[-1]["rollout_steps"] = info["rollout_steps"]
            loads.append(load_average())
    seconds = time.perf_counter() - start
    model = os.path.join(args.out, f"neural-{args.game}.npz")
    save_agent(model, weights, made_by("the whole run", win_share=curve[-1][1] if curve else None))
    plot(curve, args, os.path.join(args.out, "curve.png"))
    steps = sum(p["agent_steps"] for p in phases)
    summary = {"game": args.game, "players": args.players, "seed": args.seed, "phases": phases,
               "agent_steps": steps, "seconds": round(seconds, 1),
               "agent_steps_per_second": round(steps / seconds, 1) if seconds else None,
               "win_share": curve[-1][1] if curve else None, "curve": curve, "load_average": loads, "model": model}
    if phases and phases[0]["phase"] == "imitation":
        summary["positions"] = phases[0]["positions"]
    if args.json:
        print(json.dumps(summary))
    else:
        what = {"imitation": "hard's search labels, fits and the curve's games",
                "reinforcement": f"end to end: engine, network, updates and the curve's games, "
                                 f"{rl.threads} thread{'s' if rl.threads > 1 else ''}"}
        for p in phases:
            if not p["agent_steps"]:  # --games 0: a fit on kept labels alone
                print(f"{p['phase']}: {p['positions']:,} kept labels fitted in {p['seconds']:,.1f} s, no games played")
                continue
            print(f"{p['phase']}: {p['agent_steps']:,} agent steps in {p['seconds']:,.1f} s, "
                  f"{p['agent_steps_per_second']:,.0f} a second ({what[p['phase']]})")
        print(f"whole run: {steps:,} agent steps in {seconds:,.1f} s, {summary['agent_steps_per_second'] or 0:,.0f} "
              f"a second (every phase, start-up and checkpoints; load average {loads}); "
              f"model {model}, curve {os.path.join(args.out, 'curve.png')}")
    return 0


def plot(curve, args, path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    for phase, marker in (("imitation", "o"), ("reinforcement", "s")):
        points = [c for c in curve if c[2] == phase]
        if points:
            ax.plot([c[0] for c in points], [100 * c[1] for c in points], marker=marker, label=phase)
    ax.axhline(100 / args.players, color="grey", linestyle="--", label="a fair share")
    ax.set_xlabel("agent steps")
    ax.set_ylabel(f"win share against {args.players - 1} heuristic (%)")
    ax.set_title(f"lama train: {args.game}, {args.players} players, seed {args.seed}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
