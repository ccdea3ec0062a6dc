"""Cards, values and the cycle (rules C2, C7, K1, K3).

A game's deck is a table of card *kinds*; hands and piles are counts per kind
(a list indexed like the table), which makes copies and comparisons cheap.
Values are ints on the cycle 1..6 and 7 for the llama, so succ(v) is v % 7 + 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import play

LLAMA = 7
NUMBER_CODES = ("1", "2", "3", "4", "5", "6")


def succ(value: int) -> int:
    """C2: the next value on the cycle 1 → 2 → … → 6 → L → 1."""
    return value % 7 + 1


def value_name(value: int) -> str:
    return "L" if value == LLAMA else str(value)


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card: its record code, its values, and its effect symbol (K5, K6)."""

    code: str
    values: frozenset[int]
    symbol: str = ""  # "" plain, "*" star (K6), "+" rectangle (K5)

    @property
    def is_llama(self) -> bool:
        return LLAMA in self.values


def card_from_code(code: str) -> Card:
    """Parse any code of the family: 1..6, L, 2/3, 4/5, N* and N+ (N in 2..6)."""
    if code == "L":
        return Card(code, frozenset({LLAMA}))
    if code in NUMBER_CODES:
        return Card(code, frozenset({int(code)}))
    if code in ("2/3", "4/5"):
        low = int(code[0])
        return Card(code, frozenset({low, low + 1}))
    if len(code) == 2 and code[0] in "23456" and code[1] in "*+":
        return Card(code, frozenset({int(code[0])}), code[1])
    raise ValueError(f"unknown card code {code!r}")


def card_name(card: Card, llama_name: str = "llama") -> str:
    """How a card reads in words: `3`, `llama` (or the game's name for it), `double 2/3`,
    `5 star`, `5 rectangle`."""
    if card.is_llama:
        return llama_name
    if len(card.values) > 1:
        return f"double {card.code}"
    return {"*": f"{card.code[0]} star", "+": f"{card.code[0]} rectangle"}.get(card.symbol, card.code)


def next_values(card: Card) -> tuple[str, ...]:
    """L3, K3: the values that may go on this card (its own, then the next), as codes."""
    values = sorted(card.values)
    if succ(values[-1]) not in card.values:
        values.append(succ(values[-1]))
    return tuple(value_name(v) for v in values)


class CardKinds:
    """The kinds of card in a game, with the lookups the rules need precomputed."""

    def __init__(self, codes: tuple[str, ...], llama_each: bool = False):
        self.cards = tuple(card_from_code(c) for c in codes)
        self.codes = tuple(codes)
        self.index = {c: i for i, c in enumerate(codes)}
        self.size = len(codes)
        self.llama_each = llama_each
        # playable_on[t]: the kinds that may go on top kind t (L3, K3).
        self.playable_on = tuple(
            tuple(
                k
                for k, card in enumerate(self.cards)
                if card.values & ({succ(v) for v in top.values} | top.values)
            )
            for top in self.cards
        )
        self.playable_sets = tuple(frozenset(p) for p in self.playable_on)
        self.play_actions = tuple(play(code) for code in codes)

    def penalty(self, counts: list[int]) -> int:
        """C7: distinct number values, plus 10 for any llama (or 10 per llama)."""
        numbers: set[int] = set()
        llamas = 0
        for kind, count in enumerate(counts):
            if count:
                values = self.cards[kind].values
                if LLAMA in values:
                    llamas += count
                else:
                    numbers |= values
        if llamas and not self.llama_each:
            llamas = 1
        return sum(numbers) + 10 * llamas

    def penalty_of(self, codes) -> int:
        """C7 of cards given as codes (a hand in a view); KeyError on a code not in this game."""
        return self.penalty(self.counts_of(codes))

    def fits(self, code: str, top: str) -> bool:
        """L3, K3: may the card `code` be played on the top card `top`?"""
        index = self.index
        return index[code] in self.playable_sets[index[top]]

    def values_of(self, code: str) -> frozenset[int]:
        """K3: the values of the card `code` (7 for the llama)."""
        return self.cards[self.index[code]].values

    def counts_of(self, codes) -> list[int]:
        """Codes → counts per kind; raises KeyError on a code not in this game."""
        counts = [0] * self.size
        for code in codes:
            counts[self.index[code]] += 1
        return counts

    def codes_of(self, counts: list[int]) -> tuple[str, ...]:
        """Counts per kind → codes, in table order (which is the sorted order)."""
        return tuple(code for code, n in zip(self.codes, counts) for _ in range(n))
