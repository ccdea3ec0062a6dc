"""Talking to `lama serve` on a loopback port, as the load test's clients do: a free port, one
HTTP/1.1 request with a JSON answer (no client library: each request is its own connection,
from the address the test chooses)."""

from __future__ import annotations

import asyncio
import json
import socket

HOST = "127.0.0.1"
HTTP_TIMEOUT = 30.0  # one HTTP request, or one WebSocket connection


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


async def http(port: int, method: str, path: str, body: dict | None = None,
               source: str | None = None) -> tuple[int, dict]:
    """One HTTP/1.1 request to the server at 127.0.0.1:`port` (from `source`): (status, JSON body)."""
    payload = json.dumps(body).encode() if body is not None else b""
    local = None if source is None else (source, 0)
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port, local_addr=local), HTTP_TIMEOUT)
    try:
        writer.write(f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n".encode() + payload)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), HTTP_TIMEOUT)
    finally:
        writer.close()
    head, _, text = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head.lower():
        text = _unchunk(text)
    return status, json.loads(text or b"{}")


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size, _, rest = data.partition(b"\r\n")
        n = int(size.split(b";")[0], 16)
        if n == 0:
            break
        out, data = out + rest[:n], rest[n + 2:]
    return out
