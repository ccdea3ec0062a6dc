"""Kadabra's heuristic compiled: the twin of heuristic_kadabra.py (chosen on the rules' R_EFFECTS),
decision for decision, its thresholds imported from there; its show (in_show) is also the card
games' in laughing time (LL2, policies_cards.py).

Kadabra's own moves in the playouts of the cards' compiled search (heuristic_kadabra.fast_action:
the show, the gift, the skip) are here too, beside its heuristic: compiled/cards.py calls them.
"""

from __future__ import annotations

from lama.fast.cards import show
from lama.fast.common import highest_chip, penalty_of
from lama.fast.kernel import njit
from lama.fast.layout import (
    HAND_SIZES,
    HANDS,
    K_MAX,
    MAGIC_CHIP,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_EFFECTS,
    R_IS_LLAMA,
    R_K,
    R_LLAMA,
    R_MASK,
    R_MASK_SUM,
    R_N,
    R_ONE,
    R_PLAY_N,
    R_PLAY_ON,
    R_RECT,
    R_STAGE,
    R_STAR,
    R_WIDTH,
    STAGE_BLACKS,
    STAGE_WHITES,
    TO_MOVE,
    TOP,
)

from .. import heuristic_kadabra as hk
from .policies_common import card_of, has, is_play, others_in, own_hand, run_length

# the heuristic's thresholds, taken from the Python bot so that there is one copy of each
K_QUIT_PER_CARD, K_QUIT_SMALL, K_QUIT_GAP, K_QUIT_LATE = hk.QUIT_PER_CARD, hk.QUIT_SMALL, hk.QUIT_GAP, hk.QUIT_LATE
K_SHOW_NEAR = hk.SHOW_NEAR
STAR_EARLY, STAR_LATE, STAR_LATE_HAND = hk.STAR_EARLY, hk.STAR_LATE, hk.STAR_LATE_HAND


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
