"""The rules of each game as the terminal shows them (`lama rules`, `?` in `lama play`).

Each game declares its player's rules (Game.rules_file, read by Game.rules_text): plain words
with the page's names and numbering, no command-line flags or typed syntax, so the browser shows
them as they are and they can be translated. What only the terminal needs (how to type moves,
the options of `lama play`) lives beside them in rules/terminal/, under the same file name, and
is added here."""

from __future__ import annotations

from importlib import resources

from lama.games import GAMES


def terminal_part(game_id: str) -> str:
    """What the terminal adds to a game's rules; raises KeyError for an unknown game."""
    folder, _, name = GAMES[game_id].rules_file.rpartition("/")
    path = resources.files("lama").joinpath("data", *folder.split("/"), "terminal", name)
    return path.read_text(encoding="utf-8")


def rules_text(game_id: str) -> str:
    """The rules of a game with the terminal's part; raises KeyError for an unknown game."""
    return GAMES[game_id].rules_text().rstrip("\n") + "\n\n" + terminal_part(game_id)
