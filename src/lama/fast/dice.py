"""L.A.M.A. Dice compiled: rules D1-D5 on the flat state of layout.py, the twin of the core's
DiceState (lama.games.dice). The common rules (C1-C7) are common.py's, shared with the card games.

A turn is `roll` or `quit`; a roll is chance (CHANCE = ROLL_DICE, the seat in ROLLER) until
`resolve_chance` rolls the three dice with the game's own generator, or a driver applies given
faces (`apply_roll`); a match or a miss then owes an answer by the same seat (PENDING: a
discard, D3b, or a take, D3c). The displays are the HANDS, the undealt cards the PILE.
As in cards.py, kernels never check legality: `legal_ids` says what is legal.
"""

from __future__ import annotations

from .common import (
    add_penalties,
    begin_game,
    close_round,
    deal_begin,
    deal_card,
    deal_hands,
    highest_chip,
    next_in,
    quit_seat,
    start_round,
)
from .kernel import below, njit
from .layout import (
    ALL_QUIT,
    ANSWER_DISCARD,
    ANSWER_TAKE,
    BUST,
    CAPS,
    CHANCE,
    DEAL,
    DISCARD_PILE,
    EMPTY_HAND,
    HAND_SIZES,
    HANDS,
    K_MAX,
    N_IN,
    NO_ANSWER,
    NO_CHANCE,
    PENDING,
    POINTS,
    QUIT_ID_DICE,
    R_DISCARD_ID,
    R_DISCARD_PARTS,
    R_FACES,
    R_K,
    R_LLAMA,
    R_ROW,
    R_SUBDISCARDS,
    RNG,
    ROLL,
    ROLL_COUNTS,
    ROLL_DICE,
    ROLL_ID,
    ROLLER,
    ROW,
    ROW_EMPTY,
    ROW_SIZE,
    TAKE_ID,
    TO_MOVE,
)

N_DICE, N_FACES = 3, 6


# -- a new game and its deals (D2) ------------------------------------------------------------

@njit(cache=True)
def fresh_row(st, ru):
    """The llama row full (D1), no roll yet, no answer owed."""
    row_size = 0
    for kind in range(ru[R_K]):
        st[ROW + kind] = ru[R_ROW + kind]
        row_size += ru[R_ROW + kind]
        st[ROLL_COUNTS + kind] = 0
        st[CAPS + kind] = 0
    st[ROW_SIZE] = row_size
    for die in range(N_DICE):
        st[ROLL + die] = -1
    st[PENDING] = NO_ANSWER
    st[ROLLER] = -1


@njit(cache=True)
def new_game(st, ru):
    """The state before the first deal (C4); the generator (RNG) is left as it is."""
    begin_game(st, ru)
    fresh_row(st, ru)


@njit(cache=True)
def deal_end(st, ru):
    """D2: the displays are dealt (the rest stays undealt in PILE); the row is full; the round
    starts (C4)."""
    fresh_row(st, ru)
    start_round(st, ru)


@njit(cache=True)
def deal(st, ru):
    """D2 by the game's generator: six cards face up to each seat in turn from the 36."""
    deal_hands(st, ru)
    deal_end(st, ru)


def apply_deal_codes(st, ru, game, deal) -> None:
    """Apply the core's Deal (a display of codes per seat) to the state (Python)."""
    index = game.kinds.index
    deal_begin(st, ru)
    for seat, display in enumerate(deal.hands):
        for code in display:
            deal_card(st, seat, index[code])
    deal_end(st, ru)


# -- the roll (D3) ----------------------------------------------------------------------------

@njit(cache=True, inline="always")
def roll(st, ru):
    """The pending roll by the game's generator: a face of each die in turn, as the core's
    sample_chance chooses them."""
    k0 = ru[R_FACES + below(st, RNG, N_FACES)]
    k1 = ru[R_FACES + N_FACES + below(st, RNG, N_FACES)]
    k2 = ru[R_FACES + 2 * N_FACES + below(st, RNG, N_FACES)]
    apply_roll(st, ru, k0, k1, k2)


@njit(cache=True, inline="always")
def apply_roll(st, ru, k0, k1, k2):
    """The roller's dice show kinds k0, k1, k2: the first case of D3 that applies (a-d)."""
    seat = st[ROLLER]
    at = HANDS + seat * K_MAX
    k = ru[R_K]
    for kind in range(k):
        st[ROLL_COUNTS + kind] = 0
    st[ROLL] = k0
    st[ROLL + 1] = k1
    st[ROLL + 2] = k2
    st[ROLL_COUNTS + k0] += 1
    st[ROLL_COUNTS + k1] += 1
    st[ROLL_COUNTS + k2] += 1
    st[CHANCE] = NO_CHANCE
    st[ROLLER] = -1
    llama = ru[R_LLAMA]
    if k0 == llama and k1 == llama and k2 == llama:  # (a): the highest chip back, nothing else
        st[POINTS + seat] -= highest_chip(ru, st[POINTS + seat])
        st[TO_MOVE] = next_in(st, ru, seat)
    elif st[at + k0] or st[at + k1] or st[at + k2]:  # (b): a discard is owed
        for kind in range(k):
            st[CAPS + kind] = min(st[at + kind], st[ROLL_COUNTS + kind])
        st[PENDING] = ANSWER_DISCARD
        st[TO_MOVE] = seat
    elif (st[ROW + k0] or st[ROW + k1] or st[ROW + k2]) and st[N_IN] > 1:  # (c): a take is owed
        st[PENDING] = ANSWER_TAKE
        st[TO_MOVE] = seat
    else:  # (d): the whole row into the display, and the round ends
        for kind in range(k):
            st[at + kind] += st[ROW + kind]
            st[ROW + kind] = 0
        st[HAND_SIZES + seat] += st[ROW_SIZE]
        st[ROW_SIZE] = 0
        end_round(st, ru, BUST, seat)


@njit(cache=True, inline="always")
def resolve_chance(st, ru):
    """Resolve what chance has pending (a roll or a deal) with the game's generator."""
    if st[CHANCE] == ROLL_DICE:
        roll(st, ru)
    elif st[CHANCE] == DEAL:
        deal(st, ru)


@njit(cache=True, inline="always")
def advance(st, ru):
    """Resolve chance until a seat is to move or the game is over."""
    while st[CHANCE] != NO_CHANCE:
        resolve_chance(st, ru)


# -- decisions --------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def legal_ids(st, ru, out):
    """The legal action ids of the seat to move into out[0:count], in the core's order;
    returns count (0 when nobody is to move)."""
    if st[TO_MOVE] < 0:
        return 0
    pending = st[PENDING]
    if pending == NO_ANSWER:  # D3: roll or quit
        out[0] = ROLL_ID
        out[1] = QUIT_ID_DICE
        return 2
    if pending == ANSWER_TAKE:  # D3c: a row card a die shows, in table order
        count = 0
        for kind in range(ru[R_K]):
            if st[ROW + kind] and st[ROLL_COUNTS + kind]:
                out[count] = TAKE_ID + kind
                count += 1
        return count
    return discard_ids(st, ru, out)


@njit(cache=True, inline="always")
def discard_ids(st, ru, out):
    """D3b: every discard of 1 or more cards with at most CAPS + k of kind k, in id order (the
    core's order: fewest cards first, then by codes). The caps add up to 3 at most (one die
    each), so they are themselves a discard, and the rules list the discards within each
    (R_SUBDISCARDS): 7 at most, all copied, so that no branch depends on how many."""
    code = 0  # the caps' counts in base 4: the code of R_DISCARD_ID
    for kind in range(ru[R_K]):
        code += st[CAPS + kind] << 2 * kind
    at = R_SUBDISCARDS + ru[R_DISCARD_ID + code] * 8
    for i in range(7):
        out[i] = ru[at + i]
    return ru[at + 7]


@njit(cache=True, inline="always")
def apply_action(st, ru, action):
    """Apply the legal action id `action` of the seat to move (D3, D4)."""
    seat = st[TO_MOVE]
    if action == ROLL_ID:  # chance rolls the dice
        st[CHANCE] = ROLL_DICE
        st[ROLLER] = seat
        st[TO_MOVE] = -1
    elif action == QUIT_ID_DICE:
        if quit_seat(st, ru, seat):
            end_round(st, ru, ALL_QUIT, seat)
    elif action < TAKE_ID + ru[R_K]:
        take(st, ru, seat, action - TAKE_ID)
    else:
        discard(st, ru, seat, action)


@njit(cache=True, inline="always")
def take(st, ru, seat, kind):
    """D3c: the row card of `kind` into the seat's display; D4 if the row is then empty."""
    st[ROW + kind] -= 1
    st[ROW_SIZE] -= 1
    st[HANDS + seat * K_MAX + kind] += 1
    st[HAND_SIZES + seat] += 1
    st[PENDING] = NO_ANSWER
    if st[ROW_SIZE] == 0:
        end_round(st, ru, ROW_EMPTY, seat)
    else:
        st[TO_MOVE] = next_in(st, ru, seat)


@njit(cache=True, inline="always")
def discard(st, ru, seat, action):
    """D3b: the discard `action` (an id) leaves the seat's display; D4 if it is then empty."""
    at = HANDS + seat * K_MAX
    parts = R_DISCARD_PARTS + action * 6
    n = 0
    for j in range(3):  # the kinds it lets go (a part of 0 cards where fewer), not all kinds
        kind = ru[parts + 2 * j]
        c = ru[parts + 2 * j + 1]
        st[at + kind] -= c
        st[DISCARD_PILE + kind] += c
        n += c
    st[HAND_SIZES + seat] -= n
    st[PENDING] = NO_ANSWER
    if st[HAND_SIZES + seat] == 0:
        end_round(st, ru, EMPTY_HAND, seat)
    else:
        st[TO_MOVE] = next_in(st, ru, seat)


# -- scoring ----------------------------------------------------------------------------------

@njit(cache=True)
def end_round(st, ru, ended_by, ender):
    """D4/D5: C7 for every display (a quit one too), then C5 and C6."""
    add_penalties(st, ru)
    close_round(st, ru, ended_by, ender)

