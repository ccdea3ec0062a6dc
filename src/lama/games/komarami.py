"""Lato z Komarami (rule Z1): lama with 7 llamas (mosquitoes), 10 points each."""

from lama.core import CardGame, CardState, CardTable

from .lama import CODES


class KomaramiGame(CardGame):
    id = "komarami"
    name = "Lato z Komarami"
    table = CardTable(CODES, llama_each=True)
    deck = (8, 8, 8, 8, 8, 8, 7)
    state_class = CardState
