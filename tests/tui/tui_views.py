"""Hand-built Views for the games whose cores are not here yet (kadabra, dice) and for lama."""

from __future__ import annotations

from lama.core import View


def make_view(**kw) -> View:
    players = kw.pop("players", 3)
    base = dict(
        game="lama", seat=0, players=players, round=0, to_move=0, points=(0,) * players,
        quit=(False,) * players, target=40, finished=False, winners=(), history=(), legal_actions=(),
    )
    base.update(kw)
    return View(**base)
