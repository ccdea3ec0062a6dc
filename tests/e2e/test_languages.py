"""The page in every language (issue 27): it starts in the browser's language (Playwright's
`locale` sets both navigator.languages and Accept-Language) or in the one the device remembers,
with <html lang> set; its switch changes the language without losing the game. In the pseudo
language `xx` no word a person sees bypasses the catalogs, and every control of a legal move
stays in view; a whole round is played in Korean and in Polish, with Korean glyphs drawn by a
CJK font (fonts-noto-cjk), not as boxes."""

from __future__ import annotations

import re
import time

import pytest

from lama import i18n

from .conftest import SHOTS, own_server
from .driver import move, play, round_over, status
from .test_in_view import LAPTOP, PHONE, decide, fits_the_width, in_view

pytestmark = pytest.mark.e2e


server = own_server("serve-languages")  # its lobby lists only the tables (and names) made here


NAMES = {"Ann", "Bob", "Easy", "Medium", "Random", "Hard"}  # the people's and the bots' names here

# What a person sees or hears: visible text nodes and the attributes title, aria-label,
# placeholder, alt; the language switch's options are each language's own name, and the
# brand ("lama", translate="no") is a name.
SEEN = """() => {
  const out = [["document.title", document.title]];
  // an option is seen where its select is; the language switch's are the languages' own names
  const hidden = el => el.closest("[hidden], dialog:not([open]), [translate=no], .lang-switch option, script, style")
    || !(el.tagName === "OPTION" ? el.closest("select") : el).checkVisibility();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || hidden(el)) continue;
    if (n.nodeValue.trim()) out.push([el.tagName.toLowerCase(), n.nodeValue]);
  }
  for (const el of document.body.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (hidden(el)) continue;
    for (const a of ["title", "aria-label", "placeholder", "alt"]) {
      const v = el.getAttribute(a);
      if (v) out.push([`${el.tagName.toLowerCase()}[${a}]`, v]);
    }
  }
  return out;
}"""

PLAIN = re.compile(r"[A-Za-z]{2,}")  # xx accents every letter of a message: two plain ones bypassed it


def plain_words(texts, names=NAMES) -> list[str]:
    found = []
    for where, text in texts:
        for name in names:
            text = re.sub(rf"\b{re.escape(name)}\b", "", text)
        found += [f"{where}: {m.group(0)!r} in {text.strip()[:90]!r}" for m in PLAIN.finditer(text)]
    return found


def test_the_scan_finds_a_word_that_bypassed_the_catalogs():
    played = i18n.pseudo("{name} played {card}.").format(name="Ann", card="3")
    seen = [("button", i18n.pseudo("Draw a card")), ("span", "Ann"), ("p", played)]
    assert plain_words(seen) == []
    assert plain_words([("button[title]", "Draw a card"), ("li", f"Ann {i18n.pseudo('quit')} now")]) == [
        "button[title]: 'Draw' in 'Draw a card'", "button[title]: 'card' in 'Draw a card'",
        f"li: 'now' in '{i18n.pseudo('quit')} now'"]


def pseudo_page(new_page, viewport=LAPTOP):
    page = new_page(viewport=viewport)
    page.add_init_script("localStorage.setItem('lama.lang', 'xx')")
    return page


def no_plain_words(page, what: str) -> None:
    found = plain_words(page.evaluate(SEEN))
    if found:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"xx-{re.sub(r'[^a-z0-9]+', '-', what)}.png"))
    assert not found, f"{what}: words not taken from a catalog: {found}"


def test_every_word_of_every_page_comes_from_a_catalog(server, new_page):
    """In xx, the lobby, a table (a card game mid-round, its recap, its end; a Dice table with its
    odds and a hint) and the replay show no word of plain letters but the people's names."""
    page = pseudo_page(new_page)
    page.goto(server.base + "/")
    page.wait_for_selector(".game-choice")
    assert page.evaluate("document.documentElement.lang") == "en"  # xx is English, accented
    for details in page.locator("#game-options details").all():
        details.evaluate("d => d.open = true")
    no_plain_words(page, "the lobby")
    page.locator("#name").fill("Ann")
    page.locator("#players").select_option("3")  # a person to wait for, and a bot
    page.locator('#seat-list select[data-seat="1"]').select_option("human")
    page.locator("#create button[type=submit]").click()
    page.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    no_plain_words(page, "a table waiting for a player")

    for game in ("kadabra", "dice"):  # Kadabra: a round; Dice: the whole game and its replay
        made = server.table(game, ["human", "medium", "easy"], target=12 if game == "dice" else 60, seed=31)
        page.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
        page.wait_for_function("document.documentElement.dataset.status === 'running'")
        no_plain_words(page, f"{game} at its start")
        if game == "dice":  # the odds, then a hint
            for button, shown in (("b:o", ".odds .hint-list"), ("b:h", ".hint .hint-list")):
                page.locator(f"#mine [data-key='{button}']").click()
                page.wait_for_selector(shown, timeout=90000)
                no_plain_words(page, f"{game} with {shown}")
        play([page], round_over(page, 0))
        no_plain_words(page, f"{game}, a round's recap")
        if game != "dice":
            continue
        play([page], lambda: status(page) == "finished", timeout=300)
        no_plain_words(page, f"{game}, the end")
        page.goto(f"{server.base}/tables/{made['table']}/replay")
        page.wait_for_function("document.documentElement.dataset.status === 'finished'")
        page.keyboard.press("End")
        no_plain_words(page, f"{game}, the replay")
    page.goto(server.base + "/")
    page.wait_for_selector(".table-item")
    no_plain_words(page, "the lobby with this device's tables")


@pytest.mark.parametrize(("game", "players", "size"), [
    (game, players, size) for game in ("kadabra", "dice")
    for players, size in ((2, "laptop"), (6, "laptop"), (2, "phone"), (6, "phone"))])
def test_in_xx_every_control_stays_in_view(server, new_page, game, players, size):
    """Every message 40% longer: at each decision of a round, nothing a person needs leaves the
    screen, and nothing pans sideways (tests/e2e/test_in_view.py's tables and checks, in xx)."""
    made = server.table(game, ["human"] + ["random"] * (players - 1), target=200, seed=100 + players)
    page = pseudo_page(new_page, LAPTOP if size == "laptop" else PHONE)
    page.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    fits_the_width(page, f"{game} in xx, {size}")
    done, decisions, deadline = round_over(page, 0), 0, time.monotonic() + 150
    while not done():
        assert time.monotonic() < deadline, f"the round did not end in time ({decisions} decisions)"
        if decide(page, f"{game} in xx, {size}, decision {decisions + 1}"):
            decisions += 1
            fits_the_width(page, f"{game} in xx, {size}")
        else:
            time.sleep(0.05)
    if page.locator("#mine [data-action]:not([disabled])").count():
        in_view(page, f"{game} in xx, {size}, the recap shown")
    assert decisions >= 2
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"xx-{game}-{players}-{size}.png"))


def words(lang):
    return i18n.translations(lang).gettext


# The two scripts a round in Korean must show drawn as glyphs: two different syllables give two
# different pictures in the page's own font (a missing font draws both as the same empty box).
GLYPHS = """([a, b]) => {
  const font = getComputedStyle(document.body).font;
  const picture = text => {
    const c = document.createElement("canvas");
    c.width = 64; c.height = 32;
    const g = c.getContext("2d");
    g.font = font; g.fillStyle = "#000"; g.textBaseline = "top";
    g.fillText(text, 4, 4);
    return Array.from(g.getImageData(0, 0, 64, 32).data).join(",");
  };
  return picture(a) !== picture(b) && picture(a) !== picture("\\u{10FFFD}\\u{10FFFD}");
}"""


@pytest.mark.parametrize("lang", ["ko", "pl"])
def test_a_whole_round_in_the_browsers_language(server, new_page, lang):
    """The browser says Korean (or Polish): the page starts in it, the person plays a round by its
    buttons, whose words (and the log's, the recap's) are the catalog's."""
    _ = words(lang)
    made = server.table("lama", ["human", "easy", "medium"], target=60, seed=5)
    page = new_page(locale={"ko": "ko-KR", "pl": "pl-PL"}[lang])
    page.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.get_by_role("button", name=re.compile("^" + re.escape(_("Draw a card")))).count() == 1
    assert page.locator(".lang-switch").input_value() == lang
    play([page], lambda: round_over(page, 0)() and page.locator(".recap-panel").count() > 0)
    body = page.locator("body").text_content()
    assert _("Round {round}").format(round=1) in page.locator("#log .round-sep").first.text_content()
    head = page.locator(".recap-panel h2, .recap-panel summary").first.text_content()
    # the recap of the round last scored: usually round 1, but the person may have moved on in
    # round 2 between the page's look and its move (a move closes the recap), so any round's
    prefix = re.escape(_("Round {round}: {ended}").split("{ended}")[0]).replace(re.escape("{round}"), r"[0-9]+")
    assert re.match(prefix, head), head
    assert _("Player") in page.locator(".recap-panel thead").text_content()
    for english in ("Draw a card", "Quit the round", "What happened", "Penalty", "Round 1", "Easy", "Medium"):
        assert english not in body, f"{english!r} shows in {lang}"
    # the bots nobody named are called by their level in the reader's words, at their seats and in the log
    level = _("medium")
    assert level[:1].upper() + level[1:] in page.locator(".seat").first.text_content() + body
    if lang == "ko":
        assert page.evaluate(GLYPHS, ["라마", "모기"]), "Korean is drawn as boxes: no CJK font"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"round-{lang}.png"))


def test_the_switch_changes_the_language_and_the_device_remembers_it(server, new_page):
    """German from the browser; Polish chosen at the table mid-game (the same connection, the
    game goes on); the lobby and the table open in Polish again after a reload."""
    made = server.table("lama", ["human", "easy"], target=60, seed=9)
    page = new_page(locale="de-DE")
    page.goto(server.base + "/")
    page.wait_for_selector(".game-choice")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#new-title").inner_text() == words("de")("Start a table")
    page.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    page.evaluate("window.__socket = 'kept'")  # gone if the page were loaded again
    move(page)
    page.locator(".lang-switch").select_option("pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    assert page.locator("#log-title").inner_text() == words("pl")("What happened")
    assert page.locator(".lang-switch").get_attribute("aria-label") == words("pl")("Language")
    assert page.evaluate("window.__socket") == "kept"
    deadline = time.monotonic() + 30
    while move(page) is None and status(page) == "running":  # the game goes on in Polish
        assert time.monotonic() < deadline, "no move after the switch"
        time.sleep(0.05)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.status === 'running'")
    assert page.evaluate("document.documentElement.lang") == "pl"
    page.goto(server.base + "/")
    page.wait_for_selector(".game-choice")
    assert page.locator("#new-title").inner_text() == words("pl")("Start a table")


def test_without_a_known_browser_language_the_server_s_choice_and_then_english(server, new_page):
    """A browser in French: the page is in English (lama has no French), and says so in <html lang>."""
    page = new_page(locale="fr-FR")
    page.goto(server.base + "/")
    page.wait_for_selector(".game-choice")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#new-title").inner_text() == "Start a table"
