"""What `lama tournament` shows on the terminal (lama.sim.tournament and lama.sim.report play
and return the numbers): the results as a table or one JSON object, the progress bar, and the
lines that tell what happened along the way, on stderr."""

from __future__ import annotations

import json
import sys


def tell(line: str) -> None:
    """A line for people running the tournament (failures, restarts, how to resume): on stderr."""
    print(line, file=sys.stderr)


def show(result: dict, print_human, plot_name: str, *, as_json: bool = False, plot: str | None = None) -> None:
    """Print `result` as JSON or for people, then save its plot to `plot` if asked for one."""
    if as_json:
        print(json.dumps(result))
    else:
        print_human(result)
    if plot:
        from lama.sim import plots  # matplotlib: an optional dependency

        getattr(plots, plot_name)(result, plot)
        if not as_json:
            print(f"plot saved to {plot}")


class Progress:
    """rich's progress bar with the time left, on stderr; nothing at all when quiet."""

    def __init__(self, total: int, done: int, quiet: bool, label: str = "games", console=None):
        self.bar = None
        from rich.console import Console

        console = console or Console(stderr=True)
        if quiet or not console.is_terminal:  # a bar in a log file is only noise
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import (
            Progress as Bar,
        )

        self.bar = Bar(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                       TextColumn("[progress.percentage]{task.percentage:>3.0f}%"), TimeElapsedColumn(),
                       TextColumn("left"), TimeRemainingColumn(),
                       console=console, transient=False)
        self.task = self.bar.add_task(label, total=total, completed=done)

    def __enter__(self):
        if self.bar:
            self.bar.start()
        return self

    def advance(self, n: int = 1) -> None:
        if self.bar:
            self.bar.advance(self.task, n)

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()


# -- the results ----------------------------------------------------------------

def _with_ci(value, ci, digits: int, scale: float = 1.0) -> str:
    """`value ±h`, h the larger half of the 95% interval (--json has the interval itself)."""
    if value is None:
        return "-"
    text = f"{value * scale:.{digits}f}"
    if ci is None:
        return text
    half = max(value - ci[0], ci[1] - value) * scale
    return f"{text} ±{half:.{digits}f}"


def _share(value, ci) -> str:
    """A win share in percent with its (asymmetric) Wilson interval: `16.7 (3–56)`."""
    if value is None:
        return "-"
    text = f"{100 * value:.1f}"
    return text if ci is None else f"{text} ({100 * ci[0]:.0f}–{100 * ci[1]:.0f})"


SEATING_WORDS = {"rotate": "rotation", "permute": "permutation"}


def _time_unit(values):
    known = [v for v in values if v]
    top = max(known) if known else 0
    return (1e3, "ms") if top >= 1e-3 else (1e6, "µs")


def _rough(console, deals: int) -> None:
    from lama.sim.stats import MIN_DEALS

    if deals < MIN_DEALS:
        console.print(f"[yellow]Only {deals} deal{'' if deals == 1 else 's'}: with fewer than {MIN_DEALS} the "
                      "intervals are rough guesses; play more games to trust them.[/yellow]")


def _console(console):
    from rich.console import Console

    return console or Console()


def print_table(result: dict, console=None) -> None:
    from rich import box
    from rich.table import Table

    console = _console(console)
    scale, unit = _time_unit(result["sec_per_decision"])
    title = (f"{result['game']}, {result['players']} players, seed {result['seed']}: {result['games']} games "
             f"({result['deals']} deal{'' if result['deals'] == 1 else 's'}, "
             f"each with every {SEATING_WORDS.get(result['seatings'], result['seatings'])} of its table); "
             f"fair win share {100 * result['fair_share']:.1f}%")
    console.print(title)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    for col in ("bot", "seats", "win % (95%)", "points", "per round", unit, "Elo"):
        if col == "bot":  # a long module:callable name folds; numbers never do
            table.add_column(col, overflow="fold", min_width=6)
        else:
            table.add_column(col, justify="right", no_wrap=True)
    for i, bot in enumerate(result["bots"]):
        table.add_row(
            bot, str(result["seats"][i]),
            _share(result["win_share"][i], result["win_share_ci95"][i]),
            _with_ci(result["mean_points"][i], result["mean_points_ci95"][i], 1),
            _with_ci(result["points_per_round"][i], result["points_per_round_ci95"][i], 1),
            _with_ci(result["sec_per_decision"][i], result["sec_per_decision_ci95"][i], 2 if unit == "ms" else 1,
                     scale),
            _with_ci(result["rating"][i], result["rating_ci95"][i], 0),
        )
    console.print(table)
    console.print(f"[dim]Win %: the share of seats won (a tie for the fewest points shares the win), with "
                  f"Wilson's 95% interval. Points: the mean at the game's end; per round: points per round; "
                  f"{unit}: thinking time per decision. ± half of a 95% interval on errors clustered by deal "
                  "(the seatings of a deal share its cards); for Elo a bootstrap over deals. Elo: "
                  "Bradley-Terry fit over every pair of seats at a table (fewer points wins).[/dim]")
    _rough(console, result["deals"])
    threads = " thread(s)" if result["engine"] == "fast" else " worker(s)"
    now = "" if result["games_played_now"] == result.get("games_played") else " now"  # a resumed run: its own
    console.print(f"{result['games_played_now']} games played{now} in {result['elapsed_s']:.1f} s "
                  f"({result['games_per_s']:.1f} games/s) on {result['workers']}{threads}, "
                  f"backend {result['backend']}, engine {result['engine']}")
    if result["games_failed"]:
        console.print(f"[red]{result['games_failed']} game(s) failed; their deals are left out "
                      f"(--json lists them with their seeds)[/red]")
    played = result.get("games_played", len(result["errors"]) + result["games"])
    if not result["complete"] and played < result["games_planned"]:
        # one count of the games played, the one `--resume` goes on from; the table's is smaller
        # when a deal is only partly played (its seatings compare the bots only all together)
        part = (f"; the table counts the {result['games']} of whole deals" if result["games"] < played else "")
        console.print(f"[yellow]incomplete: {played} of {result['games_planned']} planned games played"
                      f"{part}[/yellow]")


# -- the report: luck versus skill ---------------------------------------------------

def print_report(report: dict, console=None) -> None:
    from rich import box
    from rich.table import Table

    strong, field = report["bots"]
    console = _console(console)
    console.print(f"Luck versus skill: {strong} at a table with {field} in every other seat, "
                  f"{report['games_per_table']} games per table (duplicate deals), seed {report['seed']}")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    for col in ("game", "players", "win % (95%)", "fair %", "win/fair", "needed", "no dup."):
        table.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for r in report["rows"]:
        table.add_row(r["game"], str(r["players"]), _share(r["win_share"], r["win_share_ci95"]),
                      f"{100 * r['fair_share']:.1f}",
                      "-" if r["share_over_fair"] is None else f"{r['share_over_fair']:.2f}",
                      _count(r["games_to_tell_apart"]), _count(r["games_to_tell_apart_without_duplicates"]))
    console.print(table)
    console.print(f"[dim]win %: {strong}'s win share, with Wilson's 95% interval; win/fair: that share over "
                  "the fair share. Needed: the games that tell the two bots apart, for a two-sided 5% test to "
                  "see this difference 4 times in 5 (80% power), scaled from the standard error measured here "
                  "with duplicate deals as played here (the error clustered by deal); no dup.: the same with no "
                  "duplicates (every game its own sample).[/dim]")
    _rough(console, min((r.get("deals", 0) for r in report["rows"]), default=0))


def _count(n):
    return "-" if n is None else f"{n:,}"
