"""`lama play` plays the small variant of examples/spiel_cfr.py (--deck, --hand-size, --target)
to the end, and its record replays."""

from __future__ import annotations

import json
from pathlib import Path

from lama.cli import main
from lama.record import replay_file


def test_the_small_variant_plays_at_the_terminal(terminal):
    Path("deck.json").write_text(json.dumps({"1": 2, "2": 2, "3": 1}))
    t = terminal()  # a person who plays a card if it can, else draws, else quits
    rc = main(["play", "--players", "2", "--deck", "deck.json", "--hand-size", "1", "--target", "1",
               "--seed", "3", "--bots", "random", "--record", "game.json"])
    out = t.finish()
    assert rc == 0, out[-2000:]
    assert "Your hand: [1]" in out and "Game over" in " ".join(out.split())
    record = json.loads(Path("game.json").read_text())
    assert record["options"] == {"deck": {"1": 2, "2": 2, "3": 1}, "hand_size": 1, "target": 1}
    assert replay_file("game.json")["finished"]
