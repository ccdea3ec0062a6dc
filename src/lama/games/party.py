"""L.A.M.A. Party Edition (rules P1–P5): lama with plus cards, a party llama and pink chips.

The deck is data (lama/data/party-deck.json, P1, replaceable with option `deck`). Its codes are
read with party's own meaning of `+` (a plus, P1; a rectangle in kadabra) and its own card `P`,
the party llama, in PartyKinds: where `P` may go and what may follow it (P2, option
`party_on_party`) are precomputed in the kinds' tables, and its 20 points are its penalty (P4).
A plus card gives its seat another whole turn (P3) through two hooks of CardState
(`card_effect` says so with an ExtraTurn event, `after_play` keeps the turn); the View's
`extra_turn` is that seat, computed from the round's moves (the fast engine keeps it in its
row: the shape's field). Pink chips are the game's chips (P5): C5 returns the highest of them.

Registered in lama.games.GAMES as `party`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from lama.core import LLAMA, Card, CardGame, CardKinds, CardState, Event, InvalidOption, Option
from lama.core.display import MIDDLE, TURN, Mark, Note, plain
from lama.core.game import deck_from_map, deck_option
from lama.core.jsonform import shown
from lama.core.sentences import ANY, case, event
from lama.core.shape import SEAT, Field, Observed, Shape, ViewField
from lama.core.words import N_

# Table order is the order of a sorted hand (codes_of): 1, 1+, 2, 2+, ..., 6, 6+, L, P
CODES = ("1", "1+", "2", "2+", "3", "3+", "4", "4+", "5", "5+", "6", "6+", "L", "P")
SYMBOLS = {"+": "plus"}  # P1: in party `+` is a plus card (no star, no rectangle)
PARTY = "P"  # P2: the party llama's code
PARTY_EFFECT = "wild"  # its Card.effect: the one card that is played on anything (P2)
PARTY_POINTS = 20  # P4
CHIPS = (("pink", 20), ("black", 10), ("white", 1))  # P5, C3: highest first
# What the page says of party's own parts (its cards' names, a stack of pink chips), marked here
# for the catalogs (tests/web/test_page_words.py): the page shows each by its English text.
WORDS = (N_("1 plus"), N_("2 plus"), N_("3 plus"), N_("4 plus"), N_("5 plus"), N_("6 plus"), N_("party llama"),
         N_("{n} pink"))


class PartyKinds(CardKinds):
    """Party's kinds of card: `+` read as a plus (P1) and the party llama `P` (P2, P4).

    `party_on_party`: whether a `P` may be played on a `P` (P2; the option of that name)."""

    def __init__(self, codes: tuple[str, ...], party_on_party: bool = True):
        self.party_on_party = party_on_party  # read by goes_on while the tables are built
        super().__init__(codes, symbols=SYMBOLS)
        self.party = self.index.get(PARTY, -1)
        # P4 as data for the fast engine (lama.fast.rules): what each kind costs once if held,
        # beside C7 of the others (penalty below)
        self.own_points = tuple(PARTY_POINTS if card.effect == PARTY_EFFECT else 0 for card in self.cards)

    def card_of(self, code: str) -> Card:
        """P2: `P` has the llama's value, so that what follows it is what follows a llama (L, 1)."""
        if code == PARTY:
            return Card(PARTY, frozenset({LLAMA}), effect=PARTY_EFFECT)
        return CardKinds.card_of(self, code)

    def goes_on(self, card: Card, top: Card) -> bool:
        """P2: the party llama goes on any top card (on a `P` only with `party_on_party`); on a
        `P`, as on a llama, an `L`, a `1` (a `1+` too) or a `P`. Otherwise L3."""
        if card.effect == PARTY_EFFECT:
            return self.party_on_party or top.effect != PARTY_EFFECT
        return CardKinds.goes_on(self, card, top)

    def penalty(self, counts: list[int]) -> int:
        """P4: C7 of the other cards, plus 20 if the set holds the party llama (not a llama's
        10: a hand of `L`, `P` and a 5 costs 35, a hand of `P` alone 20)."""
        party = self.party
        if party < 0 or not counts[party]:
            return CardKinds.penalty(self, counts)
        rest = list(counts)
        rest[party] = 0
        return CardKinds.penalty(self, rest) + PARTY_POINTS

    def next_of(self, card: Card) -> tuple[str, ...]:
        """P2: what may follow `card` is L3's values (on a `P` a llama's: `L`, `1`) and the party
        llama wherever it goes."""
        follow = CardKinds.next_of(self, card)
        if self.party >= 0 and self.goes_on(self.cards[self.party], card):
            follow += (PARTY,)
        return follow

    def name(self, card: Card, llama_name: str = "llama") -> str:
        return "party llama" if card.effect == PARTY_EFFECT else CardKinds.name(self, card, llama_name)


KINDS = PartyKinds(CODES)  # P2's default: a P may follow a P
KINDS_NO_PARTY_ON_PARTY = PartyKinds(CODES, party_on_party=False)
PLUS = tuple(card.effect == "plus" for card in KINDS.cards)  # P3, by kind (both tables alike)


def _load_default_deck() -> tuple[int, ...]:
    text = resources.files("lama").joinpath("data", "party-deck.json").read_text(encoding="utf-8")
    return deck_from_map(json.loads(text), KINDS, "the party deck (party-deck.json)")


DEFAULT_DECK = _load_default_deck()  # P1


@dataclass(frozen=True, slots=True)
class ExtraTurn(Event):
    """P3: `seat` played a plus card that did not end the round: it takes another turn at once.

    Public. A record writes nothing for it (RECORD.md: after a plus card the same seat's next
    move follows), and it moves no points."""

    seat: int


class PartyState(CardState):
    """The card games' state with P2-P4: the party llama's table is the game's kinds, a plus
    card keeps the turn (P3), and the penalty is the kinds' (P4)."""

    __slots__ = ()

    @property
    def extra_turn(self) -> int | None:
        """P3: the seat taking another turn after its own plus card, while that turn lasts: to
        move, or waiting for the card it chose to draw (the card's coming ends the turn, with
        an event, as every change of this field comes with one); None otherwise. Read from the
        round's moves (the last ones are that play and the draw), so a state restored from a
        View has it too."""
        moves = self.moves
        if not moves:
            return None
        seat, action, _ = moves[-1]
        if self.chance == "draw" and action.kind == "draw" and len(moves) > 1:  # its draw pending
            before, action, _ = moves[-2]
            if before != seat:
                return None
        elif self.to_move != seat:
            return None
        if action.kind != "play" or not PLUS[self.game.kinds.index[action.card]]:
            return None
        return seat

    def card_effect(self, seat: int, kind: int, action, events: list) -> None:
        """P3: a plus card gives another turn unless it ended the round; a play ends it only by
        emptying the hand (L4), and the hand is counted already."""
        if PLUS[kind] and self.hand_sizes[seat]:
            events.append(ExtraTurn(seat))

    def after_play(self, seat: int) -> None:
        """P3: after a plus card the same seat moves again (even as the last seat in: it may
        play on, or quit); after any other card, L3."""
        if PLUS[self.top]:
            self.to_move = seat
        else:
            self._pass_turn(seat)

    # What Party adds to the card games' View (P3): the seat playing again. Every event that
    # moves the turn changes it.
    shape = CardState.shape + Shape(
        fields=(Field("extra_turn", none=-1),),  # P3, in the fast engine's row (-1: none)
        view=(ViewField("extra_turn", lambda s, seat: s.extra_turn),),  # P3: the seat playing again, or None
        observed=(Observed("extra_turn", SEAT),),
        changes=tuple((name, ("extra_turn",)) for name in (
            "ExtraTurn", "CardPlayed", "CardDrawn", "SeatQuit", "RoundScored")),
    )


PARTY_ON_PARTY_OPTION = Option(
    "party_on_party", "whether a party llama may be played on a party llama (P2; default true)", "boolean",
    label=N_("A party llama may be played on a party llama"))


class PartyGame(CardGame):
    """L.A.M.A. Party Edition: options `deck` (P1) and `party_on_party` (P2) beyond the card
    games'; its chips (P5), its mark and notes of the extra turn and its event's sentence (P3)."""

    id = "party"
    name = N_("L.A.M.A. Party Edition")
    tagline = N_("L.L.A.M.A. with plus cards that play again, a pink party llama on anything and pink chips.")
    rules_file = "rules/party.md"
    extra_options = CardGame.extra_options + (deck_option(CODES, "P1", "data/party-deck.json"),
                                              PARTY_ON_PARTY_OPTION)
    kinds = KINDS  # the default options' table; an instance holds its own (party_on_party)
    deck = DEFAULT_DECK
    chips = CHIPS  # P5
    marks = (Mark("extra_turn", N_("plays again (plus card)"), N_("again"), badge=True),)  # P3
    notes = (
        Note(TURN, event(case(N_("A plus card: you play again."))), subject="extra_turn"),  # P3
        Note(MIDDLE, event(plain(N_("{name} plays again (plus card)"), {"seat": ANY})), subject="extra_turn"),
    )
    pictures = ("3+", "P", "L")
    sentences = {  # what the terminal and the page say of Party's event (lama.core.sentences)
        "extra_turn": event(case(N_("You play again (plus card)."), N_("{name} plays again (plus card)."))),
    }
    state_class = PartyState

    # the card games' drivers, its own heuristic (the plus cards and P priced in); the fast
    # engine knows P2-P5, so the card games' playouts and compiled search serve it as they are
    record_moves = "lama.record.moves:CARD_MOVES"
    heuristic = "lama.bots.heuristic_party:choose"
    determinizer = "lama.bots.determinize:card_sampler"
    rollout_policy = "lama.bots.rollout:fast_card_action"
    compiled_search = "lama.bots.compiled.cards:evaluate_view"
    compiled_duel = "lama.bots.compiled.cards:Duel"
    hard_samples = 3000

    def __init__(self, players: int, options: dict | None = None):
        super().__init__(players, options)
        again = self.options.get("party_on_party", True)
        if not isinstance(again, bool):  # P2: JSON's true or false, not 1 or "yes"
            raise InvalidOption("yes_or_no", name="party_on_party", value=shown(again))
        self.party_on_party = again
        self.kinds = KINDS if again else KINDS_NO_PARTY_ON_PARTY

    @classmethod
    def default_options(cls) -> dict:
        return {**super().default_options(), "party_on_party": True}


__all__ = [
    "CHIPS", "CODES", "DEFAULT_DECK", "KINDS", "PARTY_POINTS", "ExtraTurn", "PartyGame", "PartyKinds", "PartyState",
]
