"""The rules of each game in plain words (package data), shown by `lama rules` and in-game help."""

from __future__ import annotations

from importlib import resources

RULE_GAMES = ("lama", "komarami", "kadabra", "dice")


def rules_text(game_id: str) -> str:
    """The rules of a game; raises KeyError for a game without a rules text."""
    if game_id not in RULE_GAMES:
        raise KeyError(game_id)
    return resources.files("lama").joinpath("data", "rules", f"{game_id}.md").read_text(encoding="utf-8")
