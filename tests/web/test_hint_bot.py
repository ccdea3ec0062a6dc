"""The neural bot on the server: at its seats and as their stand-in, and `lama serve --hint-bot
neural`: hints from the neural bot, at once, in a thread of the server (never queued behind the
bots' process pool), without estimates."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .helpers import HUMAN, bot, create, play_until


@pytest.fixture
def neural_client(tmp_path, clock):
    from fastapi.testclient import TestClient

    from lama.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'lama.db'}", bot_pause=0, bot_workers=1, clock=clock,
                     hint_bot="neural")
    with TestClient(app) as c:
        yield c


def hint_of(ws) -> dict:
    ws.send_json({"type": "hint"})
    return next(m for m in iter(ws.receive_json, None) if m["type"] in ("hint", "error"))


@pytest.mark.parametrize("game", ["lama", "dice"])
def test_a_neural_hint_is_the_neural_bots_choice_without_estimates(neural_client, game):
    from lama.bots.hints import hint_rng
    from lama.bots.neural import neural_bot

    made = create(neural_client, game=game, seats=[HUMAN, bot("random"), bot("random")])
    with neural_client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        state = play_until(ws, lambda s: bool(s["legal"]))
        hint = hint_of(ws)
        view = neural_client.app.state.hub.live[made["table"]].table.view(0)
    assert hint["type"] == "hint" and hint["version"] == state["version"] and hint["seat"] == 0
    assert hint["choice"] == neural_bot(view, hint_rng(view)).to_json()
    assert [a["action"] for a in hint["actions"]] == state["legal"]
    assert all(a["win_chance"] is None and a["stderr"] is None and a["points_this_round"] is None
               and a["tries"] == 0 for a in hint["actions"])
    # a game without a model: neural plays, and hints, as the heuristic there
    from lama.bots.neural import has_model

    assert hint["method"].startswith("neural") and ("heuristic" in hint["method"]) == (not has_model(game))


def test_neural_hints_need_no_pool(neural_client):
    """With the bots' processes gone (a busy pool's stand-in), neural hints still come at once."""
    made = create(neural_client, seats=[HUMAN, bot("random")])
    with neural_client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        play_until(ws, lambda s: bool(s["legal"]))
        neural_client.app.state.hub.pool.shutdown(wait=True)
        assert hint_of(ws)["type"] == "hint"


def test_the_hint_bot_is_hard_or_neural():
    from lama.web.app import create_app

    with pytest.raises(ValueError, match="hard, neural"):
        create_app("sqlite://", hint_bot="expert")
    shown = subprocess.run([sys.executable, "-m", "lama", "serve", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert "--hint-bot" in shown.stdout and "neural" in shown.stdout
    refused = subprocess.run([sys.executable, "-m", "lama", "serve", "--hint-bot", "expert"], capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode == 2 and "hint-bot" in refused.stderr and "Traceback" not in refused.stderr


def test_the_servers_seats_and_stand_ins_take_neural(client):
    made = create(client, seats=[HUMAN, bot("neural"), bot("neural")], stand_in_level="neural")
    assert client.get(f"/api/tables/{made['table']}").json()["stand_in_level"] == "neural"
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        state = play_until(ws, lambda s: s["version"] >= 12 or s["status"] == "finished")  # every seat has moved
    assert [s["bot"] for s in state["seats"]] == [None, "neural", "neural"]
