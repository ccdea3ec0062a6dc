"""The hints (lama.bots.hints) as the terminal shows them: a table of every legal action, the
bot's choice marked (the terminal game's `hint`, and `lama hint RECORD`)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from lama.bots.hints import Hints, hints
from lama.core import seats as seat_numbers


def hint_table(result: Hints):
    """A rich Table of the hints, the bot's choice marked."""
    table = Table(title=f"Hints for {seat_numbers.word(result.seat)} ({result.method})", title_justify="left")
    table.add_column("")
    table.add_column("action")
    table.add_column("win chance", justify="right")
    table.add_column("± 95%", justify="right")
    table.add_column("points this round", justify="right")
    table.add_column("tries", justify="right")
    for r in sorted(result.rows, key=lambda r: -r.value):
        chosen = r.action == result.choice
        half = "-" if r.stderr == float("inf") else f"{1.96 * r.stderr:.1%}"
        table.add_row(
            "→" if chosen else "",
            seat_numbers.action_text(r.action),
            f"{r.value:.1%}" if r.tries else "-",
            half,
            f"{r.points:.1f}" if r.tries else "-",
            str(r.tries),
            style="bold" if chosen else None,
        )
    return table


def show_hints(view, console=None, rng=None, budget: int | None = None) -> Hints:
    """Compute and print the hints for `view` (the terminal game's `hint` / `h`)."""
    result = hints(view, rng, budget)
    console = console or Console()
    console.print(hint_table(result))
    console.print(f"The bot would choose: [bold]{seat_numbers.action_text(result.choice)}[/bold]")
    return result
