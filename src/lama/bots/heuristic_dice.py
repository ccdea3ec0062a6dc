"""Heuristic for L.A.M.A. Dice (rules D3–D5).

To roll or to quit, the bot compares two numbers from its own view. Quitting
now costs the penalty of its display (C7). Rolling costs, on average over every
equally likely roll of the dice (the exact distribution of dice_odds), what the
display would cost after the roll if the bot then answered it well: three
llamas keep the display but give back the highest chip (D3a); a match discards
all the roll allows, and an emptied display scores 0 and gives back the highest
chip (C5); a miss takes the least harmful row card; a bust takes the whole row
(for the last seat still in, every miss is a bust). With two or more other
seats still in it looks two of its own rolls ahead (after the first roll it may
stop or roll again, whichever is expected to cost less), since progress on a
display such as L L L 6 6 takes more than one roll; heads-up it looks one roll
ahead, because the one other seat may quit at any time and turn every miss
into a bust. It rolls when rolling is expected to cost less than quitting by
more than `MARGIN` points. After a match it discards the largest set the dice
allow (every llama and every distinct value it can: fewer cards never cost
more); after a miss it takes the row card that adds the least penalty (a miss
never shows a value the display holds, so that is the lowest number, a llama
last). Measured with seats rotated, 1000 games each: it wins 92% of two-player
games against `random` and 90% of four-player games against three `random`
seats (a fair share is 25%); the mixed depth beat a fixed two-roll lookahead
(55.6% heads-up) and a fixed one-roll lookahead (31.5% of four-player games
against three of them).
"""

from __future__ import annotations

from functools import lru_cache

from lama.core.state import highest_chip
from lama.games.dice_odds import roll_classes
from lama.games.dice_roll import KINDS, MATCH, MISS, THREE_LLAMAS, discard_caps, roll_case

MARGIN = 0.0  # points: roll only when it is expected to save more than this
DEPTH = 2  # own rolls looked ahead while two or more other seats are still in
DEPTH_HEADS_UP = 1  # ... and while at most one is: it may quit, making every miss a bust

_penalty = KINDS.penalty


def _counts(codes) -> list[int]:
    return KINDS.counts_of(codes)


@lru_cache(maxsize=64)
def _classes(dice: tuple) -> tuple:
    """The distinct rolls as (dice showing each kind, the kinds shown, how many rolls)."""
    return tuple(
        (counts, tuple(k for k, c in enumerate(counts) if c), weight)
        for counts, weight in roll_classes(dice)
    )


@lru_cache(maxsize=1 << 15)
def _value(display: tuple, row: tuple, depth: int, chip: int, last_seat: bool, dice: tuple) -> float:
    """Points if the seat stops now or rolls on, whichever is expected to cost less."""
    stop = _penalty(display)
    if depth == 0:
        return stop
    return min(stop, _roll(display, row, depth, chip, last_seat, dice))


@lru_cache(maxsize=1 << 15)  # the neural bot asks once for its features, then again through the heuristic's choice
def _roll(display: tuple, row: tuple, depth: int, chip: int, last_seat: bool, dice: tuple) -> float:
    """Expected points after one roll answered well (D3, as dice_roll.roll_case classifies it), then
    rolling on for depth - 1 more rolls while that looks better; over the exact distribution of
    the dice (dice_odds)."""
    total = weights = 0
    size = sum(display)
    for counts, shown, weight in _classes(dice):
        weights += weight
        case = roll_case(counts, display, row, last_seat)
        if case == THREE_LLAMAS:  # D3a
            total += (_value(display, row, depth - 1, chip, last_seat, dice) - chip) * weight
        elif case == MATCH:  # D3b: discard all it can (fewer cards never cost more)
            caps = discard_caps(display, counts)
            if sum(caps) == size:
                total -= chip * weight  # C5
                continue
            left = tuple(d - c for d, c in zip(display, caps))
            total += _value(left, row, depth - 1, chip, last_seat, dice) * weight
        elif case == MISS:  # D3c: the take that leaves the least
            total += min(_take(display, row, k, depth, chip, last_seat, dice) for k in shown if row[k]) * weight
        else:  # D3d
            total += _penalty([d + r for d, r in zip(display, row)]) * weight
    return total / weights


def _take(display: tuple, row: tuple, kind: int, depth: int, chip: int, last_seat: bool, dice: tuple) -> float:
    more = list(display)
    more[kind] += 1
    rest = list(row)
    rest[kind] -= 1
    if not any(rest):  # the row is empty: the round ends (D4)
        return _penalty(more)
    return _value(tuple(more), tuple(rest), depth - 1, chip, last_seat, dice)


def roll_cost(display, row, dice, points: int, last_seat: bool, depth: int | None = None) -> float:
    """Expected points for the display (less chips given back) if the seat rolls now."""
    dice = tuple(tuple(d) for d in dice)
    depth = DEPTH if depth is None else depth
    return _roll(tuple(display), tuple(row), depth, highest_chip(points), last_seat, dice)


def _add(display: list[int], kind: int) -> int:
    display[kind] += 1
    cost = _penalty(display)
    display[kind] -= 1
    return cost


def costs(view) -> tuple[float, int]:
    """Before a roll, for the seat to move: what rolling now is expected to cost (`roll_cost`,
    looking as far ahead as `choose` does) and what quitting costs (the display's penalty)."""
    display = _counts(view.displays[view.seat])
    others_in = sum(not q for q in view.quit) - 1
    depth = DEPTH if others_in >= 2 else DEPTH_HEADS_UP
    cost = roll_cost(display, _counts(view.row), view.dice, view.points[view.seat], others_in == 0, depth)
    return cost, _penalty(display)


def choose(view, rng):
    actions = view.legal_actions
    if len(actions) == 1:
        return actions[0]
    kinds = {a.kind for a in actions}
    display = _counts(view.displays[view.seat])
    if "discard" in kinds:
        return max(actions, key=lambda a: (len(a.cards), -_penalty(_minus(display, a.cards))))
    if "take" in kinds:
        return min(actions, key=lambda a: (_add(display, KINDS.index[a.card]), a.card))
    cost, stop = costs(view)
    wanted = "roll" if cost < stop - MARGIN else "quit"
    for action in actions:
        if action.kind == wanted:
            return action
    return actions[0]


def _minus(display: list[int], cards) -> list[int]:
    left = display[:]
    for code in cards:
        left[KINDS.index[code]] -= 1
    return left
