"""The games of the family, by id. Each module is data plus the hooks data cannot say."""

from lama.core import Game, InvalidOption

from .dice import DiceGame
from .kadabra import KadabraGame
from .komarami import KomaramiGame
from .lama import LamaGame

GAMES: dict[str, type[Game]] = {g.id: g for g in (LamaGame, KomaramiGame, KadabraGame, DiceGame)}


def new_game(game_id: str, players: int, options: dict | None = None) -> Game:
    """The Game for an id, player count and options; raises InvalidOption."""
    try:
        cls = GAMES[game_id]
    except (KeyError, TypeError):
        raise InvalidOption(f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None
    return cls(players, options)
