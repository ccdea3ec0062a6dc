"""The observation: what one seat may see, as one flat float32 vector.

`Encoder(game)` turns a seat's `View` into a vector whose size depends only on the game and
the player count (`encoder.size`; `encoder.low` and `encoder.high` bound every entry, and
`encoder.segments` names each feature's slice). `encode(view)` is the definition: it reads
nothing but the view, so nothing a seat may not see can reach the vector. `encode_state(state,
seat)` computes the same vector straight from a state's public fields, fast enough for the
environments' inner loop; the tests hold it equal to `encode(state.view(seat))` at every
decision of random games, and show that neither changes when the hidden cards are dealt anew.

Seats are in relative order: entry 0 of every per-seat feature is the observing seat itself,
entry 1 the next seat in turn order (seat + 1), and so on, so one policy can play any seat.
n is the player count, K the number of card kinds (7 in lama, komarami and dice: `1` to `6`
and `L`; 19 in kadabra, in the order of its action ids: `1` `2` `2*` `2+` `2/3` `3` ... `6+`
`L`). Counts are whole numbers stored as floats.

The card games (lama, komarami, kadabra), in this order:

| feature | size | value |
| --- | --- | --- |
| hand | K | own hand: cards of each kind |
| top | K | the top card of the discard pile, one-hot (all 0 before the first deal) |
| hand_sizes | n | cards in each seat's hand (relative order) |
| points | n | each seat's points divided by the target, capped at 3 |
| quit | n | 1 if the seat has quit this round |
| to_move | n | one-hot: the seat to move (all 0 while chance is pending or the game is over) |
| pile_size | 1 | cards left in the draw pile |
| discard_pile | K | cards of each kind on the discard pile this round (the first face-up card too) |
| moves | n x (K + E) | this round's public moves, per seat: plays of each kind, then draws and quits (and in kadabra skips and stage takes: E = 4, else 2) |
| stage | 2 | kadabra: white and black chips on the stage (each capped at 255) |
| magic_chip | 1 + n | kadabra, one-hot: in the centre, or held by a seat (relative order) |
| show | 1 | kadabra: 1 while a magic show runs (K9) |
| forced_draw | n | kadabra, one-hot: the seat that must draw before its turn (K5), all 0 if none |

Dice (its cards are all public: every display, the llama row and the discards):

| feature | size | value |
| --- | --- | --- |
| displays | n x 7 | cards of each kind in each seat's display (own display first) |
| hand_sizes | n | cards in each display |
| points | n | points divided by the target, capped at 3 |
| quit | n | 1 if the seat has quit this round |
| to_move | n | one-hot: the seat to move |
| discard_pile | 7 | cards of each kind discarded this round |
| row | 7 | the llama row: cards of each kind left in it |
| roll | 3 x 7 | the last roll this round, per die one-hot of the face shown (all 0 before it) |
| dice | 3 x 7 | per die, how many of its six faces show each kind (the dice in play) |

Sizes: lama and komarami 3n + 4 + 3*7 + n(7 + 2) = 12n + 25 (73 at 4 players); kadabra
4n + 4 + 3*19 + 4 + n(19 + 4) = 27n + 65 (173 at 4); dice 11n + 56 (100 at 4).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

POINTS_CAP = 3.0  # points / target above this read as this
BYTE = 255  # every other entry is a count from 0 to 255 (decks hold at most 200 cards)
FLAGS = ("draw", "quit", "skip", "take_stage")  # the per-seat move counts after the plays


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
    `encode_state(state, seat)` give the same float32 vector of length `size`."""

    def __init__(self, game):
        self.game = game
        self.players = n = game.players
        self.target = game.target
        actions = [game.action_of(i) for i in range(game.num_distinct_actions())]
        kinds = [a.kind for a in actions]
        self.dice_game = "roll" in kinds
        self.kadabra = "take_stage" in kinds
        card_kind = "take" if self.dice_game else "play"
        codes = []
        for a in actions:
            if a.kind == card_kind and a.give is None and a.card not in codes:
                codes.append(a.card)
        self.codes = tuple(codes)
        self.kind_of = {c: i for i, c in enumerate(codes)}
        k = self.K = len(codes)
        deck = _deck(game)
        total = sum(deck) if deck else BYTE
        self.flags = tuple(f for f in FLAGS if f in kinds) if not self.dice_game else ()
        self.F = k + len(self.flags)  # per-seat move counters
        # feature index of each action in a seat's move counters
        self.move_feature = {}
        for a in actions:
            if a.kind == "play":
                self.move_feature[a] = self.kind_of[a.card]
            elif a.kind in self.flags:
                self.move_feature[a] = k + self.flags.index(a.kind)

        segments: list[Segment] = []

        def add(name, size, high):
            start = segments[-1].start + segments[-1].size if segments else 0
            segments.append(Segment(name, start, size, float(high)))

        kind_high = max(deck) if deck else BYTE
        if self.dice_game:
            add("displays", n * k, total)
            add("hand_sizes", n, total)
            add("points", n, POINTS_CAP)
            add("quit", n, 1)
            add("to_move", n, 1)
            add("discard_pile", k, kind_high)
            add("row", k, max(getattr(game, "row", ()) or (BYTE,)))
            add("roll", 3 * k, 1)
            add("dice", 3 * k, 6)
        else:
            add("hand", k, kind_high)
            add("top", k, 1)
            add("hand_sizes", n, total)
            add("points", n, POINTS_CAP)
            add("quit", n, 1)
            add("to_move", n, 1)
            add("pile_size", 1, total)
            add("discard_pile", k, kind_high)
            add("moves", n * self.F, total)
            if self.kadabra:
                add("stage", 2, BYTE)
                add("magic_chip", n + 1, 1)
                add("show", 1, 1)
                add("forced_draw", n, 1)
        self.segments = tuple(segments)
        self.segment = {s.name: s for s in segments}
        self.size = segments[-1].start + segments[-1].size
        high = np.zeros(self.size, dtype=np.float32)
        for s in segments:
            high[s.slice] = s.high
        self.low = np.zeros(self.size, dtype=np.float32)
        self.high = high
        self._points = self.segment["points"].slice

        # precomputed pieces of the fast path
        self._onehot_k = [[0] * k for _ in range(k)] + [[0] * k]  # index -1: none
        for i in range(k):
            self._onehot_k[i][i] = 1
        # to_move / forced_draw one-hot in relative order: [me][seat] (seat None -> all 0)
        self._rel_onehot = [{None: [0] * n, -1: [0] * n} for _ in range(n)]
        self._magic = [{None: [1] + [0] * n} for _ in range(n)]
        for me in range(n):
            for s in range(n):
                v = [0] * n
                v[(s - me) % n] = 1
                self._rel_onehot[me][s] = v
                self._magic[me][s] = [0] + v
            self._magic[me][-1] = self._magic[me][None]
        self._fast = self._fast_ok(game)
        self._moves_list = None  # the state's move list the counters were made from
        self._moves_seen = 0
        self._move_counts: list[int] = []
        if self.dice_game:
            self._dice_faces = self._faces(game.dice)
            self._roll_onehot: dict = {None: [0] * (3 * k)}

    # -- the definition: from a view ---------------------------------------------------------
    def encode(self, view) -> np.ndarray:
        """The observation of `view` (a lama.core.View of this game, for a seat)."""
        n, me = self.players, view.seat
        order = [(me + r) % n for r in range(n)]
        kind_of, k = self.kind_of, self.K
        rel = self._rel_onehot[me]
        ints: list[int] = []
        if self.dice_game:
            for s in order:
                ints += self._counts(view.displays[s])
            ints += [view.hand_sizes[s] for s in order]
            ints += [0] * n  # points, written below
            ints += [int(view.quit[s]) for s in order]
            ints += rel[view.to_move]
            ints += self._counts(view.discard_pile)
            ints += self._counts(view.row)
            ints += self._roll(view.roll)
            ints += self._faces(view.dice)
        else:
            ints += self._counts(view.hand)
            ints += self._onehot_k[kind_of[view.top] if view.top is not None else -1]
            ints += [view.hand_sizes[s] for s in order]
            ints += [0] * n
            ints += [int(view.quit[s]) for s in order]
            ints += rel[view.to_move]
            ints.append(view.pile_size)
            ints += self._counts(view.discard_pile)
            counts = [[0] * self.F for _ in range(n)]
            feature = self.move_feature
            for seat, action, _top in view.moves:
                counts[seat][feature[action]] += 1
            for s in order:
                ints += counts[s]
            if self.kadabra:
                ints += [min(c, BYTE) for c in view.stage]
                ints += self._magic[me][view.magic_chip]
                ints.append(int(view.show))
                ints += rel[view.forced_draw]
        return self._finish(ints, [view.points[s] for s in order])

    def _counts(self, codes) -> list[int]:
        counts = [0] * self.K
        for c in codes:
            counts[self.kind_of[c]] += 1
        return counts

    def _roll(self, roll) -> list[int]:
        out = self._roll_onehot.get(roll)
        if out is None:
            out = [0] * (3 * self.K)
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
        obs = np.frombuffer(bytes(ints), dtype=np.uint8).astype(np.float32)
        inv, cap = 1.0 / self.target, POINTS_CAP
        obs[self._points] = [p * inv if p * inv < cap else cap for p in points]
        return obs

    # -- the same, fast: from a state's public fields ----------------------------------------
    def _fast_ok(self, game) -> bool:
        """The fast path reads the core's state fields; it serves only games whose card table
        it recognises (anything else goes through the view)."""
        table = getattr(game, "table", None)
        return getattr(table, "codes", None) == self.codes

    def encode_state(self, state, seat: int) -> np.ndarray:
        """`encode(state.view(seat))`, computed from the state's public fields only."""
        if not self._fast:
            return self.encode(state.view(seat))
        if self.dice_game:
            return self._encode_dice(state, seat)
        me, n = seat, self.players
        sizes, quit, points = state.sizes, state.quit, state.points
        rel = self._rel_onehot[me]
        to_move = state.to_move
        ints = (state.hands[me] + self._onehot_k[state.top] + sizes[me:] + sizes[:me] + [0] * n
                + [1 if q else 0 for q in quit[me:] + quit[:me]] + rel[to_move] + [state.pile_size]
                + state.discards)
        counts = self._moves(state)
        at = me * self.F
        ints += counts[at:]
        ints += counts[:at]
        if self.kadabra:
            w, b = state.stage_whites, state.stage_blacks
            ints += [w if w < BYTE else BYTE, b if b < BYTE else BYTE]
            ints += self._magic[me][state.magic]
            ints.append(1 if state.show else 0)
            ints += rel[state.forced_draw]
        return self._finish(ints, points[me:] + points[:me])

    def _moves(self, state) -> list[int]:
        """Per seat move counters (absolute seat order), kept up to date incrementally."""
        moves = state.moves
        if moves is not self._moves_list or len(moves) < self._moves_seen:
            self._moves_list = moves
            self._moves_seen = 0
            self._move_counts = [0] * (self.players * self.F)
        seen = self._moves_seen
        if len(moves) > seen:
            counts, feature, f = self._move_counts, self.move_feature, self.F
            for s, action, _top in moves[seen:]:
                counts[s * f + feature[action]] += 1
            self._moves_seen = len(moves)
        return self._move_counts

    def _encode_dice(self, state, me: int) -> np.ndarray:
        n = self.players
        displays = state.displays
        ints: list[int] = []
        for r in range(n):
            ints += displays[(me + r) % n]
        sizes, quit, points = state.sizes, state.quit, state.points
        ints += sizes[me:] + sizes[:me] + [0] * n
        ints += [1 if q else 0 for q in quit[me:] + quit[:me]]
        ints += self._rel_onehot[me][state.to_move]
        ints += state.discards
        ints += state.row
        ints += self._roll(state.roll)
        ints += self._dice_faces
        return self._finish(ints, points[me:] + points[:me])

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
