"""What `lama play` shows: a seat's view of the table, what happened, and the results.

Everything is built from a View (lama/core/view.py) and from events already passed through
`event.for_seat`, so nothing here can show a card the seat may not see. Colour only decorates:
every piece of information is also in the words, so the screen reads the same without it.
"""

from __future__ import annotations

import re
from dataclasses import fields

from rich.console import Group
from rich.table import Table
from rich.text import Text

from lama.core.events import (
    Busted, CardDrawn, CardPlayed, CardsDiscarded, ChipReturned, DiceRolled, GameOver, RoundDealt,
    RoundScored, RowCardTaken, SeatQuit,
)

ENDED_BY = {"empty_hand": "emptied a hand", "all_quit": "everyone quit", "bust": "bust",
            "row_empty": "llama row emptied"}


def card_style(code: str) -> str:
    return "bold magenta" if code.startswith("L") else "bold"


def cards_text(codes, highlight=()) -> Text:
    """Cards as `[3] [4] [L]`; highlighted ones (e.g. playable) are underlined and green."""
    text = Text()
    for i, code in enumerate(codes):
        if i:
            text.append(" ")
        style = card_style(code) + (" green underline" if code in highlight else "")
        text.append(f"[{code}]", style=style)
    return text


def who(seat: int, viewer: int | None, names) -> str:
    return "You" if seat == viewer else names[seat]


# -- the table -------------------------------------------------------------------------------

def seats_table(view, names) -> Table:
    """Every seat: name, cards (or display), status and points."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("seat", justify="right")
    table.add_column("player")
    dice = bool(view.displays)
    table.add_column("display" if dice else "cards", justify="left" if dice else "right")
    table.add_column("status")
    table.add_column("points", justify="right")
    for s in range(view.players):
        status = "quit" if view.quit[s] else "in"
        if view.to_move == s and not view.finished:
            status += ", to move"
        if view.magic_chip == s:
            status += ", magic chip"
        if view.forced_draw == s:
            status += ", must draw first"
        if dice:
            cards = cards_text(view.displays[s]) if s < len(view.displays) else Text("")
        else:
            cards = Text(str(view.hand_sizes[s]) if s < len(view.hand_sizes) else "")
        name = names[s] + (" (you)" if s == view.seat else "")
        table.add_row(str(s), name, cards, status, str(view.points[s]))
    return table


def table_lines(view, names) -> list[Text]:
    """The public middle of the table: discard pile and draw pile, stage, llama row, dice."""
    lines = []
    if view.top is not None:
        lines.append(Text.assemble("Top card: ", cards_text([view.top]),
                                   f"   draw pile: {view.pile_size} card(s)"))
    if view.stage is not None:
        white, black = view.stage
        stage = f"Stage: {white + black} chip(s) ({white} white, {black} black)"
        if view.show:
            stage += " - MAGIC SHOW running: play a llama, take the stage (t) or skip (s)"
        lines.append(Text(stage, style="bold yellow" if view.show else ""))
        holder = "in the centre" if view.magic_chip is None else f"held by {names[view.magic_chip]}"
        lines.append(Text(f"Magic chip: {holder}"))
    if view.forced_draw is not None:
        lines.append(Text(f"{names[view.forced_draw]} must draw a card first (rectangle card)"))
    if view.row or view.displays:
        lines.append(Text.assemble("Llama row: ", cards_text(view.row) if view.row else Text("empty")))
    if view.dice:
        faces = "; ".join(f"die {i}: {' '.join(d)}" for i, d in enumerate(view.dice))
        lines.append(Text(f"Dice faces: {faces}", style="dim"))
    if view.roll is not None:
        lines.append(Text.assemble("Last roll: ", cards_text(view.roll)))
    return lines


def hand_text(view) -> Text:
    """The seat's own hand (sorted), playable cards marked, with its penalty if the round ended now."""
    playable = {a.card for a in view.legal_actions if a.kind == "play"}
    if view.displays:
        return Text.assemble("Your display: ", cards_text(view.displays[view.seat]))
    text = Text.assemble("Your hand: ", cards_text(view.hand, playable))
    if playable:
        text.append(f"   playable: {', '.join(sorted(playable))}")
    return text


def turn_screen(view, names, title: str) -> Group:
    parts = [Text(title, style="bold reverse")]
    parts.append(seats_table(view, names))
    parts.extend(table_lines(view, names))
    parts.append(hand_text(view))
    return Group(*parts)


# -- what happened ---------------------------------------------------------------------------

def event_text(event, viewer: int | None, names) -> str | None:
    """One line for an event (already filtered for the viewer), or None for nothing to say."""
    if isinstance(event, RoundDealt):
        top = f"; the first card is {event.discard}" if event.discard is not None else ""
        return f"Round {event.round + 1} is dealt; {names[event.starter]} starts{top}."
    if isinstance(event, CardPlayed):  # a 1's chip (K4) has its own event
        return f"{who(event.seat, viewer, names)} played {event.card}."
    if isinstance(event, CardDrawn):
        forced = " (forced by a rectangle card)" if event.forced else ""
        if event.card is None or event.seat != viewer:
            return f"{who(event.seat, viewer, names)} drew a card{forced}."
        return f"You drew {event.card}{forced}."
    if isinstance(event, SeatQuit):
        return f"{who(event.seat, viewer, names)} quit the round."
    if isinstance(event, ChipReturned):
        why = "emptied hand" if event.rule == "C5" else ("three llamas" if event.rule == "D3a" else event.rule)
        return f"{who(event.seat, viewer, names)} returned a {event.points}-point chip ({why})."
    if isinstance(event, (RoundScored, GameOver)):
        return None  # shown as a table
    if isinstance(event, DiceRolled):
        case = {"three_llamas": " - three llamas!", "match": " - a match", "miss": " - a miss",
                "bust": " - bust!"}.get(event.case, f" ({event.case})")
        return f"{who(event.seat, viewer, names)} rolled {' '.join(event.roll)}{case}."
    if isinstance(event, CardsDiscarded):
        return f"{who(event.seat, viewer, names)} discarded {' '.join(event.cards)}."
    if isinstance(event, RowCardTaken):
        return f"{who(event.seat, viewer, names)} took {event.card} from the llama row."
    if isinstance(event, Busted):
        return f"{who(event.seat, viewer, names)} busted and took every row card: {' '.join(event.cards)}."
    kadabra = _kadabra_event(event, viewer, names)
    return kadabra if kadabra is not None else _generic_event(event, viewer, names)


def _kadabra_event(event, viewer, names) -> str | None:
    """Kadabra's chip events (defined in lama.games.kadabra), recognised by name."""
    kind = type(event).__name__
    subject = who(getattr(event, "seat", -1), viewer, names) if hasattr(event, "seat") else ""
    if kind == "ChipGiven":
        chip = "the magic chip" if event.chip == "magic" else f"a {event.chip} chip"
        return f"{subject} gave {chip} to {'you' if event.to == viewer else names[event.to]}."
    if kind == "MagicChipTaken":
        source = "the centre" if event.source is None else ("you" if event.source == viewer else names[event.source])
        return f"{subject} took the magic chip from {source} (star card)."
    if kind == "ChipStaged":
        return f"{subject} put a {event.chip} chip on the stage (now {sum(event.stage)} chip(s))."
    if kind == "StageTaken":
        chips = event.whites + event.blacks
        return (f"{subject} took the stage: {chips} chip(s) ({event.whites} white, {event.blacks} black), "
                f"{event.whites + 10 * event.blacks} points.")
    if kind == "Skipped":
        return f"{subject} skipped with the magic chip (it goes back to the centre)."
    if kind == "MagicChipScored":
        return f"{subject} held the magic chip at the end of the round: 10 points."
    return None


def _generic_event(event, viewer, names) -> str:
    """Events of games whose display was not written here yet: their name and public fields."""
    words = re.sub(r"(?<!^)([A-Z])", r" \1", type(event).__name__).lower()
    parts = []
    subject = None
    try:
        items = [(f.name, getattr(event, f.name)) for f in fields(event)]
    except TypeError:
        items = []
    for key, value in items:
        if key == "seat" and isinstance(value, int) and 0 <= value < len(names):
            subject = who(value, viewer, names)
        elif value is None or value == () or value is False:
            continue
        elif isinstance(value, tuple):
            parts.append(f"{key.replace('_', ' ')} {' '.join(str(v) for v in value)}")
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    line = (f"{subject}: " if subject else "") + words
    return line + (f" ({', '.join(parts)})" if parts else "") + "."


def round_table(history, names) -> Table:
    """Every completed round: how it ended, each seat's penalty, returned chip and score."""
    table = Table(title="Rounds", header_style="bold")
    table.add_column("round", justify="right")
    table.add_column("ended by")
    for name in names:
        table.add_column(name, justify="right")
    for r in history:
        cells = []
        for s in range(len(names)):
            text = f"+{r.penalties[s]}"
            if r.returned[s]:
                text += f" -{r.returned[s]}"
            cells.append(f"{text} = {r.scores[s]}")
        table.add_row(str(r.round + 1), f"{ENDED_BY.get(r.ended_by, r.ended_by)} ({names[r.ender]})", *cells)
    return table


def winners_text(winners, scores, names) -> Text:
    who_won = " and ".join(names[w] for w in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    order = sorted(range(len(scores)), key=lambda s: (scores[s], s))
    ranking = ", ".join(f"{names[s]} {scores[s]}" for s in order)
    return Text(f"Game over: {who_won} {verb} with {scores[winners[0]]} points. Final points: {ranking}.",
                style="bold green")
