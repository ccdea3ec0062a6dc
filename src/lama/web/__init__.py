"""`lama serve`: online tables (lama-web/1, PROTOCOL.md) for people and bots, in the browser.

A thin driver: the rules are the core's, the game is a lama.match.Table; this package adds the
HTTP and WebSocket protocol (app, routes), the live tables and the sync between servers
(hub), the bots' thread and pool and the store's writer (workers), the messages' shapes
(messages), and storage (store).
Its packages (FastAPI, uvicorn, SQLAlchemy, psycopg) come with the `web` extra.
"""
