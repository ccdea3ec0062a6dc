"""A replayed record as people read it (`lama replay`): one table per round, a row per seat
by name, the points before, every change and the points after, so that they add up."""

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lama.core import seats as seat_numbers

from .render import ended_text, short, winners_text

CHANGES = (("penalty", "penalty", "+"), ("magic", "magic chip", "+"), ("back", "chip back", "-"),
           ("chips", "chips", None))


def distinct(names) -> list[str]:
    """The record's names, a seat number added to those two seats share (a tournament's bots)."""
    return [f"{name} {seat_numbers.number(s)}" if names.count(name) > 1 else name for s, name in enumerate(names)]


def round_table(entry, names, game: str) -> Table:
    """One round of a ledger (lama.record.ledger.RoundLedger): before, changes, after."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 2, 0, 0))
    shown = [(key, title, sign) for key, title, sign in CHANGES if key == "penalty" or any(getattr(entry, key))]
    table.add_column("player", no_wrap=True)
    table.add_column("before", justify="right", no_wrap=True)
    for _, title, _ in shown:
        table.add_column(title, justify="right", no_wrap=True)
    table.add_column("after", justify="right", no_wrap=True)
    for s, name in enumerate(names):
        cells = []
        for key, _, sign in shown:
            value = getattr(entry, key)[s]
            cells.append("" if not value and key != "penalty" else f"{value:+d}" if sign is None else f"{sign}{value}")
        table.add_row(short(name), str(entry.before[s]), *cells, str(entry.after[s]))
    return table


def print_result(result: dict, names, ledger, console: Console | None = None) -> None:
    """`result` (lama-result/1), the record's player names and the replay's ledger."""
    console = console or Console()
    game = result["game"]
    names = distinct(list(names))
    count = len(result["rounds"])
    console.print(Text(f"{game}, {len(names)} players: {count} completed round{'' if count == 1 else 's'}"
                       f"{'; the game is over' if result['finished'] else ''}.", style="bold"))
    if ledger.rounds and any(ledger.rounds[0].before):  # Kadabra's starting chips
        start = ledger.rounds[0].before
        console.print(Text(f"Everyone started with {start[0]} points." if len(set(start)) == 1 else
                           "Points at the start: " + ", ".join(f"{n} {p}" for n, p in zip(names, start)) + "."))
    for entry in ledger.rounds:
        console.print(Text(f"\nRound {entry.round + 1}: {ended_text(entry, names, game)}"))
        console.print(round_table(entry, names, game))
    if result["finished"]:
        console.print(winners_text(result["winners"], result["scores"], names))
    else:
        points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(result["scores"]))
        console.print(Text(f"The game is not finished. Points now: {points}."))
