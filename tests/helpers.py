"""Build explicit card-game states for scenario tests (never rely on a seed's deal)."""

from __future__ import annotations

from lama.games import new_game


def card_state(game_id: str = "lama", hands=(), top: str = "1", pile=None, points=None,
               to_move: int = 0, quit=(), options=None, round: int = 0):
    """A state in the middle of a round with exactly these hands, top card and draw pile.

    `game_id`: a registered game's id, or a Game class (a game not registered yet).
    `hands`: one list of codes per seat. `pile`: codes in the draw pile (default: the
    rest of the deck). `quit`: seats that have quit. `points`: every seat's points.
    """
    game = new_game(game_id, len(hands), options) if isinstance(game_id, str) else game_id(len(hands), options)
    state = game.new_initial_state()
    table = game.kinds
    state.round = round - 1
    state.starter = to_move
    state.start_round()
    state.hands = [table.counts_of(h) for h in hands]
    state.hand_sizes = [len(h) for h in hands]
    state.top = table.index[top]
    state.discard_pile = table.counts_of([top])
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


def unchanged(state, action) -> str:
    """Apply an illegal action: it must raise and leave every public fact as it was; its code."""
    import pytest

    from lama.core import IllegalAction

    before = [state.view(s) for s in range(state.n)]
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert [state.view(s) for s in range(state.n)] == before
    return e.value.code


def kinds(actions) -> list[str]:
    return [str(a) for a in actions]


ROW = ("1", "2", "3", "4", "5", "6", "L")


def dice_state(displays=(), row=ROW, points=None, to_move: int = 0, quit=(), options=None, round: int = 0):
    """A `dice` state in the middle of a round with exactly these displays and llama row.

    `displays`: one list of codes per seat (it may hold row cards taken earlier).
    `row`: the codes still in the llama row. `quit`: seats that have quit.
    """
    game = new_game("dice", len(displays), options)
    state = game.new_initial_state()
    table = game.kinds
    state.round = round - 1
    state.starter = to_move
    state.start_round()
    state.displays = [table.counts_of(d) for d in displays]
    state.hand_sizes = [len(d) for d in displays]
    state.row = table.counts_of(row)
    state.row_size = len(row)
    # Every card neither in a display nor in the row counts as undealt; nothing is discarded yet.
    held = [sum(d[k] for d in state.displays) + state.row[k] for k in range(table.size)]
    state.undealt = [max(0, game.deck[k] + game.row[k] - held[k]) for k in range(table.size)]
    state.discard_pile = [0] * table.size
    for s in quit:
        state.quit[s] = True
        state.n_in -= 1
    if points is not None:
        state.points = list(points)
    return state


# -- editing a valid record into an invalid one (tests/record) --------------------------
def setitem(path, value):
    """An edit that sets data[path[0]][path[1]]... to `value`."""
    def fn(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return fn


def delitem(path):
    """An edit that deletes data[path[0]][path[1]]..."""
    def fn(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return fn


def random_position(game_id: str, players: int, seed: int, steps: int, options=None):
    """The decision point reached by `steps` random choices and chance outcomes from `seed`
    (target 25 by default, so positions late in a game come up too)."""
    import random

    rng = random.Random(seed)
    state = new_game(game_id, players, options or {"target": 25}).new_initial_state()
    for _ in range(steps):
        if state.finished:
            break
        random_step(state, rng)
    while state.to_move is None and not state.finished:
        state.apply_chance(state.sample_chance(rng))
    return state


def random_step(state, rng) -> list:
    """One step of a random playout: a chance outcome, or a uniformly random legal action."""
    if state.to_move is None:
        return state.apply_chance(state.sample_chance(rng))
    actions = state.legal_actions()
    return state.apply(actions[rng.randrange(len(actions))])


def edited(base: dict, fn) -> dict:
    """A deep copy of the record `base` with the edit `fn` applied."""
    import copy

    data = copy.deepcopy(base)
    fn(data)
    return data
