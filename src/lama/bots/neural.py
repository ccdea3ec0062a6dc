"""The `neural` bot: a small multilayer perceptron that imitates `hard`'s search, played with numpy.

The network reads a card game's View through `features` (the seat's hand, the top card, what
has been played, the other seats' hand sizes, quits and points, in kadabra the stage and the
magic chip, and the heuristic's own choice) and scores slots (`slot_of`): playing each kind of
card, drawing, quitting; in kadabra also skipping (K7), taking the stage (K9) and a played 1
giving its chip (K4) to each other seat, by its place after the mover. The network alone
(`network_bot`, a saved agent) plays the legal slot with the highest score and draws no random
numbers; the `neural` level (`neural_bot`) takes a second look (`SecondLook`) where the two best
scores are close: a duel between those two moves on hard's deals, with numbers from the
generator the driver gives it, so the same seed gives the same game. Dice's
network (neural_dice: DICE_LAYOUT) reads the displays, the row, the roll it answers and the
seats' points, and has a slot per action id: roll, quit, each take, each discard.

Its weights come from `lama train` (cli/train.py, docs/neural.md) and ship as
data/neural-<game>.npz (every game has one), and as data/neural-<game>-<n>p.npz for a player count
whose own model plays better there (`model_file`). A game without a model file, or a decision the
network has no slot for (taking the puddle of lama's and komarami's option lachen), is played by
the heuristic instead; `has_model` says which games have one. Playing needs numpy only: torch is
for training.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from lama.games import game_class

from .determinize import CannotDeterminize
from .heuristic import heuristic_bot
from .neural_dice import DICE, DICE_LAYOUT, dice_input_count, dice_inputs, dice_slot_count, dice_slot_of
from .neural_net import combine, hidden_widths, scores  # noqa: F401 (the network's arithmetic, read here by its users)

MAX_SEATS = 6
DRAW, QUIT, SKIP, TAKE_STAGE = "draw", "quit", "skip", "take_stage"
FORMAT = "lama-agent/1"
LAYOUT = "cards-1"
"""The card games' features' layout (`features`, compiled/features.py, the slots) of lama,
komarami and party; kadabra's is KADABRA_LAYOUT (`layout` gives a game's). A saved agent records
its game's and refuses to load where this lama reads another. Change it whenever the features or
slots change."""
KADABRA = "kadabra"
KADABRA_LAYOUT = "kadabra-1"
"""Kadabra's layout: the card games' features with the stage and the magic chip (MAGIC_FEATURES)
before the legal slots, and its slots with skip, take the stage and the gives (`slot_count`)."""
MAGIC_FEATURES = 5 + 1 + MAX_SEATS
"""Kadabra's own features: the stage's whites and blacks, its points, the show, the mover's
whites; the magic chip's holder (the centre, the mover, the seats after it)."""


def layout(game_id: str) -> str:
    """The feature layout of a game's network (saved agents record it)."""
    if game_id == DICE:
        return DICE_LAYOUT
    return KADABRA_LAYOUT if game_id == KADABRA else LAYOUT


def has_network(game_id: str) -> bool:
    """Whether the network has a layout for a game: the card games' (kadabra's among them) and dice's."""
    return game_id == DICE or game_class(game_id).family == "cards"


@cache
def card_codes(game_id: str) -> tuple[str, ...]:
    return tuple(c.code for c in game_class(game_id).kinds.cards)


def slot_count(game_id: str) -> int:
    """A play slot per kind of card, then draw and quit; kadabra's then skip (K7), take the stage
    (K9) and a give (K4) to each other seat by its place after the mover (1 .. MAX_SEATS - 1);
    dice's: one per action id (neural_dice)."""
    if game_id == DICE:
        return dice_slot_count()
    kinds = len(card_codes(game_id))
    return kinds + 2 + (2 + MAX_SEATS - 1 if game_id == KADABRA else 0)


def slot_of(action, game_id: str, seat: int, players: int) -> int | None:
    """The network's slot of a legal action of `seat` to move among `players`; None for an action
    the network has no slot for (the puddle of option lachen: the heuristic takes it).

    Kadabra's play of a 1 giving its chip (K4) to seat r is the give slot of r's place after the
    mover, (r - seat) % players: the same slot means the same seat relative to the mover, at any
    seat. Dice's slot of an action is its id (neural_dice.dice_slot_of)."""
    if game_id == DICE:
        return dice_slot_of(action)
    codes = card_codes(game_id)
    kinds = len(codes)
    kind = action.kind
    if kind == "play":
        receiver = action.receiver
        if receiver is None:
            return codes.index(action.card)
        after = (receiver - seat) % players
        return kinds + 3 + after if game_id == KADABRA and after else None
    if kind == DRAW:
        return kinds
    if kind == QUIT:
        return kinds + 1
    if game_id == KADABRA and kind in (SKIP, TAKE_STAGE):
        return kinds + (2 if kind == SKIP else 3)
    return None


def view_slot(view, action) -> int | None:
    """slot_of an action of the seat whose view this is."""
    return slot_of(action, view.game, view.seat, view.players)


def feature_count(game_id: str) -> int:
    """What `features` reads of the game, then the legal slots and the heuristic's choice."""
    if game_id == DICE:
        inputs = dice_input_count(MAX_SEATS)
    else:
        inputs = 4 * len(card_codes(game_id)) + 7 + 3 * (MAX_SEATS - 1) + (MAGIC_FEATURES if game_id == KADABRA else 0)
    return inputs + 2 * slot_count(game_id)


def magic_features(view) -> np.ndarray:
    """Kadabra's own features (MAGIC_FEATURES), all public: the stage's whites / 10 and blacks / 10
    and its points / target (what taking it is worth, K9), whether the show runs (K9), the mover's
    whites / 10 (whether its next chip to give or stage is a white, K4 and K8), then the magic
    chip's holder one-hot: the centre, the mover, the first seat after it, ... (K6, K7, K11)."""
    whites, blacks = view.stage
    out = np.zeros(MAGIC_FEATURES, dtype=np.float32)
    out[:5] = (whites / 10.0, blacks / 10.0, (whites + 10 * blacks) / float(view.target), float(view.show),
               (view.points[view.seat] % 10) / 10.0)
    holder = view.magic_chip
    out[5 if holder is None else 6 + (holder - view.seat) % view.players] = 1.0
    return out


def features(view) -> np.ndarray:
    """The network's input at a view of the seat to move (float32, feature_count long): what it
    reads of the game (`card_inputs`, dice's neural_dice.dice_inputs), then the legal slots and,
    last, the heuristic's choice (so the network learns where the search disagrees with it)."""
    inputs = dice_inputs(view, MAX_SEATS) if view.game == DICE else card_inputs(view)
    slots = slot_count(view.game)
    legal = np.zeros(slots, dtype=np.float32)
    for a in view.legal_actions:
        slot = view_slot(view, a)
        if slot is not None:
            legal[slot] = 1.0
    choice = np.zeros(slots, dtype=np.float32)
    slot = view_slot(view, heuristic_bot(view, None))
    if slot is not None:  # (the heuristic taking lachen's puddle: no slot, and no fit)
        choice[slot] = 1.0
    return np.concatenate([inputs, legal, choice])


def card_inputs(view) -> np.ndarray:
    """What the network reads of a card game's view before the legal slots. Counts per kind of
    card: in the hand, on top (one-hot), played this round, still unseen; the pile, the hand's size
    and penalty; per other seat in turn order, its hand size, whether it quit and its points; the
    seat's own points, the leader's, the player count; in kadabra the stage and the magic chip
    (`magic_features`)."""
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
    scalars = np.array([
        view.pile_size / float(copies.sum()), len(view.hand) / 10.0, table.penalty_of(view.hand) / 50.0,
        view.points[view.seat] / target, max(view.points) / target, view.players / MAX_SEATS,
        sum(not q for q in view.quit) / MAX_SEATS,
    ], dtype=np.float32)
    own = [magic_features(view)] if view.game == KADABRA else []
    return np.concatenate([hand / 3.0, top, played / copies, unseen / copies, scalars, others.ravel(), *own])


def blind(x: np.ndarray, game_id: str) -> np.ndarray:
    """`x` (one row or many, changed in place) without the heuristic's choice, its last block of
    features: the input of an agent that learned without the heuristic (lama train
    --no-heuristic-input; its meta says heuristic_input false)."""
    x[..., -slot_count(game_id):] = 0.0
    return x


def fits(view) -> bool:
    """Whether the network has a slot for each legal action here: everywhere but where lama's or
    komarami's option lachen lets the seat take the puddle (its layout has no such slot; the
    heuristic plays there). Every decision of kadabra and of dice fits."""
    return all(view_slot(view, a) is not None for a in view.legal_actions)


class AgentError(ValueError):
    """A file that is not a saved agent this lama can play: what is wrong, in one line."""


@dataclass(frozen=True)
class Agent:
    """A saved agent: the network's layers (w0, b0, w1, b1, ...; w: inputs x outputs) and what made
    it (`meta`: format, game, layout, recipe, seed, commit, made)."""

    weights: tuple[np.ndarray, ...]
    meta: dict

    @property
    def game(self) -> str:
        return self.meta["game"]

    @property
    def heuristic_input(self) -> bool:
        """Whether the network reads the heuristic's choice (not one learned from scratch)."""
        return self.meta.get("heuristic_input", True)


def save_agent(path, weights, meta: dict) -> None:
    """Write `weights` with `meta` (the format and this lama's layout of meta's game added) as an .npz file."""
    meta = {"format": FORMAT, "layout": layout(meta.get("game", "")), **meta}
    layers = {f"{p}{i // 2}": w for i, (p, w) in enumerate(zip("wb" * (len(weights) // 2), weights, strict=True))}
    np.savez_compressed(path, meta=np.array(json.dumps(meta, sort_keys=True)), **layers)


def read_agent(file, game_id: str | None = None) -> Agent:
    """A saved agent from a path or binary file; AgentError if it is not one, was made for another
    feature layout, or (with `game_id`) for another game, or its layers do not fit the game."""
    try:
        with np.load(file) as data:
            if "meta" not in data.files:
                raise AgentError("it records no feature layout (made before lama-agent/1): retrain it with lama train")
            meta = json.loads(str(data["meta"]))
            layers = len([k for k in data.files if k.startswith("w")])
            weights = tuple(data[f"{p}{i}"].astype(np.float32) for i in range(layers) for p in "wb")
    except AgentError:
        raise
    except (OSError, ValueError, KeyError, EOFError) as e:
        raise AgentError(f"not a saved agent ({type(e).__name__}: {e})"[:300]) from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise AgentError(f"not a {FORMAT} file")
    game = meta.get("game")
    if game_id is not None and game != game_id:
        raise AgentError(f"an agent of {game}, not of {game_id}")
    if not isinstance(game, str):
        raise AgentError("it records no game")
    want = layout(game)
    if meta.get("layout") != want:
        raise AgentError(f"made for the feature layout {meta.get('layout')!r}; this lama reads {want!r} for {game}: "
                         "retrain it with lama train")
    try:
        fits_game = weights[0].shape[0] == feature_count(game) and weights[-1].shape == (slot_count(game),)
    except (KeyError, ValueError, IndexError, TypeError):
        fits_game = False
    if not fits_game:
        raise AgentError(f"its layers do not fit {game}'s features and slots")
    return Agent(weights, meta)


def shipped_file(game_id: str, players: int | None = None):
    """The package's model file of a game (data/neural-<game>.npz), or with `players` its model of
    that player count alone (data/neural-<game>-<players>p.npz); None where it does not ship."""
    path = _data_file(f"neural-{game_id}.npz" if players is None else f"neural-{game_id}-{players}p.npz")
    return path if path.is_file() else None


def _data_file(name: str):
    return resources.files("lama") / "data" / name


def model_file(game_id: str, players: int | None = None):
    """The file `neural` plays in a game at a player count: the count's own model where one ships
    (trained further at that count: heads-up play differs from a table of four), else the game's;
    None if neither ships."""
    return (players is not None and shipped_file(game_id, players)) or shipped_file(game_id)


@cache
def shipped(game_id: str, players: int | None = None) -> Agent | None:
    """The agent that ships for a game at a player count (`model_file`), or None."""
    path = model_file(game_id, players)
    return None if path is None else _read_shipped(game_id, path.name)


@cache
def _read_shipped(game_id: str, name: str) -> Agent:
    """A model file of the package, read once however many player counts play it."""
    with _data_file(name).open("rb") as f:
        return read_agent(f, game_id)


def model(game_id: str, players: int | None = None) -> tuple[np.ndarray, ...] | None:
    """The shipped weights for a game (at a player count: `shipped`), or None if none ships."""
    agent = shipped(game_id, players)
    return None if agent is None else agent.weights


def has_model(game_id: str) -> bool:
    return model(game_id) is not None


@dataclass(frozen=True)
class SecondLook:
    """The `neural` level's second look at a close choice: where the network's two best moves score
    within `margin` of each other, a duel between them decides (the game's `compiled_duel`: each
    played out to the round's end on the same deals, as hard's search plays them). It plays
    `batch` deals at a time and stops as soon as the second is not ahead in value (the network's
    first is played), is ahead by `z` standard errors, or after `most` deals (the second is ahead:
    it is played). The rest of the time, and in a game without a duel (dice), the network alone
    decides. The margin and the budget keep a decision under a millisecond on average
    (docs/neural.md, "A second look")."""

    margin: float = 0.5
    batch: int = 16
    most: int = 128
    z: float = 1.5

    def __call__(self, view, rng, first, second):
        duel_class = game_class(view).hook("compiled_duel")
        if duel_class is None:
            return first
        try:
            duel = duel_class(view, rng, first, second)
        except CannotDeterminize:
            return first
        while True:
            duel.play(self.batch)
            lead, stderr = duel.lead()
            if lead <= 0:
                return first
            if lead > self.z * stderr or duel.deals >= self.most:
                return second


class NeuralBot:
    """The bot with given `weights` (as `model` returns them; training plays its checkpoints so),
    or with the shipped model of each game; `name` for its repr (a saved agent's file); `look`: a
    SecondLook at close choices (the `neural` level's), or None for the network alone."""

    def __init__(self, weights=None, name: str | None = None, game: str | None = None, heuristic_input: bool = True,
                 look: SecondLook | None = None):
        self.weights = weights
        self.name, self.game = name, game
        self.heuristic_input = heuristic_input
        self.look = look

    def __call__(self, view, rng):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.game is not None and view.game != self.game:
            raise AgentError(f"{self.name} is an agent of {self.game}, and this game is {view.game}")
        weights = self.weights if self.weights is not None else model(view.game, view.players)
        if weights is None or not fits(view):
            return heuristic_bot(view, rng)
        x = features(view)
        out = scores(weights, x if self.heuristic_input else blind(x, view.game))
        ranked = sorted(legal, key=lambda a: -out[view_slot(view, a)])  # stable: the first best in legal order
        if self.look is None:
            return ranked[0]
        first, second = ranked[:2]
        if out[view_slot(view, first)] - out[view_slot(view, second)] >= self.look.margin:
            return first
        return self.look(view, rng, first, second)

    def __repr__(self) -> str:
        if self.name is not None:
            return f"NeuralBot({self.name!r})"
        look = "" if self.look is None else f"look={self.look!r}"
        return f"NeuralBot({look})" if self.weights is None else f"NeuralBot(weights{', ' * bool(look)}{look})"


def agent_bot(path: str) -> NeuralBot:
    """The bot of a saved agent file (lama.bots.load_bot's `FILE.npz`); AgentError if it is not one."""
    agent = read_agent(path)
    return NeuralBot(agent.weights, path, agent.game, agent.heuristic_input)


network_bot = NeuralBot()  # the shipped networks alone (what lama train, the vector envs and the tests read)
neural_bot = NeuralBot(look=SecondLook())  # the `neural` level
