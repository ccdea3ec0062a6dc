"""Where a server's bots think (lama.web.workers.Bots): a cheap bot in the server's thread, a
slow one in the process pool; a cheap bot measured slow for a while (a busy machine, a garbage
collection) goes to the pool and comes back once its decisions are cheap again."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

from lama.games import new_game
from lama.match.table import Elsewhere, Table
from lama.web.workers import CHEAP, Bots

from .helpers import run


def test_a_cheap_bot_measured_slow_once_comes_back_from_the_pool():
    table = Table(new_game("lama", 2), [Elsewhere("heuristic"), Elsewhere("heuristic")], 3)
    while table.wanted() is None:
        table.step()
    pool = ProcessPoolExecutor(1)
    where: list[str] = []

    async def main():
        bots = Bots(pool)
        thinker_decide = bots.thinker.decide

        def in_thread(*args):  # (a spy on the real thinker: which decisions it got)
            where.append("thread")
            return thinker_decide(*args)

        bots.thinker.decide = in_thread
        try:
            key = ("heuristic", "lama")
            await bots.decide(table.wanted(), "lama")
            assert where == ["thread"] and bots.cost[key] < CHEAP
            bots.cost[key] = 10 * CHEAP  # as if its decisions took 20 ms (a busy machine)
            for _ in range(40):
                action, rng = await bots.decide(table.wanted(), "lama")
                assert action in table.wanted().view.legal_actions and isinstance(rng, random.Random)
            assert 1 < len(where) < 40 and bots.cost[key] < CHEAP  # the pool took some, then the thread again
        finally:
            bots.close()

    try:
        run(main())
    finally:
        pool.shutdown()
