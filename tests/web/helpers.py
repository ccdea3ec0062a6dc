"""Small clients of lama-web/1 for the server's tests."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor

HUMAN = {"kind": "human"}


class Clock:
    """A clock the test moves (`advance`): the server's tables' clocks, never the wall's."""

    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def bot(level: str = "heuristic") -> dict:
    return {"kind": "bot", "bot": level}


def create(client, game="lama", seats=None, name="Ann", **extra) -> dict:
    seats = seats or [HUMAN, bot(), bot()]
    r = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, "name": name, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def next_state(ws, skip_errors=False) -> dict:
    """The next `state` message (errors are returned unless skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" or (message["type"] == "error" and not skip_errors):
            return message


def play_until(ws, done, rng=None, first=None) -> dict:
    """Play random legal moves on `ws` until `done(state)`; the last state. A game that ends
    first fails the test (nothing would come after it: waiting would never end)."""
    rng = rng or random.Random(0)
    state = first or next_state(ws, skip_errors=True)
    while not done(state):
        assert state["status"] != "finished", f"the game ended (version {state['version']}) before the test's point"
        if state["legal"]:
            ws.send_json({"type": "act", "version": state["version"], "action": rng.choice(state["legal"])})
        state = next_state(ws, skip_errors=True)
    return state


def run(coroutine):
    """`asyncio.run` in a thread of its own (the browser tests' driver may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
