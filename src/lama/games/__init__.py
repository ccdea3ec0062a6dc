"""The games of the family, by id. Each module is data plus the hooks data cannot say.

`GAMES` (id -> Game class) and `new_game` are the one registry: everything that differs
between games is asked of the game class or object (see lama.core.game.Game), never found
by testing an id. A bot holds a View, whose `game` is the id: `game_class(view)` gives the
class (a dict look-up: class-level facts and hooks), `game_of(view)` the game with its
options and player count.

`register(cls)` adds a game at run time (a variant defined elsewhere, e.g. in a test): every
driver finds it here, and the web page learns it from `describe()` (`descriptions()`, what
GET /api/games serves). `unregister(game_id)` takes it away again.
"""

from lama.core import Game, InvalidOption
from lama.core.jsonform import shown

from .dice import DiceGame
from .kadabra import KadabraGame
from .komarami import KomaramiGame
from .lama import LamaGame
from .party import PartyGame

GAMES: dict[str, type[Game]] = {g.id: g for g in (LamaGame, KomaramiGame, KadabraGame, DiceGame, PartyGame)}
BUILT_IN = tuple(GAMES)


def register(cls: type[Game]) -> type[Game]:
    """Add the Game class `cls` under its `id` (usable as a class decorator); InvalidOption if
    the id is empty or another class has it."""
    if not isinstance(cls, type) or not issubclass(cls, Game):
        raise InvalidOption("not_a_game_class", value=shown(cls))
    if not isinstance(cls.id, str) or not cls.id or cls.state_class is None:
        raise InvalidOption("no_id", name=cls.__name__)
    if GAMES.get(cls.id, cls) is not cls:
        raise InvalidOption("taken_id", game=cls.id, name=GAMES[cls.id].__name__)
    GAMES[cls.id] = cls
    return cls


def unregister(game_id: str) -> None:
    """Take a registered game away (a built-in game stays)."""
    if game_id in BUILT_IN:
        raise InvalidOption("built_in", game=game_id)
    GAMES.pop(game_id, None)


def descriptions() -> list[dict]:
    """Every game's `describe()`, in registry order: what GET /api/games serves."""
    return [cls.describe() for cls in GAMES.values()]


def game_class(game) -> type[Game]:
    """The Game class for an id, or for a View (its `game`); raises InvalidOption."""
    game_id = getattr(game, "game", game)
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise InvalidOption("unknown_game", game=shown(game_id), known=", ".join(GAMES)) from None


def new_game(game_id: str, players: int, options: dict | None = None) -> Game:
    """The Game for an id, player count and options; raises InvalidOption."""
    return game_class(game_id)(players, options)


def game_of(view) -> Game:
    """The game (with its options and player count) a View comes from; raises InvalidOption."""
    return new_game(view.game, view.players, dict(view.options))
