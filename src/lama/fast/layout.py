"""Where everything sits in the fast engine's two flat int64 arrays: a game's state and
its rules. One state is one row (STATE_SIZE entries); a batch of B games is a (B, STATE_SIZE)
array. The offsets are module constants, so numba compiles them into the kernels (its cache is
keyed on this file too: lama.fast.jitcache).

The row of one game holds every field of every game of the family (a field not in a game stays
0). The fields every game has are placed here:

- TO_MOVE: the seat to move, -1 while chance is pending or the game is over.
- CHANCE: what chance resolves next: NO_CHANCE, DEAL, DRAW, ROLL_DICE.
- ROUND (-1 before the first deal), STARTER (C4), N_IN (seats still in), FINISHED (0/1),
  WINNERS (a bit per winning seat), ENDED_BY and ENDER (how the last round ended, by whom).
- RNG + 0..3: the game's own chance generator (kernel.next32).
- Per seat s (N_MAX of each): POINTS + s, QUIT + s.

A game's own fields are those its state's shape declares (lama.core.shape.Field: the card
games' in lama.core.cardstate, the others' in their games module), each bound here under its
row's name in upper case (`top` -> TOP), in the order of the games (GAMES) and of their
declarations, grouped by scope: the scalars (a field of `size` entries takes them in a run),
then RNG, then per seat (FIELD + s), per kind (FIELD + k, K_MAX of each), per seat and kind
(FIELD + s * K_MAX + k), and this round's moves: MOVES + s * MOVE_STRIDE + f, how often seat s
made move f: f = kind for a play of that kind, then MOVE_FLAGS[kind] (bound as MOVE_<KIND>
too) for every counted move kind the games declare. `FIELDS` holds every declared Field once,
by its row's name; `Field.none` says how a field's None is written (-1 for a seat).
"""

from __future__ import annotations

from lama.core import shape as S
from lama.games import GAMES

N_MAX = 6
K_MAX = max(cls.kinds.size for cls in GAMES.values())  # the most kinds of card a game has (19)

_next = 0


def _field(size: int = 1) -> int:
    global _next
    at = _next
    _next += size
    return at


def _declared() -> tuple[dict, list]:
    """Every game's declared fields by their row's name (the first declaration of a name) and
    its counted move kinds, in the order of the games and their declarations."""
    fields, moves = {}, []
    for cls in GAMES.values():
        shape = cls.state_class.shape
        for f in shape.fields:
            fields.setdefault(f.slot, f)
        moves += [m.kind for m in shape.moves if m.counted and m.kind not in moves]
    return fields, tuple(moves)


FIELDS, MOVE_KINDS = _declared()
MOVE_STRIDE = K_MAX + len(MOVE_KINDS)
MOVE_FLAGS = {kind: K_MAX + f for f, kind in enumerate(MOVE_KINDS)}  # a counted move's f
for _kind, _f in MOVE_FLAGS.items():
    globals()["MOVE_" + _kind.upper()] = _f


def _place(scope: str) -> None:
    size = {S.SCALAR: None, S.PER_SEAT: N_MAX, S.PER_KIND: K_MAX, S.PER_SEAT_KIND: N_MAX * K_MAX,
            S.PER_SEAT_MOVE: N_MAX * MOVE_STRIDE}[scope]
    for f in FIELDS.values():
        if f.scope == scope:
            globals()[f.slot.upper()] = _field(f.size if size is None else size)


# -- the state --
TO_MOVE = _field()
CHANCE = _field()
ROUND = _field()
STARTER = _field()
N_IN = _field()
FINISHED = _field()
WINNERS = _field()
ENDED_BY = _field()
ENDER = _field()
_place(S.SCALAR)
RNG = _field(4)
POINTS = _field(N_MAX)
QUIT = _field(N_MAX)
_place(S.PER_SEAT)
_place(S.PER_KIND)
_place(S.PER_SEAT_KIND)
_place(S.PER_SEAT_MOVE)
STATE_SIZE = _next

# CHANCE
NO_CHANCE, DEAL, DRAW, ROLL_DICE = 0, 1, 2, 3
# ENDED_BY (the core's RoundScored.ended_by)
NOT_ENDED, EMPTY_HAND, ALL_QUIT, BUST, ROW_EMPTY = 0, 1, 2, 3, 4
ENDED_BY_NAMES = (None, "empty_hand", "all_quit", "bust", "row_empty")
# PENDING (dice)
NO_ANSWER, ANSWER_DISCARD, ANSWER_TAKE = 0, 1, 2

# -- the rules of one game (its options and player count included) --
_next = 0
R_FAMILY = _field()  # CARDS or DICE
R_N = _field()  # players
R_K = _field()  # kinds of card
R_TARGET = _field()  # C6
R_FIRST = _field()  # C4
R_HAND_SIZE = _field()  # L2, D2
R_START_POINTS = _field()  # K2
R_LLAMA_EACH = _field()  # C7: 10 per llama (komarami) or 10 for any
R_EFFECTS = _field()  # K4-K11 (kadabra)
R_STAGE = _field()  # the action id of taking the stage (K9; LL2, lama's option lachen), -1: no stage
R_FLAGS = _field()  # the game's counted moves (its shape's; their counters follow the plays)
R_FLAG_AT = _field(8)  # R_FLAG_AT + i: the f (MOVE_FLAGS) of the game's i-th counted move
R_ONE = _field()  # the kind whose play gives a chip (K4), -1 without effects
R_LLAMA = _field()  # the llama's kind
R_ACTIONS = _field()  # game.num_distinct_actions()
R_DECK_TOTAL = _field()
R_DECK = _field(K_MAX)  # cards of each kind in the deck (dice: the 36 player cards)
R_PLAY_N = _field(K_MAX)  # how many kinds may go on top kind t (L3, K3)
R_PLAY_ON = _field(K_MAX * K_MAX)  # R_PLAY_ON + t * K_MAX + i: the i-th of them, table order
R_ONE_AT = _field(K_MAX)  # where R_ONE is among those on kind t (R_PLAY_N + t: not there, no effects)
R_SAME_N = _field(K_MAX)  # how many kinds share a value with kind t
R_SAME = _field(K_MAX * K_MAX)  # R_SAME + t * K_MAX + i: the i-th of them, table order
R_MASK = _field(K_MAX)  # a kind's number values as bits (1 << v); 0 for the llama
R_IS_LLAMA = _field(K_MAX)
R_STAR = _field(K_MAX)  # K6 (kadabra only)
R_RECT = _field(K_MAX)  # K5 (kadabra only)
R_WIDTH = _field(K_MAX)  # values on the card (2 for 2/3 and 4/5)
R_PLUSES = _field()  # P3: how many kinds are plus cards (a game with any keeps EXTRA_TURN)
R_PLUS = _field(K_MAX)  # P3: playing the kind gives its seat another turn (party)
R_OWN_POINTS = _field(K_MAX)  # P4: what the kind costs once if held, beside C7, which leaves it out (party's P)
R_CHIP_N = _field()  # C3, P5: how many chip values the game has...
R_CHIPS = _field(4)  # ... + i: the i-th, highest first (10, 1; party 20, 10, 1)
R_MASK_SUM = _field(128)  # the sum of the values in a value mask (C7)
R_FACES = _field(18)  # dice: R_FACES + die * 6 + i, the kind of face i
R_DISCARD_COUNTS = _field(128 * 7)  # dice: + id * 7 + k, cards of kind k a discard id lets go
R_DISCARD_PARTS = _field(128 * 6)  # dice: + id * 6 + 2 * j, + 1: the j-th kind a discard id lets
# go and how many of it (three parts: one die each; kind 0 and 0 cards where it has fewer)
R_DISCARD_ID = _field(4 ** 7)  # dice: a discard's counts in base 4 -> its action id (-1: none)
R_SUBDISCARDS = _field(128 * 8)  # dice: + id * 8 + i, the i-th discard (in id order) within
# discard id's counts, + id * 8 + 7 how many: the legal discards when the caps are that discard
R_ROW = _field(K_MAX)  # dice: cards of each kind in the full llama row (D1)
R_CLASSES = _field()  # dice: the distinct rolls of the dice (lama.games.dice_odds.roll_classes)...
R_CLASS_COUNTS = _field(84 * 7)  # ... + c * 7 + k: dice of roll c showing kind k (84: 3 of 7 kinds)
R_CLASS_WEIGHT = _field(84)  # ... + c: how many of the 216 rolls show what roll c shows
RULES_SIZE = _next
del _next

CARDS, DICE = 0, 1  # R_FAMILY

# Action ids (the core's game.all_actions order; docs/developers.md, "Action ids")
# cards: play kind k = k, then draw = K, quit = K + 1; kadabra: skip = K + 2,
# take_stage = K + 3, a played 1 giving to seat t = K + 4 + t; lama and komarami with
# lachen: take_stage = K + 2 (R_STAGE holds a game's take_stage)
# dice: roll, quit, take kind k = TAKE_ID + k, then the discards
ROLL_ID, QUIT_ID_DICE, TAKE_ID = 0, 1, 2
