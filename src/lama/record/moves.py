"""Record moves ↔ core actions, per game. The core decides legality; this
module only checks a move's shape and turns it into actions and outcomes.

Each game names its codec (`Game.record_moves`): CARD_MOVES here for lama and komarami (with `lachen`
also take_stage),
moves_kadabra.KADABRA_MOVES, moves_dice.DICE_MOVES."""

from __future__ import annotations

from lama.core import DRAW, QUIT, IllegalAction, play
from lama.core.actions import TAKE_STAGE
from lama.core.jsonform import is_int


class MoveError(Exception):
    """A move whose shape is wrong (before any rule is asked)."""


def _seat(move: dict, players: int) -> int:
    seat = move.get("seat")
    if not is_int(seat):
        raise MoveError(f"a move needs an integer seat, not {seat!r}")
    if not 0 <= seat < players:
        raise MoveError(f"there is no seat {seat} (a move's \"seat\" counts from 0: 0 to {players - 1})")
    return seat


def _card(value, state) -> str:
    if not isinstance(value, str) or value not in state.game.kinds.index:
        raise MoveError(f"unknown card code {value!r} in {state.game.id}")
    return value


def _true(move: dict, key: str) -> None:
    if move[key] is not True:
        raise MoveError(f"{key} must be exactly true, not {move[key]!r}")


def _check_keys(move: dict, kind: str, allowed: set[str]) -> None:
    extra = sorted(set(move) - allowed)
    if extra:
        raise MoveError(f"unexpected key(s) in a {kind} move: {', '.join(extra)}")


class CardMoves:
    """play / draw / quit of lama and komarami, and take_stage where the game has a stage
    (LL2: option `lachen`; kadabra extends it)."""

    kinds = ("play", "draw", "quit", "take_stage")
    extra_keys: dict[str, set[str]] = {}

    def kind_of(self, move) -> str:
        if not isinstance(move, dict):
            raise MoveError("a move must be a JSON object")
        kinds = [k for k in self.kinds if k in move]
        if len(kinds) != 1:
            found = f" (found {', '.join(kinds)})" if kinds else ""
            raise MoveError(f"a move needs exactly one of {', '.join(self.kinds)}{found}")
        kind = kinds[0]
        _check_keys(move, kind, {"seat", kind} | self.extra_keys.get(kind, set()))
        return kind

    def apply(self, state, move: dict) -> list:
        """Apply one record move to `state` and return its events; raises MoveError or IllegalAction."""
        kind = self.kind_of(move)
        seat = _seat(move, state.n)
        return getattr(self, "_" + kind)(state, move, seat)

    @staticmethod
    def _turn(state, seat: int) -> None:
        state.check_turn(seat)

    def _play(self, state, move, seat):
        card = _card(move["play"], state)
        self._turn(state, seat)
        return state.apply(play(card), seat)

    def _draw(self, state, move, seat):
        card = _card(move["draw"], state)
        self._turn(state, seat)
        return state.apply(DRAW, seat) + state.apply_chance(card)

    def _quit(self, state, move, seat):
        _true(move, "quit")
        self._turn(state, seat)
        return state.apply(QUIT, seat)

    def _take_stage(self, state, move, seat):
        """K9, LL2: take the stage (the puddle); the game without one refuses it."""
        _true(move, "take_stage")
        self._turn(state, seat)
        return state.apply(TAKE_STAGE, seat)


CARD_MOVES = CardMoves()  # lama and komarami (Game.record_moves)

__all__ = ["CARD_MOVES", "CardMoves", "MoveError", "IllegalAction"]
