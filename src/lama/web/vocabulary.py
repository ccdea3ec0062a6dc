"""The games' words as GET /api/games serves them (in English, like every machine field): the
page shows each in the reader's language by its English text (static/common.js, `gameInfo`).
Marked here so that they reach the catalogs; tests/web/test_page_words.py fails when a game
describes itself with a word missing here. (A game's name and tagline are marked where the game
declares them, lama.games.)"""

from __future__ import annotations

from lama.i18n import N_

WORDS = (
    # what a seat's cards are called, and the L card
    N_("hand"), N_("display"), N_("llama"), N_("mosquito"),
    # Kadabra's cards
    N_("double 2/3"), N_("double 4/5"),
    N_("2 star"), N_("3 star"), N_("4 star"), N_("5 star"), N_("6 star"),
    N_("2 rectangle"), N_("3 rectangle"), N_("4 rectangle"), N_("5 rectangle"), N_("6 rectangle"),
    # a stack of chips, by the colour a game's `chips` name (the page's chipsEl: "{n} " and the colour)
    N_("{n} black"), N_("{n} white"),
)
