"""Players in chromium (issue 38): a player made in the lobby, another device signed in with the
one-time link and signed out again from the first, a seat followed from one device of a player
to another with nothing but the table's plain link, rated games on the player's page and the
leaderboard; and no key or code in the server's log. Each device is a browser context of its own."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import PHONE
from .driver import actions, move, status, version, wait_for_change
from .test_languages import SEEN, plain_words, pseudo_page
from .test_seating import ann_invites_bob

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).parent / "screenshots"
DEVICE_WORDS = {"Chrome", "Linux", "HeadlessChrome"}  # a device's label is the browser's own name
# SEEN, within one part of the page (an element's text nodes and labelled elements)
PART = "part => (" + SEEN.replace("document.body", "part") + ")()"


def call(server, path, body=None, key=None, method=None):
    """The API with a player's key (Authorization: Bearer)."""
    headers = {"content-type": "application/json"} if body is not None else {}
    if key:
        headers["authorization"] = f"Bearer {key}"
    req = urllib.request.Request(server.base + path, method=method or ("POST" if body is not None else "GET"),
                                 data=None if body is None else json.dumps(body).encode(), headers=headers)
    return json.load(urllib.request.urlopen(req, timeout=30))


def signed_in_page(new_page, server, player, **kw):
    """A device of `player` (the answer that made them, or signed them in): its key in its storage."""
    page = new_page(**kw)
    page.goto(server.base + "/")
    page.evaluate("p => localStorage.setItem('lama.player', JSON.stringify(p))",
                  {"player": player["player"], "name": player["name"], "key": player["key"]})
    return page


def test_a_player_is_made_and_another_device_signed_in_and_out(server, new_page):
    phone = new_page(viewport=PHONE)
    phone.goto(server.base + "/")
    phone.fill("#you-handle", "ann_e2e")
    phone.fill("#you-name", "Ann")
    phone.get_by_role("button", name="Create my player").click()
    phone.get_by_text("Signed in as Ann").wait_for()
    phone.get_by_role("button", name="Sign in another device").click()
    phone.get_by_role("img", name="QR code of the sign-in link").wait_for()
    link = phone.get_by_role("textbox", name="Sign-in link").input_value()
    assert "/signin#code=" in link
    laptop = new_page()
    laptop.goto(link)
    laptop.get_by_role("button", name="Sign in on this device").wait_for()
    assert "#" not in laptop.url  # the code left the address bar at once
    laptop.get_by_role("button", name="Sign in on this device").click()
    laptop.get_by_text("Signed in as Ann").wait_for()
    laptop.goto(server.base + "/")
    laptop.locator("#you").get_by_text("Signed in as Ann").wait_for()
    again = new_page()  # the link works once
    again.goto(link)
    again.get_by_role("button", name="Sign in on this device").click()
    again.get_by_text("used already or expired").wait_for()
    phone.get_by_role("button", name="Your devices").click()
    devices = phone.locator(".device-list li")
    devices.nth(1).wait_for()
    assert devices.count() == 2 and "(this device)" in devices.nth(0).inner_text()
    phone.get_by_role("button", name="Sign out this device").click()
    phone.locator(".device-list li").nth(1).wait_for(state="detached")
    laptop.reload()  # its key was revoked: the lobby says so, and offers to make a player again
    laptop.get_by_text("You were signed out on this device").wait_for()
    assert laptop.evaluate("localStorage.getItem('lama.player')") == "null"
    said = server_log(server)
    assert link.split("#code=")[1] not in said


def test_a_seat_follows_the_player_to_another_device(server, new_page):
    """Bob's evening (issue 38): his seat, taken signed in on his phone from the invitation, is
    his on the laptop with only the table's plain link; his lobby there lists it."""
    ann = call(server, "/api/players", {"handle": "ann_seat", "name": "Ann"})
    bob = call(server, "/api/players", {"handle": "bob_seat", "name": "Bob"})
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = call(server, "/api/tables", {"game": "lama", "players": 3, "options": {"target": 200}, "seats": seats},
                key=ann["key"])
    ann_page = signed_in_page(new_page, server, ann)
    ann_page.goto(f"{server.base}/tables/{made['table']}")  # her seat, found from her player alone
    ann_page.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    phone = signed_in_page(new_page, server, bob, viewport=PHONE)
    phone.goto(f"{server.base}/tables/{made['table']}#invite={made['invite']}")
    assert phone.locator("#join-name").input_value() == "Bob"
    phone.get_by_role("button", name="Take the seat").click()
    phone.wait_for_function("document.documentElement.dataset.status === 'running'")
    code = call(server, "/api/players/me/links", {}, key=bob["key"])["link"].split("#code=")[1]
    laptop = new_page()
    laptop.goto(f"{server.base}/signin#code={code}")
    laptop.get_by_role("button", name="Sign in on this device").click()
    laptop.get_by_text("Signed in as Bob").wait_for()
    laptop.goto(f"{server.base}/tables/{made['table']}")  # the plain link: no token, no invitation
    laptop.wait_for_function("document.documentElement.dataset.status === 'running'")
    assert laptop.locator("details.links summary").count() == 1  # a seat's panel, not a spectator's
    deadline = time.monotonic() + 60
    while not actions(laptop):  # Ann plays until it is Bob's turn
        assert time.monotonic() < deadline, "it never was Bob's turn"
        move(ann_page, quick=True)
        wait_for_change(laptop, version(laptop), timeout=2)
    v = version(laptop)
    assert move(laptop, quick=True) is not None  # Bob moves from the laptop
    wait_for_change(phone, v)
    assert version(phone) > v and status(phone) == "running"
    laptop.goto(server.base + "/")
    laptop.locator("#my-tables").get_by_role("link", name="Back to my seat").first.wait_for()


def test_rated_games_show_on_the_players_page_and_the_leaderboard(server, new_page):
    cem = call(server, "/api/players", {"handle": "cem_rated", "name": "Cem"})
    seats = [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "hard"}]
    tables = [call(server, "/api/tables", {"game": "dice", "players": 2, "options": {"target": 1}, "seats": seats,
                                           "rated": True, "name": "Cem"}, key=cem["key"])["table"] for _ in range(3)]
    mine = call(server, "/api/tables", {"game": "dice", "players": 2, "options": {"target": 1}, "rated": True,
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]}, key=cem["key"])
    page = signed_in_page(new_page, server, cem)
    page.goto(f"{server.base}/tables/{mine['table']}")
    deadline = time.monotonic() + 120
    while status(page) != "finished":
        assert time.monotonic() < deadline, "the rated game never ended"
        v = version(page)
        if move(page, quick=True) is None:
            wait_for_change(page, v, timeout=2)
    while any(call(server, f"/api/tables/{t}")["status"] != "finished" for t in tables):
        assert time.monotonic() < deadline, "the bots' rated games never ended"
        time.sleep(0.2)
    for viewport, size in ((None, "desktop"), (PHONE, "phone")):
        p = new_page(**({"viewport": viewport} if viewport else {}))
        p.goto(f"{server.base}/players/cem_rated")
        p.get_by_text("1 rated game").wait_for()
        assert p.locator(".rating-curve").count() == 1 and p.get_by_role("link", name="Replay").count() == 1
        assert p.evaluate("document.documentElement.scrollWidth") <= p.viewport_size["width"]
        p.screenshot(path=str(SHOTS / f"player-{size}.png"), full_page=True)
        p.goto(f"{server.base}/#leaderboard")
        p.select_option("#board-game", "dice")
        p.locator("table.board").get_by_text("Hard bot").wait_for()
        assert p.locator("table.board").get_by_text("Easy bot").count() == 1
        box = p.locator("table.board").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= p.viewport_size["width"]
        p.locator("#leaderboard").screenshot(path=str(SHOTS / f"leaderboard-{size}.png"))
    for lang in ("de", "es", "ko", "nl", "pl"):  # no sideways scroll on a phone in any language
        p = new_page(viewport=PHONE)
        p.add_init_script(f"localStorage.setItem('lama.lang', '{lang}')")
        p.goto(f"{server.base}/players/cem_rated")
        p.locator(".rating-curve").wait_for()
        assert p.evaluate("document.documentElement.lang") == lang
        assert p.evaluate("document.documentElement.scrollWidth") <= 375, lang
    p = pseudo_page(new_page)  # every word of them from a catalog
    p.goto(f"{server.base}/players/cem_rated")
    p.locator(".rating-curve").wait_for()
    seen(p, "the player's page", {"Cem", "cem_rated", "Easy"})  # (a bot seat is named by its level, as at the table)
    p.goto(f"{server.base}/#leaderboard")
    p.select_option("#board-game", "dice")
    p.locator("table.board").wait_for()
    seen(p.locator("#leaderboard"), "the leaderboard")


def seen(where, what: str, names=()) -> None:
    """No word of plain letters on `where` (a page or a part of one) in xx but `names`."""
    part = hasattr(where, "bounding_box")  # a Locator: that part only
    found = plain_words(where.evaluate(PART if part else SEEN), set(names) | DEVICE_WORDS)
    assert not found, f"{what}: words not taken from a catalog: {found}"


def test_the_players_panels_and_sign_in_page_take_every_word_from_a_catalog(server, new_page):
    page = pseudo_page(new_page)
    page.goto(server.base + "/")
    page.locator("#you-handle").wait_for()
    seen(page.locator("#you"), "the You panel")
    page.fill("#you-handle", "xxdee")
    page.fill("#you-name", "Dee")
    page.locator("#you button[type=submit]").click()
    page.locator("#you a[href='/players/xxdee']").wait_for()
    seen(page.locator("#you"), "the You panel, signed in", {"Dee", "xxdee"})
    page.locator("#you .buttons button").nth(0).click()
    page.locator("svg.qr").wait_for()
    seen(page.locator("#you"), "the sign-in link", {"Dee", "xxdee"})
    page.locator("#you .buttons button").nth(1).click()
    page.locator(".device-list li").wait_for()
    seen(page.locator("#you"), "the devices", {"Dee", "xxdee"})
    other = pseudo_page(new_page)
    other.goto(server.base + "/signin#code=" + "z" * 32)
    other.locator("#signin button").wait_for()
    seen(other, "the sign-in page")
    other.locator("#signin button").click()
    other.locator("#signin .error:not(:empty)").wait_for()  # (the server's words: English under xx)
    other.goto(server.base + "/signin")
    other.locator("#signin h2").wait_for()
    seen(other, "the sign-in page without a code")


def server_log(server) -> str:
    server.log.seek(0, 2)
    end = server.log.tell()
    server.log.seek(0)
    said = server.log.read(end).decode(errors="replace")
    server.log.seek(0, 2)
    return said


def test_no_key_or_code_reaches_the_servers_log(server):
    ann = call(server, "/api/players", {"handle": "ann_log", "name": "Ann"})
    code = call(server, "/api/players/me/links", {}, key=ann["key"])["link"].split("#code=")[1]
    other = call(server, "/api/signin", {"code": code})
    call(server, "/api/players/me/tables", key=other["key"])
    said = server_log(server)
    assert ann["key"] not in said and code not in said and other["key"] not in said


def test_a_seat_taken_without_signing_in_is_claimed_from_another_device(server, new_page):
    """Bob took his seat on his phone without signing in; on the laptop he has only the table's
    link: he asks the table, Ann lets him in, the laptop plays his seat and the phone is told."""
    made = server.table("lama", ["human", "human", "random"], target=200, settings={"turn_seconds": None})
    ann, phone, _ = ann_invites_bob(server, new_page, made, viewport=PHONE)
    laptop = new_page()
    laptop.goto(f"{server.base}/tables/{made['table']}")
    laptop.wait_for_function("document.documentElement.dataset.status === 'running'")
    laptop.get_by_text("One of these seats is mine").click()
    laptop.get_by_role("button", name="Bob's seat is mine").click()
    ask = ann.get_by_role("alertdialog")
    ask.wait_for()
    assert "Bob" in ask.inner_text()
    ask.get_by_role("button", name="Yes, let them in").click()
    phone.locator("#mine").get_by_role("heading", name="Your seat moved to another device").wait_for()
    laptop.locator("details.links summary").wait_for()  # the laptop is in the seat now
    assert ann.get_by_role("alertdialog").count() == 0
    deadline = time.monotonic() + 60
    while not actions(laptop):  # Ann plays until it is Bob's turn, and Bob moves from the laptop
        assert time.monotonic() < deadline, "it never was Bob's turn"
        move(ann, quick=True)
        wait_for_change(laptop, version(laptop), timeout=2)
    assert move(laptop, quick=True) is not None
