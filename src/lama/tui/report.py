"""A replayed record as people read it (`lama replay`): one table per round, a row per seat
by name, the points before, every change and the points after, so that they add up."""

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lama.i18n import N_, _, ngettext
from lama.i18n.names import shown_names
from lama.i18n.numbers import number

from .render import ended_text, game_name, short, tell, winners_text

CHANGES = (("penalty", N_("penalty"), "+"), ("bonus", N_("magic chip"), "+"), ("back", N_("chip back"), "-"),
           ("chips", N_("chips"), None))


def round_table(entry, names, game: str) -> Table:
    """One round of a ledger (lama.record.ledger.RoundLedger): before, changes, after."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 2, 0, 0))
    shown = [(key, title, sign) for key, title, sign in CHANGES if key == "penalty" or any(getattr(entry, key))]
    table.add_column(_("player"), no_wrap=True)
    table.add_column(_("before"), justify="right", no_wrap=True)
    for _key, title, _sign in shown:
        table.add_column(_(title), justify="right", no_wrap=True)
    table.add_column(_("after"), justify="right", no_wrap=True)
    for s, name in enumerate(names):
        cells = []
        for key, _title, sign in shown:
            value = getattr(entry, key)[s]
            cells.append("" if not value and key != "penalty" else number(value, sign=True) if sign is None
                         else f"{sign}{number(value)}")
        table.add_row(short(name), number(entry.before[s]), *cells, number(entry.after[s]))
    return table


def print_result(result: dict, names, ledger, console: Console | None = None) -> None:
    """`result` (lama-result/1), the record's player names and the replay's ledger."""
    console = console or Console()
    game = result["game"]
    names = shown_names(names)  # a default name in the reader's words; numbers for two alike (a tournament's bots)
    count = len(result["rounds"])
    players = ngettext("{game}, {n} player", "{game}, {n} players", len(names)).format(
        game=game_name(game), n=number(len(names)))
    rounds = ngettext("{n} completed round", "{n} completed rounds", count).format(n=number(count))
    over = _("; the game is over") if result["finished"] else ""
    console.print(Text(f"{players}: {rounds}{over}.", style="bold"))
    if ledger.rounds and any(ledger.rounds[0].before):  # Kadabra's starting chips
        start = ledger.rounds[0].before
        console.print(Text(_("Everyone started with {points} points.").format(points=number(start[0]))
                           if len(set(start)) == 1 else
                           _("Points at the start: {points}.").format(
                               points=", ".join(f"{n} {number(p)}" for n, p in zip(names, start)))))
    for entry in ledger.rounds:
        console.print(Text("\n" + _("Round {round}: {ended}").format(round=number(entry.round + 1),
                                                                     ended=ended_text(entry, names, game))))
        console.print(round_table(entry, names, game))
    if result["finished"]:
        tell(console, winners_text(result["winners"], result["scores"], names), "bold green")
    else:
        points = ", ".join(f"{names[s]} {number(p)}" for s, p in enumerate(result["scores"]))
        console.print(Text(_("The game is not finished. Points now: {points}.").format(points=points)))
