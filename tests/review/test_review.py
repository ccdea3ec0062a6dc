"""The game review (lama.review): the totals add up, the same record gives the same review, a
thrown-away game is a blunder, a bust is bad luck, and weaker bots are rated worse."""

from __future__ import annotations

import json
import math
import random

import pytest

from helpers import card_state, dice_state
from lama.bots.heuristic import heuristic_bot
from lama.bots.levels import hard_bot
from lama.bots.random_bot import random_bot
from lama.core import QUIT, play
from lama.core.actions import ROLL
from lama.games import new_game
from lama.match.driver import Match
from lama.record import RecordError
from lama.review.chances import WinChances
from lama.review.game import review, review_json
from lama.review.judge import CLASSES, class_of, judge

FAST = dict(playouts=150, samples=150)  # small budgets: the identity holds at any budget


def record_of(game_id: str, players: int, seed: int, bots=None) -> dict:
    bots = bots or [heuristic_bot] * players
    match = Match(new_game(game_id, players), bots, seed=seed)
    match.run()
    return match.record.whole_moves()


GAMES = [("lama", 2, 1), ("lama", 4, 2), ("komarami", 3, 3), ("kadabra", 3, 4), ("kadabra", 2, 5),
         ("dice", 2, 6), ("dice", 3, 7), ("party", 3, 8)]


@pytest.mark.parametrize("game_id,players,seed", GAMES, ids=[f"{g}-{n}p" for g, n, _ in GAMES])
def test_luck_own_and_others_add_up_to_end_minus_start(game_id, players, seed):
    data = record_of(game_id, players, seed)
    out = review_json(review(data, **FAST))
    assert len(out["seats"]) == players
    for seat in out["seats"]:
        assert abs(seat["luck"] + seat["own"] + seat["others"] - (seat["end"] - seat["start"])) < 1e-9
        for d in seat["decisions"]:
            assert d["lost"] >= 0 and d["class"] in CLASSES
            assert 0 <= d["move"] < sum(len(r["moves"]) for r in data["rounds"])
    for point in out["curve"]:
        assert all(0.0 <= w <= 1.0 for w in point)
        assert math.isclose(sum(point), 1.0, abs_tol=1e-9)
    assert len(out["curve"]) == len(out["steps"]) + 1
    # the finished game's end is its result: the winners share the win
    winners = [s for s, seat in enumerate(out["seats"]) if seat["end"] > 0]
    assert all(math.isclose(out["seats"][s]["end"], 1 / len(winners)) for s in winners)
    # a step of the curve is the change between its points, for every seat
    for step, before, after in zip(out["steps"], out["curve"][:-1], out["curve"][1:], strict=True):
        assert step["change"] == pytest.approx([a - b for a, b in zip(after, before, strict=True)], abs=1e-12)


def test_every_chance_event_and_decision_is_a_step():
    data = record_of("dice", 3, 9)
    steps = review_json(review(data, **FAST))["steps"]
    kinds = [s["kind"] for s in steps]
    moves = [m for r in data["rounds"] for m in r["moves"]]
    assert kinds.count("deal") == len(data["rounds"])
    assert kinds.count("roll") == sum("roll" in m for m in moves)
    # a roll is a decision (roll, not quit) and then chance; a match or a miss asks for a third step
    assert kinds.count("decision") == len(moves) + sum("discard" in m or "take" in m for m in moves)


def test_the_same_record_gives_the_same_review():
    data = record_of("kadabra", 3, 10)
    first = json.dumps(review_json(review(data, **FAST)))
    assert json.dumps(review_json(review(json.loads(json.dumps(data)), **FAST))) == first
    other = record_of("kadabra", 3, 11)
    assert json.dumps(review_json(review(other, **FAST))) != first


def test_a_bad_record_raises_the_record_error():
    data = record_of("lama", 2, 12)
    data["rounds"][0]["moves"][0]["seat"] = 7
    with pytest.raises(RecordError, match="there is no seat 7"):
        review(data, **FAST)


def test_quitting_into_the_target_is_a_blunder():
    # seat 1 needs one card to empty its hand; quitting takes 10 for the llama: 38 + 10 >= 40 ends
    # the game, and seat 2 wins it
    state = card_state("lama", hands=[["L"], ["2", "3", "5"]], top="6", points=[38, 5])
    view = state.view(0)
    quitting = judge(view, QUIT, random.Random(1))
    assert quitting.label == "blunder" and quitting.lost > 0.10
    assert quitting.best == play("L")
    assert judge(view, play("L"), random.Random(1)).label == "best"


def test_a_dice_bust_is_bad_luck_for_the_roller():
    # seat 1 shows two 6s and the row holds only a llama: 1, 3, 2 matches nothing, and a bust
    # puts the row's llama into its display (D3d)
    state = dice_state(displays=[["6", "6"], ["1", "2", "3", "4"], ["2", "5"]], row=("L",), points=[20, 20, 20])
    state.apply(ROLL, 0)
    chances = WinChances(state.game, 2000)
    before = chances.of_state(state, 1)
    state.apply_chance(("1", "3", "2"))
    after = chances.of_state(state, 1)
    assert state.history and state.history[-1].ended_by == "bust"
    assert after[0] - before[0] < -0.02


def test_the_classes_follow_the_documented_thresholds():
    assert [class_of(x) for x in (0.0, 0.01, 0.02, 0.03, 0.05, 0.07, 0.10, 0.2)] == [
        "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder"]


def test_random_is_rated_worse_than_heuristic_and_heuristic_worse_than_hard():
    bots = {"random": random_bot, "heuristic": heuristic_bot, "hard": hard_bot}
    names = list(bots)
    lost = {name: [] for name in names}
    for game in range(6):
        order = names[game % 3:] + names[:game % 3]  # every bot in every seat
        data = record_of("lama", 3, 100 + game, [bots[name] for name in order])
        result = review(data, playouts=100, samples=600)
        for seat, name in enumerate(order):
            lost[name] += [d.lost for d in result.seats[seat].decisions]
    mean = {name: sum(v) / len(v) for name, v in lost.items()}
    assert mean["random"] > mean["heuristic"] > mean["hard"], mean
