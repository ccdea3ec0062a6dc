"""Stable action ids, masks and JSON forms, over every game (issue 11, items 2 and 3)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import random_step
from lama.core import Action, IllegalAction
from lama.games import new_game

from .adapters import adapter_for
from .test_conformance import RULES_IDS, make_game, walk

# every game, and the games not registered yet (test_conformance.UNREGISTERED): RULES_IDS
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=6)
fast = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# The published size of each game's action space (docs/developers.md, "Action ids"): ids are a public
# contract, so a change here must be a deliberate, documented one.
SIZES = {"lama": 9, "komarami": 9, "dice": 128, "party": 16, "lama+lachen": 10, "komarami+lachen": 10}


@pytest.mark.parametrize("game_id", RULES_IDS)
@pytest.mark.parametrize("n", range(2, 7))
def test_action_ids_are_a_bijection(game_id, n):
    game = make_game(game_id, n)
    size = game.num_distinct_actions()
    assert size == SIZES.get(game_id, 19 + 4 + n)  # kadabra: 19 plays, 4 moves, a give to each seat
    actions = [game.action_of(i) for i in range(size)]
    assert len(set(actions)) == size
    assert [game.action_id(a) for a in actions] == list(range(size))
    for bad in (-1, size, "0", None, True):
        with pytest.raises(IllegalAction):
            game.action_of(bad)
    with pytest.raises(IllegalAction):
        game.action_id(Action("play", "9"))


def test_action_ids_table_as_published():
    """A few ids from the table in docs/developers.md, so a reordering cannot pass unnoticed."""
    lama, kadabra, dice = new_game("lama", 4), new_game("kadabra", 4), new_game("dice", 4)
    assert [str(lama.action_of(i)) for i in (0, 6, 7, 8)] == ["play 1", "play L", "draw", "quit"]
    assert [str(kadabra.action_of(i)) for i in (0, 4, 18, 19, 20, 21, 22, 23, 26)] == [
        "play 1", "play 2/3", "play L", "draw", "quit", "skip", "take stage", "play 1 give 0", "play 1 give 3"]
    assert [str(dice.action_of(i)) for i in (0, 1, 2, 8, 9, 15, 16, 127)] == [
        "roll", "quit", "take 1", "take L", "discard 1", "discard L", "discard 1 1", "discard L L L"]
    lachen = new_game("komarami", 4, {"lachen": True})  # LL2: take the puddle, appended
    assert [str(lachen.action_of(i)) for i in (0, 6, 7, 8, 9)] == ["play 1", "play L", "draw", "quit", "take stage"]


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_mask_marks_exactly_the_legal_actions(game_id, seed, n):
    def probe(state, rng):
        game = state.game
        mask = state.legal_actions_mask()
        assert len(mask) == game.num_distinct_actions() and set(mask) <= {0, 1}
        assert {game.action_of(i) for i, m in enumerate(mask) if m} == set(state.legal_actions())

    walk(make_game(game_id, n), seed, probe)


@pytest.mark.parametrize("game_id", RULES_IDS)
@pytest.mark.parametrize("n", (2, 6))
def test_every_action_round_trips_through_json(game_id, n):
    game = make_game(game_id, n)
    for action in game.all_actions():
        text = json.dumps(action.to_json())
        assert Action.from_json(json.loads(text)) == action


def test_action_json_is_the_protocol_form():
    assert new_game("kadabra", 3).action_of(25).to_json() == {"play": "1", "give": 2}
    assert Action.from_json({"draw": True}).to_json() == {"draw": True}
    assert Action.from_json({"discard": ["5", "3"]}).to_json() == {"discard": ["3", "5"]}
    assert Action.from_json({"take_stage": True}).kind == "take_stage"


@pytest.mark.parametrize("data", [
    None, "play 5", [], {}, {"play": 5}, {"play": "5", "draw": True}, {"draw": 1}, {"draw": "yes"},
    {"play": "5", "give": 1.0}, {"play": "5", "give": True}, {"play": "5", "give": 99}, {"skip": True, "x": 1},
    {"discard": []}, {"discard": ["1", "2", "3", "4"]}, {"discard": "3"}, {"discard": [3]}, {"take": None},
    {"draw": True, "give": 1}, {"play": "x" * 10_000},
])
def test_malformed_action_json_is_refused_with_a_reason(data):
    with pytest.raises(IllegalAction) as e:
        Action.from_json(data)
    assert e.value.code == "malformed" and len(e.value.reason) < 200


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_view_and_event_json_round_trip(game_id, seed, n):
    rng = random.Random(seed)
    state = make_game(game_id, n).new_initial_state()
    while not state.finished:
        events = random_step(state, rng)
        for seat in list(range(n)) + [None]:
            view = state.view(seat).to_json()
            assert json.loads(json.dumps(view)) == view
            assert [Action.from_json(a) for a in view["legal_actions"]] == list(state.view(seat).legal_actions)
            for event in events:
                data = event.for_seat(seat).to_json()
                assert json.loads(json.dumps(data)) == data and data["type"]


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_view_json_leaks_nothing(game_id, seed, n):
    """Resample what a seat cannot see, consistently with its view: its JSON must not change."""
    adapter = adapter_for(game_id)

    def probe(state, rng):
        for seat in range(state.n):
            other = adapter.resample_hidden(state, seat, rng)
            assert other.view(seat).to_json() == state.view(seat).to_json()
            assert other.view(None).to_json() == state.view(None).to_json()

    walk(make_game(game_id, n), seed, probe)


def twin_walk(game_id, n, seed, seat, steps=60):
    """Play a position and a twin whose hidden cards (for `seat`) were dealt anew, with the same
    public moves; yield the JSON `seat` receives from each, step by step, until the round ends
    (when hands are counted, the twins legitimately differ) or the twins cannot follow each other."""
    rng = random.Random(seed)
    state = make_game(game_id, n).new_initial_state()
    for _ in range(rng.randrange(40)):
        if state.finished:
            return
        random_step(state, rng)
    if state.round < 0 or state.chance == "deal" or state.finished:
        return
    twin = adapter_for(game_id).resample_hidden(state, seat, rng)
    for _ in range(steps):
        if state.finished or state.chance == "deal":
            return
        if state.to_move is None:
            if state.chance == "draw" and state.drawer == seat:  # the seat sees its card: the same one
                outcome = state.sample_chance(rng)
                if outcome not in dict(twin.chance_outcomes()):
                    return
                pair = state.apply_chance(outcome), twin.apply_chance(outcome)
            elif state.chance == "draw":  # another seat's draw: each from its own pile
                pair = state.apply_chance(state.sample_chance(rng)), twin.apply_chance(twin.sample_chance(rng))
            else:
                outcome = state.sample_chance(rng)
                pair = state.apply_chance(outcome), twin.apply_chance(outcome)
        else:
            common = [a for a in state.legal_actions() if a in twin.legal_actions()]
            action = common[rng.randrange(len(common))]
            pair = state.apply(action), twin.apply(action)
        if any(type(e).__name__ == "RoundScored" for e in pair[0] + pair[1]):
            return
        yield tuple([e.for_seat(seat).to_json() for e in events] for events in pair)
        yield state.view(seat).to_json(), twin.view(seat).to_json()
        yield ([e.for_seat(None).to_json() for e in pair[0]], [e.for_seat(None).to_json() for e in pair[1]])


@pytest.mark.parametrize("game_id", RULES_IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, n=players, seat=st.integers(min_value=0, max_value=5))
def test_json_a_seat_receives_never_names_a_hidden_card(game_id, seed, n, seat):
    """Other hands, quit seats' face-down hands and the draw pile are dealt anew for a twin
    game; every event and view the seat (or a spectator) receives must be the same JSON."""
    seat %= n
    for mine, twins in twin_walk(game_id, n, seed, seat):
        assert mine == twins
