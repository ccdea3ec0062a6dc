"""Why a game, its options or a bot are refused (the core's InvalidOption, lama.bots'
UnknownBot, both in English) is said in the reader's language: at the terminal (`lama play
--target 0`, `--bots foo`) and in the protocol's `bad_options`. Every such refusal is found
here, so a new one without a translation fails."""

from __future__ import annotations

import pytest

from lama.core import InvalidOption
from lama.games import new_game
from lama.i18n import LANGUAGES
from lama.i18n.reasons import setup_text

BAD = [
    ("lama", 7, {}), ("lama", 1.5, {}), ("lama", 4, {"colour": "red"}), ("kadabra", 4, {"target": 0}),
    ("dice", 3, {"target": "40"}), ("lama", 4, {"first_player": 4}), ("komarami", 3, {"hand_size": 0}),
    ("lama", 4, {"deck": [1, 2]}), ("lama", 4, {"deck": {"Z": 3, "1": 8}}), ("lama", 4, {"deck": {"1": -1}}),
    ("lama", 4, {"deck": {"1": 99, "2": 99, "3": 99}}), ("lama", 6, {"deck": {"1": 8}}),
    ("dice", 3, {"dice": [[1]]}), ("dice", 3, {"dice": [["1"] * 6, ["2"] * 5, ["L"] * 6]}),
    ("dice", 3, {"dice": [["1"] * 6, ["2"] * 6, ["Q"] * 6]}), ("chess", 2, {}),
]


def refusal(game, players, options) -> str:
    with pytest.raises(InvalidOption) as e:
        new_game(game, players, options)
    return str(e.value)


@pytest.mark.parametrize("game, players, options", BAD)
def test_every_refusal_of_options_is_translated(game, players, options):
    reason = refusal(game, players, options)
    assert setup_text(reason, "en") == reason
    for lang in LANGUAGES[1:]:
        assert setup_text(reason, lang) != reason, (lang, reason)  # a pattern found it
    assert "⟦" in setup_text(reason, "xx")  # through the catalogs


def test_a_refusal_in_polish_keeps_its_values():
    reason = refusal("kadabra", 4, {"target": 0})
    assert setup_text(reason, "pl") == "target musi być liczbą całkowitą od 1 do 1000, a nie 0"


@pytest.mark.parametrize("name", ["foo", "my mod:x", "no_such_module_here:bot", "lama.bots:BOTS"])
def test_every_refusal_of_a_bot_is_translated(name):
    from lama.bots import UnknownBot, load_bot

    with pytest.raises(UnknownBot) as e:
        load_bot(name)
    reason = str(e.value)
    for lang in LANGUAGES[1:]:
        assert setup_text(reason, lang) != reason, (lang, reason)
