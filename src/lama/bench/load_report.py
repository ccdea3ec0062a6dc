"""The figures of a load test (lama.bench.load): what its clients and servers measured,
as the one dict `lama loadtest` prints (its JSON, or the lines it reads from it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .measures import histogram_percentile, merged

if TYPE_CHECKING:
    from .load import Results

MEMORY_BOUND_MB = 400  # the resident memory one server stays under, the hostile client beside it


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of `values`, 0 if there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil(n * p / 100), at least 1
    return ordered[int(rank) - 1]


def by_second(results: Results) -> list[list[float]]:
    """Second by second of the run (by when the move was sent): [second, moves, p50, p99 and
    max latency in ms, the client's own worst loop lateness in ms]."""
    seconds: dict[int, list[float]] = {}
    for sent, latency in zip(results.sent, results.latencies, strict=True):
        seconds.setdefault(int(sent - results.start), []).append(latency)
    lags: dict[int, float] = {}
    for when, lag in results.lags:
        s = int(when - results.start)
        lags[s] = max(lags.get(s, 0.0), lag)
    return [[s, len(v), *(round(x * 1000, 1) for x in (percentile(v, 50), percentile(v, 99), max(v), lags.get(s, 0.0)))]
            for s, v in sorted(seconds.items())]


def cpu_seconds(before, after) -> float:
    """User and system CPU seconds between two `resource.getrusage` readings."""
    return round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2)


def figures(results: Results, elapsed: float, *, tables: int, players: int, settle: float, lost: int, stored: int,
            server_cpu_s: float, client_cpu_s: float, load_average: list[float], think: float, sync_commits: bool,
            servers: int, processes: int, memory: list[tuple[float, float]], hostile: bool) -> dict:
    """The figures of a run that played `elapsed` seconds; `settle`: the seconds from the start
    after which a move counts in p99_settled_ms."""
    moves = len(results.latencies)
    # the moves sent once everyone has arrived (with people thinking): the evening itself, not its first minutes
    settled = [lat for sent, lat in zip(results.sent, results.latencies, strict=True)
               if sent - results.start >= settle]
    server_p99 = histogram_percentile(merged([h["lama_ack_seconds"] for h in results.server]), 99)
    gcs = merged([h["lama_gc_seconds"] for h in results.server])
    return {
        "tables": tables,
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1) if elapsed > 0 else 0.0,
        "p50_ms": round(percentile(results.latencies, 50) * 1000, 2),
        "p99_ms": round(percentile(results.latencies, 99) * 1000, 2),
        "errors": results.errors,
        "lost": lost,
        "p99_settled_ms": round(percentile(settled, 99) * 1000, 2) if settled else None,
        "server_p99_ms": server_p99,
        "seconds": round(elapsed, 2),
        "players": players,
        "games_finished": results.finished,
        "stored_moves": stored,
        # CPU seconds of the server (and its bot processes) from start to stop: per stored move,
        # what a move costs the server whatever else runs on the machine
        "server_cpu_s": server_cpu_s,
        # CPU seconds of this process (the load client, in all its threads): what it took of the
        # machine's cores beside the servers
        "client_cpu_s": client_cpu_s,
        "load_average": load_average,
        "error_kinds": results.error_kinds,
        "think_s": think,
        "sync_commits": sync_commits,
        "servers": servers,
        "client_processes": processes,
        # each server's resident memory at the end and at its peak, MB
        "rss_mb": [round(now, 1) for now, _ in memory],
        "rss_peak_mb": [round(peak, 1) for _, peak in memory],
        "client_lag_p99_ms": round(percentile([lag for _, lag in results.lags], 99) * 1000, 1),
        "client_lag_max_ms": round(max((lag for _, lag in results.lags), default=0.0) * 1000, 1),
        # the servers' own: their acknowledgements (buckets), how late their event loops woke
        # up (p99 bucket), their full collections of garbage (how many, ms in all, p99 bucket)
        "server_ack": [h["lama_ack_seconds"] for h in results.server],
        "server_loop_lag_p99_ms": histogram_percentile(merged([h["lama_loop_lag_seconds"] for h in results.server]),
                                                       99),
        "server_gc": {"count": gcs.get("+Inf", 0), "ms": gcs.get("sum", 0.0),
                      "p99_ms": histogram_percentile(gcs, 99)},
        "by_second": by_second(results),
        **({"hostile": dict(sorted(results.hostile.items())), "memory_bound_mb": MEMORY_BOUND_MB} if hostile else {}),
    }
