"""Everything in view (issue 25, item 1): at every decision of seeded games, every control of a
legal move and the top card (in Dice: the dice and the llama row) lie inside the viewport, with
the page not scrolled, on a laptop (1280x720) and a phone (375x667), at 2 and at 6 players; the
round's recap, shown while the next round is on, hides none of it. On a 360 px phone nothing
pans sideways, Odds and Hint open in view, and every tap target is at least 44x44 px."""

from __future__ import annotations

import re
import time

import pytest

from .conftest import SHOTS
from .driver import ENABLED, move, round_over, status

pytestmark = pytest.mark.e2e

LAPTOP, PHONE = {"width": 1280, "height": 720}, {"width": 375, "height": 667}
NARROW = {"width": 360, "height": 640}

# what a person must see to decide: the controls of the legal moves, and what they play on
CONTROLS = ENABLED + ", #mine [data-choice]:not([disabled]), #middle [data-choice]:not([disabled])"
TABLE = "#top-card, #middle .dice, #middle .row-cards"

OUT_OF_VIEW = """sel => {
  const w = innerWidth, h = innerHeight, out = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) { out.push(`${el.outerHTML.slice(0, 80)}: not shown`); continue; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
      out.push(`${(el.dataset.action || el.dataset.choice || el.id || el.className)}: ` +
               `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
  return out;
}"""

# every tap target smaller than 44x44 CSS px (a hidden one, or text inside a paragraph, is no target)
SMALL_TARGETS = """() => {
  const out = [];
  const sel = "button, a[href], summary, input, select, [data-action], [data-choice], .card[role=button]";
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (el.closest("dialog:not([open])")) continue;
    if (el.tagName === "A" && getComputedStyle(el).display === "inline" && el.closest("p, li")) continue;
    if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio") && el.closest("label")) {
      const l = el.closest("label").getBoundingClientRect();
      if (l.height >= 43.5) continue;
    }
    const name = (el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30);
    if (r.width < 43.5 || r.height < 43.5)
      out.push(`${el.tagName.toLowerCase()} ${name}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""


def in_view(page, what: str) -> None:
    """Every control of a legal move and the top card are in the page's first screen (the page
    not scrolled: Playwright scrolls a control into view before it clicks it, a person does not)."""
    page.evaluate("scrollTo(0, 0)")
    out = page.evaluate(OUT_OF_VIEW, CONTROLS) + page.evaluate(OUT_OF_VIEW, TABLE)
    if out:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"in-view-{re.sub(r'[^a-z0-9]+', '-', what)}.png"))
    assert not out, f"{what}: out of view: {out}"


def decide(page, what: str) -> bool:
    """At a decision: check what is in view, also with a 1's chip chooser open and the dice's
    cards chosen, then make the move (tests/e2e/policy.py). False when it is not this page's turn."""
    if status(page) != "running" or not page.locator(CONTROLS).count() or page.locator("#confirm[open]").count():
        return False
    in_view(page, what)
    give = page.locator(".hand [data-choice][aria-haspopup]:not([disabled])")
    if give.count() and not page.locator(".chooser").count():
        give.first.click()
        page.wait_for_selector(".chooser")
        in_view(page, f"{what}, choosing whom to give a chip")
    free = page.locator('.hand button[data-choice][aria-pressed="false"]:not([disabled])')
    while free.count():
        free.first.click()
    if page.locator('.hand button[data-choice][aria-pressed="true"]').count():
        in_view(page, f"{what}, the cards to discard chosen")
    return move(page) is not None


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("game", ["lama", "komarami", "kadabra", "dice", "party"])
def test_every_control_of_a_legal_move_is_in_view(server, new_page, game, players, size):
    """A seeded round and the first decision of the next (the recap shown): at each decision of
    the person, nothing they need lies outside the viewport."""
    created = server.table(game, ["human"] + ["random"] * (players - 1), target=200, seed=100 + players)
    # with reduced motion a playable card is lifted at once (no transition to wait out: a sleep)
    page = new_page(viewport=LAPTOP if size == "laptop" else PHONE, reduced_motion="reduce")
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    done = round_over(page, 0)
    decisions, deadline = 0, time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, f"the round did not end in time: {decisions} decisions, " \
            + page.evaluate("document.querySelector('#log').innerText.slice(-600)")
        over = done()
        if over and page.locator(".recap-panel").count():
            # the next round's first decision with the recap still up: it hides nothing
            if page.locator(CONTROLS).count():
                in_view(page, f"{game}, {players} players, {size}, the next round, the recap shown")
                break
        elif decide(page, f"{game}, {players} players, {size}, decision {decisions + 1}"):
            decisions += 1
            continue
        if over and status(page) == "finished":
            break
        time.sleep(0.05)
    assert decisions >= 2


def fits_the_width(page, what: str) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"{what}: the page is {width[0]} px wide on a {width[1]} px screen"


def big_enough(page, what: str) -> None:
    small = page.evaluate(SMALL_TARGETS)
    assert not small, f"{what}: tap targets under 44x44 px: {small}"


def inside(page, selector: str) -> None:
    """The panel lies wholly inside the viewport, the page not scrolled."""
    page.evaluate("scrollTo(0, 0)")
    out = page.evaluate(OUT_OF_VIEW, selector)
    assert not out and page.locator(selector).count(), f"{selector} out of view: {out}"


def test_a_360_px_phone_neither_pans_nor_hides_odds_and_hint(server, new_page):
    page = new_page(viewport=NARROW, has_touch=True, is_mobile=True)
    page.goto(server.base + "/")
    page.wait_for_selector("#games .game-choice")
    page.select_option("#players", "6")  # six seats to choose for
    fits_the_width(page, "the lobby")
    big_enough(page, "the lobby")

    created = server.table("dice", ["human", "random"], target=200, seed=31)
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    while not page.locator('#mine [data-action*="roll"]:not([disabled])').count():
        move(page) or time.sleep(0.05)
    fits_the_width(page, "the table")
    big_enough(page, "the table")
    page.get_by_role("button", name="Odds").tap()
    page.wait_for_selector(".odds .hint-list")
    inside(page, "#help .odds")
    big_enough(page, "the odds open")
    page.locator(".odds").get_by_role("button", name="Close").tap()
    page.get_by_role("button", name="Hint").tap()
    page.wait_for_selector(".hint .hint-list li", timeout=60000)
    inside(page, "#help .hint")
    big_enough(page, "the hint open")
    page.locator(".hint").get_by_role("button", name="Close").tap()

    done = round_over(page, 0)
    deadline = time.monotonic() + 120
    while not (done() and page.locator(".recap-panel").count()):
        assert time.monotonic() < deadline, "the round did not end in time"
        move(page, tap=True) or time.sleep(0.05)
    if page.locator(".recap-strip").count():
        page.locator(".recap-strip summary").tap()
    fits_the_width(page, "the recap")
    big_enough(page, "the recap")


@pytest.mark.parametrize("invited", [True, False])
def test_the_join_page_draws_no_empty_table(server, new_page, invited):
    """The join form (with the invitation) and a private table's note (without): no felt, no log."""
    created = server.table("lama", ["human", "human"])  # private: never listed in other tests' lobby
    page = new_page(viewport=NARROW)
    page.goto(f"{server.base}/tables/{created['table']}#" + (f"invite={created['invite']}" if invited else "join=1"))
    page.wait_for_selector(".join")
    assert page.locator("#join-name").count() == invited
    assert not page.locator("#middle").is_visible() and not page.locator("#log").is_visible()
    fits_the_width(page, "the join page")


def test_the_last_round_of_kadabra_scrolls_in_its_own_box_on_a_phone(server, new_page):
    created = server.table("kadabra", ["human"] + ["random"] * 5, target=1, seed=32)
    page = new_page(viewport=NARROW, has_touch=True, is_mobile=True)
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    deadline = time.monotonic() + 120
    while status(page) != "finished":
        assert time.monotonic() < deadline, "the game did not end in time"
        move(page, tap=True) or time.sleep(0.05)
    page.wait_for_selector(".final .recap")
    fits_the_width(page, "the final table")
    big_enough(page, "the final table")
    box = page.evaluate("(() => { const w = document.querySelector('.final .recap-wrap'); "
                        "return [w.scrollWidth, w.clientWidth, getComputedStyle(w).overflowX]; })()")
    assert box[2] == "auto", box  # wider than the screen, it scrolls in its own box (a shadow at the edge says so)
