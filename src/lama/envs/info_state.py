"""The information state (`observation="info_state"`): the summary observation (observation.Encoder),
then this round's moves in order, as the observing seat saw them (InfoEncoder), with the seat's
record of the round (InfoTracker) and its incremental twin (InfoMirror); and the environments'
`observation` option that chooses between the two (encoder_of)."""

from __future__ import annotations

import numpy as np

from lama.core.actions import DRAW, QUIT, Action, discard, take
from lama.core.actions import ROLL as ROLL_DICE

from .observation import BYTE, Encoder, Segment

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
