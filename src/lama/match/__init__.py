"""Drivers: a Table (seats played by bots or from outside, chance from a seeded generator,
the record written as the game goes) and Match, a game between bots."""

from .driver import Match
from .table import Refused, Table, chance_rng, new_seed, seat_rng

__all__ = ["Match", "Refused", "Table", "chance_rng", "new_seed", "seat_rng"]
