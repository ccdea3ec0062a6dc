"""The strength table (`lama strength`) as the terminal shows it: narrow enough for 80 columns."""

from __future__ import annotations

from rich import box
from rich.table import Table


def _game(cell: dict) -> str:
    """The game, with the options it was played with: `lama (lachen)`, `lama (target 30)`."""
    chosen = [name if value is True else f"{name} {value}" for name, value in cell.get("options", {}).items()]
    return f"{cell['game']} ({', '.join(chosen)})" if chosen else cell["game"]


def strength_table(cells: list[dict]):
    """A rich Table of cells, narrow enough for 80 columns at any player count: the games per
    cell and the engines go to the title and the caption."""
    counts = sorted({c["games"] for c in cells})
    per_cell = f"{counts[0]:,} games per cell" if len(counts) == 1 else "games per cell as listed"
    table = Table(title=f"Strength: {per_cell}, seats rotated; win % with Wilson's 95% interval",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    columns = [("game", "left"), ("players", "right"), ("bot vs others", "left")]
    if len(counts) > 1:
        columns.append(("games", "right"))
    columns += [("win % (95%)", "right"), ("fair", "right"), ("per move", "right"), ("slowest", "right")]
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=name != "bot vs others",
                         overflow="fold", min_width=8 if name == "bot vs others" else None)
    for c in cells:
        games = [f"{c['games']:,}"] if len(counts) > 1 else []
        slowest = c["max_seconds_per_decision"]
        table.add_row(
            _game(c), str(c["players"]), f"{c['bot']} vs {c['vs']}", *games,
            f"{100 * c['win_rate']:.1f} ({100 * c['low']:.0f}–{100 * c['high']:.0f})",
            f"{c['fair_share']:.0%}", _time(c["mean_seconds_per_decision"]),
            "-" if slowest is None else _time(slowest),
        )
    engines = {}
    for c in cells:
        engines.setdefault(c["engine"], []).append(f"{c['bot']} vs {c['vs']}")
    table.caption = ("Per move: the bot's mean thinking time per decision; slowest: its longest (not known "
                     "in compiled code). Engine: " + "; ".join(
                         f"{ENGINE_WORDS.get(e, e)} for {', '.join(dict.fromkeys(p))}" for e, p in engines.items()))
    table.caption_justify = "left"
    return table


ENGINE_WORDS = {"fast": "compiled", "core": "the rules core"}


def _time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{1e6 * seconds:.1f} µs"
    return f"{1e3 * seconds:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
