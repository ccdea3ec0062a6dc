"""Accessible to all (issue 25, item 4): axe-core (the pinned copy the test dependencies ship, see
tests/e2e/axe.py) finds no serious or critical violation on the lobby, a table of each game (light
and dark, mid-round and at a round's recap), a finished table and the replay."""

from __future__ import annotations

import re
import time

import pytest

from .axe import assert_accessible, axe_version, problems
from .conftest import own_server
from .tree import live_buttons, misnamed, status_line, within

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.e2e


server = own_server("serve-a11y")  # its lobby lists only the tables (and names) made here


def running(page):
    page.wait_for_function("document.documentElement.dataset.status === 'running'")


def seat_pages(server, new_page, game, seats, seed, **kw):
    """A table of `seats` ("human" or a bot level): a page for each person (Ann, then Bob), playing."""
    made = server.table(game, seats, target=80, seed=seed, settings={"visibility": "public"})
    pages = []
    for seat in range(seats.count("human")):
        token = made["token"] if seat == 0 else server.post(f"/api/tables/{made['table']}/join",
                                                            {"name": "Bob", "seat": seat})["token"]
        pages.append(new_page(**kw))
        pages[-1].goto(f"{server.base}/tables/{made['table']}#token={token}")
    for page in pages:
        running(page)
    return pages


def card_names(server, game) -> dict[str, str]:
    return {c["code"]: c["name"] for g in server.get("/api/games")["games"] if g["id"] == game for c in g["cards"]}


def test_the_lobby(server, new_page):
    # a public table waiting for a person, which this device holds a seat at: both lists show it
    made = server.table("lama", ["human", "human", "easy"], settings={"visibility": "public"})
    page = new_page()
    page.goto(f"{server.base}/tables/{made['table']}#token={made['token']}")
    page.wait_for_function("document.documentElement.dataset.status === 'waiting'")
    found = problems(page, "a table waiting for players")
    page.goto(server.base + "/")
    page.wait_for_selector("#games .game-choice")
    page.wait_for_selector("#my-tables .table-item")
    page.wait_for_selector("#tables .table-item")
    assert axe_version(page).startswith("4.")
    found += problems(page, "the lobby")
    for game in ("dice", "kadabra"):  # the options each game's form adds (dice faces, a deck)
        page.locator(".game-choice", has=page.locator(f'input[value="{game}"]')).click()
        page.locator("#game-options summary").first.click()
        found += problems(page, f"the lobby, {game} chosen, its options open")
    page.get_by_role("button", name="Rules of L.A.M.A. Dice").click()
    page.get_by_role("dialog").get_by_role("heading", name="How to play L.A.M.A. Dice").wait_for()
    found += problems(page, "the rules")
    page.get_by_role("button", name="Close the rules").click()
    stranger = new_page()  # someone else, at the table's free seat
    stranger.goto(f"{server.base}/tables/{made['table']}#join=1")
    stranger.get_by_role("button", name="Take the seat").wait_for()
    found += problems(stranger, "the form to take a seat")
    assert_accessible(page, "the lobby at last", found)


# what a page shows at some moments of a round, as its tree reads
# A round's results: the whole recap (a region), or, for the seat that begins the next round, a strip
# above the table (a group) that leaves the table in view
RESULTS = r'(region|group) "Round \d+ results"'


def focused_at_round_end(player, r: int):
    """Where the focus is once round `r` is over: on the recap's heading, or, for the seat whose turn
    it is, on the first control of its first decision (the results folded above the table)."""
    page = player.page
    if page.get_by_role("region", name=f"Round {r} results").count():
        expect(page.get_by_role("heading", name=re.compile(rf"^Round {r}: "))).to_be_focused()
        return "recap"
    expect(page.get_by_role("group", name=f"Round {r} results")).to_be_visible()
    snap = tree(page)
    decision = player.decide(snap)  # the next round's, read from one's place and the table
    expect(page.get_by_role("button", name=focus_expected(snap, decision), exact=True).first).to_be_focused()
    return "strip"


MOMENTS = {"the chooser of a chip's receiver": ': give one of your chips to…"', "a magic show": "a magic show is on",
           "a roll that matches": '"Choose to discard: ', "a roll that misses": ' from the llama row"'}
EXPECTED = {"kadabra": {"the chooser of a chip's receiver", "a magic show"},
            "dice": {"a roll that matches", "a roll that misses"}}


@pytest.mark.parametrize("game", ["lama", "komarami", "kadabra", "dice"])
def test_a_table_mid_round_and_at_the_recap(server, new_page, game):
    # lama: a second person, whose seat shows them online
    seats = ["human", "human", "medium"] if game == "lama" else ["human", "medium", "easy"]
    pages = seat_pages(server, new_page, game, seats, seed=9 if game == "kadabra" else 21)
    players = [Player(page, DECIDE[game]) for page in pages]
    page, names = pages[0], card_names(server, game)
    deadline = time.monotonic() + 60
    while players[0].moves < 2 or players[0].decision() is None:  # a few moves in, at the page's turn
        assert time.monotonic() < deadline, "no turn of the page's seat came"
        step(players)
    found = problems(page, f"{game}, mid-round") + misnamed(page, names)
    seen = set()

    def moments():  # the first time the page shows each of them
        snap = tree(page)
        for moment, sign in MOMENTS.items():
            if moment not in seen and sign in snap:
                seen.add(moment)
                found.extend(problems(page, f"{game}, {moment}") + misnamed(page, names))

    play_round(players, each=moments)
    assert seen >= EXPECTED.get(game, set()), f"the round never showed {EXPECTED[game] - seen} (another seed?)"
    assert_accessible(page, f"{game}, the round's recap", found + misnamed(page, names))


def test_a_finished_table_and_its_replay(server, new_page):
    made = server.table("lama", ["medium", "easy", "random"], target=8, seed=5)
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{made['table']}")["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page = new_page()
    page.goto(f"{server.base}/tables/{made['table']}")
    page.locator(".final").wait_for()
    found = problems(page, "a finished table (a spectator's)")
    page.goto(f"{server.base}/tables/{made['table']}/replay")
    page.wait_for_function("document.documentElement.dataset.status === 'finished'")
    found += problems(page, "the replay, at the deal")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    found += problems(page, "the replay, two moves in")
    page.keyboard.press("End")
    assert_accessible(page, "the replay, at the end", found)


# -- a round played from the accessibility tree alone: roles and names, never a CSS selector ------

def tree(page) -> str:
    return page.locator("body").aria_snapshot()


def mine(snap: str) -> list[str]:
    """The live controls of one's place and of the table (the llama row), in the page's order."""
    return live_buttons(within(snap, "region", "Your place")) + live_buttons(within(snap, "region", "The table"))


def card_decision(snap: str) -> str | None:
    """A card game: a chip's receiver when asked; the first card that may be played, else draw, skip,
    take the stage, quit, in the order the page offers them (None: not this page's turn)."""
    live = mine(snap)
    for prefix in (" and give a chip to ", "Play ", "Draw a card", "Skip", "Take the stage", "Quit the round"):
        found = [n for n in live if (prefix in n if prefix.startswith(" ") else n.startswith(prefix))]
        if found:
            return found[0]
    return None


def dice_decision(snap: str) -> str | None:
    """Dice: roll; on a match, choose the most cards, then discard them; on a miss, take the first row card."""
    live = mine(snap)
    for found in ([n for n in live if n.startswith("Roll the dice")],
                  [n for n in live if n.startswith("Discard ") and not n.startswith("Discard: ")],
                  [n for n in live if n == "Choose the most I can"], [n for n in live if n.startswith("Take ")],
                  [n for n in live if n.startswith("Quit the round")]):
        if found:
            return found[0]
    return None


DECIDE = {"lama": card_decision, "komarami": card_decision, "kadabra": card_decision, "dice": dice_decision}


def focus_expected(snap: str, decision: str) -> str:
    """Where the focus should be when a decision follows a move: its first control (a card to discard first)."""
    choose = [n for n in mine(snap) if n.startswith("Choose to discard: ")]
    return choose[0] if decision == "Choose the most I can" and choose else decision


class Player:
    """A person at the table who reads the page's tree and presses what it names. Each decision that
    follows a move must find the focus on its control (then Enter makes the move, no Tab needed);
    with `others_are_people`, the focus waits on the line saying whose turn it is."""

    def __init__(self, page, decide, others_are_people=False):
        self.page, self.decide, self.others_are_people = page, decide, others_are_people
        self.moves = 0
        self.fresh = False  # a move made since the last decision
        self.focus_checks = 0

    def decision(self, snap=None) -> str | None:
        snap = snap or tree(self.page)
        if re.search(RESULTS, snap):  # the round is over here: no move into the next
            return None
        return self.decide(snap)

    def log_length(self) -> int:
        return self.page.get_by_role("list", name="What happened").get_by_role("listitem").count()

    def turn(self) -> bool:
        page = self.page
        snap = tree(page)  # one reading: the decision is taken from one state of the page
        decision = self.decision(snap)
        if decision is None:
            waiting = "is playing" in status_line(within(snap, "region", "Your place"))
            if self.fresh and self.others_are_people and waiting:
                expect(page.get_by_role("region", name="Your place").get_by_role("status")).to_be_focused()
                self.focus_checks += 1
            return False
        lines = self.log_length()
        if self.fresh:
            expect(page.get_by_role("button", name=focus_expected(snap, decision), exact=True).first).to_be_focused()
            self.focus_checks += 1
        if self.fresh and focus_expected(snap, decision) == decision:
            page.keyboard.press("Enter")  # the focused control
        else:
            page.get_by_role("button", name=decision, exact=True).first.click()
        deadline = time.monotonic() + 10
        # a move made (the log grows), or a choice drawn (a chooser, a card chosen): not "Sending…"
        while (now := tree(page)) == snap or "Sending" in status_line(within(now, "region", "Your place")):
            assert time.monotonic() < deadline, f"pressing {decision!r} changed nothing"
            time.sleep(0.03)
        self.fresh = self.log_length() > lines
        self.moves += self.fresh
        return True


def step(players) -> None:
    moved = [p.turn() for p in players]  # each in turn (any() would stop at the first)
    if not any(moved):
        time.sleep(0.05)


def play_round(players, timeout=150, each=None):
    """Every player plays until the round is over on every page (its recap showing); `each()` after each step."""
    deadline = time.monotonic() + timeout
    while not all(re.search(RESULTS, tree(p.page)) for p in players):
        assert time.monotonic() < deadline, "the round did not end in time"
        step(players)
        if each:
            each()


def test_lama_round_played_from_the_accessibility_tree(server, new_page):
    pages = seat_pages(server, new_page, "lama", ["human", "human"], seed=31, viewport={"width": 1280, "height": 600})
    players = [Player(page, card_decision, others_are_people=True) for page in pages]
    play_round(players)
    assert all(p.moves for p in players) and sum(p.focus_checks for p in players) > 4
    # the round's end: the focus on what happened, or, for who begins the next round, on its first move
    ends = [focused_at_round_end(p, 1) for p in players]
    assert sorted(ends) == ["recap", "strip"], ends
    ann, name = (pages[0], "Ann") if ends[0] == "recap" else (pages[1], "Bob")
    recap = ann.get_by_role("region", name="Round 1 results")
    expect(recap.get_by_role("rowheader", name=f"{name} (you)")).to_be_visible()

    # the log: reached with Tab, scrolled with the keys
    log = ann.get_by_role("list", name="What happened")
    assert log.evaluate("e => e.scrollHeight > e.clientHeight"), "the log is too short to scroll"
    for _ in range(40):
        ann.keyboard.press("Tab")
        if log.evaluate("e => e === document.activeElement"):
            break
    expect(log).to_be_focused()
    bottom = log.evaluate("e => e.scrollTop")
    assert bottom > 0, "the log does not show its newest line"
    ann.keyboard.press("Home")
    expect(log).to_have_js_property("scrollTop", 0)
    ann.keyboard.press("PageDown")
    deadline = time.monotonic() + 5
    while log.evaluate("e => e.scrollTop") == 0:  # (a smooth scroll)
        assert time.monotonic() < deadline, "PageDown did not scroll the log"
        time.sleep(0.05)
    ann.get_by_role("button", name="On to round 2").click()
    expect(recap).to_have_count(0)


def test_dice_round_played_from_the_accessibility_tree(server, new_page):
    page = seat_pages(server, new_page, "dice", ["human", "easy"], seed=32)[0]
    player = Player(page, dice_decision)
    play_round([player])
    assert player.moves and player.focus_checks > 2
    focused_at_round_end(player, 1)
