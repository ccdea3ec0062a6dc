"""The card games (lama, komarami, kadabra, party) compiled: rules L1-L5, Z1, K1-K11, LL1-LL2
and P1-P5 on the flat state of layout.py, the twin of the core's CardState, StageState (the stage:
Kadabra's and the puddle of lama's option lachen, R_STAGE), KadabraState and PartyState (party's
cards are the rules row's: R_PLUS, R_OWN_POINTS, its chips R_CHIPS and its tables).

A kernel never checks legality (the core does that for people; here `legal_ids` says what is
legal and drivers pick from it). `apply_action` applies one action id of the seat to move;
chance is then pending (CHANCE) until `resolve_chance` draws it from the game's own
generator, or a driver applies a given outcome (`apply_draw`, `deal_begin`/`deal_card`/
`deal_end`), which is how the differential tests feed both engines the same cards.
"""

from __future__ import annotations

from lama.games.kadabra import MAGIC_POINTS
from lama.games.stage import SHOW_CHIPS

from .common import (  # noqa: F401 - the family's kernels, also reached as cards.*
    add_penalties,
    begin_game,
    close_round,
    deal_begin,
    deal_card,
    deal_hands,
    finish,
    highest_chip,
    next_in,
    penalty,
    pile_card,
    quit_seat,
    start_round,
)
from .kernel import njit
from .layout import (
    ALL_QUIT,
    CHANCE,
    DEAL,
    DISCARD_PILE,
    DRAW,
    DRAWER,
    EMPTY_HAND,
    EXTRA_TURN,
    FORCED,
    HAND_SIZES,
    HANDS,
    K_MAX,
    MAGIC_CHIP,
    MOVE_DRAW,
    MOVE_QUIT,
    MOVE_SKIP,
    MOVE_STRIDE,
    MOVE_TAKE_STAGE,
    MOVES,
    N_IN,
    NO_CHANCE,
    PILE,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_EFFECTS,
    R_K,
    R_LLAMA,
    R_N,
    R_ONE,
    R_ONE_AT,
    R_PLAY_N,
    R_PLAY_ON,
    R_PLUS,
    R_PLUSES,
    R_RECT,
    R_STAGE,
    R_STAR,
    STAGE_BLACKS,
    STAGE_WHITES,
    TO_MOVE,
    TOP,
)

# -- a new game and its deals (L2) ------------------------------------------------------------

@njit(cache=True)
def new_game(st, ru):
    """The state before the first deal (C4, K2); the generator (RNG) is left as it is."""
    begin_game(st, ru)
    st[TOP] = -1
    st[DRAWER] = -1
    st[MAGIC_CHIP] = -1
    st[EXTRA_TURN] = -1


@njit(cache=True)
def deal_end(st, ru, top):
    """The deal turns a card of kind `top` face up (L2); the round starts (C4)."""
    st[PILE + top] -= 1
    st[PILE_SIZE] -= 1
    st[TOP] = top
    st[DISCARD_PILE + top] = 1
    start_round(st, ru)
    st[DRAWER] = -1
    st[FORCED] = 0
    st[EXTRA_TURN] = -1


@njit(cache=True)
def deal(st, ru):
    """L2 by the game's generator: six cards to each seat in turn, then the first discard."""
    deal_hands(st, ru)
    deal_end(st, ru, pile_card(st, ru))


# -- chance -----------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def apply_draw(st, ru, kind):
    """The pending draw (L3, or K5's forced draw) brings a card of `kind` to the drawer."""
    seat = st[DRAWER]
    st[PILE + kind] -= 1
    st[PILE_SIZE] -= 1
    st[HANDS + seat * K_MAX + kind] += 1
    st[HAND_SIZES + seat] += 1
    st[CHANCE] = NO_CHANCE
    st[DRAWER] = -1
    st[EXTRA_TURN] = -1  # P3: a draw in an extra turn ends it
    if st[FORCED]:  # K5: the seat now takes its turn, and may play the drawn card
        st[FORCED] = 0
        st[TO_MOVE] = seat
    else:
        st[TO_MOVE] = next_in(st, ru, seat)


@njit(cache=True, inline="always")
def resolve_chance(st, ru):
    """Resolve what chance has pending (a deal or a draw) with the game's generator."""
    if st[CHANCE] == DRAW:
        apply_draw(st, ru, pile_card(st, ru))
    elif st[CHANCE] == DEAL:
        deal(st, ru)


@njit(cache=True, inline="always")
def advance(st, ru):
    """Resolve chance until a seat is to move or the game is over."""
    while st[CHANCE] != NO_CHANCE:
        resolve_chance(st, ru)


# -- turns ------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def show(st):
    """K9: a magic show is running."""
    return st[STAGE_WHITES] + st[STAGE_BLACKS] >= SHOW_CHIPS


@njit(cache=True, inline="always")
def in_show(st, ru):
    """K9, LL2: the game has a stage and a show (laughing time) is running."""
    return ru[R_STAGE] >= 0 and show(st)


@njit(cache=True, inline="always")
def effects_size(ru):
    """The entries observe_effects writes (none without K4-K11 or a stage)."""
    if ru[R_EFFECTS]:
        return 4 + 2 * ru[R_N]
    return 3 if ru[R_STAGE] >= 0 else 0


@njit(cache=True, inline="always")
def plus_size(ru):
    """The entries observe_plus writes (none without plus cards)."""
    return ru[R_N] if ru[R_PLUSES] else 0


@njit(cache=True, inline="always")
def observe_plus(st, ru, me, out, at):
    """P3 in seat `me`'s observation from out[at] (lama.envs.observation: party's declared
    extra_turn, one-hot by seat relative to `me`, all 0 for none); the next `at`."""
    n = ru[R_N]
    for i in range(n):
        out[at + i] = 0.0
    seat = st[EXTRA_TURN]
    if seat >= 0:
        out[at + (seat - me) % n] = 1.0
    return at + n


@njit(cache=True, inline="always")
def draw_chosen(st):
    """A draw is pending that its seat chose (not K5's forced draw)."""
    return st[CHANCE] == DRAW and not st[FORCED]


@njit(cache=True, inline="always")
def observe_effects(st, ru, me, out, at, cap):
    """K4-K11 in seat `me`'s observation from out[at] (lama.envs.observation: kadabra's
    declared stage, magic_chip, show, forced_draw, seats relative to `me`; the stage's chips
    each at most `cap`); the next `at`."""
    n = ru[R_N]
    out[at] = min(st[STAGE_WHITES], cap)
    out[at + 1] = min(st[STAGE_BLACKS], cap)
    if not ru[R_EFFECTS]:  # LL1, LL2: the stage and its show alone
        out[at + 2] = 1.0 if show(st) else 0.0
        return at + 3
    holder = st[MAGIC_CHIP]  # -1: in the centre
    forced = st[DRAWER] if st[FORCED] and st[CHANCE] == DRAW else -1  # K5, while pending
    for i in range(2, 2 + 1 + n + 1 + n):
        out[at + i] = 0.0
    if holder < 0:
        out[at + 2] = 1.0
    else:
        out[at + 3 + (holder - me) % n] = 1.0
    out[at + 3 + n] = 1.0 if show(st) else 0.0
    if forced >= 0:
        out[at + 4 + n + (forced - me) % n] = 1.0
    return at + 4 + 2 * n


@njit(cache=True, inline="always")
def chips_of_move(st, ru, action, chips, at, white, black):
    """K4, K8, K9: each seat's points change by the chips action id `action` of the seat to
    move gives, stages or takes, added to chips[at:at + n] (a white chip worth `white`, a black
    one `black`)."""
    seat, k, p = st[TO_MOVE], ru[R_K], st[POINTS + st[TO_MOVE]]
    if ru[R_EFFECTS] and action >= k + 4:  # K4: a 1 that gives a chip to seat `to`
        to = action - k - 4
        value = white if p % 10 else (0 if st[MAGIC_CHIP] == seat else black)
        chips[at + seat] -= value
        chips[at + to] += value
    elif action == ru[R_LLAMA]:  # K8: the lowest chip to the stage
        chips[at + seat] -= white if p % 10 else (black if p else 0)
    elif action == ru[R_STAGE]:  # K9, LL2: take the stage
        chips[at + seat] += white * st[STAGE_WHITES] + black * st[STAGE_BLACKS]


@njit(cache=True, inline="always")
def legal_ids(st, ru, out):
    """The legal action ids of the seat to move into out[0:count], in the core's order;
    returns count (0 when nobody is to move)."""
    seat = st[TO_MOVE]
    if seat < 0:
        return 0
    k = ru[R_K]
    at = HANDS + seat * K_MAX
    count = 0
    if in_show(st, ru):  # K9, LL2: an L, take the stage, or (K7) skip
        if st[at + ru[R_LLAMA]]:
            out[count] = ru[R_LLAMA]
            count += 1
        out[count] = ru[R_STAGE]
        count += 1
        if ru[R_EFFECTS] and st[MAGIC_CHIP] == seat:
            out[count] = k + 2
            count += 1
        return count
    top = st[TOP]
    playable = ru[R_PLAY_N + top]
    one_at = ru[R_ONE_AT + top]  # the 1 among them (K4), which plays apart; playable: none
    count = plays(st, ru, out, count, at, top, 0, one_at)
    if one_at < playable:
        one = ru[R_ONE]
        if st[N_IN] > 1 and (st[POINTS + seat] > 0 or st[MAGIC_CHIP] == seat):  # K4: a chip to give
            if st[at + one]:
                for t in range(ru[R_N]):
                    if t != seat and not st[QUIT + t]:
                        out[count] = k + 4 + t
                        count += 1
        else:
            out[count] = one
            count += 1 if st[at + one] else 0
        count = plays(st, ru, out, count, at, top, one_at + 1, playable)
    if st[PILE_SIZE] and st[N_IN] > 1:
        out[count] = k
        count += 1
    if ru[R_EFFECTS] and st[MAGIC_CHIP] == seat:  # K7
        out[count] = k + 2
        count += 1
    out[count] = k + 1
    return count + 1


@njit(cache=True, inline="always")
def plays(st, ru, out, count, at, top, first, end):
    """legal_ids: the kinds playable on `top` from the first-th to before the end-th that the
    hand at st[at:] holds, into out from `count`; returns the new count. No branch on the
    hand, which chance makes unpredictable (and none that keeps this loop from staying in
    registers)."""
    for i in range(first, end):
        kind = ru[R_PLAY_ON + top * K_MAX + i]
        out[count] = kind
        count += 1 if st[at + kind] else 0
    return count


@njit(cache=True, inline="always")
def apply_action(st, ru, action):
    """Apply the legal action id `action` of the seat to move (L3, K4-K10, LL1-LL2, P3)."""
    seat = st[TO_MOVE]
    k = ru[R_K]
    moves = MOVES + seat * MOVE_STRIDE
    if action < k or (ru[R_EFFECTS] and action >= k + 4):  # play (L3), then the card's effect (K10)
        st[EXTRA_TURN] = -1  # P3: set again below by a plus card
        kind = action if action < k else ru[R_ONE]
        st[moves + kind] += 1
        st[HANDS + seat * K_MAX + kind] -= 1
        st[HAND_SIZES + seat] -= 1
        st[DISCARD_PILE + kind] += 1
        st[TOP] = kind
        if ru[R_EFFECTS]:
            card_effect(st, ru, seat, kind, action - k - 4)
        elif kind == ru[R_LLAMA] and ru[R_STAGE] >= 0:  # LL1
            stage_chip(st, seat)
        if st[HAND_SIZES + seat] == 0:
            end_round(st, ru, EMPTY_HAND, seat)
            return
        if ru[R_RECT + kind] and st[PILE_SIZE]:  # K5: the next seat still in draws first
            nxt = next_in(st, ru, seat)
            if nxt != seat:
                st[CHANCE] = DRAW
                st[DRAWER] = nxt
                st[FORCED] = 1
                st[TO_MOVE] = -1
                return
        if ru[R_PLUS + kind]:  # P3: another turn at once (the round went on), even as the last seat in
            st[EXTRA_TURN] = seat
        else:
            st[TO_MOVE] = next_in(st, ru, seat)
    elif action == k:  # draw: chance brings the card
        st[moves + MOVE_DRAW] += 1
        st[CHANCE] = DRAW
        st[DRAWER] = seat
        st[TO_MOVE] = -1
    elif action == k + 1:  # quit
        st[EXTRA_TURN] = -1  # P3: the extra turn ends (a draw's ends with its card: apply_draw)
        st[moves + MOVE_QUIT] += 1
        if quit_seat(st, ru, seat):
            end_round(st, ru, ALL_QUIT, seat)
    elif action == ru[R_STAGE]:  # K9, LL2: take the stage, then a normal turn
        st[moves + MOVE_TAKE_STAGE] += 1
        st[POINTS + seat] += st[STAGE_WHITES] + 10 * st[STAGE_BLACKS]
        st[STAGE_WHITES] = 0
        st[STAGE_BLACKS] = 0
    else:  # K7: skip, the magic chip back to the centre
        st[moves + MOVE_SKIP] += 1
        st[MAGIC_CHIP] = -1
        st[TO_MOVE] = next_in(st, ru, seat)


@njit(cache=True, inline="always")
def card_effect(st, ru, seat, kind, give):
    """K4, K6, K8: what a played card does (`give`: the receiver of a 1's chip, -1 none)."""
    p = st[POINTS + seat]
    if kind == ru[R_ONE]:  # K4
        if give >= 0:
            if p % 10:
                st[POINTS + seat] -= 1
                st[POINTS + give] += 1
            elif st[MAGIC_CHIP] == seat:
                st[MAGIC_CHIP] = give
            else:
                st[POINTS + seat] -= 10
                st[POINTS + give] += 10
    elif kind == ru[R_LLAMA]:  # K8
        stage_chip(st, seat)
    elif ru[R_STAR + kind]:  # K6
        st[MAGIC_CHIP] = seat


@njit(cache=True, inline="always")
def stage_chip(st, seat):
    """K8, LL1: the seat's lowest chip (C3) goes to the stage; with none, nothing."""
    p = st[POINTS + seat]
    if p % 10:
        st[POINTS + seat] -= 1
        st[STAGE_WHITES] += 1
    elif p:
        st[POINTS + seat] -= 10
        st[STAGE_BLACKS] += 1


# -- scoring (C5-C7, K11) ---------------------------------------------------------------------

@njit(cache=True)
def end_round(st, ru, ended_by, ender):
    """L4/L5: C7 for every hand, K11's magic chip, C5, then C6."""
    add_penalties(st, ru)
    if st[MAGIC_CHIP] >= 0:  # K11
        st[POINTS + st[MAGIC_CHIP]] += MAGIC_POINTS
        st[MAGIC_CHIP] = -1
    st[FORCED] = 0
    close_round(st, ru, ended_by, ender)


def apply_deal_codes(st, ru, game, deal) -> None:
    """Apply the core's Deal (hands of codes, the first discard) to the state (Python)."""
    index = game.kinds.index
    deal_begin(st, ru)
    for seat, hand in enumerate(deal.hands):
        for code in hand:
            deal_card(st, seat, index[code])
    deal_end(st, ru, index[deal.discard])
