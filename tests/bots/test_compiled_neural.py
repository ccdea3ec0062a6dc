"""The neural bot's compiled twin (lama.bots.compiled.neural): on the engine state written from
a seat's view, its batched choice is the bot's, at every decision of whole games (a differential
test over many positions at once; its inputs are held to bots/neural.features by
tests/bots/test_neural_features.py): with the shipped models, and in kadabra (no model ships)
with a small random network."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lama.bots.compiled.neural import NeuralPolicy
from lama.bots.neural import NeuralBot, feature_count, has_model, network_bot, slot_count
from lama.fast.layout import STATE_SIZE
from lama.fast.rules import rules_of
from lama.fast.views import card_state_from_view, state_from_view
from lama.games import GAMES, new_game

MODELS = sorted(g for g in GAMES if has_model(g))


def _random_network(game_id: str, seed: int, hidden: int) -> tuple:
    rng = np.random.default_rng(seed)
    sizes = (feature_count(game_id), hidden, slot_count(game_id))
    return tuple(w for n_in, n_out in zip(sizes, sizes[1:], strict=False)
                 for w in (rng.standard_normal((n_in, n_out)).astype(np.float32),
                           rng.standard_normal(n_out).astype(np.float32)))


def engine_states(views, game) -> np.ndarray:
    """The engine's state of each view (dice's face-down displays of seats that quit dealt at
    random: the features never read them)."""
    states = np.zeros((len(views), STATE_SIZE), dtype=np.int64)
    shuffle = random.Random(0).shuffle
    for st, view in zip(states, views, strict=True):
        if game.id == "dice":
            state_from_view(view, game, st, shuffle)
        else:
            card_state_from_view(view, game, st)
    return states


def positions(game, games: int, seed: int, bot=network_bot, show: bool = False) -> list:
    """The views of the seat to move at every decision of `games` games: `bot`'s seats and random
    ones; with `show`, each also with five more whites on the stage (a kadabra show runs: K9),
    which games of random seats seldom reach."""
    rng = random.Random(seed)
    views = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.finished:
            if state.to_move is None:
                state.apply_chance(state.sample_chance(rng))
                continue
            view = state.view(state.to_move)
            views.append(view)
            if show:
                staged = state.clone()
                staged.stage_whites += 5
                views.append(staged.view(staged.to_move))
            state.apply(bot(view, rng) if state.to_move % 2 else rng.choice(view.legal_actions))
    return views


def test_lama_and_komarami_have_a_compiled_twin():
    assert {"lama", "komarami"} <= set(MODELS)


@pytest.mark.parametrize("game_id", MODELS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_batched_choice_is_the_bots_at_every_decision(game_id, players):
    game = new_game(game_id, players)
    rules = rules_of(game)
    policy = NeuralPolicy(game, rules)
    views = positions(game, 4, seed=players)
    states = engine_states(views, game)
    rows = np.arange(len(views))
    chosen = policy(states, rows)  # one forward pass over every position
    assert chosen.tolist() == [game.action_id(network_bot(view, random.Random(0))) for view in views]
    assert len(views) > 50
    # and in any order of the rows, alone or not
    odd = rows[1::2][::-1]
    assert policy(states, odd).tolist() == chosen[odd].tolist()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_kadabras_batched_choice_is_the_bots_with_a_random_network(players):
    """Every decision of kadabra has a slot, gives to seats relative to the mover (K4), skips (K7)
    and stage takes (K9) among them: a random network of kadabra's layout plays each one alike
    in the bot and its twin."""
    weights = _random_network("kadabra", players, 24)
    bot = NeuralBot(weights)
    game = new_game("kadabra", players)
    policy = NeuralPolicy(game, rules_of(game), weights)
    views = positions(game, 4, players, bot, show=True)
    states = engine_states(views, game)
    chosen = [game.action_of(int(i)) for i in policy(states, np.arange(len(views)))]
    assert chosen == [bot(view, random.Random(0)) for view in views]
    assert len(views) > 50

    def kind(a):
        return a.kind if a.receiver is None else "give"

    made = {kind(a) for a, view in zip(chosen, views, strict=True) if len(view.legal_actions) > 1}
    assert {"give", "skip", "take_stage"} <= made, made  # the network's choices, not the heuristic's


@pytest.mark.parametrize("players", [2, 4, 6])
def test_dices_batched_choice_is_the_bots_with_a_random_network(players):
    """Dice's network (a slot per action id) reads the same inputs from the engine's state
    (features_dice) as from the view: a random network rolls, quits, takes and discards alike in
    the bot and its twin, from any seat."""
    weights = _random_network("dice", players, 24)
    bot = NeuralBot(weights)
    game = new_game("dice", players)
    policy = NeuralPolicy(game, rules_of(game), weights)
    views = positions(game, 6, players, bot)
    states = engine_states(views, game)
    chosen = [game.action_of(int(i)) for i in policy(states, np.arange(len(views)))]
    assert chosen == [bot(view, random.Random(0)) for view in views]
    made = {a.kind for a, view in zip(chosen, views, strict=True) if len(view.legal_actions) > 1}
    assert len(made) >= 3, made  # quits or rolls, and answers to rolls


def test_a_game_without_a_model_has_no_twin(monkeypatch):
    from lama.bots import neural

    monkeypatch.setattr(neural, "model", lambda game_id, players=None: None)  # no model file
    game = new_game("lama", 4)
    with pytest.raises(ValueError, match="no neural model"):
        NeuralPolicy(game, rules_of(game))
