"""Cards, values and the cycle (rules C2, C7, K1, K3, P1).

A game's deck is a table of card *kinds*; hands and piles are counts per kind
(a list indexed like the table), which makes copies and comparisons cheap.
Values are ints on the cycle 1..6 and 7 for the llama, so succ(v) is v % 7 + 1.

Codes are read per game: the same suffix `+` is a rectangle in kadabra (K5) and a plus in
party (P1, P3), so each game's CardKinds reads its codes with its own `symbols`, and a game
with a card of its own (party's `P`) reads it in a CardKinds subclass (`card_of`, `goes_on`,
`penalty`, `name`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import play

LLAMA = 7
NUMBER_CODES = ("1", "2", "3", "4", "5", "6")
# What a number card's suffix means (K1): kadabra's reading, the default; party reads `+` as a
# plus (P1) and passes its own table.
SYMBOLS = {"*": "star", "+": "rectangle"}


def succ(value: int) -> int:
    """C2: the next value on the cycle 1 → 2 → … → 6 → L → 1."""
    return value % 7 + 1


def value_name(value: int) -> str:
    return "L" if value == LLAMA else str(value)


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card: its record code, its values, its code's symbol and what that symbol
    means in its game (K5, K6, P3)."""

    code: str
    values: frozenset[int]
    symbol: str = ""  # the code's suffix: "" plain, "*" or "+"
    # what the card does in its game: its symbol's meaning, "star" (K6), "rectangle" (K5) or "plus" (P3),
    # or a card of its own ("wild": P2's party llama, in lama.games.party)
    effect: str = ""

    @property
    def is_llama(self) -> bool:
        return LLAMA in self.values


def card_from_code(code: str, symbols: dict[str, str] = SYMBOLS) -> Card:
    """Parse a code of the family: 1..6, L, 2/3, 4/5 and N followed by a suffix of `symbols`
    (N in 1..6), which says what the suffix means (K1: `*` star, `+` rectangle; P1: `+` plus)."""
    if code == "L":
        return Card(code, frozenset({LLAMA}))
    if code in NUMBER_CODES:
        return Card(code, frozenset({int(code)}))
    if code in ("2/3", "4/5"):
        low = int(code[0])
        return Card(code, frozenset({low, low + 1}))
    if len(code) == 2 and code[0] in "123456" and code[1] in symbols:
        return Card(code, frozenset({int(code[0])}), code[1], symbols[code[1]])
    raise ValueError(f"unknown card code {code!r}")


def card_name(card: Card, llama_name: str = "llama") -> str:
    """How a card reads in words: `3`, `llama` (or the game's name for it), `double 2/3`,
    `5 star`, `5 rectangle`, `5 plus` (what its symbol means in its game)."""
    if card.is_llama:
        return llama_name
    if len(card.values) > 1:
        return f"double {card.code}"
    return f"{card.code[0]} {card.effect}" if card.effect else card.code


def next_values(card: Card) -> tuple[str, ...]:
    """L3, K3: the values that may go on this card (its own, then the next), as codes."""
    values = sorted(card.values)
    if succ(values[-1]) not in card.values:
        values.append(succ(values[-1]))
    return tuple(value_name(v) for v in values)


class CardKinds:
    """The kinds of card in a game, with the lookups the rules need precomputed.

    `symbols`: what a code's suffix means in this game (K1, P1). A game with cards of its own
    subclasses it: `card_of` reads a code, `goes_on` says what may be played on what (both
    before the tables are precomputed), `penalty` counts a set and `name` says a card."""

    def __init__(self, codes: tuple[str, ...], llama_each: bool = False, symbols: dict[str, str] = SYMBOLS):
        self.symbols = symbols
        self.cards = tuple(self.card_of(c) for c in codes)
        self.codes = tuple(codes)
        self.index = {c: i for i, c in enumerate(codes)}
        self.size = len(codes)
        self.llama_each = llama_each
        # playable_on[t]: the kinds that may go on top kind t (L3, K3).
        self.playable_on = tuple(
            tuple(k for k, card in enumerate(self.cards) if self.goes_on(card, top))
            for top in self.cards
        )
        self.playable_sets = tuple(frozenset(p) for p in self.playable_on)
        self.play_actions = tuple(play(code) for code in codes)

    def card_of(self, code: str) -> Card:
        """A code as this game reads it (K1, P1)."""
        return card_from_code(code, self.symbols)

    def goes_on(self, card: Card, top: Card) -> bool:
        """L3, K3: may `card` be played on `top`? One of its values is one of the top's or the
        next on the cycle."""
        return bool(card.values & ({succ(v) for v in top.values} | top.values))

    def name(self, card: Card, llama_name: str = "llama") -> str:
        """How the card reads in words in this game (card_name)."""
        return card_name(card, llama_name)

    def next_of(self, card: Card) -> tuple[str, ...]:
        """What may follow `card` as a page lists it: L3's values (next_values); a game with a
        card of its own adds it where it goes (party's `P`, P2)."""
        return next_values(card)

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
