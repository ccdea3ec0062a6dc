"""Accessible to all (issue 25, item 4): axe-core (the pinned copy the test dependencies ship, see
tests/e2e/axe.py) finds no serious or critical violation on the lobby, a table of each game (light
and dark, mid-round and at a round's recap), a finished table and the replay."""

from __future__ import annotations

import time

import pytest

from .axe import assert_accessible, axe_version, problems
from .driver import move, play, round_over, status

pytestmark = pytest.mark.e2e


def running(page):
    page.wait_for_function("document.documentElement.dataset.status === 'running'")


def my_turn(page) -> bool:
    return page.locator("#mine [data-action]:not([disabled])").count() > 0


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
    assert_accessible(page, "the lobby at last", found)


@pytest.mark.parametrize("game", ["lama", "komarami", "kadabra", "dice"])
def test_a_table_mid_round_and_at_the_recap(server, new_page, game):
    # lama: a second person, whose seat shows them online
    seats = ["human", "human", "medium"] if game == "lama" else ["human", "medium", "easy"]
    made = server.table(game, seats, target=80, seed=21, settings={"visibility": "public"})
    pages = []
    for seat in range(seats.count("human")):
        token = made["token"] if seat == 0 else server.post(f"/api/tables/{made['table']}/join",
                                                            {"name": "Bob", "seat": seat})["token"]
        pages.append(new_page())
        pages[-1].goto(f"{server.base}/tables/{made['table']}#token={token}")
    page = pages[0]
    for p in pages:
        running(p)
    deadline = time.monotonic() + 60
    moves = 0
    while moves < 3 or not my_turn(page):  # a few moves in, and the page's turn: its controls live
        assert time.monotonic() < deadline, "no turn of the page's seat came"
        moved = [move(p) for p in pages]
        if any(a is not None for a in moved):
            moves += 1
        else:
            time.sleep(0.05)
        if round_over(page, 0)():
            break
    found = [] if round_over(page, 0)() else problems(page, f"{game}, mid-round")
    play(pages, until=round_over(page, 0))
    assert status(page) != "finished", "the game ended in its first round: raise the target"
    page.locator(".recap-panel").wait_for()
    assert_accessible(page, f"{game}, the round's recap", found)


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
