"""The rollout search for L.A.M.A. Dice as one compiled loop, with the heuristic's own
judgement in the playouts.

In dice the roll-or-quit choice is nearly the whole game, and a playout that quits by a crude rule
misjudges it: a search on such playouts lost to the heuristic. Here every seat in a playout
decides as `heuristic_dice` does, from the exact odds of the dice looked `depth` of its own
rolls ahead (`_value`, the twin of heuristic_dice._roll), answers a match by discarding all the
roll allows and a miss by taking the row card that adds least. Nothing is hidden in dice, so
the search plays every legal action on from the very position, with common random numbers,
and values the round's end like the card games' search (fastcards.round_value).

The rules are the engine's (lama.fast.dice): a playout is an engine state built from the view
(lama.fast.views), on which the policy's action ids are applied, the engine rolling the dice
with the playout's generator (the state's RNG), and scoring the round's end. What is here is
search: the policy and its lookahead. Without numba the same code runs as Python, with the
same results (lama.fast.kernel).
"""

from __future__ import annotations

from lama.fast.common import highest_chip, penalty
from lama.fast.dice import apply_action, roll
from lama.fast.kernel import array, float_array, njit, next32, seed_words, zeros
from lama.fast.layout import (
    ANSWER_DISCARD, ANSWER_TAKE, CAPS, CHANCE, HANDS, K_MAX, N_IN, PENDING, POINTS, QUIT_ID_DICE, R_DISCARD_ID,
    ROLL_COUNTS, ROLL_DICE, ROLL_ID, ROW, RNG, STATE_SIZE, TAKE_ID, TO_MOVE,
)
from lama.fast.views import dice_state_from_view
from lama.games.dice import LL
from lama.games.dice_odds import roll_classes

from .determinize import CannotDeterminize
from .fastcards import _estimates, _keep_better_half, _phases, _results, _tally, game_and_rules, round_value
from .heuristic_dice import DEPTH_HEADS_UP, MARGIN
from .values import temperatures

K = 7  # kinds: 1..6 and L (a roll class's counts, in table order)
# Own rolls a playout's seats look ahead: the heuristic's two (with two or more other seats in)
# cost about fifty times as much per playout.
PLAYOUT_DEPTH = 1


# -- the heuristic's expected cost of rolling (heuristic_dice._roll) --------------------------

@njit(cache=True)
def _value(st, ru, seat, depth, rolled, chip, last, cls, weight, three, removed):
    """heuristic_dice._value and _roll: points for the seat's display if it stops now or rolls
    on (`depth` more rolls at most), whichever is expected to cost less; at depth == `rolled`,
    what rolling once more is expected to cost (heuristic_dice._roll): after one roll answered
    well, rolling on while that looks better, over the roll classes (dice showing each kind
    `cls[c * 7:]`, `weight[c]` of the rolls). The display and the row in `st` are changed and
    put back; `removed` holds what each level's discard took."""
    at = HANDS + seat * K_MAX
    stop = float(penalty(st, ru, seat))
    if depth == 0:
        return stop
    total = 0.0
    weights = 0
    size = 0
    for k in range(K):
        size += st[at + k]
    for c in range(len(weight)):
        w = weight[c]
        weights += w
        shown = c * K
        if three[c]:  # D3a: the display stays, a chip goes back
            total += (_value(st, ru, seat, depth - 1, rolled, chip, last, cls, weight, three, removed) - chip) * w
            continue
        most = 0
        for k in range(K):
            most += min(st[at + k], cls[shown + k])
        if most:  # D3b: discard all it can (fewer cards never cost more)
            if most == size:
                total -= chip * w  # C5
                continue
            base = depth * K
            for k in range(K):
                removed[base + k] = min(st[at + k], cls[shown + k])
                st[at + k] -= removed[base + k]
            total += _value(st, ru, seat, depth - 1, rolled, chip, last, cls, weight, three, removed) * w
            for k in range(K):
                st[at + k] += removed[base + k]
            continue
        best = 0.0
        takes = 0
        if not last:  # D3c: the take that leaves the least
            for k in range(K):
                if cls[shown + k] and st[ROW + k]:
                    st[at + k] += 1
                    st[ROW + k] -= 1
                    if _row_size(st) == 0:  # the row is empty: the round ends (D4)
                        v = float(penalty(st, ru, seat))
                    else:
                        v = _value(st, ru, seat, depth - 1, rolled, chip, last, cls, weight, three, removed)
                    st[at + k] -= 1
                    st[ROW + k] += 1
                    if takes == 0 or v < best:
                        best = v
                    takes += 1
        if takes:
            total += best * w
        else:  # D3d: the whole row
            for k in range(K):
                st[at + k] += st[ROW + k]
            total += penalty(st, ru, seat) * w
            for k in range(K):
                st[at + k] -= st[ROW + k]
    cost = total / weights
    return cost if depth == rolled or cost < stop else stop


@njit(cache=True)
def _row_size(st):
    size = 0
    for k in range(K):
        size += st[ROW + k]
    return size


@njit(cache=True)
def _rolls(st, ru, depth, heads_up, cls, weight, three, removed):
    """heuristic_dice.choose before a roll, for the seat to move: roll when rolling is expected
    to cost less than quitting now by more than MARGIN (looking `depth` rolls ahead, `heads_up`
    with one other seat in at most)."""
    seat = st[TO_MOVE]
    chip = highest_chip(st[POINTS + seat])
    others = st[N_IN] - 1
    depth = depth if others >= 2 else heads_up
    cost = _value(st, ru, seat, depth, depth, chip, others == 0, cls, weight, three, removed)
    return cost < penalty(st, ru, seat) - MARGIN


# -- the playout ----------------------------------------------------------------------------

@njit(cache=True)
def _policy(st, ru, depth, heads_up, cls, weight, three, removed):
    """The seat to move's action id as the heuristic decides: a match is answered by
    discarding all the roll allows (D3b), a miss by the row card that adds least (D3c);
    otherwise roll or quit (`_rolls`)."""
    pending = st[PENDING]
    if pending == ANSWER_DISCARD:
        code = 0
        for k in range(K - 1, -1, -1):  # the caps' counts in base 4
            code = code * 4 + st[CAPS + k]
        return ru[R_DISCARD_ID + code]
    if pending == ANSWER_TAKE:
        seat = st[TO_MOVE]
        at = HANDS + seat * K_MAX
        best, best_cost = -1, 0
        for k in range(K):
            if st[ROW + k] and st[ROLL_COUNTS + k]:
                st[at + k] += 1
                cost = penalty(st, ru, seat)
                st[at + k] -= 1
                if best < 0 or cost < best_cost:
                    best, best_cost = k, cost
        return TAKE_ID + best
    if _rolls(st, ru, depth, heads_up, cls, weight, three, removed):
        return ROLL_ID
    return QUIT_ID_DICE


@njit(cache=True)
def _playout(st, ru, first, depth, heads_up, cls, weight, three, removed):
    """Apply the action id `first` of the seat to move, then play the round out as the
    heuristic does (`_policy`); the engine rolls the dice (D3) with the state's generator and
    scores the round's end (D4, D5, C5-C7, C6)."""
    apply_action(st, ru, first)
    while True:
        if st[CHANCE] == ROLL_DICE:
            roll(st, ru)
        elif st[TO_MOVE] < 0:  # scored: the next deal is due, or the game is over
            return
        else:
            apply_action(st, ru, _policy(st, ru, depth, heads_up, cls, weight, three, removed))


@njit(cache=True)
def evaluate_dice(world, ru, me, temps, actions, samples, halving, r, depth, heads_up, cls, weight, three,
                  st, removed, order, count, total, total_sq, gained):
    """Flat Monte Carlo for seat `me` (to move in the state `world`, built from its view) over
    the action ids `actions` (fastcards.evaluate_cards without the deal: nothing in dice is
    hidden). Results in count/total/total_sq/gained."""
    alive = len(actions)
    phases = _phases(order, halving)
    for phase in range(phases):
        per_arm = max(1, samples // (alive * phases))
        for _ in range(per_arm):
            world[RNG], world[RNG + 1], world[RNG + 2], world[RNG + 3] = (
                next32(r, 0) | 1, next32(r, 0), next32(r, 0), next32(r, 0))
            for ai in range(alive):
                a = order[ai]
                for i in range(STATE_SIZE):
                    st[i] = world[i]
                _playout(st, ru, actions[a], depth, heads_up, cls, weight, three, removed)
                _tally(a, round_value(st, ru, me, temps), st[POINTS + me] - world[POINTS + me],
                       count, total, total_sq, gained)
        if phase < phases - 1:
            alive = _keep_better_half(order, alive, total, count)


# -- from a view ---------------------------------------------------------------------------

class DiceTables:
    """The roll classes of a set of dice as arrays (built once per set of dice): the policy's
    lookahead (`_value`)."""

    cache: dict = {}

    def __new__(cls, dice):
        dice = tuple(tuple(die) for die in dice)
        tables = cls.cache.get(dice)
        if tables is None:
            tables = object.__new__(cls)
            classes = roll_classes(dice)
            tables.cls = array([c for counts, _ in classes for c in counts])
            tables.weight = array([w for _, w in classes])
            tables.three = array([int(counts[LL] == 3) for counts, _ in classes])
            cls.cache[dice] = tables
        return tables


def evaluate_view(view, rng, samples: int, halving: bool, depth: int = PLAYOUT_DEPTH,
                  heads_up: int = DEPTH_HEADS_UP):
    """`rollout.evaluate_actions` for a dice view with heuristic playouts (looking `depth` rolls
    ahead, `heads_up` with at most one other seat in): a list of (action, (playouts, sum of
    values, sum of squared values, sum of points this round))."""
    if view.to_move != view.seat or view.finished:
        raise CannotDeterminize("the seat is not to move")
    game, ru = game_and_rules(view)
    world = zeros(STATE_SIZE)
    dice_state_from_view(view, game, world)
    dice = DiceTables(game.dice)
    actions = list(view.legal_actions)
    a_n = len(actions)

    results = _results(a_n)
    evaluate_dice(
        # the position
        world, ru, view.seat, float_array(temperatures(view.game, view.players)),
        # the search and the playout policy
        array([game.action_id(a) for a in actions]), int(samples), bool(halving), array(seed_words(rng)),
        int(depth), int(heads_up), dice.cls, dice.weight, dice.three,
        # work space: a playout's state; the lookahead's discards; the actions' order
        zeros(STATE_SIZE), zeros((max(depth, heads_up) + 1) * K), zeros(a_n),
        *results,
    )
    return _estimates(actions, results)


def compiled_search(view, rng, samples: int, halving: bool, infer: bool = False):
    """DiceGame.compiled_search: `evaluate_view` with the playouts' default depth (`infer` is
    ignored: nothing that matters is hidden in dice)."""
    return evaluate_view(view, rng, samples, halving)
