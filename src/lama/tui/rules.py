"""The rules of each game in plain words, shown by `lama rules` and in-game help.

Each game declares its rules text (Game.rules_file, read by Game.rules_text)."""

from __future__ import annotations

from lama.games import GAMES


def rules_text(game_id: str) -> str:
    """The rules of a game; raises KeyError for a game without a rules text."""
    return GAMES[game_id].rules_text()
