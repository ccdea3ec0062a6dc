"""Every table the command line prints fits 80 columns at 2 to 6 players, no figure cut."""

import io
import json
import re

import pytest
from rich.console import Console

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match
from lama.record.ledger import replay_ledger
from lama.record.replay import result_of
from lama.sim.report import run_report
from lama.sim.tournament import run_tournament
from lama.tui.report import print_result
from lama.tui.strength import strength_table
from lama.tui.tournament import print_report, print_table

PLAYERS = range(2, 7)


def at_80(draw) -> str:
    out = io.StringIO()
    draw(Console(file=out, width=80, color_system=None))
    text = out.getvalue()
    for line in text.splitlines():
        assert len(line) <= 80, line
    assert not re.search(r"[\d.%)–]…|…[\d(]", text), text  # no figure cut short (long names may be)
    return text


def figures(text: str) -> list[str]:
    return re.findall(r"\d[\d,.]*", text)


def test_strength_table_fits(capsys):
    cells = [{"game": game, "players": n, "bot": bot, "vs": vs, "games": 2000, "win_rate": rate,
              "low": max(0.0, rate - 0.02), "high": min(1.0, rate + 0.02), "fair_share": 1 / n,
              "mean_seconds_per_decision": 0.01234, "max_seconds_per_decision": slowest, "engine": engine}
             for game in ("komarami", "kadabra") for n in PLAYERS
             for bot, vs, rate, slowest, engine in (("medium", "random", 0.9655, None, "fast"),
                                                   ("hard", "medium", 1.0, 12.5, "core"))]
    text = at_80(lambda console: console.print(strength_table(cells)))
    for shown in ("96.5 (95–99)", "100.0 (98–100)", "17%", "12.3 ms", "12.50 s"):
        assert shown in text
    for n in PLAYERS:
        assert re.search(rf"kadabra\s+{n}\s+medium vs random", text)


@pytest.mark.parametrize("players", [2, 6])
def test_tournament_table_fits(players):
    results = []
    run_tournament(players=players, bots=["heuristic", "random", "easy"], games=2 * players, engine="core",
                   show=results.append)
    result = results[0]
    text = at_80(lambda console: print_table(result, console))
    for i, bot in enumerate(result["bots"]):
        row = next(line for line in text.splitlines() if line.strip().startswith(bot))
        assert f"{100 * result['win_share'][i]:.1f} (" in row and f"{result['rating'][i]:.0f} ±" in row


def test_report_table_fits():
    reports = []
    run_report(game="lama", games=6, engine="core", show=reports.append)
    text = at_80(lambda console: print_report(reports[0], console))
    for n in PLAYERS:
        assert re.search(rf"lama\s+{n}\s+\d+\.\d \(\d+–\d+\)\s+{100 / n:.1f}", text)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("game_id", ["kadabra", "dice"])
def test_replay_fits(players, game_id):
    names = ["Annemarie Schwarzenberg", "Bob", "Christopher Lee", "Dee", "Eve", "Frank"][:players]
    match = Match(new_game(game_id, players), [load_bot("random")] * players, seed=players, names=names)
    match.run()
    data = json.loads(json.dumps(match.record.data))
    state, ledger = replay_ledger(data)
    text = at_80(lambda console: print_result(result_of(state), data["players"], ledger, console))
    for entry in ledger.rounds:
        assert f"Round {entry.round + 1}:" in text
    assert str(max(state.points)) in figures(text)


def test_the_report_plot_reads_plain_numbers_on_its_log_axis():
    pytest.importorskip("matplotlib")
    from lama.sim.plots import report_figure

    reports = []
    run_report(game="lama", games=6, engine="core", show=reports.append)
    fig = report_figure(reports[0])
    fig.canvas.draw()
    games_ax = fig.axes[1]
    labels = [t.get_text() for t in games_ax.get_yticklabels() + games_ax.get_yticklabels(minor=True)]
    shown = [t for t in labels if t]
    assert shown and all(re.fullmatch(r"[\d,.]+", t) for t in shown), shown
