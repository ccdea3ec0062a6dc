"""The game review of a finished table (a part of the Hub; lama.review, issue 39): made once, in
the bot pool (up to some seconds of one core), the first time it is asked for, then stored with
the table; two asking at once wait for the same one.
"""

from __future__ import annotations

import asyncio

from lama.i18n import N_

from .errors import NotFinished


class Reviews:
    """(The Hub's get, db, store, pool.)"""

    async def table_review(self, table_id: str) -> dict:
        live = await self.get(table_id)
        if live.row.status != "finished":
            raise NotFinished(N_("the review is made once the game is over"))
        stored = await self.db(self.store.review, table_id)
        if stored is not None:
            return stored
        making = self._reviews.get(table_id)
        if making is None:
            making = asyncio.ensure_future(self._make_review(table_id, live.table.record.data))
            self._reviews[table_id] = making
        try:
            return await asyncio.shield(making)
        finally:
            if making.done():
                self._reviews.pop(table_id, None)

    async def _make_review(self, table_id: str, record: dict) -> dict:
        made = await asyncio.get_running_loop().run_in_executor(self.pool, review_of, record)
        await self.db(self.store.set_review, table_id, made)
        return made


def review_of(record: dict) -> dict:
    """(In a pool process.) `lama review --json`'s form of a record."""
    from lama.review.game import review, review_json

    return review_json(review(record))
