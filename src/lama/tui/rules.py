"""The rules of each game as the terminal shows them (`lama rules`, `?` in `lama play`).

Each game declares its player's rules (Game.rules_file, read by Game.rules_text): plain words
with the page's names and numbering, no command-line flags or typed syntax, so the browser shows
them as they are and they can be translated. What only the terminal needs (how to type moves,
the options of `lama play`) lives beside them in rules/terminal/, under the same file name, and
is added here. Both in the reader's language where there is a translation (lama.i18n.rules)."""

from __future__ import annotations

from lama.i18n.rules import rules_in


def terminal_part(game_id: str, lang: str | None = None) -> str:
    """What the terminal adds to a game's rules; raises KeyError for an unknown game."""
    return rules_in(game_id, lang, terminal=True)


def rules_text(game_id: str, lang: str | None = None) -> str:
    """The rules of a game with the terminal's part; raises KeyError for an unknown game."""
    return rules_in(game_id, lang).rstrip("\n") + "\n\n" + terminal_part(game_id, lang)
