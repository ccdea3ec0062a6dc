"""The observation: what one seat may see, as one flat float32 vector.

`Encoder(game)` turns a seat's `View` into a vector whose size depends only on the game and
the player count (`encoder.size`; `encoder.low` and `encoder.high` bound every entry, and
`encoder.segments` names each feature's slice). `encode(view)` is the definition: it reads
nothing but the view, so nothing a seat may not see can reach the vector. Two fast paths give
the same vector straight from a state: `encode_state(state, seat)`, and `Mirror`, which keeps
one state's values up to date move by move for the environments' inner loop. The tests hold
both equal to `encode(state.view(seat))` at every node of random games, and show that none of
them changes when the hidden cards are dealt anew.

Seats are in relative order: entry 0 of every per-seat feature is the observing seat itself,
entry 1 the next seat in turn order (seat + 1), and so on, so one policy can play any seat.
n is the player count, K the number of card kinds (7 in lama, komarami and dice: `1` to `6`
and `L`; 19 in kadabra, in the order of its action ids: `1` `2` `2*` `2+` `2/3` `3` ... `6+`
`L`; 14 in party: `1` `1+` `2` `2+` ... `6+` `L` `P`). Every entry is a whole number (stored as a float).

The card games (lama, komarami, kadabra, party), in this order:

| feature | size | value |
| --- | --- | --- |
| hand | K | own hand: cards of each kind |
| top | K | the top card of the discard pile, one-hot (all 0 before the first deal) |
| hand_sizes | n | cards in each seat's hand |
| points | n | each seat's points (capped at 3 x the target) |
| quit | n | 1 if the seat has quit this round |
| pile_size | 1 | cards left in the draw pile |
| discard_pile | K | cards of each kind on the discard pile this round (the first face-up card too) |
| moves | n x (K + E) | this round's public moves, per seat: plays of each kind, then draws and quits (E below) |
| stage | 2 | kadabra: white and black chips on the stage (each capped at 255) |
| magic_chip | 1 + n | kadabra, one-hot: in the centre, or held by a seat |
| show | 1 | kadabra: 1 while a magic show runs (K9) |
| forced_draw | n | kadabra, one-hot: the seat that must draw before its turn (K5); all 0 if none |
| extra_turn | n | party, one-hot: the seat playing again after its plus card (P3); all 0 if none |

In `moves`, kadabra then also counts skips and stage takes: E = 4, else 2.

Dice (its cards are all public: every display, the llama row and the discards, but the display
of a seat that quit, face down for the others, D3):

| feature | size | value |
| --- | --- | --- |
| displays | n x 7 | cards of each kind in each seat's display (own display first; 0 for another seat that quit) |
| hand_sizes | n | cards in each display |
| points | n | each seat's points (capped at 3 x the target) |
| quit | n | 1 if the seat has quit this round |
| discard_pile | 7 | cards of each kind discarded this round |
| row | 7 | the llama row: cards of each kind left in it |
| roll | 3 x 7 | the last roll this round, per die one-hot of the face shown (all 0 before it) |
| dice | 3 x 7 | per die, how many of its six faces show each kind (the dice in play) |

Sizes: lama and komarami 12n + 22 (70 at 4 players), kadabra 28n + 62 (174), dice 10n + 56 (96),
party 20n + 43 (123).
Whose turn it is is not a feature: an agent is asked to act only on its own turn (the action
mask says so).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lama.core.shape import (
    BYTES,
    COUNT,
    COUNTS,
    DICE_FACES,
    DICE_SHOWN,
    FLAG,
    KIND,
    MOVES,
    OWN_COUNTS,
    PER_SEAT,
    POINTS,
    SEAT,
    SEAT_COUNTS,
    SEAT_OR_NONE,
)

POINTS_CAP = 3  # points above this many times the target read as that many
BYTE = 255  # every other entry is a count from 0 to 255 (decks hold at most 200 cards)


@dataclass(frozen=True)
class Segment:
    """One feature: its name, where it sits in the vector, and the largest value it takes."""

    name: str
    start: int
    size: int
    high: float

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


class Encoder:
    """The observation of `game` (a lama.games Game): `encode(view)` or
    `encode_state(state, seat)` give the same float32 vector of length `size`. Its features are
    the game's declared ones (`shape.observed`, lama.core.shape.Observed), in that order."""

    def __init__(self, game):
        self.game = game
        self.players = n = game.players
        self.target = game.target
        self._points_cap = POINTS_CAP * game.target
        shape = game.state_class.shape
        self.observed = shape.observed
        self.changes = shape.changed_by()  # for the Mirror
        actions = [game.action_of(i) for i in range(game.num_distinct_actions())]
        codes = []  # the card kinds, in the order of the first actions that name them
        for a in actions:
            if a.card is not None and a.card not in codes:
                codes.append(a.card)
        self.codes = tuple(codes)
        self.kind_of = {c: i for i, c in enumerate(codes)}
        k = self.K = len(codes)
        deck = _deck(game)
        total = sum(deck) if deck else BYTE
        self.flags = tuple(m.kind for m in shape.moves if m.counted)
        self.F = k + len(self.flags)  # per-seat move counters
        # feature index of each action in a seat's move counters
        self.move_feature = {}
        for a in actions:
            if a.kind == "play":
                self.move_feature[a] = self.kind_of[a.card]
            elif a.kind in self.flags:
                self.move_feature[a] = k + self.flags.index(a.kind)
        # the same by identity (move_feature keeps its keys alive, so no identity is reused): the
        # core hands out these very objects, and a look-up by value hashes a dataclass
        self._feature_by_ident = {id(a): f for a, f in self.move_feature.items()}

        kind_high = max(deck) if deck else BYTE
        # each kind's size and largest value (Observed.size: BYTES' entries, DICE_SHOWN's and DICE_FACES' dice)
        size_high = {COUNTS: (k, kind_high), OWN_COUNTS: (k, kind_high), KIND: (k, 1), PER_SEAT: (n, total),
                     POINTS: (n, self._points_cap), COUNT: (1, total), MOVES: (n * self.F, total),
                     BYTES: (1, BYTE), SEAT_OR_NONE: (1 + n, 1), SEAT: (n, 1), FLAG: (1, 1),
                     SEAT_COUNTS: (n * k, total), DICE_SHOWN: (k, 1), DICE_FACES: (k, 6)}
        segments: list[Segment] = []
        for o in self.observed:
            size, high = size_high[o.kind]
            if o.high is not None:
                high = o.high(game) if callable(o.high) else o.high
            start = segments[-1].start + segments[-1].size if segments else 0
            segments.append(Segment(o.name, start, size * o.size, float(high)))
        self.segments = tuple(segments)
        self.segment = {s.name: s for s in segments}
        self.size = segments[-1].start + segments[-1].size
        high = np.zeros(self.size, dtype=np.float32)
        for s in segments:
            high[s.slice] = s.high
        self.low = np.zeros(self.size, dtype=np.float32)
        self.high = high
        self._points = self.segment["points"].slice

        # the fast paths: every entry in seat order (all hands, absolute seats), and for each
        # observing seat one permutation that picks and orders what it may see
        self._fast = self._fast_ok(game)
        self._onehot_k = [[0] * k for _ in range(k)] + [[0] * k]  # index -1: none
        for i in range(k):
            self._onehot_k[i][i] = 1
        self._seat_onehot = {None: [0] * n, -1: [0] * n}
        for seat in range(n):
            self._seat_onehot[seat] = [1 if t == seat else 0 for t in range(n)]
        # SEAT_OR_NONE's entries, by its seat (None: nobody)
        self._seat_or_none = {s: [1 if s is None else 0] + self._seat_onehot[s] for s in (None, *range(n))}
        # the per-seat features' entries per seat (rotated into relative order)
        self.per_seat = {o.name: block for o in self.observed
                         if (block := {PER_SEAT: 1, POINTS: 1, MOVES: self.F, SEAT: 1, SEAT_COUNTS: k}.get(o.kind))}
        self.seat_start = {}  # feature -> its first index in the seat-ordered bytes
        at = 0
        for o, seg in zip(self.observed, self.segments):
            self.seat_start[seg.name] = at
            at += n * k if o.kind == OWN_COUNTS else seg.size
        self.seat_size = at
        self._perm = self._permutations()
        # SEAT_COUNTS features another seat's quitting hides: (first entry, entries per seat)
        self._hidden_when_quit = tuple((self.segment[o.name].start, k) for o in self.observed if o.hidden_when_quit)
        # points up to this go through the bytes: one byte each, and not above the cap
        self._byte_points = min(BYTE, self._points_cap)
        self._moves_list = None  # the state's move list the counters were made from
        self._moves_seen = 0
        self._move_counts: list[int] = []
        self._n_dice = max((o.size for o in self.observed if o.kind == DICE_SHOWN), default=0)
        self._roll_onehot: dict = {None: [0] * (self._n_dice * k)}
        self._faces_of: dict = {}
        view_fields = {f.name: f for f in shape.view}
        self.readers = {o.name: self._reader(o, view_fields.get(o.name)) for o in self.observed}
        # the features whose readers hand out one fixed list per value
        self.one_hot = {o.name for o in self.observed if o.kind in (KIND, SEAT, SEAT_OR_NONE)}
        self._readers = tuple(self.readers.values())

    def __reduce__(self):
        """Pickled as its game (the declarations' functions are no module attributes): built again."""
        return type(self), (self.game,)

    # -- the definition: from a view ---------------------------------------------------------
    def encode(self, view) -> np.ndarray:
        """The observation of `view` (a lama.core.View of this game, for a seat)."""
        n, me = self.players, view.seat
        order = [(me + r) % n for r in range(n)]
        kind_of = self.kind_of
        rel = {s: [v[(me + r) % n] for r in range(n)] for s, v in self._seat_onehot.items()}
        ints: list[int] = []
        for o in self.observed:
            v, kind = getattr(view, o.name), o.kind
            if kind in (COUNTS, OWN_COUNTS):
                ints += self._counts(v)
            elif kind == KIND:
                ints += self._onehot_k[kind_of[v] if v is not None else -1]
            elif kind == PER_SEAT:
                ints += [int(v[s]) for s in order]
            elif kind == POINTS:
                ints += [0] * n  # written below
            elif kind == COUNT:
                ints.append(v)
            elif kind == MOVES:
                counts = [[0] * self.F for _ in range(n)]
                feature = self.move_feature
                for seat, action, _top in v:
                    counts[seat][feature[action]] += 1
                for s in order:
                    ints += counts[s]
            elif kind == BYTES:
                ints += [min(c, BYTE) for c in v]
            elif kind == SEAT_OR_NONE:
                ints += [0 if v is not None else 1] + rel[v]
            elif kind == SEAT:
                ints += rel[v]
            elif kind == FLAG:
                ints.append(int(v))
            elif kind == SEAT_COUNTS:
                for s in order:
                    ints += self._counts(v[s])
            elif kind == DICE_SHOWN:
                ints += self._roll(v)
            else:  # DICE_FACES
                ints += self._faces(v)
        return self._finish(ints, [view.points[s] for s in order])

    def _counts(self, codes) -> list[int]:
        counts = [0] * self.K
        for c in codes:
            counts[self.kind_of[c]] += 1
        return counts

    def _roll(self, roll) -> list[int]:
        out = self._roll_onehot.get(roll)
        if out is None:
            out = [0] * (self._n_dice * self.K)
            for i, face in enumerate(roll):
                out[i * self.K + self.kind_of[face]] = 1
            self._roll_onehot[roll] = out
        return out

    def _faces(self, dice) -> list[int]:
        out = []
        for die in dice:
            out += self._counts(die)
        return out

    def _finish(self, ints: list[int], points: list[int]) -> np.ndarray:
        """The vector from the integer entries (relative order, points as 0) and the points."""
        obs = np.frombuffer(bytes(ints), dtype=np.uint8).astype(np.float32)
        obs[self._points] = [min(p, self._points_cap) for p in points]
        return obs

    # -- the same, fast: from a state's public fields ----------------------------------------
    def _fast_ok(self, game) -> bool:
        """The fast path reads the core's state fields; it serves only games whose card kinds
        it recognises (anything else goes through the view)."""
        kinds = getattr(game, "kinds", None)
        return getattr(kinds, "codes", None) == self.codes

    def _permutations(self) -> list[np.ndarray]:
        """perm[me][j]: where entry j of `me`'s vector sits in the seat-ordered bytes."""
        n = self.players
        perms = []
        for me in range(n):
            perm = np.empty(self.size, dtype=np.intp)
            for o, seg in zip(self.observed, self.segments):
                src = self.seat_start[seg.name]
                if o.kind == OWN_COUNTS:
                    perm[seg.slice] = np.arange(src + me * self.K, src + (me + 1) * self.K)
                elif o.kind == SEAT_OR_NONE:
                    perm[seg.start] = src
                    perm[seg.start + 1: seg.start + 1 + n] = [src + 1 + (me + r) % n for r in range(n)]
                elif seg.name in self.per_seat:
                    block = self.per_seat[seg.name]
                    for r in range(n):
                        a = src + ((me + r) % n) * block
                        perm[seg.start + r * block: seg.start + (r + 1) * block] = np.arange(a, a + block)
                else:
                    perm[seg.slice] = np.arange(src, src + seg.size)
            perms.append(perm)
        return perms

    def seat_bytes(self, state) -> list[int] | None:
        """Every entry of the state in seat order, as ints from 0 to 255 (every hand: an
        observing seat's permutation picks its own); None if the points do not fit a byte."""
        if max(state.points) > self._byte_points:
            return None
        return self.seat_values(state)

    def _reader(self, o, field):
        """A function of the core state giving feature `o`'s entries in seat order (absolute
        seats; OWN_COUNTS: every seat's), for the fast path; `field` its ViewField, read where
        the feature names no state attribute."""
        kind, attr = o.kind, o.state
        get = field.get if field is not None else None  # a public field: the same for every seat
        if kind in (OWN_COUNTS, SEAT_COUNTS):
            def read(state):
                ints = []
                for counts in getattr(state, attr):
                    ints += counts
                return ints
        elif kind == KIND:
            onehot = self._onehot_k
            def read(state):
                return onehot[getattr(state, attr)]
        elif kind == POINTS:
            cap = self._points_cap
            def read(state):
                points = getattr(state, attr)
                return [min(p, cap) for p in points] if max(points) > cap else points
        elif kind == COUNT:
            def read(state):
                return [getattr(state, attr)]
        elif kind == MOVES:
            read = self._moves
        elif kind == BYTES:
            def read(state):
                return [c if c < BYTE else BYTE for c in get(state, None)]
        elif kind == SEAT_OR_NONE:
            entries = self._seat_or_none
            def read(state):
                return entries[get(state, None)]
        elif kind == SEAT:
            entries = self._seat_onehot
            def read(state):
                return entries[get(state, None)]
        elif kind == FLAG:
            def read(state):
                return [1 if get(state, None) else 0]
        elif kind == DICE_SHOWN:
            def read(state):
                return self._roll(getattr(state, attr))
        elif kind == DICE_FACES:
            def read(state):
                dice = get(state, None)
                faces = self._faces_of.get(dice)
                if faces is None:
                    faces = self._faces_of[dice] = self._faces(dice)
                return faces
        else:  # COUNTS, PER_SEAT: the state's list as it is
            def read(state):
                return getattr(state, attr)
        return read

    def seat_values(self, state) -> list[int]:
        """Every entry of the state in seat order (every hand: an observing seat's permutation
        picks its own), as whole numbers; points capped."""
        ints = []
        for read in self._readers:
            ints += read(state)
        return ints

    def encode_state(self, state, seat: int) -> np.ndarray:
        """`encode(state.view(seat))`, computed from the state's fields: the seat-ordered bytes
        through `seat`'s permutation, which leaves out everything the seat may not see."""
        ints = self.seat_bytes(state) if self._fast else None
        try:
            data = bytes(ints) if ints is not None else None
        except ValueError:  # a count beyond a byte: never in a real game
            data = None
        if data is None:
            return self.encode(state.view(seat))
        return self.face_down(np.frombuffer(data, dtype=np.uint8)[self._perm[seat]].astype(np.float32), state, seat)

    def face_down(self, obs: np.ndarray, state, seat: int) -> np.ndarray:
        """Zero (in `obs`, `seat`'s vector) the features that hide the other seats that quit
        (`Observed.hidden_when_quit`: dice's displays, D3)."""
        if self._hidden_when_quit and True in state.quit:
            n = self.players
            for start, k in self._hidden_when_quit:
                for r in range(1, n):
                    if state.quit[(seat + r) % n]:
                        obs[start + r * k:start + (r + 1) * k] = 0
        return obs

    def _moves(self, state) -> list[int]:
        """Per seat move counters (absolute seat order), kept up to date incrementally."""
        moves = state.moves
        if moves is not self._moves_list or len(moves) < self._moves_seen:
            self._moves_list = moves
            self._moves_seen = 0
            self._move_counts = [0] * (self.players * self.F)
        seen = self._moves_seen
        if len(moves) > seen:
            counts, feature, by_ident, f = self._move_counts, self.move_feature, self._feature_by_ident, self.F
            for s, action, _top in moves[seen:]:
                i = by_ident.get(id(action))
                counts[s * f + (i if i is not None else feature[action])] += 1
            self._moves_seen = len(moves)
        return self._move_counts[:]

    def mirror(self):
        """This encoder's Mirror (lama.envs.mirror: the values kept up to date move by move)."""
        from .mirror import Mirror  # (it reads this module's names)

        return Mirror(self)

    def describe(self) -> list[tuple[str, int, int]]:
        """(feature, first index, size) for every feature, in order."""
        return [(s.name, s.start, s.size) for s in self.segments]


def _deck(game) -> tuple[int, ...]:
    """Cards of each kind in the game (for the bounds): the deck, plus the llama row in dice."""
    deck = tuple(getattr(game, "deck", ()) or ())
    row = tuple(getattr(game, "row", ()) or ())
    if row and len(row) == len(deck):
        deck = tuple(d + r for d, r in zip(deck, row))
    return deck
