"""The observation compiled: a seat's vector written from an engine state, entry for entry
`Encoder(game).encode(state.view(seat))` (lama.envs.observation, the definition; its module
docstring documents every feature). Like the encoder it reads only what the seat may see: its
own hand, never another hand nor the pile's contents. tests/envs/test_compiled_observe.py holds
the two equal at every node of random games of every game at 2 to 6 players.

Seats are in relative order (entry 0 of a per-seat feature is the observing seat, entry 1 the
next seat in turn order, ...). `observe` writes every entry of out[0:size], so an output row
needs no clearing; `legal_mask` writes a row of the action mask.
"""

from __future__ import annotations

from lama.fast.cards import chips_of_move, draw_chosen, effects_size, observe_effects, observe_plus, plus_size
from lama.fast.dice import N_DICE, N_FACES
from lama.fast.family import legal_ids
from lama.fast.kernel import njit
from lama.fast.layout import (
    CARDS,
    CHANCE,
    DISCARD_PILE,
    HAND_SIZES,
    HANDS,
    K_MAX,
    MOVE_STRIDE,
    MOVES,
    N_MAX,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_ACTIONS,
    R_DECK_TOTAL,
    R_DISCARD_COUNTS,
    R_EFFECTS,
    R_FACES,
    R_FAMILY,
    R_FLAG_AT,
    R_FLAGS,
    R_HAND_SIZE,
    R_K,
    R_N,
    R_ONE,
    R_ROW,
    R_STAGE,
    R_TARGET,
    ROLL,
    ROLL_DICE,
    ROUND,
    ROW,
    TAKE_ID,
    TO_MOVE,
    TOP,
)

# the definition's caps (points above POINTS_CAP x the target read as that; the stage's chips at
# most BYTE), taken from it: one copy of each
from .info_state import BLACK_POINTS, WHITE_POINTS
from .observation import BYTE, POINTS_CAP


@njit(cache=True)
def observation_size(ru):
    """The length of the vector (Encoder.size): 12n + 22, kadabra 28n + 62, party 20n + 43, dice 10n + 56."""
    n, k = ru[R_N], ru[R_K]
    if ru[R_FAMILY] != CARDS:
        return n * k + 3 * n + 2 * k + 6 * k
    return 3 * k + 3 * n + 1 + n * (k + ru[R_FLAGS]) + effects_size(ru) + plus_size(ru)


@njit(cache=True)
def observe(st, ru, me, out):
    """The observation of seat `me` into out[0:observation_size(ru)] (float32)."""
    if ru[R_FAMILY] == CARDS:
        observe_cards(st, ru, me, out)
    else:
        observe_dice(st, ru, me, out)


@njit(cache=True, inline="always")
def relative(me, r, n):
    """The seat r places after `me` in turn order."""
    s = me + r
    return s - n if s >= n else s


@njit(cache=True, inline="always")
def per_seat(st, ru, me, field, out, at):
    """st[field + seat] for every seat in relative order into out[at:at + n]; the next `at`."""
    n = ru[R_N]
    for r in range(n):
        out[at + r] = st[field + relative(me, r, n)]
    return at + n


@njit(cache=True, inline="always")
def points(st, ru, me, out, at):
    """Each seat's points, capped at POINTS_CAP x the target, in relative order."""
    n = ru[R_N]
    cap = POINTS_CAP * ru[R_TARGET]
    for r in range(n):
        out[at + r] = min(st[POINTS + relative(me, r, n)], cap)
    return at + n


@njit(cache=True, inline="always")
def counts(st, field, k, out, at):
    """st[field:field + k] into out[at:at + k]; the next `at`."""
    for i in range(k):
        out[at + i] = st[field + i]
    return at + k


@njit(cache=True, inline="always")
def one_hot(index, size, out, at):
    """out[at:at + size] all 0 but 1 at `index` (none if index < 0); the next `at`."""
    for i in range(size):
        out[at + i] = 0.0
    if index >= 0:
        out[at + index] = 1.0
    return at + size


@njit(cache=True)
def observe_cards(st, ru, me, out):
    """lama, komarami, kadabra, party: hand, top, hand_sizes, points, quit, pile_size,
    discard_pile, moves; then what the card effects add (K4-K11, lama.fast.cards.observe_effects)
    and the plus cards' extra turn (P3, observe_plus)."""
    n, k = ru[R_N], ru[R_K]
    at = counts(st, HANDS + me * K_MAX, k, out, 0)
    at = one_hot(st[TOP], k, out, at)
    at = per_seat(st, ru, me, HAND_SIZES, out, at)
    at = points(st, ru, me, out, at)
    at = per_seat(st, ru, me, QUIT, out, at)
    out[at] = st[PILE_SIZE]
    at = counts(st, DISCARD_PILE, k, out, at + 1)
    flags = ru[R_FLAGS]
    for r in range(n):  # plays of each kind, then the game's counted moves (layout.MOVE_FLAGS)
        moves = MOVES + relative(me, r, n) * MOVE_STRIDE
        at = counts(st, moves, k, out, at)
        for i in range(flags):  # in the game's order, wherever the family keeps it (R_FLAG_AT)
            out[at + i] = st[moves + ru[R_FLAG_AT + i]]
        at += flags
    if effects_size(ru):
        at = observe_effects(st, ru, me, out, at, BYTE)
    if plus_size(ru):
        observe_plus(st, ru, me, out, at)


@njit(cache=True)
def observe_dice(st, ru, me, out):
    """dice: displays, hand_sizes, points, quit, discard_pile, row, roll, dice."""
    n, k = ru[R_N], ru[R_K]
    at = 0
    for r in range(n):
        seat = relative(me, r, n)
        if r and st[QUIT + seat]:  # D3: face down for the others
            for i in range(k):
                out[at + i] = 0.0
            at += k
        else:
            at = counts(st, HANDS + seat * K_MAX, k, out, at)
    at = per_seat(st, ru, me, HAND_SIZES, out, at)
    at = points(st, ru, me, out, at)
    at = per_seat(st, ru, me, QUIT, out, at)
    at = counts(st, DISCARD_PILE, k, out, at)
    at = counts(st, ROW, k, out, at)
    for die in range(N_DICE):  # the faces shown (ROLL + die: -1 before the round's first roll)
        at = one_hot(st[ROLL + die], k, out, at)
    for die in range(N_DICE):  # the dice themselves: faces of each kind
        for i in range(k):
            out[at + i] = 0.0
        for face in range(N_FACES):
            out[at + ru[R_FACES + die * N_FACES + face]] += 1.0
        at += k


@njit(cache=True)
def legal_mask(st, ru, ids, mask):
    """mask[0:R_ACTIONS] 1 at the legal ids of the seat to move, 0 elsewhere (all 0 when
    nobody is to move); ids is working memory. Returns the number of legal ids."""
    for a in range(ru[R_ACTIONS]):
        mask[a] = 0
    count = legal_ids(st, ru, ids)
    for i in range(count):
        mask[ids[i]] = 1
    return count




# -- the information state (InfoEncoder, the definition) ----------------------------------------
# A row's record of its round, kept by info_before (before each move) and info_after (after
# each move or chance outcome) in an int64 array of hist_size(ru): a head, then one slot per move,
# a ring of info_slots(ru) + 1 slots (dice keep the last moves; one more for a move whose
# roll is pending, which the vector does not show yet).
H_ROUND, H_COUNT, H_SIZES, H_SNAP = 0, 1, 2, 2 + N_MAX  # every hand's size and cards before the last move
HEAD = H_SNAP + N_MAX * K_MAX
S_SEAT, S_ACTION, S_SEEN, S_DRAWER, S_DRAWN, S_CHIPS = 0, 1, 2, 5, 6, 7  # S_SEEN: top, or 3 dice
SLOT = S_CHIPS + N_MAX


@njit(cache=True)
def info_slots(ru):
    """InfoEncoder.M: the card games' bound on a round's moves; dice: the last moves kept."""
    n, k = ru[R_N], ru[R_K]
    if ru[R_FAMILY] != CARDS:
        row = 0
        for i in range(k):
            row += ru[R_ROW + i]
        return 2 * (row + n * ru[R_HAND_SIZE]) + n
    deck = ru[R_DECK_TOTAL]
    bound = (deck - 1) + (deck - n * ru[R_HAND_SIZE] - 1) + n
    if ru[R_EFFECTS] or ru[R_STAGE] >= 0:  # skips and stage takes (K7, K9, LL2)
        bound += deck + 1
    return bound


@njit(cache=True)
def hist_size(ru):
    return HEAD + (info_slots(ru) + 1) * SLOT


@njit(cache=True)
def slot_size(ru):
    """InfoEncoder.S: seat, move, seen, drawn (card games), chips (kadabra)."""
    n, k = ru[R_N], ru[R_K]
    if ru[R_FAMILY] != CARDS:
        return n + (2 + 2 * k) + 3 * k
    size = n + move_size(ru) + 2 * k
    if ru[R_EFFECTS] or ru[R_STAGE] >= 0:  # chips that move during a round (K4, K8, K9, LL1, LL2)
        size += n
    return size


@njit(cache=True, inline="always")
def move_size(ru):
    """InfoEncoder.F for the card games: the kinds, the flags, (kadabra) a 1's receiver."""
    k = ru[R_K]
    return k + ru[R_FLAGS] + (ru[R_N] if ru[R_EFFECTS] else 0)


@njit(cache=True)
def info_size(ru):
    return observation_size(ru) + 1 + info_slots(ru) * slot_size(ru)


@njit(cache=True)
def info_reset(hist):
    """A new game in the row: nothing recorded."""
    hist[H_ROUND] = -2
    hist[H_COUNT] = 0


@njit(cache=True, inline="always")
def sync_round(hist, st):
    """A round dealt since: its record starts empty."""
    if st[ROUND] != hist[H_ROUND]:
        hist[H_ROUND] = st[ROUND]
        hist[H_COUNT] = 0


@njit(cache=True)
def info_before(hist, st, ru, action):
    """Record the move `action` the seat to move is about to make: the top (dice: the roll) it
    is made on, (kadabra) the chips it gives, stages or takes (K4, K8, K9), and every hand, to
    find the card a draw brings (info_after, which runs first: the last move's draw is done)."""
    info_after(hist, st, ru)
    for s in range(ru[R_N]):
        hist[H_SIZES + s] = st[HAND_SIZES + s]
        for i in range(ru[R_K]):
            hist[H_SNAP + s * K_MAX + i] = st[HANDS + s * K_MAX + i]
    seat = st[TO_MOVE]
    at = HEAD + (hist[H_COUNT] % (info_slots(ru) + 1)) * SLOT
    hist[H_COUNT] += 1
    hist[at + S_SEAT] = seat
    hist[at + S_ACTION] = action
    if ru[R_FAMILY] == CARDS:
        hist[at + S_SEEN] = st[TOP]
    else:
        for die in range(N_DICE):
            hist[at + S_SEEN + die] = st[ROLL + die]
    hist[at + S_DRAWER] = -1
    hist[at + S_DRAWN] = -1
    for s in range(N_MAX):
        hist[at + S_CHIPS + s] = 0
    if not ru[R_EFFECTS] and ru[R_STAGE] < 0:
        return
    chips_of_move(st, ru, action, hist, at + S_CHIPS, WHITE_POINTS, BLACK_POINTS)


@njit(cache=True)
def info_after(hist, st, ru):
    """After a move and any chance outcomes since (once or after each): the card a seat drew
    since the move goes to it (the seat's own draw, or the forced draw the rectangle just played
    made it take, K5); a new round starts empty."""
    sync_round(hist, st)
    if ru[R_FAMILY] != CARDS or hist[H_COUNT] == 0:
        return
    at = HEAD + ((hist[H_COUNT] - 1) % (info_slots(ru) + 1)) * SLOT
    if hist[at + S_DRAWER] >= 0:
        return
    for s in range(ru[R_N]):
        if st[HAND_SIZES + s] > hist[H_SIZES + s]:  # a hand grows only by a draw
            for i in range(ru[R_K]):
                if st[HANDS + s * K_MAX + i] > hist[H_SNAP + s * K_MAX + i]:
                    hist[at + S_DRAWER] = s
                    hist[at + S_DRAWN] = i


@njit(cache=True)
def observe_info(st, ru, hist, me, out):
    """The information state of seat `me` into out[0:info_size(ru)]: the observation, then the
    record's moves, oldest first (a move whose draw or roll is pending not yet). It brings the
    record up to date first (info_after): a driver calls only info_reset, info_before and this."""
    info_after(hist, st, ru)
    observe(st, ru, me, out)
    n, k = ru[R_N], ru[R_K]
    at = observation_size(ru)
    slots, size = info_slots(ru), slot_size(ru)
    count = hist[H_COUNT] if hist[H_ROUND] == st[ROUND] else 0
    if draw_chosen(st) or st[CHANCE] == ROLL_DICE:
        count -= 1
    out[at] = min(count, slots if ru[R_FAMILY] == CARDS else BYTE)
    at += 1
    for i in range(slots * size):
        out[at + i] = 0.0
    first = count - slots if count > slots else 0
    cards = ru[R_FAMILY] == CARDS
    for j in range(first, count):
        slot = HEAD + (j % (slots + 1)) * SLOT
        base = at + (j - first) * size
        out[base + relative_of(hist[slot + S_SEAT], me, n)] = 1.0
        move = base + n
        action = hist[slot + S_ACTION]
        if cards:
            if action < k:
                out[move + action] = 1.0
            elif action < k + ru[R_FLAGS]:
                out[move + action] = 1.0  # the counted moves follow the kinds
            else:  # a 1 and the seat it gives a chip to
                out[move + ru[R_ONE]] = 1.0
                out[move + k + ru[R_FLAGS] + relative_of(action - k - ru[R_FLAGS], me, n)] = 1.0
            seen = move + move_size(ru)
            if hist[slot + S_SEEN] >= 0:
                out[seen + hist[slot + S_SEEN]] = 1.0
            if hist[slot + S_DRAWER] == me:
                out[seen + k + hist[slot + S_DRAWN]] = 1.0
            if ru[R_EFFECTS] or ru[R_STAGE] >= 0:
                chips = seen + 2 * k
                for s in range(n):
                    out[chips + relative_of(s, me, n)] = hist[slot + S_CHIPS + s]
        else:
            if action < TAKE_ID or action < TAKE_ID + k:  # roll, quit
                out[move + action] = 1.0
            else:
                for i in range(k):
                    out[move + TAKE_ID + k + i] = ru[R_DISCARD_COUNTS + action * 7 + i]
            seen = move + TAKE_ID + 2 * k
            for die in range(N_DICE):
                face = hist[slot + S_SEEN + die]
                if face >= 0:
                    out[seen + die * k + face] = 1.0


@njit(cache=True, inline="always")
def relative_of(seat, me, n):
    """Where `seat` stands after `me` in turn order (0: me)."""
    r = seat - me
    return r + n if r < 0 else r


@njit(cache=True)
def observe_seat(st, ru, hist, me, out):
    """The vector environments' observation of seat `me`: the information state if the row
    keeps a record (`hist` not empty), else the summary."""
    if len(hist):
        observe_info(st, ru, hist, me, out)
    else:
        observe(st, ru, me, out)


@njit(cache=True)
def record_move(hist, st, ru, action):
    """info_before, in a row that keeps a record."""
    if len(hist):
        info_before(hist, st, ru, action)


@njit(cache=True)
def record_new_game(hist):
    """info_reset, in a row that keeps a record."""
    if len(hist):
        info_reset(hist)
