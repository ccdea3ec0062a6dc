"""The card games' state (lama, komarami; kadabra extends it): rules L2–L5.

Hands and piles are counts per card kind (see cards.CardTable). The draw pile
is a multiset, not a sequence: its order does not exist until chance draws a
card, so it cannot leak.
"""

from __future__ import annotations

from .actions import DRAW, QUIT, Deal
from .errors import IllegalAction
from .events import CardDrawn, CardPlayed, RoundDealt, SeatQuit
from .state import State
from .view import View


class CardState(State):
    __slots__ = ("hands", "sizes", "pile", "pile_size", "top", "discards", "drawer", "moves")

    def __init__(self, game):
        super().__init__(game)
        size = game.table.size
        self.hands = [[0] * size for _ in range(self.n)]
        self.sizes = [0] * self.n
        self.pile = list(game.deck)
        self.pile_size = sum(game.deck)
        self.top = -1  # kind of the top card of the discard pile; -1 before the deal
        self.discards = [0] * size
        self.drawer = -1  # the seat waiting for its drawn card
        # this round's moves, public at the table: (seat, action, kind of the top it was made on)
        self.moves: list[tuple] = []

    def _copy_from(self, other):
        State._copy_from(self, other)
        self.hands = [h[:] for h in other.hands]
        self.sizes = other.sizes[:]
        self.pile = other.pile[:]
        self.pile_size = other.pile_size
        self.top = other.top
        self.discards = other.discards[:]
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
                    return self.game.table.codes[kind]
                r -= count
        raise IllegalAction("no_chance", "no chance outcome is pending")

    def chance_outcomes(self) -> list[tuple[str, int]]:
        """For a pending draw: each card still in the pile with its count (its weight)."""
        if self.chance != "draw":
            return []
        codes = self.game.table.codes
        return [(codes[k], c) for k, c in enumerate(self.pile) if c]

    def apply_chance(self, outcome) -> list:
        if self.chance == "draw":
            return self._resolve_draw(outcome)
        if self.chance == "deal":
            return self._deal(outcome)
        raise IllegalAction("no_chance", "no chance outcome is pending")

    def _resolve_draw(self, code, forced: bool = False) -> list:
        kind = self.game.table.index.get(code) if isinstance(code, str) else None
        if kind is None or not self.pile[kind]:
            raise IllegalAction("not_in_pile", f"{code!r} is not in the draw pile")
        seat = self.drawer
        self.pile[kind] -= 1
        self.pile_size -= 1
        self.hands[seat][kind] += 1
        self.sizes[seat] += 1
        self.chance = None
        self.drawer = -1
        events = [CardDrawn(seat, code, forced)]
        self._after_draw(seat)
        return events

    def _after_draw(self, seat: int) -> None:
        """L3: the turn ends after a draw (K5 overrides for a forced draw)."""
        self._pass_turn(seat)

    def _deal(self, deal) -> list:
        """L2: validate the whole deal against the deck, then set up the round."""
        game, table = self.game, self.game.table
        if not isinstance(deal, Deal):
            raise IllegalAction("bad_deal", "a round starts with a Deal")
        if len(deal.hands) != self.n:
            raise IllegalAction("bad_deal", f"a deal needs {self.n} hands, not {len(deal.hands)}")
        hands = []
        for seat, hand in enumerate(deal.hands):
            if len(hand) != game.hand_size:
                raise IllegalAction("bad_deal", f"seat {seat} must be dealt {game.hand_size} cards, not {len(hand)}")
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
                raise IllegalAction(
                    "bad_deal",
                    f"the deal holds {game.deck[kind] - c} {table.codes[kind]!r} cards; the deck has {game.deck[kind]}",
                )
        self._start_round()
        self.hands = hands
        self.sizes = [game.hand_size] * self.n
        self.pile = pile
        self.pile_size = sum(pile)
        self.top = top
        self.discards = [0] * table.size
        self.discards[top] = 1
        self.moves = []
        return [RoundDealt(self.round, self.starter, tuple(tuple(h) for h in deal.hands), deal.discard)]

    def _counts(self, codes) -> list[int]:
        table = self.game.table
        for code in codes:
            if not isinstance(code, str) or code not in table.index:
                raise IllegalAction("unknown_card", f"there is no card {code!r} in {self.game.id}")
        return table.counts_of(codes)

    # -- actions ---------------------------------------------------------
    def legal_actions(self) -> list:
        seat = self.to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        table = self.game.table
        plays = table.play_actions
        actions = [plays[k] for k in table.playable_on[self.top] if hand[k]]
        if self.pile_size and self.n_in > 1:
            actions.append(DRAW)
        actions.append(QUIT)
        return actions

    def apply(self, action, seat: int | None = None) -> list:
        self._check_turn(seat)
        seat = self.to_move
        top = self.top
        events = self._move(seat, action)
        self.moves.append((seat, action, top))
        return events

    def _move(self, seat: int, action) -> list:
        """Validate and make the move of `seat` (to move); a hook for K7 and K9."""
        kind = action.kind
        if kind == "play":
            return self._play(seat, action)
        if kind == "draw":
            self._check_draw(seat)
            self.chance = "draw"
            self.drawer = seat
            self.to_move = None
            return []
        if kind == "quit":
            self._check_quit(seat)
            return self._quit(seat, [SeatQuit(seat)])
        raise IllegalAction("unknown_action", f"{kind!r} is not a move in {self.game.id}")

    def _check_draw(self, seat: int) -> None:
        if not self.pile_size:
            raise IllegalAction("pile_empty", "the draw pile is empty (L3)")
        if self.n_in == 1:
            raise IllegalAction("last_seat", "the last seat in the round may not draw (L3)")

    def _check_quit(self, seat: int) -> None:
        """L3: quitting is always legal (K9 restricts it)."""

    def _check_play(self, seat: int, kind: int, action) -> None:
        table = self.game.table
        if action.give is not None:
            raise IllegalAction("needless_give", "give only goes with a played 1 (K4)")
        if kind not in table.playable_sets[self.top]:
            raise IllegalAction("cannot_play", f"{action.card!r} cannot be played on {table.codes[self.top]!r}")

    def _play(self, seat: int, action) -> list:
        table = self.game.table
        kind = table.index.get(action.card)
        if kind is None:
            raise IllegalAction("unknown_card", f"there is no card {action.card!r} in {self.game.id}")
        hand = self.hands[seat]
        if not hand[kind]:
            raise IllegalAction("not_in_hand", f"seat {seat} does not hold {action.card!r}")
        self._check_play(seat, kind, action)
        hand[kind] -= 1
        self.sizes[seat] -= 1
        self.discards[kind] += 1
        self.top = kind
        events = [CardPlayed(seat, action.card, action.give)]
        self._card_effect(seat, kind, action, events)  # K10: before the round-end check
        if not self.sizes[seat]:
            return self._end_round("empty_hand", seat, events)
        self._after_play(seat)
        return events

    def _card_effect(self, seat: int, kind: int, action, events: list) -> None:
        """What a played card does beyond being played (K4, K5, K6, K8)."""

    def _after_play(self, seat: int) -> None:
        self._pass_turn(seat)

    # -- scoring and views -----------------------------------------------
    def penalties(self) -> list[int]:
        penalty = self.game.table.penalty
        return [penalty(hand) for hand in self.hands]

    def revealed_hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(self.game.table.codes_of(h) for h in self.hands)

    def view(self, seat: int) -> View:
        table = self.game.table
        return View(
            **self._view_common(seat),
            **self._view_extra(seat),
            hand=table.codes_of(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(self.sizes),
            top=table.codes[self.top] if self.top >= 0 else None,
            pile_size=self.pile_size,
            discard_pile=table.codes_of(self.discards),
            moves=tuple((s, a, table.codes[t]) for s, a, t in self.moves),
        )

    def _view_extra(self, seat: int) -> dict:
        return {}
