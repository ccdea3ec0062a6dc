"""Play one game between bots: a loop over a Table whose every seat is a policy
(`policy(view, rng) -> action`). The same seed and the same policies give the same game and
the same record. Tournaments and strength runs use it."""

from __future__ import annotations

from collections.abc import Callable

from .table import Policy, Table


class Match:
    """One game between `policies` (one per seat), seeded by `seed`.

    `on_events(events)` is called with every batch of events (unfiltered; a
    display must pass them through `event.for_seat`).
    """

    def __init__(self, game, policies: list[Policy], seed: int, names: list[str] | None = None,
                 on_events: Callable | None = None):
        if len(policies) != game.players or any(p is None for p in policies):
            raise ValueError(f"{game.players} seats need {game.players} policies")
        self.table = Table(game, policies, seed, names, on_events)

    @property
    def state(self):
        return self.table.state

    @property
    def record(self):
        return self.table.record

    @property
    def decisions(self) -> int:
        return self.table.decisions

    def step(self) -> None:
        """Resolve one chance outcome or one seat's decision."""
        self.table.step()

    def run(self):
        """Play to the end of the game; return the final state."""
        self.table.advance()
        return self.table.state
