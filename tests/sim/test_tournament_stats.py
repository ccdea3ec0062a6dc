"""Estimates, intervals, shared wins and ratings, from hand-made game summaries."""

import math
import random

import pytest

from lama.sim import stats
from lama.sim.ratings import Pairs, fit, ratings
from lama.sim.schedule import GameSpec, Plan
from lama.sim.summary import summarize


def test_ratio_and_its_clustered_error():
    r, se = stats.ratio([1, 0, 1, 1], [1, 1, 1, 1])
    assert r == 0.75
    assert se == pytest.approx(math.sqrt(4 / 3 * (3 * 0.25**2 + 0.75**2)) / 4)
    assert stats.ratio([2], [4]) == (0.5, None)  # one cluster: no error to speak of
    assert stats.ratio([0, 0], [0, 0]) == (None, None)


def test_intervals_are_clipped_and_need_an_error():
    assert stats.interval(0.9, 0.1, 0.0, 1.0) == [pytest.approx(0.9 - stats.Z95 * 0.1), 1.0]
    assert stats.interval(0.5, None) is None


def test_games_to_tell_apart_scale_with_the_error():
    n = stats.games_to_tell_apart(100, 0.05, 0.1)
    assert n == math.ceil(100 * ((stats.Z95 + stats.Z80) * 0.5) ** 2)
    assert stats.games_to_tell_apart(100, 0.1, 0.1) == pytest.approx(4 * n, abs=4)  # error doubled: 4x the games
    assert stats.games_to_tell_apart(100, 0.05, 0.0) is None


def _game(task, points):
    low = min(points)
    return {"deal": task.deal, "seating": task.seating, "seed": task.seed, "bots": list(task.bots),
            "points": points, "winners": [s for s, p in enumerate(points) if p == low], "rounds": 2,
            "decisions": [10] * len(points), "seconds": [0.01] * len(points)}


def _plan():
    plan = Plan(GameSpec("lama", 2), ("a", "b"), 0, 4)
    assert [t.key for t in plan.tasks] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    return plan


def _seat_of(task, bot):
    return task.bots.index(bot)


def test_a_tie_shares_the_win_and_the_fair_share_is_one_per_seat():
    plan = _plan()
    results = {}
    for task in plan.tasks:
        points = [20, 20] if task.deal == 0 else [0, 0]
        if task.deal == 1:  # a wins both seatings of deal 1
            points[_seat_of(task, "b")] = 40
        results[task.key] = _game(task, points)
    s = summarize(plan, results)
    assert s["bots"] == ["a", "b"] and s["games"] == 4 and s["fair_share"] == 0.5
    assert s["win_share"] == [pytest.approx(0.75), pytest.approx(0.25)]  # (0.5 + 0.5 + 1 + 1) / 4
    assert s["mean_points"] == [pytest.approx(10), pytest.approx(30)]
    assert s["points_per_round"] == [pytest.approx(5), pytest.approx(15)]
    assert s["sec_per_decision"] == [pytest.approx(0.001)] * 2


def test_a_failed_game_leaves_its_whole_deal_out():
    plan = _plan()
    results = {t.key: _game(t, [0, 40] if _seat_of(t, "a") == 0 else [40, 0]) for t in plan.tasks}
    results[(1, 1)] = {"deal": 1, "seating": 1, "seed": plan.tasks[3].seed, "bots": list(plan.tasks[3].bots),
                       "error": {"kind": "exception", "seat": 0, "bot": "b", "round": 0, "message": "x",
                                 "traceback": None}}
    s = summarize(plan, results)
    assert s["games"] == 2 and s["deals"] == 1 and s["games_failed"] == 1 and s["complete"]
    assert s["seats"] == [2, 2]
    assert s["errors"][0]["seed"] == plan.tasks[3].seed


def test_duplicate_deals_cancel_the_luck_of_the_cards_in_the_error():
    """Seat 0 always wins: the game is pure luck. Per game the winner varies (a large error);
    per deal each bot won exactly one seating of two (no error at all)."""
    plan = Plan(GameSpec("lama", 2), ("a", "b"), 0, 40)
    results = {t.key: _game(t, [0, 10]) for t in plan.tasks}
    s = summarize(plan, results)
    assert s["win_share"] == [pytest.approx(0.5)] * 2
    assert s["win_share_se"] == [pytest.approx(0.0)] * 2
    assert s["win_share_se_single"][0] > 0.05


def test_the_rating_fit_recovers_the_odds():
    pairs = Pairs(2)
    pairs.score[0][1], pairs.score[1][0] = 750.0, 250.0
    pairs.count[0][1] = pairs.count[1][0] = 1000
    elo = fit(pairs)
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(3), abs=1)  # 3:1 odds
    assert sum(elo) / 2 == pytest.approx(1500)


def test_ratings_do_not_depend_on_the_order_of_the_deals():
    rng = random.Random(5)
    deals = []
    for _ in range(30):
        p = Pairs(3)
        for _ in range(4):
            points = [rng.randrange(50) for _ in range(3)]
            p.add_game([0, 1, 2], [points[0] - 5, points[1], points[2] + 5])
        deals.append(p)
    first = ratings(deals, 3, seed=1)["rating"]
    again = ratings(list(reversed(deals)), 3, seed=1)["rating"]
    assert first == pytest.approx(again)
    assert first[0] > first[1] > first[2]


def test_a_bot_that_wins_every_pair_still_has_a_finite_rating():
    pairs = Pairs(2)
    pairs.add_game([0, 1], [0, 40])
    elo = fit(pairs)
    assert all(math.isfinite(x) for x in elo) and elo[0] > elo[1]
