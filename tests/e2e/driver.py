"""Playing through the page, as a person would: only by clicking (or tapping) the controls the
protocol's "Pages" section names: `data-action` to send a move, `data-choice` to build one."""

from __future__ import annotations

import json
import time

from .conftest import DESKTOP, PHONE, SHOTS
from .policy import choose

ENABLED = "#mine [data-action]:not([disabled]), #middle [data-action]:not([disabled])"


def status(page) -> str:
    return page.evaluate("document.documentElement.dataset.status")


def version(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.version || 0"))


def actions(page) -> list[dict]:
    return [json.loads(a) for a in page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action)")]


def press(page, locator, tap=False):
    if tap:
        locator.tap()
    else:
        locator.click()


def click_action(page, action: dict, tap=False) -> None:
    """Click the first enabled control whose data-action is `action`."""
    wanted = json.dumps(action, sort_keys=True)
    values = page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action)")
    for i, value in enumerate(values):
        if json.dumps(json.loads(value), sort_keys=True) == wanted:
            press(page, page.locator(ENABLED).nth(i), tap)
            return
    raise LookupError(f"no enabled control for {action}")


def move(page, tap=False) -> dict | None:
    """Make one move if it is this page's turn (by the tests' policy); the move, or None."""
    if status(page) != "running" or page.locator("#confirm[open]").count():
        return None
    v = version(page)
    try:
        # a 1 that gives a chip: open the chooser, so its seats' moves are on the page too
        choice = page.locator(".hand [data-choice]:not([disabled])")
        if choice.count() and not page.locator(".chooser").count():
            press(page, choice.first, tap)
        # dice: choose every card the roll lets go (every subset of them is legal), then discard
        if page.locator(".hand button[data-choice]").count():
            while True:
                free = page.locator('.hand button[data-choice][aria-pressed="false"]:not([disabled])')
                if not free.count():
                    break
                press(page, free.first, tap)
        legal = actions(page)
        if not legal:
            return None
        action = choose(legal)
        click_action(page, action, tap)
    except Exception:  # noqa: BLE001 - the page re-rendered under the click (a seat came or went): try again
        time.sleep(0.05)
        return None
    wait_for_change(page, v)
    return action


def wait_for_change(page, v: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if version(page) != v or status(page) == "finished":
            return
        time.sleep(0.03)


def play(pages, until, tap=False, timeout=240, each=None) -> None:
    """Let every page move in turn until `until()` holds; `each(moves)` after every move."""
    deadline = time.monotonic() + timeout
    moves = 0
    while not until():
        assert time.monotonic() < deadline, "the game did not get there in time"
        moved = False
        for page in pages:
            if move(page, tap) is not None:
                moves += 1
                moved = True
                if each:
                    each(moves)
        if not moved:
            time.sleep(0.05)


def round_over(page, r: int):
    """until(): round `r` (from 0) has been scored, as `page` shows it."""
    return lambda: page.evaluate(f"(document.querySelectorAll('#log .round-sep').length > {r + 1})") \
        or status(page) == "finished"


def shots(page, name: str) -> None:
    """Screenshots at 1280x800 and 375x812, light and dark, into tests/e2e/screenshots/."""
    SHOTS.mkdir(exist_ok=True)
    before = page.viewport_size
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
            page.wait_for_timeout(60)
            page.screenshot(path=str(SHOTS / f"{name}-{tag}-{scheme}.png"), full_page=tag == "phone")
    page.set_viewport_size(before)
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
