"""Playing through the page, as a person would: only by clicking (or tapping) the controls the
protocol's "Pages" section names: `data-action` to send a move, `data-choice` to build one."""

from __future__ import annotations

import contextlib
import json
import time

from .conftest import DESKTOP, PHONE, SHOTS
from .policy import choose

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the e2e tests are skipped without it (conftest.py)
    PlaywrightError = Exception

ENABLED = "#mine [data-action]:not([disabled]), #middle [data-action]:not([disabled])"


# One look at the page (one round trip): its status, version, and what is open on it.
PROBE = """() => {
  const d = document.documentElement.dataset, q = s => document.querySelector(s) !== null;
  return {status: d.status, version: Number(d.version || 0), confirm: q("#confirm[open]"),
          recap: q(".recap-panel"), choice: q(".hand [data-choice]:not([disabled])"), chooser: q(".chooser"),
          picking: q(".hand button[data-choice]")};
}"""

# quick moves: the choices made and the move's control clicked from the page's own script (a DOM
# click, the same event a person's click sends), without Playwright's pointer checks: for the
# tests that read the page rather than test its controls (the word scans)
PREPARE = """(enabled) => {
  const q = s => document.querySelector(s);
  const choice = q(".hand [data-choice]:not([disabled])");
  if (choice && !q(".chooser")) choice.click();  // a 1 that gives a chip: its seats' moves appear
  const free = '.hand button[data-choice][aria-pressed="false"]:not([disabled])';
  for (let i = 0, b; i < 12 && (b = q(free)); i++) b.click();  // dice: every card the roll lets go
  return [...document.querySelectorAll(enabled)].map(e => e.dataset.action);
}"""
CLICK = """([enabled, i, action]) => {
  const el = document.querySelectorAll(enabled)[i];
  if (!el || el.dataset.action !== action) return false;
  el.click();
  return true;
}"""
CHANGED = """async ([v, ms]) => {
  const d = document.documentElement.dataset, end = Date.now() + ms;
  while (Date.now() < end && d.version === String(v) && d.status !== "finished")
    await new Promise(r => setTimeout(r, 15));
}"""


def probe(page) -> dict:
    return page.evaluate(PROBE)


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


def move(page, tap=False, quick=False) -> dict | None:
    """Make one move if it is this page's turn (by the tests' policy); the move, or None.
    `quick`: by DOM clicks from the page's script (PREPARE, CLICK), not the pointer's."""
    seen = probe(page)
    if seen["status"] != "running" or seen["confirm"]:
        return None
    v = seen["version"]
    try:
        if quick:
            values = page.evaluate(PREPARE, ENABLED)
        else:
            # a 1 that gives a chip: open the chooser, so its seats' moves are on the page too
            if seen["choice"] and not seen["chooser"]:
                press(page, page.locator(".hand [data-choice]:not([disabled])").first, tap)
            # dice: choose every card the roll lets go (every subset of them is legal), then discard
            if seen["picking"]:
                while True:
                    free = page.locator('.hand button[data-choice][aria-pressed="false"]:not([disabled])')
                    if not free.count():
                        break
                    press(page, free.first, tap)
            values = page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action)")
        legal = [json.loads(a) for a in values]
        if not legal:
            return None
        action = choose(legal)
        i = legal.index(action)
        if not quick:
            press(page, page.locator(ENABLED).nth(i), tap)
        elif not page.evaluate(CLICK, [ENABLED, i, values[i]]):
            raise LookupError("the page changed under the move")
    except Exception:  # noqa: BLE001 - the page re-rendered under the click (a seat came or went): try again
        time.sleep(0.05)
        return None
    wait_for_change(page, v)
    return action


def wait_for_change(page, v: int, timeout: float = 10) -> None:
    """Until the page shows another version than `v`, or the end, or `timeout` seconds passed
    (watched from the page itself: one round trip). A page that navigated away has changed."""
    with contextlib.suppress(PlaywrightError):
        page.evaluate(CHANGED, [v, int(timeout * 1000)])


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
