"""Record moves of `dice` (RECORD.md): `roll` (with `discard` in case (b) and
`take` in case (c)) and `quit`. One record move is one whole turn."""

from __future__ import annotations

from lama.core import QUIT, ROLL, discard, take

from .moves import CardMoves, MoveError, _seat, _true

# What a roll's case needs written beside it (D3): the key it requires, if any.
NEEDS = {"three_llamas": None, "match": "discard", "miss": "take", "bust": None}
CASE_NAMES = {
    "three_llamas": "three llamas (D3a)",
    "match": "a match (D3b)",
    "miss": "a miss (D3c)",
    "bust": "a bust (D3d)",
}


def _code(value, what: str, state) -> str:
    if not isinstance(value, str) or value not in state.game.kinds.index:
        raise MoveError(f"unknown card code {value!r} in {what} (codes: {', '.join(state.game.kinds.codes)})")
    return value


class DiceMoves(CardMoves):
    """Shares the shape checks of CardMoves; a roll carries its discard or take."""

    kinds = ("roll", "quit")
    extra_keys = {"roll": {"discard", "take"}}

    def apply(self, state, move: dict) -> list:
        """Apply one record move to `state` and return its events; raises MoveError or IllegalAction."""
        kind = self.kind_of(move)
        seat = _seat(move, state.n)
        if kind == "quit":
            _true(move, "quit")
            state.check_turn(seat)
            return state.apply(QUIT, seat)
        roll = move["roll"]
        if not isinstance(roll, list) or len(roll) != 3 or not all(isinstance(f, str) for f in roll):
            raise MoveError(f"roll must be a list of 3 face codes, one per die, not {roll!r}")
        cards = move.get("discard")
        if "discard" in move:
            if not isinstance(cards, list):
                raise MoveError(f"discard must be a list of card codes, not {cards!r}")
            for code in cards:
                _code(code, "discard", state)
        if "take" in move:
            _code(move["take"], "take", state)
        state.check_turn(seat)
        case = state.roll_case(roll, seat)  # checks each face against its die
        needed = NEEDS[case]
        for key in ("discard", "take"):
            if key in move and key != needed:
                raise MoveError(f"{CASE_NAMES[case]}: {key} is not allowed")
        if needed and needed not in move:
            raise MoveError(f"{CASE_NAMES[case]}: {needed} is required")
        events = state.apply(ROLL, seat) + state.apply_chance(tuple(roll))
        if needed == "discard":
            events += state.apply(discard(cards), seat)
        elif needed == "take":
            events += state.apply(take(move["take"]), seat)
        return events


DICE_MOVES = DiceMoves()  # DiceGame.record_moves
