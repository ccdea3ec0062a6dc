"""The engine's row is placed from the games' declarations (lama.core.shape): every declared
field has its own entries, and the converters and the differential comparator cover them all."""

from __future__ import annotations

import pytest

from lama.core import shape as S
from lama.fast import layout as L
from lama.fast.engine import Engine, describe_core
from lama.games import GAMES, new_game


def entries(f) -> int:
    return {S.SCALAR: f.size, S.PER_SEAT: L.N_MAX, S.PER_KIND: L.K_MAX, S.PER_SEAT_KIND: L.N_MAX * L.K_MAX,
            S.PER_SEAT_MOVE: L.N_MAX * L.MOVE_STRIDE}[f.scope]


def test_every_declared_field_has_its_own_entries_in_the_row():
    common = ("TO_MOVE", "CHANCE", "ROUND", "STARTER", "N_IN", "FINISHED", "WINNERS", "ENDED_BY", "ENDER")
    spans = [(getattr(L, name), 1) for name in common]
    spans += [(L.RNG, 4), (L.POINTS, L.N_MAX), (L.QUIT, L.N_MAX)]
    for cls in GAMES.values():
        for f in cls.state_class.shape.fields:
            assert L.FIELDS[f.slot].scope == f.scope and L.FIELDS[f.slot].size == f.size, f
    spans += [(getattr(L, slot.upper()), entries(f)) for slot, f in L.FIELDS.items()]
    used = sorted(i for at, size in spans for i in range(at, at + size))
    assert used == list(range(L.STATE_SIZE))  # no overlap, no gap


def test_every_counted_move_has_its_flag():
    for cls in GAMES.values():
        for m in cls.state_class.shape.moves:
            assert L.MOVE_FLAGS[m.kind] == getattr(L, "MOVE_" + m.kind.upper())
            assert L.K_MAX <= L.MOVE_FLAGS[m.kind] < L.MOVE_STRIDE


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_comparator_covers_every_declared_field(game_id):
    game = new_game(game_id, 3)
    engine = Engine(game)
    st = engine.new_state(1)
    engine.advance(st)
    found = engine.describe(st)
    compared = {f.name for f in game.state_class.shape.fields if f.compared}
    assert compared <= set(found)
    assert set(found) == set(describe_core(game.new_initial_state()))
