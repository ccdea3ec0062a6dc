"""Table chat in chromium (issue 41, item 2): two people chat, hostile text is shown as text and
runs nothing, a 200-emoji line fits a phone, a muted seat's lines are hidden, spectators see no chat."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .test_seating import ann_invites_bob

pytestmark = pytest.mark.e2e


def test_two_people_chat_and_one_mutes_the_other(server, new_page):
    made = server.table("lama", ["human", "human", "random"], target=200, settings={"turn_seconds": None})
    ann, bob, _ = ann_invites_bob(server, new_page, made, viewport=PHONE)
    ann.wait_for_function("document.documentElement.dataset.status === 'running'")
    ann.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))  # (alert(1) would open one)
    hostile = '<img src=x onerror="alert(1)"><b>bold</b>'
    box = ann.get_by_role("textbox", name="A line to the people at the table")
    box.fill(hostile)
    box.press("Enter")
    bob.locator("#chat-lines li").filter(has_text="bold").wait_for()
    line = bob.locator("#chat-lines li").last
    assert line.inner_text() == f"Ann: {hostile}" and line.locator("img, b").count() == 0  # text, not HTML
    bob.get_by_role("textbox", name="A line to the people at the table").fill("🦙" * 200)
    bob.get_by_role("button", name="Send").click()
    ann.locator("#chat-lines li").filter(has_text="🦙").wait_for()
    assert bob.evaluate("document.documentElement.scrollWidth") <= 375  # the long line wraps on a phone
    ann.get_by_role("button", name="Mute Bob's reactions and chat").click()
    assert ann.locator("#chat-lines li").filter(has_text="🦙").count() == 0  # muted: hidden on Ann's device
    watcher = new_page()
    watcher.goto(f"{server.base}/tables/{made['table']}")
    watcher.wait_for_function("document.documentElement.dataset.status === 'running'")
    assert watcher.locator("#chat").is_hidden() and watcher.locator("#chat-lines li").count() == 0
