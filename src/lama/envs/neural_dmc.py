"""Deep Monte-Carlo learning (DMC; Zha et al. 2021, DouZero) for the `neural` bot, on the vector
environments at the engine's speed.

The network is the bot's own (its features, its slots), read as action values: its score for a
slot is the return it expects from playing it, so the bot's greedy choice (the highest legal
score) is the learned policy itself, with no gap between what is trained and what plays (PPO's
sampled policy improves while its greedy choice does not: docs/neural.md). One seat learns
against the compiled heuristic in every other seat (neural_rl.Seats, B games, seats rotated),
choosing its highest value with probability 1 - epsilon and a uniformly random legal slot
otherwise. Every decision is regressed, once, on its Monte-Carlo return: the sum of the rewards
from it to the end of its episode (no bootstrapping, no discount), where a reward is the round's
points reward (lama.envs.rewards "points": the others' average gain minus its own, divided by
`points_scale`) plus `win` times the game's win (1 shared by the winners). The episode is the
round (`until="round"`: each round's play judged by its own outcome, low variance) or the whole
game (`until="game"`).

A decision's return is known only when its episode ends; the steps wait in a ring of `window`
steps, and a decision still waiting when the ring comes round again (an episode longer than the
ring) is dropped and counted. A decision the network has no slot for is the heuristic's, as in
the bot, and is not learned from.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from lama.bots.neural import feature_count, slot_count

from .neural_rl import TRAIN_SEED, Curve, Seats, greedy, mlp, torch_scores

UNTIL = ("round", "game")


@dataclass
class DMCRecipe:
    game: str = "lama"
    players: int = 4
    seed: int = 0
    steps: int = 0  # the learning seat's decisions
    envs: int = 1024  # games stepped at once (split over the seats)
    until: str = "round"  # an episode: the round or the whole game
    points_scale: float = 10.0
    win: float = 1.0
    epsilon: float = 0.05  # the share of random legal moves while learning (never in the curve)
    lr: float = 3e-4  # falling linearly to 0 at the last step (anneal), so that the last network is a settled one
    anneal: bool = True
    batch: int = 1024  # samples a gradient step
    every: int = 8  # steps of all games between two rounds of gradient steps
    window: int = 256  # steps a decision may wait for its return
    eval_games: int = 2000
    evals: int = 10  # points of the learning curve (besides the start)
    threads: int = 2
    heuristic_input: bool = True  # False: the network never reads the heuristic's choice
    prior: float = 0.0  # > 0: the starting model stays fixed, its scores times this beside the learned values


def check_until(until: str) -> str:
    if until not in UNTIL:
        raise ValueError(f"until must be one of {', '.join(map(repr, UNTIL))}, not {until!r}")
    return until


class Returns:
    """The ring of decisions waiting for their return: row i's decision at step t waits until
    its episode ends; its return is then the row's reward total at that end minus the total
    before the decision."""

    def __init__(self, window: int, rows: int, features: int):
        self.window = window
        self.x = np.zeros((window, rows, features), dtype=np.float32)
        self.slot = np.zeros((window, rows), dtype=np.int64)
        self.before = np.zeros((window, rows), dtype=np.float64)  # the row's total before the decision
        self.episode = np.zeros((window, rows), dtype=np.int64)
        self.waiting = np.zeros((window, rows), dtype=np.bool_)
        self.total = np.zeros(rows, dtype=np.float64)
        self.current = np.zeros(rows, dtype=np.int64)  # each row's episode number
        self.ended_total = np.zeros((rows, window), dtype=np.float64)  # by episode % window
        self.ended_episode = np.full((rows, window), -1, dtype=np.int64)
        self.rows = np.arange(rows)
        self.dropped = 0
        self.t = 0

    def add(self, x: np.ndarray, slots: np.ndarray, valid: np.ndarray) -> None:
        j = self.t % self.window
        self.dropped += int(self.waiting[j].sum())
        self.x[j], self.slot[j], self.waiting[j] = x, slots, valid
        self.before[j], self.episode[j] = self.total, self.current
        self.t += 1

    def reward(self, rewards: np.ndarray, ended: np.ndarray) -> None:
        self.total += rewards
        rows = np.flatnonzero(ended)
        k = self.current[rows] % self.window
        self.ended_total[rows, k] = self.total[rows]
        self.ended_episode[rows, k] = self.current[rows]
        self.current[rows] += 1

    def ready(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The decisions whose episode has ended, with their returns (each given once)."""
        k = self.episode % self.window
        rows = np.broadcast_to(self.rows, k.shape)
        done = self.waiting & (self.ended_episode[rows, k] == self.episode)
        t, i = np.nonzero(done)
        self.waiting[t, i] = False
        returns = self.ended_total[i, k[t, i]] - self.before[t, i]
        return self.x[t, i], self.slot[t, i], returns.astype(np.float32)


def with_prior(prior, values, weight: float):
    """The network that plays `weight` times the fixed `prior`'s scores plus the learned `values`
    (torch networks of one depth); its bot layers are the two combined (neural.combine)."""
    import torch

    from lama.bots.neural import combine
    from lama.bots.neural_train import weights_of

    class WithPrior(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.prior, self.values = prior.requires_grad_(False), values

        def forward(self, x):
            return weight * self.prior(x) + self.values(x)

        def bot_layers(self):
            return combine([weights_of(self.prior), weights_of(self.values)], [weight, 1.0])

    return WithPrior()


def train_dmc(recipe: DMCRecipe, weights=None, hidden=(256, 256), on_update=None, on_eval=None):
    """DMC from `weights` (the bot's layers, read as values; None: from scratch). With
    `recipe.prior` > 0, `weights` (an imitation model: a policy's logits, not values, which
    regressing on returns would undo) stay fixed instead, and values learned from a blank network
    of their shape are added to `prior` times their scores: the learned policy is the prior's,
    changed where the values say a move is worth more; the result is the two combined into one
    network of the bot's shape (twice as wide).
    `on_update(steps)` after every round of gradient steps, `on_eval(steps, share, weights)` at
    each point of the curve. Returns (weights, {"steps", "seconds", "eval_seconds", "curve",
    "samples", "dropped"})."""
    import torch

    from lama.bots.neural_train import weights_of

    check_until(recipe.until)
    torch.set_num_threads(recipe.threads)
    torch.manual_seed(recipe.seed)
    gen = torch.Generator().manual_seed(recipe.seed)
    rng = np.random.default_rng(recipe.seed)
    game_id, players = recipe.game, recipe.players
    f, s = feature_count(game_id), slot_count(game_id)
    if recipe.prior < 0:
        raise ValueError(f"the prior's weight must be 0 or more, not {recipe.prior}")
    if recipe.prior and weights is None:
        raise ValueError("a prior needs a starting model")
    q = mlp(None if recipe.prior else weights, hidden, f, s)
    if recipe.prior:  # values of 0 at first: the curve starts at the prior's own play
        with torch.no_grad():
            q[-1].weight.zero_()
            q[-1].bias.zero_()
    opt = torch.optim.Adam(q.parameters(), lr=recipe.lr)
    net = with_prior(mlp(weights, hidden, f, s), q, recipe.prior) if recipe.prior else q
    env = Seats(game_id, players, recipe.envs, recipe.seed * 10 + TRAIN_SEED, recipe.threads, recipe.heuristic_input,
                reward="points")
    ring = Returns(recipe.window, env.rows, f)
    curve, steps, samples = Curve(recipe, on_eval), 0, 0
    start = time.perf_counter()

    def learn():
        nonlocal samples
        x, slots, returns = ring.ready()
        n = len(slots)
        samples += n
        if recipe.anneal:
            for group in opt.param_groups:
                group["lr"] = recipe.lr * max(0.0, 1.0 - steps / max(1, recipe.steps))
        x, slots, returns = torch.from_numpy(x), torch.from_numpy(slots), torch.from_numpy(returns)
        for idx in torch.randperm(n, generator=gen).split(recipe.batch):
            value = q(x[idx]).gather(1, slots[idx, None]).squeeze(1)
            loss = ((value - returns[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(q.parameters(), 40.0)
            opt.step()

    while not curve.done(steps, net):
        for _ in range(recipe.every):
            slots = greedy(net, env.x, env.legal, torch_scores)
            explore = rng.random(env.rows) < recipe.epsilon
            if explore.any():  # a uniformly random legal slot: the first of a random order that is legal
                noise = np.where(env.legal[explore], rng.random((int(explore.sum()), s)), -1.0)
                slots[explore] = noise.argmax(axis=1)
            valid = env.fits & ~env.over
            ring.add(env.x, slots, valid)
            rewards, ended = env.step(slots)
            reward = rewards / recipe.points_scale + recipe.win * env.wins
            ring.reward(reward, env.rounds_ended if recipe.until == "round" else ended)
            steps += int(valid.sum())
        learn()
        if on_update is not None:
            on_update(steps)
    seconds = time.perf_counter() - start
    return weights_of(net), {"steps": steps, "seconds": seconds, "eval_seconds": curve.seconds, "curve": curve.points,
                           "samples": samples, "dropped": ring.dropped}
