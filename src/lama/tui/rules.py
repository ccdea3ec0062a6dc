"""The rules of each game in plain words, shown by `lama rules` and in-game help.

Each game declares its rules text (Game.rules_file, read by Game.rules_text), in English; the
other languages' texts sit beside it in a folder of the language: rules/lama.md in Dutch is
rules/nl/lama.md."""

from __future__ import annotations

from importlib import resources

from lama.games import GAMES
from lama.i18n import language


def rules_path(game_id: str, lang: str):
    """Where the rules of a game are in `lang` (the package's file; it may not exist)."""
    folder, _sep, name = GAMES[game_id].rules_file.rpartition("/")
    return resources.files("lama").joinpath("data", *folder.split("/"), lang, name)


def rules_text(game_id: str, lang: str | None = None) -> str:
    """The rules of a game in `lang` (default: the current language), English where a
    translation is missing; raises KeyError for a game without a rules text."""
    game = GAMES[game_id]
    lang = lang or language()
    if lang not in ("en", "xx"):
        path = rules_path(game_id, lang)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return game.rules_text()
