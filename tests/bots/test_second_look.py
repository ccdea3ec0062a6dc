"""The `neural` level's second look (bots/neural.py SecondLook): a duel between the network's two
best moves where their scores are close (bots/compiled/cards.py Duel), and the network's forward
pass for one row, block by block (neural_net.row_scores, compiled/forward.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_position
from lama.bots import load_bot
from lama.bots.compiled.cards import Duel
from lama.bots.heuristic import heuristic_bot
from lama.bots.neural import SecondLook, features, model, network_bot, neural_bot, view_slot
from lama.bots.neural_net import _diagonal_blocks, combine, row_scores, row_scores_numpy, scores
from lama.games import GAMES, new_game
from lama.match import Match

CARD_GAMES = sorted(g for g, cls in GAMES.items() if cls.compiled_duel)


def test_every_card_game_has_a_duel_and_dice_none():
    assert CARD_GAMES == ["kadabra", "komarami", "lama", "party"]
    assert GAMES["dice"].compiled_duel is None


def _positions(game_id: str, players: int, count: int) -> list:
    """Views of seats to move with a choice, from random positions."""
    views = []
    seed = 0
    while len(views) < count:
        state = random_position(game_id, players, seed, steps=seed % 40)
        seed += 1
        if not state.finished and len(state.legal_actions()) > 1:
            views.append(state.view(state.to_move))
    return views


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_move_in_a_duel_with_itself_ties_on_every_deal(game_id):
    """Both duellists play the same deals with the same playout numbers (common random numbers),
    so a move against itself leads by exactly 0, with no spread."""
    for i, view in enumerate(_positions(game_id, 4, 5)):
        move = view.legal_actions[i % len(view.legal_actions)]
        duel = Duel(view, random.Random(i), move, move)
        duel.play(24)
        assert duel.deals == 24 and duel.lead() == (0.0, 0.0)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_swapping_the_duellists_negates_the_lead(game_id):
    leads = []
    for i, view in enumerate(_positions(game_id, 3, 6)):
        a, b = view.legal_actions[:2]
        one, other = Duel(view, random.Random(i), a, b), Duel(view, random.Random(i), b, a)
        one.play(40)
        other.play(40)
        lead, stderr = one.lead()
        assert other.lead() == pytest.approx((-lead, stderr), abs=1e-12)
        leads.append(lead)
    assert any(leads)  # some pair of moves differed, so the check compared something


def test_l4_c5_a_duel_prefers_playing_the_last_card_to_drawing():
    """L4, C5: a seat that plays its last card ends the round with no penalty; drawing instead
    keeps the round going with two cards. The duel finds the play better by far."""
    found = []

    def watch(view, rng):
        kinds = {a.kind: a for a in view.legal_actions}
        if len(view.hand) == 1 and "play" in kinds and "draw" in kinds:
            found.append((view, kinds))
        return heuristic_bot(view, rng)

    seed = 0
    while not found:
        Match(new_game("lama", 4), [watch] * 4, seed=seed).run()
        seed += 1
    view, kinds = found[0]
    duel = Duel(view, random.Random(1), kinds["draw"], kinds["play"])
    duel.play(64)
    lead, stderr = duel.lead()
    assert lead > 0.05 and lead > 4 * stderr


def _gap(view) -> float:
    out = scores(model(view.game, view.players), features(view))
    ranked = sorted((out[view_slot(view, a)] for a in view.legal_actions), reverse=True)
    return ranked[0] - ranked[1]


@pytest.mark.parametrize("game_id", ["kadabra", "party"])
def test_the_level_plays_the_networks_move_unless_its_two_best_are_close(game_id):
    """Where the network's two best moves are `margin` or more apart the level plays the network's
    move; where they are closer it plays one of the two, and in some of those the second (the duel
    found it better)."""
    margin = neural_bot.look.margin
    game = new_game(game_id, 4)
    looked = switched = 0

    def watch(view, rng):
        nonlocal looked, switched
        if len(view.legal_actions) > 1:
            alone = network_bot(view, random.Random(0))
            played = neural_bot(view, random.Random(0))
            if _gap(view) >= margin:
                assert played == alone
            else:
                looked += 1
                switched += played != alone
        return heuristic_bot(view, rng)

    for seed in range(6):
        Match(game, [watch] * 4, seed=seed).run()
    assert looked and switched


def test_in_dice_the_level_is_the_network_alone():
    views = _positions("dice", 4, 30)
    assert all(neural_bot(v, random.Random(0)) == network_bot(v, random.Random(0)) for v in views)


def test_a_look_that_never_finds_the_two_close_is_the_network_alone():
    never = type(neural_bot)(look=SecondLook(margin=0.0))
    views = _positions("kadabra", 4, 20)
    assert all(never(v, random.Random(0)) == network_bot(v, random.Random(0)) for v in views)


def test_the_level_is_the_same_for_a_seed_and_its_name_loads_it():
    assert load_bot("neural")(_positions("lama", 4, 1)[0], random.Random(0)) is not None
    game = new_game("kadabra", 4)
    runs = [Match(game, [load_bot("neural"), heuristic_bot] * 2, seed=3) for _ in range(2)]
    for run in runs:
        run.run()
    assert runs[0].record.data == runs[1].record.data


# -- one row, block by block ----------------------------------------------------------------

def _network(rng, inputs: int, width: int, outputs: int):
    return tuple(np.asarray(w, dtype=np.float32) for w in (
        rng.normal(size=(inputs, width)), rng.normal(size=width), rng.normal(size=(width, width)),
        rng.normal(size=width), rng.normal(size=(width, outputs)), rng.normal(size=outputs)))


@settings(max_examples=40, deadline=None)
@given(widths=st.lists(st.integers(1, 70), min_size=1, max_size=4), inputs=st.integers(1, 30),
       outputs=st.integers(1, 9), seed=st.integers(0, 2**32 - 1))
def test_networks_side_by_side_are_multiplied_block_by_block_as_the_batch_is(widths, inputs, outputs, seed):
    rng = np.random.default_rng(seed)
    weights = combine([_network(rng, inputs, w, outputs) for w in widths], rng.normal(size=len(widths)))
    hidden = weights[2]
    spans = _diagonal_blocks(hidden)
    assert spans[0][:3:2] == (0, 0) and spans[-1][1::2] == hidden.shape  # they cover the matrix
    outside = hidden.copy()
    for r0, r1, c0, c1 in spans:
        outside[r0:r1, c0:c1] = 0
    assert not outside.any()  # and it is 0 outside them
    assert len(spans) <= len(widths)
    x = rng.normal(size=inputs).astype(np.float32)
    batch = scores(weights, x[None])[0]
    for one in (row_scores(weights, x), row_scores_numpy(weights, x)):
        assert np.allclose(one, batch, rtol=1e-4, atol=1e-3)


def test_a_dense_layer_is_one_block():
    w = np.random.default_rng(0).normal(size=(5, 7)).astype(np.float32)
    assert _diagonal_blocks(w) == [(0, 5, 0, 7)]
