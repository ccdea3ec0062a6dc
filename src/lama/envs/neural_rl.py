"""Reinforcement learning for the `neural` bot on the vector environments, at the engine's speed.

The network is the bot's own (the same features, lama.bots.compiled.features on the engine's
states, the same slots), so a result ships as a model file as it stands. It plays one seat
against the compiled heuristic in every other seat (lama.envs.vector.LamaVectorEnv: B games,
the learning seat rotated over the batch) and learns by proximal policy optimisation (PPO,
Schulman et al. 2017): a horizon of moves in every game, advantages by GAE with a separate value
network (not shipped), a clipped policy step. Reward: the win (1 shared by the winners at the
game's end) plus a potential-based shaping (Ng, Harada and Russell 1999) on the points gap,
phi = -shaping * (own points - the others' mean) / target, zero at the game's end: it pays for
a good round at once but sums to nothing over a game, so the win stays the goal.

A decision the network has no slot for (the puddle of option lachen) is played by the
heuristic, as the bot does, and is not learned from. Win shares for the learning curve: the bot's own greedy
choice (the highest score), `eval_games` games on the vector environments against the
heuristic, seats rotated, on seeds the training never uses.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from lama.bots.compiled import policies
from lama.bots.compiled.features import slot_table
from lama.bots.neural import blind, feature_count, scores, slot_count
from lama.fast import layout as L
from lama.games import new_game

from .training import restart_all, step_all

TRAIN_SEED, EVAL_SEED = 1, 2  # vector-environment seeds: seed * 1000 + this * 100 + seat


@dataclass
class RLRecipe:
    game: str = "lama"
    players: int = 4
    seed: int = 0
    steps: int = 0  # the learning seat's decisions (lama train --rl-steps; none by default: see docs/neural.md)
    envs: int = 4096  # games stepped at once (split over the seats)
    horizon: int = 32  # moves per game between updates
    epochs: int = 1
    minibatch: int = 16384
    lr: float = 1e-4
    value_lr: float = 1e-3
    clip: float = 0.2
    entropy: float = 0.003
    gamma: float = 0.995
    lam: float = 0.95
    shaping: float = 0.5
    eval_games: int = 2000
    evals: int = 10  # points of the learning curve (besides the start)
    threads: int = 2  # torch's and the engine's (lama train --rl-threads)
    warmup: int = 0  # updates that fit the value network only, before the policy moves
    value_hidden: tuple[int, ...] = (64,)
    heuristic_input: bool = True  # False: the network never reads the heuristic's choice (learning from scratch)


class Seats:
    """B games, one learning seat per row (rotated over the rows) against the compiled heuristic
    (envs.training), with the network's features of the learning seat at its decision; the rows
    stepped on `threads` of numba's threads (the same games on any number)."""

    def __init__(self, game_id: str, players: int, rows: int, seed: int, threads: int = 1,
                 heuristic_input: bool = True, reward: str = "win"):
        from lama.fast.rules import rules_of

        from .batch import LOG_AT, SEAT_REWARDS
        from .rewards import REWARDS, check_reward
        from .vector import row_words

        self.game = new_game(game_id, players)
        self.rules = rules_of(self.game)
        self.players = players
        self.rows = b = max(players, rows - rows % players)
        self.seats = np.arange(b, dtype=np.int64) % players
        self.slot_of_id, self.id_of_slot = slot_table(self.game)
        f, s = feature_count(game_id), slot_count(game_id)
        self.states = np.zeros((b, L.STATE_SIZE), dtype=np.int64)
        self.gens = np.zeros((b, 4), dtype=np.int64)
        for row in range(b):
            chance, opponents = row_words(seed, row)
            self.states[row, L.RNG:L.RNG + 4] = chance
            self.gens[row] = opponents
        self.seat_policies = np.full(L.N_MAX, policies.HEURISTIC, dtype=np.int64)
        self.start = np.zeros((b, L.N_MAX), dtype=np.int64)
        self.acc = np.zeros((b, SEAT_REWARDS), dtype=np.float64)
        self.logs = np.zeros((b, LOG_AT), dtype=np.int64)
        self.hists = np.zeros((b, 0), dtype=np.int64)
        self.x = np.zeros((b, f), dtype=np.float32)
        self.legal = np.zeros((b, s), dtype=np.bool_)
        self.fits = np.zeros(b, dtype=np.bool_)
        self.heuristic = np.zeros(b, dtype=np.int64)
        self.over = np.zeros(b, dtype=np.bool_)  # rows that stand still (win_share's finished games)
        self.reward_kind = REWARDS.index(check_reward(reward))
        self.rewards = np.zeros(b, dtype=np.float64)
        self.wins = np.zeros(b, dtype=np.float64)
        self.ended = np.zeros(b, dtype=np.bool_)
        self.rounds_ended = np.zeros(b, dtype=np.bool_)
        shares = max(1, min(threads, b))  # working memory for each share of the rows (envs.training)
        self._ids = np.zeros((shares, max(policies.LEGAL_SIZE, self.game.num_distinct_actions())), dtype=np.int64)
        self._scratch = np.zeros((shares, policies.SCRATCH_SIZE), dtype=np.int64)
        self._memo = np.zeros((shares, policies.MEMO_SIZE), dtype=np.float64)
        self.heuristic_input = heuristic_input
        restart_all(self.states, self.rules, self.seats, self.seat_policies, self.gens, self.reward_kind, self.start,
                    self.acc, self.logs, self.hists, *self._observation())
        self._blind()

    def _blind(self) -> None:
        """Without the heuristic's input, its choice (the features' last block) reads as none."""
        if not self.heuristic_input:
            blind(self.x, self.game.id)

    def _observation(self) -> tuple:
        return (self.slot_of_id, self.over, self.x, self.legal, self.fits, self.heuristic, self._ids, self._scratch,
                self._memo)

    def potential(self, shaping: float) -> np.ndarray:
        """phi of each row's position: 0 at a deal's start, so also after a game's end."""
        n = self.players
        points = self.states[:, L.POINTS:L.POINTS + n].astype(np.float64)
        own = points[np.arange(self.rows), self.seats]
        gap = own - (points.sum(axis=1) - own) / (n - 1)
        return -shaping * gap / float(self.game.target)

    def step(self, slots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Play the slots (the heuristic where the network does not fit); (rewards, ended), and
        self.wins and self.rounds_ended (envs.training.step_all)."""
        actions = np.where(self.fits, self.id_of_slot[self.seats, np.maximum(slots, 0)], self.heuristic)
        step_all(self.states, self.rules, self.seats, actions, self.seat_policies, self.gens, self.reward_kind,
                 self.start, self.acc, self.logs, self.hists, self.rewards, self.wins, self.ended, self.rounds_ended,
                 *self._observation())
        self._blind()
        return self.rewards, self.ended


def greedy(weights, x: np.ndarray, legal: np.ndarray, score=scores) -> np.ndarray:
    """The bot's choice: the legal slot of the highest score (the first such)."""
    out = score(weights, x)
    return np.where(legal, out, -np.inf).argmax(axis=1)


def wins(weights, game_id: str, players: int, games: int, seed: int, score=scores, threads: int = 1,
         heuristic_input: bool = True) -> tuple[np.ndarray, int]:
    """The greedy network's win (1 shared by the winners) in the first game of each row, against the
    heuristic in every other seat, seats rotated; (wins, decisions made). A row whose game has
    ended stands still (Seats.over), so the games cost their own length, not the longest one's."""
    env = Seats(game_id, players, games, seed, threads, heuristic_input)
    won = np.zeros(env.rows)
    slots = np.zeros(env.rows, dtype=np.int64)
    decisions = 0
    while not env.over.all():
        playing = np.flatnonzero(~env.over)
        decisions += len(playing)
        slots[playing] = greedy(weights, env.x[playing], env.legal[playing], score)
        r, ended = env.step(slots)
        won[ended & ~env.over] = r[ended & ~env.over]
        env.over |= ended
    return won, decisions


def win_share(weights, game_id: str, players: int, games: int, seed: int, score=scores,
              threads: int = 1, heuristic_input: bool = True) -> tuple[float, int]:
    """The greedy network's share of the wins (ties shared) against the heuristic (`wins`);
    (share, decisions made)."""
    won, decisions = wins(weights, game_id, players, games, seed, score, threads, heuristic_input)
    return float(won.mean()), decisions


def torch_scores(policy, x: np.ndarray) -> np.ndarray:
    """The policy network's scores (torch: numpy's threaded BLAS crawls on a busy machine)."""
    import torch

    with torch.no_grad():
        return policy(torch.from_numpy(x)).numpy()


def mlp(weights, hidden, inputs: int, outputs: int):
    """A network of the bot's shape (torch; ReLU between the layers), from `weights` (the bot's
    layers) if given."""
    import torch

    layers, width = [], inputs
    for h in hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, outputs))
    net = torch.nn.Sequential(*layers)
    if weights is not None:
        linear = [m for m in net if isinstance(m, torch.nn.Linear)]
        if len(linear) * 2 != len(weights):
            raise ValueError(f"the starting model has {len(weights) // 2} layers, not {len(linear)}")
        with torch.no_grad():
            for m, w, b in zip(linear, weights[::2], weights[1::2], strict=True):
                m.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.T)))
                m.bias.copy_(torch.from_numpy(b))
    return net


def networks(weights, hidden, inputs: int, outputs: int, value_hidden=(64,)):
    """The policy (from `weights`, the bot's layers, if given) and a value network (torch)."""
    return mlp(weights, hidden, inputs, outputs), mlp(None, value_hidden, inputs, 1)


class Curve:
    """A run's learning curve: the greedy network's win share (`win_share`, the recipe's
    `eval_games` on seeds the training never uses) at step 0 and every `steps // evals` steps
    after, with the seconds it took; `on_eval(steps, share, weights)` at each point."""

    def __init__(self, recipe, on_eval=None):
        self.recipe, self.on_eval = recipe, on_eval
        self.points, self.seconds = [], 0.0
        self.every = max(1, recipe.steps // max(1, recipe.evals))
        self.next = 0

    def done(self, steps: int, net) -> bool:
        """Measure `net` if a point is due at `steps`; whether the run has made all its steps."""
        from lama.bots.neural_train import weights_of

        r = self.recipe
        if steps >= self.next:
            t0 = time.perf_counter()
            share, _ = win_share(net, r.game, r.players, r.eval_games, r.seed * 10 + EVAL_SEED, torch_scores,
                                 r.threads, r.heuristic_input)
            self.seconds += time.perf_counter() - t0
            self.points.append((steps, share))
            if self.on_eval is not None:
                self.on_eval(steps, share, weights_of(net))
            self.next += self.every
        return steps >= r.steps


def train_rl(recipe: RLRecipe, weights=None, hidden=(128, 128), on_update=None, on_eval=None):
    """PPO from `weights` (the bot's layers; None: from scratch). `on_update(steps)` after every
    update, `on_eval(steps, share, weights)` at each point of the curve. Returns (weights,
    {"steps", "seconds", "eval_seconds", "curve"})."""
    import torch

    from lama.bots.neural_train import weights_of

    torch.set_num_threads(recipe.threads)
    torch.manual_seed(recipe.seed)
    gen = torch.Generator().manual_seed(recipe.seed)
    game_id, players = recipe.game, recipe.players
    f, s = feature_count(game_id), slot_count(game_id)
    policy, value = networks(weights, hidden, f, s, recipe.value_hidden)
    opt = torch.optim.Adam(policy.parameters(), lr=recipe.lr)
    vopt = torch.optim.Adam(value.parameters(), lr=recipe.value_lr)
    env = Seats(game_id, players, recipe.envs, recipe.seed * 10 + TRAIN_SEED, recipe.threads, recipe.heuristic_input)
    b, t_len = env.rows, recipe.horizon
    xs = np.zeros((t_len, b, f), dtype=np.float32)
    legals = np.zeros((t_len, b, s), dtype=np.bool_)
    acts = np.zeros((t_len, b), dtype=np.int64)
    logps = np.zeros((t_len, b), dtype=np.float32)
    vals = np.zeros((t_len + 1, b), dtype=np.float32)
    rews = np.zeros((t_len, b), dtype=np.float32)
    dones = np.zeros((t_len, b), dtype=np.bool_)
    valid = np.zeros((t_len, b), dtype=np.bool_)
    curve, steps, updates = Curve(recipe, on_eval), 0, 0
    start = time.perf_counter()
    while not curve.done(steps, policy):
        with torch.inference_mode():
            for t in range(t_len):
                x = torch.from_numpy(env.x)
                legal = torch.from_numpy(env.legal)
                logits = policy(x).masked_fill(~legal, -1e9)
                logp_all = torch.log_softmax(logits, dim=1)
                a = torch.multinomial(logp_all.exp(), 1, generator=gen).squeeze(1)
                xs[t], legals[t] = env.x, env.legal
                acts[t] = a.numpy()
                logps[t] = logp_all.gather(1, a[:, None]).squeeze(1).numpy()
                vals[t] = value(x).squeeze(1).numpy()
                valid[t] = env.fits & ~env.over
                phi = env.potential(recipe.shaping).copy()
                r, ended = env.step(acts[t])
                phi_next = env.potential(recipe.shaping)  # (0 in a new game)
                rews[t] = r + recipe.gamma * phi_next - phi
                dones[t] = ended
                steps += int(valid[t].sum())
            vals[t_len] = value(torch.from_numpy(env.x)).squeeze(1).numpy()
        adv = np.zeros((t_len, b), dtype=np.float32)
        last = np.zeros(b, dtype=np.float32)
        for t in reversed(range(t_len)):
            keep = 1.0 - dones[t]
            delta = rews[t] + recipe.gamma * vals[t + 1] * keep - vals[t]
            last = delta + recipe.gamma * recipe.lam * keep * last
            adv[t] = last
        ret = adv + vals[:t_len]
        use = valid.reshape(-1)
        x_all = torch.from_numpy(xs.reshape(-1, f))
        ret_all = torch.from_numpy(ret.reshape(-1))
        xp = x_all[torch.from_numpy(use)]
        lp = torch.from_numpy(legals.reshape(-1, s)[use])
        ap = torch.from_numpy(acts.reshape(-1)[use])
        oldp = torch.from_numpy(logps.reshape(-1)[use])
        advp = adv.reshape(-1)[use]
        advp = torch.from_numpy((advp - advp.mean()) / (advp.std() + 1e-8))
        n = len(ap)
        updates += 1
        for _ in range(recipe.epochs):
            for idx in torch.randperm(n, generator=gen).split(recipe.minibatch) if updates > recipe.warmup else ():
                logits = policy(xp[idx]).masked_fill(~lp[idx], -1e9)
                logp_all = torch.log_softmax(logits, dim=1)
                logp = logp_all.gather(1, ap[idx, None]).squeeze(1)
                ratio = (logp - oldp[idx]).exp()
                a_i = advp[idx]
                loss = -torch.min(ratio * a_i, ratio.clamp(1 - recipe.clip, 1 + recipe.clip) * a_i).mean()
                entropy = -(logp_all.exp() * logp_all).sum(1).mean()
                opt.zero_grad()
                (loss - recipe.entropy * entropy).backward()
                torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                opt.step()
            for idx in torch.randperm(len(ret_all), generator=gen).split(recipe.minibatch * 2):
                vloss = ((value(x_all[idx]).squeeze(1) - ret_all[idx]) ** 2).mean()
                vopt.zero_grad()
                vloss.backward()
                vopt.step()
        if on_update is not None:
            on_update(steps)
    seconds = time.perf_counter() - start
    return weights_of(policy), {"steps": steps, "seconds": seconds, "eval_seconds": curve.seconds,
                                "curve": curve.points}
