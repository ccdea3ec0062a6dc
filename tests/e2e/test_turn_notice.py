"""It tells you it is your turn, and people at a table can react (issue 25), in chromium with two
people, each in a browser context of their own (their own device): the tab's title and icon on
one's turn, the sound switch remembered on the device, a reaction shown at the sender's seat on
the other person's page (and muted there per seat), the quit confirmation's page hook, and words
right (no "null", Draw urged only when no card fits, a line for each game in the lobby)."""

from __future__ import annotations

import json
import time

import pytest

from .driver import actions, move, version, wait_for_change

pytestmark = pytest.mark.e2e

TURN = "● Your turn · lama"


def running(page):
    page.wait_for_function("document.documentElement.dataset.status === 'running'")


def my_turn(page) -> bool:
    return page.evaluate("document.title") == TURN


def test_the_turn_shows_in_the_tab_and_people_react(server, new_page):
    made = server.table("lama", ["human", "human"], target=200, seed=25, settings={"turn_seconds": 3600})
    url = f"{server.base}/tables/{made['table']}"
    ann = new_page()
    ann.goto(f"{url}#token={made['token']}")
    ann.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    assert not my_turn(ann) and ann.title().endswith("· lama")
    bob = new_page()
    bob.goto(ann.get_by_role("textbox", name="Invitation link").input_value())
    bob.fill("#join-name", "Bob")
    bob.get_by_role("button", name="Take the seat").click()
    running(bob)
    running(ann)
    deadline = time.monotonic() + 15
    while not (my_turn(ann) or my_turn(bob)):  # the round is dealt on both pages
        assert time.monotonic() < deadline, "nobody's title says it is their turn"
        time.sleep(0.05)
    mover, waiter = (ann, bob) if my_turn(ann) else (bob, ann)
    assert actions(mover) and not actions(waiter)
    mover.wait_for_function(f"document.title === '{TURN}'")
    assert not my_turn(waiter)
    assert mover.locator('link[rel="icon"]').get_attribute("href") == "/static/favicon-turn.svg"
    assert waiter.locator('link[rel="icon"]').get_attribute("href") == "/static/favicon.svg"

    # the sound is off until the person turns it on, and the device remembers it
    sound = mover.locator("#sound-toggle")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert mover.evaluate("localStorage.getItem('lama.sound')") == "true"
    mover.reload()
    running(mover)
    mover.wait_for_function(f"document.title === '{TURN}'")
    assert mover.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    assert waiter.locator("#sound-toggle").get_attribute("aria-pressed") == "false"  # another device

    # a reaction shows at the sender's seat on the other page, and at one's own place
    seat = int(waiter.evaluate("document.querySelector('#seats [data-seat]').dataset.seat"))
    sender = 1 - seat  # the waiter's seat, as the mover's page has it
    waiter.get_by_role("button", name="React: Well played").click()
    bubble = mover.locator(f'#seats [data-seat="{sender}"] .reaction-bubble')
    bubble.wait_for()
    assert "Well played" in bubble.inner_text()
    waiter.locator("#mine .my-head .reaction-bubble").wait_for()
    # muted on the mover's device: the waiter's next reaction is not shown there
    name = "Bob" if waiter is bob else "Ann"
    mover.get_by_role("button", name=f"Mute {name}'s reactions").click()
    assert bubble.count() == 0
    waiter.get_by_role("button", name="React: Oops").click()
    waiter.locator('#mine .reaction-bubble[data-reaction="oops"]').wait_for()
    mover.wait_for_timeout(300)  # the same message reached both pages
    assert mover.locator(".reaction-bubble").count() == 0
    assert mover.get_by_role("button", name=f"Mute {name}'s reactions").get_attribute("aria-pressed") == "true"

    # the quit control leads to a confirmation whose confirming control carries the same hook
    while not mover.locator("#mine .hand .playable:not([disabled])").count():  # a turn with a card to play
        v = version(mover)
        move(mover)
        waiter.wait_for_function(f"Number(document.documentElement.dataset.version) > {v}")
        mover, waiter = waiter, mover
        mover.wait_for_function(f"document.title === '{TURN}'")
    draw = mover.locator("#mine [data-action]", has_text="Draw a card")
    assert "primary" not in draw.get_attribute("class")  # a card fits: drawing is not the move to urge
    for page in (mover, waiter):  # words right: nothing left unfilled
        text = page.inner_text("body")
        assert not any(w in text for w in ("null", "undefined", "NaN", "[object", "1 points")), text
    quit_control = mover.locator("#mine [data-action]", has_text="Quit the round")
    assert json.loads(quit_control.get_attribute("data-action")) == {"quit": True}
    v = version(mover)
    quit_control.click()
    confirm = mover.locator("dialog[open] .confirm-quit")
    assert json.loads(confirm.get_attribute("data-action")) == {"quit": True}
    confirm.click()
    wait_for_change(mover, v)
    assert version(mover) > v
    # the turn has gone to the other person: the titles swap
    waiter.wait_for_function(f"document.title === '{TURN}'")
    mover.wait_for_function(f"document.title !== '{TURN}'")
    assert mover.locator('link[rel="icon"]').get_attribute("href") == "/static/favicon.svg"


def test_the_lobby_says_what_each_game_is(server, new_page):
    page = new_page()
    page.goto(server.base + "/")
    page.locator(".game-choice").first.wait_for()
    lines = page.locator(".game-choice .tagline").all_inner_texts()
    assert len(lines) == len(server.get("/api/games")["games"]) and all(len(t) > 20 for t in lines)
