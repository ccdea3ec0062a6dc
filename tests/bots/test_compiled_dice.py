"""The compiled rollout search for dice, with the heuristic in its playouts (bots/compiled/dice.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_position
from lama.bots import heuristic_dice
from lama.bots.compiled import dice, policies_dice
from lama.bots.compiled.search import round_value
from lama.bots.rollout import evaluate_actions, playout, round_values
from lama.bots.values import temperatures
from lama.fast import layout as L
from lama.fast.kernel import KernelRandom, float_array, float_zeros, zeros
from lama.fast.rules import rules_of
from lama.fast.views import state_from_core


def heuristic_policy(state, rng):
    return heuristic_dice.choose(state.view(state.to_move), rng)


def _kernel_playout(state, action, words, depth, heads_up):
    """The search's playout and value from a core state, on the engine: (points, value of the
    seat to move)."""
    game, n, me = state.game, state.n, state.to_move
    ru = rules_of(game)
    st = zeros(L.STATE_SIZE)
    state_from_core(state, st)  # (the true state: face-down displays too)
    for i, word in enumerate(words):
        st[L.RNG + i] = word
    dice._playout(st, ru, game.action_id(action), depth, heads_up,
                      zeros(policies_dice.DICE_REMOVED + policies_dice.DICE_K * (max(depth, heads_up) + 1)),
                      float_zeros(policies_dice.MEMO_SIZE))
    value = round_value(st, ru, me, float_array(temperatures(game.id, n)))
    return [int(st[L.POINTS + s]) for s in range(n)], value


@pytest.mark.slow
@pytest.mark.parametrize("depth", [heuristic_dice.DEPTH, 1])
@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 60), pick=st.integers(0, 20))
def test_kernel_playout_plays_like_the_heuristic_through_the_core(depth, players, seed, steps, pick):
    """Differential: from the same position, the same first action and the same dice, the
    kernel's playout (every seat deciding as heuristic_dice, looking `depth` rolls ahead) ends
    the round with the same points as the core driven by heuristic_dice itself, and the same value."""
    state = random_position("dice", players, seed, steps)
    if state.to_move is None:
        return
    legal = state.legal_actions()
    action = legal[pick % len(legal)]
    words = [seed | 1, 17, steps, pick]
    points, value = _kernel_playout(state, action, words, depth, heuristic_dice.DEPTH_HEADS_UP)
    core = state.clone()
    core.apply(action)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(heuristic_dice, "DEPTH", depth)
        playout(core, KernelRandom(words), heuristic_policy)
    assert points == core.points
    assert value == pytest.approx(round_values(core)[state.to_move], rel=1e-12)


def _view(players=4, seed=3, steps=10):
    """A decision with a choice, from the first seed at or after `seed` that reaches one."""
    while True:
        state = random_position("dice", players, seed, steps)
        if state.to_move is not None and len(state.legal_actions()) > 1:
            return state.view(state.to_move)
        seed += 1


def test_search_is_deterministic_and_spends_the_budget():
    view = _view()
    first = dice.evaluate_view(view, random.Random(1), 200, True, 1)
    assert first == dice.evaluate_view(view, random.Random(1), 200, True, 1)
    assert [a for a, _ in first] == list(view.legal_actions)
    assert 150 <= sum(stats[0] for _, stats in first) <= 200


@pytest.mark.slow
def test_kernel_search_agrees_with_the_python_search():
    """The same method with the heuristic in the playouts, other random numbers: the values
    agree within their noise."""
    view = _view(3, seed=11)
    kernel = dice.evaluate_view(view, random.Random(2), 1000, False)
    python = evaluate_actions(view, random.Random(2), 1000, policy=heuristic_policy)
    for (a, (n, total, total_sq, _)), (b, f) in zip(kernel, python):
        assert a == b
        mean = total / n
        stderr = ((total_sq - total * total / n) / (n - 1) / n) ** 0.5
        assert abs(mean - f.mean) < 4 * (stderr ** 2 + f.stderr ** 2) ** 0.5 + 1e-9


def test_without_numba_the_same_code_gives_the_same_result():
    script = (
        "import sys, json, random; sys.modules['numba'] = sys.modules['numpy'] = None\n"
        f"sys.path[:0] = [{str(Path(__file__).resolve().parents[1])!r}, {str(Path(__file__).resolve().parent)!r}]\n"
        "from lama.bots.compiled import dice\n"
        "from test_compiled_dice import _view\n"
        "found = dice.evaluate_view(_view(), random.Random(1), 60, True, 1)\n"
        "print(json.dumps([[a.kind, list(s)] for a, s in found]))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    here = dice.evaluate_view(_view(), random.Random(1), 60, True, 1)
    assert json.loads(out) == [[a.kind, list(s)] for a, s in here]
