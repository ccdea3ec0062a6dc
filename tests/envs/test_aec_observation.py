"""The AEC environment's inner loop (last() and step() on their fast paths, the Mirror updated
with the move made) gives every agent exactly `Encoder.encode` of its view, at every step."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from lama.envs import env  # noqa: E402
from lama.games import GAMES  # noqa: E402


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_observation_the_env_hands_out_is_the_encoded_view(game_id, players):
    e = env(game_id, players)
    rng = random.Random(players)
    handed = []
    for game in range(2):
        e.reset(seed=100 * players + game)
        for agent in e.agent_iter():
            obs, _reward, term, trunc, _info = e.last()
            seat = e.agent_seat[agent]
            handed.append(obs["observation"])
            assert np.array_equal(obs["observation"], e.encoder.encode(e.game_state.view(seat))), (game, agent)
            if term or trunc:
                e.step(None)
                continue
            assert obs["action_mask"].tolist() == e.game_state.legal_actions_mask()
            for other in e.possible_agents:  # every other agent's vector too, between moves
                if other != agent:
                    want = e.encoder.encode(e.game_state.view(e.agent_seat[other]))
                    assert np.array_equal(e.observe(other)["observation"], want)
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            e.step(legal[rng.randrange(len(legal))])
    # each observation is an array of its own: later steps do not change it
    assert len({id(o) for o in handed}) == len(handed)
    e.reset(seed=0)
    first, _, _, _, _ = e.last()
    kept = first["observation"].copy()
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    assert np.array_equal(first["observation"], kept)
