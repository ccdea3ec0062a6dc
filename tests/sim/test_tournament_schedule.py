"""Who plays which game: seat rotation, duplicate deals, tables drawn from a pool."""

from collections import Counter
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match
from lama.sim.schedule import GameSpec, Plan, check_bots, deal_seed, seat_orders

NAMES = ["a", "b", "c", "d", "e", "f", "g"]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), pool=st.integers(1, 7), games=st.integers(1, 40), seed=st.integers(-5, 5))
def test_every_bot_of_a_table_sits_in_every_seat_once_per_deal(players, pool, games, seed):
    plan = Plan(GameSpec("lama", players), tuple(NAMES[:pool]), seed, games)
    assert len(plan.tasks) >= games
    by_deal = {}
    for task in plan.tasks:
        by_deal.setdefault(task.deal, []).append(task)
    assert sorted(by_deal) == list(range(plan.deals))
    for deal, tasks in by_deal.items():
        assert {t.seed for t in tasks} == {deal_seed(seed, deal)}  # one deal, one game seed
        assert [t.seating for t in tasks] == list(range(len(tasks)))
        table = Counter(tasks[0].bots)
        for seat in range(players):  # every bot holds each seat as often as it holds a place at the table
            held = Counter(t.bots[seat] for t in tasks)
            assert {b: held[b] * players for b in table} == {b: table[b] * len(tasks) for b in table}
    # whole deals only: dropping the last deal would fall short of the games asked for
    last = by_deal[plan.deals - 1]
    assert len(plan.tasks) - len(last) < games


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), pool=st.integers(2, 7), deal=st.integers(0, 50))
def test_a_table_drawn_from_a_pool_is_as_even_as_the_seats_allow(players, pool, deal):
    plan = Plan(GameSpec("lama", players), tuple(NAMES[:pool]), 3, 1)
    counts = Counter(plan.table(deal))
    assert sum(counts.values()) == players
    assert set(counts) <= set(NAMES[:pool])
    assert max(counts.values()) - min(counts[b] for b in NAMES[:pool]) <= 1
    if pool >= players:
        assert max(counts.values()) == 1  # distinct bots at every table


def test_a_table_of_exactly_one_bot_per_seat_keeps_its_repeats():
    plan = Plan(GameSpec("lama", 4), ("h", "h", "r", "r"), 0, 8)
    for task in plan.tasks:
        assert sorted(task.bots) == ["h", "h", "r", "r"]


def test_permute_plays_every_distinct_seating():
    assert len(seat_orders(("a", "b", "c", "d"), "permute")) == factorial(4)
    assert len(seat_orders(("a", "a", "b", "b"), "permute")) == 6
    assert len(seat_orders(("a", "b", "a", "b"), "rotate")) == 2  # repeated seatings are played once


def test_deal_seeds_differ_between_deals_and_tournaments():
    seeds = {deal_seed(s, d) for s in range(5) for d in range(200)}
    assert len(seeds) == 1000


def test_a_pool_may_not_repeat_a_bot():
    with pytest.raises(ValueError, match="may not repeat"):
        check_bots(["a", "a", "b"], 2)
    check_bots(["a", "a"], 2)  # one per seat: fine


def test_a_duplicate_deal_gives_the_same_cards_whoever_sits_where():
    """The premise of duplicate deals: the hands of every round depend on the deal, not the seating."""
    plan = Plan(GameSpec("lama", 3), ("heuristic", "random", "heuristic"), 9, 3)
    game = new_game("lama", 3)
    rounds = []
    for task in plan.tasks:
        match = Match(game, [load_bot(b) for b in task.bots], task.seed)
        match.run()
        rounds.append(match.record.data["rounds"])
    first = rounds[0][0]
    for other in rounds[1:]:
        assert other[0]["hands"] == first["hands"] and other[0]["discard"] == first["discard"]
