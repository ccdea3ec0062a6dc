"""`lama serve`: the online tables, under uvicorn."""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys

from lama.i18n import _

from .types import add_lang_argument, seconds_between


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(_("a port is a whole number from 1 to 65535, not {text}").format(
            text=repr(text)))
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(_("a limit is a whole number (0: no limit), not {text}").format(
            text=repr(text)))
    return int(text)


def add_arguments(p) -> None:
    p.description = _("Serve online tables: open the address it prints in a browser, create a table, send "
                      "its link to friends; bots fill the other seats. Tables survive a restart.")
    p.add_argument("--host", default="127.0.0.1",
                   help=_("the address to listen on (default {local}: this machine only; {every}: every "
                          "network)").format(local="127.0.0.1", every="0.0.0.0"))
    p.add_argument("--port", type=_port, default=8000, help=_("the port (default {n})").format(n=8000))
    p.add_argument("--db", default="sqlite:///lama.db", metavar="URL",
                   help=_("where tables are kept: {sqlite} (default {default}, in the current folder) or "
                          "{postgres} (several servers can share it)").format(
                       sqlite="sqlite:///FILE", default="sqlite:///lama.db",
                       postgres="postgresql://USER@HOST:PORT/DB"))
    p.add_argument("--sync-commits", action="store_true",
                   help=_("every move's commit waits for the disk, so an acknowledged move survives a crash of the "
                          "machine or of PostgreSQL too; by default it survives a crash of lama serve, and a disk "
                          "that stalls does not stall the tables"))
    p.add_argument("--bot-pause", type=seconds_between(0, 10), default=0.6, metavar="SECONDS",
                   help=_("how long a bot waits before its move, so people can follow (default {n})").format(n=0.6))
    p.add_argument("--bot-workers", type=int, metavar="N", help=_("processes bots think in (default: one per core)"))
    from lama.bots.hints import HINT_BOTS

    p.add_argument("--hint-bot", choices=HINT_BOTS, default="hard",
                   help=_("what the seats' hints come from: {hard} (its search rates every move, in the bots' "
                          "processes; the default) or {neural} (the network's choice at once, without ratings: "
                          "for a busy server)").format(hard="hard", neural="neural"))
    p.add_argument("--waiting-expiry", type=seconds_between(60, 365 * 86400), default=86400.0, metavar="SECONDS",
                   help=_("a waiting table nobody joins expires after this long: it leaves the lobby and refuses "
                          "joins (default {n}: a day)").format(n=86400))
    limits = p.add_argument_group(_("limits per client address"), _(
        "0: no limit; over a limit, {status} or a WebSocket closed with {close}").format(
        status="429 rate_limited", close="1008"))
    from lama.web.limits import Limits  # the standard library only: --help needs no web extra

    for name in Limits.names():
        default = getattr(Limits, name)
        limits.add_argument(f"--limit-{name.replace('_', '-')}", dest=f"limit_{name}", type=_count, default=default,
                            metavar="N", help=_("{what} (default {n})").format(what=_(Limits.HELP[name]), n=default))
    from lama.web.connections import Deadlines  # (the standard library only, like the limits)

    slow = p.add_argument_group(_("slow clients"), _(
        "a client later than these is answered {status} and its connection closed").format(status="408 too_slow"))
    slow.add_argument("--idle-timeout", type=seconds_between(0.1, 3600), default=Deadlines.idle, metavar="SECONDS",
                      help=_("a connection with no request under way (just opened, or kept alive after an answer) "
                             "is closed after this long (default {n})").format(n=f"{Deadlines.idle:g}"))
    slow.add_argument("--header-timeout", type=seconds_between(0.1, 3600), default=Deadlines.headers,
                      metavar="SECONDS", help=_("a request's headers must all arrive within this long of their "
                                                "first byte (default {n})").format(n=f"{Deadlines.headers:g}"))
    slow.add_argument("--body-timeout", type=seconds_between(0.1, 3600), default=Deadlines.body, metavar="SECONDS",
                      help=_("a request's body must all arrive within this long of its headers (default {n})").format(
                          n=f"{Deadlines.body:g}"))
    security = p.add_argument_group(_("behind a reverse proxy, and other sites"))
    security.add_argument("--forwarded-allow-ips", metavar="ADDRESSES", default=None,
                          help=_("the reverse proxies trusted to name the client ({headers}): addresses or networks, "
                                 "comma-separated, or {any}; default none, so the limits count the peer's "
                                 "address").format(headers="X-Forwarded-For, X-Forwarded-Proto", any="*"))
    security.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                          help=_("another site whose pages may create tables, join and connect here, like {site} "
                                 "(repeatable; default: this server's own pages only)").format(
                              site="https://games.example.org"))
    security.add_argument("--access-log", action="store_true",
                          help=_("print an access log line per request (tokens in addresses are shown as "
                                 "{token})").format(token="token=-"))
    add_lang_argument(p)
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from lama.web.app import create_app
        from lama.web.connections import FILES_KEPT, Deadlines, Gate, protocol_class, raise_open_files
        from lama.web.limits import Limits
        from lama.web.schema import StoreError
        from lama.web.security import hide_tokens
        from lama.web.store import Store
    except ImportError as e:
        print("lama serve: " + _("{module} is not installed; install the web extra: {command}").format(
            module=e.name, command="pip install -e '.[web]'"), file=sys.stderr)
        return 2
    try:  # open (create or migrate) the store now, so a bad --db is one line, not a traceback
        Store(args.db).close()
    except StoreError as e:
        print(f"lama serve: {e}", file=sys.stderr)
        return 2
    limits = Limits(**{name: getattr(args, f"limit_{name}") for name in Limits.names()})
    app = create_app(args.db, args.bot_pause, args.bot_workers, limits, tuple(args.allow_origin),
                     waiting_seconds=args.waiting_expiry, hint_bot=args.hint_bot, sync_commits=args.sync_commits)
    host = f"[{args.host}]" if ":" in args.host else args.host
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else host
    print("lama serve: " + _("open {address} in a browser (tables in {db}; Ctrl-C stops)").format(
        address=f"http://{shown}:{args.port}/", db=args.db), flush=True)
    # Every connection is a file: raise the process's limit as far as the system allows, and keep
    # the connections under it, with room for the store's and the bots' own (web.connections).
    files = raise_open_files()
    gate = Gate(limits.http_connections, max(files - FILES_KEPT, FILES_KEPT) if files else 0,
                trusted=args.forwarded_allow_ips, refused=lambda code: app.state.metrics.refusals.labels(code).inc())
    deadlines = Deadlines(args.idle_timeout, args.header_timeout, args.body_timeout)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024,
                            ws_ping_interval=20, ws_ping_timeout=20, lifespan="on",
                            http=protocol_class(gate, deadlines), timeout_keep_alive=deadlines.idle,
                            proxy_headers=args.forwarded_allow_ips is not None,
                            forwarded_allow_ips=args.forwarded_allow_ips, access_log=args.access_log)
    hide_tokens()
    if args.access_log:
        logging.getLogger("uvicorn.access").setLevel(logging.INFO)
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        print("lama serve: " + _("could not listen on {address} (in use, or not an address here)").format(
            address=f"{args.host}:{args.port}"), file=sys.stderr)
        return 1
    print("lama serve: " + _("the server has stopped"), flush=True)
    return 0
