"""What a person reads on the page, scanned (issue 25, item 6): seeded games of every game at 2 to
6 players, a person and bots, played in chromium. At every change of the table (each decision,
each round's recap, the final panel; the hint and the odds once), then at every step of the
replay, the page's visible text (`document.body.innerText`) and the attributes a person sees or
hears (title, aria-label, placeholder, alt) must hold no "null", "undefined", "NaN" or
"[object", no seat number where the seat has a name ("Seat 2", "player 3"), and no wrong plural
("1 points", "2 card")."""

from __future__ import annotations

import re
import time

import pytest

from .driver import move, probe, wait_for_change

pytestmark = pytest.mark.e2e

GAMES = ("lama", "komarami", "kadabra", "dice", "party")
BOTS = ("easy", "random", "medium", "easy", "random")  # names repeat from 4 players on (Easy bot 4)
TARGET = {"lama": 25, "komarami": 25, "kadabra": 30, "dice": 30, "party": 25}  # a round or two, seldom more

# Every visible text node's text and the attributes a person sees (title, placeholder, alt) or
# hears (aria-label), each with where it was found.
VISIBLE = """() => {
  const out = [["body", document.body.innerText]];
  for (const el of document.body.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (el.closest("[hidden], dialog:not([open])") || !el.checkVisibility()) continue;
    for (const a of ["title", "aria-label", "placeholder", "alt"]) {
      const v = el.getAttribute(a);
      if (v) out.push([`${el.tagName.toLowerCase()}[${a}]`, v]);
    }
  }
  return out;
}"""

# the replay's steps one after another, as the → key shows them (the page draws a step at once)
REPLAY = f"""(steps) => {{
  const visible = {VISIBLE}, out = [];
  for (let step = 0; step <= steps; step++) {{
    const at = document.documentElement.dataset.step;
    if (at !== String(step)) throw new Error(`the replay is at step ${{at}}, not ${{step}}`);
    out.push(visible());
    document.dispatchEvent(new KeyboardEvent("keydown", {{key: "ArrowRight", bubbles: true}}));
  }}
  return out;
}}"""

BROKEN = re.compile(r"\bnull\b|\bundefined\b|\bNaN\b|\[object", re.I)
SEAT_NUMBER = re.compile(r"\b(?:seat|player)\s+\d+\b", re.I)
NOUNS = r"(?:point|pt|chip|card|player|seat|round|move|second|minute)"
ONE_MANY = re.compile(rf"(?<![\d.,/−-])\b1\s+(?:{NOUNS}s|pts|llamas|mosquitoes|dice)\b")  # "1 points", "1 pts"
MANY_ONE = re.compile(rf"(?<![\d.,/−-])\b(?:0|[2-9]|\d\d+)\s+{NOUNS}\b(?![s-])")  # "2 card"


def problems(texts, seats_named=True) -> list[str]:
    """What is wrong in `texts` ((where, text) pairs); `seats_named`: a seat number is wrong (every
    seat has a name; the rules say "Seat 1 starts" of no seat in particular)."""
    found = []
    rules = (("broken", BROKEN), ("plural", ONE_MANY), ("plural", MANY_ONE))
    for where, text in texts:
        for rule, pattern in rules + ((("seat number", SEAT_NUMBER),) if seats_named else ()):
            for m in pattern.finditer(text):
                line = text[max(0, m.start() - 50):m.end() + 30].replace("\n", " | ")
                found.append(f"{rule} in {where}: {m.group(0)!r} in …{line}…")
    return found


def test_the_scan_catches_what_it_is_for():
    bad = [("body", "Ann gave 1 points to undefined"), ("button[title]", "key 2: seat 2"),
           ("body", "3 card left, NaN%"), ("span[aria-label]", "chips: [object Object]"), ("body", "1 pts")]
    assert len(problems(bad)) == 7
    good = [("body", "1 point, 2 points, 0 points, 1 card, 3 cards, a 10-point chip, 1/5 chips until the show"),
            ("body", "Round 2: Easy bot 4 emptied their hand. Die 1: 1 2 3 4 llama llama")]
    assert problems(good) == []


def scan(page, moment: str, seen: list, seats_named=True) -> None:
    for p in problems(page.evaluate(VISIBLE), seats_named):
        entry = f"{moment}: {p}"
        if entry.split(": ", 1)[1] not in {s.split(": ", 1)[1] for s in seen}:
            seen.append(entry)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("game", GAMES)
def test_no_broken_words_on_the_page(server, new_page, game, players):
    scan_a_game(server, new_page, game, players, seed=100 * players + GAMES.index(game))


def test_no_broken_words_with_the_puddle(server, new_page):
    """lama with the L.A.M.A. Lachen promo (LL): the puddle, its chips and laughing time in words."""
    scan_a_game(server, new_page, "lama", 4, seed=7, target=40, lachen=True)


def scan_a_game(server, new_page, game, players, seed, target=None, **options):
    # once, at two players: Kadabra's hint (its moves have the most words; the hard bot takes its
    # time, so only there) and Dice's odds
    asks = {"kadabra": (("Hint", ".hint .hint-list"),), "dice": (("Odds", ".odds .hint-list"),)}.get(game, ())
    asks = asks if players == 2 else ()
    created = server.table(game, ["human", *BOTS[:players - 1]], target=target or TARGET[game], seed=seed,
                           hints=bool(asks), **options)
    page = new_page()
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    page.wait_for_function("['running', 'finished'].includes(document.documentElement.dataset.status)")
    seen: list[str] = []
    last, recaps, asked = None, 0, []
    deadline = time.monotonic() + 240
    while (now := probe(page))["status"] != "finished":
        assert time.monotonic() < deadline, "the game did not end in time"
        v = now["version"]
        if v != last:
            last = v
            recaps += now["recap"]
            scan(page, f"version {v}" + (" (recap)" if now["recap"] else ""), seen)
            ask = page.locator("#mine .actions").get_by_role("button", name=asks[0][0]) if asks else None
            if ask and ask.count() and ask.is_enabled():
                for button, panel in asks:
                    page.get_by_role("button", name=button).click()
                    page.wait_for_selector(panel, timeout=90000)
                    scan(page, f"version {v} ({button.lower()})", seen)
                    asked.append(button)
                asks = ()
            if now["choice"] and not page.locator(".hand button[data-choice][aria-pressed]").count():
                # a 1 that gives a chip: its chooser names the seats
                page.locator(".hand [data-choice]:not([disabled])").first.click()
                if page.locator(".chooser").count():
                    scan(page, f"version {v} (a chip to give)", seen)
        if move(page, quick=True) is None:
            wait_for_change(page, v, timeout=1)  # the bots' moves
    page.wait_for_selector(".final")
    scan(page, "the final panel", seen)
    print(f"{game} at {players}: {last} versions, {recaps} recaps, {asked or 'no'} panels scanned")
    if players == 2:  # the rules, as the page's ? shows them
        page.get_by_role("button", name="Rules (?)").first.click()
        page.wait_for_selector("#rules-dialog[open] h2")
        text = page.locator("#rules-dialog").inner_text()
        assert "--" not in text and "lama play" not in text
        scan(page, "the rules", seen, seats_named=False)
        page.keyboard.press("Escape")

    # the replay, step by step
    page.goto(f"{server.base}/tables/{created['table']}/replay")
    page.wait_for_function("document.documentElement.dataset.step !== undefined")
    steps = int(page.locator("#slider").get_attribute("max"))
    for step, texts in enumerate(page.evaluate(REPLAY, steps)):  # every step's words, read in one go
        for p in problems(texts):
            if p not in {s.split(": ", 1)[1] for s in seen}:
                seen.append(f"replay step {step}: {p}")
    if seen:
        pytest.fail("\n".join(seen), pytrace=False)


def test_no_broken_words_in_the_lobby_the_rules_and_a_waiting_table(server, new_page):
    """The lobby with each game chosen and its rules open, and a table waiting for a person
    (there "Seat 2: free for a person" is right: nobody sits there yet)."""
    seen: list[str] = []
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#games input")
    page.fill("#name", "Ann")
    for game in GAMES:
        page.locator(".game-choice", has=page.locator(f'input[value="{game}"]')).click()
        for details in page.locator("#game-options details").all():
            details.locator("summary").click()  # the deck's counts, the dice's faces
        scan(page, f"the lobby, {game}", seen, seats_named=False)
        page.locator(".game-choice", has=page.locator(f'input[value="{game}"]')).get_by_role("button").click()
        page.wait_for_selector("#rules-dialog[open] h2")
        rules = page.locator("#rules-dialog").inner_text()
        assert "--" not in rules and "lama play" not in rules and "`" not in rules, rules
        scan(page, f"the rules of {game}", seen, seats_named=False)
        page.keyboard.press("Escape")
    created = server.table("dice", ["human", "human", "easy"], target=10)
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    scan(page, "a waiting table", seen, seats_named=False)
    if seen:
        pytest.fail("\n".join(seen), pytrace=False)
