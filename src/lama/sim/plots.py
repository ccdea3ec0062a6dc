"""Plots of a tournament and of the luck-versus-skill report (matplotlib, optional).

Figures are drawn with matplotlib's object API on the Agg canvas: no window, no
global pyplot state, safe in a server or a test.
"""

from __future__ import annotations


def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _errors(values, cis):
    """Asymmetric error bars (below, above) from intervals; none where unknown."""
    below = [0.0 if v is None or ci is None else v - ci[0] for v, ci in zip(values, cis)]
    above = [0.0 if v is None or ci is None else ci[1] - v for v, ci in zip(values, cis)]
    return [below, above]


def plot_tournament(result: dict, path) -> None:
    """Win share per bot against the fair share, and the Elo ratings, with 95% intervals."""
    bots = result["bots"]
    fig = _figure(max(7.0, 1.6 * len(bots) + 4), 3.8)
    share_ax, elo_ax = fig.subplots(1, 2)
    x = list(range(len(bots)))
    shares = [0.0 if s is None else 100 * s for s in result["win_share"]]
    cis = [None if c is None else [100 * c[0], 100 * c[1]] for c in result["win_share_ci95"]]
    share_ax.bar(x, shares, yerr=_errors(shares, cis), capsize=4, color="tab:blue", alpha=0.8)
    share_ax.axhline(100 * result["fair_share"], color="black", linestyle="--", linewidth=1,
                     label=f"fair share {100 * result['fair_share']:.1f}%")
    share_ax.set_xticks(x, bots, rotation=20)
    share_ax.set_ylabel("win share (%)")
    share_ax.set_title("Win share, 95% interval")
    share_ax.legend(loc="best", fontsize="small")

    ratings = result["rating"]
    if any(r is not None for r in ratings):
        values = [1500.0 if r is None else r for r in ratings]
        elo_ax.errorbar(x, values, yerr=_errors(values, result["rating_ci95"]), fmt="o", capsize=4,
                        color="tab:red")
        elo_ax.axhline(1500, color="grey", linewidth=0.8)
    else:
        elo_ax.text(0.5, 0.5, "one bot: nothing to rate", ha="center", va="center",
                    transform=elo_ax.transAxes)
    elo_ax.set_xticks(x, bots, rotation=20)
    elo_ax.set_ylabel("Elo (mean 1500)")
    elo_ax.set_title("Rating, bootstrap 95% interval")
    fig.suptitle(f"{result['game']}, {result['players']} players, {result['games']} games (seed {result['seed']})")
    fig.savefig(path, dpi=110)


def plot_report(report: dict, path) -> None:
    """Per game: the first bot's win share by table size against 1/players, and the games
    needed to tell the two bots apart (with and without duplicate deals)."""
    report_figure(report).savefig(path, dpi=110)


def report_figure(report: dict):
    """The figure of plot_report."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    strong, field = report["bots"]
    fig = _figure(11, 4.2)
    share_ax, games_ax = fig.subplots(1, 2)
    games = list(dict.fromkeys(r["game"] for r in report["rows"]))
    colors = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown"]
    all_players = sorted({r["players"] for r in report["rows"]})
    share_ax.plot(all_players, [100 / n for n in all_players], "k--", linewidth=1, label="fair share")
    for i, game in enumerate(games):
        rows = [r for r in report["rows"] if r["game"] == game and r["win_share"] is not None]
        color = colors[i % len(colors)]
        players = [r["players"] for r in rows]
        shares = [100 * r["win_share"] for r in rows]
        cis = [None if r["win_share_ci95"] is None else [100 * c for c in r["win_share_ci95"]] for r in rows]
        share_ax.errorbar(players, shares, yerr=_errors(shares, cis), fmt="o-", capsize=3, color=color,
                          label=game)
        dup = [(r["players"], r["games_to_tell_apart"]) for r in rows if r["games_to_tell_apart"]]
        single = [(r["players"], r["games_to_tell_apart_without_duplicates"]) for r in rows
                  if r["games_to_tell_apart_without_duplicates"]]
        if dup:
            games_ax.plot(*zip(*dup), "o-", color=color, label=f"{game}")
        if single:
            games_ax.plot(*zip(*single), "x:", color=color, label=f"{game}, no duplicates")
    share_ax.set_xlabel("players")
    share_ax.set_ylabel(f"{strong} win share (%)")
    share_ax.set_title(f"{strong} against {field}s: win share, 95% interval")
    share_ax.set_xticks(all_players)
    share_ax.legend(fontsize="small")
    games_ax.set_yscale("log")  # ticks at 1, 2, 5, 10, 20, ... written as plain numbers
    games_ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    games_ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
    games_ax.yaxis.set_minor_formatter(NullFormatter())
    games_ax.set_xlabel("players")
    games_ax.set_ylabel("games (log scale)")
    games_ax.set_title("Games to tell them apart (5% test, 80% power)")
    games_ax.set_xticks(all_players)
    games_ax.legend(fontsize="x-small", ncol=2)
    fig.suptitle(f"Luck versus skill, {report['games_per_table']} games per table (seed {report['seed']})")
    return fig
