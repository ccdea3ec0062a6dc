"""What every game of the family does alike (rules C1-C7), compiled once for the card games
(cards.py) and dice (dice.py): a new game, the deal of a deck's cards from the counts left,
turn order, the penalty of the cards a seat holds, and the end of a round and of the game.
"""

from __future__ import annotations

from .kernel import below, njit
from .layout import (
    CHANCE,
    DEAL,
    DISCARD_PILE,
    EMPTY_HAND,
    ENDED_BY,
    ENDER,
    FINISHED,
    HAND_SIZES,
    HANDS,
    K_MAX,
    MOVE_STRIDE,
    MOVES,
    N_IN,
    N_MAX,
    NO_CHANCE,
    PILE,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_CHIP_N,
    R_CHIPS,
    R_DECK,
    R_FIRST,
    R_HAND_SIZE,
    R_IS_LLAMA,
    R_K,
    R_LLAMA_EACH,
    R_MASK,
    R_MASK_SUM,
    R_N,
    R_OWN_POINTS,
    R_START_POINTS,
    R_TARGET,
    RNG,
    ROUND,
    STARTER,
    STATE_SIZE,
    TO_MOVE,
    WINNERS,
)

# -- a new game, a round's deal ---------------------------------------------------------------

@njit(cache=True)
def begin_game(st, ru):
    """The state before the first deal (C4, K2); the generator (RNG) is left as it is, and the
    whole deck is in PILE."""
    for i in range(STATE_SIZE):
        if i < RNG or i >= RNG + 4:
            st[i] = 0
    n = ru[R_N]
    for s in range(n):
        st[POINTS + s] = ru[R_START_POINTS]
    st[ROUND] = -1
    st[TO_MOVE] = -1
    st[CHANCE] = DEAL
    st[STARTER] = ru[R_FIRST]
    st[N_IN] = n
    st[ENDER] = -1
    pile_size = 0
    for kind in range(ru[R_K]):
        st[PILE + kind] = ru[R_DECK + kind]
        pile_size += ru[R_DECK + kind]
    st[PILE_SIZE] = pile_size


@njit(cache=True)
def deal_begin(st, ru):
    """A deal starts: the whole deck in the pile, every hand (or display) empty."""
    total = 0
    for kind in range(ru[R_K]):
        st[PILE + kind] = ru[R_DECK + kind]
        total += ru[R_DECK + kind]
        st[DISCARD_PILE + kind] = 0
    st[PILE_SIZE] = total
    for i in range(N_MAX * K_MAX):
        st[HANDS + i] = 0
    for i in range(N_MAX * MOVE_STRIDE):
        st[MOVES + i] = 0


@njit(cache=True, inline="always")
def deal_card(st, seat, kind):
    """The deal gives a card of `kind` from the pile to `seat`."""
    st[PILE + kind] -= 1
    st[PILE_SIZE] -= 1
    st[HANDS + seat * K_MAX + kind] += 1


@njit(cache=True, inline="always")
def pile_card(st, ru):
    """A card drawn uniformly from the pile by the game's generator (its kind; the pile is
    left as it is), as the core's shuffle or draw gives one."""
    x = below(st, RNG, st[PILE_SIZE])
    # the kind whose cards span x in the pile's order: the kinds whose cards all lie at or
    # below x, counted without a branch (a scan that stops at the kind mispredicts its end)
    kind = 0
    below_next = 0
    for k in range(ru[R_K] - 1):
        below_next += st[PILE + k]
        kind += 1 if x >= below_next else 0
    return kind


@njit(cache=True)
def deal_hands(st, ru):
    """L2, D2 by the game's generator: a hand (display) to each seat in turn, card by card."""
    deal_begin(st, ru)
    for s in range(ru[R_N]):
        for _ in range(ru[R_HAND_SIZE]):
            deal_card(st, s, pile_card(st, ru))


@njit(cache=True)
def start_round(st, ru):
    """The round starts after its deal (C4): every seat in with a full hand, the starter to move."""
    n = ru[R_N]
    for s in range(n):
        st[QUIT + s] = 0
        st[HAND_SIZES + s] = ru[R_HAND_SIZE]
    st[ROUND] += 1
    st[N_IN] = n
    st[CHANCE] = NO_CHANCE
    st[TO_MOVE] = st[STARTER]


# -- turns ------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def next_in(st, ru, seat):
    """C1: the next seat after `seat` that has not quit (one must still be in)."""
    n = ru[R_N]
    s = seat + 1
    if s == n:  # a compare, not a division: this is on every turn
        s = 0
    while st[QUIT + s]:
        s += 1
        if s == n:
            s = 0
    return s


@njit(cache=True, inline="always")
def quit_seat(st, ru, seat):
    """L3, D3: the seat quits; returns True when that was the last seat in (L4, D4)."""
    st[QUIT + seat] = 1
    st[N_IN] -= 1
    if st[N_IN] == 0:
        return True
    st[TO_MOVE] = next_in(st, ru, seat)
    return False


# -- scoring (C3, C5-C7) ----------------------------------------------------------------------

@njit(cache=True, inline="always")
def penalty_of(h, at, ru, each):
    """C7 of the cards counted in h[at:at + K] (each: every llama costs 10, as in komarami),
    and P4: a kind with points of its own (party's P) costs them once if held."""
    mask = 0
    llamas = 0
    own = 0
    for kind in range(ru[R_K]):  # without a branch on the cards, which chance makes unpredictable
        c = h[at + kind]
        llamas += c * ru[R_IS_LLAMA + kind]
        # the kind's values if held: (c + 0xFFFF) >> 16 is 1 for any count held (a deck is far
        # smaller), 0 for none; LLVM turns a test of c (if, min, a sign) back into a branch
        held = (c + 0xFFFF) >> 16
        mask |= ru[R_MASK + kind] * held  # a llama's mask is 0
        own += ru[R_OWN_POINTS + kind] * held
    if llamas and not each:
        llamas = 1
    return ru[R_MASK_SUM + mask] + 10 * llamas + own


@njit(cache=True, inline="always")
def penalty(st, ru, seat):
    """C7 of seat's hand (dice: its display)."""
    return penalty_of(st, HANDS + seat * K_MAX, ru, ru[R_LLAMA_EACH])


@njit(cache=True, inline="always")
def highest_chip(ru, points):
    """C3, P5: the value of the highest chip held (10, 1, or 0 for none; 20 with party's pink
    chips): the first of the game's chip values, highest first, not above the points."""
    for i in range(ru[R_CHIP_N]):
        if points >= ru[R_CHIPS + i]:
            return ru[R_CHIPS + i]
    return 0


@njit(cache=True)
def add_penalties(st, ru):
    """L5, D5: every seat takes the C7 penalty of its cards."""
    for s in range(ru[R_N]):
        st[POINTS + s] += penalty(st, ru, s)


@njit(cache=True)
def close_round(st, ru, ended_by, ender):
    """After the penalties: C5 for an emptied hand, the round's record, then C6."""
    if ended_by == EMPTY_HAND:  # C5
        st[POINTS + ender] -= highest_chip(ru, st[POINTS + ender])
    st[ENDED_BY] = ended_by
    st[ENDER] = ender
    st[TO_MOVE] = -1
    finish(st, ru, ender)


@njit(cache=True)
def finish(st, ru, ender):
    """C6 after a round's scoring: the game ends (the fewest points win) or the next deal is
    due (C4: the round-ender starts it)."""
    n = ru[R_N]
    low = st[POINTS]
    high = st[POINTS]
    for s in range(1, n):
        low = min(low, st[POINTS + s])
        high = max(high, st[POINTS + s])
    if high >= ru[R_TARGET]:
        st[FINISHED] = 1
        st[CHANCE] = NO_CHANCE
        winners = 0
        for s in range(n):
            if st[POINTS + s] == low:
                winners |= 1 << s
        st[WINNERS] = winners
    else:
        st[CHANCE] = DEAL
        st[STARTER] = ender
