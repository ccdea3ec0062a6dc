"""L.L.A.M.A. (rules L1–L5): the base game, all data."""

from lama.core import CardGame, CardState, CardTable

CODES = ("1", "2", "3", "4", "5", "6", "L")


class LamaGame(CardGame):
    id = "lama"
    name = "L.L.A.M.A."
    table = CardTable(CODES)
    deck = (8, 8, 8, 8, 8, 8, 8)  # L1
    state_class = CardState
