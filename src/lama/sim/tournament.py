"""`lama tournament`: many games between bots, with duplicate deals, on any backend.

The games are decided by the plan (schedule.py), played by a backend
(backends.py; or in compiled code, fastplay.py, when every bot has a compiled
twin), kept in an output directory as they finish (store.py) and summed up in
the plan's order (summary.py): the same seed gives the same numbers whatever
the backend and the number of workers (all but the timings), on one engine.

In constant memory: the units of work are made from the plan as the backend asks
for them, and each unit's games go to the store and to the tally (tally.py: a
scratch file, read back deal by deal by the summary) as soon as they come back.
"""

from __future__ import annotations

import itertools
import math
import signal
import tempfile
import time
from pathlib import Path

from lama.bots import UnknownBot, load_bot
from lama.games import new_game

from .backends import BackendError, make_backend
from .fastplay import FAST_CHUNK, EngineError, FastBackend, play_fast_chunk, use_fast
from .schedule import GameSpec, Plan, check_bots, seat_orders
from .store import SETTINGS, Store, StoreError, save_record
from .summary import summarize
from .tally import FINISHED, Tally
from .worker import play_chunk, stop_on_signals, stop_signal

DEFAULTS = {"game": "lama", "players": 4, "bots": ["heuristic", "random"], "seed": 0,
            "seatings": "rotate", "options": {}}
DEFAULT_GAMES = 100
SHOW_ERRORS = 5  # failures told on stderr as they happen; --json lists them all


def silent(*_) -> None:
    """What a run tells when nobody listens (the command line passes its own: lama.tui.tournament)."""


class NoProgress:
    """A progress display that shows nothing."""

    def __init__(self, total: int = 0, done: int = 0):
        pass

    def __enter__(self):
        return self

    def advance(self, n: int = 1) -> None:
        pass

    def __exit__(self, *exc):
        pass


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
    planned = saved.get("games", DEFAULT_GAMES)
    if games is not None and games < planned:  # fewer would silently drop games from the plan
        raise UsageError(f"{store.dir} holds a tournament of {planned} games; --games {games} would make it "
                         f"smaller: resume it without --games (it plays the rest of the {planned}), with "
                         f"--games {planned} or more to extend it, or start a new one in another directory")
    settings["games"] = games or planned
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
    try:
        tempfile.TemporaryFile(dir=p).close()  # what counts is whether a file can be made there
    except OSError as e:
        raise UsageError(f"{flag} {path}: cannot write in this directory ({e.strerror or e}); "
                         f"give one that is writable") from None


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'lama[tournament]' (or matplotlib)") from None


# -- running ------------------------------------------------------------------

class Unit(tuple):
    """A unit of work, `(spec, tasks, keep_record, decision_timeout)` (a backend calls its `play`
    with these), and where its games go: the tally of their plan and their positions in it."""

    def __new__(cls, args, tally, positions):
        unit = super().__new__(cls, args)
        unit.tally, unit.positions = tally, positions
        return unit


def chunk_for(todo: int, workers: int, chunk: int | None) -> int:
    """Games per unit of work: small enough to share out, big enough to pay for the trip."""
    if chunk is not None:
        return chunk
    return 1 if workers <= 1 else max(1, min(64, math.ceil(todo / (8 * workers))))


def units_of(plan, tally, chunk: int, keep_record: bool, decision_timeout: float | None = None):
    """The units of the games of `plan` still to play (not finished in `tally`), made as the
    backend asks for them: the plan is never held whole."""
    tasks, positions = [], []
    for pos, task in enumerate(plan.iter_tasks()):
        if tally.status[pos] == FINISHED:
            continue
        tasks.append(task)
        positions.append(pos)
        if len(tasks) == chunk:
            yield Unit((plan.spec, tuple(tasks), keep_record, decision_timeout), tally, positions)
            tasks, positions = [], []
    if tasks:
        yield Unit((plan.spec, tuple(tasks), keep_record, decision_timeout), tally, positions)


def describe_error(error: dict) -> str:
    where = f"deal {error['deal']}, seating {error['seating']}, game seed {error['seed']}"
    seats = ",".join(error["bots"])
    what = {"exception": "raised", "illegal_action": "made an illegal move:", "timeout": "was too slow:",
            "engine_error": "(the rules engine failed)", "setup_error": "could not be set up:"}.get(
        error["kind"], error["kind"])
    who = f"bot {error['bot']!r} (seat {error['seat'] + 1})" if error["bot"] is not None else "the game"
    when = "" if error["round"] is None else f" in round {error['round'] + 1}"
    line = f"{who} {what} {error['message']}{when} of {where}; seats {seats}"
    if error.get("traceback"):
        last = [ln.strip() for ln in error["traceback"].splitlines() if ln.strip().startswith("File ")]
        if last:
            line += f"\n  at {last[-1]}"
    return line


def play(jobs, backend, store, records, on_error: str, chunk, progress=NoProgress,
         decision_timeout: float | None = None, tell=silent) -> dict:
    """Play the games missing from each job's tally (or failed there; the tally is updated);
    return how it went.

    `jobs` is a list of (plan, tally) (tally.py); their games share one progress display and
    one backend, which gets the units of work as it asks for them and keeps a bounded number in
    flight. Each unit's games go, as it comes back, to the store (one write), to the records
    and to the tally: nothing grows with the number of games but the tally's status bytes.
    `progress(total, done)`: that display (a context manager with `advance(n)`); `tell(line)`:
    where the failures go as they happen (lama.tui.tournament shows both on the terminal).
    """
    total = sum(plan.size for plan, _ in jobs)
    todo_count = sum(tally.todo for _, tally in jobs)
    units = itertools.chain.from_iterable(
        units_of(plan, tally, chunk_for(tally.todo, backend.workers, chunk), records is not None, decision_timeout)
        for plan, tally in jobs)
    outcome = {"played": 0, "stopped_on_error": False, "interrupted": False, "backend_error": None,
               "failed": 0, "exit": 0}

    def on_result(unit, games) -> bool:
        go_on = True
        for game in games:
            if "record" in game:
                save_record(records, game)
                del game["record"]
        if store is not None:
            store.append_many(games)
        where = dict(zip((task.key for task in unit[1]), unit.positions))
        unit.tally.add([(where[game["deal"], game["seating"]], game) for game in games])
        outcome["played"] += len(games)
        for game in games:
            if "error" in game:
                outcome["failed"] += 1
                if outcome["failed"] <= SHOW_ERRORS:
                    error = game["error"] | {k: game[k] for k in ("deal", "seating", "seed", "bots")}
                    tell(f"lama tournament: {describe_error(error)}")
                if on_error == "stop":
                    go_on = False
        bar.advance(len(games))
        if not go_on:
            outcome["stopped_on_error"] = True
        return go_on

    start = time.perf_counter()
    with progress(total, total - todo_count) as bar:
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
        tell(f"lama tournament: {outcome['failed'] - SHOW_ERRORS} more failed game(s) not shown "
             f"(--json lists every failure)")
    return outcome


# -- the tournament -----------------------------------------------------------

def choose_engine(engine: str, bots, records: str | None) -> bool:
    """Whether the games go through the fast engine (sim/fastplay.py), on any backend;
    UsageError when --engine fast cannot be had."""
    needs_core = "--records (a record of every game)" if records else None
    try:
        return use_fast(engine, bots, needs_core)
    except EngineError as e:
        raise UsageError(str(e)) from None


def backend_for(fast: bool, name: str, workers: int | None, address: str | None, chunk: int | None,
                tell=silent):
    """The backend that plays the games and the games per unit of work: locally, compiled
    batches in this process (on `workers` threads) or the Python driver (`tell`: where it
    says that it restarted its pool); on Dask, either, a unit per worker task."""
    if fast and name != "dask":
        return FastBackend(workers or 1), chunk or FAST_CHUNK
    play = play_fast_chunk if fast else play_chunk
    return make_backend(name, workers or (None if name == "dask" else 1), address, tell, play), (
        chunk or (FAST_CHUNK if fast else None))


def _kept(store: Store, plan):
    """The games of `plan` kept in `store`, as (position, summary), read one at a time; StoreError
    when one was played by other bots than the plan's."""
    deal, bots = None, None
    for game in store.iter_results():
        pos = plan.position((game["deal"], game["seating"]))
        if pos is None:
            continue
        if game["deal"] != deal:
            deal, bots = game["deal"], [list(order) for order in seat_orders(plan.table(game["deal"]), plan.seatings)]
        if bots[game["seating"]] != game["bots"]:
            raise StoreError(f"{store.results_path}: the game of deal {game['deal']}, seating "
                             f"{game['seating']} was not played by this plan's bots")
        yield pos, game


def run_tournament(*, game: str | None = None, players: int | None = None, bots: list[str] | None = None,
                   games: int | None = None, seed: int | None = None, target: int | None = None,
                   seatings: str | None = None, backend: str = "local", workers: int | None = None,
                   address: str | None = None, chunk: int | None = None, records: str | None = None,
                   out: str | None = None, resume: bool = False, on_error: str = "stop",
                   decision_timeout: float | None = None, as_json: bool = False, engine: str = "auto",
                   show=silent, tell=silent, progress=NoProgress) -> int:
    """Play a tournament and hand its results to `show(result)` (`as_json`: for one JSON
    object, so no notice before it); `tell(line)` is told what people should know along the way
    (lama.tui.tournament on the terminal), `progress` as for `play`; return the exit code of
    `lama tournament`. A setting left None takes its
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
    for flag, path in (("--records", records), ("--out", out)):
        if path is not None and (flag == "--records" or path != records):  # named as the user typed it
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
    fast = choose_engine(engine, settings["bots"], records)
    spec = GameSpec(settings["game"], settings["players"], tuple(sorted(settings["options"].items())))
    plan = Plan(spec, tuple(settings["bots"]), settings["seed"], settings["games"], settings["seatings"])
    if plan.size != settings["games"] and not as_json:
        tell(f"lama tournament: playing {plan.size} games, not {settings['games']}: "
             f"{plan.deals} whole deals, each with every seating of its table")

    tally = Tally(plan)
    try:
        if store is not None:
            if resume:
                tally.add(_kept(store, plan))
            store.write_settings({k: settings[k] for k in SETTINGS} | {"games": settings["games"]}
                                 | ({"records": str(Path(records).resolve())} if records else {})
                                 | {"engine": "fast" if fast else "core"})

        backend_name = backend
        backend, chunk = backend_for(fast, backend_name, workers, address, chunk, tell)
        try:
            outcome = play([(plan, tally)], backend, store, records, on_error, chunk, progress, decision_timeout,
                           tell)
        finally:
            backend.close()
            if store is not None:
                store.close()

        result = summarize(plan, tally)
    finally:
        tally.close()
    result.update(
        engine="fast" if fast else "core", backend=backend_name, workers=backend.workers,
        games_played_now=outcome["played"],
        elapsed_s=outcome["elapsed_s"],
        games_per_s=outcome["played"] / outcome["elapsed_s"] if outcome["elapsed_s"] > 0 else 0.0,
        interrupted=outcome["interrupted"], stopped_on_error=outcome["stopped_on_error"],
    )
    show(result)

    if outcome["backend_error"]:
        tell(f"lama tournament: {outcome['backend_error']}")
    if outcome["interrupted"] or outcome["backend_error"] or outcome["stopped_on_error"]:
        if store is not None:
            tell(f"lama tournament: {tally.played} games kept in {store.dir}; continue with: "
                 f"lama tournament --resume --out {store.dir}")
        else:
            tell("lama tournament: nothing kept (no --out DIR): only the results above remain")
    if outcome["interrupted"]:
        return outcome["exit"]
    if result["games_failed"] and not result["games"]:
        tell(f"lama tournament: every game played failed ({result['games_failed']}); there is nothing "
             f"to compare")
        return 1
    return 1 if outcome["backend_error"] or outcome["stopped_on_error"] else 0
