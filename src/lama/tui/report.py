"""Human-readable output of a replayed record (seats numbered from 1, as people read them)."""

from rich.console import Console
from rich.table import Table

from lama.core import seats as seat_numbers


def print_result(result: dict, console: Console | None = None) -> None:
    console = console or Console()
    n = len(result["scores"])
    table = Table(title=f"{result['game']}: {len(result['rounds'])} completed round(s)")
    table.add_column("round", justify="right")
    table.add_column("ended by")
    for s in range(n):
        table.add_column(seat_numbers.word(s), justify="right")
    for i, r in enumerate(result["rounds"]):
        cells = []
        for s in range(n):
            text = f"+{r['penalties'][s]}"
            if r["returned"][s]:
                text += f" -{r['returned'][s]}"
            cells.append(f"{text} = {r['scores'][s]}")
        table.add_row(str(i), f"{r['ended_by']} ({seat_numbers.word(r['ender'])})", *cells)
    console.print(table)
    if result["finished"]:
        winners = ", ".join(seat_numbers.word(w) for w in result["winners"])
        console.print(f"Game over. Scores {result['scores']}; winner(s): {winners}.")
    else:
        console.print(f"Game not finished. Scores now {result['scores']}.")
