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

from lama.fast.dice import N_DICE, N_FACES
from lama.fast.family import legal_ids
from lama.fast.kernel import njit
from lama.fast.layout import (
    CARDS,
    CHANCE,
    DISCARD_PILE,
    DRAW,
    DRAWER,
    FORCED,
    HAND_SIZES,
    HANDS,
    K_MAX,
    MAGIC_CHIP,
    MOVE_STRIDE,
    MOVES,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_ACTIONS,
    R_EFFECTS,
    R_FACES,
    R_FAMILY,
    R_K,
    R_N,
    R_TARGET,
    ROLL,
    ROW,
    STAGE_BLACKS,
    STAGE_WHITES,
    TOP,
)
from lama.games.kadabra import SHOW_CHIPS

# the definition's caps (points above POINTS_CAP x the target read as that; the stage's chips at
# most BYTE), taken from it: one copy of each
from .observation import BYTE, POINTS_CAP

CARD_FLAGS = 2  # per-seat move counters after the plays: draws, quits
KADABRA_FLAGS = 4  # then skips and stage takes (layout.MOVE_DRAW ... MOVE_TAKE_STAGE)


@njit(cache=True)
def observation_size(ru):
    """The length of the vector (Encoder.size): 12n + 22, kadabra 28n + 62, dice 10n + 56."""
    n, k = ru[R_N], ru[R_K]
    if ru[R_FAMILY] != CARDS:
        return n * k + 3 * n + 2 * k + 6 * k
    flags = KADABRA_FLAGS if ru[R_EFFECTS] else CARD_FLAGS
    size = 3 * k + 3 * n + 1 + n * (k + flags)
    if ru[R_EFFECTS]:
        size += 2 + (1 + n) + 1 + n
    return size


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
    """lama, komarami, kadabra: hand, top, hand_sizes, points, quit, pile_size, discard_pile,
    moves; kadabra then stage, magic_chip, show, forced_draw."""
    n, k = ru[R_N], ru[R_K]
    at = counts(st, HANDS + me * K_MAX, k, out, 0)
    at = one_hot(st[TOP], k, out, at)
    at = per_seat(st, ru, me, HAND_SIZES, out, at)
    at = points(st, ru, me, out, at)
    at = per_seat(st, ru, me, QUIT, out, at)
    out[at] = st[PILE_SIZE]
    at = counts(st, DISCARD_PILE, k, out, at + 1)
    flags = KADABRA_FLAGS if ru[R_EFFECTS] else CARD_FLAGS
    for r in range(n):  # plays of each kind, then draws, quits (kadabra: skips, stage takes)
        moves = MOVES + relative(me, r, n) * MOVE_STRIDE
        at = counts(st, moves, k, out, at)
        at = counts(st, moves + K_MAX, flags, out, at)
    if not ru[R_EFFECTS]:
        return
    whites, blacks = st[STAGE_WHITES], st[STAGE_BLACKS]
    out[at] = min(whites, BYTE)
    out[at + 1] = min(blacks, BYTE)
    at += 2
    magic_chip = st[MAGIC_CHIP]  # -1: in the centre
    out[at] = 1.0 if magic_chip < 0 else 0.0
    at = one_hot(-1 if magic_chip < 0 else (magic_chip - me) % n, n, out, at + 1)
    out[at] = 1.0 if whites + blacks >= SHOW_CHIPS else 0.0  # K9
    forced = st[DRAWER] if st[FORCED] and st[CHANCE] == DRAW else -1  # K5, while pending
    one_hot(-1 if forced < 0 else (forced - me) % n, n, out, at + 1)


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


