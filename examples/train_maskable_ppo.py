"""Train a policy for 4-player L.L.A.M.A. against 3 heuristic bots with sb3-contrib's MaskablePPO.

    pip install -e '.[train]'       # sb3-contrib and torch: install the CPU build of torch first
    python examples/train_maskable_ppo.py --minutes 25
    python examples/train_maskable_ppo.py --steps 256 --out /tmp/ppo.zip --plot /tmp/curve.png

The learning seat plays `gymnasium.make("lama/Lama-v0", players=4, opponents="heuristic")`
(seat rotated from game to game, so the policy is not tied to one seat). It learns from the
environment's "points" reward (each round: the others' average point gain minus its own, times
`--reward-scale`), because a random policy never wins against three heuristic bots and the "win"
reward alone gives it nothing to learn from; `--reward win` trains on wins. The learning curve is
the win share (1 to the winner at game end, ties split) over the last 500 games, whatever the
reward. Training stops after `--minutes` of wall time or `--steps` environment
steps, whichever comes first. It saves the model (`--out`), the learning curve as a PNG
(`--plot`) and its numbers as JSON (the plot's name with `.json`). `examples/ppo_bot.py` plays
the saved model as a bot: `lama strength --bot examples.ppo_bot:bot --vs heuristic`.

CPU only: the policy is a small MLP, and torch runs with `--threads` threads (default 1).
Nothing is downloaded at run time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import deque
from pathlib import Path

os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")  # CPU only, even where a GPU build is installed

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402

import lama.envs  # noqa: E402,F401  (registers lama/Lama-v0)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "examples" / "ppo_lama4.zip"
DEFAULT_PLOT = ROOT / "docs" / "ppo_learning_curve.png"


class SeatRotation(gymnasium.Wrapper):
    """Each new game puts the learning seat at the next seat (0, 1, 2, 3, 0, ...); rewards are
    multiplied by `scale`, and the last step of a game says the seat's win share (`info["win"]`)."""

    def __init__(self, make, players: int, first: int = 0, scale: float = 1.0):
        self._make = make
        self._scale = scale
        self._players = players
        self._next = first % players
        self._envs = {}
        super().__init__(self._env_for(self._next))

    def _env_for(self, seat: int):
        if seat not in self._envs:
            self._envs[seat] = self._make(seat)
        return self._envs[seat]

    def reset(self, **kwargs):
        self.env = self._env_for(self._next)
        self._next = (self._next + 1) % self._players
        return self.env.reset(**kwargs)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated or truncated:  # the learning seat's share of the win, whatever the reward
            env = self.env.unwrapped
            winners = env.table.state.winners if env.table.finished else ()
            info["win"] = 1.0 / len(winners) if env.seat in winners else 0.0
        return obs, reward * self._scale, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=30.0, help="wall-time budget in minutes (default 30)")
    p.add_argument("--steps", type=int, default=None, help="at most this many environment steps (a smoke run)")
    p.add_argument("--players", type=int, default=4, help="players (default 4)")
    p.add_argument("--opponents", default="heuristic", help="bot in every other seat (default heuristic)")
    p.add_argument("--reward", choices=("points", "win"), default="points",
                   help="the environment's reward (default points: each round's point difference to the "
                        "others' average; a random policy never wins against heuristic bots, so win alone "
                        "gives no signal at first)")
    p.add_argument("--reward-scale", type=float, default=0.1, help="rewards are multiplied by this (default 0.1)")
    p.add_argument("--envs", type=int, default=8, help="environments stepped in lockstep (default 8)")
    p.add_argument("--seed", type=int, default=0, help="seed of the environments and the network (default 0)")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT,
                   help=f"saved model (default {DEFAULT_OUT.relative_to(ROOT)})")
    p.add_argument("--plot", type=Path, default=DEFAULT_PLOT,
                   help=f"learning curve PNG (default {DEFAULT_PLOT.relative_to(ROOT)})")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
        from stable_baselines3.common.monitor import Monitor
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as e:
        print(f"train_maskable_ppo: needs the train extra (pip install -e '.[train]'): {e}", file=sys.stderr)
        return 2
    torch.set_num_threads(args.threads)
    budget = args.minutes * 60.0
    total = args.steps if args.steps is not None else 10**10

    def make_env(rank: int):
        def make(seat: int):
            return Monitor(gymnasium.make("lama/Lama-v0", players=args.players, opponents=args.opponents, seat=seat,
                                          reward=args.reward))

        def thunk():
            return SeatRotation(make, args.players, first=rank, scale=args.reward_scale)
        return thunk

    venv = DummyVecEnv([make_env(i) for i in range(args.envs)])
    venv.seed(args.seed)
    # rollouts of n_steps per environment; a smoke run takes smaller ones
    n_steps = 256 if args.steps is None else max(8, min(256, args.steps // args.envs))
    batch = n_steps * args.envs
    model = MaskablePPO(
        "MlpPolicy", venv, n_steps=n_steps, batch_size=min(512, batch), n_epochs=4,
        learning_rate=3e-4, gamma=0.995, gae_lambda=0.95, ent_coef=0.01, clip_range=0.2,
        policy_kwargs={"net_arch": [128, 128]}, seed=args.seed, device="cpu", verbose=0,
    )

    curve = []  # (environment steps, minutes, win share of the last 500 games, episodes)
    start = time.monotonic()

    class Budget(BaseCallback):
        """Stops at the time budget; records the learning curve at every rollout's end."""

        def __init__(self):
            super().__init__()
            self.rewards = deque(maxlen=500)
            self.episodes = 0
            self.last_print = 0.0

        def _on_step(self) -> bool:
            for info in self.locals.get("infos", ()):
                if "win" in info:
                    self.rewards.append(float(info["win"]))
                    self.episodes += 1
            return time.monotonic() - start < budget

        def _on_rollout_end(self) -> None:
            if self.rewards:
                elapsed = time.monotonic() - start
                mean = float(np.mean(self.rewards))
                curve.append((int(self.num_timesteps), round(elapsed / 60, 3), mean, self.episodes))
                if elapsed - self.last_print >= 30 or args.steps is not None:
                    self.last_print = elapsed
                    print(f"{elapsed / 60:6.1f} min  {self.num_timesteps:>9} steps  {self.episodes:>7} games  "
                          f"win share (last {len(self.rewards)}) {mean:.3f}", flush=True)

    callback = Budget()
    model.learn(total_timesteps=total, callback=callback)
    elapsed = time.monotonic() - start
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(f"trained {model.num_timesteps} steps ({callback.episodes} games) in {elapsed / 60:.1f} min; "
          f"saved {args.out} ({args.out.stat().st_size // 1024} KiB)", flush=True)

    meta = {"game": "lama", "players": args.players, "opponents": args.opponents, "steps": int(model.num_timesteps),
            "games": callback.episodes, "reward": args.reward, "reward_scale": args.reward_scale,
            "minutes": round(elapsed / 60, 2), "envs": args.envs, "seed": args.seed,
            "torch": torch.__version__, "curve": curve}
    args.plot.parent.mkdir(parents=True, exist_ok=True)
    args.plot.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n")
    plot(curve, args, elapsed)
    print(f"learning curve: {args.plot}", flush=True)
    return 0


def plot(curve, args, elapsed: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    if curve:
        steps = [c[0] for c in curve]
        ax.plot(steps, [c[2] for c in curve], label=f"MaskablePPO (reward: {args.reward})")
    ax.axhline(1 / args.players, color="grey", linestyle="--", label=f"even share (1/{args.players})")
    ax.set_xlabel("environment steps (the learning seat's decisions)")
    ax.set_ylabel("win share (last 500 games)")
    ax.set_title(f"{args.players}-player L.L.A.M.A. vs {args.players - 1} {args.opponents} bots "
                 f"({elapsed / 60:.0f} min, CPU)")
    ax.set_ylim(0, max(0.6, max((c[2] for c in curve), default=0) + 0.05))
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.plot)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
