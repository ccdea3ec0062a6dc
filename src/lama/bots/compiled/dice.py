"""The rollout search for L.A.M.A. Dice as one compiled loop, with the heuristic's own
judgement in the playouts.

In dice the roll-or-quit choice is nearly the whole game, and a playout that quits by a crude rule
misjudges it: a search on such playouts lost to the heuristic. Here every seat in a playout
decides as `heuristic_dice` does, from the exact odds of the dice looked `depth` of its own
rolls ahead (policies_dice.dice_rolls and roll_value, the `heuristic` policy's twin of
heuristic_dice._roll, its memo kept across a search's playouts), answers a match by discarding
all the roll allows and a miss by taking the row card that adds least. Nothing is hidden in dice, so
the search plays every legal action on from the very position, with common random numbers,
and values the round's end like the card games' search (search.round_value).

The rules are the engine's (lama.fast.dice): a playout is an engine state built from the view
(lama.fast.views), on which the policy's action ids are applied, the engine rolling the dice
with the playout's generator (the state's RNG), and scoring the round's end. What is here is
search, and the policy's answers to a roll. Without numba the same code runs as Python, with the
same results (lama.fast.kernel).
"""

from __future__ import annotations

from lama.fast.common import penalty
from lama.fast.dice import apply_action, roll
from lama.fast.kernel import array, float_array, float_zeros, next32, njit, seed_words, zeros
from lama.fast.layout import (
    ANSWER_DISCARD,
    ANSWER_TAKE,
    CAPS,
    CHANCE,
    HANDS,
    K_MAX,
    PENDING,
    POINTS,
    QUIT_ID_DICE,
    R_DISCARD_ID,
    RNG,
    ROLL_COUNTS,
    ROLL_DICE,
    ROLL_ID,
    ROW,
    STATE_SIZE,
    TAKE_ID,
    TO_MOVE,
)
from lama.fast.views import state_from_view

from ..determinize import CannotDeterminize
from ..heuristic_dice import DEPTH_HEADS_UP
from ..values import temperatures
from .policies_dice import DICE_K, DICE_REMOVED, MEMO_SIZE, dice_rolls
from .search import estimates, game_and_rules, halving_phases, keep_better_half, result_arrays, round_value, tally

K = DICE_K  # kinds: 1..6 and L, in table order
# Own rolls a playout's seats look ahead: the heuristic's two (with two or more other seats in)
# cost about fifty times as much per playout.
PLAYOUT_DEPTH = 1


# -- the playout ----------------------------------------------------------------------------

@njit(cache=True)
def _policy(st, ru, depth, heads_up, scratch, memo):
    """The seat to move's action id as the heuristic decides: a match is answered by
    discarding all the roll allows (D3b), a miss by the row card that adds least (D3c);
    otherwise roll or quit (policies_dice.dice_rolls, the `heuristic` policy's own lookahead)."""
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
    if dice_rolls(st, ru, depth, heads_up, scratch, memo):
        return ROLL_ID
    return QUIT_ID_DICE


@njit(cache=True)
def _playout(st, ru, first, depth, heads_up, scratch, memo):
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
            apply_action(st, ru, _policy(st, ru, depth, heads_up, scratch, memo))


@njit(cache=True)
def evaluate_dice(world, ru, me, temps, actions, samples, halving, r, depth, heads_up, st, scratch, memo, order,
                  count, total, total_sq, gained):
    """Flat Monte Carlo for seat `me` (to move in the state `world`, built from its view) over
    the action ids `actions` (cards.evaluate_cards without the deal: nothing in dice is
    hidden). Results in count/total/total_sq/gained."""
    alive = len(actions)
    phases = halving_phases(order, halving)
    for phase in range(phases):
        per_arm = max(1, samples // (alive * phases))
        for _ in range(per_arm):
            world[RNG], world[RNG + 1], world[RNG + 2], world[RNG + 3] = (
                next32(r, 0) | 1, next32(r, 0), next32(r, 0), next32(r, 0))
            for ai in range(alive):
                a = order[ai]
                for i in range(STATE_SIZE):
                    st[i] = world[i]
                _playout(st, ru, actions[a], depth, heads_up, scratch, memo)
                tally(a, round_value(st, ru, me, temps), st[POINTS + me] - world[POINTS + me],
                       count, total, total_sq, gained)
        if phase < phases - 1:
            alive = keep_better_half(order, alive, total, count)


# -- from a view ---------------------------------------------------------------------------
FACE_DOWN_DEALS = 16  # deals of the face-down displays a decision's playouts share


def evaluate_view(view, rng, samples: int, halving: bool, depth: int = PLAYOUT_DEPTH,
                  heads_up: int = DEPTH_HEADS_UP, temps=None):
    """`rollout.evaluate_actions` for a dice view with heuristic playouts (looking `depth` rolls
    ahead, `heads_up` with at most one other seat in): a list of (action, (playouts, sum of
    values, sum of squared values, sum of points this round))."""
    if view.to_move != view.seat or view.finished:
        raise CannotDeterminize("the seat is not to move")
    game, ru = game_and_rules(view)
    actions = list(view.legal_actions)
    a_n = len(actions)
    ids = array([game.action_id(a) for a in actions])
    temps = float_array(temps or temperatures(view.game, view.players))
    # work space: a playout's state; the lookahead's display, row and discards, and its memo
    # (what rolling costs, kept across the playouts); the actions' order
    work = (zeros(STATE_SIZE), zeros(DICE_REMOVED + (max(depth, heads_up) + 1) * DICE_K), float_zeros(MEMO_SIZE),
            zeros(a_n))
    results = result_arrays(a_n)
    # the face-down displays of seats that quit (D3): dealt FACE_DOWN_DEALS times from the cards
    # the seat cannot see, each deal playing its share of the samples (the results add up)
    deals = FACE_DOWN_DEALS if any(q and s != view.seat for s, q in enumerate(view.quit)) else 1
    for _ in range(deals):
        world = zeros(STATE_SIZE)
        state_from_view(view, game, world, rng.shuffle)
        evaluate_dice(world, ru, view.seat, temps, ids, int(max(1, samples // deals)), bool(halving),
                      array(seed_words(rng)), int(depth), int(heads_up), *work, *results)
    return estimates(actions, results)


def compiled_search(view, rng, samples: int, halving: bool, infer: bool = False, temps=None):
    """DiceGame.compiled_search: `evaluate_view` with the playouts' default depth (`infer` is
    ignored: in dice only face-down displays are hidden, and they say nothing of the seats'
    choices)."""
    return evaluate_view(view, rng, samples, halving, temps=temps)
