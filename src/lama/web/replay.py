"""The replay viewer's steps: a finished table's record replayed move by move, every hand shown.

Served only for finished tables (GET /api/tables/{ID}/replay), when every card is public anyway:
the record itself holds every deal, draw and roll.
"""

from __future__ import annotations

from lama.record import replay


def replay_steps(data: dict) -> list[dict]:
    """One step after each round's deal and after each record move: `round`, `move` (the
    record's move, null after a deal) and `view`, the spectator's view with every seat's
    cards added as `hands`."""
    steps = []

    def step(state, r: int, move) -> None:
        view = state.view(None).to_json()
        view["hands"] = [list(state.view(s).hand) for s in range(state.n)]
        steps.append({"round": r, "move": move, "view": view})

    replay(data, on_step=step)
    return steps
