"""Training the `neural` bot (neural.py): imitation of `hard`'s search with the learner in the loop.

Each round plays games of the game and player count; at every decision with a choice it asks
hard's compiled search (rollout.evaluate_actions, sequential halving, dealing the hidden cards as
the moves suggest) for its choice and keeps the position's features and the choice as a label.
Round 0 moves with hard's choice or the heuristic's (half each); later rounds with the current
network's or hard's (DAgger: the network learns on the positions it reaches itself). After each
round a multilayer perceptron (torch, CPU) is fitted on every label so far, its weights are
checkpointed, and it plays `eval_games` against the heuristic in every other seat, seats
rotated: the learning curve. Needs the `train` extra (torch); playing the result needs numpy only.

Game seeds: round r's game g uses seed * 10**7 + r * 10**5 + g; evaluation games add 9 * 10**6,
so with seeds 0 to 9 a measurement with seeds from 10**8 on never meets a training deal.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import numpy as np

from lama.games import new_game
from lama.match import Match

from .heuristic import heuristic_bot
from .levels import hard_samples
from .neural import NeuralBot, card_codes, feature_count, features, fits, slot_count, slot_of
from .rollout import best_of, evaluate_actions

EVAL_OFFSET = 9 * 10**6


@dataclass
class Recipe:
    game: str = "lama"
    players: int = 4
    seed: int = 0
    rounds: int = 5
    games_per_round: int = 100
    samples: int = 1000  # hard's playouts per labeled decision (hard itself: Game.hard_samples)
    hidden: tuple[int, ...] = (128, 128)
    epochs: int = 6
    batch: int = 256
    lr: float = 1e-3
    eval_games: int = 200


@dataclass
class Progress:
    """What a round did: positions labeled so far, the learning curve, agent steps per second."""

    round: int
    positions: int
    loss: float
    agreement: float  # share of the labels the network's choice matches
    win_share: float
    seconds: float
    steps: int = 0  # agent decisions made end to end (engine, search labels, network, updates)
    curve: list = field(default_factory=list)


class Labeler:
    """A seat's policy that records hard's choice at each decision with a choice, then moves
    with `behave` or with hard's choice (half each, from its own generator)."""

    def __init__(self, samples: int, behave, rows: list, rng: random.Random):
        self.samples, self.behave, self.rows, self.rng = samples, behave, rows, rng
        self.steps = 0

    def __call__(self, view, rng):
        self.steps += 1
        legal = view.legal_actions
        if len(legal) == 1 or not fits(view):
            return self.behave(view, rng)
        best = best_of(evaluate_actions(view, rng, self.samples, halving=True, infer=True))
        mask = np.zeros(slot_count(view.game), dtype=bool)
        codes = card_codes(view.game)
        for a in legal:
            mask[slot_of(a, codes)] = True
        self.rows.append((features(view), mask, slot_of(best, codes)))
        return best if self.rng.random() < 0.5 else self.behave(view, rng)


def win_share(bot, game_id: str, players: int, games: int, seed: int) -> float:
    """`bot`'s share of the wins (ties shared) against the heuristic in every other seat, seats rotated."""
    game = new_game(game_id, players)
    won = 0.0
    for g in range(games):
        seat = g % players
        policies = [heuristic_bot] * players
        policies[seat] = bot
        state = Match(game, policies, seed=seed + g).run()
        if seat in state.winners:
            won += 1.0 / len(state.winners)
    return won / games


def net(recipe: Recipe, inputs: int, outputs: int):
    import torch

    layers, width = [], inputs
    for h in recipe.hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, outputs))
    return torch.nn.Sequential(*layers)


def fit(model, rows: list, recipe: Recipe, seed: int) -> tuple[float, float]:
    """Masked cross-entropy of the network's scores against hard's choices; (loss, agreement)."""
    import torch

    torch.manual_seed(seed)
    x = torch.tensor(np.stack([r[0] for r in rows]))
    mask = torch.tensor(np.stack([r[1] for r in rows]))
    y = torch.tensor([r[2] for r in rows])
    opt = torch.optim.Adam(model.parameters(), lr=recipe.lr)
    gen = torch.Generator().manual_seed(seed)
    for _ in range(recipe.epochs):
        for idx in torch.randperm(len(rows), generator=gen).split(recipe.batch):
            out = model(x[idx]).masked_fill(~mask[idx], -1e9)
            loss = torch.nn.functional.cross_entropy(out, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        out = model(x).masked_fill(~mask, -1e9)
        return float(torch.nn.functional.cross_entropy(out, y)), float((out.argmax(1) == y).float().mean())


def weights_of(model) -> tuple[np.ndarray, ...]:
    """The network's layers as neural.model returns them: (w0, b0, w1, b1, ...), w as inputs x outputs."""
    out = []
    for layer in model:
        if hasattr(layer, "weight"):
            out += [layer.weight.detach().numpy().T.copy(), layer.bias.detach().numpy().copy()]
    return tuple(out)


def save(weights, path) -> None:
    np.savez_compressed(path, **{f"{p}{i // 2}": w for i, (p, w) in
                                 enumerate(zip("wb" * (len(weights) // 2), weights, strict=True))})


def train(recipe: Recipe, on_game=None, on_round=None, checkpoint=None):
    """Run the recipe; `on_game()` after every game played, `on_round(progress)` after every round,
    `checkpoint(round, weights)` to keep each round's weights. Returns the final weights."""
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(recipe.seed)
    samples = recipe.samples or hard_samples(new_game(recipe.game, recipe.players))
    model = net(recipe, feature_count(recipe.game), slot_count(recipe.game))
    game = new_game(recipe.game, recipe.players)
    rows: list = []
    curve: list = []
    steps, start = 0, time.perf_counter()
    weights = None
    for r in range(recipe.rounds):
        behave = heuristic_bot if weights is None else NeuralBot(weights)
        for g in range(recipe.games_per_round):
            seed = recipe.seed * 10**7 + r * 10**5 + g
            labelers = [Labeler(samples, behave, rows, random.Random(seed * 8 + s)) for s in range(recipe.players)]
            Match(game, labelers, seed=seed).run()
            steps += sum(lab.steps for lab in labelers)
            if on_game is not None:
                on_game()
        loss, agreement = fit(model, rows, recipe, recipe.seed * 100 + r)
        weights = weights_of(model)
        if checkpoint is not None:
            checkpoint(r, weights)
        share = win_share(NeuralBot(weights), recipe.game, recipe.players, recipe.eval_games,
                          recipe.seed * 10**7 + EVAL_OFFSET)
        curve.append((len(rows), share))
        if on_round is not None:
            on_round(Progress(r, len(rows), loss, agreement, share, time.perf_counter() - start, steps, list(curve)))
    return weights
