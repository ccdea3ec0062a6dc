"""The rules core: standard library only, no I/O, no randomness of its own."""

from .actions import DRAW, QUIT, ROLL, Action, Deal, discard, play, take
from .cards import LLAMA, Card, CardKinds, succ
from .cardstate import CardState
from .errors import IllegalAction, InvalidOption, InvalidView, LamaError, Refusal
from .events import (
    CardDrawn,
    CardPlayed,
    ChipReturned,
    Event,
    GameOver,
    RoundDealt,
    RoundScored,
    SeatQuit,
)
from .game import COMMON_OPTIONS, CardGame, Game, Option
from .state import State, highest_chip, lowest_chip
from .view import View

__all__ = [
    "DRAW", "QUIT", "ROLL", "Action", "Deal", "discard", "play", "take",
    "LLAMA", "Card", "CardKinds", "succ", "CardState", "IllegalAction", "InvalidOption", "InvalidView",
    "LamaError", "Refusal", "CardDrawn", "CardPlayed", "ChipReturned", "Event", "GameOver", "RoundDealt",
    "RoundScored", "SeatQuit", "COMMON_OPTIONS", "CardGame", "Game", "Option", "State", "highest_chip",
    "lowest_chip", "View",
]
