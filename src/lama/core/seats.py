"""How people number seats: from 1 (Seat 1 ... Seat N), everywhere a person reads or types one.

The machine numbers them from 0: the Python API, action ids, record files and the JSON `seat`
and `give` fields of the lama-web/1 protocol. The conversion lives here and only here: the
terminal, the command line, the web page's default names and the messages written for people
(IllegalAction and Refused reasons, the protocol's `message`) go through `number` and `word`;
what people type goes through `parse`.
"""

from __future__ import annotations


def number(seat: int) -> int:
    """The seat number a person reads for the 0-based `seat`."""
    return seat + 1


def word(seat: int) -> str:
    """`seat 1` for seat index 0 (lower case, for the middle of a sentence)."""
    return f"seat {seat + 1}"


def name(seat: int, label: str = "Seat") -> str:
    """`Seat 1` (or `Player 1`, `Easy 1` with `label`) for seat index 0: the default name of
    a seat nobody named."""
    return f"{label} {seat + 1}"


def range_text(players: int) -> str:
    return f"seats are numbered from 1 to {players}"


def parse(text: str | int, players: int) -> int:
    """The 0-based index of the seat a person typed as `text` (1..players); ValueError naming
    the range if it is not a seat number or out of range (0 included: old 0-based input fails
    loudly instead of meaning another seat)."""
    typed = str(text).strip()
    if not typed.lstrip("-").isdigit():
        raise ValueError(f"'{typed[:20]}' is not a seat number ({range_text(players)})")
    n = int(typed)
    if not 1 <= n <= players:
        raise ValueError(f"there is no seat {n}: {range_text(players)}")
    return n - 1


def action_text(action) -> str:
    """An action in words for people: `str(action)` with a chip's receiver numbered from 1
    (`play 1 give 3` gives the chip to seat index 2)."""
    if getattr(action, "kind", None) == "play" and action.receiver is not None:
        return f"play {action.card} give {action.receiver + 1}"
    return str(action)
