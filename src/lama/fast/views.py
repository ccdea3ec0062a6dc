"""Engine states from core States, and from what one seat sees (a lama.core View): the search
bots' starting point.

The game rebuilds a core State from the view (Game.state_from_view: every public fact and the
seat's own cards), and it is written into the engine's row as it stands. In the card games the
other hands and the kinds in the draw pile are hidden, so they stay empty (0) there and a search
fills them per sample with a determinized deal; in dice nothing that matters is hidden (the
undealt cards follow from the public ones and play no part in a round). `engine.describe` of a
row written from a full State equals `engine.describe_core` of that State (tests/fast).
"""

from __future__ import annotations

from . import layout as L

CHANCES = {None: L.NO_CHANCE, "deal": L.DEAL, "draw": L.DRAW, "roll": L.ROLL_DICE}
MOVE_FLAGS = {"draw": L.MOVE_DRAW, "quit": L.MOVE_QUIT, "skip": L.MOVE_SKIP, "take_stage": L.MOVE_TAKE_STAGE}
PENDING = {None: L.NO_ANSWER, "discard": L.ANSWER_DISCARD, "take": L.ANSWER_TAKE}


def card_state_from_view(view, game, st) -> None:
    """Fill the state row `st` (layout.py) with what `view.seat` sees of a card game (C1-C7,
    L1-L5, K2-K11): the seat's own hand, the others' hand sizes, the top card, the pile's size,
    the discard pile, points, quits, this round's moves, the stage and the magic chip. The
    other hands and PILE's kinds stay 0; the generator (RNG) is 0 too."""
    card_state_from_core(game.state_from_view(view), st)


def dice_state_from_view(view, game, st, shuffle=None) -> None:
    """Fill the state row `st` with what the seat to move sees of L.A.M.A. Dice (D1-D5): the
    displays, the llama row, the last roll, the discards, the undealt cards, points and quits,
    and, from its legal actions, whether it owes the roll an answer (D3b: the caps of a discard;
    D3c: a take). The face-down displays of seats that quit (D3) are dealt from the cards it
    cannot see, in the order `shuffle(cards)` leaves them (State.resample_from_view). Raises
    ValueError (the core's InvalidView) for a view whose seat is not to move: only its legal
    actions tell whether the last roll is answered."""
    dice_state_from_core(game.state_class.resample_from_view(game, view, shuffle), st)


def card_state_from_core(state, st) -> None:
    """Fill the state row `st` with a core CardState (hands, pile, discards, moves, the top card;
    kadabra's stage, magic chip and forced draw); the generator (RNG) is 0."""
    game = state.game
    table = game.table
    for i in range(L.STATE_SIZE):
        st[i] = 0
    _fill_common(state, st)
    st[L.TOP] = state.top
    st[L.PILE_SIZE] = state.pile_size
    st[L.DRAWER] = state.drawer
    st[L.MAGIC_CHIP] = -1
    if game.card_effects:  # K2, K5, K7
        st[L.MAGIC_CHIP] = -1 if state.magic_chip is None else state.magic_chip
        st[L.STAGE_WHITES], st[L.STAGE_BLACKS] = state.stage_whites, state.stage_blacks
        st[L.FORCED] = int(state.forced)
    for s, hand in enumerate(state.hands):
        _put(st, L.HANDS + s * L.K_MAX, hand)
    _put(st, L.PILE, state.pile)
    _put(st, L.DISCARD_PILE, state.discard_pile)
    for seat, action, _top in state.moves:
        f = table.index[action.card] if action.kind == "play" else MOVE_FLAGS[action.kind]
        st[L.MOVES + seat * L.MOVE_STRIDE + f] += 1


def dice_state_from_core(state, st) -> None:
    """Fill the state row `st` with a core DiceState (displays, the row, the undealt cards, the
    discards, the last roll and the answer it is owed); the generator (RNG) is 0."""
    for i in range(L.STATE_SIZE):
        st[i] = 0
    _fill_common(state, st)
    for s, display in enumerate(state.displays):
        _put(st, L.HANDS + s * L.K_MAX, display)
    _put(st, L.PILE, state.undealt)  # D2: the undealt cards
    st[L.PILE_SIZE] = sum(state.undealt)
    _put(st, L.ROW, state.row)
    st[L.ROW_SIZE] = state.row_size
    _put(st, L.DISCARD_PILE, state.discard_pile)
    st[L.ROLLER] = state.roller
    index = state.game.table.index
    for die in range(3):
        st[L.ROLL + die] = -1 if state.roll is None else index[state.roll[die]]
    _put(st, L.ROLL_COUNTS, state.roll_counts)
    _put(st, L.CAPS, state.caps)
    st[L.PENDING] = PENDING[state.pending]


def _put(st, at: int, counts) -> None:
    for kind, count in enumerate(counts):
        st[at + kind] = count


def _fill_common(state, st) -> None:
    """What every game of the family holds alike: whose turn, what chance resolves, the round,
    its starter (C4), points, quits, sizes, the game's end (C6) and how the last round ended."""
    st[L.TO_MOVE] = -1 if state.to_move is None else state.to_move
    st[L.ROUND] = state.round
    st[L.CHANCE] = CHANCES[state.chance]
    st[L.FINISHED] = int(state.finished)
    for s in state.winners:
        st[L.WINNERS] |= 1 << s
    for s in range(state.n):
        st[L.POINTS + s] = state.points[s]
        st[L.QUIT + s] = int(state.quit[s])
        st[L.HAND_SIZES + s] = state.hand_sizes[s]
    st[L.N_IN] = state.n_in
    st[L.STARTER] = state.starter
    st[L.ENDER] = -1
    if state.history:
        st[L.ENDED_BY] = L.ENDED_BY_NAMES.index(state.history[-1].ended_by)
        st[L.ENDER] = state.history[-1].ender
