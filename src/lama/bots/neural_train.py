"""Training the `neural` bot (neural.py): imitation of `hard`'s search with the learner in the loop.

Each round plays games of the game and player count; at every decision with a choice it asks
hard's compiled search (rollout.evaluate_actions, dealing the hidden cards as the moves suggest)
for every legal action's estimated win chance and keeps the position's features, the legal
slots, the search's choice and those values. Who plays (`opponents`):

- `labelers`: every seat is labeled and moves as the learner does;
- `heuristic`: one seat (rotated over the games) is the learner, the heuristic plays the others,
  whose decisions are labeled too: the games the bot is measured in (against the heuristic).

The learner moves with the search's choice or with its behaviour (`follow`: the share of the
search's), its behaviour being the heuristic in round 0 (or the `start` network, lama train
--init) and the network fitted so far in later rounds (DAgger, Ross, Gordon and Bagnell 2011:
the network learns on the positions it reaches itself). After each round the network is fitted
(neural_fit: numpy, no torch) on every label so far, to the search's choice (`target` choice:
a policy) or to its values (`values`: the action values, played by the highest), checkpointed,
and measured: its greedy play in `eval_games` games on the compiled engine against the heuristic
in every other seat, seats rotated: the learning curve (`lama train` plays them on the compiled
engine, lama.envs.neural_rl.win_share; dice's, whose features the engine cannot read, through the
rules core: `win_share` here).

A round's games are labeled on `workers` processes; each game's labels come from its own seeds,
so a run is the same on any number of them. Game seeds: round r's game g uses
seed * 10**7 + r * 10**5 + g (so a round holds at most 100,000 games); lama train's curve plays
vector-environment games (seed * 10 + 2), which `lama strength`'s deals never meet.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import numpy as np

from lama.games import new_game
from lama.match import Match

from . import neural_fit
from .heuristic import heuristic_bot
from .levels import hard_samples
from .neural import NeuralBot, feature_count, features, fits, layout, slot_count, view_slot
from .rollout import best_of, evaluate_actions

OPPONENTS = ("labelers", "heuristic")
ROUND_GAMES = 10**5


@dataclass
class Recipe:
    game: str = "lama"
    players: int = 4
    seed: int = 0
    rounds: int = 5
    games_per_round: int = 100
    samples: int = 1000  # the search's playouts per labeled decision (hard itself: Game.hard_samples)
    hidden: tuple[int, ...] = (128, 128)
    epochs: int = 6
    batch: int = 256
    lr: float = 1e-3
    eval_games: int = 2000
    target: str = "choice"  # neural_fit.TARGETS
    opponents: str = "labelers"  # OPPONENTS
    follow: float = 0.5  # the share of the learner's moves that are the search's choice
    workers: int = 1

    def check(self) -> None:
        if self.target not in neural_fit.TARGETS:
            raise ValueError(f"target {self.target!r}: one of {', '.join(neural_fit.TARGETS)}")
        if self.opponents not in OPPONENTS:
            raise ValueError(f"opponents {self.opponents!r}: one of {', '.join(OPPONENTS)}")
        if not 0.0 <= self.follow <= 1.0:
            raise ValueError(f"follow {self.follow}: a share from 0 to 1")
        if self.games_per_round > ROUND_GAMES:
            raise ValueError(f"at most {ROUND_GAMES:,} games a round")


@dataclass
class Progress:
    """What a round did: positions labeled so far, the learning curve, agent steps per second."""

    round: int
    positions: int
    loss: float
    agreement: float  # share of the labels whose choice the network's matches
    win_share: float
    seconds: float
    steps: int = 0  # agent decisions made end to end (engine, search labels, network, updates)
    curve: list = field(default_factory=list)


class Labels:
    """Labeled positions: features, legal slots, the search's choice and its values."""

    def __init__(self, game_id: str):
        self.game = game_id
        self.x = np.zeros((0, feature_count(game_id)), dtype=np.float32)
        self.legal = np.zeros((0, slot_count(game_id)), dtype=bool)
        self.choice = np.zeros(0, dtype=np.int64)
        self.values = np.zeros((0, slot_count(game_id)), dtype=np.float32)

    def __len__(self) -> int:
        return len(self.choice)

    def extend(self, rows: list) -> None:
        if rows:
            x, legal, choice, values = zip(*rows, strict=True)
            self.x = np.concatenate([self.x, np.stack(x)])
            self.legal = np.concatenate([self.legal, np.stack(legal)])
            self.choice = np.concatenate([self.choice, np.array(choice, dtype=np.int64)])
            self.values = np.concatenate([self.values, np.stack(values)])

    def join(self, other: Labels) -> None:
        for name in ("x", "legal", "choice", "values"):
            setattr(self, name, np.concatenate([getattr(self, name), getattr(other, name)]))

    def save(self, path) -> None:
        np.savez_compressed(path, game=self.game, layout=layout(self.game), x=self.x, legal=self.legal,
                            choice=self.choice, values=self.values)

    @classmethod
    def load(cls, path, game_id: str) -> Labels:
        """The labels a run saved (`save`: lama train --labels); ValueError, in one line, if the file
        is not such labels, or holds another game's or another feature layout's."""
        labels = cls(game_id)
        try:
            with np.load(path) as data:
                game, made_for = str(data["game"]), str(data["layout"])
                x, legal = data["x"].astype(np.float32), data["legal"].astype(bool)
                choice, values = data["choice"].astype(np.int64), data["values"].astype(np.float32)
        except (OSError, ValueError, KeyError, EOFError) as e:
            raise ValueError(f"not the labels of lama train --labels ({type(e).__name__}: {e})"[:300]) from None
        if game != game_id:
            raise ValueError(f"labels of {game}, not of {game_id}")
        if made_for != layout(game_id):
            raise ValueError(f"labels of the feature layout {made_for!r}; this lama reads {layout(game_id)!r}")
        rows = len(choice)
        if x.shape != (rows, labels.x.shape[1]) or legal.shape != (rows, labels.legal.shape[1]) \
                or values.shape != legal.shape:
            raise ValueError(f"labels whose arrays do not fit {game_id}'s features and slots")
        labels.x, labels.legal, labels.choice, labels.values = x, legal, choice, values
        return labels


class Labeler:
    """A seat's policy that records the search's values at each decision with a choice, then moves
    with the search's choice (a `follow` share of the time, from its own generator) or `behave`."""

    def __init__(self, samples: int, behave, rows: list, rng: random.Random, follow: float, halving: bool):
        self.samples, self.behave, self.rows, self.rng = samples, behave, rows, rng
        self.follow, self.halving = follow, halving
        self.steps = 0

    def __call__(self, view, rng):
        self.steps += 1
        legal = view.legal_actions
        if len(legal) == 1 or not fits(view):
            return self.behave(view, rng)
        found = evaluate_actions(view, rng, self.samples, halving=self.halving, infer=True)
        best = best_of(found)
        slots = slot_count(view.game)
        mask = np.zeros(slots, dtype=bool)
        values = np.zeros(slots, dtype=np.float32)
        for a, estimate in found:
            mask[view_slot(view, a)] = True
            values[view_slot(view, a)] = estimate.mean
        self.rows.append((features(view), mask, view_slot(view, best), values))
        return best if self.rng.random() < self.follow else self.behave(view, rng)


def game_seed(recipe: Recipe, r: int, g: int) -> int:
    return recipe.seed * 10**7 + r * ROUND_GAMES + g


def label_game(recipe: Recipe, r: int, g: int, weights) -> tuple[list, int]:
    """Round r's game g: its labeled rows and the decisions made."""
    behave = heuristic_bot if weights is None else NeuralBot(weights)
    seed = game_seed(recipe, r, g)
    rows: list = []
    halving = recipe.target == "choice"  # values want every action tried alike
    learner = g % recipe.players

    def seat(s: int) -> Labeler:
        if recipe.opponents == "heuristic" and s != learner:
            return Labeler(recipe.samples, heuristic_bot, rows, random.Random(seed * 8 + s), 0.0, halving)
        return Labeler(recipe.samples, behave, rows, random.Random(seed * 8 + s), recipe.follow, halving)

    labelers = [seat(s) for s in range(recipe.players)]
    Match(new_game(recipe.game, recipe.players), labelers, seed=seed).run()
    return rows, sum(lab.steps for lab in labelers)


_round: tuple = ()  # a worker's recipe, round and behaviour (set when its pool starts)


def _start_worker(recipe, r, weights) -> None:
    global _round
    _round = (recipe, r, weights)


def _label(g: int) -> tuple[list, int]:
    recipe, r, weights = _round
    return label_game(recipe, r, g, weights)


def label_round(recipe: Recipe, r: int, weights):
    """Every game of round r, labeled in order (on recipe.workers processes): yields (rows, steps)."""
    games = range(recipe.games_per_round)
    if recipe.workers <= 1:
        for g in games:
            yield label_game(recipe, r, g, weights)
        return
    import multiprocessing

    # fork: the workers start with the compiled search the parent has already loaded
    with multiprocessing.get_context("fork").Pool(recipe.workers, _start_worker, (recipe, r, weights)) as pool:
        yield from pool.imap(_label, games, chunksize=max(1, min(8, len(games) // (4 * recipe.workers))))


def warm_up(recipe: Recipe) -> None:
    """Load the compiled search once in this process (before the workers fork)."""
    state = new_game(recipe.game, recipe.players).new_initial_state()
    rng = random.Random(0)
    while state.to_move is None or len(state.legal_actions()) < 2:
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    evaluate_actions(state.view(state.to_move), rng, 8, infer=True)


def win_share(bot, game_id: str, players: int, games: int, seed: int) -> float:
    """`bot`'s share of the wins (ties shared) against the heuristic in every other seat, seats
    rotated, through the rules core (any bot; the curve uses the compiled engine instead)."""
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


def layer_sizes(recipe: Recipe) -> list[int]:
    return [feature_count(recipe.game), *recipe.hidden, slot_count(recipe.game)]


def train(recipe: Recipe, on_game=None, on_round=None, checkpoint=None, start=None, keep=None, measure=None,
          labels: Labels | None = None):
    """Run the recipe; `on_game()` after every game labeled, `on_round(progress)` after every round,
    `checkpoint(round, weights)` to keep each round's weights, `start`: the behaviour's network in
    round 0 (else the heuristic), `keep(labels)`: the labels after each round, `measure(weights)`:
    the curve's win share (lama train's: on the compiled engine; by default `win_share` through the
    rules core, eval_games games from seed * 10**7 + 9 * 10**6), `labels`: kept labels of earlier runs
    that this run's join (lama train --add-labels). Returns the final weights."""
    if measure is None:
        def measure(weights):
            return win_share(NeuralBot(weights), recipe.game, recipe.players, recipe.eval_games,
                             recipe.seed * 10**7 + 9 * 10**6)
    recipe.check()
    samples = recipe.samples or hard_samples(new_game(recipe.game, recipe.players))
    recipe = Recipe(**{**recipe.__dict__, "samples": samples})
    if recipe.workers > 1:
        warm_up(recipe)
    weights = neural_fit.initial(layer_sizes(recipe), recipe.seed)
    labels = Labels(recipe.game) if labels is None else labels
    curve: list = []
    steps, clock = 0, time.perf_counter()
    behave = start
    for r in range(recipe.rounds):
        rows: list = []
        for game_rows, game_steps in label_round(recipe, r, behave):
            rows += game_rows
            steps += game_steps
            if on_game is not None:
                on_game()
        labels.extend(rows)
        if keep is not None:
            keep(labels)
        target = labels.choice if recipe.target == "choice" else labels.values
        loss, agreement = neural_fit.fit(weights, labels.x, labels.legal, target, recipe.target, recipe.epochs,
                                         recipe.batch, recipe.lr, recipe.seed * 100 + r, best=labels.choice)
        behave = tuple(w.copy() for w in weights)
        if checkpoint is not None:
            checkpoint(r, behave)
        share = measure(behave)
        curve.append((len(labels), share))
        if on_round is not None:
            on_round(Progress(r, len(labels), loss, agreement, share, time.perf_counter() - clock, steps, list(curve)))
    return behave


def weights_of(model) -> tuple[np.ndarray, ...]:
    """A torch network's layers as neural.model returns them: (w0, b0, w1, b1, ...), w as inputs x outputs
    (the reinforcement phase's, lama.envs.neural_rl); a network that plays as several
    (neural_dmc's prior and values) gives its own (`bot_layers`)."""
    if hasattr(model, "bot_layers"):
        return model.bot_layers()
    out = []
    for layer in model:
        if hasattr(layer, "weight"):
            out += [layer.weight.detach().numpy().T.copy(), layer.bias.detach().numpy().copy()]
    return tuple(out)
