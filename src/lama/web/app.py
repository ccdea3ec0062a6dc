"""The lama-web/1 server (PROTOCOL.md): HTTP for tables and seats, a WebSocket per connection
for the game, the browser client's pages (the routers in `routes`). Built by `create_app`, run
by uvicorn (`lama serve`); `lifespan` starts and stops what the hub needs.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import secrets
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from functools import partial

from fastapi import FastAPI
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import Response

from lama.i18n import N_

from . import metrics
from .errors import ServerRefusal, StoreUnavailable
from .limits import Limiter, Limits
from .lobby import WAITING_SECONDS
from .messages import PROTOCOL
from .ready import STORE_RETRY, Readiness
from .recovery import trouble
from .routes import HTTP_STATUS, api, pages, players, ws
from .security import Guard, error_response
from .store import Store
from .workers import warm_up

GC_THRESHOLDS = (20_000, 10, 10)  # Python's default: (700, 10, 10)
SWITCH_INTERVAL = 0.0005  # seconds a thread keeps the interpreter when another wants it (Python's: 0.005)
DEFAULT_CLOCK = time.time  # the tables' clocks (the e2e tests' server sets one they move)

log = logging.getLogger("lama.web")


def create_app(db: str = "sqlite:///lama.db", bot_pause: float = 0.6, bot_workers: int | None = None,
               limits: Limits = Limits(), allow_origins: tuple[str, ...] = (),  # noqa: B008 - frozen
               clock=None, waiting_seconds: float = WAITING_SECONDS, hint_bot: str = "hard",
               sync_commits: bool = False) -> FastAPI:
    """The application, its store at `db`; bots pause `bot_pause` seconds before each move so
    people can follow, and think in `bot_workers` processes (default: one per core). `limits`:
    per client address; `allow_origins`: the sites besides its own whose pages may use it;
    `clock`: the time of the tables' clocks (tests move their own); `waiting_seconds`: how long
    a waiting table nobody joins lasts; `hint_bot`: what hints come from, "hard" (its search, in
    the pool) or "neural" (the network's choice, at once: bots.hints.HINT_BOTS); `sync_commits`:
    every commit of a move waits for the disk (lama.web.store.Store)."""
    from lama.bots.hints import HINT_BOTS

    if hint_bot not in HINT_BOTS:
        raise ValueError(f"hint_bot is one of {', '.join(HINT_BOTS)}, not {hint_bot!r}")
    started = partial(lifespan, db=db, origin=secrets.token_hex(8), bot_pause=bot_pause, bot_workers=bot_workers,
                      clock=clock or DEFAULT_CLOCK, waiting_seconds=waiting_seconds, sync_commits=sync_commits)
    app = FastAPI(title="lama", version=PROTOCOL, lifespan=started, docs_url=None, redoc_url=None)
    app.state.limiter = Limiter(limits)
    app.state.hint_bot = hint_bot
    app.state.readiness = Readiness()
    app.state.metrics = metrics.Metrics(app)
    app.add_middleware(Guard, allowed_origins=allow_origins)
    app.add_exception_handler(ServerRefusal, refusal)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RecursionError, malformed)
    app.add_exception_handler(UnicodeError, malformed)
    app.add_exception_handler(SQLAlchemyError, store_error)
    app.add_exception_handler(ClientDisconnect, client_gone)
    for router in (api.router, players.router, ws.router, pages.router, metrics.router):
        app.include_router(router)
    return app


@asynccontextmanager
async def lifespan(app: FastAPI, db: str, origin: str, bot_pause: float, bot_workers: int | None, clock,
                   waiting_seconds: float, sync_commits: bool):
    """The server's life: the store, the bots' process pool, the hub (`app.state.hub`), the
    listener that hears of other servers' changes, the tables resumed; all stopped at the end."""
    store = await asyncio.to_thread(Store, db, origin, sync_commits)
    pool = ProcessPoolExecutor(max_workers=bot_workers or os.cpu_count() or 1,
                               mp_context=multiprocessing.get_context("spawn"), initializer=warm_up,
                               initargs=(os.getpid(),))
    hub = metrics.MeteredHub(app.state.metrics, store, pool, bot_pause, clock, waiting_seconds=waiting_seconds)
    app.state.hub = hub
    stop = threading.Event()
    listener = None
    if not store.sqlite:  # other servers may share these tables
        loop = asyncio.get_running_loop()

        def changed(table_id):
            if hub.holds(table_id):  # (most announcements are of tables another server holds alone)
                asyncio.run_coroutine_threadsafe(hub.refresh(table_id), loop)

        def back():  # the database answers again: it may have lost the last moments' commits
            loop.call_soon_threadsafe(hub.store_back)

        listener = threading.Thread(target=store.listen, args=(changed, stop, back), daemon=True)
        listener.start()
    ticker = asyncio.create_task(_tick(hub))
    watcher = asyncio.create_task(app.state.metrics.watch_loop())
    resumed = await hub.resume_all()
    if resumed:
        log.warning("lama serve: %d table(s) resumed from the store", resumed)
    # What was made so far (modules, the app) lives as long as the server: the garbage
    # collector need not look at it again on every full collection. And most of what a
    # move makes (views, messages) is freed at once by reference counting: collecting
    # less often spends far less time collecting, in shorter pauses.
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.callbacks.append(app.state.metrics.collected)  # (the collections from now on)
    # The event loop shares the interpreter with the store's writer thread (and the cheap
    # bots'): each time the loop gives the interpreter up (a socket write, a wait), a busy
    # thread takes it for up to the switch interval, 5 ms by default, before the loop gets it
    # back, and a group commit waits as long for each of its turns. Shorter turns keep a
    # person's acknowledgement from queueing behind them.
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        yield
    finally:
        stop.set()
        ticker.cancel()
        watcher.cancel()
        gc.callbacks.remove(app.state.metrics.collected)
        for live in hub.live.values():
            if live.bots is not None:
                live.bots.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        hub.close()
        if listener is not None:
            listener.join(timeout=2)
        store.close()


async def _tick(hub) -> None:
    """Once a second: the tables reloaded once the store answers again after an error
    (recovery.heal), then the clocks: a stand-in for each person out of time or away."""
    while True:
        await asyncio.sleep(1.0)
        try:
            await hub.heal()
            await hub.tick()
        except SQLAlchemyError:  # the store cannot be used (said once, by recovery): the next second tries again
            continue
        except Exception:  # noqa: BLE001 - a bug of ours: say so, tick again next second
            log.exception("the clocks' tick failed")


# -- errors: always {"error": {"code", "message"}} ----------------------------------------------


async def refusal(request, e: ServerRefusal):
    """A domain error (errors.ServerRefusal), with its code's HTTP status (routes.HTTP_STATUS)."""
    retry_after = getattr(e, "retry_after", None)  # limits.RateLimited
    status = HTTP_STATUS[e.code]
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else \
        {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return error_response(request, status, e.code, e, headers)


async def http_error(request, e: StarletteHTTPException):
    code, message = {404: ("not_found", N_("there is nothing at this address")),
                     405: ("method_not_allowed", N_("this address does not answer this method"))}.get(
        e.status_code, ("http_error", str(e.detail)))
    return error_response(request, e.status_code, code, message)


async def malformed(request, e: Exception):
    """A body nested too deep for the JSON reader, or text that is no Unicode."""
    return error_response(request, 400, "malformed", N_("the body must be one JSON object of Unicode text, "
                                                        "nested at most a few hundred levels"))


async def client_gone(request, e: ClientDisconnect):
    """A client that hung up (or was closed for being too slow: web.connections) before the end of
    its request's body: nobody to answer, nothing done; one quiet line, never a traceback."""
    log.info("%s %s: the client left before the end of its request's body", request.method, request.url.path)
    return Response(status_code=400)  # (nobody reads it)


async def store_error(request, e: SQLAlchemyError):
    """The store is down (or its disk full): the request did nothing; the pool reconnects by
    itself. The log says so once (recovery.store_failed), not at every request."""
    hub = getattr(request.app.state, "hub", None)
    if hub is not None:
        hub.store_failed(e)
    message = StoreUnavailable(N_("the store cannot be used now ({trouble}); nothing was changed: "
                                  "try again in a moment"), trouble=trouble(e))
    return error_response(request, HTTP_STATUS[message.code], message.code, message, {"Retry-After": str(STORE_RETRY)})
