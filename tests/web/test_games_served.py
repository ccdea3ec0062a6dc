"""GET /api/games serves what the page needs of each game (Game.describe): names of its cards
and hand, its moves and their controls, its chips, marks, zones and notes (lama.core.display),
start points, options with their bounds; and a game registered at run time
(tests/variant_game.py) is served and played like the others."""

from __future__ import annotations

from variant_game import NinesGame, registered

PROTOCOL = {"id", "name", "min_players", "max_players", "options"}
FACTS = PROTOCOL | {"tagline", "family", "hand", "llama", "cards", "moves", "chips", "marks", "zones", "notes",
                     "start_points", "odds", "pictures", "sentences"}
CONTROL = {"kind", "control", "label", "key", "words", "said", "done", "primary", "seat", "ask", "seat_words", "field"}


def served(client) -> dict:
    return {g["id"]: g for g in client.get("/api/games").json()["games"]}


def test_every_game_describes_what_the_page_needs(client):
    games = served(client)
    # LL2: taking the puddle is offered only where the view has a puddle (option lachen)
    assert [m["field"] for m in games["lama"]["moves"] if m["kind"] == "take_stage"] == ["stage"]
    assert [m["field"] for m in games["kadabra"]["moves"] if m["kind"] == "take_stage"] == [""]
    for g in games.values():
        assert set(g) == FACTS
        codes = [c["code"] for c in g["cards"]]
        assert set(g["pictures"]) <= set(codes)
        assert all(m["control"] in ("hand", "row", "choose", "button") and set(m) == CONTROL for m in g["moves"])
        assert all(m["label"] and m["key"] for m in g["moves"] if m["control"] == "button")  # a button, and its key
        points = [c["points"] for c in g["chips"]]
        assert points == sorted(points, reverse=True) and points[-1] == 1  # C3: highest first, any count held
        assert g["options"][0] == {"name": "target", "description": g["options"][0]["description"], "default": 40,
                                   "type": "integer", "min": 1, "max": 1000, "label": ""}
        assert g["options"][1]["type"] == "seat"
    assert all(g["tagline"] for g in games.values())  # the lobby's line for each
    assert {c["code"]: c["name"] for c in games["komarami"]["cards"]}["L"] == "mosquito"
    assert games["komarami"]["llama"] == "mosquito" and games["lama"]["llama"] == "llama"
    kadabra = {c["code"]: c for c in games["kadabra"]["cards"]}
    assert kadabra["2/3"] == {"code": "2/3", "name": "double 2/3", "next": ["2", "3", "4"], "effect": ""}
    assert kadabra["5*"]["name"] == "5 star" and kadabra["4+"]["name"] == "4 rectangle"
    assert kadabra["L"]["next"] == ["L", "1"] and kadabra["6"]["next"] == ["6", "L"]
    assert kadabra["4+"]["effect"] == "rectangle" and kadabra["5*"]["effect"] == "star"
    assert [g["start_points"] for g in games.values()] == [0, 0, 3, 0, 0]
    assert [m["kind"] for m in games["kadabra"]["moves"]] == ["play", "draw", "quit", "skip", "take_stage"]
    assert [(m["kind"], m["control"]) for m in games["dice"]["moves"]] == [
        ("roll", "button"), ("discard", "choose"), ("take", "row"), ("quit", "button")]
    play = games["kadabra"]["moves"][0]  # K4: a played 1 names the seat given a chip, asked on the page
    assert (play["control"], play["seat"]) == ("hand", "give") and play["ask"].startswith("You play a {card}: ")
    assert [(m["field"], m["chip"], m["badge"]) for m in games["kadabra"]["marks"]] == [
        ("magic_chip", "magic", False), ("forced_draw", None, True)]
    assert [(z["field"], z["chips"], z["alert"]) for z in games["kadabra"]["zones"]] == [
        ("stage", [[1, "black"], [0, "white"]], "show")]
    assert {n["place"] for n in games["kadabra"]["notes"]} == {"top", "middle", "turn"}
    assert not any(games["dice"][part] for part in ("marks", "zones", "notes"))
    for i in ("lama", "komarami"):  # LL: the puddle, said only where a view holds it (option lachen)
        assert not games[i]["marks"] and [(z["field"], z["title"]) for z in games[i]["zones"]] == [("stage", "Puddle")]
        assert {n["place"] for n in games[i]["notes"]} == {"top", "turn"}
        lachen = {o["name"]: o for o in games[i]["options"]}["lachen"]
        assert (lachen["type"], lachen["default"]) == ("boolean", False) and lachen["label"]
    assert (games["dice"]["family"], games["dice"]["hand"], games["dice"]["odds"]) == ("dice", "display", True)
    assert "dice_rolled" in games["dice"]["sentences"] and "dice_rolled" not in games["lama"]["sentences"]
    magic_show = {"when": {"n": {"at_least": 5}}, "text": "Magic show!"}  # the page says it from the served table
    assert games["kadabra"]["sentences"]["chip_staged"]["then"] == [magic_show]
    assert {g["family"] for i, g in games.items() if i != "dice"} == {"cards"}
    deck = {o["name"]: o for o in games["kadabra"]["options"]}["deck"]
    assert (deck["type"], deck["min"], deck["max"], deck["max_total"]) == ("deck", 0, 60, 200)
    assert set(deck["default"]) <= set(deck["codes"]) == set(kadabra)
    dice = {o["name"]: o for o in games["dice"]["options"]}["dice"]
    assert (dice["type"], dice["codes"], dice["dice"], dice["sides"]) == ("faces", list("123456L"), 3, 6)


def test_P1_P3_P5_party_serves_its_plus_cards_party_llama_pink_chips_and_yes_or_no_option(client):
    party = served(client)["party"]
    cards = {c["code"]: c for c in party["cards"]}
    assert cards["3+"] == {"code": "3+", "name": "3 plus", "next": ["3", "4", "P"], "effect": "plus"}  # P1, P3
    assert cards["P"] == {"code": "P", "name": "party llama", "next": ["L", "1", "P"], "effect": "wild"}  # P2
    assert all(c["next"][-1] == "P" for c in party["cards"])  # P2: the party llama goes on any card
    assert party["chips"] == [{"colour": "pink", "points": 20}, {"colour": "black", "points": 10},
                              {"colour": "white", "points": 1}]  # P5
    option = {o["name"]: o for o in party["options"]}["party_on_party"]
    assert (option["type"], option["default"]) == ("boolean", True) and option["label"]
    assert [(m["field"], m["badge"]) for m in party["marks"]] == [("extra_turn", True)]  # P3
    assert {n["place"] for n in party["notes"]} == {"middle", "turn"}
    assert party["sentences"]["extra_turn"]["cases"]


def test_a_game_registered_at_run_time_is_served_and_opens_tables(client):
    assert NinesGame.id not in served(client)
    with registered():
        nines = served(client)[NinesGame.id]
        assert nines["name"] == NinesGame.name and nines["options"][0]["default"] == 30
        assert [c["code"] for c in nines["cards"]] == list("123456L") and nines["family"] == "cards"
        made = client.post("/api/tables", json={"game": NinesGame.id, "players": 2, "name": "Ann",
                                                "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        client.post(f"/api/tables/{made['table']}/join", json={"name": "Bob", "invite": made["invite"]})
        with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
            state = ws.receive_json()
            assert state["type"] == "state" and state["view"]["game"] == NinesGame.id
            assert state["view"]["pile_size"] == 63 - 2 * 6 - 1 and state["view"]["target"] == 30
    assert NinesGame.id not in served(client)


def test_a_table_with_the_puddle(client):
    """LL: a lama table opened with {"lachen": true} serves views with the puddle; a bad value is refused."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
    bad = client.post("/api/tables", json={"game": "lama", "players": 2, "name": "Ann", "seats": seats,
                                           "options": {"lachen": "yes"}})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_options"
    made = client.post("/api/tables", json={"game": "lama", "players": 2, "name": "Ann", "seats": seats,
                                            "options": {"lachen": True}}).json()
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        view = ws.receive_json()["view"]
        assert view["stage"] == [0, 0] and view["show"] is False and view["options"] == {"lachen": True}
