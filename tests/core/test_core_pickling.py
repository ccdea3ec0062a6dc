"""Games, states and views survive pickle and copy.deepcopy at any moment, in every game: the copy
sees what the original sees, plays on exactly as the original would, and shares nothing with it;
a state sent to a worker process (a real spawn pool) is continued there."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama.games import GAMES, new_game


def seen(state) -> tuple:
    """Everything the state shows: each seat's view, the spectator's, and chance pending."""
    return (tuple(state.view(s) for s in [None, *range(state.game.players)]), state.chance)


def step(state, rng) -> None:
    """One move of a random seat policy, or one chance outcome."""
    if state.to_move is None:
        state.apply_chance(state.sample_chance(rng))
    else:
        state.apply(rng.choice(state.view(state.to_move).legal_actions))


def play_out(state, seed: int, limit: int = 100_000) -> tuple:
    """The state played to the end with random moves and chance from `seed`: what it then shows."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.finished:
            break
        step(state, rng)
    return seen(state), tuple(state.points), state.winners


def copies(obj) -> list:
    return [pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_pickles_and_copies(game_id):
    game = new_game(game_id, 3, {"target": 25})
    game.public_options  # noqa: B018 - the read-only options, cached on first use
    for other in copies(game):
        assert type(other) is type(game) and other.players == 3 and other.target == 25
        assert other.public_options == game.public_options
        assert [other.action_of(i) for i in range(other.num_distinct_actions())] == \
            [game.action_of(i) for i in range(game.num_distinct_actions())]
        assert seen(other.new_initial_state()) == seen(game.new_initial_state())


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(list(GAMES)), players=st.integers(2, 6), seed=st.integers(0, 2**32),
       at=st.integers(0, 400))
def test_state_copies_at_any_moment_play_on_alike(game_id, players, seed, at):
    """A state copied after `at` random steps (views handed out all along) shows the same and
    plays to the same end as the original; playing the copy leaves the original alone."""
    state = new_game(game_id, players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(at):
        if state.finished:
            break
        seen(state)  # views (with their read-only options) handed out
        step(state, rng)
    before = seen(state)
    for other in copies(state):
        assert seen(other) == before
        assert other.game is not state.game
        end = play_out(other, seed + 1)
        assert seen(state) == before
    assert play_out(state, seed + 1) == end


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_node_of_a_game_copies(game_id):
    """At every node of seeded random games: the state, its game and every view pickle and copy
    to equal ones."""
    for seed in range(2):
        state = new_game(game_id, 4).new_initial_state()
        rng = random.Random(seed)
        while not state.finished:
            shown = seen(state)
            for other in copies(state):
                assert seen(other) == shown
            for view in shown[0]:
                assert copies(view) == [view, view]
            step(state, rng)


def test_a_state_continues_in_a_spawned_worker():
    """States mid-game, sent to a worker process started by spawn (nothing inherited), are
    played on there exactly as here."""
    started = []
    for i, game_id in enumerate(GAMES):
        state = new_game(game_id, 3 + i % 2).new_initial_state()
        rng = random.Random(i)
        for _ in range(40):
            if not state.finished:
                step(state, rng)
        started.append((state, 100 + i))
    here = [play_out(copy.deepcopy(state), seed) for state, seed in started]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.starmap(play_out, started)
    assert there == here
