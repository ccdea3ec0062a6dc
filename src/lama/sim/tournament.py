"""`lama tournament`: many games between bots, with duplicate deals, on any backend.

The games are decided by the plan (schedule.py), played by a backend
(backends.py; or in compiled code, fastplay.py, when every bot has a compiled
twin), kept in an output directory as they finish (store.py) and summed up in
the plan's order (summary.py): the same seed gives the same numbers whatever
the backend and the number of workers (all but the timings), on one engine.
"""

from __future__ import annotations

import json
import math
import os
import signal
import sys
import time
from pathlib import Path

from lama.bots import UnknownBot, load_bot
from lama.games import new_game

from .backends import BackendError, make_backend
from .fastplay import FAST_CHUNK, EngineError, FastBackend, use_fast
from .schedule import GameSpec, Plan, check_bots
from .store import SETTINGS, Store, StoreError, save_record
from .summary import summarize
from .worker import stop_on_signals, stop_signal

DEFAULTS = {"game": "lama", "players": 4, "bots": ["heuristic", "random"], "seed": 0,
            "seatings": "rotate", "options": {}}
DEFAULT_GAMES = 100
SHOW_ERRORS = 5  # failures told on stderr as they happen; --json lists them all


def show(result: dict, print_human, plot_name: str, *, as_json: bool = False, plot: str | None = None) -> None:
    """Print `result` as JSON or for people, then save its plot to `plot` if asked for one."""
    if as_json:
        print(json.dumps(result))
    else:
        print_human(result)
    if plot:
        from . import plots  # matplotlib: an optional dependency

        getattr(plots, plot_name)(result, plot)
        if not as_json:
            print(f"plot saved to {plot}")


class UsageError(Exception):
    """Bad arguments: exit 2 with the message."""


# -- settings -----------------------------------------------------------------

def _settings(given: dict, games: int | None, resume: bool, records: str | None,
              store: Store | None) -> tuple[dict, str | None]:
    """The settings of this run and its records directory: as given, or those kept in the
    store when resuming. `given` holds the settings given, None where not given."""
    given = {k: v for k, v in given.items() if v is not None}
    if not resume:
        settings = DEFAULTS | given
        settings["games"] = games or DEFAULT_GAMES
        return settings, records
    if store is None:
        raise UsageError("--resume needs the tournament's directory: --out DIR (or --records DIR)")
    saved = store.read_settings()
    for key, value in given.items():
        if value != saved.get(key):
            show = ",".join(value) if key == "bots" else value
            was = ",".join(saved.get(key) or []) if key == "bots" else saved.get(key)
            raise UsageError(f"{store.dir} holds a tournament with {key} {was}, not {show}: "
                             f"resume it without --{key if key != 'options' else 'target'}, "
                             f"or start a new one in another directory")
    settings = {k: saved[k] for k in SETTINGS}
    settings["games"] = games or saved.get("games", DEFAULT_GAMES)
    if records is None and saved.get("records"):
        records = saved["records"]  # the games still to play are recorded like the others
    return settings, records


def _check(settings: dict) -> None:
    from lama.record.replay import MAX_NAME

    long = [n for n in settings["bots"] if len(n) > MAX_NAME]
    if long:  # bot names are the records' player names
        raise UsageError(f"a bot name has at most {MAX_NAME} characters, not {len(long[0])}")
    try:
        check_bots(settings["bots"], settings["players"])
        for name in dict.fromkeys(settings["bots"]):
            load_bot(name)
    except (ValueError, UnknownBot) as e:
        raise UsageError(str(e)) from None
    new_game(settings["game"], settings["players"], settings["options"])  # InvalidOption: exit 2


def usable_directory(path, flag: str) -> None:
    """--out DIR / --records DIR: a directory, or a path where one can be made; UsageError if not."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UsageError(f"{flag} {path} is a file, not a directory; give a directory (new or existing)")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{flag} {path}: cannot make this directory ({e.strerror or e}); give a directory "
                         f"that exists or can be made") from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise UsageError(f"{flag} {path}: the directory is not writable; give one that is")


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'lama[tournament]' (or matplotlib)") from None


# -- running ------------------------------------------------------------------

def units_of(spec, tasks, workers: int, chunk: int | None, keep_record: bool,
             decision_timeout: float | None = None):
    """Split tasks into units of work: small enough to share out, big enough to pay for the trip."""
    if chunk is None:
        chunk = 1 if workers <= 1 else max(1, min(64, math.ceil(len(tasks) / (8 * workers))))
    return [(spec, tuple(tasks[i:i + chunk]), keep_record, decision_timeout) for i in range(0, len(tasks), chunk)]


class Progress:
    """rich's progress bar with the time left, on stderr; nothing at all when quiet."""

    def __init__(self, total: int, done: int, quiet: bool, label: str = "games", console=None):
        self.bar = None
        from rich.console import Console

        console = console or Console(stderr=True)
        if quiet or not console.is_terminal:  # a bar in a log file is only noise
            return
        from rich.progress import (
            BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn,
            TimeRemainingColumn,
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


def describe_error(error: dict) -> str:
    where = f"deal {error['deal']}, seating {error['seating']}, game seed {error['seed']}"
    seats = ",".join(error["bots"])
    what = {"exception": "raised", "illegal_action": "made an illegal move:", "timeout": "was too slow:",
            "engine_error": "(the rules engine failed)", "setup_error": "could not be set up:"}.get(
        error["kind"], error["kind"])
    who = f"bot {error['bot']!r} (seat {error['seat']})" if error["bot"] is not None else "the game"
    when = "" if error["round"] is None else f" in round {error['round']}"
    line = f"{who} {what} {error['message']}{when} of {where}; seats {seats}"
    if error.get("traceback"):
        last = [ln.strip() for ln in error["traceback"].splitlines() if ln.strip().startswith("File ")]
        if last:
            line += f"\n  at {last[-1]}"
    return line


def play(jobs, backend, store, records, on_error: str, chunk, quiet: bool,
         decision_timeout: float | None = None) -> dict:
    """Play the games missing from each job's results (updated in place); return how it went.

    `jobs` is a list of (plan, results); their games share one progress bar and one backend.
    """
    units, route, total, todo_count = [], {}, 0, 0
    for plan, results in jobs:
        todo = [t for t in plan.tasks if t.key not in results or "error" in results[t.key]]
        units += units_of(plan.spec, todo, backend.workers, chunk, records is not None, decision_timeout)
        route[repr(plan.spec)] = results
        total += len(plan.tasks)
        todo_count += len(todo)
    outcome = {"played": 0, "stopped_on_error": False, "interrupted": False, "backend_error": None,
               "failed": 0, "exit": 0}

    def on_result(unit, games) -> bool:
        results = route[repr(unit[0])]
        go_on = True
        for game in games:
            if "record" in game:
                save_record(records, game)
                del game["record"]
            if store is not None:
                store.append(game)
            results[(game["deal"], game["seating"])] = game
            outcome["played"] += 1
            if "error" in game:
                outcome["failed"] += 1
                if outcome["failed"] <= SHOW_ERRORS:
                    error = game["error"] | {k: game[k] for k in ("deal", "seating", "seed", "bots")}
                    print(f"lama tournament: {describe_error(error)}", file=sys.stderr)
                if on_error == "stop":
                    go_on = False
        progress.advance(len(games))
        if not go_on:
            outcome["stopped_on_error"] = True
        return go_on

    start = time.perf_counter()
    with Progress(total, total - todo_count, quiet) as progress:
        try:
            with stop_on_signals():  # SIGTERM stops the run (and its pool) just like Ctrl-C
                backend.run(units, on_result)
        except KeyboardInterrupt:
            outcome["interrupted"] = True
            outcome["exit"] = 128 + (stop_signal() or signal.SIGINT)  # 130 Ctrl-C, 143 SIGTERM
        except BackendError as e:
            outcome["backend_error"] = str(e)
    outcome["elapsed_s"] = time.perf_counter() - start
    if outcome["failed"] > SHOW_ERRORS:
        print(f"lama tournament: {outcome['failed'] - SHOW_ERRORS} more failed game(s) not shown "
              f"(--json lists every failure)", file=sys.stderr)
    return outcome


# -- output -------------------------------------------------------------------

def _with_ci(value, ci, digits: int, scale: float = 1.0) -> str:
    """`value ±h`, h the larger half of the 95% interval (--json has the interval itself)."""
    if value is None:
        return "-"
    text = f"{value * scale:.{digits}f}"
    if ci is None:
        return text
    half = max(value - ci[0], ci[1] - value) * scale
    return f"{text} ±{half:.{digits}f}"


def _time_unit(values):
    known = [v for v in values if v]
    top = max(known) if known else 0
    return (1e3, "ms") if top >= 1e-3 else (1e6, "µs")


def print_table(result: dict) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console()
    scale, unit = _time_unit(result["sec_per_decision"])
    title = (f"{result['game']}, {result['players']} players, seed {result['seed']}: {result['games']} games "
             f"({result['deals']} deal{'' if result['deals'] == 1 else 's'}, each with every {result['seatings'][:-1]}ion of its table); "
             f"fair win share {100 * result['fair_share']:.1f}%")
    console.print(title)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    for col in ("bot", "seats", "win %", "points", "points/round", f"{unit}/decision", "Elo"):
        if col == "bot":  # a long module:callable name folds; numbers never do
            table.add_column(col, overflow="fold")
        else:
            table.add_column(col, justify="right", no_wrap=True)
    for i, bot in enumerate(result["bots"]):
        table.add_row(
            bot, str(result["seats"][i]),
            _with_ci(result["win_share"][i], result["win_share_ci95"][i], 1, 100),
            _with_ci(result["mean_points"][i], result["mean_points_ci95"][i], 1),
            _with_ci(result["points_per_round"][i], result["points_per_round_ci95"][i], 2),
            _with_ci(result["sec_per_decision"][i], result["sec_per_decision_ci95"][i], 2 if unit == "ms" else 1,
                     scale),
            _with_ci(result["rating"][i], result["rating_ci95"][i], 0),
        )
    console.print(table)
    console.print("[dim]± half of a 95% interval: normal, on standard errors clustered by deal (the seatings "
                  "of a deal share its cards); for Elo a bootstrap over deals. Ties share the win. Elo: "
                  "Bradley-Terry fit over every pair of seats at a table (fewer points wins).[/dim]")
    threads = " thread(s)" if result["engine"] == "fast" else " worker(s)"
    console.print(f"{result['games_played_now']} games played in {result['elapsed_s']:.1f} s "
                  f"({result['games_per_s']:.1f} games/s) on {result['workers']}{threads}, "
                  f"backend {result['backend']}, engine {result['engine']}")
    if result["games_failed"]:
        console.print(f"[red]{result['games_failed']} game(s) failed; their deals are left out "
                      f"(--json lists them with their seeds)[/red]")
    if not result["complete"] and len(result["errors"]) + result["games"] < result["games_planned"]:
        console.print(f"[yellow]incomplete: {len(result['errors']) + result['games']} of "
                      f"{result['games_planned']} planned games played[/yellow]")


# -- the tournament -----------------------------------------------------------

def choose_engine(engine: str, bots, records: str | None, backend: str) -> bool:
    """Whether the games go through the compiled engine (sim/fastplay.py); UsageError when
    --engine fast cannot be had."""
    needs_core = "--records (a record of every game)" if records else (
        f"--backend {backend}" if backend != "local" else None)
    try:
        return use_fast(engine, bots, needs_core)
    except EngineError as e:
        raise UsageError(str(e)) from None


def backend_for(fast: bool, name: str, workers: int | None, address: str | None, chunk: int | None):
    """The backend that plays the games and the games per unit of work: compiled batches in
    this process (on `workers` threads), or the named backend of the Python driver."""
    if fast:
        return FastBackend(workers or 1), chunk or FAST_CHUNK
    return make_backend(name, workers or (None if name == "dask" else 1), address), chunk


def run_tournament(*, game: str | None = None, players: int | None = None, bots: list[str] | None = None,
                   games: int | None = None, seed: int | None = None, target: int | None = None,
                   seatings: str | None = None, backend: str = "local", workers: int | None = None,
                   address: str | None = None, chunk: int | None = None, records: str | None = None,
                   out: str | None = None, resume: bool = False, on_error: str = "stop",
                   decision_timeout: float | None = None, as_json: bool = False, plot: str | None = None,
                   engine: str = "auto") -> int:
    """Play a tournament and print its results (`as_json`: one JSON object, no table or
    progress); return the exit code of `lama tournament`. A setting left None takes its
    default (DEFAULTS), or with `resume` the value kept in `out` (or `records`). `engine`:
    auto, core or fast (sim/fastplay.py); a resumed tournament goes on with the engine it was
    started with, so that every deal's games come from one engine.

    Raises UsageError, StoreError or BackendError when the run cannot start."""
    given = {"game": game, "players": players, "bots": bots, "seed": seed, "seatings": seatings,
             "options": {"target": target} if target is not None else None}
    out = out or records
    store = Store(out) if out else None
    settings, records = _settings(given, games, resume, records, store)
    _check(settings)
    for flag, path in (("--out", out), ("--records", records)):
        if path is not None:
            usable_directory(path, flag)
    if store is not None and not resume and store.exists():
        raise UsageError(f"{store.dir} already holds a tournament: add --resume to continue it, "
                         f"or choose another directory")
    if resume and store is not None:
        started = store.read_settings().get("engine", "core")  # tournaments before the engines: core
        if engine not in ("auto", started):
            raise UsageError(f"{store.dir} holds a tournament played with --engine {started}: resume it with "
                             f"that engine (or without --engine)")
        engine = started
    fast = choose_engine(engine, settings["bots"], records, backend)
    spec = GameSpec(settings["game"], settings["players"], tuple(sorted(settings["options"].items())))
    plan = Plan(spec, tuple(settings["bots"]), settings["seed"], settings["games"], settings["seatings"])
    if len(plan.tasks) != settings["games"] and not as_json:
        print(f"lama tournament: playing {len(plan.tasks)} games, not {settings['games']}: "
              f"{plan.deals} whole deals, each with every seating of its table", file=sys.stderr)

    results = {}
    if store is not None:
        if resume:
            planned = {t.key: t for t in plan.tasks}
            for key, kept in store.read_results().items():
                if key in planned:
                    if list(planned[key].bots) != kept["bots"]:
                        raise StoreError(f"{store.results_path}: the game of deal {key[0]}, seating "
                                         f"{key[1]} was not played by this plan's bots")
                    results[key] = kept
        store.write_settings({k: settings[k] for k in SETTINGS} | {"games": settings["games"]}
                             | ({"records": str(Path(records).resolve())} if records else {})
                             | {"engine": "fast" if fast else "core"})

    backend_name = backend
    backend, chunk = backend_for(fast, backend_name, workers, address, chunk)
    try:
        outcome = play([(plan, results)], backend, store, records, on_error, chunk, as_json, decision_timeout)
    finally:
        backend.close()
        if store is not None:
            store.close()

    result = summarize(plan, results)
    result.update(
        engine="fast" if fast else "core", backend=backend_name, workers=backend.workers,
        games_played_now=outcome["played"],
        elapsed_s=outcome["elapsed_s"],
        games_per_s=outcome["played"] / outcome["elapsed_s"] if outcome["elapsed_s"] > 0 else 0.0,
        interrupted=outcome["interrupted"], stopped_on_error=outcome["stopped_on_error"],
    )
    show(result, print_table, "plot_tournament", as_json=as_json, plot=plot)

    if outcome["backend_error"]:
        print(f"lama tournament: {outcome['backend_error']}", file=sys.stderr)
    if outcome["interrupted"] or outcome["backend_error"] or outcome["stopped_on_error"]:
        if store is not None:
            print(f"lama tournament: {len(results)} games kept in {store.dir}; continue with: "
                  f"lama tournament --resume --out {store.dir}", file=sys.stderr)
        else:
            print("lama tournament: nothing kept (no --out DIR): only the results above remain",
                  file=sys.stderr)
    if outcome["interrupted"]:
        return outcome["exit"]
    if result["games_failed"] and not result["games"]:
        print(f"lama tournament: every game played failed ({result['games_failed']}); there is nothing "
              f"to compare", file=sys.stderr)
        return 1
    return 1 if outcome["backend_error"] or outcome["stopped_on_error"] else 0
