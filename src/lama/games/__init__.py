"""The games of the family, by id. Each module is data plus the hooks data cannot say.

`GAMES` (id -> Game class) and `new_game` are the one registry: everything that differs
between games is asked of the game class or object (see lama.core.game.Game), never found
by testing an id. A bot holds a View, whose `game` is the id: `game_class(view)` gives the
class (a dict look-up: class-level facts and hooks), `game_of(view)` the game with its
options and player count.
"""

from lama.core import Game, InvalidOption
from lama.core.jsonform import shown

from .dice import DiceGame
from .kadabra import KadabraGame
from .komarami import KomaramiGame
from .lama import LamaGame

GAMES: dict[str, type[Game]] = {g.id: g for g in (LamaGame, KomaramiGame, KadabraGame, DiceGame)}


def game_class(game) -> type[Game]:
    """The Game class for an id, or for a View (its `game`); raises InvalidOption."""
    game_id = getattr(game, "game", game)
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise InvalidOption(f"unknown game {shown(game_id)} (known: {', '.join(GAMES)})") from None


def new_game(game_id: str, players: int, options: dict | None = None) -> Game:
    """The Game for an id, player count and options; raises InvalidOption."""
    return game_class(game_id)(players, options)


def game_of(view) -> Game:
    """The game (with its options and player count) a View comes from; raises InvalidOption."""
    return new_game(view.game, view.players, dict(view.options))
