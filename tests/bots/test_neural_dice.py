"""The `neural` bot's network in L.A.M.A. Dice (lama.bots.neural_dice, layout "dice-1"): a slot per
action id, features of public information only (D2, D3) at every decision of whole games, with
the legal slots and the heuristic's choice last; a network plays every decision itself."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lama.bots.heuristic import heuristic_bot
from lama.bots.neural import (
    AgentError,
    NeuralBot,
    blind,
    feature_count,
    features,
    fits,
    layout,
    read_agent,
    save_agent,
    scores,
    slot_count,
    slot_of,
    view_slot,
)
from lama.bots.neural_fit import initial
from lama.games import new_game
from lama.match import Match

S = slot_count("dice")


def random_net(seed: int = 1, hidden: int = 16) -> tuple:
    weights = initial([feature_count("dice"), hidden, S], seed)
    return tuple(w + np.float32(0.3) * np.random.default_rng(seed + i).standard_normal(w.shape).astype(np.float32)
                 for i, w in enumerate(weights))


def decisions(players: int, seed: int, bot=heuristic_bot) -> list:
    """(state, view) at every decision with a choice of a whole game: `bot` in the even seats,
    random moves in the odd ones (so seats quit, roll, discard and take in every way)."""
    game = new_game("dice", players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = []
    while not state.finished:
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
            continue
        view = state.view(state.to_move)
        if len(view.legal_actions) > 1:
            seen.append((state.clone(), view))
        state.apply(bot(view, rng) if state.to_move % 2 == 0 else rng.choice(view.legal_actions))
    return seen


def test_dice_has_its_own_layout_and_a_slot_per_action_id():
    game = new_game("dice", 4)
    assert layout("dice") == "dice-1"
    assert S == game.num_distinct_actions() == 128
    for players in (2, 6):
        for i in range(S):
            assert slot_of(game.action_of(i), "dice", players - 1, players) == i
    # the card games' and kadabra's layouts are as they were
    assert layout("lama") == "cards-1" and layout("kadabra") == "kadabra-1"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_features_at_every_decision_hold_the_legal_slots_and_the_heuristics_choice_last(players):
    game = new_game("dice", players)
    kinds, rolls, views = set(), 0, 0
    for seed in range(4):
        for _state, view in decisions(players, seed):
            x = features(view)
            assert x.shape == (feature_count("dice"),) and x.dtype == np.float32 and np.isfinite(x).all()
            assert fits(view)
            legal = {game.action_id(a) for a in view.legal_actions}
            assert set(np.flatnonzero(x[-2 * S:-S])) == legal
            assert [view_slot(view, a) for a in view.legal_actions] == [game.action_id(a) for a in view.legal_actions]
            assert np.flatnonzero(x[-S:]).tolist() == [game.action_id(heuristic_bot(view, None))]
            assert not blind(x.copy(), "dice")[-S:].any() and (blind(x.copy(), "dice")[:-S] == x[:-S]).all()
            kinds |= {a.kind for a in view.legal_actions}
            rolls += view.legal_actions[0].kind in ("discard", "take")
            views += 1
    assert kinds == {"roll", "quit", "discard", "take"} and rolls and views > 20


def test_features_read_no_hidden_card():
    """D2, D3: a quit seat's display lies face down and the undealt cards are out of play: two
    states that differ only there give the seat to move the same features; a visible display
    that differs gives others."""
    hidden = visible = 0
    for players in (3, 5):
        for seed in range(6):
            for state, view in decisions(players, seed):
                other = state.clone()
                other.undealt = [u + 1 for u in other.undealt]
                quit_seats = [s for s in range(players) if state.quit[s] and s != view.seat]
                for s in quit_seats:
                    d = other.displays[s]
                    d[:] = d[1:] + d[:1]  # other kinds, as many cards
                hidden += any(other.displays[s] != state.displays[s] for s in quit_seats)
                assert (features(other.view(view.seat)) == features(view)).all()
                for seen in [s for s in range(players) if s != view.seat and not state.quit[s]][:1]:
                    shown = state.clone()
                    d = shown.displays[seen]
                    d[:] = d[1:] + d[:1]
                    if d != state.displays[seen]:
                        visible += 1
                        assert (features(shown.view(view.seat)) != features(view)).any()
    assert hidden and visible


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_random_network_plays_every_dice_decision_itself_and_legally(players):
    weights = random_net(players)
    bot = NeuralBot(weights, "random", "dice")
    game = new_game("dice", players)
    chosen, differs = [], []

    def watch(view, rng):
        action = bot(view, rng)
        assert action in view.legal_actions
        if len(view.legal_actions) > 1:
            out = scores(weights, features(view))
            assert action == max(view.legal_actions, key=lambda a: out[game.action_id(a)])
            chosen.append(action.kind)
            differs.append(action != heuristic_bot(view, rng))
        return action

    for seed in range(3):
        match = Match(game, [watch] * players, seed=seed)
        match.run()
        assert match.state.finished and match.state.winners
    assert chosen and any(differs)


def test_a_dice_agent_reads_dices_layout_only(tmp_path):
    weights = random_net(7, hidden=8)
    path = tmp_path / "neural-dice.npz"
    save_agent(path, weights, {"game": "dice"})
    agent = read_agent(path, "dice")
    assert agent.meta["layout"] == "dice-1" and agent.weights[0].shape == (feature_count("dice"), 8)
    old = tmp_path / "old.npz"
    save_agent(old, weights, {"game": "dice", "layout": "cards-1"})
    with pytest.raises(AgentError, match="layout 'cards-1'; this lama reads 'dice-1' for dice"):
        read_agent(old, "dice")
    card_sized = tmp_path / "cards.npz"
    save_agent(card_sized, initial([feature_count("lama"), 8, slot_count("lama")], 1), {"game": "dice"})
    with pytest.raises(AgentError, match="do not fit dice"):
        read_agent(card_sized, "dice")


def test_a_dice_model_plays_the_vector_environments_neural_seats(monkeypatch):
    """The engine reads dice's features (compiled/features_dice): were a dice model shipped, the
    vector environment's neural opponents would be its network, not the heuristic."""
    pytest.importorskip("gymnasium")
    from lama.bots import neural
    from lama.envs import batch, vector

    monkeypatch.setattr(vector, "has_model", lambda game_id: True)
    monkeypatch.setattr(neural, "model", lambda game_id, players=None: random_net())
    venv = vector.LamaVectorEnv("dice", 4, players=3, opponents="neural")
    assert venv._neural is not None and (venv.seat_policies[1:3] == batch.PYTHON).all()
    obs, infos = venv.reset(seed=2)
    for _ in range(30):
        obs, _r, _t, _tr, infos = venv.step(np.argmax(infos["action_mask"], axis=1))
