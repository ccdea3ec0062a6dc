"""`lama loadtest`: many tables at once against a real `lama serve` on loopback."""

from __future__ import annotations

import json
import sys

from .types import positive, seconds, seconds_between


def add_arguments(p) -> None:
    p.description = ("Start `lama serve` on a free port of 127.0.0.1, play many tables at once (one client seat "
                     "each making random legal moves as soon as it may, the other seats heuristic bots without "
                     "a pause), then stop it and check the store. Reports moves/s, the latency from a move sent "
                     "to its acknowledgement, errors, and acknowledged moves missing from the store.")
    p.add_argument("--tables", type=positive, default=200, help="tables played at once (default 200)")
    p.add_argument("--seconds", type=seconds, default=30.0, help="how long to play (default 30)")
    p.add_argument("--players", type=int, default=4, help="seats per table, 2 to 6 (default 4)")
    p.add_argument("--game", default="lama", help="the game of every table (default lama)")
    p.add_argument("--db", metavar="URL", help="the server's store (default: a temporary SQLite file)")
    p.add_argument("--bot-workers", type=positive, metavar="N", help="the server's bot processes (default: its own)")
    p.add_argument("--think", type=seconds_between(0, 600), default=0.0, metavar="S",
                   help="people take about S seconds per move (0.5 to 1.5 times it), and the bots keep the "
                        "server's pause (default 0: moves at once, bots without a pause)")
    p.add_argument("--servers", type=positive, default=1, metavar="N",
                   help="servers sharing the store, the tables spread over them (more than 1: a PostgreSQL --db)")
    p.add_argument("--hostile", action="store_true",
                   help="beside the quiet tables (each from a loopback address of its own), one client floods "
                        "creations, opens 1,000 WebSockets, asks for unknown tables and sends headers slowly; "
                        "the servers keep their limits; reports what it was answered and the servers' memory")
    p.add_argument("--sync-commits", action="store_true",
                   help="the servers' commits of moves wait for the disk (lama serve --sync-commits)")
    p.add_argument("--client-processes", type=positive, default=1, metavar="N",
                   help="processes the clients are spread over, each with its own event loop (default 1)")
    p.add_argument("--seed", type=int, help="the clients' random choices (default: fresh)")
    p.add_argument("--json", action="store_true", help="print one JSON object, no progress")
    p.set_defaults(func=cmd_loadtest)


def cmd_loadtest(args) -> int:
    from lama.games import GAMES

    if args.game not in GAMES:
        print(f"lama loadtest: the game is one of {', '.join(GAMES)}, not {args.game!r}", file=sys.stderr)
        return 2
    if not 2 <= args.players <= 6:
        print(f"lama loadtest: a table has 2 to 6 players, not {args.players}", file=sys.stderr)
        return 2
    if args.servers > 1 and not (args.db or "").startswith("postgresql"):
        print("lama loadtest: several servers share a PostgreSQL store: give --db postgresql://...", file=sys.stderr)
        return 2
    try:
        from lama.bench import load as loadtest
    except ImportError as e:
        print(f"lama loadtest: {e.name} is not installed; install the web extra: pip install -e '.[web]'",
              file=sys.stderr)
        return 2

    def progress(elapsed, results):
        moves = results.moves()
        print(f"\r{elapsed:5.1f}/{args.seconds:g} s  {moves:,} moves ({moves / max(elapsed, 1e-9):,.0f}/s)  "
              f"p99 {results.p99() * 1000:.1f} ms  {results.finished} finished  "
              f"{results.errors} errors ", end="", file=sys.stderr, flush=True)

    try:
        result = loadtest.run(args.tables, args.seconds, args.players, args.db, args.game,
                              None if args.json else progress, args.seed, args.bot_workers, args.think,
                              args.servers, args.hostile, args.client_processes, args.sync_commits)
    except RuntimeError as e:
        print(f"\nlama loadtest: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result))
    else:
        print(file=sys.stderr)
        people = f"people thinking about {args.think:g} s" if args.think else "one client seat each"
        servers = f", {args.servers} servers" if args.servers > 1 else ""
        print(f"{result['tables']} tables of {args.players} ({args.game}, {people}, heuristic bots{servers}), "
              f"{result['seconds']:g} s:")
        print(f"  {result['moves']:,} client moves acknowledged, {result['moves_per_s']:,.1f}/s "
              f"({result['stored_moves']:,} moves stored with the bots'; {result['games_finished']} games finished)")
        print(f"  latency from act to its state: p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms"
              + (f" (once everyone has arrived: p99 {result['p99_settled_ms']:.1f} ms)"
                 if args.think and result["p99_settled_ms"] is not None else ""))
        server = "over 5 s" if result["server_p99_ms"] is None else f"at most {result['server_p99_ms']:g} ms"
        print(f"  the server's own p99 (act read to state queued): {server}"
              f"; the clients' event loop late by p99 {result['client_lag_p99_ms']:.1f} ms, "
              f"at worst {result['client_lag_max_ms']:.1f} ms")
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(result["error_kinds"].items()))
        print(f"  errors: {result['errors']}{f' ({kinds})' if kinds else ''}; "
              f"acknowledged moves missing from the store: {result['lost']}")
        print(f"  server memory (resident): {', '.join(f'{m:,.0f} MB' for m in result['rss_mb'])} at the end, "
              f"{', '.join(f'{m:,.0f} MB' for m in result['rss_peak_mb'])} at the peak")
        if args.hostile:
            answers = ", ".join(f"{k} {v:,}" for k, v in result["hostile"].items())
            print(f"  the hostile client was answered: {answers}; memory bound {result['memory_bound_mb']} MB")
    within = all(m <= result.get("memory_bound_mb", float("inf")) for m in result["rss_peak_mb"])
    return 0 if result["errors"] == 0 and result["lost"] == 0 and within else 1
