"""The environments' text rendering (`render_mode="ansi"`): the public table and the hand of
the seat whose view is rendered, nothing else. Seats are numbered from 1 here, as people read
them (lama.core.seats); the API and the action ids count from 0.

What a game declares of its own parts (lama.core.display: its marks, zones and notes) is said
from its declarations, in English: the untranslated templates of lama.core.sentences, written by
`english` (no catalogs here)."""

from __future__ import annotations

from lama.core.display import MIDDLE, notes_at
from lama.core.seats import action_text, word
from lama.core.sentences import pick
from lama.games import GAMES


def english(entry: dict, data: dict, you: bool, llama: str = "llama") -> str | None:
    """What an entry of sentences (lama.core.sentences) says of `data` (the JSON of an event, a
    View, an action or a record's move), in English, seats as `seat 2`, cards by their codes;
    None where no case fits."""
    template, plural, params, then = pick(entry, data, you)
    if template is None:
        return None
    values = {key: _parameter(kind, value, llama) for key, (kind, value) in params.items()}
    if plural is not None and values.get("n") != 1:
        template = plural
    return " ".join([template.format(**values), *then])


def _parameter(kind: str, value, llama: str):
    if kind == "llama":
        return llama
    if value is None:
        return ""
    if kind == "cards":
        return " ".join(value)
    if kind in ("seat", "name"):
        return word(value)
    if kind == "number":
        return value + 1
    return value


def declared_lines(view) -> tuple[dict[int, list[str]], list[str]]:
    """What the game of `view` declares, in English: each seat's marks ({seat: labels}) and the
    lines of the middle (each zone, what it holds and its aside; the notes of the middle)."""
    game = GAMES.get(view.game)
    if game is None or not (game.marks or game.zones or game.notes):
        return {}, []
    marks: dict[int, list[str]] = {}
    for mark in game.marks:
        seat = getattr(view, mark.field)
        if seat is not None:
            marks.setdefault(seat, []).append(mark.label)
    data = view.to_json()
    lines = []
    for zone in game.zones:
        if data.get(zone.field) is not None:
            said = [english(entry, data, False, game.llama_name) for entry in (zone.said, zone.aside) if entry]
            lines.append(_capital("   ".join(s for s in said if s)))
    for entry, about, you in notes_at(game.notes, MIDDLE, data):
        text = english(entry, about, you, game.llama_name)
        if text:
            lines.append(_capital(text))
    return marks, lines


def _capital(line: str) -> str:
    """A line starting with a capital: `Seat 3 must draw ...`."""
    return line[:1].upper() + line[1:]


def render_view(view, name: str = "") -> str:
    """A few lines of plain text for `view` (a lama.core.View; seat None: only the public table)."""
    n = view.players
    title = name or view.game
    if view.finished:
        status = "game over, won by " + ", ".join(word(s) for s in view.winners)
    elif view.to_move is None:
        status = "chance to resolve"
    else:
        status = f"{word(view.to_move)} to move"
    lines = [f"{title}: round {view.round + 1}, target {view.target}, {status}"]
    dice = bool(view.dice)
    marks, middle = declared_lines(view)
    for s in range(n):
        shown = (["quit"] if view.quit[s] else []) + marks.get(s, [])
        size = view.hand_sizes[s] if view.hand_sizes else 0
        cards = " ".join(view.displays[s]) if dice else f"{size} cards"
        pointer = ">" if view.to_move == s else " "
        lines.append(f"{pointer} {word(s)}: {view.points[s]:>3} points  {cards}"
                     + (f"  ({', '.join(shown)})" if shown else ""))
    if dice:
        lines.append(f"llama row: {' '.join(view.row) or '-'}   roll: {' '.join(view.roll) if view.roll else '-'}")
        lines.append(f"discarded this round: {' '.join(view.discard_pile) or '-'}")
    else:
        lines.append(f"top: {view.top or '-'}   draw pile: {view.pile_size} cards")
        lines.append(f"discard pile: {' '.join(view.discard_pile) or '-'}")
    lines.extend(middle)
    if not dice and view.seat is not None:
        lines.append(f"hand of {word(view.seat)}: {' '.join(view.hand) or '-'}")
    if view.legal_actions:
        lines.append("legal: " + ", ".join(action_text(a) for a in view.legal_actions))
    return "\n".join(lines) + "\n"
