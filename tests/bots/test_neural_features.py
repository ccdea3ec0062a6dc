"""The compiled features of the `neural` bot (lama.bots.compiled.features) equal
`features(view)` at every decision of whole games, with the same legal slots and heuristic choice."""

from __future__ import annotations

import numpy as np
import pytest

from lama.bots.compiled import policies
from lama.bots.compiled.features import features_rows, slot_table
from lama.bots.heuristic import heuristic_bot
from lama.bots.neural import card_codes, feature_count, features, fits, slot_count, slot_of
from lama.fast import layout as L
from lama.fast.rules import rules_of
from lama.fast.views import card_state_from_view
from lama.games import new_game
from lama.match import Match


@pytest.mark.parametrize("game_id", ["lama", "komarami"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_compiled_features_equal_the_views_features_at_every_decision(game_id, players):
    game = new_game(game_id, players)
    ru = rules_of(game)
    slot_of_id, id_of_slot = slot_table(game)
    codes = card_codes(game_id)
    checked = 0

    def check(view, rng):
        nonlocal checked
        st = np.zeros((1, L.STATE_SIZE), dtype=np.int64)
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
            assert legal[0].tolist() == [any(slot_of(a, codes) == s for a in view.legal_actions)
                                         for s in range(slot_count(game_id))]
            checked += 1
        return heuristic_bot(view, rng)

    for seed in range(3):
        Match(game, [check] * players, seed=seed).run()
    assert checked > 50
    assert (id_of_slot >= 0).sum() == slot_count(game_id)
