"""The search bots (rollout, ismcts), their playouts and the levels."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import card_state, random_position
from lama.bots import BOTS, load_bot
from lama.bots.ismcts import IsmctsBot, search
from lama.bots.rollout import (
    Estimate,
    RolloutBot,
    best_of,
    evaluate_actions,
    fast_action,
    playout,
    round_values,
)
from lama.core import DRAW, QUIT, play
from lama.games import GAMES, new_game
from lama.match import Match

SMALL = {"rollout": RolloutBot(samples=24), "ismcts": IsmctsBot(iterations=24)}


def _decision(game_id, players, seed, steps):
    """The view of the seat to move at a position that is not the end of the game."""
    state = random_position(game_id, players, seed, steps)
    while state.finished:
        steps //= 2
        state = random_position(game_id, players, seed, steps)
    return state.view(state.to_move)


def _consistent(state):
    """Put every card not in a hand or the draw pile on the discard pile (the top among them)."""
    discards = list(state.game.deck)
    for counts in state.hands + [state.pile]:
        discards = [d - c for d, c in zip(discards, counts)]
    assert min(discards) >= 0 and discards[state.top] >= 1
    state.discard_pile = discards
    return state


# -- the fast playout ---------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), players=st.integers(2, 6), seed=st.integers(0, 10**6),
       steps=st.integers(0, 100))
def test_fast_action_is_legal_and_a_playout_ends_the_round(game_id, players, seed, steps):
    state = random_position(game_id, players, seed, steps)
    if state.finished:
        return
    rng = random.Random(seed)
    assert fast_action(state, rng) in state.legal_actions()
    round_ = state.round
    playout(state, rng)
    assert state.finished or (state.chance == "deal" and state.history[-1].round == round_)


def test_round_values_share_a_win_and_prefer_fewer_points():
    state = card_state("lama", hands=[["3"], ["2"], ["4"]], top="3", points=[0, 30, 30])
    state.game.target = 31
    state.apply(play("3"))  # seat 0 goes out; seats 1 and 2 take 2 and 4 points (C6: 32, 34)
    assert state.finished and round_values(state) == [1.0, 0.0, 0.0]
    state = card_state("lama", hands=[["3"], ["2"], ["4"]], top="3", points=[5, 10, 10])
    values = round_values(state)
    assert sum(values) == pytest.approx(1.0)
    assert values[0] > values[1] == values[2]


# -- the bots -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_search_bots_return_a_legal_action(name, game_id):
    bot = SMALL[name]
    for seed in range(4):
        view = _decision(game_id, 3, seed, 7 * seed)
        assert bot(view, random.Random(seed)) in view.legal_actions


@pytest.mark.parametrize("name", sorted(SMALL))
def test_search_bots_are_deterministic_for_a_seed_and_budget(name):
    bot = SMALL[name]
    for seed in range(3):
        view = _decision("kadabra", 4, seed, 11)
        first = bot(view, random.Random(seed))
        assert all(bot(view, random.Random(seed)) == first for _ in range(2))
    view = _decision("lama", 4, 5, 3)
    a = [(x, e.n, e.total) for x, e in evaluate_actions(view, random.Random(1), 40)]
    b = [(x, e.n, e.total) for x, e in evaluate_actions(view, random.Random(1), 40)]
    assert a == b


@pytest.mark.parametrize("name", sorted(SMALL))
def test_L4_going_out_is_chosen_over_drawing_or_quitting(name):
    """Seat 0 holds one playable card: playing it ends the round with 0 points for it (C5)."""
    state = card_state("lama", hands=[["4"], ["L", "L", "6", "5"], ["6", "6", "L"]], top="3",
                       points=[12, 12, 12])
    view = state.view(0)
    assert set(view.legal_actions) == {play("4"), DRAW, QUIT}
    assert SMALL[name](view, random.Random(0)) == play("4")


@pytest.mark.parametrize("name", sorted(SMALL))
def test_L3_a_cheap_hand_quits_rather_than_draw_when_it_cannot_play(name):
    """A 1 on a 4 cannot be played; quitting keeps the round's points at 1, while drawing
    from a pile of llamas only adds 10 and no play becomes possible (seat 1 is out of cards
    to play on anything but an L)."""
    state = _consistent(card_state("lama", hands=[["1"], ["5", "5", "5"]], top="4", pile=["L", "L", "L", "L"],
                                   points=[0, 0]))
    view = state.view(0)
    assert set(view.legal_actions) == {DRAW, QUIT}
    bot = IsmctsBot(iterations=200) if name == "ismcts" else RolloutBot(samples=200)
    assert bot(view, random.Random(0)) == QUIT


def test_ismcts_visits_one_root_child_per_iteration():
    state = random_position("komarami", 4, 3, 0)
    view = state.view(state.to_move)
    root = search(view, random.Random(0), iterations=150)
    assert sum(child.visits for child in root.children.values()) == 150
    assert set(root.children) <= set(view.legal_actions)
    assert all(child.seat == view.seat for child in root.children.values())


def test_rollout_tries_every_action_equally_often():
    state = random_position("lama", 3, 2, 0)
    view = state.view(state.to_move)
    estimates = evaluate_actions(view, random.Random(0), samples=10 * len(view.legal_actions))
    assert [a for a, _ in estimates] == list(view.legal_actions)
    assert {e.n for _, e in estimates} == {10}
    assert all(0.0 <= e.mean <= 1.0 for _, e in estimates)


def test_levels_and_search_bots_load_by_name():
    for name in ("easy", "medium", "hard", "rollout", "ismcts", "rollout-hard"):
        assert load_bot(name) is BOTS[name]


@pytest.mark.parametrize("seed", range(3))
def test_hard_searches_in_dice_and_its_hint_is_its_choice(seed):
    """In dice hard is the compiled search with heuristic playouts (bots/compiled/dice.py), and a hint
    shows what hard would play."""
    from lama.bots.compiled import dice
    from lama.bots.hints import hints
    from lama.bots.levels import hard_bot

    view = _decision("dice", 3, seed, 10)
    if len(view.legal_actions) > 1:
        found = dice.evaluate_view(view, random.Random(seed), GAMES["dice"].hard_samples, True)
        expected = best_of([(a, Estimate.of(*stats)) for a, stats in found])
        assert hard_bot(view, random.Random(seed)) == expected
        assert hints(view, random.Random(seed)).choice == expected


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_with_every_level_is_legal_and_reproducible(game_id):
    """Match raises if a bot returns an illegal action; the same seed gives the same record."""
    game = new_game(game_id, 3, {"target": 12})
    policies = [BOTS["easy"], BOTS["medium"], SMALL["ismcts"]]
    first = Match(game, policies, seed=1)
    first.run()
    again = Match(game, policies, seed=1)
    again.run()
    assert first.record.data == again.record.data


def test_bench_rollouts_reports_core_and_compiled_search_rates(capsys):
    import json

    from lama.cli import main

    assert main(["bench-rollouts", "--game", "lama", "--game", "dice", "--players", "3", "--playouts", "20",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["game"], "search_per_s" in r) for r in rows] == [("lama", True), ("dice", True)]
    assert all(r["core_per_s"] > 0 and r["search_per_s"] > 0 for r in rows)


def test_wilson_interval_brackets_the_rate():
    from lama.sim.strength import wilson

    assert wilson(80, 100) == pytest.approx((0.7112, 0.8666), abs=1e-4)  # the textbook values
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.parametrize("game_id,options", [
    ("lama", {"target": 1000}),
    ("dice", {"target": 1000}),
    ("kadabra", {"target": 1000, "deck": {"L": 60, "1": 60, "2/3": 60, "6+": 20}}),  # the largest deck
])
@pytest.mark.parametrize("players", [2, 6])
def test_the_compiled_search_takes_the_largest_options_allowed(game_id, options, players):
    """Option bounds (core/game.py MAX_TARGET, kadabra MAX_KIND and MAX_DECK): the hard bot's
    search runs on a game at them and its choices are legal."""
    game = new_game(game_id, players, options)
    hard = load_bot("hard")
    chosen = []

    def policy(view, rng):
        chosen.append(hard(view, rng))
        return chosen[-1]

    match = Match(game, [policy] * players, seed=4)
    while len(chosen) < 6 and not match.state.finished:
        match.step()  # Match refuses any action that is not legal
    assert len(chosen) == 6
