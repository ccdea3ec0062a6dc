"""Refusals in a reader's language: why a move is not legal (IllegalAction, the table's Refused:
at the terminal after a refused entry, in the protocol's `illegal` errors) and why a game, its
options or a bot are refused (InvalidOption, UnknownBot: `lama play --target 0`, the protocol's
`bad_options`). A refusal carries a code and parameters; its words are its template in
lama.core.refusals, translated by the catalogs and filled with the parameters (a card by its
name in the game). A player never reads the rule ids: they are in the English `reason` only."""

from __future__ import annotations

from lama.core.refusals import DRIVERS, SAID, english
from lama.games import GAMES

from . import N_, language, translations

CARDS = ("card", "top")  # the parameters that are card codes
# where a record breaks, counted from 1 as people count (the JSON's fields count from 0)
AT_MOVE = N_("round {round}, move {move}: {reason}")
AT_ROUND = N_("round {round}: {reason}")


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


def record_error_text(error, game: str | None = None, lang: str | None = None) -> str:
    """A record's error (lama.record.RecordError) in `lang`: where, counted from 1 (`round 2, move
    5: ...`), and why: its message of the catalogs, the rules' refusal, else its English reason."""
    lang = lang or language()
    t = translations(lang)
    if error.said is not None:
        template, params = error.said
        reason = t.gettext(template).format(**params)
    elif error.refusal is not None and error.refusal.key not in DRIVERS:
        reason = refusal_text(error.refusal, game, lang)
    else:
        reason = error.reason
    if error.round is not None and error.move is not None:
        return t.gettext(AT_MOVE).format(
            round=error.round + 1, move=error.move + 1, reason=reason)
    if error.round is not None:
        return t.gettext(AT_ROUND).format(round=error.round + 1, reason=reason)
    return reason
