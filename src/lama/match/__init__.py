"""Drivers: a Table (seats played by bots, from outside or by bots computed elsewhere, chance
from a seeded generator, the record written as the game goes) and Match, a game between bots."""

from .driver import Match
from .table import PERSON, Chance, Elsewhere, Move, Refused, Table, Wanted, chance_rng, new_seed, seat_rng

__all__ = ["PERSON", "Chance", "Elsewhere", "Match", "Move", "Refused", "Table", "Wanted", "chance_rng",
           "new_seed", "seat_rng"]
