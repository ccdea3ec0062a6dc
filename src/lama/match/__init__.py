"""A driver: a seeded generator resolves chance, seats are bots or humans,
and the record is written as the game goes."""

from .driver import Match, seat_rng

__all__ = ["Match", "seat_rng"]
