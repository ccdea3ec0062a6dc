"""The hints (lama.bots.hints) as the terminal shows them: a table of every legal action, best
first by the win chance it shows, the moves that tie with the best marked as ties, and a
paragraph on how they were found (the terminal game's `hint`, once a session, and
`lama hint RECORD`)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from lama.bots.hints import Hints, hints
from lama.core import seats as seat_numbers
from lama.i18n import _, ngettext
from lama.i18n.numbers import number, percent

from .render import least_width, move_text, tell


def seat_name(seat: int, names=None) -> str:
    return names[seat] if names else seat_numbers.word(seat)


def action_words(action, game: str | None, names=None) -> str:
    """The action in the reader's words, a chip's receiver named: `Play a 1 and give a chip to Cem`."""
    return move_text(action, game, names)


TIE = "="  # the mark of the moves that tie with the best (the firm arrow is for a clear best)
BEST = "→"


def ranked(result: Hints) -> list:
    """The rows best first by the win chance the table shows; between equal chances, the bot's
    choice, then the more tried; moves the search never tried (no estimate) last."""
    return sorted(result.rows, key=lambda r: (not r.tries, -(r.value if r.tries else 0),
                                              r.action != result.choice, -r.tries))


def ties(a, b) -> bool:
    """Whether two rows' win chances are a tie: equal as shown (to 0.1%), or their difference
    is within its own 95% margin, 1.96 * sqrt(se_a² + se_b²), the search's uncertainty (a move
    tried once has an unbounded margin and ties with every other)."""
    if not (a.tries and b.tries):
        return False
    if round(a.value * 1000) == round(b.value * 1000):
        return True
    return abs(a.value - b.value) <= 1.96 * (a.stderr ** 2 + b.stderr ** 2) ** 0.5


def marks(rows: list) -> list[str]:
    """The first column for rows best first: the arrow on the best when no other move ties
    with it, else the tie mark on every move that ties with the best."""
    if not rows or not rows[0].tries:
        return [""] * len(rows)
    tied = [ties(rows[0], r) for r in rows[1:]]
    if not any(tied):
        return [BEST] + [""] * (len(rows) - 1)
    return [TIE] + [TIE if t else "" for t in tied]


def budget_words(method: str) -> str:
    """The budget of a search (`rollout, 3000 playouts, ...`) in the reader's words."""
    budget = method.split(", ")[1] if ", " in method else method
    n, _space, unit = budget.partition(" ")
    if not n.isdigit():
        return budget
    if unit == "playouts":
        return ngettext("{n} playout", "{n} playouts", int(n)).format(n=number(int(n)))
    if unit == "iterations":
        return ngettext("{n} iteration", "{n} iterations", int(n)).format(n=number(int(n)))
    return budget


def method_line(result: Hints) -> str:
    """How the estimates were made and what the interval means, in one sentence."""
    budget = budget_words(result.method)
    if result.method.startswith("ismcts"):
        how = _("the hard bot's tree search, {budget}, each on a random deal of the cards this seat "
                "cannot see; the moves it visited most are its best").format(budget=budget)
    elif "halving" in result.method:
        how = _("the hard bot's search, {budget}: each deals the cards this seat cannot see at random and "
                "plays the round out; after each stage the weaker half of the moves is dropped, so the "
                "moves tried most are the best").format(budget=budget)
    else:
        how = _("the hard bot's search, {budget}, spread evenly over the moves").format(budget=budget)
    return _("How: {how}. Win chance: the chance of winning the game after the move, averaged over "
             "its playouts, ± the half-width of its 95% interval. Best first by win chance; {tie} marks "
             "the moves that tie with the best (equal to 0.1%, or closer than the search can tell "
             "apart), {best} a clear best.").format(how=how, tie=TIE, best=BEST)


def hint_table(result: Hints, names=None, width: int = 80, game: str | None = None):
    """A rich Table of the hints, best first by win chance, the best marked (or the moves that
    tie with it), the bot's choice in bold; where that is wider than `width` columns (a
    40-column terminal), the compact one: the move, its win chance and its points."""
    order = ranked(result)
    rows = [(r, r.action == result.choice, mark) for r, mark in zip(order, marks(order))]
    table = Table(title=_("Hints for {name}").format(name=seat_name(result.seat, names)), title_justify="left")
    table.add_column("")
    table.add_column(_("move"))
    table.add_column(_("win chance"), justify="right", no_wrap=True)
    table.add_column(f"± {percent(0.95, 0)}", justify="right", no_wrap=True)
    table.add_column(_("points this round"), justify="right")
    table.add_column(_("tries"), justify="right", no_wrap=True)
    for r, chosen, mark in rows:
        half = "-" if r.stderr == float("inf") else percent(1.96 * r.stderr)
        table.add_row(mark, action_words(r.action, game, names), chance(r), half, points(r),
                      number(r.tries), style="bold" if chosen else None)
    if least_width(table) <= width:
        return table
    table = Table(title=table.title, title_justify="left", box=None, header_style="bold", pad_edge=False)
    table.add_column(_("move"), overflow="fold")
    table.add_column(_("win chance"), justify="right", no_wrap=True)
    table.add_column(_("points this round"), justify="right", overflow="fold")
    for r, chosen, mark in rows:
        table.add_row((mark or " ") + " " + action_words(r.action, game, names), chance(r), points(r),
                      style="bold" if chosen else None)
    return table


def chance(r) -> str:
    return percent(r.value) if r.tries else "-"


def points(r) -> str:
    return number(r.points, 1) if r.tries else "-"


def print_hints(result: Hints, console, names=None, how: bool = True, game: str | None = None) -> None:
    """The table, the method (unless `how` is False: it was said before), what negative points
    mean (if any show), and the choice."""
    console.print(hint_table(result, names, console.width, game))
    if how:
        tell(console, method_line(result), "dim")
    if any(r.tries and r.points < 0 for r in result.rows):
        tell(console, _("Points this round: the points the move is expected to add this round; below "
                        "zero, it is expected to give back or win chips (fewer points is better)."), "dim")
    console.print(Text.assemble(_("The bot would choose: "), (action_words(result.choice, game, names), "bold")))


def show_hints(view, console=None, rng=None, budget: int | None = None, names=None, how: bool = True) -> Hints:
    """Compute and print the hints for `view` (the terminal game's `hint` / `h`)."""
    result = hints(view, rng, budget)
    print_hints(result, console or Console(), names, how, view.game)
    return result
