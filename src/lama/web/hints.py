"""Help for a person at the table: a `hint` (the seat to move's legal actions with the hard
bot's win chances, or the network's choice) and a Dice seat's `odds` of its next roll."""

from __future__ import annotations

import asyncio

from lama.core import Action
from lama.i18n import N_

from .errors import NoHints, NoOdds, NotYourTurn
from .messages import Shown


async def hint_message(live: Shown, seat: int | None, pool, bot: str = "hard") -> dict:
    """The `hint` of the seat to move: its legal actions with the hard bot's win chances (in
    `pool`), or with `bot` "neural" the network's choice, in a thread of the server: instant,
    and never queued behind the searches of a busy pool."""
    async with live.lock:
        if not live.row.hints:
            raise NoHints(N_("this table was created without hints"))
        if seat is None or live.table.to_move != seat or live.controller(seat) is not None \
                or live.row.status != "running":
            raise NotYourTurn(N_("hints are for the seat to move"))
        view, version = live.table.view(seat), live.table.version
    if bot == "neural":
        found = await asyncio.to_thread(hint, view, bot)
    else:
        found = await asyncio.get_running_loop().run_in_executor(pool, hint, view)
    return {"type": "hint", "version": version, "seat": seat, **found}


async def odds_message(live: Shown, seat: int | None) -> dict:
    """The `odds` of a Dice seat's next roll."""
    async with live.lock:
        view, version = live.table.view(seat), live.table.version
    if seat is None or not view.dice or live.row.status != "running":
        raise NoOdds(N_("the odds of a roll are for a seat at a Dice table"))
    return {"type": "odds", "version": version, "seat": seat, **(await asyncio.to_thread(odds, view))}


def hint(view, bot: str = "hard") -> dict:
    """In a pool process: every legal action of `view` with the hard bot's win chance, seeded
    from the position (bots.hints.hint_rng): the same advice as the terminal's and `lama hint`'s.
    With `bot` "neural": the network's choice, without estimates (bots.hints.neural_hints)."""
    from lama.bots.hints import hints, hints_json, neural_hints

    return hints_json(neural_hints(view) if bot == "neural" else hints(view), Action.to_json)


def odds(view) -> dict:
    """Dice: the exact odds of the seat's next roll."""
    from lama.games.dice_odds import next_roll_odds

    o, last_seat = next_roll_odds(view)
    return {"three_llamas": float(o.three_llamas), "match": float(o.match), "miss": float(o.miss),
            "bust": float(o.bust), "expected_discard": float(o.expected_discard), "last_seat": last_seat}
