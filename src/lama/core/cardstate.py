"""The card games' state (lama, komarami; kadabra extends it): rules L2–L5.

A card game whose rules differ from lama's overrides the hooks of CardState (its section
"hooks a card game may override"): check_play, check_draw, check_quit, card_effect,
after_play, after_draw, other_move, penalties; and State's start_round and end_round. What
its state and its View add to the card games' is its `shape` (lama.core.shape): CardState.shape
plus its own fields and moves.

Hands and piles are counts per card kind (see cards.CardKinds). The draw pile
is a multiset, not a sequence: its order does not exist until chance draws a
card, so it cannot leak.
"""

from __future__ import annotations

from . import seats as seat_numbers
from .actions import DRAW, QUIT, Action, Deal
from .errors import IllegalAction, InvalidView
from .events import CardDrawn, CardPlayed, RoundDealt, SeatQuit
from .shape import (
    COUNT,
    COUNTS,
    HIDDEN,
    KIND,
    MOVES,
    OWN,
    OWN_COUNTS,
    PER_KIND,
    PER_SEAT,
    PER_SEAT_KIND,
    PER_SEAT_MOVE,
    POINTS,
    Field,
    MoveKind,
    Observed,
    Shape,
    ViewField,
)
from .state import State, not_an_action
from .view import View


def _moves_json(moves) -> list:
    return [{"seat": s, "action": a.to_json(), "top": t} for s, a, t in moves]


def _moves_parse(data) -> tuple:
    """`_moves_json`'s inverse."""
    return tuple((m["seat"], Action.from_json(m["action"]), m["top"]) for m in data)


def _hand(state, seat):
    return state.game.kinds.codes_of(state.hands[seat]) if seat is not None else ()


# What the card games add to every game's state and View (L1-L5), in the order of their JSON.
CARD_SHAPE = Shape(
    fields=(
        Field("top"),  # the kind of the discard pile's top card; -1 before the deal
        Field("pile_size"),
        Field("drawer"),  # -1: none
        Field("hand_sizes", PER_SEAT),
        Field("pile", PER_KIND, HIDDEN),
        Field("discard_pile", PER_KIND),
        Field("hands", PER_SEAT_KIND, OWN),
        Field("moves", PER_SEAT_MOVE),
    ),
    view=(
        # this round's moves, as everyone at the table saw them: (seat, action, the top card it was
        # made on); a draw never says which card
        ViewField("moves", lambda s, seat: tuple((m, a, s.game.kinds.codes[t]) for m, a, t in s.moves), (),
                  json=_moves_json, parse=_moves_parse),
        ViewField("hand", _hand, (), OWN),  # sorted
        ViewField("hand_sizes", lambda s, seat: tuple(s.hand_sizes), ()),
        ViewField("top", lambda s, seat: s.game.kinds.codes[s.top] if s.top >= 0 else None),
        ViewField("pile_size", lambda s, seat: s.pile_size, 0),  # cards left in the draw pile
        # every card played onto the discard pile, sorted
        ViewField("discard_pile", lambda s, seat: s.game.kinds.codes_of(s.discard_pile), ()),
    ),
    moves=(MoveKind("draw"), MoveKind("quit")),
    observed=(
        Observed("hand", OWN_COUNTS, "hands"),
        Observed("top", KIND, "top"),
        Observed("hand_sizes", PER_SEAT, "hand_sizes"),
        Observed("points", POINTS, "points"),
        Observed("quit", PER_SEAT, "quit", high=1),
        Observed("pile_size", COUNT, "pile_size"),
        Observed("discard_pile", COUNTS, "discard_pile"),
        Observed("moves", MOVES),
    ),
    # the events the observation's mirror does not write itself (a round's end: the points)
    changes=(("SeatQuit", ("quit",)), ("RoundScored", ("points",)), ("ChipReturned", ()), ("GameOver", ())),
)


class CardState(State):
    __slots__ = ("hands", "hand_sizes", "pile", "pile_size", "top", "discard_pile", "drawer", "moves")

    shape = CARD_SHAPE

    def __init__(self, game):
        super().__init__(game)
        size = game.kinds.size
        self.hands = [[0] * size for _ in range(self.n)]
        self.hand_sizes = [0] * self.n
        self.pile = list(game.deck)
        self.pile_size = sum(game.deck)
        self.top = -1  # kind of the top card of the discard pile; -1 before the deal
        self.discard_pile = [0] * size
        self.drawer = -1  # the seat waiting for its drawn card
        # this round's moves, public at the table: (seat, action, kind of the top it was made on)
        self.moves: list[tuple] = []

    def _copy_from(self, other):
        State._copy_from(self, other)
        self.hands = [h[:] for h in other.hands]
        self.hand_sizes = other.hand_sizes[:]
        self.pile = other.pile[:]
        self.pile_size = other.pile_size
        self.top = other.top
        self.discard_pile = other.discard_pile[:]
        self.drawer = other.drawer
        self.moves = other.moves[:]

    # -- chance ----------------------------------------------------------
    def sample_chance(self, rng):
        if self.chance == "deal":
            cards = self.game.deck_codes()
            rng.shuffle(cards)
            size = self.game.hand_size
            hands = tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(self.n))
            return Deal(hands, cards[self.n * size])
        if self.chance == "draw":
            r = rng.randrange(self.pile_size)
            for kind, count in enumerate(self.pile):
                if r < count:
                    return self.game.kinds.codes[kind]
                r -= count
        raise IllegalAction("no_chance")

    def chance_outcomes(self) -> list[tuple[str, int]]:
        """For a pending draw: each card still in the pile with its count (its weight)."""
        if self.chance != "draw":
            return []
        codes = self.game.kinds.codes
        return [(codes[k], c) for k, c in enumerate(self.pile) if c]

    def apply_chance(self, outcome) -> list:
        if self.chance == "draw":
            return self._resolve_draw(outcome)
        if self.chance == "deal":
            return self._deal(outcome)
        raise IllegalAction("no_chance")

    def _resolve_draw(self, code, forced: bool = False) -> list:
        kind = self.game.kinds.index.get(code) if isinstance(code, str) else None
        if kind is None or not self.pile[kind]:
            raise IllegalAction("not_in_pile", card=code)
        seat = self.drawer
        self.pile[kind] -= 1
        self.pile_size -= 1
        self.hands[seat][kind] += 1
        self.hand_sizes[seat] += 1
        self.chance = None
        self.drawer = -1
        events = [CardDrawn(seat, code, forced)]
        self.after_draw(seat)
        return events

    def _deal(self, deal) -> list:
        """L2: validate the whole deal against the deck, then set up the round."""
        game, table = self.game, self.game.kinds
        if not isinstance(deal, Deal):
            raise IllegalAction("bad_deal", "not_a_deal")
        if len(deal.hands) != self.n:
            raise IllegalAction("bad_deal", "deal_hands", n=self.n, got=len(deal.hands))
        hands = []
        for seat, hand in enumerate(deal.hands):
            if len(hand) != game.hand_size:
                raise IllegalAction("bad_deal", "deal_hand_size", seat=seat, size=game.hand_size, got=len(hand))
            hands.append(self._counts(hand))
        self._counts([deal.discard])
        top = table.index[deal.discard]
        pile = list(game.deck)
        for counts in hands:
            for kind, c in enumerate(counts):
                pile[kind] -= c
        pile[top] -= 1
        for kind, c in enumerate(pile):
            if c < 0:
                raise IllegalAction("bad_deal", "deal_too_many", n=game.deck[kind] - c, card=table.codes[kind],
                                    most=game.deck[kind])
        self.start_round()
        self.hands = hands
        self.hand_sizes = [game.hand_size] * self.n
        self.pile = pile
        self.pile_size = sum(pile)
        self.top = top
        self.discard_pile = [0] * table.size
        self.discard_pile[top] = 1
        self.moves = []
        return [RoundDealt(self.round, self.starter, tuple(tuple(h) for h in deal.hands), deal.discard)]

    def _counts(self, codes) -> list[int]:
        kinds = self.game.kinds
        for code in codes:
            if not isinstance(code, str) or code not in kinds.index:
                raise IllegalAction("unknown_card", card=code, game=self.game.id)
        return kinds.counts_of(codes)

    # -- actions ---------------------------------------------------------
    def legal_actions(self) -> list:
        seat = self.to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        kinds = self.game.kinds
        plays = kinds.play_actions
        actions = [plays[k] for k in kinds.playable_on[self.top] if hand[k]]
        if self.pile_size and self.n_in > 1:
            actions.append(DRAW)
        actions.append(QUIT)
        return actions

    def apply(self, action, seat: int | None = None) -> list:
        if not isinstance(action, Action):
            raise not_an_action(action)
        self.check_turn(seat)
        seat = self.to_move
        top = self.top
        kind = action.kind
        if kind == "play":
            events = self._play(seat, action)
        elif kind == "draw":
            self.check_draw(seat)
            self.chance = "draw"
            self.drawer = seat
            self.to_move = None
            events = []
        elif kind == "quit":
            self.check_quit(seat)
            events = self._quit(seat, [SeatQuit(seat)])
        else:
            events = self.other_move(seat, action)
        self.moves.append((seat, action, top))
        return events

    def _play(self, seat: int, action) -> list:
        kinds = self.game.kinds
        kind = kinds.index.get(action.card)
        if kind is None:
            raise IllegalAction("unknown_card", card=action.card, game=self.game.id)
        hand = self.hands[seat]
        if not hand[kind]:
            raise IllegalAction("not_in_hand", seat=seat_numbers.number(seat), card=action.card)
        self.check_play(seat, kind, action)
        hand[kind] -= 1
        self.hand_sizes[seat] -= 1
        self.discard_pile[kind] += 1
        self.top = kind
        events = [CardPlayed(seat, action.card, action.give)]
        self.card_effect(seat, kind, action, events)  # K10: before the round-end check
        if not self.hand_sizes[seat]:
            return self.end_round("empty_hand", seat, events)
        self.after_play(seat)
        return events

    # -- hooks a card game may override ------------------------------------
    # The core calls these while it applies a move or builds a view; a game's CardState
    # subclass overrides the ones its rules change (kadabra.py). The defaults are the rules
    # of lama. A `check_*` hook raises IllegalAction and changes nothing; the others run once
    # the move is known to be legal. See also State.start_round, State.end_round and
    # penalties (scoring).
    def check_play(self, seat: int, kind: int, action) -> None:
        """May `seat` play its card of kind `kind` (it holds one) as `action`? L3: it must fit
        the top, and only a 1 names a receiver (K4)."""
        kinds = self.game.kinds
        if action.give is not None:
            raise IllegalAction("needless_give", rule="K4")
        if kind not in kinds.playable_sets[self.top]:
            raise IllegalAction("cannot_play", card=action.card, top=kinds.codes[self.top])

    def check_draw(self, seat: int) -> None:
        """May `seat` draw? L3: not from an empty pile, and not as the last seat in."""
        if not self.pile_size:
            raise IllegalAction("pile_empty", rule="L3")
        if self.n_in == 1:
            raise IllegalAction("last_seat", rule="L3")

    def check_quit(self, seat: int) -> None:
        """May `seat` quit? L3: always (K9 restricts it)."""

    def card_effect(self, seat: int, kind: int, action, events: list) -> None:
        """What the card `seat` just played does beyond being played (K4, K6, K8), appending
        its events; it runs before the round-end check (K10). Lama: nothing."""

    def after_play(self, seat: int) -> None:
        """Who moves after a play that did not end the round. L3: the next seat still in
        (K5: after a rectangle the next seat draws first)."""
        self._pass_turn(seat)

    def after_draw(self, seat: int) -> None:
        """Who moves after `seat`'s drawn card reached its hand. L3: the turn ends (K5: a
        forced draw is followed by the seat's own turn)."""
        self._pass_turn(seat)

    def other_move(self, seat: int, action) -> list:
        """Validate and make a move other than play, draw and quit (K7 skip, K9 take_stage);
        return its events. Lama has none."""
        raise IllegalAction("unknown_action", "unknown_move", kind=action.kind, game=self.game.id)

    def penalties(self) -> list[int]:
        """C7 for every hand (K11 adds the magic chip)."""
        penalty = self.game.kinds.penalty
        return [penalty(hand) for hand in self.hands]

    def revealed_hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(self.game.kinds.codes_of(h) for h in self.hands)

    # -- a full state from one seat's view (State.resample_from_view) -----------------------
    def _restore(self, view) -> None:
        """L2-L5: the seat's own hand, every hand's size, the top card, the pile's size, the discard
        pile and this round's moves; a draw is pending when no seat is to move and the last move
        was a draw. The other hands and the draw pile's kinds stay empty: `unseen` holds them."""
        State._restore(self, view)
        table = self.game.kinds
        index = table.index
        codes = list(view.hand) + list(view.discard_pile) + [t for _, _, t in view.moves]
        if view.top is not None:
            codes.append(view.top)
        unknown = [c for c in codes if c not in index]
        if unknown:
            raise InvalidView(f"there is no card {unknown[0]!r} in {self.game.id}")
        if len(view.hand_sizes) != self.n:
            raise InvalidView(f"a view of {self.n} seats shows {len(view.hand_sizes)} hand sizes")
        size = table.size
        self.hands = [[0] * size for _ in range(self.n)]
        if view.seat is not None:
            self.hands[view.seat] = table.counts_of(view.hand)
        self.hand_sizes = list(view.hand_sizes)
        self.pile = [0] * size
        self.pile_size = view.pile_size
        self.top = -1 if view.top is None else index[view.top]
        self.discard_pile = table.counts_of(view.discard_pile)
        self.moves = [(s, a, index[t]) for s, a, t in view.moves]
        self.drawer = -1
        if self.chance == "deal" and self.top >= 0 and self.moves and self.moves[-1][1].kind == "draw":
            self.chance = "draw"
            self.drawer = self.moves[-1][0]

    def unseen(self) -> list[int]:
        """Per kind, the deck less every card placed (hands, draw pile, discard pile): on a state
        from a view, what the other hands and the draw pile hold. InvalidView if they cannot be
        exactly what fills them."""
        pool = list(self.game.deck)
        for counts in self.hands + [self.pile, self.discard_pile]:
            for kind, count in enumerate(counts):
                pool[kind] -= count
        if min(pool) < 0:
            raise InvalidView("the view holds more cards of a kind than the deck has")
        in_hands = sum(self.hand_sizes) - sum(map(sum, self.hands))
        in_pile = self.pile_size - sum(self.pile)
        if sum(pool) != in_hands + in_pile:
            raise InvalidView(
                f"{sum(pool)} unseen cards cannot fill {in_hands} cards in other hands and a pile of {in_pile}"
            )
        return pool

    def hidden_slots(self) -> list[tuple[int, int]]:
        return [(s, n - sum(h)) for s, (n, h) in enumerate(zip(self.hand_sizes, self.hands)) if n != sum(h)]

    def place_hidden(self, cards, slots=None) -> None:
        """Put `cards` (kinds, in the order given) where this state lacks cards: each hand short
        of its size filled up in seat order, then the rest into the draw pile."""
        hands = self.hands
        at = 0
        for s, n in self.hidden_slots() if slots is None else slots:
            hand = hands[s]
            for kind in cards[at:at + n]:
                hand[kind] += 1
            at += n
        pile = self.pile
        for kind in cards[at:]:
            pile[kind] += 1

    # -- views -------------------------------------------------------------
    def view(self, seat: int) -> View:
        return View(**self._view_common(seat), extra=tuple((f.name, f.get(self, seat)) for f in self.shape.view))
