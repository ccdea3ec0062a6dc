"""One conformance suite over every game in lama.games.GAMES (ARCHITECTURE.md, Tests), and its
rules checks over the games not registered yet (UNREGISTERED)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import random_step
from lama.bots import load_bot
from lama.core import QUIT, IllegalAction
from lama.games import GAMES, new_game
from lama.games.party import PartyGame
from lama.match import Match
from lama.record import replay, result_of

from .adapters import adapter_for, snapshot

# Games played with an option that changes their rules, under an id of their own here: the
# L.A.M.A. Lachen promo (LL) in lama and komarami.
VARIANTS = {"lama+lachen": ("lama", {"lachen": True}), "komarami+lachen": ("komarami", {"lachen": True})}
GAME_IDS = sorted(GAMES) + sorted(VARIANTS)
MAX_STEPS = 20_000  # far beyond any real game; a playout that needs more does not end
# Games built but not registered yet: the rules checks below (playouts, refusals, chance, conservation,
# views) run on them too; the ones that need lama.games to know a game (a Match's bots, records) do not.
UNREGISTERED = {PartyGame.id: PartyGame}
RULES_IDS = sorted(set(GAMES) | set(UNREGISTERED)) + sorted(VARIANTS)


def make_game(game_id: str, n: int):
    """The game of this id, registered or not, or a variant's (VARIANTS)."""
    if game_id in VARIANTS:
        return new_game(VARIANTS[game_id][0], n, VARIANTS[game_id][1])
    return new_game(game_id, n) if game_id in GAMES else UNREGISTERED[game_id](n)


seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=6)
fast = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(game, seed, visit=None):
    """A random playout through the core API; `visit(state, rng)` at every decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.finished:
        steps += 1
        assert steps < MAX_STEPS, "the playout does not end"
        if state.to_move is None:
            assert state.chance in ("deal", "draw", "roll")
            events = state.apply_chance(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            assert actions, "a decision point without a legal action"
            if visit:
                visit(state, rng)
            events = state.apply(actions[rng.randrange(len(actions))])
        assert isinstance(events, list)
    assert state.legal_actions() == [] and state.winners
    return state


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_random_playouts_end_with_winners(game_id, seed, n):
    state = walk(make_game(game_id, n), seed)
    low = min(state.points)
    assert max(state.points) >= state.game.target
    assert list(state.winners) == [s for s in range(n) if state.points[s] == low]


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_illegal_actions_raise_and_change_nothing(game_id, seed, n):
    adapter = adapter_for(game_id)

    def probe(state, rng):
        legal = state.legal_actions()
        for action in legal:
            state.clone().apply(action)  # every listed action is accepted
        if rng.random() < 0.2:
            before = snapshot(state)
            for action in adapter.candidate_actions(state, rng):
                if action in legal:
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(action)
            wrong_seat = (state.to_move + 1) % state.n
            with pytest.raises(IllegalAction):
                state.apply(legal[0], seat=wrong_seat)
            with pytest.raises(IllegalAction):
                state.apply_chance(adapter.chance_probes(state)[0])
            assert snapshot(state) == before

    walk(make_game(game_id, n), seed, probe)


NOT_ACTIONS = [None, "quit", "play 1", {"kind": "quit"}, {"seat": 0, "quit": True}, ("quit",), 0, QUIT.kind]


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_what_is_not_an_action_raises_not_an_action_and_changes_nothing(game_id, seed, n):
    """apply with None, a string, a dict... is refused with a typed error (never an AttributeError),
    at decision points and while chance is pending alike."""

    def probe(state, rng):
        before = snapshot(state)
        for thing in NOT_ACTIONS:
            for seat in (None, state.to_move):
                with pytest.raises(IllegalAction) as refused:
                    state.apply(thing, seat)
                assert refused.value.code == "not_an_action"
        assert snapshot(state) == before

    rng = random.Random(seed)
    probe(make_game(game_id, n).new_initial_state(), rng)  # chance pending: the deal
    state = walk(make_game(game_id, n), seed, lambda s, r: probe(s, r) if r.random() < 0.2 else None)
    probe(state, rng)  # after the game


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_illegal_chance_outcomes_raise_and_change_nothing(game_id, seed, n):
    adapter = adapter_for(game_id)
    rng = random.Random(seed)
    state = make_game(game_id, n).new_initial_state()
    while not state.finished:
        if state.to_move is None:
            before = snapshot(state)
            probes = adapter.chance_probes(state)
            with pytest.raises(IllegalAction):
                state.apply_chance(probes[0])  # never a valid outcome
            for outcome in probes[1:]:  # some may be valid: a rejected one changes nothing
                trial = state.clone()
                try:
                    trial.apply_chance(outcome)
                except IllegalAction:
                    assert snapshot(trial) == before
            with pytest.raises(IllegalAction):
                state.apply(QUIT)  # no seat acts while chance is pending
            assert snapshot(state) == before
            state.apply_chance(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_cards_and_points_are_conserved(game_id, seed, n):
    adapter = adapter_for(game_id)
    rng = random.Random(seed)
    state = make_game(game_id, n).new_initial_state()
    while not state.finished:
        before = state.clone()
        events = random_step(state, rng)
        adapter.check_cards(state)
        adapter.check_points(before, state, events)


def play_match(game_id, n, seed, bots=("random",)):
    game = make_game(game_id, n)
    policies = [load_bot(bots[s % len(bots)]) for s in range(n)]
    match = Match(game, policies, seed)
    return match, match.run()


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, n=players)
def test_record_written_during_play_replays_to_the_same_result(game_id, seed, n):
    match, state = play_match(game_id, n, seed, bots=("random", "heuristic"))
    record = json.loads(json.dumps(match.record.data))  # through real JSON
    assert result_of(replay(record)) == result_of(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_gives_the_same_record(game_id):
    first, _ = play_match(game_id, 4, 7)
    again, _ = play_match(game_id, 4, 7)
    other, _ = play_match(game_id, 4, 8)
    assert first.record.data == again.record.data
    assert first.record.data != other.record.data


@pytest.mark.parametrize("game_id", RULES_IDS)
@fast
@given(seed=seeds, n=players)
def test_views_leak_nothing(game_id, seed, n):
    """Resample what a seat cannot see, consistently with its view: the view must not change."""
    adapter = adapter_for(game_id)
    changed = []

    def probe(state, rng):
        for seat in range(state.n):
            other = adapter.resample_hidden(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            changed.append(snapshot(other) != snapshot(state))

    walk(make_game(game_id, n), seed, probe)
    if adapter.hides_cards:
        assert any(changed), "resampling never changed a hidden card: the test would prove nothing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_redacted_for_other_seats(game_id):
    """A drawn card's value reaches only the drawer; a deal shows each seat its own hand."""
    seen = []
    game = make_game(game_id, 3)
    match = Match(game, [load_bot("random")] * 3, seed=3, on_events=seen.extend)
    match.run()
    for event in seen:
        for seat in range(3):
            shown = event.for_seat(seat)
            name = type(event).__name__
            if name == "CardDrawn" and event.seat != seat:
                assert shown.card is None
            if name == "RoundDealt":
                for other, hand in enumerate(shown.hands):
                    if other != seat and game_id != "dice":
                        assert set(hand) <= {"?"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_deals_the_same_first_round_whoever_sits_where(game_id):
    """Duplicate deals: the chance of a round does not depend on the seats' choices."""
    a, _ = play_match(game_id, 4, 11, bots=("random",))
    b, _ = play_match(game_id, 4, 11, bots=("heuristic",))
    first_a, first_b = a.record.data["rounds"][0], b.record.data["rounds"][0]
    assert first_a["hands"] == first_b["hands"] and first_a.get("discard") == first_b.get("discard")
