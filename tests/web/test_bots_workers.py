"""Where a server's bots think (lama.web.workers.Bots): a cheap bot in the server's thread, a
slow one in the process pool; a cheap bot measured slow for a while (a busy machine, a garbage
collection) goes to the pool and comes back once its decisions are cheap again."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from lama.games import new_game
from lama.match.table import Elsewhere, Table
from lama.web import workers
from lama.web.workers import CHEAP, Bots

from .helpers import run

SPENT = CHEAP / 20  # the CPU seconds every decision is measured at: the routing, not this machine's speed


def test_a_cheap_bot_measured_slow_once_comes_back_from_the_pool(monkeypatch):
    table = Table(new_game("lama", 2), [Elsewhere("heuristic"), Elsewhere("heuristic")], 3)
    while table.wanted() is None:
        table.step()
    pool = ThreadPoolExecutor(1)  # (an Executor as the server's process pool is one; here its decisions' cost is set)
    where: list[str] = []
    pool_decide = workers.decide
    monkeypatch.setattr(workers, "decide", lambda *args: (*pool_decide(*args)[:2], SPENT))

    async def main():
        bots = Bots(pool)
        thinker_decide = bots.thinker.decide

        async def in_thread(*args):  # (a spy on the real thinker: which decisions it got)
            where.append("thread")
            action, _ = await thinker_decide(*args)
            return action, SPENT

        bots.thinker.decide = in_thread
        try:
            key = ("heuristic", "lama")
            await bots.decide(table.wanted(), "lama")
            assert where == ["thread"] and bots.cost[key] < CHEAP
            bots.cost[key] = 10 * CHEAP  # as if its decisions took 20 ms (a busy machine)
            for _ in range(40):
                action, rng = await bots.decide(table.wanted(), "lama")
                assert action in table.wanted().view.legal_actions and isinstance(rng, random.Random)
            # the pool took them until the mean cost fell under CHEAP (23 of them), then the thread again
            cost, pooled = 10 * CHEAP, 0
            while cost >= CHEAP:
                cost, pooled = 0.9 * cost + 0.1 * SPENT, pooled + 1
            assert len(where) == 1 + 40 - pooled and bots.cost[key] < CHEAP
        finally:
            bots.close()

    try:
        run(main())
    finally:
        pool.shutdown()
