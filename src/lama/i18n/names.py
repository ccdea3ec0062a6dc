"""Seats' names as a person reads them.

A seat nobody named gets a default name in English: `Player 2`, `Hard 3` (`lama play`), `Seat 1`
or a bot's level, `Medium` (a table). Those are data like any name: records and the protocol
keep them as they are, the same in every language. Shown to a person, a name that is exactly
such a default is said in the reader's words (`Schwer 3`, `Średni`); any other name is shown as
it was given. The page does the same (`seatNames` in web/static/common.js).
"""

from __future__ import annotations

from lama.i18n import N_, _

# the labels of default names, as lama.core.seats.name and the terminal write them
LABELS = {"Player": N_("Player"), "Random": N_("random"), "Heuristic": N_("heuristic"),
          "Easy": N_("easy"), "Medium": N_("medium"), "Hard": N_("hard"), "Neural": N_("neural")}


def shown(name: str, seat: int) -> str:
    """`name` of the 0-based `seat` in the reader's words if it is a default name (`Hard 3` at
    seat index 2, or a bare level), else as it is."""
    label, _space, number = name.rpartition(" ")
    if not label or number != str(seat + 1):
        label, number = name, ""
    if label == "Seat" and number:  # the table's free seat: a sentence of its own in some languages
        return _("Seat {number}").format(number=number)
    if label not in LABELS:
        return name
    word = _(LABELS[label])
    word = word[:1].upper() + word[1:]
    return f"{word} {number}" if number else word


def shown_names(names) -> list[str]:
    """Every seat's name as shown (see `shown`); a seat number added to names two seats share
    (two bots of one level at a table, or a given name that reads like another seat's default)."""
    words = [shown(name, s) for s, name in enumerate(names)]
    return [f"{w} {s + 1}" if words.count(w) > 1 else w for s, w in enumerate(words)]


def seat_error(text, players: int) -> str:
    """Why `text` is not a seat (lama.core.seats.parse refused it), in the reader's words."""
    typed = str(text).strip()
    if typed.lstrip("-").isdigit():
        return _("there is no seat {seat}: seats are numbered from 1 to {players}").format(
            seat=int(typed), players=players)
    return _("{text} is not a seat number (seats are numbered from 1 to {players})").format(
        text=repr(typed[:20]), players=players)
