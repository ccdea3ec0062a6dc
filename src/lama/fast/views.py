"""Engine states from core States, and from what one seat sees (a lama.core View): the search
bots' starting point; and the way back, `read_fields`, which `Engine.describe` uses.

Both directions read the game's declaration (lama.core.shape: its state's `shape.fields`) and
name no game's field: a field is written where lama.fast.layout placed it, as its scope says
(a scalar, per seat, per kind, per seat and kind, or the round's moves counted per seat), its
None as `Field.none`, a named value as its index, card codes as their kinds.

The game rebuilds a core State from the view (Game.state_from_view: every public fact and the
seat's own cards), and it is written into the engine's row as it stands. In the card games the
other hands and the kinds in the draw pile are hidden, so they stay empty (0) there and a search
fills them per sample with a determinized deal; in dice nothing that matters is hidden (the
undealt cards follow from the public ones and play no part in a round). `engine.describe` of a
row written from a full State equals `engine.describe_core` of that State (tests/fast).
"""

from __future__ import annotations

from lama.core import shape as S

from . import layout as L

CHANCES = {None: L.NO_CHANCE, "deal": L.DEAL, "draw": L.DRAW, "roll": L.ROLL_DICE}


def state_from_view(view, game, st, shuffle=None) -> None:
    """Fill the state row `st` (layout.py) with what `view.seat` sees: the game rebuilds a full
    state from it (State.resample_from_view: the cards the seat cannot see placed in the order
    `shuffle(cards)` leaves them; a card game places none, they stay 0 in the row). Raises
    ValueError (the core's InvalidView) for a view the game cannot rebuild (dice: only the seat
    to move's, whose legal actions tell whether the last roll is answered)."""
    state_from_core(game.state_class.resample_from_view(game, view, shuffle), st)


def card_state_from_view(view, game, st) -> None:
    """state_from_view for a card game: the other hands and the draw pile's kinds stay 0."""
    state_from_core(game.state_from_view(view), st)


def state_from_core(state, st) -> None:
    """Fill the state row `st` with a core State: the fields every game has, then every field
    its shape declares; a field of another game holds its None (the card kernels read the magic
    chip's -1); the generator (RNG) is 0."""
    row = [0] * L.STATE_SIZE  # written as a list, copied into `st` once: a search does this every decision
    fields = state.shape.fields
    own = {f.slot for f in fields}
    for slot, f in L.FIELDS.items():
        if f.none is not None and slot not in own:
            _write_none(f, row)
    _fill_common(state, row)
    kinds = state.game.kinds
    for f in fields:
        _write(f, f.of(state), row, kinds)
    st[:] = row




def _at(f) -> int:
    return getattr(L, f.slot.upper())


def _write_none(f, st) -> None:
    at = _at(f)
    for i in range(f.size):
        st[at + i] = f.none


def _write(f, value, st, table) -> None:
    at = _at(f)
    scope = f.scope
    if scope == S.SCALAR:
        if f.size > 1 or f.codes:
            if value is None:
                _write_none(f, st)
                return
            values = [table.index[c] for c in value] if f.codes else value
            for i in range(f.size):
                st[at + i] = values[i]
        elif value is None and f.none is not None:
            st[at] = f.none
        elif f.names is not None:
            st[at] = f.names.index(value)
        else:
            st[at] = int(value)
    elif scope == S.PER_SEAT or scope == S.PER_KIND:
        for i, v in enumerate(value):
            st[at + i] = int(v)
    elif scope == S.PER_SEAT_KIND:
        for s, counts in enumerate(value):
            for kind, count in enumerate(counts):
                st[at + s * L.K_MAX + kind] = count
    elif scope == S.PER_SEAT_MOVE:
        index = table.index
        for seat, action, _top in value:
            f = index[action.card] if action.kind == "play" else L.MOVE_FLAGS[action.kind]
            st[at + seat * L.MOVE_STRIDE + f] += 1
    else:
        raise ValueError(f"no scope {scope!r}")


def read_fields(game, st) -> dict:
    """Every field the game's shape declares (and the engine keeps), read from the row `st`
    in the core's terms but card codes, which stay kinds; `core_fields(state)` is its twin."""
    n, k = game.players, game.kinds.size
    found = {}
    for f in game.state_class.shape.fields:
        if not f.compared:
            continue
        at = _at(f)
        scope = f.scope
        if scope == S.SCALAR:
            values = [int(st[at + i]) for i in range(f.size)]
            if f.none is not None and values[0] == f.none:
                value = None
            elif f.size > 1 or f.codes:
                value = tuple(values)
            elif f.names is not None:
                value = f.names[values[0]]
            else:
                value = values[0]
        elif scope == S.PER_SEAT:
            value = [int(st[at + s]) for s in range(n)]
        elif scope == S.PER_KIND:
            value = [int(st[at + i]) for i in range(k)]
        elif scope == S.PER_SEAT_KIND:
            value = [[int(st[at + s * L.K_MAX + i]) for i in range(k)] for s in range(n)]
        else:  # PER_SEAT_MOVE
            value = [[int(st[at + s * L.MOVE_STRIDE + i]) for i in range(L.MOVE_STRIDE)] for s in range(n)]
        found[f.name] = value
    return found


def core_fields(state) -> dict:
    """The same dict as `read_fields`, from a core State."""
    game = state.game
    kinds = game.kinds
    found = {}
    for f in state.shape.fields:
        if not f.compared:
            continue
        value = f.of(state)
        scope = f.scope
        if scope == S.SCALAR:
            if value is not None and (f.size > 1 or f.codes):
                value = tuple(kinds.index[c] for c in value) if f.codes else tuple(value)
            elif type(value) is bool:
                value = int(value)
        elif scope == S.PER_SEAT or scope == S.PER_KIND:
            value = [int(v) for v in value]
        elif scope == S.PER_SEAT_KIND:
            value = [list(counts) for counts in value]
        else:  # PER_SEAT_MOVE
            moves = [[0] * L.MOVE_STRIDE for _ in range(game.players)]
            for seat, action, _top in value:
                moves[seat][kinds.index[action.card] if action.kind == "play" else L.MOVE_FLAGS[action.kind]] += 1
            value = moves
        found[f.name] = value
    return found


def _fill_common(state, st) -> None:
    """What every game of the family holds alike: whose turn, what chance resolves, the round,
    its starter (C4), points, quits, the game's end (C6) and how the last round ended."""
    st[L.TO_MOVE] = -1 if state.to_move is None else state.to_move
    st[L.ROUND] = state.round
    st[L.CHANCE] = CHANCES[state.chance]
    st[L.FINISHED] = int(state.finished)
    for s in state.winners:
        st[L.WINNERS] |= 1 << s
    for s in range(state.n):
        st[L.POINTS + s] = state.points[s]
        st[L.QUIT + s] = int(state.quit[s])
    st[L.N_IN] = state.n_in
    st[L.STARTER] = state.starter
    st[L.ENDER] = -1
    if state.history:
        st[L.ENDED_BY] = L.ENDED_BY_NAMES.index(state.history[-1].ended_by)
        st[L.ENDER] = state.history[-1].ender
