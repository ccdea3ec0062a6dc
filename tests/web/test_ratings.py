"""Ratings of rated tables (issue 38, item 3), against openskill's own numbers: Plackett-Luce,
places by points with ties shared (C6), bot levels rated as players, the leaderboard and the
player's page, once per game."""

from __future__ import annotations

import pytest

from lama.web import accounts
from lama.web.ratings import places, rate
from lama.web.schema import SeatRow, TableRow

from .helpers import HUMAN, bot, next_state, play_until
from .test_api import error_of
from .test_players import auth, made

pytest.importorskip("openskill")
from openskill.models import PlackettLuce  # noqa: E402


def finished_game(client, key, seats, rated=True, join=None) -> dict:
    """A rated game of `seats` to its end (target 1: one round), the creator playing randomly;
    `join`: the name of someone who takes the second seat without signing in. Its facts."""
    table = client.post("/api/tables", headers=auth(key), json={
        "game": "lama", "players": len(seats), "seats": seats, "options": {"target": 1}, "rated": rated}).json()
    tokens = [table["token"]]
    if join:
        tokens.append(client.post(f"/api/tables/{table['table']}/join",
                                  json={"name": join, "invite": table["invite"]}).json()["token"])
    sockets = [client.websocket_connect(f"/ws/tables/{table['table']}?token={t}") for t in tokens]
    try:
        opened = [ws.__enter__() for ws in sockets]
        states = [next_state(ws, skip_errors=True) for ws in opened]
        while states[0]["status"] != "finished":
            for i, ws in enumerate(opened):  # whoever must move plays a random legal move
                if states[i]["legal"]:
                    states[i] = play_until(ws, lambda s, v=states[i]["version"]: s["version"] > v, first=states[i])
                    states = [states[i] if j == i else next_state(w, skip_errors=True) if states[j]["version"] <
                              states[i]["version"] else states[j] for j, w in enumerate(opened)]
                    break
            else:
                states = [next_state(ws, skip_errors=True) for ws in opened]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    return client.get(f"/api/tables/{table['table']}").json()


@pytest.fixture
def listed_after_one_game(monkeypatch):
    monkeypatch.setattr(accounts, "LEADERBOARD_MIN_GAMES", 1)


def test_places_share_ties_as_wins_are_shared():
    assert places([12, 3, 3, 20]) == [3, 1, 1, 4]
    assert places([0, 0]) == [1, 1]


def test_a_rated_game_moves_ratings_as_openskill_does(client, listed_after_one_game):
    ann = made(client)
    model = PlackettLuce()
    expected = {h: model.rating() for h in ("ann", "bot:hard", "bot:easy")}
    for game in range(2):
        facts = finished_game(client, ann["key"], [HUMAN, bot("hard"), bot("easy")])
        assert facts["rated"] and facts["status"] == "finished"
        order = ["ann", "bot:hard", "bot:easy"]
        new = model.rate([[expected[h]] for h in order], ranks=places(facts["points"]))
        expected = {h: team[0] for h, team in zip(order, new)}
        page = client.get("/api/players/ann").json()
        (mine,) = page["ratings"]
        assert mine["game"] == "lama" and mine["games"] == game + 1
        assert mine["mu"] == pytest.approx(expected["ann"].mu, abs=1e-9)
        assert mine["sigma"] == pytest.approx(expected["ann"].sigma, abs=1e-9)
        assert mine["rating"] == round(expected["ann"].mu - 3 * expected["ann"].sigma, 1)
        assert len(page["history"]) == game + 1 and page["games"][0]["rated"]
    board = client.get("/api/leaderboard?game=lama").json()
    rows = {r["player"] or "bot:" + r["bot"]: r for r in board["players"]}
    assert set(rows) == {"ann", "bot:hard", "bot:easy"} and board["rated"] == 3
    for h, r in expected.items():
        assert rows[h]["mu"] == round(r.mu, 2) and rows[h]["games"] == 2
    assert [r["place"] for r in board["players"]] == [1, 2, 3]
    ratings = [r["rating"] for r in board["players"]]
    assert ratings == sorted(ratings, reverse=True)


def test_an_unrated_game_moves_no_rating_and_anonymous_seats_keep_nothing(client, clock, listed_after_one_game):
    ann = made(client)
    finished_game(client, ann["key"], [HUMAN, bot("hard")], rated=False)
    clock.advance(60)
    assert client.get("/api/players/ann").json()["ratings"] == []
    assert client.get("/api/leaderboard?game=lama").json()["players"] == []
    facts = finished_game(client, ann["key"], [HUMAN, HUMAN, bot("hard")], join="Bob")
    assert facts["seats"][1]["player"] is None
    board = client.get("/api/leaderboard?game=lama").json()
    assert {r["player"] or r["bot"] for r in board["players"]} == {"ann", "hard"}  # Bob is kept nowhere
    page = client.get("/api/players/ann").json()
    assert page["games"][0]["players"][:2] == ["Ann", "Bob"] and len(page["games"]) == 2


def test_a_bot_level_with_two_seats_moves_by_their_mean():
    row = TableRow("t", "lama", 3, {}, 1, "finished", 0.0, seats=[
        SeatRow(0, "human", player="ann"), SeatRow(1, "bot", bot="hard"), SeatRow(2, "bot", bot="hard")])
    model = PlackettLuce()
    new = model.rate([[model.rating()] for _ in range(3)], ranks=[2, 1, 3])
    got = {h: (mu, sigma, place, seats) for h, mu, sigma, place, seats in rate(row, [10, 4, 30], {})}
    assert got["ann"][:3] == (pytest.approx(new[0][0].mu), pytest.approx(new[0][0].sigma), 2)
    assert got["bot:hard"][0] == pytest.approx((new[1][0].mu + new[2][0].mu) / 2)
    assert got["bot:hard"][2] == 1 and got["bot:hard"][3] == 3


def test_a_table_is_rated_once(client):
    store = client.app.state.hub.store
    row = TableRow("t9", "lama", 2, {}, 1, "running", 0.0, seats=[SeatRow(0, "bot", bot="easy"),
                                                                   SeatRow(1, "bot", bot="hard")])
    store.create_table(row)
    for _ in range(2):
        store.finish_rated("t9", "lama", {}, {"winners": [1], "points": [9, 1]}, ["bot:easy", "bot:hard"],
                           lambda current: rate(row, [9, 1], current))
    assert [r["games"] for r in store.leaderboard("lama", 10, 0)["rows"]] == [1, 1]


def test_a_rated_table_gives_no_hints(client):
    ann = made(client)
    base = {"game": "lama", "players": 2, "seats": [HUMAN, bot()], "rated": True}
    error_of(client.post("/api/tables", headers=auth(ann["key"]), json={**base, "hints": True}), 400, "bad_request")
    error_of(client.post("/api/tables", headers=auth(ann["key"]), json={**base, "rated": "yes"}), 400, "bad_request")
    made_table = client.post("/api/tables", headers=auth(ann["key"]), json=base).json()
    facts = client.get(f"/api/tables/{made_table['table']}").json()
    assert facts["rated"] and not facts["hints"]
    assert not client.get(f"/api/tables/{create_plain(client)}").json()["rated"]


def create_plain(client) -> str:
    return client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN, bot()],
                                            "name": "Cem"}).json()["table"]


def test_the_leaderboard_names_a_game(client):
    error_of(client.get("/api/leaderboard?game=chess"), 404, "no_game")
    error_of(client.get("/api/leaderboard"), 404, "no_game")
    assert client.get("/api/leaderboard?game=dice").json() == {"game": "dice", "min_games": 3, "rated": 0,
                                                               "players": []}
