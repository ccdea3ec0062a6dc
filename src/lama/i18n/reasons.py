"""Refusals in a reader's language: why a move is not legal (IllegalAction, the table's Refused:
at the terminal after a refused entry, in the protocol's `illegal` errors) and why a game, its
options or a bot are refused (InvalidOption, UnknownBot: `lama play --target 0`, the protocol's
`bad_options`). A refusal carries a code and parameters; its words are its template in
lama.core.refusals, translated by the catalogs and filled with the parameters (a card by its
name in the game). A player never reads the rule ids: they are in the English `reason` only."""

from __future__ import annotations

from lama.core.refusals import DRIVERS, SAID, english
from lama.games import GAMES

from . import language, translations

CARDS = ("card", "top")  # the parameters that are card codes


def _card(code: str, game: str | None, lang: str) -> str:
    llama = GAMES[game].llama_name if game in GAMES else "llama"
    return translations(lang).gettext(llama) if code == "L" and llama != "llama" else code


def refusal_text(refusal, game: str | None = None, lang: str | None = None) -> str:
    """`refusal` (a lama.core.Refusal) in `lang` (default: the current language), for the game
    `game` (its cards' names). A program's mistake (refusals.DRIVERS) reads the same in every
    language; a key that is no code of the catalogue is a message of the catalogs itself (the
    server's own refusals)."""
    lang = lang or language()
    key, params = refusal.key, dict(refusal.params)
    if key in DRIVERS:
        return english(key, params)
    for field in CARDS:
        if field in params:
            params[field] = _card(params[field], game, lang)
    return translations(lang).gettext(SAID.get(key, key)).format(**params)
