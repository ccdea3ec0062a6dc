"""Play one game through the core: chance from a seeded generator, every seat's
decision from its policy (`policy(view, rng) -> action`), a record on the side.

The same seed and the same policies give the same game and the same record.
Chance has one generator per round, used only by that round's deal, draws and
rolls: the draw pile only shrinks by draws, so the same seed gives every round
the same deal and the same sequence of drawn cards whoever sits where (the
duplicate deals a tournament needs).
"""

from __future__ import annotations

import random
from typing import Callable

from lama.core import IllegalAction
from lama.record import RecordWriter

Policy = Callable  # (view, rng) -> Action


def seat_rng(seed: int, seat: int) -> random.Random:
    """Each seat's own generator, so one seat's choices never shift another's."""
    return random.Random(f"lama-seat:{seed}:{seat}")


class Match:
    """One game between `policies` (one per seat), seeded by `seed`.

    `on_events(events)` is called with every batch of events (unfiltered; a
    display must pass them through `event.for_seat`).
    """

    def __init__(self, game, policies: list[Policy], seed: int, names: list[str] | None = None,
                 on_events: Callable | None = None):
        if len(policies) != game.players:
            raise ValueError(f"{game.players} seats need {game.players} policies, not {len(policies)}")
        self.game = game
        self.policies = policies
        self.seed = seed
        self.names = names or [f"Seat {i}" for i in range(game.players)]
        self.state = game.new_initial_state()
        self.chance_rng = None
        self.rngs = [seat_rng(seed, s) for s in range(game.players)]
        self.record = RecordWriter(game, self.names)
        self.on_events = on_events
        self.decisions = 0

    def _emit(self, events) -> None:
        self.record.add(events)
        if self.on_events and events:
            self.on_events(events)

    def step(self) -> None:
        """Resolve one chance outcome or one seat's decision."""
        state = self.state
        if state.to_move is None:
            if state.chance == "deal":
                self.chance_rng = random.Random(f"lama-chance:{self.seed}:{state.round + 1}")
            self._emit(state.apply_chance(state.sample_chance(self.chance_rng)))
            return
        seat = state.to_move
        view = state.view(seat)
        action = self.policies[seat](view, self.rngs[seat])
        if action not in view.legal_actions:
            raise IllegalAction("illegal_choice", f"seat {seat} chose {action}, which is not legal here")
        self.decisions += 1
        self._emit(state.apply(action, seat))

    def run(self):
        """Play to the end of the game; return the final state."""
        while not self.state.finished:
            self.step()
        return self.state
