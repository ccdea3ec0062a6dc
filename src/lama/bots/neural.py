"""The `neural` bot: a small multilayer perceptron that imitates `hard`'s search, played with numpy.

The network reads a card game's View through `features` (the seat's hand, the top card, what
has been played, the other seats' hand sizes, quits and points, and the heuristic's own choice)
and scores ACTION_SLOTS: playing each kind of card, drawing, quitting. The bot plays the legal
slot with the highest score: no random numbers, so it is deterministic (for any seed).

Its weights come from `lama train` (cli/train.py, docs/neural.md) and ship as
data/neural-<game>.npz. A game without a model file (or a variant the model does not fit: a
K4 give, kadabra's stage, dice) is played by the heuristic instead, and `has_model` says so.
Playing needs numpy only: torch is for training.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np

from lama.games import game_class

from .heuristic import heuristic_bot

MAX_SEATS = 6
DRAW, QUIT = "draw", "quit"


def card_codes(game_id: str) -> tuple[str, ...]:
    return tuple(c.code for c in game_class(game_id).kinds.cards)


def slot_count(game_id: str) -> int:
    """A play slot per kind of card, then draw and quit."""
    return len(card_codes(game_id)) + 2


def slot_of(action, codes: tuple[str, ...]) -> int | None:
    """The network's slot of a legal action; None for an action the network has no slot for."""
    if action.kind == "play" and action.receiver is None:
        return codes.index(action.card)
    if action.kind == DRAW:
        return len(codes)
    if action.kind == QUIT:
        return len(codes) + 1
    return None


def feature_count(game_id: str) -> int:
    kinds = len(card_codes(game_id))
    return 4 * kinds + 7 + 3 * (MAX_SEATS - 1) + 2 * slot_count(game_id)


def features(view) -> np.ndarray:
    """The network's input at a card-game view of the seat to move (float32, feature_count long).

    Counts per kind of card: in the hand, on top (one-hot), played this round, still unseen; the
    pile, the hand's size and penalty; per other seat in turn order, its hand size, whether it
    quit and its points; the seat's own points, the leader's, the player count; the legal slots
    and the heuristic's choice (so the network learns where the search disagrees with it)."""
    game = game_class(view)
    table = game.kinds
    codes = card_codes(view.game)
    kinds = len(codes)
    copies = np.array(game.deck, dtype=np.float32)
    hand = np.array(table.counts_of(view.hand), dtype=np.float32)
    played = np.array(table.counts_of(view.discard_pile), dtype=np.float32)
    top = np.zeros(kinds, dtype=np.float32)
    if view.top is not None:
        top[codes.index(view.top)] = 1.0
    unseen = np.maximum(copies - hand - played, 0.0)
    target = float(view.target)
    others = np.zeros((MAX_SEATS - 1, 3), dtype=np.float32)
    for i in range(1, view.players):
        s = (view.seat + i) % view.players
        others[i - 1] = view.hand_sizes[s] / 10.0, float(view.quit[s]), view.points[s] / target
    legal = np.zeros(kinds + 2, dtype=np.float32)
    for a in view.legal_actions:
        slot = slot_of(a, codes)
        if slot is not None:
            legal[slot] = 1.0
    choice = np.zeros(kinds + 2, dtype=np.float32)
    choice[slot_of(heuristic_bot(view, None), codes)] = 1.0
    scalars = np.array([
        view.pile_size / float(copies.sum()), len(view.hand) / 10.0, table.penalty_of(view.hand) / 50.0,
        view.points[view.seat] / target, max(view.points) / target, view.players / MAX_SEATS,
        sum(not q for q in view.quit) / MAX_SEATS,
    ], dtype=np.float32)
    return np.concatenate([hand / 3.0, top, played / copies, unseen / copies, scalars, others.ravel(), legal, choice])


def fits(view) -> bool:
    """Whether the network has a slot for each legal action here (not a K4 give or kadabra's stage)."""
    codes = card_codes(view.game)
    return all(slot_of(a, codes) is not None for a in view.legal_actions)


def load(file) -> tuple[np.ndarray, ...]:
    """A model file's layers (w0, b0, w1, b1, ...; w: inputs x outputs), from a path or binary file."""
    with np.load(file) as data:
        layers = len([k for k in data.files if k.startswith("w")])
        return tuple(data[f"{p}{i}"].astype(np.float32) for i in range(layers) for p in "wb")


@cache
def model(game_id: str) -> tuple[np.ndarray, ...] | None:
    """The shipped weights for a game, or None if none ships."""
    path = resources.files("lama") / "data" / f"neural-{game_id}.npz"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return load(f)


def has_model(game_id: str) -> bool:
    return model(game_id) is not None


def scores(weights, x: np.ndarray) -> np.ndarray:
    """The network's forward pass: ReLU between the layers, raw scores out."""
    for i in range(0, len(weights), 2):
        x = x @ weights[i] + weights[i + 1]
        if i + 2 < len(weights):
            x = np.maximum(x, 0.0)
    return x


class NeuralBot:
    """The bot with given `weights` (as `model` returns them; training plays its checkpoints so),
    or with the shipped model of each game."""

    def __init__(self, weights=None):
        self.weights = weights

    def __call__(self, view, rng):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        weights = self.weights if self.weights is not None else model(view.game)
        if weights is None or not fits(view):
            return heuristic_bot(view, rng)
        out = scores(weights, features(view))
        codes = card_codes(view.game)
        return max(legal, key=lambda a: out[slot_of(a, codes)])  # first best in legal order

    def __repr__(self) -> str:
        return "NeuralBot()" if self.weights is None else "NeuralBot(weights)"


neural_bot = NeuralBot()
