"""The benchmark table (`lama benchmark`) as the terminal shows it: 80 columns wide with two
references. The numbers are written the English way, as `lama strength`'s (a tool for bot
authors); the words come from the catalogs."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from lama.i18n import _
from lama.sim.benchmark import SEED_BASE, SEEDS_PER_COUNT

from .strength import _time

MARKS = {"above": "▲", "below": "▼", None: ""}


def _share(s: dict) -> str:
    return f"{100 * s['win_share']:.1f} ({100 * s['low']:.0f}–{100 * s['high']:.0f})"


def _difference(d: dict) -> str:
    """`+8.1 ±2.0▲`: points of win share, the half-width of the 95% interval, the mark when
    the interval leaves 0."""
    if d["se"] is None:
        return f"{100 * d['mean']:+.1f}"
    half = 100 * (d["high"] - d["low"]) / 2
    return f"{100 * d['mean']:+.1f} ±{half:.1f}{MARKS[d['significant']]}"


def benchmark_table(result: dict):
    """A rich Table of a benchmark's rows: the bot, then each reference, at each player count."""
    refs = result["references"]
    title = _("Benchmark: {bot} in {game}, {games} games a player count, {field} in the other seats").format(
        bot=result["bot"], game=result["game"], games=f"{result['games']:,}", field=result["field"])
    table = Table(title=title,
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column(_("players"), justify="right", no_wrap=True)
    table.add_column(_("bot"), overflow="fold", min_width=8)
    table.add_column(_("win % (95%)"), justify="right", no_wrap=True)
    for ref in refs:
        table.add_column(_("− {bot}").format(bot=ref), justify="right", no_wrap=True, overflow="fold")
    table.add_column(_("per move"), justify="right", no_wrap=True)
    table.add_column(_("slowest"), justify="right", no_wrap=True)
    for i, row in enumerate(result["rows"]):
        lines = [(result["bot"], row["bot"], [_difference(row["differences"][r]) for r in refs])]
        lines += [(ref, row["references"][ref], [""] * len(refs)) for ref in refs]
        last = len(lines) - 1
        for j, (name, s, differences) in enumerate(lines):
            table.add_row(str(row["players"]) if j == 0 else "", Text(name, style="" if j == 0 else "dim"),
                          _share(s), *differences, _time(s["ms_per_decision"] / 1e3),
                          _time(s["max_ms_per_decision"] / 1e3), end_section=i < len(result["rows"]) - 1 and j == last)
    table.caption = _(
        "Win %: the share of the wins (a tie shares the win), Wilson's 95% interval; fair share 1/players. "
        "− REF: the bot's win share minus REF's in the same games (same seeds, same seat), in points, "
        "± the 95% interval of the paired differences; ▲ significantly above, ▼ below. Per move: the mean "
        "thinking time per decision; slowest: the longest. Game g at N players: seed {base} + {block} N + g, "
        "the bot in seat g mod N; no training uses these seeds.").format(base=f"{SEED_BASE:,}",
                                                                           block=f"{SEEDS_PER_COUNT:,}")
    table.caption_justify = "left"
    return table
