"""The dice of L.A.M.A. Dice and what a roll means (D1, D3), for lama.games.dice, its odds
(dice_odds) and its heuristic: the kinds, deck and llama row, the faces of the dice (the option
`dice`, the default in lama/data/dice-faces.json), the case of a roll and the discards and takes
it allows."""

from __future__ import annotations

import json
from importlib import resources
from itertools import product

from lama.core import CardKinds, InvalidOption, discard, take
from lama.core.jsonform import shown

CODES = ("1", "2", "3", "4", "5", "6", "L")
LL = 6  # kind index of the llama
DECK = (5, 5, 5, 5, 5, 5, 6)  # D1: the 36 player cards
ROW = (1, 1, 1, 1, 1, 1, 1)  # D1: the llama row, one of each
N_DICE, N_FACES = 3, 6
KINDS = CardKinds(CODES)

# The record's names for the cases of D3, in the order they are tried.
THREE_LLAMAS, MATCH, MISS, BUST = "three_llamas", "match", "miss", "bust"


def discard_caps(display, counts) -> tuple[int, ...]:
    """D3b: the most cards of each kind a roll lets a display go, `counts[k]` being the dice
    that show kind k: each discarded card needs its own die."""
    return tuple(d if d < c else c for d, c in zip(display, counts))


def roll_case(counts, display, row, last_seat: bool) -> str:
    """D3: the first case that applies to a roll whose dice show `counts[k]` of each kind, for
    a seat with `display` (counts per kind) facing the llama `row` (counts per kind);
    `last_seat`: every other seat has quit, so a miss is a bust. The one classifier of a roll:
    the state's roll, the odds (dice_odds) and the heuristic all ask it."""
    if counts[LL] == N_DICE:
        return THREE_LLAMAS
    for d, c in zip(display, counts):
        if d and c:
            return MATCH
    if not last_seat:
        for r, c in zip(row, counts):
            if r and c:
                return MISS
    return BUST


def parse_dice(value) -> tuple[tuple[str, ...], ...]:
    """Validate the `dice` option: three lists of six face codes from 1..6 and L."""
    allowed = ", ".join(CODES)
    if not isinstance(value, (list, tuple)) or len(value) != N_DICE:
        raise InvalidOption("dice_list", dice=N_DICE, faces=N_FACES, allowed=allowed, value=shown(value))
    dice = []
    for i, die in enumerate(value):
        if not isinstance(die, (list, tuple)) or len(die) != N_FACES:
            raise InvalidOption("die_faces", die=i + 1, faces=N_FACES, allowed=allowed, value=shown(die))
        for face in die:
            if not isinstance(face, str) or face not in KINDS.index:
                raise InvalidOption("die_face", die=i + 1, face=shown(face), allowed=allowed)
        dice.append(tuple(die))
    return tuple(dice)


def _load_default_dice() -> tuple[tuple[str, ...], ...]:
    text = resources.files("lama").joinpath("data", "dice-faces.json").read_text(encoding="utf-8")
    return parse_dice(json.loads(text))


DEFAULT_DICE = _load_default_dice()  # D1 [default, provisional]


# -- discards allowed by a roll (D3b), precomputed per cap vector -----------------
_DISCARDS: dict[tuple[int, ...], tuple[tuple, frozenset]] = {}
DISCARD_COUNTS: dict = {}  # discard action -> counts per kind


def discard_actions(caps: tuple[int, ...]) -> tuple:
    """Every non-empty discard with at most caps[k] cards of kind k, fewest cards first.

    caps[k] = min(cards of kind k in the display, dice showing k), so each
    discarded card has its own die. Cached: there are few cap vectors (sum <= 3).
    """
    return discard_entry(caps)[0]


def discard_entry(caps: tuple[int, ...]) -> tuple[tuple, frozenset]:
    """discard_actions(caps), and the same as a set; each one's counts per kind go to DISCARD_COUNTS."""
    entry = _DISCARDS.get(caps)
    if entry is None:
        found = []
        for counts in product(*(range(c + 1) for c in caps)):
            n = sum(counts)
            if n:
                action = discard(KINDS.codes_of(list(counts)))
                DISCARD_COUNTS[action] = counts
                found.append((n, action.cards, action))
        found.sort(key=lambda f: (f[0], f[1]))
        actions = tuple(f[2] for f in found)
        entry = _DISCARDS[caps] = (actions, frozenset(actions))
    return entry


TAKES = tuple(take(code) for code in CODES)
