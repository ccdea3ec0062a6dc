"""The compiled engine from Python: one game's rules and kernels, states made and read.

    engine = Engine(game)              # a lama.games Game (players and options included)
    st = engine.new_state(seed)        # before the first deal; its generator seeded
    engine.advance(st)                 # chance: the deal
    engine.legal_ids(st)               # [action id, ...] of the seat to move
    engine.apply(st, action_id)        # then engine.advance(st) for any draw, roll or deal

`describe(st)` and `describe_core(state)` give the same dict for the same game state, one
from the engine, one from the core: the differential tests compare them after every step.
"""

from __future__ import annotations

from . import cards
from . import layout as L
from .kernel import words_of, zeros
from .rules import family_of, rules_of


class Engine:
    def __init__(self, game):
        self.game = game
        self.rules = rules_of(game)
        self.family = family_of(game)
        if self.family == L.CARDS:
            self.kernels = cards
        else:
            from . import dice
            self.kernels = dice
        self._out = zeros(max(game.num_distinct_actions(), 16))

    def new_state(self, seed: int = 0):
        st = zeros(L.STATE_SIZE)
        seed_state(st, seed)
        self.kernels.new_game(st, self.rules)
        return st

    def advance(self, st) -> None:
        self.kernels.advance(st, self.rules)

    def legal_ids(self, st) -> list[int]:
        count = self.kernels.legal_ids(st, self.rules, self._out)
        return [int(a) for a in self._out[:count]]

    def apply(self, st, action_id: int) -> None:
        self.kernels.apply_action(st, self.rules, int(action_id))

    def describe(self, st) -> dict:
        return describe(self.game, st)


def seed_state(st, seed: int, at: int = 0) -> None:
    """Seed the game's generator of the state at st[at:] (a row of a batch: at = 0 on it)."""
    for i, word in enumerate(words_of(seed)):
        st[at + L.RNG + i] = word


def _common(game, st) -> dict:
    n = game.players
    return dict(
        to_move=None if st[L.TO_MOVE] < 0 else int(st[L.TO_MOVE]),
        chance=(None, "deal", "draw", "roll")[int(st[L.CHANCE])],
        round=int(st[L.ROUND]),
        starter=int(st[L.STARTER]),
        n_in=int(st[L.N_IN]),
        finished=bool(st[L.FINISHED]),
        winners=tuple(s for s in range(n) if int(st[L.WINNERS]) >> s & 1),
        ended_by=L.ENDED_BY_NAMES[int(st[L.ENDED_BY])],
        ender=int(st[L.ENDER]),
        points=[int(st[L.POINTS + s]) for s in range(n)],
        quit=[bool(st[L.QUIT + s]) for s in range(n)],
        hand_sizes=[int(st[L.HAND_SIZES + s]) for s in range(n)],
        hands=[[int(st[L.HANDS + s * L.K_MAX + k]) for k in range(game.table.size)] for s in range(n)],
    )


def describe(game, st) -> dict:
    """Every field of an engine state that the core also has, in the core's terms."""
    found = _common(game, st)
    k = game.table.size
    if family_of(game) == L.CARDS:
        found.update(
            top=int(st[L.TOP]),
            pile=[int(st[L.PILE + i]) for i in range(k)],
            pile_size=int(st[L.PILE_SIZE]),
            discard_pile=[int(st[L.DISCARD_PILE + i]) for i in range(k)],
            drawer=int(st[L.DRAWER]),
            moves=[[int(st[L.MOVES + s * L.MOVE_STRIDE + f]) for f in range(L.MOVE_STRIDE)]
                   for s in range(game.players)],
        )
        if getattr(game, "card_effects", False):
            found.update(magic_chip=None if st[L.MAGIC_CHIP] < 0 else int(st[L.MAGIC_CHIP]),
                         stage=(int(st[L.STAGE_WHITES]), int(st[L.STAGE_BLACKS])),
                         forced=bool(st[L.FORCED]))
    else:
        from .dice import describe_dice
        found.update(describe_dice(game, st))
    return found


def describe_core(state) -> dict:
    """The same dict as `describe`, from a core State."""
    game = state.game
    n = game.players
    found = dict(
        to_move=state.to_move, chance=state.chance, round=state.round, starter=state.starter,
        n_in=state.n_in, finished=state.finished, winners=tuple(state.winners), points=list(state.points),
        quit=list(state.quit), hand_sizes=list(state.hand_sizes),
        ended_by=state.history[-1].ended_by if state.history else None,
        ender=state.history[-1].ender if state.history else -1,
    )
    if family_of(game) == L.CARDS:
        table = game.table
        moves = [[0] * L.MOVE_STRIDE for _ in range(n)]
        flag = {"draw": L.MOVE_DRAW, "quit": L.MOVE_QUIT, "skip": L.MOVE_SKIP, "take_stage": L.MOVE_TAKE_STAGE}
        for seat, action, _top in state.moves:
            f = table.index[action.card] if action.kind == "play" else flag[action.kind]
            moves[seat][f] += 1
        found.update(
            hands=[list(h) for h in state.hands], top=state.top, pile=list(state.pile), pile_size=state.pile_size,
            discard_pile=list(state.discard_pile), drawer=state.drawer, moves=moves,
        )
        if getattr(game, "card_effects", False):
            found.update(magic_chip=state.magic_chip, stage=(state.stage_whites, state.stage_blacks),
                         forced=state.forced)
    else:
        from .dice import describe_dice_core
        found.update(describe_dice_core(state))
    return found


__all__ = ["Engine", "describe", "describe_core", "seed_state"]
