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
`L`). Every entry is a whole number (stored as a float).

The card games (lama, komarami, kadabra), in this order:

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

Sizes: lama and komarami 12n + 22 (70 at 4 players), kadabra 28n + 62 (174), dice 10n + 56 (96).
Whose turn it is is not a feature: an agent is asked to act only on its own turn (the action
mask says so).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lama.core.actions import DRAW, QUIT, Action, discard, take
from lama.core.actions import ROLL as ROLL_DICE
from lama.core.events import CardDrawn, CardPlayed, CardsDiscarded, DiceRolled, RowCardTaken
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
        """The fast path reads the core's state fields; it serves only games whose card table
        it recognises (anything else goes through the view)."""
        table = getattr(game, "table", None)
        return getattr(table, "codes", None) == self.codes

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

    def mirror(self) -> Mirror:
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


class Mirror:
    """One state's seat-ordered values (Encoder.seat_values), kept up to date move by move.

    A driver that owns a state (the AEC environment) calls `reset(state)` once, `update(events)`
    after each move or chance outcome with the events the core returned, and `observe(seat)`
    for a seat's vector. The events only say which entries to read again; the values are
    always read from the state. An event it does not know or a new round make it read the
    whole state again, so it is never stale (the tests hold `observe(seat)` equal to
    `Encoder.encode(state.view(seat))` after every move of random games).

    The values sit in one float32 array, written entry by entry through a memoryview (cheap
    from Python); `observe(seat)` is that array through the seat's permutation (one numpy call).
    """

    def __init__(self, encoder: Encoder):
        self.enc = encoder
        self.values = np.zeros(encoder.seat_size, dtype=np.float32)
        self.mv = memoryview(self.values)
        self.state = None
        self.ok = False  # the values hold the state (False: a game the fast path does not know)
        self.perm = encoder._perm
        self._roll_at = encoder.seat_start.get("roll")
        self._top = -1  # the kind whose entry is set in `top` (-1: none, before the deal)
        self._roll_set: tuple[int, ...] = ()  # dice: the entries set in `roll`
        self._moves_list = None  # card games: the state's move list the counters were read from
        self._written: dict = {}  # a one-hot feature -> the list its entries were last written from
        self.update = self._update = self._updater()  # the fast path (see update())

    def reset(self, state) -> None:
        self.state = state
        self.refresh()

    def refresh(self) -> None:
        """Read the whole state again."""
        enc, state = self.enc, self.state
        self.ok = enc._fast
        if not self.ok:
            return
        values = enc.seat_values(state)
        self._written.clear()  # the one-hot features' lists last written: not known
        try:  # the usual case, fast: every entry fits a byte
            self.values[:] = np.frombuffer(bytes(values), dtype=np.uint8)
        except ValueError:
            self.values[:] = values
        if self._roll_at is not None:
            r = self._roll_at
            self._roll_set = tuple(r + i for i, v in enumerate(enc._roll(state.roll)) if v)
        else:
            self._moves_list = state.moves
            self._top = state.top

    def _rereader(self, names):
        """A function that writes the features `names` again from the state (their readers).
        A one-hot feature's reader hands out one fixed list per value: the list last written
        (`_written`, forgotten by refresh) is the entries there, not written again."""
        mv, mirror, enc, written = self.mv, self, self.enc, self._written
        parts = tuple((name, enc.seat_start[name], enc.readers[name], name in enc.one_hot) for name in names)

        def reread(e=None):
            state = mirror.state
            for name, at, read, one_hot in parts:
                values = read(state)
                if one_hot:
                    if written.get(name) is values:
                        continue
                    written[name] = values
                for i, v in enumerate(values):
                    mv[at + i] = v

        return reread

    def update(self, events, seat: int | None = None, action_id: int | None = None) -> None:
        """Bring the values up to date after a move or chance outcome that returned `events`.

        `seat` and `action_id`, if given, are the one move made since the last update (the
        action `game.action_of(action_id)`); without them the new moves are found in the
        state. The common events are written inline: this runs on every step of the
        environments' inner loop, so an instance's `update` is a closure over the positions it
        writes (`_updater`), which this method only calls."""
        return self._update(events, seat, action_id)

    def _updater(self):
        """update(), as a closure: its tables (the position of every entry it writes, by seat
        and kind) are local names, not attribute look-ups; the rarer events go to handlers
        found by the event's class name, and an event without one makes it read everything."""
        enc, mv, mirror = self.enc, self.mv, self
        n, k = enc.players, enc.K
        at = enc.seat_start
        refresh = self.refresh
        kind_of = enc.kind_of
        seats, kinds = range(n), range(k)
        size_at = [at["hand_sizes"] + s for s in seats]
        discard_at = [at["discard_pile"] + i for i in kinds]

        def unknown(e):
            return False

        # the events written below are inline; the others the game declares (Shape.changes) read
        # the features they change again, and an event no game declares makes it read everything
        handlers = {name: self._rereader(names) for name, names in enc.changes.items()}
        by_type: dict = {}  # event class -> its handler (unknown: read everything)

        def other(e, cls):
            """A rarer event, to its handler; False: read everything."""
            handler = by_type.get(cls)
            if handler is None:
                handler = by_type[cls] = handlers.get(cls.__name__, unknown)
            return handler(e)

        if "moves" not in at:  # dice: no moves counted, the roll, discards and row cards inline
            return self._dice_updater(mv, at, n, k, size_at, discard_at, kind_of, other)

        # the card games
        hand_at = [[at["hand"] + s * k + i for i in kinds] for s in seats]
        top_at = [at["top"] + i for i in kinds]
        pile = at["pile_size"]
        f = enc.F
        move_feature = enc.move_feature
        moves_at = [at["moves"] + s * f for s in seats]
        values, moves_from, moves_to = self.values, at["moves"], at["moves"] + n * f
        # counter_at[seat][action id]: the entry a move counts in (None: an action without one)
        features = [move_feature.get(enc.game.action_of(i)) for i in range(enc.game.num_distinct_actions())]
        counter_at = [[None if ft is None else base + ft for ft in features] for base in moves_at]
        # what else a card played or drawn changes in the game (Shape.changes; None: nothing)
        played = self._rereader(enc.changes["CardPlayed"]) if enc.changes.get("CardPlayed") else None
        drawn = self._rereader(enc.changes["CardDrawn"]) if enc.changes.get("CardDrawn") else None

        def update(events, seat=None, action_id=None):
            if not mirror.ok:
                return refresh()
            state = mirror.state
            for e in events:
                cls = type(e)
                if cls is CardPlayed:
                    player, top = e.seat, state.top  # the played card is the top card now
                    mv[hand_at[player][top]] = state.hands[player][top]
                    mv[size_at[player]] = state.hand_sizes[player]
                    was = mirror._top
                    if top != was:
                        if was >= 0:
                            mv[top_at[was]] = 0
                        mv[top_at[top]] = 1
                        mirror._top = top
                    mv[discard_at[top]] = state.discard_pile[top]
                    if played is not None:
                        played()
                elif cls is CardDrawn:
                    drawer, kind = e.seat, kind_of[e.card]
                    mv[hand_at[drawer][kind]] = state.hands[drawer][kind]
                    mv[size_at[drawer]] = state.hand_sizes[drawer]
                    mv[pile] = state.pile_size
                    if drawn is not None:
                        drawn()
                elif other(e, cls) is False:
                    return refresh()
            if seat is not None:  # the move just made: one more in its seat's counters
                mv[counter_at[seat][action_id]] += 1
            else:  # the moves not counted yet (every move counts once: the counters sum to those counted)
                moves = state.moves
                if moves is not mirror._moves_list:
                    return refresh()
                for s, action, _top in moves[int(values[moves_from:moves_to].sum()):]:
                    mv[moves_at[s] + move_feature[action]] += 1
            return None

        return update

    def _dice_updater(self, mv, at, n, k, size_at, discard_at, kind_of, other):
        """update() for dice (see _updater): the roll, discards and row cards inline."""
        mirror, refresh = self, self.refresh
        display_at = [[at["displays"] + s * k + i for i in range(k)] for s in range(n)]
        row_at = [at["row"] + i for i in range(k)]
        roll_at = at["roll"]
        roll_entries: dict = {}  # a roll -> the entries it sets in `roll`
        kinds_of: dict = {}  # discarded cards -> their kinds, each once

        def update(events, seat=None, action_id=None):
            if not mirror.ok:
                return refresh()
            state = mirror.state
            for e in events:
                cls = type(e)
                if cls is DiceRolled:
                    roll = state.roll or ()  # (None: a new round was dealt since)
                    entries = roll_entries.get(roll)
                    if entries is None:
                        entries = roll_entries[roll] = tuple(roll_at + i * k + kind_of[face]
                                                             for i, face in enumerate(roll))
                    was = mirror._roll_set
                    if entries != was:
                        for i in was:
                            mv[i] = 0
                        for i in entries:
                            mv[i] = 1
                        mirror._roll_set = entries
                elif cls is CardsDiscarded:
                    s = e.seat
                    cards = e.cards
                    kinds = kinds_of.get(cards)
                    if kinds is None:
                        kinds = kinds_of[cards] = tuple(sorted({kind_of[c] for c in cards}))
                    display, discards, at_s = state.displays[s], state.discard_pile, display_at[s]
                    for kind in kinds:
                        mv[at_s[kind]] = display[kind]
                        mv[discard_at[kind]] = discards[kind]
                    mv[size_at[s]] = state.hand_sizes[s]
                elif cls is RowCardTaken:
                    s, kind = e.seat, kind_of[e.card]
                    mv[display_at[s][kind]] = state.displays[s][kind]
                    mv[row_at[kind]] = state.row[kind]
                    mv[size_at[s]] = state.hand_sizes[s]
                elif other(e, cls) is False:
                    return refresh()
            return None

        return update

    def observe(self, seat: int) -> np.ndarray:
        """The vector of `seat` (Encoder.encode of its view)."""
        if not self.ok:
            return self.enc.encode(self.state.view(seat))
        return self.enc.face_down(self.values[self.perm[seat]], self.state, seat)


# -- the information state: what the seat has seen this round, in order -----------------------

OBSERVATIONS = ("summary", "info_state")  # the environments' `observation` option
WHITE_POINTS, BLACK_POINTS = 1, 10  # C3


def check_observation(observation: str) -> str:
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {', '.join(map(repr, OBSERVATIONS))}, not {observation!r}")
    return observation


def encoder_of(game, observation: str = "summary"):
    """The encoder of the environments' `observation` option: Encoder or InfoEncoder."""
    return InfoEncoder(game) if check_observation(observation) == "info_state" else Encoder(game)


class InfoEncoder:
    """The information state of `game`: the summary observation (Encoder, above), then this
    round's moves in order, as the observing seat saw them, in a fixed number of slots:

    - the summary (Encoder.size entries): hand, points, chips, ...;
    - history_size (1): the moves made this round (a move whose chance is pending, a draw or a
      roll, counts once chance has resolved it);
    - history (M x S): the moves, oldest first, one slot of S entries each; unused slots all 0.

    A slot, seats in relative order as everywhere:

    - seat (n): one-hot, the seat that moved;
    - move (F): card games: the kind played (K), then draw, quit (kadabra: skip, take_stage,
      then the seat a 1 gave a chip to, n); dice: roll, quit, the kind taken (K), the cards
      discarded (K counts);
    - seen (K; dice 3 x K): card games: the top card the move was made on, one-hot; dice: the
      roll it was made on, one-hot per die (0 before the round's first roll);
    - drawn (K, card games): the card the observing seat drew through this move, one-hot: its
      own draw, or the forced draw (K5) the rectangle just played made it take; all 0 for the
      other seats' draws;
    - chips (n, kadabra): each seat's points change by the chips this move gave, staged or took
      (K4, K8, K9).

    M bounds a card-game round's moves: every card but the first face-up one is played at most
    once, every card of the draw pile is drawn at most once, every seat quits at most once;
    kadabra adds a skip per magic chip won (a star or a 1 played, plus one) and a stage take per
    llama played (plus one). A dice round has no such bound (three llamas can be rolled again
    and again): its slots hold the last M moves, M = 2 x (the row's cards + the dealt cards) + n.

    The information state is a function of the seat's view and of the events it was shown
    (`event.for_seat(seat)`): `tracker(seat)` follows the events (`feed`), and
    `encode(view, tracker)` is the vector. Nothing else reaches it.
    """

    def __init__(self, game):
        self.game = game
        self.summary = summary = Encoder(game)
        n, k = self.players, self.K = game.players, summary.K
        shape = game.state_class.shape
        self.dice_game = game.family != "cards"  # dice: rolls, no draws
        self.num_actions = game.num_distinct_actions()
        actions = [game.action_of(i) for i in range(self.num_actions)]
        self.id_of = {a: i for i, a in enumerate(actions)}  # an event's move -> its action id
        # the game's own moves by the event that says one was made, and the points its events move
        self.move_events = {m.event: Action(m.kind) for m in shape.moves if m.event}
        self.points_moved = dict(shape.points_moved)
        self.chips = bool(self.points_moved)  # a slot's chips entries
        self.receivers = n if any(a.receiver is not None for a in actions) else 0  # a slot's receiver entries
        kind_of = summary.kind_of
        # move_features[a]: the `move` entries action id `a` sets (its receiver is relative: apart)
        self.receiver_of = [-1] * self.num_actions
        features = []
        if self.dice_game:
            f = 2 + 2 * k
            for a in actions:
                if a.kind == "roll":
                    features.append([(0, 1)])
                elif a.kind == "quit":
                    features.append([(1, 1)])
                elif a.kind == "take":
                    features.append([(2 + kind_of[a.card], 1)])
                else:
                    counts = summary._counts(a.cards)
                    features.append([(2 + k + i, c) for i, c in enumerate(counts) if c])
            seen = 3 * k
            bound = 2 * (sum(getattr(game, "row", ())) + n * game.hand_size) + n
        else:
            flags = summary.flags
            f = k + len(flags) + self.receivers
            for i, a in enumerate(actions):
                if a.kind == "play":
                    features.append([(kind_of[a.card], 1)])
                    if a.receiver is not None:
                        self.receiver_of[i] = a.receiver
                else:
                    features.append([(k + flags.index(a.kind), 1)])
            seen = k
            deck = sum(game.deck)
            pile = deck - n * game.hand_size - 1
            bound = (deck - 1) + pile + n
            if shape.more_moves is not None:
                bound += shape.more_moves(game)
        self.move_features = tuple(tuple(x) for x in features)
        self.F = f
        self.M = bound
        self.slot_fields = [("seat", n), ("move", f), ("seen", seen)]
        if not self.dice_game:
            self.slot_fields.append(("drawn", k))
        if self.chips:
            self.slot_fields.append(("chips", n))
        self.slot_at, at = {}, 0
        for name, size in self.slot_fields:
            self.slot_at[name] = at
            at += size
        self.S = at
        self.history_start = summary.size + 1
        self.size = self.history_start + self.M * self.S
        self.segments = summary.segments + (
            Segment("history_size", summary.size, 1, float(BYTE if self.dice_game else self.M)),
            Segment("history", self.history_start, self.M * self.S, 0.0))
        self.segment = {s.name: s for s in self.segments}
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        low[:summary.size], high[:summary.size] = summary.low, summary.high
        high[summary.size] = self.segments[-2].high
        slot_low, slot_high = np.zeros(self.S, dtype=np.float32), np.ones(self.S, dtype=np.float32)
        if self.dice_game:  # discarded cards: up to one per die
            move = self.slot_at["move"]
            slot_high[move + 2 + k: move + 2 + 2 * k] = 3
        if self.chips:  # a chip given or staged loses at most a black chip; a stage take gains the stage
            chips = slice(self.slot_at["chips"], self.slot_at["chips"] + n)
            slot_low[chips], slot_high[chips] = -10, 11 * BYTE
        low[self.history_start:] = np.tile(slot_low, self.M)
        high[self.history_start:] = np.tile(slot_high, self.M)
        self.low, self.high = low, high

    def __reduce__(self):
        """Pickled as its game, like the Encoder."""
        return type(self), (self.game,)

    def tracker(self, seat: int) -> InfoTracker:
        return InfoTracker(self, seat)

    def mirror(self) -> InfoMirror:
        return InfoMirror(self)

    def encode(self, view, tracker: InfoTracker) -> np.ndarray:
        """The information state of `view.seat`, whose events `tracker` was fed."""
        n, k, me = self.players, self.K, view.seat
        out = np.zeros(self.size, dtype=np.float32)
        out[:self.summary.size] = self.summary.encode(view)
        moves = tracker.moves
        out[self.summary.size] = min(tracker.count, self.segments[-2].high)
        at = self.slot_at
        for i, (seat, action, seen, drawn, chips) in enumerate(moves[-self.M:]):
            base = self.history_start + i * self.S
            out[base + at["seat"] + (seat - me) % n] = 1
            move = base + at["move"]
            for f, v in self.move_features[action]:
                out[move + f] = v
            receiver = self.receiver_of[action]
            if receiver >= 0:
                out[move + self.F - n + (receiver - me) % n] = 1
            if self.dice_game:
                for die, face in enumerate(seen):
                    out[base + at["seen"] + die * k + face] = 1
            else:
                if seen >= 0:
                    out[base + at["seen"] + seen] = 1
                if drawn >= 0:
                    out[base + at["drawn"] + drawn] = 1
            if self.chips:
                for s in range(n):
                    out[base + at["chips"] + (s - me) % n] = chips[s]
        return out


class InfoTracker:
    """One seat's record of the round so far, from the events it was shown (`feed` passes each
    through `for_seat` itself): per move (seat, action id, seen, drawn, chips), seen the top
    card's kind (dice: the roll's kinds, () before the first), drawn the kind the seat drew
    through it (-1: none, or not this seat's), chips each seat's points change by it."""

    def __init__(self, encoder: InfoEncoder, seat: int):
        self.enc = encoder
        self.seat = seat
        self.moves: list[list] = []
        self.count = 0  # moves this round (the dice keep only the last M)
        self._top = -1
        self._roll: tuple[int, ...] = ()

    def __getstate__(self) -> dict:
        """Pickled without its encoder, which the owner attaches again (`enc`)."""
        return {k: v for k, v in self.__dict__.items() if k != "enc"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.enc = None

    def __deepcopy__(self, memo):
        """A copy of the record (the encoder shared)."""
        new = InfoTracker(self.enc, self.seat)
        new.count, new._top, new._roll = self.count, self._top, self._roll
        new.moves = [[s, a, seen, drawn, chips[:]] for s, a, seen, drawn, chips in self.moves]
        return new

    def start(self, view) -> None:
        """Begin from `view` (a game just dealt, whose deal was not fed): no moves, its top."""
        self.moves, self.count, self._roll = [], 0, ()
        self._top = self.enc.summary.kind_of[view.top] if view.top is not None else -1

    def feed(self, events) -> None:
        enc, seat = self.enc, self.seat
        kind_of, ids = enc.summary.kind_of, enc.id_of
        move_events, points_moved = enc.move_events, enc.points_moved
        for event in events:
            e = event.for_seat(seat)
            name = type(e).__name__
            if name == "RoundDealt":
                self.moves, self.count, self._roll = [], 0, ()
                self._top = kind_of[e.discard] if e.discard is not None else -1
            elif name == "CardPlayed":
                self._move(e.seat, ids[e.action()])
                self._top = kind_of[e.card]
            elif name == "CardDrawn":
                if e.chosen:
                    self._move(e.seat, ids[DRAW])
                if e.card is not None:
                    self.moves[-1][3] = kind_of[e.card]
            elif name == "SeatQuit":
                self._move(e.seat, ids[QUIT])
            elif name == "DiceRolled":
                self._move(e.seat, ids[ROLL_DICE])
                self._roll = tuple(kind_of[face] for face in e.roll)
            elif name == "CardsDiscarded":
                self._move(e.seat, ids[discard(e.cards)])
            elif name == "RowCardTaken":
                self._move(e.seat, ids[take(e.card)])
            else:
                if name in move_events:  # the game's own move
                    self._move(e.seat, ids[move_events[name]])
                if name in points_moved:  # points the move moved between seats
                    chips = self.moves[-1][4]
                    for s, points in points_moved[name](e):
                        chips[s] += points

    def _move(self, seat: int, action: int) -> None:
        seen = self._roll if self.enc.dice_game else self._top
        self.moves.append([seat, action, seen, -1, [0] * self.enc.players])
        self.count += 1
        if len(self.moves) > self.enc.M:
            del self.moves[0]


class InfoMirror:
    """The information states of every seat of one state, for a driver that owns it (the AEC
    environment), with Mirror's interface: `reset(state)`, `update(events, ...)` after each
    move or chance outcome with the events the core returned, `observe(seat)`. It keeps one
    InfoTracker per seat; `ok` is False (no seat-ordered values to permute: `observe` encodes)."""

    ok = False
    values = None

    def __init__(self, encoder: InfoEncoder):
        self.enc = encoder
        self.perm = [None] * encoder.players
        self.state = None
        self.trackers: list[InfoTracker] = []

    def reset(self, state) -> None:
        self.state = state
        self.trackers = [self.enc.tracker(s) for s in range(self.enc.players)]
        for seat, tracker in enumerate(self.trackers):
            tracker.start(state.view(seat))

    def restore(self, trackers) -> None:
        """Take `trackers` (unpickled: their encoder attached here) as the seats' records."""
        for tracker in trackers:
            tracker.enc = self.enc
        self.trackers = list(trackers)

    def update(self, events, seat: int | None = None, action_id: int | None = None) -> None:
        for tracker in self.trackers:
            tracker.feed(events)

    def observe(self, seat: int) -> np.ndarray:
        return self.enc.encode(self.state.view(seat), self.trackers[seat])
