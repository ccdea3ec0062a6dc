"""Health that tells the truth (issue 40): `GET /api/ready` answers 503 store_unavailable, with
a JSON body and Retry-After, while the store cannot answer a query (PostgreSQL stopped; SQLite's
file gone or unreadable), and 200 again when it can, without a restart; `GET /api/health`, the
liveness answer of PROTOCOL.md, stays 200 throughout. One log line when readiness changes, not
one a poll."""

from __future__ import annotations

import logging
import os

from .conftest import cluster, new_database
from .test_errors import json_error, no_traceback


def ready(c) -> None:
    r = c.get("/api/ready")
    assert r.status_code == 200, r.text
    assert r.json() == {"ok": True, "protocol": "lama-web/1", "ready": True}


def not_ready(c) -> str:
    r = c.get("/api/ready")
    message = json_error(r, 503, "store_unavailable")
    assert int(r.headers["retry-after"]) >= 1
    alive = c.get("/api/health")
    assert alive.status_code == 200 and alive.json() == {"ok": True, "protocol": "lama-web/1"}
    return message


def transitions(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "ready" in r.getMessage()]


def test_ready_while_postgresql_is_down(caplog):
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    caplog.set_level(logging.WARNING, "lama.web")
    pg = cluster()
    try:
        with TestClient(create_app(new_database(pg.url), bot_pause=0, bot_workers=1)) as c:
            ready(c)
            pg.stop()
            for _ in range(3):
                not_ready(c)
            pg.start()
            ready(c)
            ready(c)
    finally:
        pg.remove()
    said = transitions(caplog)
    assert len(said) == 2 and "not ready" in said[0] and said[1].endswith("ready"), said
    no_traceback(caplog)


def test_ready_while_the_sqlite_file_is_gone_or_unreadable(tmp_path, caplog):
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    caplog.set_level(logging.WARNING, "lama.web")
    db = tmp_path / "lama.db"
    with TestClient(create_app(f"sqlite:///{db}", bot_pause=0, bot_workers=1)) as c:
        ready(c)
        away = tmp_path / "away"
        away.mkdir()
        files = [p for p in tmp_path.iterdir() if p.name.startswith("lama.db")]
        for p in files:  # (the server's own connections keep the moved file open)
            p.rename(away / p.name)
        for _ in range(3):
            not_ready(c)
        for p in files:
            (away / p.name).rename(p)
        ready(c)
        if os.geteuid() != 0:  # (root reads any file)
            db.chmod(0)
            try:
                not_ready(c)
            finally:
                db.chmod(0o600)
            ready(c)
    said = transitions(caplog)
    assert len(said) == (4 if os.geteuid() != 0 else 2), said
    no_traceback(caplog)


def test_a_store_that_hangs_is_not_ready(tmp_path, monkeypatch):
    """A check that takes longer than READY_SECONDS says not ready; checks asked for meanwhile
    share the one under way (a hung store holds one thread, however often it is polled)."""
    import threading

    from fastapi.testclient import TestClient

    from lama.web import ready as readiness
    from lama.web.app import create_app

    release, calls = threading.Event(), []

    def hangs(store):
        calls.append(store)
        release.wait(30)

    monkeypatch.setattr(readiness, "READY_SECONDS", 0.2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1)) as c:
        monkeypatch.setattr(readiness, "store_answers", hangs)
        assert "no answer" in not_ready(c)
        assert "no answer" in not_ready(c)  # the same check, still under way
        release.set()
    assert len(calls) == 1
