"""Record moves of L.A.M.A. Kadabra: play (with `give`, K4), draw (with `forced`, K5),
quit, `take_stage` (K9, the card games' own) and `skip` (K7). The core decides legality; this module
checks shapes and says whose forced draw is due."""

from __future__ import annotations

from lama.core import DRAW, IllegalAction, play
from lama.core import seats as seat_numbers
from lama.core.actions import SKIP
from lama.core.jsonform import is_int

from .moves import CardMoves, MoveError, _card, _true


class KadabraMoves(CardMoves):
    kinds = ("play", "draw", "quit", "skip", "take_stage")
    extra_keys = {"play": {"give"}, "draw": {"forced"}}

    @staticmethod
    def _turn(state, seat: int) -> None:
        """A seat's turn proper: refused while a K5 forced draw is due and not written."""
        drawer = state.forced_draw
        if drawer is not None:
            raise IllegalAction("forced_draw_missing", rule="K5", seat=seat_numbers.word(drawer), index=drawer)
        state.check_turn(seat)

    def _play(self, state, move, seat):
        card = _card(move["play"], state)
        give = move.get("give")
        if "give" in move and not is_int(give):
            raise MoveError(f"give must be a seat number, not {give!r}")
        self._turn(state, seat)
        return state.apply(play(card, give), seat)

    def _draw(self, state, move, seat):
        card = _card(move["draw"], state)
        if "forced" not in move:
            self._turn(state, seat)
            return state.apply(DRAW, seat) + state.apply_chance(card)
        _true(move, "forced")
        drawer = state.forced_draw
        if drawer is None:
            raise IllegalAction("no_forced_draw", rule="K5")
        if seat != drawer:
            raise IllegalAction("not_your_turn", "forced_draw_of", rule="K5", seat=_in_record(seat),
                                drawer=_in_record(drawer))
        return state.apply_chance(card)

    def _skip(self, state, move, seat):
        _true(move, "skip")
        self._turn(state, seat)
        return state.apply(SKIP, seat)


KADABRA_MOVES = KadabraMoves()  # KadabraGame.record_moves


def _in_record(seat: int) -> str:
    """A seat for a record's reader: `seat 2 ("seat": 1)`, numbered from 1 and as the record has it."""
    return f'{seat_numbers.word(seat)} ("seat": {seat})'
