"""docs/bots.md's 'write your own bot' example (the README links it) runs: it loads as module:callable wherever
a bot name is accepted, and plays legal moves in every game.

The example is read from docs/bots.md between `<!-- own-bot-example -->` and
`<!-- /own-bot-example -->` (its first ```python block).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lama.bots import load_bot
from lama.cli import main
from lama.games import GAMES, new_game
from lama.match import Match

ROOT = Path(__file__).resolve().parents[2]
START, END = "<!-- own-bot-example -->", "<!-- /own-bot-example -->"


def example_source() -> str:
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert START in text, "docs/bots.md has lost its 'write your own bot' section"
    section = text.split(START, 1)[1].split(END, 1)[0]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "the own-bot section of docs/bots.md has no ```python block"
    return match.group(1)


@pytest.fixture
def my_bot(tmp_path, monkeypatch):
    (tmp_path / "my_bot.py").write_text(example_source(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "my_bot:eager"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_example_bot_plays_whole_games_by_module_callable(my_bot, game_id):
    bot = load_bot(my_bot)
    game = new_game(game_id, 4, {"target": 20})
    for seed in range(2):  # Match raises if the bot returns an action that is not legal
        state = Match(game, [bot, load_bot("random"), bot, load_bot("heuristic")], seed=seed).run()
        assert state.finished


def test_the_example_bot_runs_in_the_strength_benchmark(my_bot, capsys):
    assert main(["strength", "--game", "lama", "--players", "3", "--bot", my_bot, "--vs", "random",
                 "--games", "6", "--quiet", "--json"]) == 0
    assert '"games": 6' in capsys.readouterr().out


def test_a_bot_that_cannot_be_loaded_is_a_clear_error(capsys):
    assert main(["strength", "--game", "lama", "--players", "2", "--bot", "no_such_module:bot", "--vs", "random",
                 "--games", "1", "--quiet"]) == 2
    assert "cannot load bot 'no_such_module:bot'" in capsys.readouterr().err
