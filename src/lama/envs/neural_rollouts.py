"""Policy iteration by rollouts for the `neural` bot (lama train --rl-method rollouts): the
reinforcement learning that improves the imitation model.

Each iteration plays the current policy (the bot's greedy network) in one seat against the
compiled heuristic (neural_rl.Seats) and, at its decisions, forks the engine's row once for every
legal move: each fork plays its move, then the same policy to the end of the round, and its
return is what DMC's would be (the round's points reward divided by `points_scale`, plus `win`
times the game's win if the game ends). The forks share their row's future: the same deck, the
same chance and the heuristic's same random words (common random numbers, as in PEGASUS, Ng and
Jordan 2000), so the differences of their returns are the moves' own, without the luck of the
deal between them. A fork starts from the true position, hidden cards and all, but everything
after it is played by each seat from its own information, so a move's mean return over the
positions the policy reaches is its value for what the seat knows.

A network (blank, of the starting model's widths) is fitted to the moves' advantages (each
return less the mean over the legal moves; squared error on the legal slots, centred as
neural_fit's `values`), and the next policy plays `prior` times the current policy's scores plus
those advantages: the current network and the new one combined into one (neural.combine), so
the bot stays one network and its width grows by the starting model's with each iteration.
Approximate policy iteration (Lagoudakis and Parr 2003, Bertsekas's rollout); unlike DMC and
PPO it needs the engine's forks, which a game played through its seat alone would not give.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from lama.bots.neural import combine, hidden_widths, slot_count

from .neural_rl import TRAIN_SEED, Curve, Seats, greedy, mlp, torch_scores

ROW_ARRAYS = ("states", "seats", "gens", "start", "acc", "logs", "hists", "x", "legal", "fits", "heuristic")
"""A Seats row's game, its learning seat, the heuristic's random words and the features at its decision."""


@dataclass
class RolloutRecipe:
    game: str = "lama"
    players: int = 4
    seed: int = 0
    steps: int = 0  # decisions whose every move is rolled out, over all iterations
    iterations: int = 2
    prior: float = 0.3  # the current policy's scores' weight beside the fitted advantages
    envs: int = 256  # games played by the policy (each decision forked)
    forks: int = 2048  # forks played at once
    points_scale: float = 10.0
    win: float = 1.0
    epochs: int = 8
    batch: int = 1024
    lr: float = 1e-3
    eval_games: int = 2000
    threads: int = 2
    heuristic_input: bool = True

    @property
    def evals(self) -> int:  # the curve's points after the start (neural_rl.Curve): one an iteration
        return self.iterations


def fork(forks: Seats, games: Seats, rows: np.ndarray) -> None:
    """The first len(rows) rows of `forks` become copies of `games`' `rows` (the same game, the same
    future: the state holds the chance words); the other rows stand still."""
    n = len(rows)
    for name in ROW_ARRAYS:
        getattr(forks, name)[:n] = getattr(games, name)[rows]
    forks.over[:] = True
    forks.over[:n] = False


def rollout_returns(forks: Seats, games: Seats, rows: np.ndarray, policy, recipe: RolloutRecipe):
    """Every legal move of `games`' `rows` played in a fork, then `policy`'s greedy play (a torch
    network: numpy's threaded products crawl on a busy machine) to the round's end: (returns by
    slot, 0 where illegal; the learning seat's decisions in the forks)."""
    legal = games.legal[rows]
    slots = np.zeros(forks.rows, dtype=np.int64)
    owner, first = np.nonzero(legal)
    n = len(owner)
    fork(forks, games, rows[owner])
    slots[:n] = first
    total = np.zeros(forks.rows)
    decisions = 0
    while not forks.over.all():
        playing = ~forks.over
        decisions += int(playing.sum())
        rewards, _ = forks.step(slots)
        total[playing] += rewards[playing] / recipe.points_scale + recipe.win * forks.wins[playing]
        forks.over |= forks.rounds_ended
        live = np.flatnonzero(~forks.over)
        if len(live):
            slots[live] = greedy(policy, forks.x[live], forks.legal[live], torch_scores)
    returns = np.zeros(legal.shape, dtype=np.float32)
    returns[owner, first] = total[:n]
    return returns, decisions


def advantages(returns: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Each legal move's return less the mean over the row's legal moves; 0 where illegal."""
    mean = (returns * legal).sum(axis=1, keepdims=True) / legal.sum(axis=1, keepdims=True)
    return np.where(legal, returns - mean, 0.0).astype(np.float32)


def fit_advantages(x, legal, target, hidden, recipe: RolloutRecipe, seed: int):
    """A blank network of `hidden` widths fitted to `target` (advantages) on the legal slots,
    centred (the row's own mean scores removed, as the targets' are)."""
    import torch

    from lama.bots.neural_train import weights_of

    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    net = mlp(None, hidden, x.shape[1], legal.shape[1])
    opt = torch.optim.Adam(net.parameters(), lr=recipe.lr)
    x, legal, target = torch.from_numpy(x), torch.from_numpy(legal), torch.from_numpy(target)
    for _ in range(recipe.epochs):
        for idx in torch.randperm(len(x), generator=gen).split(recipe.batch):
            ok = legal[idx]
            diff = torch.where(ok, net(x[idx]) - target[idx], 0.0)
            diff = torch.where(ok, diff - diff.sum(1, keepdim=True) / ok.sum(1, keepdim=True), 0.0)
            loss = (diff * diff).sum() / len(idx)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return weights_of(net)


def train_rollouts(recipe: RolloutRecipe, weights, hidden=None, on_update=None, on_eval=None):
    """Policy iteration from `weights` (the bot's layers, an imitation model). `on_update(steps)`
    as decisions are rolled out, `on_eval(steps, share, weights)` at the start and after each
    iteration (the curve: the greedy network against the heuristic on seeds the training never
    uses). Returns (weights, {"steps", "rollout_steps", "seconds", "eval_seconds", "curve"})."""
    import torch

    if weights is None:
        raise ValueError("policy iteration by rollouts starts from a model: give --init MODEL or imitation rounds")
    if recipe.prior < 0 or recipe.iterations < 1:
        raise ValueError("the prior's weight must be 0 or more and the iterations 1 or more")
    torch.set_num_threads(recipe.threads)
    game_id, players = recipe.game, recipe.players
    s = slot_count(game_id)
    hidden = tuple(hidden or hidden_widths(weights))
    games = Seats(game_id, players, recipe.envs, recipe.seed * 10 + TRAIN_SEED, recipe.threads, recipe.heuristic_input,
                  reward="points")
    forks = Seats(game_id, players, max(recipe.forks, s), recipe.seed * 10 + TRAIN_SEED, recipe.threads,
                  recipe.heuristic_input, reward="points")
    rng = np.random.default_rng(recipe.seed)
    curve, steps, rollout_steps = Curve(recipe, on_eval), 0, 0
    start = time.perf_counter()
    policy = mlp(weights, hidden_widths(weights), weights[0].shape[0], s)
    curve.done(steps, policy)
    for iteration in range(recipe.iterations):
        goal = recipe.steps * (iteration + 1) // recipe.iterations
        xs, legals, returns = [], [], []
        while steps < goal:
            games.step(greedy(policy, games.x, games.legal, torch_scores))
            rows = np.flatnonzero(games.fits & (games.legal.sum(axis=1) > 1))
            rng.shuffle(rows)
            rows = rows[np.cumsum(games.legal[rows].sum(axis=1)) <= forks.rows][:goal - steps]
            got, decisions = rollout_returns(forks, games, rows, policy, recipe)
            xs.append(games.x[rows].copy())
            legals.append(games.legal[rows].copy())
            returns.append(got)
            steps += len(rows)
            rollout_steps += decisions
            if on_update is not None:
                on_update(steps)
        x, legal = np.concatenate(xs), np.concatenate(legals)
        target = advantages(np.concatenate(returns), legal)
        del xs, legals, returns
        values = fit_advantages(x, legal, target, hidden, recipe, recipe.seed * 100 + iteration)
        weights = combine([weights, values], [recipe.prior, 1.0])
        policy = mlp(weights, hidden_widths(weights), weights[0].shape[0], s)
        curve.done(steps, policy)
    return weights, {"steps": steps, "rollout_steps": rollout_steps, "seconds": time.perf_counter() - start,
                     "eval_seconds": curve.seconds, "curve": curve.points}
