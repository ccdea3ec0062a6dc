"""The replay viewer's steps: a finished table's record replayed move by move, every hand shown.

Served only for finished tables (GET /api/tables/{ID}/replay), when every card is public anyway:
the record itself holds every deal, draw and roll.
"""

from __future__ import annotations

from lama.games import new_game
from lama.record.replay import _deal_of


def replay_steps(data: dict) -> list[dict]:
    """One step after each round's deal and after each record move: `round`, `move` (the
    record's move, null after a deal) and `view`, the spectator's view with every seat's
    cards added as `hands`."""
    game = new_game(data["game"], len(data["players"]), data.get("options", {}))
    state = game.new_initial_state()
    mover = game.hook("record_moves")
    steps = []
    for r, rnd in enumerate(data["rounds"]):
        state.apply_chance(_deal_of(state, rnd))
        steps.append(_step(state, r, None))
        for move in rnd["moves"]:
            mover.apply(state, move)
            steps.append(_step(state, r, move))
    return steps


def _step(state, r: int, move) -> dict:
    view = state.view(None).to_json()
    view["hands"] = [list(state.view(s).to_json().get("hand") or []) for s in range(state.n)]
    return {"round": r, "move": move, "view": view}
