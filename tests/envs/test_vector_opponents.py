"""The vector environment's opponents (lama.envs.opponents): `hard` is the hard bot's compiled
search, on the same position and move log; batched policies get their seat's observations and
masks and must answer legally; names, callables and compiled policies mix per seat."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from lama.bots.compiled import cards, dice  # noqa: E402
from lama.bots.levels import hard_bot  # noqa: E402
from lama.envs import batch  # noqa: E402
from lama.envs.opponents import HardSearch  # noqa: E402
from lama.envs.vector import LamaVectorEnv  # noqa: E402
from lama.fast import layout as L  # noqa: E402
from lama.fast.layout import MOVE_FLAGS  # noqa: E402
from lama.fast.rules import rules_of  # noqa: E402
from lama.fast.views import state_from_core  # noqa: E402
from lama.games import GAMES, new_game  # noqa: E402

SAMPLES = 120


def log_of(state) -> np.ndarray:
    """A row's move log of this round's moves of a core state, as the kernels keep it."""
    game = state.game
    moves = getattr(state, "moves", ())
    log = np.zeros(batch.LOG_AT + 3 * batch.LOG_MOVES, dtype=np.int64)
    log[batch.LOG_COUNT], log[batch.LOG_ROUND] = len(moves), state.round
    for m, (seat, action, top) in enumerate(moves):
        log[batch.LOG_AT + 3 * m:batch.LOG_AT + 3 * m + 3] = seat, game.action_id(action), top  # (the kind)
    return log


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_is_the_hard_bots_compiled_search_on_the_same_position(game_id):
    """At the decisions of random games, HardSearch on the engine state (hidden cards in it) and
    its move log gives the very estimates the hard bot's compiled search gives from the view, and
    at hard's budget the hard bot's decision."""
    game = new_game(game_id, 3)
    search = HardSearch(game, rules_of(game))
    search.samples = SAMPLES
    state = game.new_initial_state()
    rng = random.Random(1)
    st = np.zeros(L.STATE_SIZE, dtype=np.int64)
    compared = 0
    while not state.finished and compared < 12:
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
            continue
        view = state.view(state.to_move)
        if len(view.legal_actions) > 1:
            if game_id == "dice":
                state_from_core(state, st)
                expected = dice.compiled_search(view, random.Random(compared), SAMPLES, True)
            else:
                state_from_core(state, st)
                expected = cards.evaluate_view(view, random.Random(compared), SAMPLES, True, infer=True)
            actions, results = search.estimates(st, log_of(state), random.Random(compared))
            assert [game.action_id(a) for a, _ in expected] == actions.tolist()
            # a seat that quit has its display face down (D3): both deal it again at random, in
            # their own ways, so only the playouts' count is the same
            face_down = game_id == "dice" and any(q and s != view.seat for s, q in enumerate(view.quit))
            if face_down:
                assert sum(stats[0] for _, stats in expected) == sum(results[0].tolist())
                state.apply(rng.choice(view.legal_actions))
                continue
            assert [stats for _, stats in expected] == list(zip(*(r.tolist() for r in results)))
            if compared < 3:  # and at the full budget, the hard bot's very decision
                full = HardSearch(game, search.rules)
                assert full(st, log_of(state), random.Random(9)) == game.action_id(hard_bot(view, random.Random(9)))
            compared += 1
        state.apply(rng.choice(view.legal_actions))
    assert compared >= 3


def tally(log, game) -> dict:
    """(seat, move counter) -> count, from a row's log (MOVES' counters: lama.fast.layout)."""
    counts: dict = {}
    for m in range(int(log[batch.LOG_COUNT])):
        seat, action = int(log[batch.LOG_AT + 3 * m]), game.action_of(int(log[batch.LOG_AT + 3 * m + 1]))
        f = game.kinds.index[action.card] if action.kind == "play" else MOVE_FLAGS[action.kind]
        counts[seat, f] = counts.get((seat, f), 0) + 1
    return counts


def first_legal(obs, masks):
    """A batched policy: the lowest legal id."""
    assert obs.dtype == np.float32 and masks.dtype == np.bool_ and masks.any(axis=1).all()
    return np.argmax(masks, axis=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_mix_of_opponents_plays_whole_games(game_id):
    """hard, a batched policy and a compiled policy at one table: whole games, in every game;
    the move log the hard seat reads is the round's moves (the engine's counters agree)."""
    game = new_game(game_id, 4, {"target": 12})
    venv = LamaVectorEnv(game_id, 3, players=4, options={"target": 12}, opponents=["hard", first_legal, "easy"])
    venv._hard.samples = SAMPLES
    obs, infos = venv.reset(seed=2)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(60):
        masks = infos["action_mask"]
        obs, rewards, terminated, _, infos = venv.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        ends += int(terminated.sum())
        if game_id != "dice":
            for i in range(3):
                st, log = venv._b.states[i], venv._logs[i]
                if int(log[batch.LOG_ROUND]) == int(st[L.ROUND]) and not venv._over[i]:
                    counters = {(s, f): int(st[L.MOVES + s * L.MOVE_STRIDE + f]) for s in range(4)
                                for f in range(L.MOVE_STRIDE) if st[L.MOVES + s * L.MOVE_STRIDE + f]}
                    assert tally(log, game) == counters
    assert ends >= 1


def test_a_batched_policy_sees_its_own_seat_and_must_answer_legally():
    seen = []

    def spy(obs, masks):
        seen.append((obs.copy(), masks.copy()))
        return np.argmax(masks, axis=1)

    venv = LamaVectorEnv("lama", 4, players=2, opponents=spy)
    obs, infos = venv.reset(seed=0)
    for _ in range(5):
        obs, *_rest, infos = venv.step(np.argmax(infos["action_mask"], axis=1))
    assert seen and all(o.shape[1] == venv.single_observation_space.shape[0] for o, _ in seen)
    assert all(m.any(axis=1).all() for _, m in seen)
    with pytest.raises(ValueError, match="not legal"):
        bad = LamaVectorEnv("lama", 4, players=2, opponents=lambda obs, masks: np.argmin(masks, axis=1))
        _, infos = bad.reset(seed=0)
        for _ in range(5):
            bad.step(np.argmax(infos["action_mask"], axis=1))
    with pytest.raises(ValueError, match="must return 4 actions"):
        LamaVectorEnv("lama", 4, players=2, seat=1, opponents=lambda obs, masks: [0]).reset(seed=0)
    with pytest.raises(ValueError, match="2 opponents"):
        LamaVectorEnv("lama", 4, players=3, opponents=["hard"])


def test_hard_opponents_replay_with_the_seed():
    def run(seed):
        venv = LamaVectorEnv("komarami", 3, players=3, opponents=["hard", "random"], options={"target": 10})
        venv._hard.samples = SAMPLES
        obs, infos = venv.reset(seed=seed)
        trace = [obs]
        for _ in range(25):
            obs, rewards, _, _, infos = venv.step(np.argmax(infos["action_mask"], axis=1))
            trace += [obs, rewards]
        return np.concatenate([t.ravel() for t in trace])
    assert np.array_equal(run(3), run(3))
    assert not np.array_equal(run(3), run(4))
