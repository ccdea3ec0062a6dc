"""The pages under the server's Content-Security-Policy (no inline script or style, nothing
from elsewhere): the lobby, a table and its replay load and draw with no refusal (issue 24).
A seat's token leaves the address bar once the page has read it (issue 40)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_every_page_runs_under_the_content_security_policy(server, new_page):
    made = server.table("lama", ["human", "random"], target=5)
    page = new_page(csp=True)  # a refusal of the policy fails the test (conftest's new_page)
    page.goto(server.base + "/")
    page.locator(".game-choice").first.wait_for()
    page.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    page.locator("#mine .my-head").wait_for()
    while page.locator(".final").count() == 0:  # play the game out by the page's own buttons
        enabled = page.locator("#mine [data-action]:not([disabled])")
        if enabled.count():
            enabled.first.click()
            dialog = page.locator("dialog[open] .confirm-quit")
            if dialog.count():
                dialog.click()
        page.wait_for_timeout(50)
    page.goto(f"{server.base}/tables/{made['table']}/replay")
    page.locator("#seats .seat").first.wait_for()


def test_the_seat_token_leaves_the_address_bar(server, new_page):
    """Opened from its link, the seat's page keeps the token on the device, not in the address a
    person would copy to invite a friend; a reload finds the seat; the seat's own link stays in
    its panel. The page's JavaScript does it, so the Content-Security-Policy stays on."""
    made = server.table("lama", ["human", "human", "random"])
    page = new_page(csp=True)
    table_url = f"{server.base}/tables/{made['table']}"
    page.goto(f"{table_url}#token={made['token']}")
    page.get_by_role("textbox", name="Your seat's link").wait_for()
    assert made["token"] not in page.evaluate("location.hash") and page.url == table_url
    assert made["token"] in page.get_by_role("textbox", name="Your seat's link").input_value()
    page.reload()
    page.get_by_role("textbox", name="Your seat's link").wait_for()  # still in the seat
    assert page.evaluate("location.hash") == "" and page.url == table_url
    assert "Ann — you" in page.locator(".seat-list").inner_text()
