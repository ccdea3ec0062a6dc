"""The page as people found it on phones and desktops (issue 41, item 1): every one of "Your
tables" in its own box; no page wider than a 375 px phone in any of the six languages; a long
name cut, never the clock or the game's name; a rematch seat that went to a bot offered to watch."""

from __future__ import annotations

import json

import pytest

from .conftest import own_server
from .driver import play, status

pytestmark = pytest.mark.e2e

server = own_server("layout")  # its tables stay out of the other tests' lobby
LAPTOP, PHONE = {"width": 1280, "height": 720}, {"width": 375, "height": 667}
LANGUAGES = ["en", "de", "es", "ko", "nl", "pl"]
LONG = "Maximiliana Wolkenstein-Oberhausen von X"  # 40 characters, the most a name may have

# every box of `sel` that overlaps another's, as "i/j"
OVERLAPS = """sel => {
  const boxes = [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect()), out = [];
  boxes.forEach((a, i) => boxes.forEach((b, j) => {
    if (i < j && a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      out.push(`${i}/${j}`);
  }));
  return out;
}"""
# the controls in `sel` that a tap at their middle does not reach (something lies over them)
COVERED = """sel => [...document.querySelectorAll(sel)].filter(e => {
  e.scrollIntoView({block: "center"});
  const r = e.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && (hit === e || e.contains(hit)));
}).map(e => e.textContent)"""
CUT = "el => el.scrollWidth > el.clientWidth + 0.5"  # an element whose text is cut


def device_page(new_page, viewport, lang="en", tokens=None):
    """A page on a device that speaks `lang` and holds the seats `tokens` (table id: token)."""
    page = new_page(viewport=viewport)
    page.add_init_script(f"localStorage.setItem('lama.lang', {json.dumps(lang)});"
                         f"localStorage.setItem('lama.tokens', {json.dumps(json.dumps(tokens or {}))})")
    return page


def fits_the_width(page, what: str) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"{what}: the page is {width[0]} px wide on a {width[1]} px screen"


@pytest.fixture(scope="module")
def tables(server, browser):
    """A device's three tables: a running Kadabra game at six seats (the person's name as long as
    names go), a lama table waiting for people, and a lama game against a bot, played to its end
    (its replay)."""
    running = server.table("kadabra", ["human"] + ["random"] * 5, target=200, seed=7, name=LONG)
    waiting = server.table("lama", ["human", "human", "human"])
    duel = server.table("lama", ["human", "random"], target=1, seed=8)
    ctx = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    page = ctx.new_page()
    page.goto(f"{server.base}/tables/{duel['table']}#token={duel['token']}")
    play([page], lambda: status(page) == "finished")
    ctx.close()
    return {"running": running, "waiting": waiting, "duel": duel,
            "tokens": {t["table"]: t["token"] for t in (duel, waiting, running)}}


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_your_tables_each_lie_in_their_own_box_and_can_be_clicked(server, new_page, tables, size):
    page = device_page(new_page, PHONE if size == "phone" else LAPTOP, tokens=tables["tokens"])
    page.goto(server.base + "/")
    page.wait_for_function("document.querySelectorAll('#my-tables .table-item').length === 3")
    assert page.evaluate(OVERLAPS, "#my-tables .table-item") == []
    heights = page.eval_on_selector_all("#my-tables .table-item",
                                        "els => els.map(e => e.getBoundingClientRect().height)")
    assert all(h > 40 for h in heights), heights
    assert page.evaluate(COVERED, "#my-tables .table-item a") == []
    assert page.locator("#my-tables .table-item a", has_text="Back to my seat").count() == 2  # (the duel is over)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_on_a_phone(server, new_page, tables, lang):
    """The lobby (each game, the most seats to choose, its options open), the join page, a table
    of six Kadabra seats and a replay are no wider than a 375 px phone."""
    page = device_page(new_page, PHONE, lang, tables["tokens"])
    page.goto(server.base + "/")
    page.wait_for_selector("#my-tables .table-item")
    for game in page.eval_on_selector_all("#games input[type=radio]", "els => els.map(e => e.value)"):
        page.locator(f".game-choice:has(input[value='{game}'])").click()  # (its label: the pictures lie over the radio)
        page.select_option("#players", page.eval_on_selector("#players", "s => s.options[s.options.length - 1].value"))
        page.evaluate("document.querySelectorAll('#game-options details').forEach(d => d.open = true)")
        fits_the_width(page, f"{lang}: the lobby, {game}")

    joinable = server.table("lama", ["human", "human"])
    page.goto(f"{server.base}/tables/{joinable['table']}#invite={joinable['invite']}")
    page.wait_for_selector(".join #join-name")
    fits_the_width(page, f"{lang}: the join page")

    running = tables["running"]
    page.goto(f"{server.base}/tables/{running['table']}#token={running['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    fits_the_width(page, f"{lang}: a table of six Kadabra seats")

    page.goto(f"{server.base}/tables/{tables['duel']['table']}/replay")
    page.wait_for_selector("#where:not(:empty)")
    fits_the_width(page, f"{lang}: the replay")
    slider = page.eval_on_selector("#slider", "e => e.getBoundingClientRect().right")
    assert slider <= PHONE["width"], f"{lang}: the replay's slider ends at {slider} px"


@pytest.mark.parametrize("lang", ["en", "de", "ko"])
def test_a_long_name_is_cut_never_the_clock_nor_the_game_s_name(server, new_page, lang):
    created = server.table("kadabra", ["human", "human"] + ["random"] * 4, target=200, seed=9, name=LONG,
                           settings={"turn_seconds": 600})
    joined = server.post(f"/api/tables/{created['table']}/join", {"name": LONG[::-1], "invite": created["invite"]})
    for token in (created["token"], joined["token"]):  # the clock of one's own and of the other person
        page = device_page(new_page, PHONE, lang)
        page.goto(f"{server.base}/tables/{created['table']}#token={token}")
        page.wait_for_function("document.documentElement.dataset.status === 'running'")
        page.wait_for_selector(".clock .countdown")
        right = page.eval_on_selector(".clock .countdown", "e => e.getBoundingClientRect().right")
        assert right <= PHONE["width"], f"{lang}: the countdown ends at {right} px"
        fits_the_width(page, f"{lang}: a table of long names")
        assert not page.eval_on_selector("#title .game-name", CUT), f"{lang}: the game's name is cut"
        # the round is shown, cut at the end if at all ("Round 1 · game ends at…")
        sub = page.eval_on_selector("#title .sub", "e => [e.clientWidth, e.scrollWidth]")
        assert sub[0] >= 60, f"{lang}: the round gets {sub[0]} px"
        # a person's Mute switch keeps to the seat's corner: the name has most of the width
        mute = page.eval_on_selector("#seats .mute", "e => [e.getBoundingClientRect().width, "
                                     "e.closest('.seat').getBoundingClientRect().width, "
                                     "e.closest('.seat').querySelector('.seat-name').getBoundingClientRect().width]")
        assert mute[2] >= mute[1] * 0.55, f"{lang}: the name gets {mute[2]} of the seat's {mute[1]} px"


@pytest.mark.parametrize("lang", ["en", "de", "ko"])
def test_the_rules_button_covers_no_title_of_the_join_page(server, new_page, lang):
    joinable = server.table("kadabra", ["human", "human"])
    page = device_page(new_page, PHONE, lang)
    page.goto(f"{server.base}/tables/{joinable['table']}#invite={joinable['invite']}")
    page.wait_for_selector(".join #join-name")
    assert page.evaluate(OVERLAPS, "#title, #top-tools > *") == []
    assert not page.eval_on_selector("#title", CUT), f"{lang}: the title is cut"


def test_a_rematch_seat_that_went_to_a_bot_is_offered_to_watch(server, new_page):
    """Ann asks for a rematch; Bob does not come in time and Ann gives his seat to a bot: Bob's
    finished table says so and links the next game to watch (before and after he taps Join)."""
    first = server.table("lama", ["human", "human"], target=1, seed=11)
    bob = server.post(f"/api/tables/{first['table']}/join", {"name": "Bob", "invite": first["invite"]})
    pages = []
    for token in (first["token"], bob["token"]):
        page = new_page(viewport=PHONE)
        page.goto(f"{server.base}/tables/{first['table']}#token={token}")
        pages.append(page)
    ann_page, bob_page = pages
    play(pages, lambda: status(ann_page) == "finished" and status(bob_page) == "finished", tap=False)

    nxt = server.post(f"/api/tables/{first['table']}/again", {"token": first["token"]})
    bob_page.get_by_role("button", name="Join the rematch").wait_for()  # "Ann wants a rematch"
    server.advance(121)  # Bob did not come in time
    ann_page.goto(f"{server.base}/tables/{nxt['table']}#token={nxt['token']}")
    ann_page.get_by_role("button", name="Let a bot play instead").click()
    ann_page.wait_for_function("document.documentElement.dataset.status === 'running'")

    bob_page.get_by_role("button", name="Join the rematch").click()
    watch = bob_page.get_by_role("link", name="Watch the next game")
    watch.wait_for()
    assert bob_page.get_by_text("Your seat at the next game went to a bot").is_visible()
    assert watch.get_attribute("href") == f"/tables/{nxt['table']}#watch"
    assert not bob_page.get_by_role("button", name="Join the rematch").count()

    bob_page.reload()  # a late player who opens the table now sees it at once
    bob_page.get_by_role("link", name="Watch the next game").wait_for()
    assert not bob_page.get_by_role("button", name="Join the rematch").count()
    watch = bob_page.get_by_role("link", name="Watch the next game")
    watch.click()
    bob_page.wait_for_function("document.documentElement.dataset.status === 'running'")
    assert bob_page.evaluate("location.pathname") == f"/tables/{nxt['table']}"
