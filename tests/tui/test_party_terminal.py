"""Party at the terminal (`lama play --game party`): the party llama typed `P` (or `p`), plus
cards typed `3+`, the extra turn announced (P3), the record replaying to the end."""

from __future__ import annotations

from lama.cli import main
from lama.record import replay_file


def party_first(t):
    """Plays the party llama as `p` and plus cards as typed (`3+`) whenever it may; else the
    terminal's default move."""
    if "press enter" in t.last_line().lower():
        return None
    plays = [a.card for a in t.state().legal_actions() if a.kind == "play"]
    for card in plays:
        if card == "P":
            return "p"
        if card.endswith("+"):
            return card
    return None


def test_P2_P3_a_party_game_at_the_terminal(terminal):
    t = terminal(party_first)
    assert main(["play", "--game", "party", "--players", "3", "--seed", "6", "--bots", "random",
                 "--name", "Ann", "--record", "game.json"]) == 0
    out = t.finish()
    result = replay_file("game.json")
    assert result["finished"] and "Traceback" not in out
    assert "You played P." in out  # P2: typed `p`
    assert "You play again (plus card)." in out  # P3: announced to the seat that plays again
    assert "to move, again" in out  # the seats table's mark
    assert "playable:" in out and "d, q, h, ?" in out
