"""Ratings of rated tables, with openskill's Weng-Lin Plackett-Luce model (its defaults: a new
rating is mu 25, sigma 25/3). Every seat of a rated game is an entrant ranked by its points
(fewest first; seats with equal points share a place, as they share a win in C6): a signed-in
player by their handle, a bot seat as its level's player (`bot:hard`), so people see where they
stand against each bot. A person who played without signing in counts as a newcomer (a new
rating) whom nothing is kept of. The shown rating is the lower bound `mu - 3 sigma` (openskill's
ordinal): it rises as a player wins and as the server grows sure of them.
"""

from __future__ import annotations

from functools import cache

from .schema import TableRow

BOT = "bot:"  # a bot level's handle: `bot:hard` (a `:` no person's handle has)


@cache
def model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def entrant(seat) -> str | None:
    """Who a seat is for the ratings: its player, its bot's level, None (nobody kept)."""
    if seat.kind == "bot":
        return BOT + seat.bot
    return seat.player


def places(points: list[int]) -> list[int]:
    """Each seat's place, 1 for the fewest points; equal points, equal place (1, 1, 3)."""
    return [1 + sum(p < mine for p in points) for mine in points]


def rate(row: TableRow, points: list[int], current: dict[str, tuple[float, float]]):
    """The rated game's new ratings: [(handle, mu, sigma, place, seats)] for each handle among
    the seats, from their `current` ones ({handle: (mu, sigma)}; a new rating where none). A bot
    level with several seats at the table moves by the mean of its seats' updates (its best
    place is kept)."""
    m = model()
    who = [entrant(s) for s in row.seats]
    teams = [[m.rating(*current[h]) if h in current else m.rating()] for h in who]
    ranks = places(points)
    new = m.rate(teams, ranks=ranks)
    out = []
    for h in dict.fromkeys(h for h in who if h):
        mine = [(team[0], rank) for other, team, rank in zip(who, new, ranks) if other == h]
        out.append((h, sum(r.mu for r, _ in mine) / len(mine), sum(r.sigma for r, _ in mine) / len(mine),
                    min(rank for _, rank in mine), len(who)))
    return out


def shown(mu: float, sigma: float) -> float:
    """The rating a person sees: the lower bound, one decimal."""
    return round(mu - 3 * sigma, 1)
