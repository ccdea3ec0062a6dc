"""Refusals in the reader's language, from their code and parameters (lama.core.refusals): a
move refused (IllegalAction, the table's Refused), a game or its options refused (InvalidOption:
`lama play --target 0`, the protocol's `bad_options`) and a bot unknown (UnknownBot: `--bots
foo`). Every refusal raised has a template; every template a player can meet is translated in
every language, so a new one without a translation fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lama.bots import UnknownBot, load_bot
from lama.core import IllegalAction, InvalidOption, Refusal
from lama.core.refusals import DRIVERS, SAID, TEMPLATES
from lama.games import new_game
from lama.i18n import LANGUAGES, translations
from lama.i18n.reasons import refusal_text
from lama.match import Refused

SRC = Path(__file__).resolve().parents[2] / "src" / "lama"
RAISED = ("IllegalAction", "InvalidOption", "Refused", "UnknownBot", "_malformed")

# one refusal of every template a player meets, with its parameters (seats as people number them)
EXAMPLES = {
    "cannot_play": {"card": "5", "top": "3"}, "pile_empty": {}, "last_seat": {},
    "not_in_hand": {"seat": 1, "card": "4"}, "needless_give": {}, "no_chip_to_give": {"seat": 1},
    "alone_in_round": {"seat": 1}, "give_to_self": {"seats": "2, 3"}, "give_to_quitter": {"seat": 2, "seats": "3"},
    "draw_in_show": {}, "quit_in_show": {}, "no_magic_chip": {"seat": 1}, "no_show": {"n": 5},
    "draw_in_laughing": {}, "quit_in_laughing": {}, "no_laughing": {"n": 5},
    "must_discard": {}, "must_take": {}, "needless_discard": {}, "needless_take": {}, "empty_discard": {},
    "not_in_row": {"card": "4"}, "no_die": {"card": "4", "roll": "1 2 6"},
    "not_in_display": {"seat": 1, "n": 1, "card": "3", "wanted": 2}, "not_your_turn": {"seat": 1, "to_move": 2},
    "game_over": {}, "stale": {"version": 7, "wanted": 5}, "bot_seat": {"seat": 2}, "not_legal": {"action": "play 9"},
    "players": {"game": "lama", "value": "7"},
    "unknown_options": {"game": "lama", "names": "colour", "allowed": "target, first_player"},
    "whole_number": {"name": "target", "most": 1000, "value": "0"}, "first_player": {"last": 3, "value": "4"},
    "yes_or_no": {"name": "party_on_party", "value": "1"},
    "deck_not_a_map": {"source": "deck", "example": '{"L": 12, "1": 6}', "kind": "list"},
    "deck_unknown_codes": {"source": "deck", "codes": "'Z'", "known": "1, 2, L"},
    "deck_count": {"source": "deck", "code": "'1'", "most": 60, "value": "-1"},
    "deck_too_big": {"source": "deck", "n": 297, "most": 200},
    "deck_too_small": {"n": 8, "players": 6, "need": 37, "hand": 6},
    "dice_list": {"dice": 3, "faces": 6, "allowed": "1, 2, L", "value": "[[1]]"},
    "die_faces": {"die": 2, "faces": 6, "allowed": "1, 2, L", "value": "[2]"},
    "die_face": {"die": 3, "face": "'Q'", "allowed": "1, 2, L"}, "unknown_game": {"game": "'chess'", "known": "lama"},
    "unknown_bot": {"bot": "'foo'", "known": "random, hard"}, "bad_plug_in": {"bot": "'my mod:x'"},
    "cannot_load": {"bot": "'no_such:bot'", "error": "ModuleNotFoundError"},
    "not_callable": {"bot": "'lama.bots:BOTS'"},
}


def raised_keys():
    """(file, key) of every refusal raised with a literal key in lama: the second argument if
    there is one, else the code (the web server's own are messages of the catalogs, tests/web)."""
    for path in sorted(SRC.rglob("*.py")):
        if "web" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = getattr(node, "func", None)
            if isinstance(node, ast.Call) and (getattr(func, "id", None) or getattr(func, "attr", None)) in RAISED:
                key = node.args[1] if len(node.args) > 1 else node.args[0] if node.args else None
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    yield path.name, key.value


def test_every_refusal_raised_has_a_template():
    found = list(raised_keys())
    assert len(found) > 80
    assert [(where, key) for where, key in found if key not in TEMPLATES] == []
    assert {key for _, key in found} >= set(TEMPLATES) - {"stale"}  # no template left unused (the table's
    # `stale` is raised by its code, a constant)


def test_the_table_covers_every_template_a_player_meets():
    assert set(EXAMPLES) == set(SAID) and not set(SAID) & set(DRIVERS)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("key", sorted(SAID))
def test_every_refusal_is_said_in_every_language(key, lang):
    refusal = Refusal(key, **EXAMPLES[key])
    english, said = refusal_text(refusal, "lama", "en"), refusal_text(refusal, "lama", lang)
    assert english == refusal.reason == SAID[key].format(**EXAMPLES[key])
    assert translations(lang)._catalog.get(SAID[key]), f"{lang}: {SAID[key]!r} is not translated"
    assert said != english, (lang, said)
    for name in ("card", "top", "seats", "value", "n", "wanted", "version", "game", "bot", "roll"):
        if name in EXAMPLES[key] and f"{{{name}}}" in SAID[key]:
            assert str(EXAMPLES[key][name]) in said, (lang, name, said)


@pytest.mark.parametrize("key", sorted(DRIVERS))
def test_a_programs_mistake_reads_the_same_in_every_language(key):
    assert not translations("de")._catalog.get(DRIVERS[key]), "a driver's template is not for the catalogs"


@pytest.mark.parametrize("key, lang, said", [
    ("pile_empty", "pl", "stos do dobierania jest pusty"),
    ("cannot_play", "de", "5 kann nicht auf L gespielt werden"),
    ("stale", "pl", "stół jest w wersji 7, nie 5: spójrz jeszcze raz i spróbuj ponownie"),
    ("whole_number", "pl", "target musi być liczbą całkowitą od 1 do 1000, a nie 0"),
])
def test_a_refusal_keeps_its_values(key, lang, said):
    params = {"cannot_play": {"card": "5", "top": "L"}, "stale": {"version": 7, "wanted": 5},
              "whole_number": {"name": "target", "most": 1000, "value": "0"}}.get(key, {})
    assert refusal_text(Refusal(key, **params), "lama", lang) == said


def test_a_card_is_named_as_the_game_names_it():
    refusal = IllegalAction("cannot_play", rule="K3", card="L", top="3")
    assert refusal.reason == "L cannot be played on 3 (K3)"
    assert refusal_text(refusal, "komarami", "pl") == "karty komar nie można zagrać na 3"
    assert refusal_text(refusal, "komarami", "en") == "mosquito cannot be played on 3"


def test_the_table_says_the_cores_refusal():
    refusal = Refused("illegal", "pile_empty", rule="L3")
    assert (refusal.code, refusal.key, refusal.reason) == ("illegal", "pile_empty", "the draw pile is empty (L3)")
    assert refusal_text(refusal, "lama", "de") != refusal.reason


BAD = [
    ("lama", 7, {}), ("lama", 1.5, {}), ("lama", 4, {"colour": "red"}), ("kadabra", 4, {"target": 0}),
    ("dice", 3, {"target": "40"}), ("lama", 4, {"first_player": 4}), ("komarami", 3, {"hand_size": 0}),
    ("lama", 4, {"deck": [1, 2]}), ("lama", 4, {"deck": {"Z": 3, "1": 8}}), ("lama", 4, {"deck": {"1": -1}}),
    ("lama", 4, {"deck": {"1": 99, "2": 99, "3": 99}}), ("lama", 6, {"deck": {"1": 8}}),
    ("dice", 3, {"dice": [[1]]}), ("dice", 3, {"dice": [["1"] * 6, ["2"] * 5, ["L"] * 6]}),
    ("dice", 3, {"dice": [["1"] * 6, ["2"] * 6, ["Q"] * 6]}), ("chess", 2, {}),
]


@pytest.mark.parametrize("game, players, options", BAD)
def test_every_refusal_of_options_is_translated(game, players, options):
    with pytest.raises(InvalidOption) as e:
        new_game(game, players, options)
    assert e.value.key in SAID and refusal_text(e.value, lang="en") == str(e.value)
    for lang in LANGUAGES[1:]:
        assert refusal_text(e.value, lang=lang) != str(e.value), (lang, e.value.reason)
    assert "⟦" in refusal_text(e.value, lang="xx")  # through the catalogs


@pytest.mark.parametrize("name", ["foo", "my mod:x", "no_such_module_here:bot", "lama.bots:BOTS"])
def test_every_refusal_of_a_bot_is_translated(name):
    with pytest.raises(UnknownBot) as e:
        load_bot(name)
    assert e.value.key in SAID
    for lang in LANGUAGES[1:]:
        assert refusal_text(e.value, lang=lang) != str(e.value), (lang, e.value.reason)
