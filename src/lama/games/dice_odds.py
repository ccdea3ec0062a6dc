"""Exact odds of a roll in L.A.M.A. Dice (D3), over every equally likely roll.

`roll_odds(display, row)` gives the probability of each case of D3 for a seat
with that display, and the expected number of cards the roll lets it discard.
It counts all 6 x 6 x 6 = 216 rolls (each die's faces equally likely), so the
answers are exact fractions. Rolls are grouped by which kinds they show (the
case depends on nothing else), which makes this cheap enough for a bot.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from .dice_roll import CODES, DEFAULT_DICE, KINDS, MATCH, discard_caps, parse_dice, roll_case


@dataclass(frozen=True, slots=True)
class RollOdds:
    """Probabilities of the cases of D3 for one roll (they sum to 1)."""

    three_llamas: Fraction  # (a)
    match: Fraction  # (b)
    miss: Fraction  # (c); 0 for the last seat still in, whose misses are busts
    bust: Fraction  # (d)
    expected_discard: Fraction  # E[most cards the roll lets go], 0 outside (b)

    @property
    def expected_discard_if_match(self) -> Fraction:
        return self.expected_discard / self.match if self.match else Fraction(0)

    def shown(self) -> dict[str, str]:
        """The odds as a person reads them (`3.7%`), by the names of `TEXT`'s placeholders."""
        return {"three_llamas": f"{float(self.three_llamas):.1%}", "match": f"{float(self.match):.1%}",
                "miss": f"{float(self.miss):.1%}", "bust": f"{float(self.bust):.1%}",
                "discard": f"{float(self.expected_discard):.2f}"}

    def __str__(self) -> str:
        return TEXT.format(**self.shown())


# the odds in words (the terminal says them in the reader's language: lama.tui.session)
TEXT = ("three llamas {three_llamas}, match {match}, miss {miss}, bust {bust}; "
        "cards you can expect to discard: {discard}")


@lru_cache(maxsize=64)
def roll_classes(dice: tuple[tuple[str, ...], ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The distinct rolls of these dice as (dice showing each kind, how many of the rolls)."""
    index = KINDS.index
    weights: dict[tuple[int, ...], int] = {}
    for roll in product(*dice):
        counts = [0] * len(CODES)
        for face in roll:
            counts[index[face]] += 1
        key = tuple(counts)
        weights[key] = weights.get(key, 0) + 1
    return tuple(sorted(weights.items()))


def _counts(codes, what: str) -> list[int]:
    counts = [0] * len(CODES)
    for code in codes:
        if code not in KINDS.index:
            raise ValueError(f"unknown card code {code!r} in the {what} (codes: {', '.join(CODES)})")
        counts[KINDS.index[code]] += 1
    return counts


def classify(counts: tuple[int, ...], display: list[int], row: list[int], last_seat: bool) -> tuple[str, int]:
    """D3's case for a roll showing `counts` of each kind (dice.roll_case), and the most cards
    it lets go (dice.discard_caps; 0 outside a match)."""
    case = roll_case(counts, display, row, last_seat)
    return case, sum(discard_caps(display, counts)) if case == MATCH else 0


def next_roll_odds(view) -> tuple[RollOdds, bool]:
    """The odds of the next roll of the seat of a Dice `view`, and whether it is the last
    seat still in (whose miss is a bust)."""
    last_seat = sum(not q for q in view.quit) == 1
    return roll_odds(view.displays[view.seat], view.row, view.dice, last_seat=last_seat), last_seat


def roll_odds(display, row, dice=None, last_seat: bool = False) -> RollOdds:
    """Exact odds of each case of D3 for a seat with `display` (card codes) facing the
    llama `row` (codes), with `dice` (three lists of six faces; default D1).

    `last_seat`: every other seat has quit, so a miss is a bust (D3c).
    """
    dice = DEFAULT_DICE if dice is None else parse_dice(dice)
    display_counts = _counts(display, "display")
    row_counts = _counts(row, "llama row")
    totals = {"three_llamas": 0, "match": 0, "miss": 0, "bust": 0}
    discard_sum = 0
    rolls = 0
    for counts, weight in roll_classes(tuple(tuple(d) for d in dice)):
        case, most = classify(counts, display_counts, row_counts, last_seat)
        totals[case] += weight
        discard_sum += most * weight
        rolls += weight
    return RollOdds(
        three_llamas=Fraction(totals["three_llamas"], rolls),
        match=Fraction(totals["match"], rolls),
        miss=Fraction(totals["miss"], rolls),
        bust=Fraction(totals["bust"], rolls),
        expected_discard=Fraction(discard_sum, rolls),
    )
