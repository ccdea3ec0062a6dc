"""The rules of each game as the terminal shows them (`lama rules`, `?` in `lama play`).

Each game declares its player's rules (Game.rules_file, read by Game.rules_text): plain words
with the page's names and numbering, no command-line flags or typed syntax, so the browser shows
them as they are and they can be translated. What only the terminal needs (how to type moves,
the options of `lama play`) lives beside them in rules/terminal/, under the same file name, and
is added here. Both in the reader's language where there is a translation (lama.i18n.rules)."""

from __future__ import annotations

from lama.i18n.rules import rules_in

from .width import ITEM, fill


def terminal_part(game_id: str, lang: str | None = None) -> str:
    """What the terminal adds to a game's rules; raises KeyError for an unknown game."""
    return rules_in(game_id, lang, terminal=True)


def rules_text(game_id: str, lang: str | None = None) -> str:
    """The rules of a game with the terminal's part; raises KeyError for an unknown game."""
    return rules_in(game_id, lang).rstrip("\n") + "\n\n" + terminal_part(game_id, lang)


def wrap_rules(text: str, width: int) -> str:
    """The rules (markdown, hard-wrapped) re-wrapped to `width` columns (lama.tui.width): a
    paragraph's or a list item's lines joined and wrapped between words, list items with a
    hanging indent, headings and blank lines kept. A column is left free at the right edge."""
    blocks: list[list[str]] = []  # a heading, a paragraph, an item; [] a blank line
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith(("#", *ITEM)) and blocks and blocks[-1] \
                and not blocks[-1][0].startswith("#"):
            blocks[-1].append(stripped)
        else:
            blocks.append([stripped] if stripped else [])
    return fill("\n".join(" ".join(block) for block in blocks), max(20, width - 1)) + "\n"


def rules_page(game_id: str, width: int, lang: str | None = None) -> str:
    """`lama rules GAME` at a terminal `width` columns wide."""
    return wrap_rules(rules_text(game_id, lang), width)
