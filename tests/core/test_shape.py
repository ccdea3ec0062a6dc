"""Each game declares what it adds once (lama.core.shape): the View holds exactly the declared
fields, in their order, and its JSON writes them after the fields every game has."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from lama.core import View
from lama.core.events import Event
from lama.core.shape import VIEW_FIELDS
from lama.core.view import COMMON
from lama.games import GAMES, new_game


def positions(game_id, players=3, seed=0, steps=120):
    rng = random.Random(seed)
    state = new_game(game_id, players).new_initial_state()
    for _ in range(steps):
        yield state
        if state.finished:
            return
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_view_holds_the_declared_fields_in_their_order(game_id):
    declared = [f.name for f in GAMES[game_id].state_class.shape.view]
    assert declared, "every game adds something to the View"
    for state in positions(game_id):
        for seat in (*range(state.n), None):
            view = state.view(seat)
            assert [name for name, _ in view.extra] == declared
            out = view.to_json()
            assert list(out) == [*COMMON, "history", "legal_actions", *declared]
            for name in declared:
                assert out[name] == json.loads(json.dumps(out[name]))  # plain JSON
            assert {n: getattr(view, n) for n in declared} == dict(view.extra)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_view_answers_another_games_field_with_its_declared_default(game_id):
    view = new_game(game_id, 2).new_initial_state().view(0)
    own = {name for name, _ in view.extra}
    others = [f for name, f in VIEW_FIELDS.items() if name not in own]
    assert others, "the other games declare fields this one lacks"
    for f in others:
        assert getattr(view, f.name) == f.default
    with pytest.raises(AttributeError):
        view.no_such_field  # noqa: B018


def test_replace_changes_a_games_field_and_adds_none():
    """What the server's view cache does: a card game's moves shortened, dice left without any."""
    for game_id in ("kadabra", "dice"):
        view = new_game(game_id, 2).new_initial_state().view(0)
        changed = dataclasses.replace(view, moves=(), history=())
        assert changed.extra == tuple((n, () if n == "moves" else v) for n, v in view.extra)
        assert changed == view  # nothing happened yet: no moves, no history


def test_a_hand_built_view_takes_a_games_fields_as_keywords():
    view = View(game="kadabra", seat=0, players=2, round=0, to_move=0, points=(3, 3), quit=(False, False),
                target=40, finished=False, winners=(), history=(), legal_actions=(), hand=("1",), stage=(1, 0))
    assert view.hand == ("1",) and view.stage == (1, 0) and view.magic_chip is None
    assert view.to_json()["stage"] == [1, 0] and "magic_chip" not in view.to_json()


def _event_classes(cls=Event):
    for sub in cls.__subclasses__():
        yield sub.__name__
        yield from _event_classes(sub)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_observation_declares_fields_and_events_that_exist(game_id):
    """Each observed feature is a View attribute (and the state attribute its fast path reads
    is the state's); each event a game declares for the observation is an Event class, and each
    feature an event changes is observed."""
    game = new_game(game_id, 3)
    shape = game.state_class.shape
    names = [o.name for o in shape.observed]
    assert len(set(names)) == len(names)
    state = game.new_initial_state()
    view = state.view(0)
    for o in shape.observed:
        getattr(view, o.name)
        if o.state is not None:
            getattr(state, o.state)
    for event, changed in shape.changes:
        assert set(changed) <= set(names), event
    declared = {event for event, _ in shape.changes} | {event for event, _ in shape.points_moved}
    declared |= {m.event for m in shape.moves if m.event}
    assert declared <= set(_event_classes()), declared - set(_event_classes())
