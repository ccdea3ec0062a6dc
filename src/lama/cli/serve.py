"""`lama serve`: the online tables, under uvicorn."""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys

from .types import seconds_between


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text!r}")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"a limit is a whole number (0: no limit), not {text!r}")
    return int(text)


def add_arguments(p) -> None:
    p.description = ("Serve online tables: open the address it prints in a browser, create a table, send "
                     "its link to friends; bots fill the other seats. Tables survive a restart.")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    p.add_argument("--db", default="sqlite:///lama.db", metavar="URL",
                   help="where tables are kept: sqlite:///FILE (default sqlite:///lama.db, in the current folder) "
                        "or postgresql://USER@HOST:PORT/DB (several servers can share it)")
    p.add_argument("--bot-pause", type=seconds_between(0, 10), default=0.6, metavar="SECONDS",
                   help="how long a bot waits before its move, so people can follow (default 0.6)")
    p.add_argument("--bot-workers", type=int, metavar="N", help="processes bots think in (default: one per core)")
    from lama.bots.hints import HINT_BOTS

    p.add_argument("--hint-bot", choices=HINT_BOTS, default="hard",
                   help="what the seats' hints come from: hard (its search rates every move, in the bots' "
                        "processes; the default) or neural (the network's choice at once, without ratings: "
                        "for a busy server)")
    p.add_argument("--waiting-expiry", type=seconds_between(60, 365 * 86400), default=86400.0, metavar="SECONDS",
                   help="a waiting table nobody joins expires after this long: it leaves the lobby and refuses "
                        "joins (default 86400: a day)")
    limits = p.add_argument_group("limits per client address (0: no limit); over one, 429 rate_limited or a "
                                  "WebSocket closed with 1008")
    from lama.web.limits import Limits  # the standard library only: --help needs no web extra

    for name in Limits.names():
        default = getattr(Limits, name)
        limits.add_argument(f"--limit-{name.replace('_', '-')}", dest=f"limit_{name}", type=_count, default=default,
                            metavar="N", help=f"{Limits.HELP[name]} (default {default})")
    security = p.add_argument_group("behind a reverse proxy, and other sites")
    security.add_argument("--forwarded-allow-ips", metavar="ADDRESSES", default=None,
                          help="the reverse proxies trusted to name the client (X-Forwarded-For, X-Forwarded-Proto): "
                               "addresses or networks, comma-separated, or *; default none, so the limits count the "
                               "peer's address")
    security.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                          help="another site whose pages may create tables, join and connect here, like "
                               "https://games.example.org (repeatable; default: this server's own pages only)")
    security.add_argument("--access-log", action="store_true",
                          help="print an access log line per request (tokens in addresses are shown as token=-)")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from lama.web.app import create_app
        from lama.web.limits import Limits
        from lama.web.security import hide_tokens
        from lama.web.store import Store, StoreError
    except ImportError as e:
        print(f"lama serve: {e.name} is not installed; install the web extra: pip install -e '.[web]'",
              file=sys.stderr)
        return 2
    try:  # open (create or migrate) the store now, so a bad --db is one line, not a traceback
        Store(args.db).close()
    except StoreError as e:
        print(f"lama serve: {e}", file=sys.stderr)
        return 2
    limits = Limits(**{name: getattr(args, f"limit_{name}") for name in Limits.names()})
    app = create_app(args.db, args.bot_pause, args.bot_workers, limits, tuple(args.allow_origin),
                     waiting_seconds=args.waiting_expiry, hint_bot=args.hint_bot)
    host = f"[{args.host}]" if ":" in args.host else args.host
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else host
    print(f"lama serve: open http://{shown}:{args.port}/ in a browser (tables in {args.db}; Ctrl-C stops)",
          flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024,
                            ws_ping_interval=20, ws_ping_timeout=20, lifespan="on",
                            proxy_headers=args.forwarded_allow_ips is not None,
                            forwarded_allow_ips=args.forwarded_allow_ips, access_log=args.access_log)
    hide_tokens()
    if args.access_log:
        logging.getLogger("uvicorn.access").setLevel(logging.INFO)
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        print(f"lama serve: could not listen on {args.host}:{args.port} (in use, or not an address here)",
              file=sys.stderr)
        return 1
    print("lama serve: stopped", flush=True)
    return 0
