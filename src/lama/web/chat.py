"""Table chat (PROTOCOL.md's additions: `say` / `said`): a line from a seated person to the other
seated people, never to spectators; never stored, never in the record. A table keeps its last
CHAT_KEPT lines in memory, for a seated person who connects (again) later; a restart forgets them.
The chat is on by default at a private table and off at a public one, unless its creator says
otherwise (`"chat"` in POST /api/tables: requests.table_settings).
"""

from __future__ import annotations

from lama.i18n import N_

from .errors import BadRequest, ChatOff, NotSeated
from .limits import RateLimited
from .messages import Shown, seated

CHAT_LENGTH = 200  # characters in a line
CHAT_KEPT = 20  # lines a table keeps for those who connect later
CHAT_RATE, CHAT_BURST = 0.5, 5  # lines a second a connection may say, and its burst
JOINERS = frozenset("\u200c\u200d")  # (kept: emoji and scripts are made with them; other format characters go)


def say(live: Shown, seat: int | None, text, allowed) -> None:
    """A seated person's line, to every seated connection; `allowed()` takes one from the
    connection's bucket of lines."""
    if seat is None:
        raise NotSeated(N_("the chat is for the people seated at the table"))
    if not live.row.chat:
        raise ChatOff(N_("this table's chat is off: its creator chose so"))
    if not isinstance(text, str):
        raise BadRequest(N_("a chat line is text of 1 to {n} characters"), n=CHAT_LENGTH)
    # one line of what prints: no line breaks, no direction overrides or other invisible controls
    text = "".join(c for c in " ".join(text.split()) if c.isprintable() or c in JOINERS)
    if not text or len(text) > CHAT_LENGTH:
        raise BadRequest(N_("a chat line is text of 1 to {n} characters"), n=CHAT_LENGTH)
    if not allowed():
        raise RateLimited(N_("at most {burst} chat lines at once, then one every {seconds} seconds"),
                          burst=CHAT_BURST, seconds=f"{1 / CHAT_RATE:g}")
    message = {"type": "said", "seat": seat, "text": text}
    live.chat.append(message)
    del live.chat[:-CHAT_KEPT]
    for connection in seated(live):
        connection.send(message)


def earlier(live: Shown, connection) -> None:
    """A seated person who connects gets the table's last lines (marked `earlier`)."""
    if connection.seat is not None:
        for message in live.chat:
            connection.send({**message, "earlier": True})
