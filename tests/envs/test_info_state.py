"""The information state (lama.envs.info_state.InfoEncoder, observation="info_state"): its
record matches the core's moves; it stays in its bounds; the compiled kernel
(lama.envs.compiled_observe.observe_info) equals the Python encoder for every seat at every node
of random games of every game at 2 to 6 players; and no hidden card reaches it: re-dealing the
hidden cards (the game's resample_from_view) or changing what the other seats drew changes
nothing (the leak test). The environments hand it out with observation="info_state"."""

import os
import random
from dataclasses import replace

import numpy as np
import pytest
from test_compiled_observe import feed_chance

from lama.core.events import CardDrawn, RoundDealt
from lama.envs import compiled_observe as O
from lama.envs.info_state import InfoEncoder
from lama.envs.observation import Encoder
from lama.fast import kernel
from lama.fast import layout as L
from lama.fast.engine import Engine
from lama.games import GAMES, new_game

GAMES_PER_CELL = int(os.environ.get("LAMA_OBSERVE_GAMES", "6"))


def scrambled(events, seat, game, rng):
    """The events with every card `seat` may not see replaced at random: the other hands of a
    deal, the other seats' draws."""
    codes = list(game.kinds.codes)
    out = []
    for e in events:
        if isinstance(e, RoundDealt) and not e.public:
            e = replace(e, hands=tuple(h if s == seat else tuple(rng.choice(codes) for _ in h)
                                       for s, h in enumerate(e.hands)))
        elif isinstance(e, CardDrawn) and e.seat != seat:
            e = replace(e, card=rng.choice(codes))
        out.append(e)
    return out


def walk(game_id, players, seed, options=None, compiled=True):
    """One random game on the core and the engine with the same actions and chance; at every
    node, for every seat: the record against the core's moves, the bounds, the compiled vector,
    and the leak test. Returns the nodes."""
    game = new_game(game_id, players, options)
    enc = InfoEncoder(game)
    engine = Engine(game)
    ru = engine.rules
    assert O.info_size(ru) == enc.size and O.info_slots(ru) == enc.M and O.slot_size(ru) == enc.S
    hist = kernel.zeros(O.hist_size(ru))
    O.info_reset(hist)
    out = np.zeros(enc.size, dtype=np.float32)
    state, st = game.new_initial_state(), engine.new_state(seed)
    rng, noise = random.Random(seed), random.Random(~seed)
    trackers = [enc.tracker(s) for s in range(players)]
    blind = [enc.tracker(s) for s in range(players)]  # fed the scrambled events
    nodes = 0
    while True:
        for seat in range(players):
            view = state.view(seat)
            x = enc.encode(view, trackers[seat])
            assert ((x >= enc.low) & (x <= enc.high)).all()
            if compiled:
                O.observe_info(st, ru, hist, seat, out)
                if not np.array_equal(out, x):
                    bad = np.flatnonzero(out != x)
                    raise AssertionError((game_id, players, seed, nodes, seat, bad[:5], out[bad[:5]], x[bad[:5]]))
            assert np.array_equal(enc.encode(view, blind[seat]), x)
            if state.to_move == seat and seat == nodes % players:  # the leak test proper, now and then
                other = game.resample_from_view(view, noise.shuffle)
                assert np.array_equal(enc.encode(other.view(seat), blind[seat]), x)
                if compiled:  # the kernel: the other hands, the pile (dice: the undealt cards), the others' draws
                    st2, hist2 = st.copy(), hist.copy()  # anything at all
                    for i in range(L.K_MAX):
                        st2[L.PILE + i] = noise.randrange(9)
                        for s in range(players):
                            if s != seat and not enc.dice_game:  # (dice displays are public)
                                st2[L.HANDS + s * L.K_MAX + i] = noise.randrange(9)
                    for j in range(O.info_slots(ru) + 1):
                        slot = O.HEAD + j * O.SLOT
                        if hist2[slot + O.S_DRAWER] not in (-1, seat):
                            hist2[slot + O.S_DRAWN] = noise.randrange(enc.K)
                    O.observe_info(st2, ru, hist2, seat, out)
                    assert np.array_equal(out, x)
            if not enc.dice_game and state.chance != "draw":
                assert [m[:3] for m in trackers[seat].moves] == [
                    [s, game.action_id(a), game.kinds.index[t]] for s, a, t in view.moves]
        nodes += 1
        if state.finished:
            return nodes
        if state.to_move is None:
            events = feed_chance(engine, st, state, rng)
        else:
            legal = [game.action_id(a) for a in state.legal_actions()]
            keep = [a for a in legal if game.action_of(a).kind != "quit"]  # long rounds, many effects
            action = rng.choice(keep if keep and rng.random() < 0.95 else legal)
            O.info_before(hist, st, ru, action)
            events = state.apply(game.action_of(action))
            engine.apply(st, action)
        if state.to_move is not None or state.finished or noise.random() < 0.5:  # once after chance will do
            O.info_after(hist, st, ru)
        for seat in range(players):
            trackers[seat].feed(events)
            blind[seat].feed(scrambled(events, seat, game, noise))



@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_compiled_info_state_is_the_encoders_and_leaks_nothing(game_id, players):
    # a small target in every other game: points reach the cap, games are short
    nodes = sum(walk(game_id, players, seed, {"target": 5} if seed % 2 else None) for seed in range(GAMES_PER_CELL))
    assert nodes > GAMES_PER_CELL * 20


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("game_id", ["lama", "komarami"])
def test_lachen_the_compiled_info_state_is_the_encoders(game_id, players):
    """LL1, LL2: the puddle's chips in each move's slot, the takes among the moves."""
    nodes = sum(walk(game_id, players, seed, {"lachen": True, **({"target": 5} if seed % 2 else {})})
                for seed in range(3))
    assert nodes > 3 * 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_aec_environment_hands_out_the_info_state(game_id):
    """PettingZoo's api_test passes; every observation is InfoEncoder's of the agent's view and
    the events it was shown, and begins with the summary observation."""
    from pettingzoo.test import api_test

    import lama.envs

    api_test(lama.envs.env(game=game_id, players=3, observation="info_state"), num_cycles=200)
    env = lama.envs.env(game=game_id, players=3, observation="info_state")
    summary = lama.envs.env(game=game_id, players=3)
    enc = InfoEncoder(env.game)
    assert env.observation_space("player_0")["observation"].shape == (enc.size,)
    env.reset(seed=9)
    summary.reset(seed=9)
    rng = random.Random(9)
    steps = 0
    for agent in env.agent_iter(2000):
        obs, _, terminated, truncated, _ = env.last()
        assert np.array_equal(obs["observation"][:Encoder(env.game).size], summary.last()[0]["observation"])
        seat = env.agent_seat[agent]
        assert np.array_equal(obs["observation"], enc.encode(env.game_state.view(seat), env.mirror.trackers[seat]))
        action = None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        env.step(action)
        summary.step(action)
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_gymnasium_environment_hands_out_the_info_state(game_id):
    """check_env passes; the vector holds the learning seat's moves, with what it drew."""
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import lama.envs  # noqa: F401

    env = gymnasium.make(f"lama/{GAMES[game_id].__name__.removesuffix('Game')}-v0", players=3,
                         opponents="random", observation="info_state")
    check_env(env.unwrapped, skip_render_check=True)
    enc = env.unwrapped.encoder
    obs, info = env.reset(seed=4)
    assert obs.shape == (enc.size,)
    history = enc.segment["history_size"].start
    for _ in range(30):
        obs, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert env.observation_space.contains(obs)
        if terminated:
            break
    assert obs[history] > 0 or terminated


def test_an_unknown_observation_is_refused():
    import lama.envs

    with pytest.raises(ValueError, match="observation must be one of 'summary', 'info_state'"):
        lama.envs.env(observation="full")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_info_state_environments_pickle_mid_game(game_id):
    """An AEC and a Gymnasium environment pickled mid-game go on as the originals do: the
    records of what each seat saw travel with them."""
    import pickle

    import gymnasium

    import lama.envs

    env = lama.envs.env(game=game_id, players=3, observation="info_state")
    env.reset(seed=2)
    rng = random.Random(2)

    def act(e, agent_rng):
        obs, _, terminated, truncated, _ = e.last()
        action = None if terminated or truncated else agent_rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        e.step(action)
        return obs["observation"]

    for _ in range(12):
        act(env, rng)
    copy = pickle.loads(pickle.dumps(env))
    rng_copy = random.Random(7)
    rng = random.Random(7)
    for _ in range(40):
        if not env.agents:
            break
        assert np.array_equal(act(env, rng), act(copy, rng_copy))

    name = f"lama/{GAMES[game_id].__name__.removesuffix('Game')}-v0"
    gym = gymnasium.make(name, players=3, opponents="random", observation="info_state").unwrapped
    obs, info = gym.reset(seed=3)
    for _ in range(3):
        obs, _, terminated, _, info = gym.step(int(np.flatnonzero(info["action_mask"])[-1]))
        if terminated:
            return
    twin = pickle.loads(pickle.dumps(gym))
    for _ in range(10):
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, _, terminated, _, info = gym.step(action)
        obs2, _, _, _, _ = twin.step(action)
        assert np.array_equal(obs, obs2)
        if terminated:
            break
