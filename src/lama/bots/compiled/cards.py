"""The rollout search for the card games as one compiled loop (the `hard` bot's hot path).

`evaluate_cards` does what `rollout.evaluate_actions` does with the default policy (sample a
deal of the unseen cards, apply each legal action, play the round out with `fast_action`,
score it with `round_values`, sequential halving over the actions), but compiled (numba):
about sixty times the playouts per second of the Python loop, which buys the search a larger
budget for less time.

The rules are the engine's (lama.fast.cards): a playout is an engine state (lama.fast.layout)
built from the view (lama.fast.views) with the hidden hands and the pile's kinds dealt per
sample (`_deal`), on which the policy's action ids are applied, the engine drawing each card
with the playout's generator (the state's RNG) and scoring the round's end. What is here is
search: the deal of the unseen cards, the playout policy, the value of a round's end.

Without numba (the optional `fast` extra) or with LAMA_NUMBA=0 the very same functions run as
plain Python on lists: slower, with exactly the same results (lama.fast.kernel).
"""

from __future__ import annotations

import math

from lama.fast.cards import apply_action, apply_draw, penalty, pile_card
from lama.fast.kernel import array, below, float_array, float_zeros, next32, njit, seed_words, zeros
from lama.fast.layout import (
    CHANCE,
    DRAW,
    HAND_SIZES,
    HANDS,
    K_MAX,
    N_IN,
    PILE,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_EFFECTS,
    R_K,
    R_N,
    R_PLAY_N,
    R_PLAY_ON,
    R_RECT,
    R_STAGE,
    R_WIDTH,
    RNG,
    STATE_SIZE,
    TO_MOVE,
    TOP,
)
from lama.fast.rules import rules_of
from lama.fast.views import state_from_core

from ..determinize import CannotDeterminize
from ..heuristic_cards import QUIT_GAP, QUIT_LATE, QUIT_PER_CARD, QUIT_SMALL
from ..values import temperatures
from .policies import SCRATCH_SIZE
from .policies_common import own_hand, run_length
from .policies_kadabra import kadabra_playout_after, kadabra_playout_before
from .search import estimates, game_and_rules, halving_phases, keep_better_half, result_arrays, round_value, tally

# -- the playout policy (rollout.fast_action) ------------------------------------------------

@njit(cache=True)
def _policy(st, ru, scratch):
    """rollout.fast_action for the seat to move, as an action id: the heuristic's play, else
    draw or quit; with card effects, Kadabra's own moves first and after the play is chosen
    (policies_kadabra.kadabra_playout_before and _after: the show, K9; a 1's gift, K4; a skip, K7).
    `scratch`: policies.SCRATCH_SIZE entries (run_length counts in its second half)."""
    seat = st[TO_MOVE]
    k = ru[R_K]
    n = ru[R_N]
    at = HANDS + seat * K_MAX
    effects = ru[R_EFFECTS]
    if effects or ru[R_STAGE] >= 0:  # K9, LL2: the show first
        first = kadabra_playout_before(st, ru, seat)
        if first >= 0:
            return first
    now = penalty(st, ru, seat)
    top = st[TOP]
    best = -1
    b_empty, b_run, b_shed, b_width = 0, 0, 0, 0
    for i in range(ru[R_PLAY_N + top]):
        kind = ru[R_PLAY_ON + top * K_MAX + i]
        if not st[at + kind]:
            continue
        st[at + kind] -= 1
        empty = 1 if st[HAND_SIZES + seat] == 1 else 0
        own_hand(st, ru, seat, scratch)  # rollout.run_length, as the heuristic counts it
        run = run_length(scratch, ru, kind)
        shed = now - penalty(st, ru, seat)
        st[at + kind] += 1
        w = -ru[R_WIDTH + kind]
        if best < 0 or (empty, run, shed, w) > (b_empty, b_run, b_shed, b_width):
            best, b_empty, b_run, b_shed, b_width = kind, empty, run, shed, w
    if effects:
        own = kadabra_playout_after(st, ru, seat, best)
        if own >= 0:
            return own
    if best >= 0:
        return best
    pile_size = st[PILE_SIZE]
    if pile_size == 0 or st[N_IN] == 1:
        return k + 1
    # rollout.should_quit
    size = st[HAND_SIZES + seat]
    if now <= QUIT_PER_CARD * size:
        return k + 1
    fewest = 1 << 30
    others = 0
    for s in range(n):
        if s != seat and not st[QUIT + s]:
            others += 1
            if st[HAND_SIZES + s] < fewest:
                fewest = st[HAND_SIZES + s]
    if now <= QUIT_SMALL and fewest + QUIT_GAP <= size:
        return k + 1
    if pile_size <= others and now <= QUIT_LATE:
        return k + 1
    return k


# -- the playout and its value ---------------------------------------------------------------

@njit(cache=True)
def _playout(st, ru, first, scratch):
    """Apply the action id `first` of the seat to move, then play the round out with
    `_policy`; the engine draws every card (L3, K5) with the state's generator and scores the
    round's end (C5-C7, K11, C6)."""
    apply_action(st, ru, first)
    while True:
        if st[CHANCE] == DRAW:
            apply_draw(st, ru, pile_card(st, ru))
        elif st[TO_MOVE] < 0:  # scored: the next deal is due, or the game is over
            return
        else:
            apply_action(st, ru, _policy(st, ru, scratch))


# -- the deal of the unseen cards ------------------------------------------------------------

@njit(cache=True)
def _fits(world, ru, seat, kind, mask, limit):
    """May a slot with `mask` of `seat`, whose penalty must stay within `limit` (-1: any), get
    a card of `kind` on top of what `seat` was dealt so far in `world`?"""
    if (mask >> kind) & 1:
        return False
    if limit < 0:
        return True
    at = HANDS + seat * K_MAX + kind
    world[at] += 1
    fits = penalty(world, ru, seat) <= limit
    world[at] -= 1
    return fits


@njit(cache=True)
def _deal(r, world, ru, me, pool, slot_seat, slot_mask, bound, deck):
    """Deal the unseen cards `pool` into the state `world`: card slot i of the other seats (seat
    `slot_seat[i]`) gets a card whose kind is not in the bit mask `slot_mask[i]`, and keeps its
    seat's penalty within `bound[seat]` (-1: any); the rest is the draw pile; `me`'s hand is
    left as it is. Slots are filled in order (most constrained first), each with a card drawn
    uniformly among those left that it allows; with no masks and no bounds that is a uniform
    deal. If the constraints cannot all be met (a seat did not play as inferred), the deal
    ignores them."""
    n = ru[R_N]
    u = len(pool)
    m = len(slot_seat)
    ok = False
    for attempt in range(2):
        for i in range(u):
            deck[i] = pool[i]
        for s in range(n):
            if s != me:
                for kind in range(K_MAX):
                    world[HANDS + s * K_MAX + kind] = 0
        ok = True
        for i in range(m):
            seat = slot_seat[i]
            mask = slot_mask[i] if attempt == 0 else 0
            limit = bound[seat] if attempt == 0 else -1
            if mask == 0 and limit < 0:
                j = i + below(r, 0, u - i)
            else:
                allowed = 0
                for j in range(i, u):
                    if _fits(world, ru, seat, deck[j], mask, limit):
                        allowed += 1
                if allowed == 0:
                    ok = False
                    break
                pick = below(r, 0, allowed)
                j = i
                while True:
                    if _fits(world, ru, seat, deck[j], mask, limit):
                        if pick == 0:
                            break
                        pick -= 1
                    j += 1
            deck[i], deck[j] = deck[j], deck[i]
            world[HANDS + seat * K_MAX + deck[i]] += 1
        if ok:
            break
    for kind in range(ru[R_K]):
        world[PILE + kind] = 0
    for i in range(m, u):
        world[PILE + deck[i]] += 1


# -- the search ------------------------------------------------------------------------------

@njit(cache=True)
def evaluate_cards(world, ru, me, pool, slot_seat, slot_mask, bound, temps, actions, samples, halving, r,
                   st, deck, scratch, order, count, total, total_sq, gained):
    """Flat Monte Carlo for seat `me` (to move in the state `world`, built from its view) over
    the action ids `actions`, results in count/total/total_sq/gained (per action: playouts, sum
    and sum of squares of values, sum of points this round).

    `pool` lists the unseen cards (one kind per physical card); each sample deals them to the
    other seats' card slots and the draw pile of `world` (`_deal`). Every alive action is played
    on the same deal with the same playout numbers, in the state `st`.
    """
    alive = len(actions)
    phases = halving_phases(order, halving)
    for phase in range(phases):
        per_arm = max(1, samples // (alive * phases))
        for _ in range(per_arm):
            _deal(r, world, ru, me, pool, slot_seat, slot_mask, bound, deck)
            world[RNG], world[RNG + 1], world[RNG + 2], world[RNG + 3] = (
                next32(r, 0) | 1, next32(r, 0), next32(r, 0), next32(r, 0))
            for ai in range(alive):
                a = order[ai]
                for i in range(STATE_SIZE):
                    st[i] = world[i]
                _playout(st, ru, actions[a], scratch)
                tally(a, round_value(st, ru, me, temps), st[POINTS + me] - world[POINTS + me],
                       count, total, total_sq, gained)
        if phase < phases - 1:
            alive = keep_better_half(order, alive, total, count)


@njit(cache=True)
def duel_cards(world, ru, me, pool, slot_seat, slot_mask, bound, temps, first, second, deals, r,
               st, deck, scratch, out):
    """The action ids `first` and `second` of seat `me` each played out on `deals` more deals (as
    in evaluate_cards: the same deal and playout numbers for both); adds to `out` the number of
    deals, the sum and the sum of squares of the second's value minus the first's."""
    for _ in range(deals):
        _deal(r, world, ru, me, pool, slot_seat, slot_mask, bound, deck)
        world[RNG], world[RNG + 1], world[RNG + 2], world[RNG + 3] = (
            next32(r, 0) | 1, next32(r, 0), next32(r, 0), next32(r, 0))
        for i in range(STATE_SIZE):
            st[i] = world[i]
        _playout(st, ru, first, scratch)
        d = -round_value(st, ru, me, temps)
        for i in range(STATE_SIZE):
            st[i] = world[i]
        _playout(st, ru, second, scratch)
        d += round_value(st, ru, me, temps)
        out[0] += 1.0
        out[1] += d
        out[2] += d * d


# -- from a view ---------------------------------------------------------------------------

def card_slots(view, game, infer: bool) -> tuple[list[int], list[int], list[int]]:
    """Every card of the other seats as a slot (its seat, a mask of the kinds it cannot be),
    most constrained first, and each seat's bound on its hand's penalty (-1: none); with
    `infer`, as this round's moves suggest (`read_moves`)."""
    n = view.players
    others = [s for s in range(n) if s != view.seat]
    bound = [-1] * n
    slots = {s: [0] * view.hand_sizes[s] for s in others}
    if infer:
        inferred, inferred_bound = read_moves(view, game)
        for s in others:  # a log that does not fit the hand sizes says nothing
            if len(inferred[s]) == view.hand_sizes[s]:
                slots[s], bound[s] = inferred[s], inferred_bound[s]
    flat = sorted(((mask, s) for s in others for mask in slots[s]),
                  key=lambda x: (bound[x[1]] < 0, -x[0].bit_count(), x[1]))
    return [s for _, s in flat], [mask for mask, _ in flat], bound


def read_moves(view, game) -> tuple[dict[int, list[int]], list[int]]:
    """Each other seat's card slots (masks of the kinds each card cannot be) and penalty bound
    (-1: none), reading this round's moves (view.moves) as made by a seat that plays whenever
    it can and quits like the heuristic (heuristic_cards._should_quit), as most people do too:
    - a seat that drew or quit had no card playable on that top, so every card it held then
      excludes those kinds; a drawn card is free;
    - a played card leaves by the most constrained slot that allows it (which keeps what is
      still inferred cautious); a seat that played a card none of its slots allows did not
      play that way, and its masks are dropped;
    - a seat that quit while it could have drawn holds a hand whose penalty is within the
      heuristic's quitting bound at that moment (its size, the others' sizes, the pile); not in
      kadabra, where the stage moves that bound;
    - in kadabra, after a rectangle the next seat still in drew a card nobody saw (K5): a free slot.
    """
    table = game.kinds
    n = view.players
    bound = [-1] * n
    slots = {s: [0] * game.hand_size for s in range(n) if s != view.seat}
    hand_sizes = [game.hand_size] * n
    pile = sum(game.deck) - n * game.hand_size - 1
    quit = [False] * n
    playable_mask, rect = _move_tables(game)
    effects = game.card_effects
    for seat, action, top in view.moves:
        held = slots.get(seat)
        kind = action.kind
        if kind == "play":
            hand_sizes[seat] -= 1
            if rect[table.index[action.card]] and pile and hand_sizes[seat]:
                drawer = next((t % n for t in range(seat + 1, seat + n) if not quit[t % n]), None)
                if drawer is not None:
                    hand_sizes[drawer] += 1
                    pile -= 1
                    if drawer in slots:
                        slots[drawer].append(0)
        elif kind == "draw":
            hand_sizes[seat] += 1
            pile -= 1
        elif kind == "quit":
            if held is not None and not effects:
                bound[seat] = _quit_bound(seat, hand_sizes, quit, pile)
            quit[seat] = True
        if held is None:
            continue
        if kind in ("draw", "quit"):
            excluded = playable_mask[table.index[top]]
            held[:] = [mask | excluded for mask in held] + ([0] if kind == "draw" else [])
        elif kind == "play":
            bit = 1 << table.index[action.card]
            fits = [i for i, mask in enumerate(held) if not mask & bit]
            if not fits:
                held[:] = [0] * len(held)
                fits = [0]
            if held:
                del held[max(fits, key=lambda i: (held[i].bit_count(), -i))]
    return slots, bound


def _move_tables(game) -> tuple[list[int], list[int]]:
    """Per kind: the mask of the kinds playable on it, and whether it makes the next seat still in
    draw (K5, a rectangle); kept on the game (read_moves runs at every decision of a search)."""
    tables = getattr(game, "_move_tables", None)
    if tables is None:
        table = game.kinds
        tables = game._move_tables = (
            [sum(1 << kind for kind in table.playable_on[t]) for t in range(table.size)],
            [int(x) for x in rules_of(game)[R_RECT:R_RECT + table.size]])
    return tables


def _quit_bound(seat: int, hand_sizes: list[int], quit: list[bool], pile: int) -> int:
    """The largest penalty with which heuristic_cards._should_quit quits (-1: it had to quit)."""
    others_in = [s for s in range(len(hand_sizes)) if s != seat and not quit[s]]
    if not pile or not others_in:
        return -1
    size = hand_sizes[seat]
    bound = QUIT_PER_CARD * size
    if min(hand_sizes[s] for s in others_in) + QUIT_GAP <= size:
        bound = max(bound, QUIT_SMALL)
    if pile <= len(others_in):
        bound = max(bound, QUIT_LATE)
    return bound


class Position:
    """What a search of a view deals from and plays on, built once a decision: the engine state of
    the view, the unseen cards, the other seats' card slots (with `infer`, as their moves suggest:
    `card_slots`) and the temperatures a round's end is valued at; and the work space."""

    def __init__(self, view, infer: bool, temps=None):
        if view.to_move != view.seat or view.top is None:
            raise CannotDeterminize("the seat is not to move in a dealt round")
        self.game, self.ru = game_and_rules(view)
        self.seat = view.seat
        self.world = zeros(STATE_SIZE)
        state = self.game.state_from_view(view)
        state_from_core(state, self.world)  # the other hands and the draw pile's kinds stay 0
        pool = state.unseen()  # determinize.unseen_pool
        slot_seat, slot_mask, bound = card_slots(view, self.game, infer)
        cards = [kind for kind, c in enumerate(pool) for _ in range(c)]
        self.deal = (array(cards), array(slot_seat), array(slot_mask), array(bound),
                     float_array(temps or temperatures(view.game, view.players)))
        self.work = (zeros(STATE_SIZE), zeros(max(1, len(cards))), zeros(SCRATCH_SIZE))


def evaluate_view(view, rng, samples: int, halving: bool, infer: bool = False, temps=None, actions=None):
    """`rollout.evaluate_actions` for a view of a card game with the default policy (the card
    games' Game.compiled_search): a list of (action, (playouts, sum of values, sum of squared
    values, sum of points this round)). With `infer`, the deals follow what the other seats'
    draws say about their hands (`card_slots`); without, they are uniform among the deals
    consistent with the view. `temps`: the round's end valued at these temperatures (default:
    the bots' sharpened ones; the review takes the fitted ones, a calibrated win chance).
    `actions`: the legal actions searched (default: every one)."""
    at = Position(view, infer, temps)
    actions = list(view.legal_actions if actions is None else actions)
    results = result_arrays(len(actions))
    evaluate_cards(at.world, at.ru, at.seat, *at.deal,
                   array([at.game.action_id(a) for a in actions]), int(samples), bool(halving), array(seed_words(rng)),
                   *at.work, zeros(len(actions)), *results)
    return estimates(actions, results)


class Duel:
    """Two legal actions of a view compared on the same deals (`duel_cards`), a few deals at a
    time: the neural bot's second look (bots/neural.py). Its numbers come from `rng`."""

    def __init__(self, view, rng, first, second, infer: bool = True):
        self.at = Position(view, infer)
        self.ids = (self.at.game.action_id(first), self.at.game.action_id(second))
        self.r = array(seed_words(rng))
        self.sums = float_zeros(3)  # deals, sum and sum of squares of (second's value - first's)

    def play(self, deals: int) -> None:
        at = self.at
        duel_cards(at.world, at.ru, at.seat, *at.deal, *self.ids, int(deals), self.r, *at.work, self.sums)

    @property
    def deals(self) -> int:
        return int(self.sums[0])

    def lead(self) -> tuple[float, float]:
        """The second's mean lead over the first in value, and its standard error."""
        n, total, total_sq = (float(x) for x in self.sums)
        if n == 0:
            return 0.0, math.inf
        mean = total / n
        var = max(0.0, total_sq / n - mean * mean) * n / max(1.0, n - 1)
        return mean, math.sqrt(var / n)
