"""Engine states from what one seat sees (a lama.core View): the search bots' starting point.

A view holds every public fact and the seat's own cards. In the card games the other hands and
the kinds in the draw pile are hidden, so they are left empty (0) here and a search fills them
per sample with a determinized deal; in dice only the undealt cards are, which play no part in
a round. Everything else is the state the core holds (`engine.describe` of the result, with
the hidden cards filled in, equals `engine.describe_core` of the true state: tests/fast).
"""

from __future__ import annotations

from . import layout as L


def card_state_from_view(view, game, st) -> None:
    """Fill the state row `st` (layout.py) with what `view.seat` sees of a card game (C1-C7,
    L1-L5, K2-K11): the seat's own hand, the others' hand sizes, the top card, the pile's size,
    the discard pile, points, quits, this round's moves, the stage and the magic chip. The
    other hands and PILE's kinds stay 0; the generator (RNG) is 0 too."""
    table = game.table
    n = view.players
    for i in range(L.STATE_SIZE):
        st[i] = 0
    _fill_common(view, game, st)
    st[L.TOP] = -1 if view.top is None else table.index[view.top]
    st[L.PILE_SIZE] = view.pile_size
    st[L.MAGIC] = -1 if view.magic_chip is None else view.magic_chip  # K2: None is the centre
    if view.stage is not None:
        st[L.STAGE_W], st[L.STAGE_B] = view.stage
    st[L.DRAWER] = -1
    if view.to_move is None and not view.finished and view.top is not None:  # a draw is pending
        if view.forced_draw is not None:  # K5
            st[L.CHANCE], st[L.DRAWER], st[L.FORCED] = L.DRAW, view.forced_draw, 1
        elif view.moves and view.moves[-1][1].kind == "draw":
            st[L.CHANCE], st[L.DRAWER] = L.DRAW, view.moves[-1][0]
    if view.seat is not None:
        for kind, count in enumerate(table.counts_of(view.hand)):
            st[L.HANDS + view.seat * L.K_MAX + kind] = count
    for kind, count in enumerate(table.counts_of(view.discard_pile)):
        st[L.DISCARDS + kind] = count
    flag = {"draw": L.MOVE_DRAW, "quit": L.MOVE_QUIT, "skip": L.MOVE_SKIP, "take_stage": L.MOVE_TAKE_STAGE}
    for seat, action, _top in view.moves:
        f = table.index[action.card] if action.kind == "play" else flag[action.kind]
        st[L.MOVES + seat * L.MOVE_STRIDE + f] += 1
    for s in range(n):
        st[L.SIZES + s] = view.hand_sizes[s]


def dice_state_from_view(view, game, st) -> None:
    """Fill the state row `st` with what the seat to move sees of L.A.M.A. Dice (D1-D5): the
    displays, the llama row, the last roll, the discards, points and quits, and, from its
    legal actions, whether it owes the roll an answer (D3b: the caps of a discard; D3c: a
    take). Only the undealt cards' kinds are hidden (PILE stays 0); they play no part in a
    round. Raises ValueError for a view whose seat is not to move: only its legal actions
    tell whether the last roll is answered."""
    if view.seat is None or view.to_move != view.seat:
        raise ValueError("a dice view makes a state at its seat's turn only")
    table = game.table
    n = view.players
    for i in range(L.STATE_SIZE):
        st[i] = 0
    _fill_common(view, game, st)
    for s in range(n):
        st[L.SIZES + s] = view.hand_sizes[s]
        for kind, count in enumerate(table.counts_of(view.displays[s])):
            st[L.HANDS + s * L.K_MAX + kind] = count
    st[L.PILE_SIZE] = sum(game.deck) - n * game.hand_size  # D2: the undealt cards
    for kind, count in enumerate(table.counts_of(view.row)):
        st[L.ROW + kind] = count
        st[L.ROW_SIZE] += count
    for kind, count in enumerate(table.counts_of(view.discard_pile)):
        st[L.DISCARDS + kind] = count
    st[L.ROLLER] = -1
    for die in range(3):
        st[L.ROLL + die] = -1
    if view.roll is not None:
        for die, face in enumerate(view.roll):
            kind = game.face_kinds[die][face]
            st[L.ROLL + die] = kind
            st[L.ROLL_COUNTS + kind] += 1
    answer = view.legal_actions[0].kind
    if answer == "discard":  # D3b: at most what the display holds and the dice show
        st[L.PENDING] = L.ANSWER_DISCARD
        at = L.HANDS + view.seat * L.K_MAX
        for kind in range(table.size):
            st[L.CAPS + kind] = min(st[at + kind], st[L.ROLL_COUNTS + kind])
    elif answer == "take":  # D3c
        st[L.PENDING] = L.ANSWER_TAKE


def _fill_common(view, game, st) -> None:
    """What every game of the family shows alike: whose turn, the round, its starter (C4),
    points, quits, the game's end (C6) and how the last round ended."""
    n = view.players
    st[L.TO_MOVE] = -1 if view.to_move is None else view.to_move
    st[L.ROUND] = view.round
    st[L.CHANCE] = L.NO_CHANCE
    if view.to_move is None and not view.finished:
        st[L.CHANCE] = L.DEAL  # a game's family says what else chance may hold
    st[L.FINISHED] = int(view.finished)
    for s in view.winners:
        st[L.WINNERS] |= 1 << s
    for s in range(n):
        st[L.POINTS + s] = view.points[s]
        st[L.QUIT + s] = int(view.quit[s])
    st[L.N_IN] = n - sum(bool(q) for q in view.quit)
    history = view.history
    # C4: the last round's ender starts the next; a round that ended the game changes nothing
    starters = [game.first_player] + [r.ender for r in history]
    st[L.STARTER] = starters[len(history) - 1] if view.finished and history else starters[-1]
    st[L.ENDER] = -1
    if history:
        st[L.ENDED_BY] = L.ENDED_BY_NAMES.index(history[-1].ended_by)
        st[L.ENDER] = history[-1].ender
