"""The fast engine from Python: one game's rules and kernels, states made and read.

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
from .views import core_fields, read_fields


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
    )


def describe(game, st) -> dict:
    """Every field of an engine state that the core also has, in the core's terms: the fields
    every game has, then those the game's shape declares (views.read_fields)."""
    found = _common(game, st)
    found.update(read_fields(game, st))
    return found


def describe_core(state) -> dict:
    """The same dict as `describe`, from a core State."""
    found = dict(
        to_move=state.to_move, chance=state.chance, round=state.round, starter=state.starter,
        n_in=state.n_in, finished=state.finished, winners=tuple(state.winners),
        ended_by=state.history[-1].ended_by if state.history else None,
        ender=state.history[-1].ender if state.history else -1,
        points=list(state.points), quit=list(state.quit),
    )
    found.update(core_fields(state))
    return found


__all__ = ["Engine", "describe", "describe_core", "seed_state"]
