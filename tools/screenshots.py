"""The screenshots of the README and docs/browser.md: each game, the lobby and the replay, on a desktop (1280x720) and a
phone (375x667), light and dark, as docs/screenshots/<scene>-<desktop|phone>-<light|dark>.png.

    .venv/bin/python tools/screenshots.py                 # every scene
    .venv/bin/python tools/screenshots.py kadabra dice    # some of them
    .venv/bin/python tools/screenshots.py --lang ko --out /tmp/ko   # the page in Korean (or xx, the pseudo language)

It starts the browser tests' real `lama serve` (a temporary SQLite store, bots without a pause) on a free
loopback port, with each table's seed fixed by the scene (as tests/e2e/serve.py does, so the
same moments come back), and drives Debian's chromium (its headless shell when installed, as
tests/e2e) through Playwright.
Ann, the person, plays by a fixed rule (a llama, else the lowest card; roll, discard the most)
until the scene's moment: a turn of hers in L.L.A.M.A., a round's recap in Lato z Komarami, a
magic show in Kadabra, a roll to discard from in Dice, a replay mid-round, a lobby with tables.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the browser tests' server (e2e/serve.py: seeded tables) and page helpers
from e2e.conftest import ARGS, CHROMIUM, Server  # noqa: E402
from e2e.driver import ENABLED, actions, status, version  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 375, "height": 667}}
THEMES = ("light", "dark")
SCENES = ("lama", "komarami", "kadabra", "dice", "replay", "lobby")  # in this order: the replay is lama's game, the
# lobby lists the tables Ann sat at


def new_table(server, game, others, seed, target=40, name="Ann", visibility="private"):
    """A table whose seat 0 is `name`; `others` the other seats: "human" or a bot level."""
    return server.table(game, ["human", *others], target=target, name=name, seed=seed,
                        settings={"visibility": visibility})


# -- Ann at the page ----------------------------------------------------------------------------
def choose(legal: list[dict]) -> dict:
    """A fixed rule: a llama, else the lowest card (a 1 gives to the lowest seat); draw; roll;
    discard the most; take the lowest row card; skip; quit. Never takes the stage (a show is a
    scene)."""
    order = (lambda m: m.get("play") == "L", lambda m: "play" in m, lambda m: m.get("draw"), lambda m: m.get("roll"),
             lambda m: "discard" in m, lambda m: "take" in m, lambda m: m.get("skip"), lambda m: m.get("take_stage"),
             lambda m: m.get("quit"))
    for pred in order:
        found = [a for a in legal if pred(a)]
        if found:
            return min(found, key=lambda a: json.dumps(a, sort_keys=True) if "discard" not in a else -len(a["discard"]))
    raise ValueError(f"no move in {legal!r}")


def move(page) -> bool:
    """One move of Ann's if it is her turn (after a roll: every card it lets go chosen)."""
    if status(page) != "running" or page.locator("#confirm[open]").count():
        return False
    v = version(page)
    try:
        gives = page.locator(".hand [data-choice]:not([disabled])")
        dice = page.locator(".hand button[data-choice][aria-pressed]").count()
        if gives.count() and not dice and not page.locator(".chooser").count():  # a 1: open its chooser
            gives.first.click()
        while True:  # dice: choose the cards to discard
            free = page.locator('.hand button[data-choice][aria-pressed="false"]:not([disabled])')
            if not free.count():
                break
            free.first.click()
        moves = actions(page)
        if not moves:
            return False
        wanted = json.dumps(choose(moves), sort_keys=True)
        values = page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action)")
        i = next(i for i, a in enumerate(values) if json.dumps(json.loads(a), sort_keys=True) == wanted)
        page.locator(ENABLED).nth(i).click()
    except Exception:  # noqa: BLE001 - the page re-rendered under the click: try again
        time.sleep(0.05)
        return False
    deadline = time.monotonic() + 10
    while version(page) == v and status(page) != "finished" and time.monotonic() < deadline:
        time.sleep(0.03)
    return True


def play_until(page, moment, limit=400, timeout=180) -> bool:
    """Ann plays until `moment(page)` holds (checked whenever the table changed); False if it
    did not come within `limit` of her moves or the game ended first."""
    deadline, moves, seen = time.monotonic() + timeout, 0, None
    while time.monotonic() < deadline and moves < limit:
        v = version(page)
        if v != seen:
            seen = v
            time.sleep(0.15)  # let the page finish drawing this state
            if moment(page):
                return True
        if status(page) == "finished":
            return False
        if move(page):
            moves += 1
        else:
            time.sleep(0.05)
    return False


def her_turn(page) -> bool:
    return status(page) == "running" and bool(actions(page))


def shoot(page, name: str, scroll_to: str | None = None) -> list[Path]:
    """The page in both sizes and both themes, as docs/screenshots/NAME-SIZE-THEME.png (or in --out)."""
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for theme in THEMES:
            page.emulate_media(color_scheme=theme, reduced_motion="reduce")
            page.evaluate("window.scrollTo(0, 0)")
            if scroll_to and size == "phone" and page.locator(scroll_to).count():
                page.locator(scroll_to).first.evaluate("e => { e.scrollIntoView({block: 'start'}); scrollBy(0, -8); }")
            page.wait_for_timeout(250)
            path = OUT / f"{name}-{size}-{theme}.png"
            page.screenshot(path=str(path))
            written.append(path)
    page.set_viewport_size(SIZES["desktop"])
    return written


def open_seat(context, server, created):
    page = context.new_page()
    page.set_default_timeout(20000)
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    page.wait_for_function("['running', 'finished'].includes(document.documentElement.dataset.status)")
    return page


# -- the scenes ---------------------------------------------------------------------------------
def lobby(context, server, state):
    for game, name, seed in (("kadabra", "Bea", 5), ("dice", "Carl", 6)):  # tables waiting for people
        new_table(server, game, ["human", "easy"], seed, name=name, visibility="public")
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#games input")
    page.fill("#name", "Ann")
    page.locator(".game-choice", has=page.locator('input[value="lama"]')).click()
    page.select_option("#players", "4")
    page.wait_for_timeout(5500)  # the list of tables refreshes every 5 s
    return shoot(page, "lobby")


def lama(context, server, state):
    created = new_table(server, "lama", ["medium", "easy", "random"], seed=4, target=25)
    page = open_seat(context, server, created)
    turns = [0]

    def moment(p):  # Ann's fourth turn of the first round, with a card to play
        if not her_turn(p):
            return False
        turns[0] += 1
        return turns[0] >= 4 and any("play" in a for a in actions(p))

    play_until(page, moment)
    written = shoot(page, "lama", scroll_to="#middle")
    play_until(page, lambda p: status(p) == "finished", limit=2000, timeout=400)  # the replay's game
    state["replay"] = created["table"]
    return written


def komarami(context, server, state):
    created = new_table(server, "komarami", ["medium", "easy"], seed=7, target=40)
    page = open_seat(context, server, created)
    play_until(page, lambda p: p.locator(".recap-panel").count() > 0 and p.locator(".recap td .card").count() >= 4)
    return shoot(page, "komarami", scroll_to=".recap-panel")


def kadabra(context, server, state):
    for seed in range(20, 40):  # the first seed whose game comes to a magic show on Ann's turn
        created = new_table(server, "kadabra", ["medium", "easy", "random"], seed=seed, target=60)
        page = open_seat(context, server, created)
        if play_until(page, lambda p: p.locator(".alert-note").count() > 0 and her_turn(p), timeout=120):
            print(f"kadabra: a magic show with seed {seed}")
            return shoot(page, "kadabra", scroll_to="#middle")
        page.close()
    print("kadabra: no magic show came; a turn of Ann's instead")
    play_until(page, her_turn)
    return shoot(page, "kadabra", scroll_to="#middle")


def dice(context, server, state):
    created = new_table(server, "dice", ["medium", "easy", "random"], seed=3, target=40)
    page = open_seat(context, server, created)
    turns = [0]

    def moment(p):  # from her third turn on, a roll that lets cards go, with one of them chosen
        if status(p) != "running":
            return False
        choices = p.locator('.hand button[data-choice]:not([disabled])')
        if not choices.count():
            return False
        turns[0] += 1
        if turns[0] < 3:
            return False
        choices.first.click()
        p.wait_for_timeout(150)
        return True

    play_until(page, moment)
    return shoot(page, "dice", scroll_to="#middle")


def replay(context, server, state):
    table = state.get("replay")
    if table is None:  # the lama scene was not asked for: a game of its own
        created = new_table(server, "lama", ["medium", "easy", "random"], seed=4, target=25)
        page = open_seat(context, server, created)
        play_until(page, lambda p: status(p) == "finished", limit=2000, timeout=400)
        page.close()
        table = created["table"]
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table}/replay")
    page.wait_for_function("document.documentElement.dataset.step !== undefined")
    steps = int(page.locator("#slider").get_attribute("max"))
    page.locator("#slider").evaluate(f"(e) => {{ e.value = {steps // 3}; e.dispatchEvent(new Event('input')); }}")
    page.wait_for_timeout(300)
    return shoot(page, "replay")  # on a phone too from the top: the seats, every hand face up


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="*", metavar="SCENE", help=f"some of {', '.join(SCENES)} (default: all)")
    parser.add_argument("--lang", help="the page's language (a code of lama.i18n, or xx); default: English")
    parser.add_argument("--out", type=Path, help="the folder of the pictures (default: docs/screenshots)")
    args = parser.parse_args(argv)
    if args.lang is not None:
        from lama.i18n import UnknownLanguage, check

        try:
            args.lang = check(args.lang)
        except UnknownLanguage as e:
            parser.error(str(e))
    global OUT
    OUT = args.out or OUT
    unknown = sorted(set(args.scenes) - set(SCENES))
    if unknown:
        parser.error(f"no scene {', '.join(unknown)} (the scenes: {', '.join(SCENES)})")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is not installed (apt-get install -y chromium-headless-shell, or chromium)")
    from playwright.sync_api import sync_playwright

    wanted = args.scenes or list(SCENES)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp)).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)  # (waits run in the page)
                if args.lang:  # the device's remembered choice
                    context.add_init_script(f"localStorage.setItem('lama.lang', {json.dumps(args.lang)})")
                state: dict = {}
                for name in [s for s in SCENES if s in wanted]:
                    for path in globals()[name](context, server, state):
                        print(path)
                browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":  # not in the bot pool's spawned processes, which import this module
    sys.exit(main())
