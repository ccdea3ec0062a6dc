"""The environments play a game they have never heard of: the throwaway variant of
tests/variant_game.py (lama with 9 of each card, to 30 points), registered at run time.
PettingZoo's and Gymnasium's own checks, and the compiled vector environments (which take
the variant's deck as data: lama.fast.rules.rules_of) held step by step to the single ones by
the differential tests of test_vector.py."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from test_vector import (  # noqa: E402  (the differential tests, run here on the variant)
    test_self_play_is_the_aec_environment_game_by_game as self_play_is_the_aec_env,
)
from test_vector import (
    test_the_vector_env_is_the_gymnasium_environment_game_by_game as vector_is_the_gym_env,
)

import lama.envs  # noqa: E402
from lama.envs.gym_env import LamaGymEnv  # noqa: E402
from lama.envs.vector import LamaVectorEnv  # noqa: E402
from lama.fast import layout as L  # noqa: E402
from lama.fast.rules import rules_of  # noqa: E402
from variant_game import NinesGame, registered  # noqa: E402


@pytest.fixture
def nines():
    with registered() as game:
        yield game


def test_the_aec_env_plays_the_variant(nines):
    e = lama.envs.env(NinesGame.id, 4, render_mode="ansi")
    assert e.game.deck_codes().count("L") == 9 and e.game.target == 30
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=300)
    allowed = ("Observation is not a NumPy array", "all zeros (no legal actions)",
               "Observation space for each agent probably should be")
    assert not [str(w.message) for w in caught if not any(a in str(w.message) for a in allowed)
                and not issubclass(w.category, ResourceWarning)]
    seed_test(lambda: lama.envs.env(NinesGame.id, 3), num_cycles=300)


def test_the_gymnasium_env_plays_the_variant(nines):
    env_id = "lama/Nines-v0"  # as lama.envs registers the built-in games, for this test only
    gymnasium.register(id=env_id, entry_point="lama.envs.gym_env:LamaGymEnv",
                       vector_entry_point="lama.envs.vector:LamaVectorEnv", kwargs={"game": NinesGame.id})
    try:
        made = gymnasium.make(env_id, players=3, opponents="random")
        assert made.unwrapped.game.id == NinesGame.id
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(made.unwrapped)
        assert not [str(w.message) for w in caught]
        vec = gymnasium.make_vec(env_id, num_envs=4, players=3)
        assert isinstance(vec.unwrapped, LamaVectorEnv) and vec.unwrapped.game.id == NinesGame.id
        vec.close()
    finally:
        del gymnasium.registry[env_id]
    env = LamaGymEnv(NinesGame.id, 3, opponents="heuristic")
    obs, info = env.reset(seed=4)
    done, steps = False, 0
    while not done:
        obs, reward, done, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
    assert max(env.table.state.points) >= 30 and steps > 10


def test_the_compiled_engine_takes_the_variants_deck(nines):
    venv = LamaVectorEnv(NinesGame.id, 2, players=3)
    rules = rules_of(venv.game)
    assert rules[L.R_DECK_TOTAL] == 63 and list(rules[L.R_DECK:L.R_DECK + 7]) == [9] * 7
    assert rules[L.R_TARGET] == 30


def test_self_play_of_the_variant_is_the_aec_environment(nines, monkeypatch):
    self_play_is_the_aec_env(monkeypatch, NinesGame.id, 4, "points")


def test_the_vector_env_of_the_variant_is_the_gymnasium_environment(nines, monkeypatch):
    vector_is_the_gym_env(monkeypatch, NinesGame.id, 3, 1, "heuristic", "next_step")
