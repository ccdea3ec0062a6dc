"""Explicit L.A.M.A. Kadabra states for scenario tests (never rely on a seed's deal)."""

from __future__ import annotations

from helpers import card_state


def state_from(hands, top: str = "1", pile=None, points=None, to_move: int = 0, quit=(),
               stage=(0, 0), magic_chip=None, options=None, round: int = 0):
    """A kadabra state in the middle of a round.

    `hands`: one list of codes per seat; `pile`: the draw pile (default: the rest of the
    deck); `points`: every seat's points (default: 3 each, K2); `stage`: (whites, blacks)
    on the stage; `magic_chip`: the seat holding the magic chip (None: the centre).
    """
    state = card_state("kadabra", hands=hands, top=top, pile=pile, points=points, to_move=to_move,
                       quit=quit, options=options, round=round)
    state.stage_whites, state.stage_blacks = stage
    state.magic_chip = magic_chip
    return state


def plays(state) -> list[str]:
    """The legal actions of the seat to move, as text ("play 1 give 2", "draw", ...)."""
    return [str(a) for a in state.legal_actions()]


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]
