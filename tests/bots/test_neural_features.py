"""The compiled features of the `neural` bot (lama.bots.compiled.features) equal
`features(view)` at every decision of whole games, with the same legal slots and heuristic choice;
kadabra's network has a slot of its own for every legal action at every decision (K4, K7, K9)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lama.bots.compiled import policies
from lama.bots.compiled.features import features_rows, slot_table
from lama.bots.heuristic import heuristic_bot
from lama.bots.neural import KADABRA_LAYOUT, MAX_SEATS, feature_count, features, fits, layout, slot_count, view_slot
from lama.fast import layout as L
from lama.fast.rules import rules_of
from lama.fast.views import card_state_from_view, state_from_view
from lama.games import new_game
from lama.match import Match


@pytest.mark.parametrize("game_id", ["lama", "komarami", "kadabra", "dice"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_compiled_features_equal_the_views_features_at_every_decision(game_id, players):
    game = new_game(game_id, players)
    ru = rules_of(game)
    slot_of_id, id_of_slot = slot_table(game)
    checked = 0

    def check(view, rng):
        nonlocal checked
        st = np.zeros((1, L.STATE_SIZE), dtype=np.int64)
        if game_id == "dice":  # the face-down displays of seats that quit, dealt at random: never read
            state_from_view(view, game, st[0], random.Random(checked).shuffle)
        else:
            card_state_from_view(view, game, st[0])
        x = np.zeros((1, feature_count(game_id)), dtype=np.float32)
        legal = np.zeros((1, slot_count(game_id)), dtype=np.bool_)
        ok, choice = np.zeros(1, dtype=np.bool_), np.zeros(1, dtype=np.int64)
        features_rows(st, ru, np.array([view.seat]), np.zeros(1, dtype=np.bool_), slot_of_id, x, legal, ok, choice,
                      np.zeros(max(policies.LEGAL_SIZE, game.num_distinct_actions()), dtype=np.int64),
                      np.zeros(policies.SCRATCH_SIZE, dtype=np.int64), np.zeros(policies.MEMO_SIZE))
        assert bool(ok[0]) == fits(view)
        assert game.action_of(int(choice[0])) == heuristic_bot(view, rng)
        if ok[0]:
            np.testing.assert_allclose(x[0], features(view), rtol=1e-6, atol=1e-7)
            assert legal[0].tolist() == [any(view_slot(view, a) == s for a in view.legal_actions)
                                         for s in range(slot_count(game_id))]
            for a in view.legal_actions:  # a slot maps back to its action from the seat to move
                assert game.action_of(int(id_of_slot[view.seat, view_slot(view, a)])) == a
            checked += 1
        return heuristic_bot(view, rng)

    for seed in range(3):
        Match(game, [check] * players, seed=seed).run()
    assert checked > 50
    assert ((id_of_slot >= 0).sum(axis=1) == slot_count(game_id) - (MAX_SEATS - players) * (game_id == "kadabra")).all()
    if game_id == "dice":  # a slot per action id (neural_dice)
        assert (id_of_slot == np.arange(slot_count("dice"))).all()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_kadabra_fits_every_decision_with_a_slot_for_each_legal_action(players):
    """K4 gives (to each seat by its place after the mover), K7 skips and K9 stage takes all have
    slots: the network plays every decision of kadabra, and no two legal actions share a slot."""
    game = new_game("kadabra", players)
    seen = {"give": 0, "skip": 0, "take_stage": 0}

    def check(view, rng):
        assert fits(view)
        slots = [view_slot(view, a) for a in view.legal_actions]
        assert None not in slots and len(set(slots)) == len(slots)
        for a in view.legal_actions:
            kind = "give" if a.receiver is not None else a.kind
            if kind in seen:
                seen[kind] += 1
        assert features(view).shape == (feature_count("kadabra"),)
        return heuristic_bot(view, rng)

    for seed in range(4):
        Match(game, [check] * players, seed=seed).run()
    assert all(seen.values()), seen


def test_a_give_slot_is_the_receivers_place_after_the_mover():
    from lama.bots.neural import slot_of
    from lama.core.actions import Action

    kinds = len(new_game("kadabra", 4).kinds.cards)
    give = Action("play", "1", give=1)
    assert [slot_of(give, "kadabra", seat, 4) for seat in range(4)] == [kinds + 4, None, kinds + 6, kinds + 5]
    assert slot_of(give, "lama", 0, 4) is None  # no gives in the card games' layout
    assert layout("kadabra") == KADABRA_LAYOUT and layout("lama") == layout("komarami") == layout("party") == "cards-1"
