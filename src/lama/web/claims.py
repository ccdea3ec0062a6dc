"""A seat claimed from another device (a part of the Hub): a person who took a seat without
signing in, and moved to a device that has only the table's link or the invitation, asks the
table for their seat; the people seated there confirm ("Bob says this is his seat: let him in?")
or refuse. The first yes gives the seat a new token, sent to the claimant alone; the old token
stops working, and its connections are told the seat moved to another device and are closed.

The WebSocket messages (docs/server.md, "Claiming a seat from another device"):
- a spectator's `{"type": "claim", "seat": S, "name": N}` → the seated people's connections get
  `{"type": "claim", "claim": ID, "seat": S, "name": N}`, the claimant `{"type": "claim_sent", ...}`;
- a seated person's `{"type": "confirm", "claim": ID, "accept": true|false}` → the claimant gets
  `{"type": "claimed", "seat": S, "token": T}` or `{"type": "claim_refused", "claim": ID, "seat": S}`,
  the seated people `{"type": "claim_over", "claim": ID, "granted": true|false}`.
A claim lasts CLAIM_SECONDS, or until its claimant's connection goes; memory only (a restart
forgets it: the claimant asks again).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field

from lama.core import seats as seat_numbers
from lama.core.jsonform import is_int, shown
from lama.i18n import N_, localized

from .errors import BadRequest, ClaimPending, NobodyToConfirm, NoClaim, NotRunning, NotSeated
from .live import LiveTable
from .messages import Connection, seated
from .requests import name_of
from .schema import token_hash

CLAIM_SECONDS = 120.0  # a claim nobody answered lapses after this long
CLOSE_SEAT_MOVED = 4001  # the close of a connection whose seat went to another device
SEAT_MOVED = N_("your seat was taken to another device, as the table agreed: this link is no longer the seat")


@dataclass
class Claim:
    id: str
    seat: int
    name: str
    claimant: Connection
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)


class Claims:
    """(The Hub's store, db, changed; a LiveTable's `claims`.)"""

    async def claim(self, live: LiveTable, connection: Connection, seat, name=None) -> None:
        """A spectator says a person's seat is theirs: the seated people are asked."""
        if connection.seat is not None:
            raise BadRequest(N_("you hold a seat at this table already"))
        async with live.lock:
            if live.row.status == "finished":
                raise NotRunning(N_("the game is over: there is no seat to claim"))
            if not is_int(seat) or not 0 <= seat < live.row.players or not live.person(seat):
                raise BadRequest(N_("only a seat a person has taken can be claimed, not {seat}"), seat=shown(seat))
            if any(c.seat == seat for c in live.claims.values()):
                raise ClaimPending(N_("someone is claiming this seat already: wait for the table's answer"))
            askers = seated(live)
            if not askers:
                raise NobodyToConfirm(N_("nobody at the table can confirm it now: the seat's links are with the "
                                         "people seated there"))
            name = live.row.seats[seat].name or seat_numbers.name(seat) if name is None else name_of(name)
            claim = Claim(secrets.token_urlsafe(9), seat, name, connection)
            live.claims[claim.id] = claim
            claim.timer = asyncio.get_running_loop().call_later(
                CLAIM_SECONDS, lambda: asyncio.ensure_future(self._lapse(live, claim.id)))
            asked = {"type": "claim", "claim": claim.id, "seat": seat, "name": name}
            for c in askers:
                c.send(asked)
            connection.send({"type": "claim_sent", "claim": claim.id, "seat": seat})

    async def confirm(self, live: LiveTable, connection: Connection, claim_id, accept) -> None:
        """A seated person answers a claim: yes gives the seat to the claimant, no refuses it."""
        if connection.seat is None:
            raise NotSeated(N_("only the people seated at the table answer a claim"))
        if not isinstance(accept, bool):
            raise BadRequest(N_("{name} is true or false"), name="accept")
        async with live.lock:
            claim = live.claims.get(claim_id) if isinstance(claim_id, str) else None
            if claim is None:
                raise NoClaim(N_("this claim was answered already, or it lapsed"))
            self._close_claim(live, claim)
            if not accept or claim.claimant.closed:
                claim.claimant.send({"type": "claim_refused", "claim": claim.id, "seat": claim.seat})
                self._tell_over(live, claim, False)
                return
            token = secrets.token_urlsafe(24)
            await self.db(self.store.move_seat, live.id, claim.seat, token_hash(token))
            s = live.row.seats[claim.seat]
            s.token_hash, s.player = token_hash(token), None
            for c in list(live.connections):  # the seat's old devices
                if c.seat == claim.seat:
                    c.end({"type": "error", "code": "seat_moved", "message": localized(SEAT_MOVED, c.lang)},
                          CLOSE_SEAT_MOVED)
                    live.connections.discard(c)
            claim.claimant.send({"type": "claimed", "seat": claim.seat, "token": token})
            self._tell_over(live, claim, True)
            await self.changed(live)

    def drop_claims(self, live: LiveTable, connection: Connection) -> None:
        """(Under the lock.) A claimant's connection went: their claim lapses."""
        for claim in [c for c in live.claims.values() if c.claimant is connection]:
            self._close_claim(live, claim)
            self._tell_over(live, claim, False)

    async def _lapse(self, live: LiveTable, claim_id: str) -> None:
        async with live.lock:
            claim = live.claims.get(claim_id)
            if claim is not None:
                self._close_claim(live, claim)
                claim.claimant.send({"type": "claim_refused", "claim": claim.id, "seat": claim.seat, "lapsed": True})
                self._tell_over(live, claim, False)

    @staticmethod
    def _close_claim(live: LiveTable, claim: Claim) -> None:
        live.claims.pop(claim.id, None)
        if claim.timer is not None:
            claim.timer.cancel()

    def _tell_over(self, live: LiveTable, claim: Claim, granted: bool) -> None:
        for c in seated(live):
            c.send({"type": "claim_over", "claim": claim.id, "seat": claim.seat, "granted": granted})
