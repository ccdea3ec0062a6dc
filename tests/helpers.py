"""Build explicit card-game states for scenario tests (never rely on a seed's deal)."""

from __future__ import annotations

from lama.games import new_game


def card_state(game_id: str = "lama", hands=(), top: str = "1", pile=None, points=None,
               to_move: int = 0, quit=(), options=None, round: int = 0):
    """A state in the middle of a round with exactly these hands, top card and draw pile.

    `hands`: one list of codes per seat. `pile`: codes in the draw pile (default: the
    rest of the deck). `quit`: seats that have quit. `points`: every seat's points.
    """
    game = new_game(game_id, len(hands), options)
    state = game.new_initial_state()
    table = game.table
    state.round = round - 1
    state.starter = to_move
    state._start_round()
    state.hands = [table.counts_of(h) for h in hands]
    state.sizes = [len(h) for h in hands]
    state.top = table.index[top]
    state.discards = table.counts_of([top])
    if pile is None:
        rest = list(game.deck)
        for h in state.hands:
            rest = [r - c for r, c in zip(rest, h)]
        rest[state.top] -= 1
        state.pile = [max(0, r) for r in rest]
    else:
        state.pile = table.counts_of(pile)
    state.pile_size = sum(state.pile)
    for s in quit:
        state.quit[s] = True
        state.n_in -= 1
    if points is not None:
        state.points = list(points)
    return state


def kinds(actions) -> list[str]:
    return [str(a) for a in actions]
