"""`lama tournament --report`: how much of these games is luck, and how much skill?

One bot (the first of --bots) sits at a table with copies of another (the
second) at 2 to 6 players in every game, with duplicate deals. For each table:
how far its win share is from the fair share 1/players, and how many games it
takes to tell the two bots apart: the games a two-sided 5% test needs to see
that difference 4 times in 5, with duplicate deals (the standard error
clustered by deal) and without them (every game its own sample).
"""

from __future__ import annotations

from lama.bots import UnknownBot, load_bot
from lama.core.game import MAX_PLAYERS, MIN_PLAYERS
from lama.games import GAMES, new_game

from . import stats
from .schedule import GameSpec, Plan
from .summary import summarize
from .tally import Tally
from .tournament import NoProgress, UsageError, backend_for, choose_engine, play, silent

DEFAULT_BOTS = ["heuristic", "random"]
DEFAULT_GAMES = 120  # whole deals at every table size from 2 to 6


def plans(games: list[str], players: list[int], bots: list[str], per_table: int, seed: int,
          options: dict) -> list[Plan]:
    strong, field = bots
    return [Plan(GameSpec(g, n, tuple(sorted(options.items()))), (strong,) + (field,) * (n - 1), seed,
                 per_table, "rotate")
            for g in games for n in players]


def row(plan: Plan, results) -> dict:
    """The report's row of a table (`results`: its Tally, or game summaries by (deal, seating))."""
    s = summarize(plan, results)
    share, se, single = s["win_share"][0], s["win_share_se"][0], s["win_share_se_single"][0]
    edge = None if share is None else share - s["fair_share"]
    return {
        "game": plan.spec.game, "players": plan.spec.players, "games": s["games"], "deals": s["deals"],
        "win_share": share, "win_share_ci95": s["win_share_ci95"][0], "fair_share": s["fair_share"],
        "edge": edge, "share_over_fair": None if share is None else share / s["fair_share"],
        "games_to_tell_apart": stats.games_to_tell_apart(s["games"], se, edge),
        "games_to_tell_apart_without_duplicates": stats.games_to_tell_apart(s["games"], single, edge),
        "games_failed": s["games_failed"],
    }


def run_report(*, bots: list[str] | None = None, game: str | list[str] | None = None,
               players: int | list[int] | None = None,
               target: int | None = None, seed: int | None = None, games: int | None = None,
               backend: str = "local", workers: int | None = None, address: str | None = None,
               chunk: int | None = None, on_error: str = "stop", decision_timeout: float | None = None,
               engine: str = "auto", show=silent, tell=silent, progress=NoProgress) -> int:
    """Play the luck-versus-skill tables and hand the report to `show(report)` (`tell` and
    `progress` as for tournament.run_tournament); return the exit code of `lama tournament
    --report`. `game`, `players`: one game or table size, or a list of them (default: all);
    `games`: per table (default DEFAULT_GAMES).

    Raises UsageError or BackendError when the run cannot start."""
    bots = bots or DEFAULT_BOTS
    if len(bots) != 2:
        raise UsageError("--report compares two bots: --bots STRONG,FIELD (the first at a table of copies "
                         "of the second)")
    try:
        for name in bots:
            load_bot(name)
    except UnknownBot as e:
        raise UsageError(str(e)) from None
    game_ids = [game] if isinstance(game, str) else list(dict.fromkeys(game or GAMES))
    players = [players] if isinstance(players, int) else sorted(set(players or range(MIN_PLAYERS, MAX_PLAYERS + 1)))
    options = {"target": target} if target is not None else {}
    for g in game_ids:
        for n in players:
            new_game(g, n, options)  # InvalidOption: a clear error, exit 2
    seed = seed or 0
    per_table = games or DEFAULT_GAMES
    all_plans = plans(game_ids, players, bots, per_table, seed, options)
    fast = choose_engine(engine, bots, None)
    backend, chunk = backend_for(fast, backend, workers, address, chunk, tell)
    tallies = [Tally(plan) for plan in all_plans]
    try:
        try:
            outcome = play(list(zip(all_plans, tallies)), backend, None, None, on_error, chunk, progress,
                           decision_timeout, tell)
        finally:
            backend.close()
        report = {"bots": bots, "games_per_table": per_table, "seed": seed, "options": options,
                  "rows": [row(p, t) for p, t in zip(all_plans, tallies)],
                  "complete": all(t.played == p.size for p, t in zip(all_plans, tallies)),
                  "elapsed_s": outcome["elapsed_s"], "engine": "fast" if fast else "core"}
    finally:
        for tally in tallies:
            tally.close()
    show(report)
    if outcome["backend_error"]:
        tell(f"lama tournament: {outcome['backend_error']}")
    if outcome["interrupted"]:
        return outcome["exit"]
    return 1 if outcome["backend_error"] or outcome["stopped_on_error"] else 0
