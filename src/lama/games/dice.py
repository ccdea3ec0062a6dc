"""L.A.M.A. Dice (rules D1–D5) on the common core (C1–C7).

A turn is a decision (`roll` or `quit`), then a chance outcome (the roll: one
face per die), then, if the roll asks for one, a second decision by the same
seat: `discard` in case (b), `take` in case (c). Cases (a) and (d) resolve
with the roll. Displays, the llama row and the roll are public; the only
hidden cards are the undealt ones, which play no part in the round.

The dice are data: the provisional D1 faces ship in lama/data/dice-faces.json
and the option `dice` replaces them (three lists of six face codes). The dice,
the case of a roll and the discards it allows are in dice_roll; the shape of
the state (its JSON, View and observation fields) in dice_shape.
"""

from __future__ import annotations

from itertools import product

from lama.core import (
    QUIT,
    ROLL,
    Action,
    Deal,
    Game,
    IllegalAction,
    InvalidView,
    Option,
    State,
    View,
)
from lama.core import seats as seat_numbers
from lama.core.display import DISCARD_CONTROL, QUIT_CONTROL, ROLL_CONTROL, TAKE_CONTROL
from lama.core.events import (
    Busted,
    CardsDiscarded,
    ChipReturned,
    DiceRolled,
    RoundDealt,
    RowCardTaken,
    SeatQuit,
)
from lama.core.sentences import case, event
from lama.core.state import highest_chip, not_an_action
from lama.core.words import N_

from .dice_roll import (
    CODES,
    DECK,
    DEFAULT_DICE,
    DISCARD_COUNTS,
    KINDS,
    MATCH,
    MISS,
    N_DICE,
    N_FACES,
    ROW,
    TAKES,
    THREE_LLAMAS,
    discard_actions,
    discard_caps,
    discard_entry,
    parse_dice,
    roll_case,
)
from .dice_shape import DICE_SHAPE


class DiceGame(Game):
    id = "dice"
    name = N_("L.A.M.A. Dice")
    tagline = N_("The dice game: roll three dice to get rid of the cards in front of you, or take from the llama "
                 "row.")
    rules_file = "rules/dice.md"
    extra_options = (
        Option("dice",
               "the three dice, each a list of six face codes from 1-6 and L (D1; default: data/dice-faces.json)",
               "faces", (("codes", CODES), ("dice", N_DICE), ("sides", N_FACES))),
    )
    kinds = KINDS
    deck = DECK
    row = ROW
    hand_size = 6  # D2
    controls = (ROLL_CONTROL, DISCARD_CONTROL, TAKE_CONTROL, QUIT_CONTROL)  # in the order a page offers them
    hand_name = "display"
    family = "dice"
    pictures = ("L", "3", "5")  # dice faces
    sentences = {  # what the terminal and the page say of Dice's events (lama.core.sentences)
        "chip_returned": event(
            case(N_("You returned a {points}-point chip (emptied display)."),
                 N_("{name} returned a {points}-point chip (emptied display)."), when={"rule": "C5"}),
            case(N_("You returned a {points}-point chip (three llamas)."),
                 N_("{name} returned a {points}-point chip (three llamas)."), when={"rule": "D3a"}),
            case(N_("You returned a {points}-point chip."), N_("{name} returned a {points}-point chip."))),
        "dice_rolled": event(
            case(N_("You rolled {roll} - three llamas!"), N_("{name} rolled {roll} - three llamas!"),
                 when={"case": "three_llamas"}),
            case(N_("You rolled {roll} - a match."), N_("{name} rolled {roll} - a match."), when={"case": "match"}),
            case(N_("You rolled {roll} - a miss."), N_("{name} rolled {roll} - a miss."), when={"case": "miss"}),
            case(N_("You rolled {roll} - bust!"), N_("{name} rolled {roll} - bust!"), when={"case": "bust"}),
            case(N_("You rolled {roll}."), N_("{name} rolled {roll}.")),
            fields={"roll": ["cards", "roll"]}),
        "cards_discarded": event(case(N_("You discarded {cards}."), N_("{name} discarded {cards}.")),
                                 fields={"cards": ["cards", "cards"]}),
        "row_card_taken": event(case(N_("You took {card} from the llama row."),
                                     N_("{name} took {card} from the llama row.")), fields={"card": ["card", "card"]}),
        "busted": event(case(N_("You busted and took every row card: {cards}."),
                             N_("{name} busted and took every row card: {cards}.")),
                        fields={"cards": ["cards", "cards"]}),
    }
    roll_odds = True

    @classmethod
    def default_options(cls) -> dict:
        return {**Game.default_options(), "dice": [list(die) for die in DEFAULT_DICE]}

    record_moves = "lama.record.moves_dice:DICE_MOVES"
    heuristic = "lama.bots.heuristic_dice:choose"
    determinizer = "lama.bots.determinize:dice_sampler"
    rollout_policy = "lama.bots.rollout:fast_dice_action"
    compiled_search = "lama.bots.compiled.dice:compiled_search"
    hard_samples = 600  # a dice playout thinks about each roll, so it costs more

    def __init__(self, players: int, options: dict | None = None):
        super().__init__(players, options)
        self.dice = parse_dice(self.options["dice"]) if "dice" in self.options else DEFAULT_DICE
        if "dice" in self.options:  # immutable from here on: views carry the options
            self.options["dice"] = self.dice
        # face_kinds[i]: code -> kind for the faces die i has (to check a roll)
        self.face_kinds = tuple({f: KINDS.index[f] for f in die} for die in self.dice)

    def deck_codes(self) -> list[str]:
        """The 36 player cards, as codes (drivers shuffle this to deal)."""
        return list(KINDS.codes_of(list(self.deck)))

    def all_actions(self) -> tuple:
        """Roll, quit, take each kind from the row (table order), then every discard of
        1 to 3 cards (one die each, D3b), fewest cards first, then by the sorted codes."""
        discards = tuple(a for a in discard_actions((N_DICE,) * len(CODES)) if len(a.cards) <= N_DICE)
        return (ROLL, QUIT) + TAKES + discards


class DiceState(State):
    __slots__ = (
        "displays", "hand_sizes", "row", "row_size", "discard_pile", "undealt",
        "roll", "roll_counts", "caps", "pending", "roller",
    )

    shape = DICE_SHAPE  # D1-D3 (lama.games.dice_shape)

    def __init__(self, game):
        super().__init__(game)
        self.displays = [[0] * 7 for _ in range(self.n)]
        self.hand_sizes = [0] * self.n
        self.row = list(ROW)
        self.row_size = sum(ROW)
        self.discard_pile = [0] * 7  # cards discarded this round (D3b), public
        self.undealt = list(game.deck)  # hidden, and out of play for the round (D2)
        self.roll: tuple[str, ...] | None = None  # the last roll, public
        self.roll_counts = [0] * 7  # dice showing each kind in the last roll
        self.caps: tuple[int, ...] = (0,) * 7  # D3b: most cards of each kind the roll lets go
        self.pending: str | None = None  # "discard" (D3b) or "take" (D3c) owed by the roller
        self.roller = -1

    def _copy_from(self, other):
        State._copy_from(self, other)
        self.displays = [d[:] for d in other.displays]
        self.hand_sizes = other.hand_sizes[:]
        self.row = other.row[:]
        self.row_size = other.row_size
        self.discard_pile = other.discard_pile[:]
        self.undealt = other.undealt[:]
        self.roll = other.roll
        self.roll_counts = other.roll_counts[:]
        self.caps = other.caps
        self.pending = other.pending
        self.roller = other.roller

    # -- chance ----------------------------------------------------------
    def sample_chance(self, rng):
        if self.chance == "roll":
            choice = rng.choice
            d0, d1, d2 = self.game.dice
            return (choice(d0), choice(d1), choice(d2))
        if self.chance == "deal":
            cards = self.game.deck_codes()
            rng.shuffle(cards)
            size = self.game.hand_size
            return Deal(tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(self.n)))
        raise IllegalAction("no_chance")

    def chance_outcomes(self) -> list:
        """For a pending roll: every one of the equally likely rolls, each with weight 1."""
        if self.chance != "roll":
            return []
        return [(roll, 1) for roll in product(*self.game.dice)]

    def apply_chance(self, outcome) -> list:
        if self.chance == "roll":
            return self._resolve_roll(outcome)
        if self.chance == "deal":
            return self._deal(outcome)
        raise IllegalAction("no_chance")

    def roll_kinds(self, roll) -> tuple[int, int, int]:
        """Check a roll against the dice (each face on its own die); its kinds."""
        if not isinstance(roll, (tuple, list)) or len(roll) != N_DICE:
            raise IllegalAction("bad_roll", n=N_DICE, roll=roll)
        kinds = []
        for i, (face, faces) in enumerate(zip(roll, self.game.face_kinds)):
            kind = faces.get(face) if isinstance(face, str) else None
            if kind is None:
                raise IllegalAction("not_a_face", face=face, die=i + 1)
            kinds.append(kind)
        return tuple(kinds)

    def roll_case(self, roll, seat: int | None = None) -> str:
        """Which case of D3 a roll is for `seat` (default: the roller); no change to the state."""
        counts = self._roll_counts(roll)
        if seat is None:
            seat = self.roller if self.chance == "roll" else self.to_move
        return roll_case(counts, self.displays[seat], self.row, self.n_in == 1)

    def _roll_counts(self, roll) -> list[int]:
        """Dice showing each kind in a roll (checked against the dice)."""
        k0, k1, k2 = self.roll_kinds(roll)
        counts = [0] * 7
        counts[k0] += 1
        counts[k1] += 1
        counts[k2] += 1
        return counts

    def _resolve_roll(self, roll) -> list:
        counts = self._roll_counts(roll)
        seat = self.roller
        display = self.displays[seat]
        case = roll_case(counts, display, self.row, self.n_in == 1)
        roll = tuple(roll)
        self.roll = roll
        self.roll_counts = counts
        self.chance = None
        self.roller = -1
        events = [DiceRolled(seat, roll, case)]
        if case == MATCH:
            self.caps = discard_caps(display, counts)
            self.pending = "discard"
            self.to_move = seat
        elif case == MISS:
            self.pending = "take"
            self.to_move = seat
        elif case == THREE_LLAMAS:  # D3a: return the highest chip, nothing else
            chip = highest_chip(self.points[seat])
            if chip:
                self.points[seat] -= chip
                events.append(ChipReturned(seat, chip, "D3a"))
            self._pass_turn(seat)
        else:  # D3d: the whole row into the display; the round ends
            row = self.row
            events.append(Busted(seat, KINDS.codes_of(row)))
            for k in range(7):
                display[k] += row[k]
            self.hand_sizes[seat] += self.row_size
            self.row = [0] * 7
            self.row_size = 0
            return self.end_round("bust", seat, events)
        return events

    def _deal(self, deal) -> list:
        """D2: every display from the 36 player cards; the row full."""
        if not isinstance(deal, Deal):
            raise IllegalAction("bad_deal", "not_a_deal")
        if deal.discard is not None:
            raise IllegalAction("bad_deal", "dice_deal_discard")
        if not isinstance(deal.hands, (tuple, list)) or len(deal.hands) != self.n:
            raise IllegalAction("bad_deal", "dice_deal_displays", n=self.n)
        size = self.game.hand_size
        displays = []
        for seat, hand in enumerate(deal.hands):
            if not isinstance(hand, (tuple, list)) or len(hand) != size:
                raise IllegalAction("bad_deal", "dice_deal_size", seat=seat, size=size)
            for code in hand:
                if not isinstance(code, str) or code not in KINDS.index:
                    raise IllegalAction("unknown_card", card=code, game="dice")
            displays.append(KINDS.counts_of(hand))
        undealt = list(self.game.deck)
        for counts in displays:
            for k in range(7):
                undealt[k] -= counts[k]
        for k, left in enumerate(undealt):
            if left < 0:
                raise IllegalAction("bad_deal", "dice_deal_too_many", n=DECK[k] - left, card=CODES[k], most=DECK[k])
        self.start_round()
        self.displays = displays
        self.hand_sizes = [size] * self.n
        self.row = list(ROW)
        self.row_size = sum(ROW)
        self.discard_pile = [0] * 7
        self.undealt = undealt
        self.roll = None
        self.roll_counts = [0] * 7
        self.caps = (0,) * 7
        self.pending = None
        self.roller = -1
        hands = tuple(tuple(h) for h in deal.hands)
        return [RoundDealt(self.round, self.starter, hands, None, public=True)]

    # -- actions ---------------------------------------------------------
    def legal_actions(self) -> list:
        if self.to_move is None:
            return []
        pending = self.pending
        if pending is None:
            return [ROLL, QUIT]
        if pending == "discard":
            return list(discard_actions(self.caps))
        row, counts = self.row, self.roll_counts
        return [TAKES[k] for k in range(7) if row[k] and counts[k]]

    def apply(self, action, seat: int | None = None) -> list:
        if not isinstance(action, Action):
            raise not_an_action(action)
        self.check_turn(seat)
        seat = self.to_move
        kind = action.kind
        pending = self.pending
        if pending == "discard":
            if kind != "discard":
                raise IllegalAction("must_discard", rule="D3b")
            return self._discard(seat, action)
        if pending == "take":
            if kind != "take":
                raise IllegalAction("must_take", rule="D3c")
            return self._take(seat, action)
        if action == ROLL:
            self.chance = "roll"
            self.roller = seat
            self.to_move = None
            return []
        if action == QUIT:
            return self._quit(seat, [SeatQuit(seat)])
        if kind == "discard":
            raise IllegalAction("needless_discard", rule="D3b")
        if kind == "take":
            raise IllegalAction("needless_take", rule="D3c")
        raise IllegalAction("unknown_action", "not_roll_or_quit", action=action)

    def _discard(self, seat: int, action) -> list:
        if action not in discard_entry(self.caps)[1]:
            self._check_discard(seat, action)  # raises with the reason
        counts = DISCARD_COUNTS[action]
        display = self.displays[seat]
        discards = self.discard_pile
        n = 0
        for k in range(7):
            c = counts[k]
            if c:
                display[k] -= c
                discards[k] += c
                n += c
        self.hand_sizes[seat] -= n
        self.pending = None
        events = [CardsDiscarded(seat, KINDS.codes_of(list(counts)))]
        if not self.hand_sizes[seat]:
            return self.end_round("empty_hand", seat, events)  # D4, then C5
        self._pass_turn(seat)
        return events

    def _check_discard(self, seat: int, action) -> None:
        """Raise with the reason a discard (not among the legal ones) is not allowed."""
        cards = action.cards
        if not isinstance(cards, tuple):
            raise IllegalAction("bad_action", "bad_discard_cards", cards=cards)
        if not cards:
            raise IllegalAction("empty_discard", rule="D3b")
        counts = [0] * 7
        for code in cards:
            k = KINDS.index.get(code) if isinstance(code, str) else None
            if k is None:
                raise IllegalAction("unknown_card", card=code, game="dice")
            counts[k] += 1
        display = self.displays[seat]
        for k, c in enumerate(counts):
            if c > display[k]:
                raise IllegalAction("not_in_display", seat=seat_numbers.number(seat), n=display[k], card=CODES[k],
                                    wanted=c)
            if c > self.roll_counts[k]:
                raise IllegalAction("no_die", "no_dice_for_discard", rule="D3b", n=c, card=CODES[k],
                                    roll=" ".join(self.roll), shown=self.roll_counts[k])
        raise IllegalAction("bad_action", "bad_discard", action=action)

    def _take(self, seat: int, action) -> list:
        code = action.card
        k = KINDS.index.get(code) if isinstance(code, str) else None
        if k is None:
            raise IllegalAction("unknown_card", card=code, game="dice")
        if not self.row[k]:
            raise IllegalAction("not_in_row", card=code)
        if not self.roll_counts[k]:
            raise IllegalAction("no_die", rule="D3c", card=code, roll=" ".join(self.roll))
        if action != TAKES[k]:
            raise IllegalAction("bad_action", "bad_take", action=action)
        self.row[k] -= 1
        self.row_size -= 1
        self.displays[seat][k] += 1
        self.hand_sizes[seat] += 1
        self.pending = None
        events = [RowCardTaken(seat, code)]
        if not self.row_size:
            return self.end_round("row_empty", seat, events)  # D4
        self._pass_turn(seat)
        return events

    # -- a full state from the view of the seat to move (State.resample_from_view) ------------
    def _restore(self, view) -> None:
        """D1-D3: displays, the row, the discards and the last roll are public, and the undealt
        cards follow from them (the deck less what was dealt: displays and discards less the cards
        taken from the row), but for the face-down displays of the seats that quit. Whether the
        roll is still owed its discard (D3b) or take (D3c) only the seat to move's legal actions
        say, so only its view will do."""
        State._restore(self, view)
        if view.seat is None or view.to_move != view.seat:
            raise InvalidView("a dice position is rebuilt for the seat to move only")
        index = KINDS.index
        codes = [c for d in view.displays for c in d] + list(view.row) + list(view.discard_pile)
        unknown = [c for c in codes + list(view.roll or ()) if c not in index]
        if unknown or len(view.displays) != self.n:
            raise InvalidView(f"not a view of dice for {self.n} seats: {unknown[:1] or view.displays!r}")
        counts_of = KINDS.counts_of
        # a seat that quit shows its display face down (D3): its cards stay with the undealt
        # ones, as unseen, until `place_hidden` deals them (hidden_slots: how many)
        self.displays = [counts_of(d) for d in view.displays]
        self.hand_sizes = list(view.hand_sizes)
        self.row = counts_of(view.row)
        self.row_size = len(view.row)
        self.discard_pile = counts_of(view.discard_pile)
        undealt = list(self.game.deck)
        for k in range(KINDS.size):
            taken = self.game.row[k] - self.row[k]
            undealt[k] -= sum(d[k] for d in self.displays) + self.discard_pile[k] - taken
        if min(undealt) < 0:
            raise InvalidView("the view holds more cards of a kind than the 36 player cards have")
        self.undealt = undealt
        self.roll = view.roll
        self.roll_counts = counts_of(view.roll or ())
        kinds = {a.kind for a in view.legal_actions}
        self.caps = (0,) * 7
        if "discard" in kinds:
            self.pending = "discard"
            self.caps = discard_caps(self.displays[view.seat], self.roll_counts)
        elif "take" in kinds:
            self.pending = "take"
        else:
            self.pending = None
        self.roller = -1

    def hidden_slots(self) -> list[tuple[int, int]]:
        """(seat, cards its display lacks): the face-down displays of a state from a view."""
        return [(s, size - sum(d)) for s, (size, d) in enumerate(zip(self.hand_sizes, self.displays)) if size > sum(d)]

    def unseen(self) -> list[int]:
        """With face-down displays to fill: the undealt cards, theirs among them."""
        return list(self.undealt) if self.hidden_slots() else []

    def place_hidden(self, cards, slots=None) -> None:
        """Deal `cards` (kinds, in order) to the face-down displays; the rest stay undealt."""
        slots = self.hidden_slots() if slots is None else slots
        if not slots:
            return
        at = 0
        for seat, need in slots:
            for kind in cards[at:at + need]:
                self.displays[seat][kind] += 1
            at += need
        undealt = [0] * KINDS.size
        for kind in cards[at:]:
            undealt[kind] += 1
        self.undealt = undealt

    # -- scoring and views -----------------------------------------------
    def penalties(self) -> list[int]:
        """D5: C7 of each display (a quit display counts too)."""
        penalty = KINDS.penalty
        return [penalty(d) for d in self.displays]

    def revealed_hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(KINDS.codes_of(d) for d in self.displays)

    def view(self, seat: int) -> View:
        return View(**self._view_common(seat), extra=tuple((f.name, f.get(self, seat)) for f in self.shape.view))


DiceGame.state_class = DiceState
