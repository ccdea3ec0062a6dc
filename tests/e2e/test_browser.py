"""The browser client, played in chromium (issue 14, item 9). Screenshots go to
tests/e2e/screenshots/ (ignored by git)."""

from __future__ import annotations

import re
import time

import pytest

from .conftest import PHONE
from .driver import click_action, move, play, round_over, shots, status, version

pytestmark = pytest.mark.e2e


def running(page):
    page.wait_for_function("document.documentElement.dataset.status === 'running'")


def seat_page(new_page, server, created, **kw):
    page = new_page(**kw)
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    running(page)
    return page


def no_hand_cards(page):
    """A spectator's page shows no card of any hand: card backs only, no hand of its own."""
    assert page.locator("#seats .seat").count() > 0
    assert page.locator("#seats .card:not(.mini)").count() == 0
    assert page.locator("#mine .card").count() == 0


def test_two_people_and_two_bots_play_a_whole_game(server, new_page):
    ann = new_page()
    ann.goto(server.base + "/")
    ann.fill("#name", "Ann")
    ann.locator(".game-choice", has=ann.locator('input[value="lama"]')).click()
    ann.select_option("#players", "4")
    ann.select_option('#seat-list select[data-seat="1"]', "human")
    ann.select_option('#seat-list select[data-seat="2"]', "easy")
    ann.select_option('#seat-list select[data-seat="3"]', "medium")
    ann.fill("#target", "30")
    shots(ann, "lobby")
    ann.get_by_role("button", name="Open the table").click()
    ann.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    assert "#" not in ann.url  # the seat's token is kept by the device, not in the address
    table_url = ann.url
    link = ann.get_by_role("textbox", name="Invitation link").input_value()
    assert link.startswith(table_url + "#invite=")
    assert ann.get_by_role("textbox", name="Your seat's link").input_value().startswith(table_url + "#token=")
    shots(ann, "waiting")

    bob = new_page()
    bob.goto(link)
    bob.fill("#join-name", "Bob")
    bob.get_by_role("button", name="Take the seat").click()
    running(bob)
    running(ann)
    assert "#" not in bob.url

    eve = new_page()  # a spectator
    eve.goto(table_url)
    running(eve)
    no_hand_cards(eve)
    assert eve.get_by_text("You are watching").is_visible()

    reloaded = []

    def each(moves):
        if moves % 4 == 0:
            no_hand_cards(eve)
        if moves == 6:
            shots(ann, "lama")
        if moves == 10 and not reloaded:  # Bob reloads mid-game: localStorage keeps his seat
            bob.reload()
            running(bob)
            assert bob.locator("#mine .my-head").inner_text().startswith("Bob (you)")
            reloaded.append(version(bob))

    play([ann, bob], until=lambda: status(ann) == "finished" and status(bob) == "finished", each=each)
    assert reloaded, "the game ended before Bob could reload"
    final = ann.locator(".final")
    assert final.get_by_role("button", name="Play again").is_visible()
    assert final.locator(".ranking li").count() == 4
    assert ann.locator(".recap tbody tr").count() == 4
    shots(ann, "lama-final")
    eve.wait_for_function("document.documentElement.dataset.status === 'finished'")

    # the name is remembered on the device
    lobby = ann.context.new_page()
    lobby.goto(server.base + "/")
    assert lobby.locator("#name").input_value() == "Ann"
    lobby.close()

    # play again: the same seats at a new table, which starts when both are back; Bob is told
    ann.get_by_role("button", name="Play again").click()
    ann.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    assert ann.url.split("#")[0] != table_url
    bob.get_by_text("Ann wants a rematch.").wait_for()
    bob.get_by_role("button", name="Join the rematch").click()
    running(bob)
    running(ann)


@pytest.mark.parametrize("game", ["komarami", "dice"])
def test_one_round(server, new_page, game):
    created = server.table(game, ["human", "medium", "easy"], target=60, seed=11)
    page = seat_page(new_page, server, created)
    if game == "dice":
        page.get_by_role("button", name="Odds").click()
        page.wait_for_selector(".odds .hint-list")
        assert "Three llamas" in page.locator(".odds").inner_text()
    shot = []

    def each(moves):
        if moves == 2 and not shot:
            shots(page, game)
            shot.append(1)

    play([page], until=round_over(page, 0), each=each)
    if status(page) != "finished":
        recap = page.locator(".recap-panel")
        assert recap.is_visible()
        assert recap.locator("tbody tr").count() == 3
        shots(page, f"{game}-recap")
    log = page.locator("#log").inner_text()
    assert "Round 1 is dealt" in log
    if game == "dice":
        assert "rolled" in log


def test_kadabra_round_with_a_gift_and_a_magic_show(server, new_page):
    created = server.table("kadabra", ["human", "medium", "medium"], seed=7)
    page = seat_page(new_page, server, created)
    seen = {"show": False, "chooser": False}

    def each(moves):
        if not seen["show"] and page.locator(".zone-chips.alert").count():
            seen["show"] = True
            shots(page, "kadabra-show")
        if moves == 1:
            shots(page, "kadabra")

    deadline = time.monotonic() + 120
    while not round_over(page, 0)():
        assert time.monotonic() < deadline
        if page.locator(".hand [data-choice]:not([disabled])").count() and not seen["chooser"]:
            page.locator(".hand [data-choice]:not([disabled])").first.click()
            page.wait_for_selector(".chooser")
            seen["chooser"] = True
            # the chooser numbers seats as the names do, from 1: "Medium 2 (3 points) [2]", 2 its key
            labels = page.locator(".chooser button").all_inner_texts()
            pairs = [re.search(r"Medium (\d)\s*\(\d+ points?\)\s*(\d)", t, re.S) for t in labels if "Medium" in t]
            assert pairs and all(p and p[1] == p[2] for p in pairs), labels
            shots(page, "kadabra-gift")
        if page.locator(".zone-chips.alert").count() and not seen["show"]:
            each(0)
        if move(page) is None:
            time.sleep(0.05)
        else:
            each(1 + 1)
    log = page.locator("#log").inner_text()
    assert seen["chooser"], "no 1 to give a chip with came up"
    assert "You gave a white chip to" in log or "You gave a black chip to" in log or "You gave the magic chip" in log
    assert "Magic show!" in log
    assert "took the stage" in log


def test_replay_steps_through_a_finished_game(server, new_page):
    created = server.table("lama", ["medium", "easy", "random"], target=8, seed=5)
    assert created["token"] is None
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{created['table']}")["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page = new_page()
    page.goto(f"{server.base}/tables/{created['table']}/replay")
    page.wait_for_function("document.documentElement.dataset.status === 'finished'")
    step = lambda: int(page.evaluate("document.documentElement.dataset.step"))  # noqa: E731
    assert step() == 0
    assert page.locator("#seats .small-cards .card").count() == 18  # every hand, face up
    page.get_by_role("button", name="Next move").click()
    assert step() == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert step() == 3
    page.keyboard.press("ArrowLeft")
    assert step() == 2
    page.keyboard.press("End")
    last = step()
    steps = server.get(f"/api/tables/{created['table']}/replay")["steps"]
    assert last == len(steps) - 1 > 5  # the last step, and enough of them for the slider below
    assert "Game over" in page.locator("#middle").inner_text()
    shots(page, "replay-end")
    page.get_by_role("button", name="Previous move").click()
    assert step() == last - 1
    page.locator("#slider").fill("5")
    assert step() == 5
    shots(page, "replay")
    page.keyboard.press("Home")
    assert step() == 0


def test_a_phone_plays_a_round_by_touch(server, new_page):
    created = server.table("lama", ["human", "easy", "medium"], seed=12)
    page = seat_page(new_page, server, created, viewport=PHONE, color_scheme="dark", has_touch=True, is_mobile=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width} px wide on a 375 px phone"
    play([page], until=round_over(page, 0), tap=True)
    page.screenshot(path=str(__import__("pathlib").Path(__file__).parent / "screenshots" / "phone-round-end.png"),
                    full_page=True)


def test_keyboard_and_refusals(server, new_page):
    created = server.table("lama", ["human", "medium"], seed=3)
    page = seat_page(new_page, server, created)
    v = version(page)
    page.wait_for_selector('[data-action=\'{"draw": true}\']:not([disabled]), '
                           '[data-action=\'{"draw":true}\']:not([disabled])')
    page.keyboard.press("d")
    page.wait_for_function(f"Number(document.documentElement.dataset.version) > {v}")
    assert "You drew" in page.locator("#log").inner_text()
    # an unplayable card typed is explained, not sent
    page.wait_for_function("document.querySelectorAll('#mine [data-action]:not([disabled])').length > 0")
    hand = page.eval_on_selector_all(".hand .card", "els => els.map(e => [e.dataset.code, e.disabled])")
    dead = [c for c, disabled in hand if disabled]
    if dead:
        page.keyboard.press(dead[0].lower())
        page.wait_for_selector("#toast:not([hidden])")
        assert "cannot play" in page.locator("#toast").inner_text()
    # a hint: every legal move with the hard bot's win chance
    page.keyboard.press("h")
    page.wait_for_selector(".hint .hint-list li", timeout=60000)
    assert page.locator(".hint .hint-list li").count() == len(set(page.eval_on_selector_all(
        "#mine [data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")))
    # the rules
    page.keyboard.press("?")
    page.wait_for_selector("#rules-dialog[open] h2")
    assert "How to play" in page.locator("#rules-dialog").inner_text()
    page.keyboard.press("Escape")


def test_lost_connection_shows_a_banner_and_reconnects(tmp_path, new_page, playwright_api):
    from .conftest import Server

    server = Server(tmp_path).start()
    try:
        created = server.table("lama", ["human", "medium"], seed=13)
        page = seat_page(new_page, server, created)
        v = version(page)
        server.stop()
        page.wait_for_selector("#banner:not([hidden])")
        assert "Reconnecting" in page.locator("#banner").inner_text()
        server.start()
        page.wait_for_selector("#banner", state="hidden", timeout=30000)
        assert version(page) == v
        assert status(page) == "running"
        click_action(page, {"draw": True}) if page.locator('#mine [data-action]:not([disabled])').count() else None
    finally:
        server.stop()
