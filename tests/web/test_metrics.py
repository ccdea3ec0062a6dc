"""Operations (issue 24): /metrics in Prometheus' format, access logs without tokens, and
`lama serve --help` listing every limit."""

from __future__ import annotations

import subprocess
import sys

from prometheus_client.parser import text_string_to_metric_families

from lama.web.limits import Limits

from .helpers import HUMAN, bot, create, next_state, play_until


def scrape(client) -> dict:
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def test_metrics_count_tables_connections_moves_and_refusals(client):
    before = scrape(client)
    assert before[("lama_tables_in_memory", ())] == 0 and before[("lama_moves_total", ())] == 0
    made = create(client, seats=[HUMAN, bot("random")])
    client.get("/api/tables/nope")
    client.post("/api/tables", content=b"x", headers={"content-type": "text/plain"})
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        state = play_until(ws, lambda s: bool(s["legal"]))
        ws.send_json({"type": "act", "version": state["version"], "action": state["legal"][0]})
        next_state(ws)
        ws.send_json({"type": "act", "version": 0, "action": {"draw": True}})
        assert next(m for m in iter(ws.receive_json, None) if m["type"] == "error")["code"] == "stale"
        during = scrape(client)
    after = scrape(client)
    assert during[("lama_connections", ())] == 1 and after[("lama_connections", ())] == 0
    assert during[("lama_tables_in_memory", ())] == 1
    assert during[("lama_moves_total", ())] >= 1  # a person's move, and the bot's
    assert during[("lama_ack_seconds_count", ())] == 2  # the move and the stale one
    assert during[("lama_ack_seconds_bucket", (("le", "+Inf"),))] == 2
    refusals = {labels[0][1]: v for (name, labels), v in after.items() if name == "lama_refusals_total"}
    assert refusals == {"no_table": 1, "bad_content_type": 1, "stale": 1}
    assert ("lama_bot_queue", ()) in after
    # what delays every table at once: the event loop waking up late, full collections of garbage
    assert after[("lama_loop_lag_seconds_count", ())] >= 1
    assert ("lama_gc_seconds_count", ()) in after


def test_access_logs_hold_no_tokens(tmp_path, serve):
    import httpx2
    from websockets.sync.client import connect

    server = serve(f"sqlite:///{tmp_path / 'lama.db'}", args=("--access-log",))
    made = httpx2.post(server.url + "/api/tables", json={"game": "lama", "players": 2, "name": "Ann",
                                                         "seats": [HUMAN, bot()]}, timeout=10).json()
    httpx2.get(f"{server.url}/api/tables/{made['table']}?token={made['token']}&x=1", timeout=10)
    with connect(f"{server.ws}/ws/tables/{made['table']}?token={made['token']}") as ws:
        ws.recv(timeout=10)
    server.stop()
    said = server.said(100_000)
    assert f"/api/tables/{made['table']}?token=-&x=1" in said  # the line is there, without its token
    assert made["token"] not in said


def test_serve_help_lists_every_limit():
    out = subprocess.run([sys.executable, "-m", "lama", "serve", "--help"], capture_output=True, text=True,
                         check=True).stdout
    for name in Limits.names():
        assert f"--limit-{name.replace('_', '-')}" in out
    for option in ("--forwarded-allow-ips", "--allow-origin", "--access-log"):
        assert option in out
