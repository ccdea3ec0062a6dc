"""The bots compiled: policies that pick an action id on the engine's state, for whole games
played in compiled code (lama.sim.compiled_match: `lama strength`, `lama tournament`; the vector
environments' opponents, lama.envs.batch).

- RANDOM: uniform over the legal ids (the twin in distribution of bots/random_bot.py).
- HEURISTIC: the twin of the `heuristic` bot, decision for decision: heuristic_cards.py
  (lama, komarami) and heuristic_party.py (party: its plus cards, R_PLUSES, in the same loop),
  heuristic_kadabra.py (kadabra, chosen on the rules' R_EFFECTS) and heuristic_dice.py, beside
  them in lama.bots; their thresholds are imported from there.
  tests/bots/test_compiled_policies.py holds them to the Python bots.
- EASY: the `easy` level: a random legal id one decision in three, else the heuristic.

Kadabra's own moves in the playouts of the cards' compiled search (heuristic_kadabra.fast_action:
the show, the gift, the skip) are here too, beside its heuristic: compiled/cards.py calls them.

A policy sees what its seat may see: its own hand, the public fields (points, hand sizes, who
has quit, the top card, the pile's size, the stage, the magic chip; in dice the displays, the
row and the roll), never another hand nor the pile's contents (dice: the undealt cards). Its
randomness comes from its seat's own generator, gen[at:at + 4], which the driver owns.
"""

from __future__ import annotations

from lama.fast.cards import show
from lama.fast.common import highest_chip, penalty_of
from lama.fast.family import legal_ids
from lama.fast.kernel import below, njit
from lama.fast.layout import (
    ANSWER_DISCARD,
    ANSWER_TAKE,
    CARDS,
    HAND_SIZES,
    HANDS,
    K_MAX,
    MAGIC_CHIP,
    N_IN,
    N_MAX,
    PENDING,
    PILE_SIZE,
    POINTS,
    QUIT,
    QUIT_ID_DICE,
    R_CLASS_COUNTS,
    R_CLASS_WEIGHT,
    R_CLASSES,
    R_DISCARD_COUNTS,
    R_EFFECTS,
    R_FAMILY,
    R_IS_LLAMA,
    R_K,
    R_LLAMA,
    R_LLAMA_EACH,
    R_MASK,
    R_MASK_SUM,
    R_N,
    R_ONE,
    R_OWN_POINTS,
    R_PLAY_N,
    R_PLAY_ON,
    R_PLUS,
    R_PLUSES,
    R_RECT,
    R_SAME,
    R_SAME_N,
    R_STAGE,
    R_STAR,
    R_WIDTH,
    ROLL_ID,
    ROW,
    STAGE_BLACKS,
    STAGE_WHITES,
    TAKE_ID,
    TO_MOVE,
    TOP,
)

from .. import heuristic_cards as hc
from .. import heuristic_dice as hd
from .. import heuristic_kadabra as hk
from .. import heuristic_party as hp
from ..levels import EASY_BLUNDERS

RANDOM, HEURISTIC, EASY = 0, 1, 2
POLICY_NAMES = ("random", "heuristic", "easy")
EASY_ONE_IN = round(1 / EASY_BLUNDERS)  # levels.EASY_BLUNDERS = 1/3: a random legal id one decision in three

# dice's working memory: the display, the row, then what each level of the lookahead discarded
DICE_K = 7
DICE_ROW = DICE_K
DICE_REMOVED = 2 * DICE_K
# a policy's working memory (the caller's: kernels never allocate): the cards' hand and the
# run's copy of it, or dice's
SCRATCH_SIZE = max(2 * K_MAX, DICE_REMOVED + (max(hd.DEPTH, hd.DEPTH_HEADS_UP) + 1) * DICE_K)
LEGAL_SIZE = K_MAX + 4 + N_MAX  # the most legal ids of a card game (dice fit too)

# the heuristics' thresholds, taken from the Python bots so that there is one copy of each
C_QUIT_PER_CARD, C_QUIT_SMALL, C_QUIT_GAP, C_QUIT_LATE = hc.QUIT_PER_CARD, hc.QUIT_SMALL, hc.QUIT_GAP, hc.QUIT_LATE
K_QUIT_PER_CARD, K_QUIT_SMALL, K_QUIT_GAP, K_QUIT_LATE = hk.QUIT_PER_CARD, hk.QUIT_SMALL, hk.QUIT_GAP, hk.QUIT_LATE
K_SHOW_NEAR = hk.SHOW_NEAR
STAR_EARLY, STAR_LATE, STAR_LATE_HAND = hk.STAR_EARLY, hk.STAR_LATE, hk.STAR_LATE_HAND
P_DUMP_NEAR, P_DUMP_HAND = hp.DUMP_NEAR, hp.DUMP_HAND


@njit(cache=True)
def choose(st, ru, policy, gen, at, legal, scratch, memo):
    """The action id `policy` picks for the seat to move (one must be), drawing any randomness
    from the generator gen[at:at + 4]; legal, scratch and memo (floats, MEMO_SIZE, zeros to
    begin with) are working memory."""
    count = legal_ids(st, ru, legal)
    if policy == RANDOM or (policy == EASY and below(gen, at, EASY_ONE_IN) == 0):
        return legal[below(gen, at, count)]
    return heuristic(st, ru, legal, count, scratch, memo)


@njit(cache=True)
def heuristic(st, ru, legal, count, scratch, memo):
    """The `heuristic` bot's action id, given the legal ids (the game's own heuristic); memo
    keeps dice's lookahead values (see roll_value)."""
    if count == 1:
        return legal[0]
    if ru[R_FAMILY] == CARDS:
        if ru[R_EFFECTS]:
            return heuristic_kadabra(st, ru, legal, count, scratch)
        return heuristic_cards(st, ru, legal, count, scratch)
    return heuristic_dice(st, ru, legal, count, scratch, memo)


# -- shared by the card heuristics (heuristic_cards.py) -------------------------------------

@njit(cache=True)
def first_held(h, at, ru, kinds, counts, top):
    """The first kind in hand h[at:] of the table list ru[kinds + top * K_MAX:], ru[counts + top]
    long (R_SAME: sharing a value with `top`; R_PLAY_ON: playable on it, L3, K3); -1: none."""
    for i in range(ru[counts + top]):
        kind = ru[kinds + top * K_MAX + i]
        if h[at + kind]:
            return kind
    return -1


@njit(cache=True)
def own_hand(st, ru, seat, scratch):
    """The seat's own hand copied to scratch[0:K] (so that a play can be tried on it)."""
    at = HANDS + seat * K_MAX
    for kind in range(ru[R_K]):
        scratch[kind] = st[at + kind]


@njit(cache=True)
def is_play(ru, action):
    k = ru[R_K]
    return action < k or action >= k + 4


@njit(cache=True)
def card_of(ru, action):
    """The kind a play id plays (a 1 given to a seat: the 1)."""
    return action if action < ru[R_K] else ru[R_ONE]


@njit(cache=True)
def others_in(st, ru, seat):
    """How many seats other than `seat` are still in, and the fewest cards one of them holds."""
    count = 0
    fewest = 1 << 30
    for s in range(ru[R_N]):
        if s != seat and not st[QUIT + s]:
            count += 1
            fewest = min(fewest, st[HAND_SIZES + s])
    return count, fewest


@njit(cache=True)
def has(legal, count, action):
    for i in range(count):
        if legal[i] == action:
            return True
    return False


# -- lama, komarami: heuristic_cards.py ------------------------------------------------------

@njit(cache=True)
def heuristic_cards(st, ru, legal, count, scratch):
    """heuristic_cards._choose_cards and heuristic_party.choose (no card effects): in laughing
    time Kadabra's choice in a show (heuristic_kadabra.stage_moves, LL2), else the best play (in
    party first P dumped near the round's end, P4, then a plus card that a card follows, P3; a
    game without plus cards has neither, so its order is the run, the penalty shed, the width),
    else draw or quit."""
    k = ru[R_K]
    seat = st[TO_MOVE]
    own_hand(st, ru, seat, scratch)
    if ru[R_STAGE] >= 0 and has(legal, count, ru[R_STAGE]):
        return in_show(st, ru, seat, legal, count, scratch)
    each = ru[R_LLAMA_EACH]
    now = penalty_of(scratch, 0, ru, each)
    near = ru[R_PLUSES] > 0 and party_round_near(st, ru, seat)
    best = -1
    b_dump, b_plus, b_run, b_shed, b_width = 0, 0, 0, 0, 0
    for i in range(count):
        a = legal[i]
        if not is_play(ru, a):
            continue
        kind = card_of(ru, a)
        scratch[kind] -= 1
        run = run_length(scratch, ru, kind)
        shed = now - penalty_of(scratch, 0, ru, each)
        scratch[kind] += 1
        dump = 1 if near and ru[R_OWN_POINTS + kind] > 0 else 0  # P4
        plus = 1 if ru[R_PLUS + kind] and run > 0 else 0  # P3
        width = -ru[R_WIDTH + kind]
        if best < 0 or (dump, plus, run, shed, width) > (b_dump, b_plus, b_run, b_shed, b_width):
            best, b_dump, b_plus, b_run, b_shed, b_width = a, dump, plus, run, shed, width
    if best >= 0:
        return best
    if has(legal, count, k) and not cards_should_quit(st, ru, seat, now):
        return k
    if has(legal, count, k + 1):
        return k + 1
    return legal[0]


@njit(cache=True)
def run_length(scratch, ru, top):
    """heuristic_cards.run_length: how many of the hand in scratch[0:K] the seat could play in a
    row on kind `top` (copies of the top first, then up the cycle; each time the first such
    card in table order, as in a sorted hand), counted in scratch[K_MAX:2 * K_MAX]."""
    k = ru[R_K]
    for kind in range(k):
        scratch[K_MAX + kind] = scratch[kind]
    played = 0
    while True:
        pick = first_held(scratch, K_MAX, ru, R_SAME, R_SAME_N, top)
        if pick < 0:
            pick = first_held(scratch, K_MAX, ru, R_PLAY_ON, R_PLAY_N, top)
        if pick < 0:
            return played
        scratch[K_MAX + pick] -= 1
        played += 1
        top = pick


@njit(cache=True)
def cards_should_quit(st, ru, seat, now):
    """heuristic_cards._should_quit: the hand's penalty `now` is small for its size, or small
    while a seat still in is well ahead, or the pile is about to run out."""
    size = st[HAND_SIZES + seat]
    n_others, fewest = others_in(st, ru, seat)
    if now <= C_QUIT_PER_CARD * size:
        return True
    if now <= C_QUIT_SMALL and fewest + C_QUIT_GAP <= size:
        return True
    return st[PILE_SIZE] <= n_others and now <= C_QUIT_LATE


# -- party: heuristic_party.py (its plays are chosen in heuristic_cards above) ----------------

@njit(cache=True)
def party_round_near(st, ru, seat):
    """heuristic_party.round_near: another seat still in holds few cards, or this seat does."""
    if st[HAND_SIZES + seat] <= P_DUMP_HAND:
        return True
    for s in range(ru[R_N]):
        if s != seat and not st[QUIT + s] and st[HAND_SIZES + s] <= P_DUMP_NEAR:
            return True
    return False


# -- kadabra: heuristic_kadabra.py -----------------------------------------------------------

@njit(cache=True)
def heuristic_kadabra(st, ru, legal, count, scratch):
    """heuristic_kadabra.choose: the show (K9), the magic chip spent when the round may end
    (K7, K11), the best play, a skip, then draw or quit."""
    k = ru[R_K]
    seat = st[TO_MOVE]
    own_hand(st, ru, seat, scratch)
    skip, take_stage = k + 2, k + 3
    if has(legal, count, take_stage):
        return in_show(st, ru, seat, legal, count, scratch)
    plays = 0
    for i in range(count):
        if is_play(ru, legal[i]):
            plays += 1
    can_skip = has(legal, count, skip)
    if can_skip and danger(st, ru, seat) and not (st[HAND_SIZES + seat] == 1 and plays):
        return skip  # K11: do not hold the magic chip when the round may end
    if plays:
        return kadabra_best_play(st, ru, seat, legal, count, scratch)
    if can_skip:
        return skip  # K7: a free pass instead of a card or quitting
    if has(legal, count, k) and not kadabra_should_quit(st, ru, seat, scratch):
        return k
    if has(legal, count, k + 1):
        return k + 1
    return legal[0]


@njit(cache=True)
def stage_value(st):
    return st[STAGE_WHITES] + 10 * st[STAGE_BLACKS]


@njit(cache=True)
def in_show(st, ru, seat, legal, count, scratch):
    """heuristic_kadabra._in_show: take the stage when it pays, else an L, else skip (K7:
    Kadabra's), else take it (R_STAGE: K9's or LL2's take)."""
    k = ru[R_K]
    if take_pays(st, ru, seat, scratch):
        return ru[R_STAGE]
    llama = ru[R_LLAMA]
    if has(legal, count, llama):  # only an L can be played in a show
        return llama
    if ru[R_EFFECTS] and has(legal, count, k + 2):
        return k + 2
    return ru[R_STAGE]


@njit(cache=True)
def take_pays(st, ru, seat, scratch):
    """heuristic_kadabra._take_pays: the last card (not an L) can then end the round, and the
    stage (with the magic chip's 10, less C5's return) costs less than the card would."""
    if st[HAND_SIZES + seat] != 1:
        return False
    card = -1
    for kind in range(ru[R_K]):
        if scratch[kind]:
            card = kind
    if card == ru[R_LLAMA]:
        return False
    top = st[TOP]
    playable = False
    for i in range(ru[R_PLAY_N + top]):
        if ru[R_PLAY_ON + top * K_MAX + i] == card:
            playable = True
    if not playable:
        return False
    gain = stage_value(st) + (10 if st[MAGIC_CHIP] == seat else 0)
    cost = gain - highest_chip(ru, st[POINTS + seat] + gain)
    return cost < ru[R_MASK_SUM + ru[R_MASK + card]]


@njit(cache=True)
def lowest_chip(points):
    """C3: the value of the lowest chip held (1, 10, or 0 for none)."""
    return 1 if points % 10 else (10 if points >= 10 else 0)


@njit(cache=True)
def chips_shed(st, ru, seat, action):
    """heuristic_kadabra._chips_shed: points a play takes off the seat at once (K4, K8)."""
    points = st[POINTS + seat]
    if action >= ru[R_K] + 4:  # a 1 with a gift
        return 1 if points % 10 else (0 if st[MAGIC_CHIP] == seat else 10)
    if ru[R_IS_LLAMA + action]:
        return lowest_chip(points)
    return 0


@njit(cache=True)
def next_seat(st, ru, seat):
    """heuristic_kadabra._next_seat: the next other seat still in; -1: none."""
    n = ru[R_N]
    for step in range(1, n):
        s = (seat + step) % n
        if not st[QUIT + s]:
            return s
    return -1


@njit(cache=True)
def danger(st, ru, seat):
    """heuristic_kadabra._danger: the seat holds the magic chip and a seat still in is one card
    from out."""
    if st[MAGIC_CHIP] != seat:
        return False
    for s in range(ru[R_N]):
        if s != seat and not st[QUIT + s] and st[HAND_SIZES + s] <= 1:
            return True
    return False


@njit(cache=True)
def kadabra_best_play(st, ru, seat, legal, count, scratch):
    """heuristic_kadabra._best_play: ending the round, then the longest run, then the points
    shed (penalty, chips, a rectangle's or a star's worth), then a single card; a 1's chip to
    the receiving seat with the fewest points."""
    now = penalty_of(scratch, 0, ru, 0)
    nxt = next_seat(st, ru, seat)
    next_close = nxt >= 0 and st[HAND_SIZES + nxt] <= 2
    danger_soon = False
    for s in range(ru[R_N]):
        if s != seat and not st[QUIT + s] and st[HAND_SIZES + s] <= 2:
            danger_soon = True
    left = st[HAND_SIZES + seat] - 1
    best = -1
    b_kind, b_empty, b_run, b_shed, b_width = -1, 0, 0, 0, 0
    for i in range(count):
        a = legal[i]
        if not is_play(ru, a):
            continue
        kind = card_of(ru, a)
        if kind == b_kind:
            continue  # the same card with another receiver: the gift is chosen below
        bonus = 0
        if ru[R_RECT + kind] and nxt >= 0:  # K5
            bonus += 2 if next_close else 1
        if ru[R_STAR + kind] and st[MAGIC_CHIP] != seat:  # K6
            bonus += STAR_LATE if left <= STAR_LATE_HAND or danger_soon else STAR_EARLY
        scratch[kind] -= 1
        run = run_length(scratch, ru, kind)
        shed = now - penalty_of(scratch, 0, ru, 0) + chips_shed(st, ru, seat, a) + bonus
        scratch[kind] += 1
        empty = 1 if left == 0 else 0
        width = -ru[R_WIDTH + kind]
        if best < 0 or (empty, run, shed, width) > (b_empty, b_run, b_shed, b_width):
            best, b_kind, b_empty, b_run, b_shed, b_width = a, kind, empty, run, shed, width
    if b_kind == ru[R_ONE] and best >= ru[R_K] + 4:
        return gift(st, ru, legal, count)
    return best


@njit(cache=True)
def gift(st, ru, legal, count):
    """heuristic_kadabra._gift (K4): to the receiving seat with the fewest points (the first
    such seat on a tie)."""
    k = ru[R_K]
    best = -1
    for i in range(count):
        a = legal[i]
        if a >= k + 4 and (best < 0 or st[POINTS + a - k - 4] < st[POINTS + best - k - 4]):
            best = a
    return best


@njit(cache=True)
def kadabra_should_quit(st, ru, seat, scratch):
    """heuristic_kadabra._should_quit: as the card games' rule, each threshold raised by the
    show risk (K9)."""
    now = penalty_of(scratch, 0, ru, 0)
    risk = show_risk(st, ru, seat, scratch)
    size = st[HAND_SIZES + seat]
    n_others, fewest = others_in(st, ru, seat)
    if now <= K_QUIT_PER_CARD * size + risk:
        return True
    if now <= K_QUIT_SMALL + risk and fewest + K_QUIT_GAP <= size:
        return True
    return st[PILE_SIZE] <= n_others and now <= K_QUIT_LATE + risk


@njit(cache=True)
def show_risk(st, ru, seat, scratch):
    """heuristic_kadabra._show_risk: the stage's value once a show is near, for a seat with no
    L and no magic chip (it would have to take the stage, K9)."""
    if st[STAGE_WHITES] + st[STAGE_BLACKS] < K_SHOW_NEAR or scratch[ru[R_LLAMA]] or st[MAGIC_CHIP] == seat:
        return 0
    return stage_value(st)


# -- kadabra in the search's playouts: heuristic_kadabra.fast_action (compiled/cards.py) -------

@njit(cache=True)
def kadabra_playout_before(st, ru, seat):
    """heuristic_kadabra.fast_action before any play: in a show an L, else skip, else take the
    stage (K9); -1: no show."""
    if not show(st):
        return -1
    llama = ru[R_LLAMA]
    if st[HANDS + seat * K_MAX + llama]:
        return llama
    return ru[R_K] + 2 if ru[R_EFFECTS] and st[MAGIC_CHIP] == seat else ru[R_STAGE]


@njit(cache=True)
def kadabra_playout_after(st, ru, seat, best):
    """heuristic_kadabra.fast_action once the card games' best play is known (`best`, a kind;
    -1: none): a 1 with a chip to give gives it to the seat still in with the fewest points
    (K4); with no play, skip with the magic chip (K7). -1: the card games' choice stands."""
    k = ru[R_K]
    if best < 0:
        return k + 2 if st[MAGIC_CHIP] == seat else -1
    if best == ru[R_ONE] and (st[POINTS + seat] > 0 or st[MAGIC_CHIP] == seat):
        to = -1
        for s in range(ru[R_N]):
            if s != seat and not st[QUIT + s] and (to < 0 or st[POINTS + s] < st[POINTS + to]):
                to = s
        if to >= 0:
            return k + 4 + to
    return -1


# -- dice: heuristic_dice.py -----------------------------------------------------------------

@njit(cache=True)
def heuristic_dice(st, ru, legal, count, scratch, memo):
    """heuristic_dice.choose: the largest discard (then the lowest penalty left), the take that
    adds least, or roll when the lookahead expects rolling to cost less than quitting now."""
    if st[PENDING] == ANSWER_DISCARD or st[PENDING] == ANSWER_TAKE:
        own_hand(st, ru, st[TO_MOVE], scratch)  # the display
        if st[PENDING] == ANSWER_DISCARD:
            return largest_discard(ru, legal, count, scratch)
        return cheapest_take(ru, legal, count, scratch)
    if dice_rolls(st, ru, hd.DEPTH, hd.DEPTH_HEADS_UP, scratch, memo):
        return ROLL_ID
    return QUIT_ID_DICE


@njit(cache=True)
def dice_rolls(st, ru, depth, heads_up, scratch, memo):
    """heuristic_dice.choose before a roll, for the seat to move: roll when rolling is expected
    to cost less than quitting now by more than MARGIN, looking `depth` rolls ahead (`heads_up`
    with one other seat in at most). scratch (DICE_REMOVED + (depth + 1) * DICE_K at least) and
    memo are roll_value's; the seat's display is in scratch[0:7] after it. The dice search's playouts (compiled/dice.py)
    decide with it too, at their own depth."""
    seat = st[TO_MOVE]
    own_hand(st, ru, seat, scratch)  # the display
    for kind in range(ru[R_K]):
        scratch[DICE_ROW + kind] = st[ROW + kind]
    others = st[N_IN] - 1
    depth = depth if others >= 2 else heads_up
    cost = roll_value(ru, scratch, depth, depth, highest_chip(ru, st[POINTS + seat]), others == 0, memo)
    return cost < penalty_of(scratch, 0, ru, 0) - hd.MARGIN


@njit(cache=True)
def largest_discard(ru, legal, count, display):
    """The discard of the most cards, then the lowest penalty left; the first on a tie (D3b)."""
    best = -1
    b_cards, b_left = 0, 0
    for i in range(count):
        a = legal[i]
        at = R_DISCARD_COUNTS + a * 7
        n = 0
        for kind in range(ru[R_K]):
            n += ru[at + kind]
            display[kind] -= ru[at + kind]
        left = -penalty_of(display, 0, ru, 0)
        for kind in range(ru[R_K]):
            display[kind] += ru[at + kind]
        if best < 0 or (n, left) > (b_cards, b_left):
            best, b_cards, b_left = a, n, left
    return best


@njit(cache=True)
def cheapest_take(ru, legal, count, display):
    """The row card that adds the least penalty, the first in table order on a tie (D3c)."""
    best = -1
    b_cost = 0
    for i in range(count):
        kind = legal[i] - TAKE_ID
        display[kind] += 1
        cost = penalty_of(display, 0, ru, 0)
        display[kind] -= 1
        if best < 0 or cost < b_cost:
            best, b_cost = legal[i], cost
    return best


@njit(cache=True)
def roll_value(ru, w, depth, rolled, chip, last, memo):
    """heuristic_dice._value: the points of the display w[0:7] (facing the row w[DICE_ROW:])
    if the seat stops now or rolls on, `depth` more rolls at most, whichever is expected to
    cost less; at depth == `rolled` what rolling once is expected to cost (heuristic_dice._roll).
    Each roll is answered well (D3): three llamas give back a chip, a match discards all it
    can (C5 if that empties the display), a miss takes the row card that leaves the least, a
    bust (every miss for the last seat in: `last`) takes the whole row; over the distinct rolls
    of the dice, weighted, in the Python heuristic's order, so that the sums round alike.
    w is changed and put back; w[DICE_REMOVED + depth * 7:] holds what a level discarded.
    (One function, recursing into itself only: numba cannot cache mutual recursion.)"""
    stop = float(penalty_of(w, 0, ru, 0))
    if depth == 0:
        return stop
    key = memo_key(ru, w, depth, chip, last)
    slot = 2 * memo_slot(key)
    if key >= 0 and memo[slot] == key:  # heuristic_dice._value's lru_cache
        cost = memo[slot + 1]
    else:  # heuristic_dice._roll: what rolling once is expected to cost
        k = ru[R_K]
        size = 0
        for kind in range(k):
            size += w[kind]
        llama = ru[R_LLAMA]
        total = 0.0
        weights = 0
        for c in range(ru[R_CLASSES]):
            weight = ru[R_CLASS_WEIGHT + c]
            shown = R_CLASS_COUNTS + c * 7
            weights += weight
            if ru[shown + llama] == 3:  # D3a: the display stays, the highest chip goes back
                total += (roll_value(ru, w, depth - 1, rolled, chip, last, memo) - chip) * weight
                continue
            most = 0
            for kind in range(k):
                most += min(w[kind], ru[shown + kind])
            if most:  # D3b: discard all it can (fewer cards never cost more)
                if most == size:
                    total -= chip * weight  # C5
                    continue
                removed = DICE_REMOVED + depth * DICE_K
                for kind in range(k):
                    w[removed + kind] = min(w[kind], ru[shown + kind])
                    w[kind] -= w[removed + kind]
                total += roll_value(ru, w, depth - 1, rolled, chip, last, memo) * weight
                for kind in range(k):
                    w[kind] += w[removed + kind]
                continue
            best = 0.0
            takes = 0
            if not last:  # D3c: the take that leaves the least (heuristic_dice._take)
                for kind in range(k):
                    if ru[shown + kind] and w[DICE_ROW + kind]:
                        w[kind] += 1
                        w[DICE_ROW + kind] -= 1
                        row_size = 0
                        for i in range(k):
                            row_size += w[DICE_ROW + i]
                        if row_size == 0:  # the row is empty: the round ends (D4)
                            value = float(penalty_of(w, 0, ru, 0))
                        else:
                            value = roll_value(ru, w, depth - 1, rolled, chip, last, memo)
                        w[kind] -= 1
                        w[DICE_ROW + kind] += 1
                        if takes == 0 or value < best:
                            best = value
                        takes += 1
            if takes:
                total += best * weight
            else:  # D3d: the whole row
                for kind in range(k):
                    w[kind] += w[DICE_ROW + kind]
                total += penalty_of(w, 0, ru, 0) * weight
                for kind in range(k):
                    w[kind] -= w[DICE_ROW + kind]
        cost = total / weights
        if key >= 0:
            memo[slot] = key
            memo[slot + 1] = cost
    return cost if depth == rolled or cost < stop else stop


# The lookahead's memo: what rolling costs for a display, row, depth, chip and last seat, the
# Python heuristic's lru_cache as a hash table of MEMO_SLOTS (key, value) pairs of floats. A key
# is exact below 2^53: 4 bits per display count, 1 per row card, 2 for the depth (1-3: deeper
# lookaheads, which only a search may ask for, go unremembered) and the chip (0, 1, 10), 1 for the
# last seat: 40 bits. Keys start at 1 (depth >= 1): 0.0 is an empty slot. The cost kept is the
# mean over the rolls, before the comparison with stopping, so it does not depend on `rolled`.
MEMO_SLOTS = 1 << 16
MEMO_SIZE = 2 * MEMO_SLOTS


@njit(cache=True)
def memo_key(ru, w, depth, chip, last):
    """The memo's key of a lookahead (-1: none, its counts or depth do not fit)."""
    if depth > 3:
        return -1
    key = 0
    for kind in range(ru[R_K]):
        if w[kind] > 15 or w[DICE_ROW + kind] > 1:
            return -1
        key = key * 32 + w[kind] * 2 + w[DICE_ROW + kind]
    return ((key * 4 + depth) * 4 + (2 if chip > 1 else chip)) * 2 + (1 if last else 0)


@njit(cache=True)
def memo_slot(key):
    return (key ^ (key >> 14) ^ (key >> 29)) & (MEMO_SLOTS - 1)


def policy_of(bot) -> int | None:
    """The compiled twin of a bot (a lama.bots callable): its policy id, or None."""
    from ..levels import easy_bot, heuristic_bot, random_bot

    for twin, policy in ((random_bot, RANDOM), (heuristic_bot, HEURISTIC), (easy_bot, EASY)):
        if bot is twin:
            return policy
    return None
