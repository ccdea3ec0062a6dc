"""`lama serve`: online tables (lama-web/1, PROTOCOL.md) for people and bots, in the browser.

A thin driver: the rules are the core's, the game is a lama.match.Table; this package adds the
HTTP and WebSocket protocol (app, routes), the live tables (live) and the hub over them, in
rooms of one job each (seats, clocks, presence, moves, loading, lobby), the domain errors it
refuses with (errors), the bots' thread and pool and the store's writer (workers), what comes
in (requests) and goes out (messages, hints), and storage (store, schema). The load client
that measures it is not part of it (lama.bench.load).
Its packages (FastAPI, uvicorn, SQLAlchemy, psycopg) come with the `web` extra.
"""
