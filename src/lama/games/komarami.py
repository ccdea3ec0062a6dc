"""Lato z Komarami (rule Z1): lama with 7 llamas (mosquitoes), 10 points each. The same game
as L.L.A.M.A. (and the same bots and searches, and its option `lachen`), with other data."""

from lama.core import CardGame, CardKinds
from lama.core.game import deck_option
from lama.core.words import N_

from .lachen import LACHEN_OPTION
from .lama import CODES, LamaGame


class KomaramiGame(LamaGame):
    id = "komarami"
    name = N_("Lato z Komarami")
    tagline = N_("L.L.A.M.A. with mosquitoes instead of llamas: each mosquito left in a hand costs 10 points.")
    rules_file = "rules/komarami.md"
    kinds = CardKinds(CODES, llama_each=True)
    llama_name = "mosquito"
    deck = (8, 8, 8, 8, 8, 8, 7)
    extra_options = CardGame.extra_options + (deck_option(CODES, "Z1", "8 of each number, 7 mosquitoes"),
                                              LACHEN_OPTION)
    pictures = ("5", "6", "L")
