"""The Party Edition in chromium: a person and bots play a whole game on the page, which draws
the pink party llama (P2) and plus cards (P1), tells the extra turn (P3) and shows pink chips
(P5); the lobby offers its yes-or-no option. Screenshots go to tests/e2e/screenshots/ (ignored
by git)."""

from __future__ import annotations

import pytest

from .driver import actions, play, shots, status, version, wait_for_change

pytestmark = pytest.mark.e2e


def running(page):
    page.wait_for_function("document.documentElement.dataset.status === 'running'")


def test_P2_P3_P5_a_party_game_to_the_end(server, new_page):
    created = server.table("party", ["human", "medium", "easy", "medium"], target=40, seed=3)
    page = new_page()
    page.goto(f"{server.base}/tables/{created['table']}#token={created['token']}")
    running(page)
    seen = {"party": False, "plus": False, "again": False, "pink": False}

    def each(moves):
        if not seen["party"] and page.locator("svg.card-svg.party").count():
            seen["party"] = page.locator("svg.card-svg.party").first.is_visible()
            if seen["party"]:
                shots(page, "party-llama")
        if not seen["plus"] and page.locator('.card[data-code$="+"]').count():
            seen["plus"] = True
        if not seen["again"] and "A plus card: you play again." in page.locator("body").inner_text():
            seen["again"] = True  # P3: Ann's own extra turn, told on her turn line
            shots(page, "party-again")
        if not seen["pink"] and page.locator(".chip-pink").count():
            seen["pink"] = page.locator(".chip-pink").first.is_visible()

    def key_p():
        """P2 by keyboard: where the party llama is Ann's legal play, the key `p` plays it."""
        if not seen.get("key") and status(page) == "running" and {"play": "P"} in actions(page):
            v = version(page)
            page.keyboard.press("p")
            wait_for_change(page, v)
            seen["key"] = "You played party llama." in page.locator("#log").inner_text()
        return status(page) == "finished"

    each(0)
    play([page], until=key_p, each=each, timeout=300)
    each(0)
    shots(page, "party-finished")
    assert seen == {"party": True, "plus": True, "again": True, "pink": True, "key": True}, seen
    log = page.locator("#log").inner_text()
    assert "plays again (plus card)" in log or "play again (plus card)" in log  # P3, told in the log
    assert page.locator("#seats .chip-pink").count()  # P5: someone ended with 20 points or more


def test_the_lobby_offers_partys_yes_or_no_option(server, new_page):
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#games .game-choice")
    page.locator(".game-choice", has=page.locator('input[value="party"]')).click()
    box = page.get_by_label("A party llama may be played on a party llama")
    assert box.is_checked()  # P2's default
    box.scroll_into_view_if_needed()
    shots(page, "party-lobby")
    assert page.locator(".game-choice svg.card-svg.party").count() == 1  # the lobby's pictures: the pink llama
    box.uncheck()
    with page.expect_response(lambda r: r.url.endswith("/api/tables") and r.request.method == "POST") as answer:
        page.locator("#name").fill("Ann")
        page.locator("#create [type=submit]").click()
    sent = answer.value.request.post_data_json
    assert sent["game"] == "party" and sent["options"].get("party_on_party") is False
