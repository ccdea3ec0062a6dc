"""A game the page has never seen: the throwaway variant of tests/variant_game.py (lama with 9
of each card, to 30 points), registered in a server of its own. The lobby offers it with its
pictures and its default target, and a whole game is played through the page's controls, then
replayed; the page learnt everything from GET /api/games."""

from __future__ import annotations

import time

import pytest

from variant_game import NinesGame

from .conftest import Server
from .driver import play, shots, status

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def variant_server(tmp_path_factory, playwright_api):
    s = Server(tmp_path_factory.mktemp("variant"), script="serve_variant.py").start()
    yield s
    s.stop()


def test_the_variant_is_offered_and_played_through_the_page(variant_server, new_page):
    server = variant_server
    assert NinesGame.id in [g["id"] for g in server.get("/api/games")["games"]]
    ann = new_page()
    ann.goto(server.base + "/")
    ann.fill("#name", "Ann")
    choice = ann.locator(".game-choice", has_text=NinesGame.name)
    choice.wait_for()  # (the lobby draws the games once it has its language and the games)
    assert choice.locator(".pics .card").count() == len(NinesGame.pictures)
    choice.click()
    assert ann.locator("#target").input_value() == "30"  # the variant's own default
    ann.select_option("#players", "3")
    ann.select_option('#seat-list select[data-seat="1"]', "easy")
    ann.select_option('#seat-list select[data-seat="2"]', "medium")
    shots(ann, "variant-lobby")
    ann.get_by_role("button", name="Open the table").click()
    ann.wait_for_function("document.documentElement.dataset.status === 'running'")
    assert NinesGame.name in ann.locator("#title").inner_text()
    assert "44 cards" in ann.locator("#middle").inner_text()  # 63 - 3 hands of 6 - the first discard
    shot = []

    def each(moves):
        if moves == 3 and not shot:
            shots(ann, "variant")
            shot.append(1)

    play([ann], until=lambda: status(ann) == "finished", each=each, timeout=400)
    final = ann.locator(".final")
    assert final.locator(".ranking li").count() == 3
    assert max(int(t.split()[0]) for t in final.locator(".ranking .num").all_inner_texts()) >= 30
    log = ann.locator("#log").inner_text()
    assert "Round 1 is dealt" in log and "You played " in log
    shots(ann, "variant-final")

    table = ann.url.split("#")[0].rstrip("/").split("/")[-1]
    deadline = time.monotonic() + 30
    while server.get(f"/api/tables/{table}")["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    replay = new_page()
    replay.goto(f"{server.base}/tables/{table}/replay")
    replay.wait_for_function("document.documentElement.dataset.status === 'finished'")
    assert f"Replay: {NinesGame.name}" in replay.locator("#title").inner_text()
    assert replay.locator("#seats .small-cards .card").count() == 18  # every hand face up
