"""The `neural` bot: its shipped model's shape, whole games of every game through Match
(the heuristic where no model ships), determinism, and playing without torch."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import numpy as np
import pytest

from lama.bots import load_bot, neural
from lama.bots.heuristic import heuristic_bot
from lama.bots.neural import NeuralBot, feature_count, features, fits, has_model, model, scores, slot_count, view_slot
from lama.games import GAMES, new_game
from lama.match import Match


@pytest.mark.parametrize("game_id", ["lama", "komarami"])
def test_the_models_ship_with_the_shape_of_their_features_and_slots(game_id):
    weights = model(game_id)
    assert weights is not None and len(weights) % 2 == 0
    assert weights[0].shape[0] == feature_count(game_id)
    assert weights[-1].shape == (slot_count(game_id),)
    for w, b, nxt in zip(weights[::2], weights[1::2], weights[2::2], strict=False):
        assert b.shape == (w.shape[1],) and nxt.shape[0] == w.shape[1]


def test_one_decisions_forward_pass_is_the_batchs_row():
    """scores() multiplies a single row block by block (compiled, or einsum without numba) and a
    batch by BLAS: the same numbers."""
    weights = model("lama")
    rows = np.random.default_rng(5).random((3, weights[0].shape[0]), dtype=np.float32)
    batch = scores(weights, rows)
    for row, expected in zip(rows, batch, strict=True):
        one = scores(weights, row)
        assert one.shape == expected.shape and np.allclose(one, expected, rtol=1e-4, atol=1e-4)
    assert not np.allclose(batch[0], batch[1])  # the rows differ, so the check compares something


def test_lama_and_komarami_ship_models():
    assert has_model("lama") and has_model("komarami")


@pytest.mark.parametrize("game_id", ["lama", "dice"])
def test_a_game_without_a_model_is_played_by_the_heuristic(game_id, monkeypatch):
    from lama.bots import neural as module

    monkeypatch.setattr(module, "model", lambda game, players=None: None)  # no model file for any game
    assert not module.has_model(game_id)
    neural = load_bot("neural")
    choices = []

    def both(view, rng):
        choices.append((heuristic_bot(view, random.Random(0)), neural(view, random.Random(0))))
        return choices[-1][0]

    Match(new_game(game_id, 4), [both] * 4, seed=5).run()
    assert choices and all(h == n for h, n in choices)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_neural_plays_whole_games_legally_and_the_same_for_a_seed(game_id, players):
    game = new_game(game_id, players)
    bots = [load_bot("neural"), heuristic_bot] * 3
    first = Match(game, bots[:players], seed=11)
    first.run()
    again = Match(game, bots[:players], seed=11)
    again.run()
    assert first.state.finished and first.state.winners
    assert first.record.data == again.record.data and first.state.points == again.state.points


def test_features_cover_every_decision_of_lama_games():
    game = new_game("lama", 4)
    seen = []

    def watch(view, rng):
        if len(view.legal_actions) > 1:
            x = features(view)
            assert x.shape == (feature_count("lama"),) and x.dtype == np.float32 and np.isfinite(x).all()
            assert fits(view)
            slots = {view_slot(view, a) for a in view.legal_actions}
            assert len(slots) == len(view.legal_actions)  # one slot per legal action
            seen.append(view)
        return load_bot("neural")(view, rng)

    Match(game, [watch] * 4, seed=2).run()
    assert len(seen) > 20


def test_given_weights_decide_and_the_shipped_ones_differ_from_the_heuristic_somewhere():
    """A zero network scores every slot alike, so it plays the first legal action; the shipped
    one is no copy of the heuristic."""
    zero = tuple(np.zeros_like(w) for w in model("lama"))
    game = new_game("lama", 4)
    differs = []

    def watch(view, rng):
        if len(view.legal_actions) > 1:
            assert NeuralBot(zero)(view, rng) == view.legal_actions[0]
            differs.append(load_bot("neural")(view, rng) != heuristic_bot(view, rng))
        return heuristic_bot(view, rng)

    for seed in range(3):
        Match(game, [watch] * 4, seed=seed).run()
    assert any(differs)


def test_playing_neural_imports_no_torch():
    code = ("import sys; from lama.bots import load_bot; from lama.games import new_game; "
            "from lama.match import Match; Match(new_game('lama', 4), [load_bot('neural')] * 4, seed=1).run(); "
            "assert 'torch' not in sys.modules, 'torch imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


COUNT_MODELS = [(g, n) for g in sorted(GAMES) for n in range(2, 7) if neural.shipped_file(g, n)]
"""The player counts that ship a model of their own (data/neural-GAME-Np.npz)."""


def test_every_game_ships_a_heads_up_model_and_komarami_and_party_their_own_at_4():
    assert {(g, 2) for g in ("lama", "komarami", "kadabra", "party")} <= set(COUNT_MODELS)
    assert {("komarami", 4), ("party", 4), ("dice", 2)} <= set(COUNT_MODELS)


@pytest.mark.parametrize("game_id", sorted({g for g, _ in COUNT_MODELS}))
def test_each_count_plays_its_own_model_or_else_the_games(game_id):
    """A count with a file of its own plays it; every other count shares the game's model (read once)."""
    base = model(game_id)
    for n in range(2, 7):
        if (game_id, n) in COUNT_MODELS:
            assert model(game_id, n) is not base
            assert neural.hidden_widths(model(game_id, n)) != neural.hidden_widths(base)  # trained further
        else:
            assert model(game_id, n) is base


@pytest.mark.parametrize(("game_id", "players"), COUNT_MODELS)
def test_the_bot_follows_its_counts_own_network_where_the_two_disagree(game_id, players):
    """At a table of that count the bot plays the count's network, not the game's (data/neural-GAME-2p.npz
    is far weaker at 3 and 5 players: docs/neural.md)."""
    own, base = NeuralBot(model(game_id, players)), NeuralBot(model(game_id))
    rng = random.Random(0)
    disagreements = 0
    for _ in range(4):
        state = new_game(game_id, players).new_initial_state()
        while not state.finished:
            if state.to_move is None:
                state.apply_chance(state.sample_chance(rng))
                continue
            view = state.view(state.to_move)
            played = neural.network_bot(view, rng)  # the level's network (its second look aside)
            if own(view, rng) != base(view, rng):
                disagreements += 1
                assert played == own(view, rng)
            state.apply(played)
    assert disagreements  # the positions told the two networks apart


def test_no_shipped_agent_records_a_path_of_the_machine_it_was_made_on():
    """A recipe's command names its files relative to where it ran (the project's guide: no path
    of a developer's machine in the project)."""
    import json
    from importlib import resources

    from lama.bots.neural import read_agent

    files = [f for f in (resources.files("lama") / "data").iterdir() if f.name.endswith(".npz")]
    assert len(files) >= 5
    for f in files:
        with f.open("rb") as data:
            meta = json.dumps(read_agent(data).meta)
        assert not re.search(r'(^|[\s"=])(/|[A-Za-z]:\\\\)', meta), f"{f.name}: {meta[:300]}"
