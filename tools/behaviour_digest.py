"""Digests of what lama does for fixed seeds, to show that a redesign changed no behaviour.

Run it on two checkouts and compare the lines (each is `what: sha256`):

    python tools/behaviour_digest.py > before.txt     # on the old commit
    python tools/behaviour_digest.py > after.txt      # on the new one
    diff before.txt after.txt

It plays, through public entry points only (so it runs on either side of a move of modules):
seeded games of every game at 2, 4 and 6 players through `lama.match.Table` with a mix of bots
(records compared byte for byte), the search bots on fewer games, `lama tournament --json` on the
compiled and the core engine, the environments (AEC, Gymnasium, vector) on seeded random play, and
whole web games in-process with the server's seeds fixed (the records the server stores).
`--quick` plays fewer games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = ("lama", "komarami", "kadabra", "dice")


def digest(data) -> str:
    if not isinstance(data, (bytes, str)):
        data = json.dumps(data, sort_keys=True, default=str)
    if isinstance(data, str):
        data = data.encode()
    return hashlib.sha256(data).hexdigest()[:16]


def table_games(game_id: str, players: int, bots: list[str], seeds) -> str:
    from lama.bots import load_bot
    from lama.games import new_game
    from lama.match import Table

    h = hashlib.sha256()
    for seed in seeds:
        seats = [load_bot(bots[(seed + s) % len(bots)]) for s in range(players)]
        table = Table(new_game(game_id, players), seats, seed)
        table.advance()
        assert table.finished
        # every field but the players' names (labels: unnamed seats are called by their number)
        record = {k: v for k, v in table.record.data.items() if k != "players"}
        h.update(json.dumps(record, sort_keys=True).encode())
    return h.hexdigest()[:16]


def tournament(game_id: str, players: int, engine: str, games: int) -> str:
    out = subprocess.run([sys.executable, "-m", "lama", "tournament", "--game", game_id, "--players", str(players),
                          "--bots", "heuristic,random,easy", "--games", str(games), "--seed", "7",
                          "--engine", engine, "--json"], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    for key in ("elapsed", "seconds", "time", "wall", "timing", "speed", "games_per_second"):
        result.pop(key, None)
    return digest(_without_times(result))


def _without_times(value):
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items()
                if not any(w in k for w in ("second", "sec_", "time", "elapsed", "per_s", "speed", "workers"))}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def environments(game_id: str, players: int, steps: int) -> dict:
    import numpy as np

    from lama.envs.aec import LamaAECEnv

    out = {}
    env = LamaAECEnv(game=game_id, players=players)
    env.reset(seed=3)
    rng = random.Random(3)
    h = hashlib.sha256()
    for i, agent in enumerate(env.agent_iter()):
        obs, reward, term, trunc, _ = env.last()
        h.update(np.asarray(obs["observation"]).tobytes() + repr((agent, reward, term, trunc)).encode())
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        if i >= steps:
            break
    out["aec"] = h.hexdigest()[:16]
    try:
        from lama.envs.vector import LamaVectorEnv
    except ImportError:
        return out
    venv = LamaVectorEnv(game=game_id, players=players, num_envs=8, opponents="heuristic")
    obs, info = venv.reset(seed=5)
    h = hashlib.sha256(np.asarray(obs).tobytes())
    rng = np.random.default_rng(5)
    for _ in range(steps // 4):
        masks = np.asarray(info["action_mask"])
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rew, term, trunc, info = venv.step(acts)
        h.update(np.asarray(obs).tobytes() + np.asarray(rew).tobytes() + np.asarray(term).tobytes())
    out["vector"] = h.hexdigest()[:16]
    return out


def web_games(per_game: int) -> dict:
    """Whole games in-process: one person (seeded random moves) and bots; the server's seeds fixed."""
    import secrets

    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    counter = iter(range(10**9))
    real = secrets.randbits
    secrets.randbits = lambda k: (0x9E3779B97F4A7C15 * (next(counter) + 1)) % (1 << k)
    out = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            app = create_app(f"sqlite:///{Path(tmp) / 'lama.db'}", bot_pause=0, bot_workers=1)
            with TestClient(app) as client:
                for game_id in GAMES:
                    h = hashlib.sha256()
                    for g in range(per_game):
                        players = 2 + g % 5
                        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": ("heuristic", "easy", "random")[s % 3]}
                                                       for s in range(players - 1)]
                        r = client.post("/api/tables", json={"game": game_id, "players": players, "seats": seats,
                                                              "name": "Ann"})
                        made = r.json()
                        rng = random.Random(g)
                        with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
                            while True:
                                m = ws.receive_json()
                                if m["type"] != "state":
                                    continue
                                if m["status"] == "finished":
                                    break
                                if m["legal"]:
                                    ws.send_json({"type": "act", "version": m["version"],
                                                  "action": rng.choice(m["legal"])})
                        record = client.get(f"/api/tables/{made['table']}/record").json()
                        h.update(json.dumps(record, sort_keys=True).encode())
                    out[f"web {game_id}"] = h.hexdigest()[:16]
    finally:
        secrets.randbits = real
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--only", choices=("tables", "search", "tournament", "envs", "web"), action="append")
    args = parser.parse_args()
    n = 10 if args.quick else 50
    parts = set(args.only or ("tables", "search", "tournament", "envs", "web"))
    for game_id in GAMES:
        for players in (2, 4, 6):
            if "tables" in parts:
                print(f"tables {game_id} {players}p:", table_games(game_id, players, ["random", "easy", "heuristic"],
                                                                   range(n)), flush=True)
            if "search" in parts and players == 4:
                print(f"search {game_id} {players}p:", table_games(game_id, players, ["hard", "heuristic"],
                                                                   range(max(2, n // 10))), flush=True)
                print(f"rollout {game_id} {players}p:", table_games(game_id, players, ["rollout", "ismcts", "easy"],
                                                                    range(2)), flush=True)
            if "tournament" in parts and players != 6:
                for engine in ("fast", "core"):
                    print(f"tournament {game_id} {players}p {engine}:",
                          tournament(game_id, players, engine, 3 * n), flush=True)
            if "envs" in parts:
                for kind, value in environments(game_id, players, 40 * n).items():
                    print(f"env {kind} {game_id} {players}p:", value, flush=True)
    if "web" in parts:
        for what, value in web_games(max(3, n // 5)).items():
            print(f"{what}:", value, flush=True)


if __name__ == "__main__":
    main()
