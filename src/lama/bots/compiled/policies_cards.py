"""The card games' heuristic compiled: the twin of heuristic_cards.py (lama, komarami) and of
heuristic_party.py (party: its plus cards, R_PLUSES, in the same loop), decision for decision,
their thresholds imported from there. In laughing time (LL2) it plays Kadabra's show
(policies_kadabra.in_show), as the Python bot plays the game's hook, heuristic_kadabra.stage_moves.
"""

from __future__ import annotations

from lama.fast.common import penalty_of
from lama.fast.kernel import njit
from lama.fast.layout import (
    HAND_SIZES,
    PILE_SIZE,
    QUIT,
    R_K,
    R_LLAMA_EACH,
    R_N,
    R_OWN_POINTS,
    R_PLUS,
    R_PLUSES,
    R_STAGE,
    R_WIDTH,
    TO_MOVE,
)

from .. import heuristic_cards as hc
from .. import heuristic_party as hp
from .policies_common import card_of, has, is_play, others_in, own_hand, run_length
from .policies_kadabra import in_show

# the heuristics' thresholds, taken from the Python bots so that there is one copy of each
C_QUIT_PER_CARD, C_QUIT_SMALL, C_QUIT_GAP, C_QUIT_LATE = hc.QUIT_PER_CARD, hc.QUIT_SMALL, hc.QUIT_GAP, hc.QUIT_LATE
P_DUMP_NEAR, P_DUMP_HAND = hp.DUMP_NEAR, hp.DUMP_HAND


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
