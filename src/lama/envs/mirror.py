"""An Encoder's values for one state, kept up to date move by move (Mirror): what the AEC
environment reads a seat's observation from, the same vector as Encoder.encode."""

from __future__ import annotations

import numpy as np

from lama.core.events import CardDrawn, CardPlayed, CardsDiscarded, DiceRolled, RowCardTaken

from .observation import Encoder


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
