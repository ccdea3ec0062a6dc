"""The rules of each game as the terminal shows them (`lama rules`, `?` in `lama play`).

Each game declares its player's rules (Game.rules_file, read by Game.rules_text): plain words
with the page's names and numbering, no command-line flags or typed syntax, so the browser shows
them as they are and they can be translated. What only the terminal needs (how to type moves,
the options of `lama play`) lives beside them in rules/terminal/, under the same file name, and
is added here.

English is the file itself; another language's text sits in a folder of the language under the
same name (rules/nl/lama.md, rules/nl/terminal/lama.md). A text missing in a language is shown
in English."""

from __future__ import annotations

from importlib import resources

from lama.games import GAMES
from lama.i18n import language


def rules_path(game_id: str, lang: str = "en", terminal: bool = False):
    """Where a game's rules (or the terminal's part of them) are in `lang`; KeyError for an
    unknown game. The file may not exist for a language."""
    folder, _sep, name = GAMES[game_id].rules_file.rpartition("/")
    parts = [*folder.split("/")] + ([lang] if lang != "en" else []) + (["terminal"] if terminal else [])
    return resources.files("lama").joinpath("data", *parts, name)


def _text(game_id: str, lang: str, terminal: bool) -> str:
    path = rules_path(game_id, lang, terminal)
    if lang != "en" and not path.is_file():
        path = rules_path(game_id, "en", terminal)
    return path.read_text(encoding="utf-8")


def player_rules(game_id: str, lang: str | None = None) -> str:
    """The player's rules (the page's text) in `lang` (default: the current language)."""
    return _text(game_id, lang or language(), False)


def terminal_part(game_id: str, lang: str | None = None) -> str:
    """What the terminal adds to a game's rules; raises KeyError for an unknown game."""
    return _text(game_id, lang or language(), True)


def rules_text(game_id: str, lang: str | None = None) -> str:
    """The rules of a game with the terminal's part; raises KeyError for an unknown game."""
    return player_rules(game_id, lang).rstrip("\n") + "\n\n" + terminal_part(game_id, lang)
