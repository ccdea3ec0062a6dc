"""The game review on the replay page (issue 39, item 3), in chromium: asked for, the curve is
drawn by the page with its marks, a click on it jumps to that moment, the totals add up, and the
classes stand beside the log."""

from __future__ import annotations

import time

import pytest

from .conftest import PHONE, SHOTS

pytestmark = pytest.mark.e2e


def test_the_replay_shows_the_review_and_a_click_jumps(server, new_page):
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "easy"}]
    table = server.post("/api/tables", {"game": "lama", "players": 3, "seats": seats, "name": "Ann",
                                        "options": {"target": 12}})["table"]
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game never ended"
        time.sleep(0.2)
    for viewport, size in ((None, "desktop"), (PHONE, "phone")):
        page = new_page(**({"viewport": viewport} if viewport else {}))
        page.goto(f"{server.base}/tables/{table}/replay")
        page.wait_for_function("document.documentElement.dataset.status === 'finished'")
        page.get_by_role("button", name="Review the game").click()
        curve = page.locator("svg.review-curve")
        curve.wait_for(timeout=120_000)
        rows = page.locator(".review-totals tbody tr")
        assert rows.count() == 3 and page.locator(".review-line").count() == 3
        assert page.locator(".review-mark").count() >= 1  # the random seat's weaker decisions are marked
        box = curve.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
        panel = page.locator("#review").bounding_box()  # the panel fits the screen (its table scrolls inside)
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= page.viewport_size["width"]
        before = page.evaluate("document.documentElement.dataset.step")
        curve.click(position={"x": box["width"] * 0.6, "y": box["height"] / 2})
        page.wait_for_function(f"document.documentElement.dataset.step !== '{before}'")
        if size == "desktop":
            page.keyboard.press("End")
            page.locator("#log .tag").first.wait_for()  # a class beside a move of the log
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"replay-review-{size}.png"), full_page=True)
