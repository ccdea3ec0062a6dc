"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every game at 2, 4
and 6 players, then rewards, the illegal-action policy, chance and rendering."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from lama.core import InvalidOption  # noqa: E402
from lama.envs import IllegalActionError, env  # noqa: E402
from lama.envs.rewards import round_rewards, win_rewards  # noqa: E402
from lama.games import GAMES, new_game  # noqa: E402
from lama.match import Table  # noqa: E402

GAME_IDS = sorted(GAMES)


def play(e, seed=0, policy=None, until=None):
    """Step `e` (after reset) with random masked actions; return [(agent, obs, reward, term)]."""
    rng = random.Random(seed)
    seen = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        seen.append((agent, obs, reward, term))
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        e.step(policy(e, legal, rng) if policy else legal[rng.randrange(len(legal))])
        if until and until(e):
            break
    return seen


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test(game_id, players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players, render_mode="ansi"), num_cycles=300)
    # the only warnings allowed: a dict observation (the classic envs' form), an all-zero mask
    # for an agent not to move, and the illegal-move notice never
    allowed = ("Observation is not a NumPy array", "all zeros (no legal actions)",
               "Observation space for each agent probably should be")
    unexpected = [str(w.message) for w in caught if not any(a in str(w.message) for a in allowed)
                  and not issubclass(w.category, ResourceWarning)]  # another test's garbage, collected here
    assert not unexpected, unexpected


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_seed_test(game_id, players):
    seed_test(lambda: env(game_id, players), num_cycles=300)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spaces_follow_the_classic_conventions(game_id):
    e = env(game_id, 3)
    game = new_game(game_id, 3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in e.possible_agents:
        assert e.action_space(agent).n == game.num_distinct_actions()
        space = e.observation_space(agent)
        assert space["observation"].dtype == np.float32 and space["observation"].shape == (e.encoder.size,)
        assert space["action_mask"].dtype == np.int8 and space["action_mask"].shape == (game.num_distinct_actions(),)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    assert obs["action_mask"].tolist() == e.game_state.legal_actions_mask()
    other = e.possible_agents[(e.possible_agents.index(e.agent_selection) + 1) % 3]
    assert not e.observe(other)["action_mask"].any()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_env_deals_what_a_table_with_the_same_seed_deals(game_id):
    e = env(game_id, 4)
    e.reset(seed=12345)
    table = Table(new_game(game_id, 4), [None] * 4, seed=12345)
    table.advance()
    for seat in range(4):
        assert e.game_state.view(seat) == table.view(seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seed_replays_the_game_and_another_seed_does_not(game_id):
    def history(seed):
        e = env(game_id, 3)
        e.reset(seed=seed)
        return [(a, o["observation"].tobytes(), r) for a, o, r, _ in play(e, seed=7)]

    assert history(5) == history(5)
    assert history(5) != history(6)


def test_an_unseeded_reset_after_a_seeded_one_is_reproducible():
    a, b = env("lama", 2), env("lama", 2)
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 3
    assert a.game_state.view(0) == b.game_state.view(0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_win_rewards_share_one_among_the_winners(game_id):
    e = env(game_id, 4)
    e.reset(seed=2)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent, _obs, reward, _term in play(e, seed=2):
        total[agent] += reward
    winners = e.game_state.winners
    assert e.game_state.finished and winners
    assert total == {f"player_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(4)}
    assert sum(total.values()) == pytest.approx(1.0)


def test_win_rewards_split_ties():
    assert win_rewards((0, 2), 4) == [0.5, 0.0, 0.5, 0.0]
    assert win_rewards((1,), 3) == [0.0, 1.0, 0.0]


def test_round_rewards_are_the_others_average_gain_minus_ones_own():
    assert round_rewards([0, 0, 0], [3, 6, 9]) == [4.5, 0.0, -4.5]
    assert round_rewards([10, 5], [12, 20]) == [13.0, -13.0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_points_rewards_come_at_each_round_end_and_sum_to_zero(game_id):
    e = env(game_id, 3, reward="points")
    e.reset(seed=4)
    received = {a: [] for a in e.possible_agents}
    rounds_seen = [0]
    start = [list(e.game_state.points)]
    expected = []

    def policy(env_, legal, rng):
        return legal[rng.randrange(len(legal))]

    rng = random.Random(4)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if reward:
            received[agent].append(reward)
        if term:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        e.step(policy(e, legal, rng))
        history = e.game_state.history
        if len(history) > rounds_seen[0]:
            rounds_seen[0] = len(history)
            end = list(history[-1].scores)
            expected.append(round_rewards(start[0], end))
            start[0] = end
            assert sum(e.rewards.values()) == pytest.approx(0.0)
            assert [e.rewards[a] for a in e.possible_agents] == pytest.approx(expected[-1])
    assert len(expected) == len(e.game_state.history) >= 1
    totals = {a: sum(r) for a, r in received.items()}
    want = [sum(r[s] for r in expected) for s in range(3)]
    assert [totals[a] for a in e.possible_agents] == pytest.approx(want)


def test_an_illegal_action_ends_the_game_with_a_penalty_and_changes_nothing(caplog):
    e = env("lama", 3)
    e.reset(seed=8)
    agent = e.agent_selection
    before = e.game_state.view(0)
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert "Illegal move" in caplog.text  # PettingZoo's own notice, as the classic envs give it
    assert e.game_state.view(0) == before
    assert all(e.terminations.values())
    assert e._cumulative_rewards[agent] == -1.0
    assert all(r == 0 for a, r in e._cumulative_rewards.items() if a != agent)
    assert e.infos[agent]["illegal_action"] == illegal
    for _ in e.agent_iter():
        assert e.last()[2]
        e.step(None)
    assert e.agents == []


@pytest.mark.parametrize("bad", [None, 999, -1, "draw"])
def test_illegal_raise_names_the_legal_ids_and_changes_nothing(bad):
    e = env("kadabra", 3, illegal="raise")
    e.reset(seed=8)
    before = e.game_state.view(0)
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()
    with pytest.raises(IllegalActionError, match="legal ids") as info:
        e.step(bad)
    assert str(legal) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert e.game_state.view(0) == before and not any(e.terminations.values())


def test_numpy_integer_actions_are_accepted():
    e = env("dice", 2)
    e.reset(seed=1)
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.int64(legal[0]))
    assert not any(e.terminations.values())


@pytest.mark.parametrize("bad", [dict(reward="money"), dict(illegal="ignore"), dict(render_mode="human"),
                                 dict(players=7), dict(game="chess")])
def test_bad_arguments_are_clear_errors(bad):
    with pytest.raises((ValueError, InvalidOption)):
        env(**{"game": "lama", "players": 3, **bad})


def test_render_shows_the_table_and_only_the_hand_of_the_seat_to_move():
    e = env("lama", 3, render_mode="ansi")
    e.reset(seed=11)
    seat = e.agent_seat[e.agent_selection]
    text = e.render()
    assert f"hand of seat {seat + 1}: {' '.join(e.game_state.view(seat).hand)}" in text
    assert text.count("hand of seat") == 1
    assert f"top: {e.game_state.view(seat).top}" in text


def test_render_of_kadabra_and_dice_shows_their_own_table():
    k = env("kadabra", 3, render_mode="ansi")
    k.reset(seed=1)
    assert "The stage: 0 chips (0 white, 0 black)   magic chip: free" in k.render()  # as Kadabra declares it
    d = env("dice", 3, render_mode="ansi")
    d.reset(seed=1)
    assert "llama row: 1 2 3 4 5 6 L" in d.render()


def test_render_without_a_mode_warns_and_returns_none():
    e = env("lama", 2)
    e.reset(seed=0)
    with pytest.warns(UserWarning, match="render mode"):
        assert e.render() is None


def test_observing_or_stepping_before_reset_is_an_error():
    e = env("lama", 2)
    with pytest.raises(Exception, match="reset"):
        e.observe("player_0")
    with pytest.raises(Exception, match="reset"):
        e.step(0)


def test_the_aec_state_method_is_left_to_pettingzoo():
    """The game's state is `game_state`: `state()` stays PettingZoo's (a global state, which
    these environments do not offer: it would show every hand)."""
    e = env("lama", 2)
    e.reset(seed=0)
    assert callable(e.state)
    with pytest.raises(NotImplementedError):
        e.state()


def test_render_says_a_games_marks_zones_and_notes_from_its_declarations():
    """lama.core.display, in English: a mark's label beside its seat, a zone's line, a note of
    the middle (Kadabra's magic chip, stage and forced draw), seats numbered from 1."""
    from lama.core import View
    from lama.envs.render import render_view

    view = View("kadabra", 0, 3, 0, None, (3, 3, 3), (False,) * 3, 40, False, (), (), (), hand=("2/3",),
                hand_sizes=(1, 3, 4), top="2+", pile_size=9, discard_pile=("2+",), stage=(4, 1), magic_chip=1,
                show=True, forced_draw=2)
    text = render_view(view)
    assert "seat 2:   3 points  3 cards  (holds the magic chip)" in text
    assert "seat 3:   3 points  4 cards  (must draw first)" in text
    assert "The stage: 5 chips (4 white, 1 black); a magic show is on   magic chip: seat 2\n" in text
    assert "Seat 3 must draw a card first (rectangle card)\n" in text
