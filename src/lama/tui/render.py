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

from lama.core import CardGame, Game
from lama.core import seats as seat_numbers
from lama.core.display import BUTTON, MIDDLE, notes_at
from lama.core.events import GameOver, RoundScored
from lama.core.sentences import pick
from lama.games import GAMES
from lama.i18n import N_, _, ngettext
from lama.i18n.numbers import number

from .width import columns, fill, fit


def facts(game: str | None):
    """What the terminal asks of a game (names, move kinds): its Game class, or the plain card
    game's for an unknown id."""
    return GAMES.get(game, CardGame)

ENDED_BY = {"empty_hand": N_("emptied a hand"), "all_quit": N_("everyone quit"), "bust": N_("bust"),
            "row_empty": N_("llama row emptied")}


def game_name(game: str | None) -> str:
    """The game's name in the reader's language (the edition's title there)."""
    return _(GAMES[game].name) if game in GAMES else (game or "")


NAME_WIDTH = 14  # names longer than this are shortened in tables and prompts
GROUP_OVER = 12  # a hand of more cards than this is shown grouped: [1]×7 [3]×2 ...


def short(name: str, width: int = NAME_WIDTH) -> str:
    """A name cut to `width` columns (with an ellipsis) for tables and prompts."""
    return fit(name, width)


def card_name(code: str, game: str | None = None) -> str:
    """How a card is written for the player: Komarami's llama card is a mosquito (typed `L`)."""
    llama = facts(game).llama_name
    return _(llama) if code == "L" and llama != "llama" else code


def card_style(code: str) -> str:
    return "bold magenta" if code.startswith("L") else "bold"


def grouped(codes) -> list[tuple[str, int]]:
    """Equal cards together, in the order they come: [(code, count), ...]."""
    out: list[list] = []
    for code in codes:
        if out and out[-1][0] == code:
            out[-1][1] += 1
        else:
            out.append([code, 1])
    return [(c, n) for c, n in out]


def cards_text(codes, highlight=(), game: str | None = None, group: bool | None = None) -> Text:
    """Cards as `[3] [4] [L]` (Komarami: `[mosquito]`); highlighted ones (e.g. playable) are
    underlined and green. A long hand (or `group=True`) is grouped: `[1]×7 [3]×2 [L]`."""
    codes = list(codes)
    if group is None:
        group = len(codes) > GROUP_OVER
    pieces = grouped(codes) if group else [(c, 1) for c in codes]
    text = Text()
    for i, (code, n) in enumerate(pieces):
        if i:
            text.append(" ")
        style = card_style(code) + (" green underline" if code in highlight else "")
        text.append(f"[{card_name(code, game)}]" + (f"×{n}" if n > 1 else ""), style=style)
    return text


def plain_cards(codes, game: str | None = None, group: bool | None = None) -> str:
    """Cards without brackets for tables: `1 3 3 L`, grouped when long: `1×7 3×2 L`."""
    codes = list(codes)
    if not codes:
        return "-"
    if group is None:
        group = len(codes) > 8
    pieces = grouped(codes) if group else [(c, 1) for c in codes]
    return " ".join(card_name(c, game) + (f"×{n}" if n > 1 else "") for c, n in pieces)


def who(seat: int, viewer: int | None, names) -> str:
    return _("You") if seat == viewer else names[seat]


def seat_label(seat: int, viewer: int | None, names, bots=(), width: int = NAME_WIDTH) -> str:
    """A seat's name for a table: shortened, with `(you)` or `(bot)`."""
    mark = _(" (you)") if seat == viewer else (_(" (bot)") if seat in bots else "")
    return short(names[seat], width) + mark


# -- the table -------------------------------------------------------------------------------

def seats_table(view, names, bots=()) -> Table:
    """Every seat: name (bots marked), cards (or display), status and points. Compact enough
    for 6 seats with long names at 80 columns: names are shortened, nothing wraps."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("player"), no_wrap=True)
    dice = bool(view.displays)
    table.add_column(_("display") if dice else _("cards"), justify="left" if dice else "right")
    table.add_column(_("status"), no_wrap=True)
    table.add_column(_("points"), justify="right", no_wrap=True)
    marks = facts(view.game).marks
    for s in range(view.players):
        status = [_("quit") if view.quit[s] else (_("to move") if view.to_move == s and not view.finished
                                                  else _("in"))]
        status += [_(mark.short) for mark in marks if getattr(view, mark.field) == s]
        if dice:
            cards = Text(plain_cards(view.displays[s], view.game) if s < len(view.displays) else "")
        else:
            cards = Text(str(view.hand_sizes[s]) if s < len(view.hand_sizes) else "")
        table.add_row(str(seat_numbers.number(s)), Text(seat_label(s, view.seat, names, bots)), cards,
                      ", ".join(status), str(view.points[s]))
    return table


def table_lines(view, names) -> list[Text]:
    """The public middle of the table: discard pile and draw pile, the game's zones and notes
    (middle_lines), llama row, dice."""
    game = view.game
    lines = []
    if view.top is not None:
        lines.append(Text.assemble(_("Top card: "), cards_text([view.top], game=game), "   ",
                                   ngettext("draw pile: {n} card", "draw pile: {n} cards",
                                            view.pile_size).format(n=view.pile_size)))
    lines.extend(middle_lines(view, names))
    if view.row or view.displays:
        lines.append(Text.assemble(_("Llama row: "), cards_text(view.row) if view.row else Text(_("empty"))))
    if view.dice:
        dice = [_("die {number}: {faces}").format(number=i + 1, faces=" ".join(d)) for i, d in enumerate(view.dice)]
        lines.append(Items(_("Dice faces: {faces}").format(faces=Items.BETWEEN.join(dice)), style="dim"))
    if view.roll is not None:
        lines.append(Text.assemble(_("Your roll: ") if roll_in_hand(view) else _("Last roll: "),
                                   cards_text(view.roll)))
    return lines


def middle_lines(view, names) -> list:
    """What the game declares of the table's middle (lama.core.display), in the reader's words:
    each zone as one line (what it holds, and beside it its aside), then the zone's alert when
    it fits (highlighted, followed by the keys of the legal button moves, which are what it
    asks for), then the notes of the middle."""
    info = facts(view.game)
    if not info.zones and not info.notes:
        return []
    data = view.to_json()
    names = [short(name) for name in names]
    lines: list = []
    for zone in info.zones:
        if data.get(zone.field) is None:  # a View without the zone: nothing to show
            continue
        pieces = [say(entry, data, False, view.seat, names, view.game) for entry in (zone.said, zone.aside) if entry]
        lines.append(Items(Items.BETWEEN.join(p for p in pieces if p), sep="   "))
        if zone.under is not None:
            alerts = {**zone.under, "cases": [c for c in zone.under["cases"] if c.get("alert")]}
            alert = say(alerts, data, False, view.seat, names, view.game)
            if alert:
                keys = "   ".join(button_keys(view))
                lines.append(Items(Items.BETWEEN.join([alert, keys] if keys else [alert]), "bold yellow", sep="   "))
    lines.extend(Text(note) for note in notes_said(view, names, MIDDLE, data))
    return lines


def button_keys(view) -> list[str]:
    """The legal button moves the game adds to its family's (its controls beyond those of the
    lama.core class it comes from), with their keys (or first word): `t: Take the stage`."""
    info = facts(view.game)
    family = next(c for c in info.__mro__ if c.__module__ == Game.__module__)
    shared = {c.kind for c in family.controls}
    kinds = {a.kind for a in view.legal_actions} - shared
    return [f"{c.key or c.words[0]}: {_(c.label)}" for c in info.controls
            if c.control == BUTTON and (c.key or c.words) and c.kind in kinds]


def notes_said(view, names, place: str, data: dict | None = None) -> list[str]:
    """The game's notes at `place` (lama.core.display: MIDDLE, TOP, TURN) that fit the view, in
    the reader's words."""
    data = view.to_json() if data is None else data
    said = (say(entry, about, you, view.seat, names, view.game)
            for entry, about, you in notes_at(facts(view.game).notes, place, data))
    return [text for text in said if text]


def move_text(action, game: str | None, names=None) -> str:
    """A move in the reader's words, as the page's move lists and the hints say it (its game's
    control's `said`): `Play a 5`, `Eine Karte ziehen`, `Play a 1 and give a chip to Cem`;
    `names`: the seats' (default: `seat 2`...)."""
    names = names or [seat_word(s) for s in range(6)]
    control = next((c for c in facts(game).controls if c.kind == getattr(action, "kind", None) and c.said), None)
    text = say(control.said, action.to_json(), False, None, names, game, article=False) if control is not None else None
    return text or seat_numbers.action_text(action)  # a move of no control's (never for the built-in games)


class Items:
    """A line listing items (`text`, the items separated by BETWEEN, written with `sep` between
    them) that breaks, where the terminal is too narrow for it, between two items and never
    inside one: a die's faces stay on one line however long a language's words are."""

    BETWEEN = "\0"

    def __init__(self, text: str, style: str = "", indent: int = 2, sep: str = "; "):
        self.pieces, self.style, self.indent, self.sep = text.split(self.BETWEEN), style, indent, sep

    def __rich_console__(self, console, options):
        line = self.pieces[0]
        for piece in self.pieces[1:]:
            if columns(f"{line}{self.sep}{piece}") <= options.max_width:
                line = f"{line}{self.sep}{piece}"
            else:
                yield Text(line + self.sep.rstrip(), style=self.style)
                line = " " * self.indent + piece
        yield Text(line, style=self.style)

    def __str__(self) -> str:
        return self.sep.join(self.pieces)


def roll_in_hand(view) -> bool:
    """Dice: this seat rolled and must now discard or take."""
    return view.roll is not None and any(a.kind in ("discard", "take") for a in view.legal_actions)


def hand_text(view) -> Text:
    """The seat's own hand (sorted, grouped when long), playable cards marked."""
    game = view.game
    playable = {a.card for a in view.legal_actions if a.kind == "play"}
    if view.displays:
        return Text.assemble(_("Your display: "), cards_text(view.displays[view.seat]))
    text = Text.assemble(_("Your hand: "), cards_text(view.hand, playable, game=game))
    if playable:
        order = [c for c in dict.fromkeys(view.hand) if c in playable]
        named = [card_name(c, game) + (_(" (type L)") if card_name(c, game) != c else "") for c in order]
        text.append("   " + _("playable: {cards}").format(cards=", ".join(named)))
    return text


def turn_title(view, names) -> str:
    return " " + _("{game} - round {round} - {name} ({seat}) to move - ends at {target} points").format(
        game=game_name(view.game), round=view.round + 1, name=short(names[view.seat]),
        seat=seat_word(view.seat), target=view.target) + " "


def seat_word(seat: int) -> str:
    """`seat 3` in the reader's language (seats numbered from 1)."""
    return _("seat {number}").format(number=seat_numbers.number(seat))


def turn_screen(view, names, title: str | None = None, bots=()) -> Group:
    parts = [Text(title if title is not None else turn_title(view, names), style="bold reverse")]
    parts.append(seats_table(view, names, bots))
    parts.extend(table_lines(view, names))
    parts.append(hand_text(view))
    return Group(*parts)


# -- what happened ---------------------------------------------------------------------------

def ended_text(r, names, game: str | None = None, viewer: int | None = None) -> str:
    """How a round ended, in words: `Bob emptied their hand`, `everyone quit`."""
    name = who(r.ender, viewer, names)
    you = r.ender == viewer
    if r.ended_by == "empty_hand":
        if facts(game).hand_name == "display":
            return _("you emptied your display") if you else _("{name} emptied their display").format(name=name)
        return _("you emptied your hand") if you else _("{name} emptied their hand").format(name=name)
    if r.ended_by == "all_quit":
        return _("everyone quit")
    if r.ended_by == "bust":
        return _("you busted") if you else _("{name} busted").format(name=name)
    if r.ended_by == "row_empty":
        return _("you emptied the llama row") if you else _("{name} emptied the llama row").format(name=name)
    return f"{_(ENDED_BY.get(r.ended_by, r.ended_by))} ({name})"


def _cards_word(cards) -> str:
    return " ".join(cards)


def event_text(event, viewer: int | None, names, game: str | None = None) -> str | None:
    """One line for an event (already filtered for the viewer), or None for nothing to say: the
    game's sentence for it (lama.core.sentences, the page's too), in the reader's language."""
    if isinstance(event, (RoundScored, GameOver)):
        return None  # shown as a table
    data = event.to_json()
    entry = facts(game).event_sentences().get(data["type"])
    you = data.get("seat") == viewer and viewer is not None
    text = say(entry, data, you, viewer, names, game) if entry else None
    return _generic_event(event, viewer, names) if text is None else text


def say(entry: dict, data: dict, you: bool, viewer: int | None, names, game: str | None,
        article: bool = True) -> str | None:
    """What an entry of sentences (lama.core.sentences) says of `data`, in the reader's language:
    an event's JSON, a View's (a zone, a note: lama.core.display), an action's or a record
    move's (a control's `said` and `done`); `you`: said to the seat it is about; `article`: a
    card with a name of its own is `a mosquito` (an event's card; a move's template has its own
    article: `Play a {card}`). None where no case fits."""
    template, plural, params, then = pick(entry, data, you)
    if template is None:
        return None
    values = {key: _parameter(kind, value, viewer, names, game, article) for key, (kind, value) in params.items()}
    text = ngettext(template, plural, values["n"]) if plural else _(template)
    return " ".join([text.format(**values), *(_(after) for after in then)])


def _parameter(kind: str, value, viewer: int | None, names, game: str | None, article: bool = True):
    """A sentence's parameter as the terminal writes it (lama.core.sentences names the kinds)."""
    if kind == "llama":
        return _(facts(game).llama_name)
    if value is None:
        return ""
    if kind == "card":
        return _a_card(value, game) if article else card_name(value, game)
    if kind == "cards":
        return " ".join(value)
    if kind == "seat":
        return _("you") if value == viewer else names[value]
    if kind == "name":
        return names[value]
    if kind == "number":
        return value + 1
    return value


def _a_card(code: str, game: str | None) -> str:
    name = card_name(code, game)
    return _("a {card}").format(card=name) if name != code else code


def _generic_event(event, viewer, names) -> str:
    """Events of games whose display was not written here yet: their name and public fields
    (the words of the code, not of a catalog: a new game's events get sentences of their own)."""
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


def tell(console, text: str, style: str = "", keep_words: bool = False) -> None:
    """A message wrapped between words to the console's width (lama.tui.width); `keep_words`
    where it carries a path or a link to copy, which the terminal folds if it must."""
    console.print(Text(fill(text, console.width, keep_words), style=style), soft_wrap=True)


# -- the end of a round ------------------------------------------------------------------------

def least_width(table: Table) -> int:
    """The fewest columns `table` takes without cutting a cell that must stay whole: a no_wrap
    column's widest cell or heading, another column's longest word (lama.tui.width)."""
    def words(cell) -> int:
        return max((columns(word) for word in str(cell).split()), default=0)

    widths = [max(columns(str(c)) if column.no_wrap else words(c) for c in (column.header, *column.cells))
              for column in table.columns]
    _top, right, _bottom, left = table.padding
    gaps = (left + right) * len(widths) - (0 if table.pad_edge else left + right)
    return sum(widths) + gaps + (len(widths) + 1 if table.box and table.show_edge else 0)


def round_recap(r, entry, names, game: str | None = None, bots=(), viewer=None, width: int = 80) -> Table:
    """The end of one round: every seat's revealed hand (or display), its penalty, what it
    scored beyond its cards (the ledger's bonus: Kadabra's magic chip),
    chips given back, chips won or lost during the round (Kadabra) and the points before and
    after (`entry`, a lama.record.ledger.RoundLedger: they add up). Where that is wider than
    `width` columns (a 40-column terminal), the compact recap."""
    table = full_recap(r, entry, names, game, bots, viewer)
    return table if least_width(table) <= width else compact_recap(r, entry, names, game, bots, viewer)


def compact_recap(r, entry, names, game: str | None = None, bots=(), viewer=None) -> Table:
    """The recap for a narrow terminal: a seat's penalty and its points before and after (the
    chips are in them), its hand on a line of its own beneath its name."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column(_("player"), overflow="fold")
    table.add_column(_("penalty"), justify="right", no_wrap=True)
    table.add_column(_("points"), justify="right", no_wrap=True)
    for s in range(len(names)):
        hand = plain_cards(r.hands[s], game) if s < len(r.hands) else "?"
        table.add_row(Text(seat_label(s, viewer, names, bots, NAME_WIDTH // 2 + 1)), f"+{number(entry.penalty[s])}",
                      f"{number(entry.before[s])} → {number(entry.after[s])}")
        table.add_row(Text("  " + hand, style="dim"), "", "")
    return table


def full_recap(r, entry, names, game: str | None = None, bots=(), viewer=None) -> Table:
    dice = facts(game).hand_name == "display"
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column(_("player"), no_wrap=True)
    table.add_column(_("display") if dice else _("cards left"))  # wraps between cards, never inside one
    table.add_column(_("penalty"), justify="right", no_wrap=True)
    extra = [(title, values, sign) for title, values, sign in (
        (_("extra"), entry.bonus, "+"), (_("chip back"), entry.back, "-"), (_("chips"), entry.chips, None))
        if any(values)]
    for title, _values, _sign in extra:
        table.add_column(title, justify="right", no_wrap=True)
    table.add_column(_("points"), justify="right", no_wrap=True)
    for s in range(len(names)):
        hand = plain_cards(r.hands[s], game) if s < len(r.hands) else "?"
        row = [Text(seat_label(s, viewer, names, bots)), Text(hand), f"+{number(entry.penalty[s])}"]
        for _title, values, sign in extra:
            row.append("" if not values[s] else number(values[s], sign=True) if sign is None
                       else f"{sign}{number(values[s])}")
        row.append(f"{number(entry.before[s])} → {number(entry.after[s])}")
        table.add_row(*row)
    return table


def score_history(history, names, start, width: int = 80) -> Table:
    """Every round's points per seat (and the change), one row per round; compact enough for
    six seats at 80 columns."""
    n = len(names)
    col = max(5, min(NAME_WIDTH, (width - 7) // max(n, 1) - 2))
    table = Table(title=_("Points after each round"), header_style="bold", box=None, pad_edge=False)
    table.add_column(_("round"), justify="right", no_wrap=True)
    for name in names:
        table.add_column(Text(short(name, col)), justify="right", no_wrap=True)
    table.add_row(_("start"), *[number(p) for p in start])
    previous = list(start)
    for r in history:
        cells = []
        for s in range(n):
            delta = r.scores[s] - previous[s]
            cell = f"{number(r.scores[s])} ({number(delta, sign=True)})"
            cells.append(cell if columns(cell) <= col else number(r.scores[s]))
        previous = list(r.scores)
        table.add_row(number(r.round + 1), *cells)
    return table


def winners_text(winners, scores, names) -> str:
    """The end of the game: who won, and every seat's final points (shown bold green)."""
    order = sorted(range(len(scores)), key=lambda s: (scores[s], s))
    ranking = ", ".join(f"{names[s]} {number(scores[s])}" for s in order)
    points = scores[winners[0]]
    if len(winners) == 1:
        text = ngettext("Game over: {winner} wins with {n} point. Final points: {ranking}.",
                        "Game over: {winner} wins with {n} points. Final points: {ranking}.", points)
        return text.format(winner=names[winners[0]], n=number(points), ranking=ranking)
    text = ngettext("Game over: {winners} share the win with {n} point. Final points: {ranking}.",
                    "Game over: {winners} share the win with {n} points. Final points: {ranking}.", points)
    together = _(" and ").join(names[w] for w in winners)
    return text.format(winners=together, n=number(points), ranking=ranking)
