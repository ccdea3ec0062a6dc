"""Tables that survive the people at them (issue 23), in chromium with two or three people, each
in a browser context of their own (their own device): the person who leaves on their turn and
comes back on another device, the invitation link opened again, the stranger refused at a
private table and at a rematch, finished games found again. The tables' clocks are moved by the
test (serve.py's clock file), never waited for."""

from __future__ import annotations

import time

import pytest

from .driver import actions, move, play, shots, status

pytestmark = pytest.mark.e2e


def running(page):
    page.wait_for_function("document.documentElement.dataset.status === 'running'")


def join_by_invitation(page, link, name):
    page.goto(link)
    page.fill("#join-name", name)
    page.get_by_role("button", name="Take the seat").click()
    running(page)


def ann_invites_bob(server, new_page, made, **bob_device):
    """Ann opens her table `made`, copies its invitation, and Bob (a device of his own:
    `bob_device`, new_page's options) takes a seat with it: their pages, and the invitation."""
    ann = new_page()
    ann.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    ann.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    invitation = ann.get_by_role("textbox", name="Invitation link").input_value()
    bob = new_page(**bob_device)
    join_by_invitation(bob, invitation, "Bob")
    return ann, bob, invitation


def test_a_person_who_leaves_on_their_turn_is_played_by_a_bot_and_comes_back(server, new_page):
    made = server.table("lama", ["human", "human", "random"], target=200, settings={"turn_seconds": 600})
    ann, bob, _ = ann_invites_bob(server, new_page, made)
    running(ann)
    bob.locator("details.links summary").click()
    bob_link = bob.get_by_role("textbox", name="Your seat's link").input_value()  # his seat's link
    assert bob_link.startswith(bob.url + "#token=") and "#" not in bob.url
    deadline = time.monotonic() + 60
    while not actions(bob):  # Ann plays until it is Bob's turn
        assert time.monotonic() < deadline, "it never was Bob's turn"
        move(ann)
        time.sleep(0.05)
    bob.locator("#mine .clock").wait_for()  # his clock runs, on his page and on Ann's
    assert ann.get_by_role("timer", name="Bob's time left").is_visible()
    shots(bob, "clock")
    bob.context.close()  # Bob leaves on his turn
    ann.get_by_text("Bob is away.").wait_for()
    assert ann.locator(".panel.away .countdown").count() == 1  # "a bot takes over in 0:30"
    version = int(ann.evaluate("document.documentElement.dataset.version"))
    server.advance(31)  # Bob has been away longer than the table allows
    ann.get_by_text("A medium bot plays for Bob").wait_for()
    ann.wait_for_function(f"Number(document.documentElement.dataset.version) > {version}")  # the table goes on
    shots(ann, "stand-in")
    laptop = new_page()  # Bob comes back on another device, from his seat's link
    laptop.goto(bob_link)
    running(laptop)
    assert laptop.locator("#mine .my-head").inner_text().startswith("Bob (you)")
    ann.wait_for_function("!document.body.innerText.includes('plays for Bob')")
    ann.locator('.seat[data-seat="1"] .tag.online').wait_for()


def test_the_invitation_link_opened_again_continues_the_seat(server, new_page):
    made = server.table("kadabra", ["human", "human", "easy"], target=200)
    _, bob, invitation = ann_invites_bob(server, new_page, made)
    seat_url = bob.url
    bob.close()
    again = bob.context.new_page()  # the same device opens the invitation again
    again.goto(invitation)
    running(again)
    assert again.locator("#mine .my-head").inner_text().startswith("Bob (you)")
    assert again.url == seat_url
    assert again.locator("#join-name").count() == 0


def test_a_stranger_is_refused_at_a_private_table_and_at_a_rematch(server, new_page):
    made = server.table("lama", ["human", "human", "random"], target=3, settings={"turn_seconds": None})
    url = f"{server.base}/tables/{made['table']}"
    eve = new_page()  # she knows the table's address, not its invitation
    eve.goto(f"{url}#join=1")
    eve.get_by_text("This table is private").wait_for()
    assert eve.get_by_role("button", name="Take the seat").count() == 0
    shots(eve, "private")
    lobby = new_page()
    lobby.goto(server.base + "/")
    lobby.get_by_text("No public table now").wait_for()  # a private table is never listed
    ann = new_page()
    ann.goto(f"{url}#token={made['token']}")
    invitation = ann.get_by_role("textbox", name="Invitation link").input_value()
    bob = new_page()
    join_by_invitation(bob, invitation, "Bob")
    play([ann, bob], until=lambda: status(ann) == "finished" and status(bob) == "finished")
    ann.get_by_role("button", name="Play again").click()
    ann.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    rematch = ann.url.split("#")[0]
    assert ann.get_by_text("Bob: kept for them (a rematch)").is_visible()
    bob.get_by_text("Ann wants a rematch.").wait_for()  # Bob is told at once
    shots(bob, "rematch-offer")
    eve.goto(f"{rematch}#join=1")  # the stranger at the rematch: Bob's seat is kept for Bob
    eve.reload()
    eve.get_by_text("This table is private").wait_for()
    assert eve.get_by_role("button", name="Take the seat").count() == 0
    bob.get_by_role("button", name="Join the rematch").click()
    running(bob)
    running(ann)
    assert bob.url.split("#")[0] == rematch


def test_a_finished_game_stays_in_your_tables_with_its_replay_and_record(server, new_page):
    made = server.table("dice", ["human", "random"], target=5)
    ann = new_page()
    ann.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    play([ann], until=lambda: status(ann) == "finished")
    with ann.expect_download() as download:
        ann.get_by_role("link", name="Download the record").click()
    assert download.value.suggested_filename == f"lama-dice-{made['table']}.record.json"
    lobby = ann.context.new_page()
    lobby.goto(server.base + "/")
    mine = lobby.locator("#my-tables .table-item")
    mine.first.wait_for()
    item = mine.filter(has_text="over")
    assert item.count() == 1 and "★" in item.inner_text()
    shots(lobby, "your-tables")
    item.get_by_role("link", name="Replay").click()
    lobby.locator("#seats .seat").first.wait_for()
    assert lobby.locator(".tag.online, .tag.away").count() == 0  # no live presence in a replay
    assert lobby.get_by_role("link", name="Download the record").is_visible()
