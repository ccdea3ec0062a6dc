"""Text by the columns it takes at a terminal, the one place the terminal's text is wrapped, cut
and padded: a wide character (Korean, CJK) takes two columns, a combining mark none. The `?`
pager, `lama rules`, the help, the messages and the tables' names all go through it, so no line
is wider than the terminal in any language."""

from __future__ import annotations

import shutil
import unicodedata

ELLIPSIS = "…"
ITEM = ("- ", "* ")  # a list item's continuation lines hang under its text


def terminal_width(fallback: int = 80) -> int:
    """The terminal's columns (COLUMNS where set; `fallback` where there is no terminal)."""
    return shutil.get_terminal_size((fallback, 24)).columns


def char_columns(c: str) -> int:
    if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1


def columns(text: str) -> int:
    """The columns `text` takes on one line of a terminal."""
    return sum(char_columns(c) for c in text)


def cut(text: str, width: int) -> tuple[str, str]:
    """`text` split where its first part fills at most `width` columns (one character at least)."""
    used = 0
    for i, c in enumerate(text):
        used += char_columns(c)
        if used > width and i:
            return text[:i], text[i:]
    return text, ""


def fit(text: str, width: int) -> str:
    """`text` cut to `width` columns, an ellipsis where it was cut (names in tables, prompts)."""
    if columns(text) <= width:
        return text
    return cut(text, max(0, width - 1))[0].rstrip() + ELLIPSIS


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` filled with spaces to `width` columns (on the left where `right`: figures)."""
    space = " " * max(0, width - columns(text))
    return space + text if right else text + space


def wrap(text: str, width: int, keep_words: bool = False) -> list[str]:
    """`text` in lines of at most `width` columns, broken between words; its own line breaks
    and blank lines kept, a line's indentation kept on its continuation lines (a list item's
    under its text). A word wider than the line is broken, unless `keep_words` (a path or a
    link to copy: the terminal folds it)."""
    out: list[str] = []
    for line in text.split("\n"):
        words = line.split()
        if not words:
            out.append("")
            continue
        lead = line[: len(line) - len(line.lstrip())]
        hang = lead + ("  " if line.lstrip().startswith(ITEM) else "")
        first, rest = (lead, hang) if columns(hang) < width // 2 else ("", "")
        current = first
        for word in words:
            room = width - columns(current) - (0 if current.strip() == "" else 1)
            if current.strip() and columns(word) > room:
                out.append(current)
                current, room = rest, width - columns(rest)
            if not current.strip():
                while not keep_words and columns(word) > room:
                    piece, word = cut(word, room)
                    out.append(current + piece)
                    current, room = rest, width - columns(rest)
                current += word
            else:
                current += " " + word
        out.append(current)
    return out


def fill(text: str, width: int, keep_words: bool = False) -> str:
    """`wrap`'s lines as one text."""
    return "\n".join(wrap(text, width, keep_words))
