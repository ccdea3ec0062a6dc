"""A game: its id, player count and options (what OpenSpiel calls the Game).

The State of a game is created from it with `game.new_initial_state()`.
"""

from __future__ import annotations

from functools import cached_property
from types import MappingProxyType

from .actions import DRAW, QUIT
from .errors import IllegalAction, InvalidOption
from .jsonform import frozen

MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_TARGET = 40  # C6
MAX_TARGET = 1000  # C6: far beyond any real game, small enough for every counter of the search


def shown(value, limit: int = 40) -> str:
    """`repr(value)` cut to `limit` characters, for error messages about any input."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to print (sys.get_int_max_str_digits)
        text = "a huge integer"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_int(x) -> bool:
    """A JSON integer: bools are not integers (RECORD.md, strict types)."""
    return isinstance(x, int) and not isinstance(x, bool)


class Game:
    """Static description shared by every state of one game."""

    id = ""
    name = ""
    extra_options: tuple[str, ...] = ()  # option keys beyond target and first_player
    state_class: type = None  # set by each game module

    def __init__(self, players: int, options: dict | None = None):
        options = dict(options or {})
        if not is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOption(f"{self.id} is played by 2 to 6 players, not {shown(players)}")
        allowed = ("target", "first_player") + self.extra_options
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise InvalidOption(
                f"unknown option(s) for {self.id}: {', '.join(unknown)} "
                f"(allowed: {', '.join(allowed)})"
            )
        target = options.get("target", DEFAULT_TARGET)
        if not is_int(target) or not 1 <= target <= MAX_TARGET:
            raise InvalidOption(f"target must be a whole number from 1 to {MAX_TARGET}, not {shown(target)}")
        first = options.get("first_player", 0)
        if not is_int(first) or not 0 <= first < players:
            raise InvalidOption(f"first_player must be a seat from 0 to {players - 1}, not {shown(first)}")
        self.players = players
        self.target = target
        self.first_player = first
        self.options = options

    @cached_property
    def public_options(self) -> MappingProxyType:
        """The options as views carry them: a deep read-only copy, so that nothing a bot
        does to its view can reach the game, another view or the record."""
        return frozen(self.options)

    def new_initial_state(self):
        return self.state_class(self)

    # -- stable action ids (OpenSpiel's names) ------------------------------
    def all_actions(self) -> tuple:
        """Every action this game (with these options and players) can ever have, in
        the order of their ids. The order is a public contract (README, "Action ids"):
        append, never reorder."""
        raise NotImplementedError

    @cached_property
    def _action_table(self) -> tuple[tuple, dict]:
        actions = self.all_actions()
        return actions, {a: i for i, a in enumerate(actions)}

    def num_distinct_actions(self) -> int:
        return len(self._action_table[0])

    def action_id(self, action) -> int:
        """The id of `action`, 0 to num_distinct_actions() - 1; IllegalAction if it has none."""
        try:
            return self._action_table[1][action]
        except (KeyError, TypeError):
            raise IllegalAction("unknown_action", f"{action!r} is not an action of {self.id}") from None

    def action_of(self, action_id: int):
        """The action with this id; IllegalAction if there is none."""
        actions = self._action_table[0]
        if not is_int(action_id) or not 0 <= action_id < len(actions):
            raise IllegalAction("unknown_action", f"{self.id} has action ids 0 to {len(actions) - 1}, not {action_id!r}")
        return actions[action_id]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, options={self.options!r})"


class CardGame(Game):
    """A game played with a deck of cards: lama, komarami, kadabra."""

    hand_size = 6  # L2
    table = None  # CardTable, set by the game module
    deck: tuple[int, ...] = ()  # count per kind

    def __init__(self, players: int, options: dict | None = None):
        super().__init__(players, options)
        if sum(self.deck) < self.hand_size * players + 1:
            raise InvalidOption(
                f"the deck has {sum(self.deck)} cards; {players} players need at least "
                f"{self.hand_size * players + 1} (6 each and the first discard)"
            )

    def deck_codes(self) -> list[str]:
        """Every card of the deck, as codes (drivers shuffle this to deal)."""
        return list(self.table.codes_of(self.deck))

    def all_actions(self) -> tuple:
        """Play each kind of card (table order), then draw, then quit."""
        return self.table.play_actions + (DRAW, QUIT)
