"""GET /api/games/{id}/rules serves the player's rules (Game.rules_text): plain words with the
page's names and numbering, none of the terminal's flags or typed syntax (that part is the
terminal's own, lama.tui.rules)."""

from __future__ import annotations

import re

import pytest

from lama.games import GAMES

# What only a terminal user types or reads: flags, commands, typed moves, files, the record's ids.
TERMINAL_WORDS = re.compile(r"--|lama play|lama rules|`|\bJSON\b|\bFILE\b|game id|\bhelp\b|\bhint\b")
ZERO_BASED = re.compile(r"\b(seat|die|player) 0\b", re.I)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_page_gets_the_players_rules_without_the_terminals_words(client, game):
    answer = client.get(f"/api/games/{game}/rules")
    assert answer.status_code == 200
    data = answer.json()
    assert data["game"] == game and data["name"] == GAMES[game].name
    rules = data["rules"]
    assert rules == GAMES[game].rules_text()
    assert rules.startswith(f"# {GAMES[game].name}\n")
    assert "fewest points" in rules
    assert not TERMINAL_WORDS.search(rules), TERMINAL_WORDS.search(rules)
    assert not ZERO_BASED.search(rules), ZERO_BASED.search(rules)
    assert not re.search(r"(?<![.\w])L(?![.\w])", rules), "the page names the llama card, it does not write its code"
    assert "Seat 1 starts the first round" in " ".join(rules.split())  # C4, numbered as the page numbers seats


def test_the_dice_are_numbered_as_the_page_shows_them(client):
    rules = client.get("/api/games/dice/rules").json()["rules"]
    for n in (1, 2, 3):
        assert f"Die {n} shows" in " ".join(rules.split())  # the page's "Die 1: 1 2 3 4 llama llama" (D1)


def test_the_rules_of_an_unknown_game_are_refused(client):
    answer = client.get("/api/games/chess/rules")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "no_game"
