"""Who plays which game of a tournament: deals, tables and seatings.

Everything is derived from the tournament seed and the deal index, never from
the order in which games happen to finish, so any backend and any number of
workers plays exactly the same games.

A deal is one game seed: the driver gives every round of it the same cards and
the same draws whoever sits where (match/driver.py). Each deal is played once
per seating of its table, so every bot meets the same luck in every seat.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field

SEATINGS = ("rotate", "permute")


@dataclass(frozen=True)
class GameSpec:
    """What a worker needs to build the game: picklable, no objects."""

    game: str
    players: int
    options: tuple = ()  # sorted (key, value) pairs

    @property
    def options_dict(self) -> dict:
        return dict(self.options)


@dataclass(frozen=True)
class Task:
    """One game: deal `deal` played with seating number `seating`."""

    deal: int
    seating: int
    seed: int  # the Match seed of the deal: reproduces the game
    bots: tuple[str, ...]  # bot name per seat

    @property
    def key(self) -> tuple[int, int]:
        return (self.deal, self.seating)


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of a deal: a hash, so that tournaments with nearby seeds share no deals."""
    digest = hashlib.sha256(f"lama-tournament:{seed}:{deal}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass
class Plan:
    """The games of a tournament, in a fixed order: deal by deal, each deal's seatings in turn.

    Made lazily: the plan keeps each deal's table and where its games start (a few bytes a
    deal) and builds a deal's tasks when asked, so a plan of a million games costs a few
    megabytes. A game's
    position is its index in that order (0 to `size` - 1)."""

    spec: GameSpec
    bots: tuple[str, ...]  # as given: a table (len == players) or a pool
    seed: int
    games: int  # asked for; the plan rounds up to whole deals
    seatings: str = "rotate"
    deals: int = field(init=False)
    size: int = field(init=False)  # the games planned (len(tasks))

    def __post_init__(self):
        self._pool = pool = tuple(dict.fromkeys(self.bots))
        index = {name: i for i, name in enumerate(pool)}
        starts = array("Q", [0])
        tables = array("B" if len(pool) <= 256 else "H")  # each deal's table, as indices into the pool
        count = deal = 0
        while count < self.games:
            table = self._draw_table(deal)
            tables.extend(index[name] for name in table)
            count += len(seat_orders(table, self.seatings))
            deal += 1
            starts.append(count)
        self.deals, self.size = deal, count
        self._starts = starts if count >= 2 ** 32 else array("I", starts)  # 4 bytes a deal
        self._tables = tables

    def start(self, deal: int) -> int:
        """The position of the first game of `deal` (`size` for `deals`)."""
        return self._starts[deal]

    def position(self, key: tuple[int, int]) -> int | None:
        """The position of the game (deal, seating), or None when the plan has no such game."""
        deal, seating = key
        if not (0 <= deal < self.deals and 0 <= seating < self._starts[deal + 1] - self._starts[deal]):
            return None
        return self._starts[deal] + seating

    def deal_tasks(self, deal: int) -> list[Task]:
        """The games of a deal, one per seating of its table."""
        gseed = deal_seed(self.seed, deal)
        return [Task(deal, i, gseed, seating) for i, seating in enumerate(seat_orders(self.table(deal), self.seatings))]

    def iter_tasks(self) -> Iterator[Task]:
        """Every game of the plan, in order, made as it is asked for."""
        for deal in range(self.deals):
            yield from self.deal_tasks(deal)

    @property
    def tasks(self) -> list[Task]:
        """Every game of the plan as a list (for small plans: iter_tasks for large ones)."""
        return list(self.iter_tasks())

    @property
    def pool(self) -> list[str]:
        """The distinct bots, in the order first given (the order of every table of results)."""
        return list(self._pool)

    def table(self, deal: int) -> tuple[str, ...]:
        """The bots at the table of a deal, in a seeded order (drawn once, when the plan was made:
        see _draw_table)."""
        if not 0 <= deal < self.deals:
            return self._draw_table(deal)
        pool, n = self._pool, self.spec.players
        return tuple(pool[i] for i in self._tables[deal * n:(deal + 1) * n])

    def _draw_table(self, deal: int) -> tuple[str, ...]:
        """The bots at the table of a deal, in a seeded order.

        `bots` naming exactly one bot per seat is the table itself (repeats allowed);
        otherwise it is a pool: each bot sits players // len(pool) times and the seats
        left over go to distinct bots drawn for this deal, so over many deals every
        bot plays equally often and meets every other. The order is shuffled per deal
        so that who sits after whom changes too (rotations keep it).
        """
        n = self.spec.players
        rng = random.Random(f"lama-table:{self.seed}:{deal}")
        if len(self.bots) == n:
            table = list(self.bots)
        else:
            pool = list(self._pool)
            table = pool * (n // len(pool)) + rng.sample(pool, n % len(pool))
        rng.shuffle(table)
        return tuple(table)


def seat_orders(table: tuple[str, ...], how: str = "rotate") -> list[tuple[str, ...]]:
    """The distinct seatings of a table: its rotations, or all its permutations."""
    n = len(table)
    if how == "rotate":
        orders = (tuple(table[(s + r) % n] for s in range(n)) for r in range(n))
    elif how == "permute":
        orders = (tuple(table[i] for i in p) for p in itertools.permutations(range(n)))
    else:
        raise ValueError(f"unknown seatings {how!r} (known: {', '.join(SEATINGS)})")
    return list(dict.fromkeys(orders))


def check_bots(bots: list[str], players: int) -> None:
    """A pool (any size other than `players`) may not repeat a bot."""
    if not bots:
        raise ValueError("--bots needs at least one bot")
    if len(bots) != players and len(set(bots)) != len(bots):
        raise ValueError(
            f"--bots lists {len(bots)} names for {players} seats: a pool of bots, which may not "
            f"repeat a name (to repeat bots at one table, name exactly {players}, one per seat)"
        )
