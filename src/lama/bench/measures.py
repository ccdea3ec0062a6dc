"""What the load test reads back from the servers once the time is up: their own histograms
(from /metrics) and the moves in the store (every acknowledged move must be there)."""

from __future__ import annotations

import asyncio

from .loopback import HOST, HTTP_TIMEOUT

HISTOGRAMS = ("lama_ack_seconds", "lama_loop_lag_seconds", "lama_gc_seconds")  # read from each server's /metrics


async def server_histograms(port: int) -> dict[str, dict]:
    """The server's own histograms (HISTOGRAMS), from its /metrics: by name, {upper bound in ms:
    observations at or under it}, and the sum of all in ms under "sum"."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), HTTP_TIMEOUT)
    try:
        writer.write(f"GET /metrics HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), HTTP_TIMEOUT)
    finally:
        writer.close()
    found: dict[str, dict] = {name: {} for name in HISTOGRAMS}
    for line in raw.decode("utf-8", "replace").splitlines():
        name, _, rest = line.partition("_bucket{")
        if name in found and 'le="' in rest:
            bound = rest.split('le="', 1)[1].split('"', 1)[0]
            bound = bound if bound == "+Inf" else str(round(float(bound) * 1000, 1))
            found[name][bound] = int(float(line.rsplit(" ", 1)[1]))
        name, _, value = line.partition("_sum ")
        if name in found:
            found[name]["sum"] = round(float(value) * 1000, 1)
    return found


def histogram_percentile(buckets: dict, p: float) -> float | None:
    """The upper bound (ms) of the bucket of a cumulative histogram ({bound: count}) that holds
    its p-th percentile; None if it is empty or past the last bound."""
    total = buckets.get("+Inf", 0)
    if not total:
        return None
    for bound, count in buckets.items():
        if bound != "sum" and count >= total * p / 100:
            return None if bound == "+Inf" else float(bound)
    return None


def merged(histograms: list[dict]) -> dict:
    out: dict = {}
    for h in histograms:
        for bound, count in h.items():
            out[bound] = out.get(bound, 0) + count
    return out


def check_store(db: str, acked_moves: dict[str, list]) -> int:
    """Acknowledged moves (by table: (seat, action) in order) missing from the store at `db`:
    the k-th acknowledged move of a seat must be that seat's k-th stored move, the same action."""
    from lama.web.store import Store

    store = Store(db)
    lost = 0
    try:
        for table_id, acked in acked_moves.items():
            stored: dict[int, list[dict]] = {}
            for _n, seat, action in store.moves(table_id):
                stored.setdefault(seat, []).append(action)
            seen: dict[int, int] = {}
            for seat, action in acked:
                k = seen.get(seat, 0)
                seen[seat] = k + 1
                mine = stored.get(seat, [])
                if k >= len(mine) or mine[k] != action:
                    lost += 1
    finally:
        store.close()
    return lost


def stored_moves(db: str, table_ids: list[str]) -> int:
    from lama.web.store import Store

    store = Store(db)
    try:
        return sum(store.count_moves(t) for t in table_ids)
    finally:
        store.close()
