"""The rules texts in every language: English is each game's own file (Game.rules_file, e.g.
rules/lama.md, and the terminal's part in rules/terminal/lama.md); another language's text sits
in a folder of the language under the same name (rules/nl/lama.md, rules/nl/terminal/lama.md).
A text missing in a language is given in English."""

from __future__ import annotations

from importlib import resources

from lama.games import GAMES

from . import PSEUDO, check, language


def rules_path(game_id: str, lang: str = "en", terminal: bool = False):
    """Where a game's rules (or the terminal's part of them) are in `lang`; KeyError for an
    unknown game. The file may not exist for a language."""
    folder, _sep, name = GAMES[game_id].rules_file.rpartition("/")
    parts = [*folder.split("/")] + ([lang] if lang not in ("en", PSEUDO) else []) + (["terminal"] if terminal else [])
    return resources.files("lama").joinpath("data", *parts, name)


def translated(game_id: str, lang: str, terminal: bool = False) -> bool:
    return lang not in ("en", PSEUDO) and rules_path(game_id, lang, terminal).is_file()


def rules_in(game_id: str, lang: str | None = None, terminal: bool = False) -> str:
    """The player's rules of a game (or the terminal's part) in `lang` (default: the current
    language), English where there is no translation."""
    lang = check(lang) if lang else language()
    path = rules_path(game_id, lang if translated(game_id, lang, terminal) else "en", terminal)
    return path.read_text(encoding="utf-8")
