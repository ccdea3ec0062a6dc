"""The pages under the server's Content-Security-Policy (no inline script or style, nothing
from elsewhere): the lobby, a table and its replay load and draw with no refusal (issue 24)."""

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
