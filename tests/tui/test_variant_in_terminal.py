"""`lama play` plays a game registered at run time: the throwaway variant of
tests/variant_game.py (lama with 9 of each card, to 30 points), driven as a person would at
the terminal, to the end; its record names it and replays."""

from __future__ import annotations

import json
from pathlib import Path

from lama.cli import main
from lama.record import replay_file
from variant_game import NinesGame, registered


def test_the_variant_plays_a_whole_game_at_the_terminal(terminal):
    with registered():
        t = terminal()
        rc = main(["play", "--game", NinesGame.id, "--players", "3", "--seed", "8", "--bots", "random,heuristic",
                   "--name", "Ann", "--record", "game.json"])
        out = t.finish()
        assert rc == 0, out[-2000:]
        record = json.loads(Path("game.json").read_text())
        assert record["game"] == NinesGame.id
        result = replay_file("game.json")
    assert result["finished"] and max(result["scores"]) >= 30  # its own default target
    # the first deal: 3 hands of 6 and the first discard from 63 cards leave 44 in the draw pile
    assert "draw pile: 44 cards" in t.screens[0] and "ends at 30 points" in t.screens[0]
    assert NinesGame.name in out and "Game over" in " ".join(out.split())
    assert "Traceback" not in out
