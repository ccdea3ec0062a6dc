"""L.A.M.A. Kadabra (rules K1–K11): lama plus double cards, the magic chip and the stage.

The deck is data (lama/data/kadabra-deck.json, K1, replaceable with option
`deck`); the rest is a few hooks on the card-game core (CardState): what a
played card does (K4, K6, K8), the forced draw of a rectangle (K5), the skip
(K7), the magic show (K9) and the magic chip at scoring (K11).

Points are chips held (C3: p // 10 blacks and p % 10 whites). The stage holds
chips, counted as (whites, blacks) and never exchanged. The magic chip is not
in anyone's points: it is worth 10 only at scoring.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from lama.core import (
    DRAW,
    QUIT,
    CardGame,
    CardKinds,
    CardState,
    Event,
    IllegalAction,
    play,
)
from lama.core import seats as seat_numbers
from lama.core.actions import SKIP, TAKE_STAGE
from lama.core.game import deck_from_map as card_deck_from_map
from lama.core.game import deck_option
from lama.core.jsonform import is_int
from lama.core.shape import SEAT, SEAT_OR_NONE, Field, MoveKind, Observed, Shape, ViewField
from lama.core.words import N_

from .kadabra_words import CONTROLS, MARKS, NOTES, SENTENCES, ZONES
from .stage import (
    SHOW_OBSERVED,
    SHOW_VIEW,
    STAGE_CHANGES,
    STAGE_FIELDS,
    STAGE_OBSERVED,
    STAGE_POINTS_MOVED,
    STAGE_VIEW,
    TAKE_STAGE_MOVE,
    ChipStaged,
    StageState,
    StageTaken,
)

# Table order is the order of a sorted hand (codes_of): 1, 2, 2*, 2+, 2/3, 3, ...
CODES = (
    "1", "2", "2*", "2+", "2/3", "3", "3*", "3+", "4", "4*", "4+", "4/5",
    "5", "5*", "5+", "6", "6*", "6+", "L",
)
KINDS = CardKinds(CODES)
ONE = KINDS.index["1"]
LLAMA_KIND = KINDS.index["L"]
STAR = tuple(card.effect == "star" for card in KINDS.cards)  # K6
RECTANGLE = tuple(card.effect == "rectangle" for card in KINDS.cards)  # K5 (`+` read as kadabra reads it)
MAGIC_POINTS = 10  # K11
CHIP_POINTS = {"white": 1, "black": 10, "magic": 0}  # the points a chip carries (C3; the magic chip: none)
def deck_from_map(deck, source: str = "deck") -> tuple[int, ...]:
    """A deck map (code -> count) as counts per kind in table order; InvalidOption if bad (K1:
    the map replaces the whole deck, a code it leaves out has no cards)."""
    return card_deck_from_map(deck, KINDS, source)


def _load_default_deck() -> tuple[int, ...]:
    text = resources.files("lama").joinpath("data", "kadabra-deck.json").read_text(encoding="utf-8")
    return deck_from_map(json.loads(text), "the provisional deck (kadabra-deck.json)")


DEFAULT_DECK = _load_default_deck()  # K1, provisional


# -- events: chips changing hands (all public, so for_seat is the default); each says how a
# record writes it and the points it moves (lama.core.events.Event) --
@dataclass(frozen=True, slots=True)
class ChipGiven(Event):
    """K4: after a played 1, `seat` gave a chip ("white", "magic" or "black") to `to`."""

    seat: int
    to: int
    chip: str

    def points_moved(self):
        points = CHIP_POINTS[self.chip]
        return ((self.seat, -points), (self.to, points))


@dataclass(frozen=True, slots=True)
class MagicChipTaken(Event):
    """K6: a star moved the magic chip to `seat` from `source` (a seat, or None: the centre)."""

    seat: int
    source: int | None


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """K7: `seat` used the magic chip to skip its turn; the chip is back in the centre."""

    seat: int

    def to_record(self):
        return {"seat": self.seat, "skip": True}


@dataclass(frozen=True, slots=True)
class MagicChipScored(Event):
    """K11: at scoring `seat` held the magic chip: 10 points, and the chip goes to the centre."""

    seat: int

    def bonus(self):
        return ((self.seat, MAGIC_POINTS),)


class KadabraState(StageState):
    """The stage (K8, K9) is StageState's (lama.games.stage); the rest is Kadabra's own."""

    __slots__ = ("magic_chip", "forced")

    start_points = 3  # K2

    def __init__(self, game):
        super().__init__(game)
        self.magic_chip: int | None = None  # the seat holding the magic chip; None: the centre (K2)
        self.forced = False  # the pending draw is a K5 forced draw

    def _copy_from(self, other):
        StageState._copy_from(self, other)
        self.magic_chip = other.magic_chip
        self.forced = other.forced

    def _restore(self, view) -> None:
        """K2, K5, K7, K9: the stage, the magic chip and a pending forced draw are public."""
        StageState._restore(self, view)
        self.magic_chip = view.magic_chip
        self.forced = view.forced_draw is not None
        if self.forced:  # K5: the forced draw is resolved by chance before the seat's turn
            self.chance = "draw"
            self.drawer = view.forced_draw
            self.to_move = None

    # -- public facts ------------------------------------------------------
    @property
    def forced_draw(self) -> int | None:
        """K5: the seat that must draw before its turn, while that draw is pending."""
        return self.drawer if self.forced and self.chance == "draw" else None

    @property
    def chance_before_turn(self) -> int | None:
        """K5: the forced draw comes before its seat's turn."""
        return self.forced_draw

    def _receivers(self, seat: int) -> list[int]:
        """K4: the seats that may receive a chip from `seat` (still in, not itself)."""
        quit = self.quit
        return [t for t in range(self.n) if t != seat and not quit[t]]

    def _has_chip_to_give(self, seat: int) -> bool:
        return self.points[seat] > 0 or self.magic_chip == seat

    # -- legal actions -----------------------------------------------------
    def legal_actions(self) -> list:
        seat = self.to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        kinds = self.game.kinds
        if self.show:  # K9: an L, take the stage, or skip
            actions = self.show_actions(seat)
            if self.magic_chip == seat:
                actions.append(SKIP)
            return actions
        plays = kinds.play_actions
        actions = []
        for k in kinds.playable_on[self.top]:
            if hand[k]:
                if k == ONE and self._has_chip_to_give(seat):
                    receivers = self._receivers(seat)
                    if receivers:
                        actions.extend(GIVE_ACTIONS[t] for t in receivers)
                        continue
                actions.append(plays[k])
        if self.pile_size and self.n_in > 1:
            actions.append(DRAW)
        if self.magic_chip == seat:
            actions.append(SKIP)
        actions.append(QUIT)
        return actions

    # -- checks (hooks of CardState) ---------------------------------------
    def check_play(self, seat: int, kind: int, action) -> None:
        kinds = self.game.kinds
        if self.show:
            self.check_show_play(kind, action)
            return
        if kind not in kinds.playable_sets[self.top]:
            raise IllegalAction("cannot_play", rule="K3", card=action.card, top=kinds.codes[self.top])
        give = action.give
        if kind != ONE:
            if give is not None:
                raise IllegalAction("needless_give", rule="K4")
            return
        receivers = self._receivers(seat)
        if not self._has_chip_to_give(seat) or not receivers:
            if give is not None and not self._has_chip_to_give(seat):
                raise IllegalAction("needless_give", "no_chip_to_give", rule="K4", seat=seat_numbers.number(seat))
            if give is not None:
                raise IllegalAction("needless_give", "alone_in_round", rule="K4", seat=seat_numbers.number(seat))
            return
        if give is None:
            raise IllegalAction("missing_give", rule="K4", seats=_numbers(receivers))
        if not is_int(give) or give not in receivers:
            seats = _numbers(receivers)
            if not is_int(give) or not 0 <= give < self.n:
                raise IllegalAction("bad_give", "no_such_seat", rule="K4", give=give, seats=seats)
            if give == seat:
                raise IllegalAction("bad_give", "give_to_self", rule="K4", seats=seats)
            raise IllegalAction("bad_give", "give_to_quitter", rule="K4", seat=seat_numbers.number(give), seats=seats)

    # -- moves beyond play / draw / quit (hook of CardState) ----------------
    def other_move(self, seat: int, action) -> list:
        kind = action.kind
        if kind == "skip":
            return self._skip(seat)
        return StageState.other_move(self, seat, action)

    def _skip(self, seat: int) -> list:
        """K7: the magic chip goes back to the centre and the turn ends."""
        if self.magic_chip != seat:
            raise IllegalAction("no_magic_chip", rule="K7", seat=seat_numbers.number(seat))
        self.magic_chip = None
        self._pass_turn(seat)
        return [Skipped(seat)]

    # -- what a played card does (K10: before the round-end check) --------
    def card_effect(self, seat: int, kind: int, action, events: list) -> None:
        points = self.points
        if kind == ONE:  # K4 (the give was checked in check_play)
            to = action.give
            if to is None:
                return
            if points[seat] % 10:
                chip, value = "white", 1
            elif self.magic_chip == seat:
                chip, value = "magic", 0
            else:
                chip, value = "black", 10
            if value:
                points[seat] -= value
                points[to] += value
            else:
                self.magic_chip = to
            events.append(ChipGiven(seat, to, chip))
        elif kind == LLAMA_KIND:  # K8
            self.stage_chip(seat, events)
        elif STAR[kind] and self.magic_chip != seat:  # K6
            source = self.magic_chip
            self.magic_chip = seat
            events.append(MagicChipTaken(seat, source))

    def after_play(self, seat: int) -> None:
        """K5: after a rectangle the next seat still in (not the player) draws first."""
        if RECTANGLE[self.top] and self.pile_size:
            nxt = self.next_seat(seat)
            if nxt != seat:
                self.chance = "draw"
                self.drawer = nxt
                self.forced = True
                self.to_move = None
                return
        self._pass_turn(seat)

    # -- chance ------------------------------------------------------------
    def apply_chance(self, outcome) -> list:
        if self.chance == "draw" and self.forced:
            return self._resolve_draw(outcome, forced=True)
        return CardState.apply_chance(self, outcome)

    def after_draw(self, seat: int) -> None:
        if self.forced:  # K5: the seat now takes its turn, and may play the drawn card
            self.forced = False
            self.to_move = seat
        else:
            self._pass_turn(seat)

    # -- rounds and scoring ------------------------------------------------
    def start_round(self) -> None:
        CardState.start_round(self)
        self.forced = False  # the stage stays (K11); the magic chip was returned at scoring

    def penalties(self) -> list[int]:
        """C7, plus 10 for the holder of the magic chip (K11)."""
        penalties = CardState.penalties(self)
        if self.magic_chip is not None:
            penalties[self.magic_chip] += MAGIC_POINTS
        return penalties

    def end_round(self, ended_by: str, ender: int, events: list) -> list:
        """K11: the magic chip scores 10 and returns to the centre, then C5 and C6."""
        if self.magic_chip is not None:
            events.append(MagicChipScored(self.magic_chip))
        events = CardState.end_round(self, ended_by, ender, events)
        self.magic_chip = None
        self.forced = False
        return events

    # What Kadabra adds to the card games' state, View and moves (K2, K5, K7, K9)
    shape = CardState.shape + Shape(
        fields=(
            Field("magic_chip", none=-1),  # None: the centre
            *STAGE_FIELDS,
            Field("forced"),  # the pending draw is a K5 forced draw
        ),
        view=(
            STAGE_VIEW,
            ViewField("magic_chip", lambda s, seat: s.magic_chip),  # the seat holding it; None: the centre
            SHOW_VIEW,
            ViewField("forced_draw", lambda s, seat: s.forced_draw),  # K5: the seat that must draw first
        ),
        moves=(MoveKind("skip", event="Skipped"), TAKE_STAGE_MOVE),
        observed=(
            STAGE_OBSERVED,
            Observed("magic_chip", SEAT_OR_NONE),  # the first entry: in the centre
            SHOW_OBSERVED,
            Observed("forced_draw", SEAT),
        ),
        changes=(
            ("CardPlayed", ("forced_draw",)), ("CardDrawn", ("forced_draw",)),
            ("ChipGiven", ("points", "magic_chip")), *STAGE_CHANGES, ("MagicChipTaken", ("magic_chip",)),
            ("Skipped", ("magic_chip",)), ("MagicChipScored", ()), ("RoundScored", ("magic_chip", "forced_draw")),
        ),
        points_moved=(("ChipGiven", ChipGiven.points_moved), *STAGE_POINTS_MOVED),  # K4, K8, K9
        # skips and stage takes: each needs a card played (or the first), K7 and K9
        more_moves=lambda game: sum(game.deck) + 1,
    )


# K4: one action per receiving seat (seats 0..5)
GIVE_ACTIONS = tuple(play("1", give=t) for t in range(6))




class KadabraGame(CardGame):
    id = "kadabra"
    name = N_("L.A.M.A. Kadabra")
    tagline = N_("L.L.A.M.A. with magic: cards that do something, chips to give, a stage and a magic chip.")
    rules_file = "rules/kadabra.md"
    extra_options = CardGame.extra_options + (deck_option(CODES, "K1", "data/kadabra-deck.json"),)
    kinds = KINDS
    deck = DEFAULT_DECK
    card_effects = True  # K4-K11
    controls, marks, zones, notes = CONTROLS, MARKS, ZONES, NOTES  # how people see and make its parts
    sentences = SENTENCES  # what the terminal and the page say of its events
    state_class = KadabraState

    record_moves = "lama.record.moves_kadabra:KADABRA_MOVES"
    heuristic = "lama.bots.heuristic_kadabra:choose"
    heuristic_moves = "lama.bots.heuristic_kadabra:plain_moves"
    determinizer = "lama.bots.determinize:card_sampler"  # the state restores the stage, the magic chip, a forced draw
    rollout_policy = "lama.bots.heuristic_kadabra:fast_action"
    compiled_search = "lama.bots.compiled.cards:evaluate_view"
    compiled_duel = "lama.bots.compiled.cards:Duel"
    hard_samples = 3000

    def all_actions(self) -> tuple:
        """The card games' ids, then skip, take the stage, and a played 1 giving its chip
        to each seat (K4; the give to oneself is never legal but keeps the ids seat-free)."""
        return CardGame.all_actions(self) + (SKIP, TAKE_STAGE) + GIVE_ACTIONS[:self.players]


__all__ = [
    "CODES", "DEFAULT_DECK", "KadabraGame", "KadabraState", "ChipGiven", "ChipStaged",
    "MagicChipScored", "MagicChipTaken", "Skipped", "StageTaken", "deck_from_map",
]


def _numbers(seats) -> str:
    """Seats as people number them (from 1), for a message: `2, 4`."""
    return ", ".join(str(seat_numbers.number(s)) for s in seats)
