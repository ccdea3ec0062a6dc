"""Train a small numpy policy for 4-player L.L.A.M.A. against a league of its own frozen checkpoints.

    pip install -e '.[rl,fast]'
    python examples/train_league.py                      # about a minute on one core
    python examples/train_league.py --generations 4 --updates 10 --out /tmp/league

The policy is linear (a softmax over the legal action ids of `W @ obs + b`, the observation
scaled by the space's bounds), trained by REINFORCE with a running baseline on the compiled
vector environment (`lama.envs.vector.LamaVectorEnv`, Gymnasium's NEXT_STEP autoreset: the step
after a game's end deals anew and its action is ignored, so those steps are left out). Each
generation, the policy is frozen into a checkpoint file (`.npz` in `--out`, a temporary folder
by default) and joins the league; the next generation's opponents are seats played by league
members, each seat a batched policy (observations and masks in, actions out) drawn from the
checkpoints on disk, next to one compiled `heuristic` seat: a mix per seat. At the end it reports
the win share (ties split) of the first and the last checkpoint against three `heuristic` bots
and against three `random` ones, over the same seeded games.

Numpy only: nothing is downloaded, no torch.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from lama.envs.vector import LamaVectorEnv


class Linear:
    """A masked softmax policy over the action ids: logits = obs / scale @ W + b."""

    def __init__(self, w: np.ndarray, b: np.ndarray, scale: np.ndarray):
        self.w, self.b, self.scale = w, b, scale

    @classmethod
    def load(cls, path: Path) -> Linear:
        data = np.load(path)
        return cls(data["w"], data["b"], data["scale"])

    def save(self, path: Path) -> None:
        np.savez(path, w=self.w, b=self.b, scale=self.scale)

    def probabilities(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        logits = np.where(masks, (obs / self.scale) @ self.w + self.b, -np.inf)
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        return p / p.sum(axis=1, keepdims=True)

    def sample(self, obs: np.ndarray, masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        p = self.probabilities(obs, masks)
        return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)


class Frozen:
    """A seat played by a frozen checkpoint (a batched policy for LamaVectorEnv's opponents)."""

    def __init__(self, path: Path, seed: int):
        self.policy = Linear.load(path)
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return self.policy.sample(obs, masks, self.rng)


def train_generation(policy: Linear, opponents: list, args, seed: int) -> float:
    """`args.updates` REINFORCE updates of `policy` against `opponents`; the mean step reward."""
    env = LamaVectorEnv("lama", args.envs, players=4, opponents=opponents, reward="points")
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    masks = infos["action_mask"]
    fresh = np.zeros(args.envs, dtype=np.bool_)  # the row deals anew this step: its action is ignored
    baseline, rewards_seen = 0.0, []
    for _ in range(args.updates):
        xs, ps, actions, rewards, dones, keep = [], [], [], [], [], []
        for _ in range(args.horizon):
            p = policy.probabilities(obs, masks)
            a = (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)
            xs.append(obs / policy.scale)
            ps.append(p)
            actions.append(a)
            keep.append(~fresh)
            obs, r, terminated, _truncated, infos = env.step(a)
            masks = infos["action_mask"]
            rewards.append(r * args.reward_scale)
            dones.append(terminated)
            fresh = terminated
        returns = np.zeros(args.envs)
        grad_w, grad_b, n = np.zeros_like(policy.w), np.zeros_like(policy.b), 0
        for t in reversed(range(args.horizon)):
            returns = rewards[t] + args.gamma * returns * ~dones[t]
            advantage = (returns - baseline) * keep[t]
            onehot = np.zeros_like(ps[t])
            onehot[np.arange(args.envs), actions[t]] = 1.0
            g = (onehot - ps[t]) * advantage[:, None]  # d log p(a) / d logits, times the advantage
            grad_w += xs[t].T @ g
            grad_b += g.sum(axis=0)
            n += int(keep[t].sum())
            baseline += 0.01 * float((returns[keep[t]] - baseline).mean()) if keep[t].any() else 0.0
        policy.w += args.lr * grad_w / max(n, 1)
        policy.b += args.lr * grad_b / max(n, 1)
        rewards_seen.append(float(np.mean(rewards)))
    return float(np.mean(rewards_seen))


def win_share(policy: Linear, opponents: str, games: int, seed: int) -> float:
    """The policy's win share (ties split) at seat 0 of `games` games against three `opponents`."""
    envs = 64
    env = LamaVectorEnv("lama", envs, players=4, opponents=opponents, reward="win")
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    wins, done = 0.0, 0
    counted = np.zeros(envs, dtype=np.int64)
    while done < games:
        obs, r, terminated, _, infos = env.step(policy.sample(obs, infos["action_mask"], rng))
        take = terminated & (counted < -(-games // envs))
        wins += float(r[take].sum())
        done += int(take.sum())
        counted += take
    return wins / done


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--generations", type=int, default=12, help="checkpoints frozen into the league (default 12)")
    p.add_argument("--updates", type=int, default=200, help="policy updates per generation (default 200)")
    p.add_argument("--envs", type=int, default=256, help="games stepped at once (default 256)")
    p.add_argument("--horizon", type=int, default=16, help="steps per update (default 16)")
    p.add_argument("--lr", type=float, default=0.5, help="learning rate (default 0.5)")
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--reward-scale", type=float, default=0.1, help="times the points reward (default 0.1)")
    p.add_argument("--games", type=int, default=1000, help="games of each final comparison (default 1000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=None, help="the folder of the checkpoints (default: temporary)")
    args = p.parse_args(argv)
    if min(args.generations, args.updates, args.envs, args.horizon, args.games) < 1:
        p.error("--generations, --updates, --envs, --horizon and --games must be at least 1")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        probe = LamaVectorEnv("lama", 1, players=4)
        space = probe.single_observation_space
        scale = np.maximum(space.high, 1.0).astype(np.float32)
        policy = Linear(np.zeros((space.shape[0], probe.single_action_space.n)), np.zeros(probe.single_action_space.n),
                        scale)
        league = [out / "generation_0.npz"]
        policy.save(league[0])  # the uniform policy starts the league
        pick = np.random.default_rng(args.seed)
        for generation in range(1, args.generations + 1):
            members = pick.choice(len(league), size=2)
            opponents = [Frozen(league[m], args.seed + 10 * generation + k) for k, m in enumerate(members)]
            opponents.append("heuristic")
            reward = train_generation(policy, opponents, args, args.seed + generation)
            league.append(out / f"generation_{generation}.npz")
            policy.save(league[-1])
            names = ", ".join(league[m].stem for m in members)
            print(f"generation {generation}: vs {names} and heuristic, mean step reward {reward:+.4f} "
                  f"({time.perf_counter() - start:.0f} s)")
        first, last = Linear.load(league[0]), Linear.load(league[-1])
        for vs in ("heuristic", "random"):
            before = win_share(first, vs, args.games, args.seed + 1000)
            after = win_share(last, vs, args.games, args.seed + 1000)
            print(f"vs 3 {vs}: win share {before:.1%} (the uniform policy) -> {after:.1%} ({league[-1].stem}), "
                  f"{args.games} games each; a fair share is 25%")
    print(f"{time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
