"""The rules in every language for every game: `lama rules GAME --lang X`, the page's player
rules without the terminal's words, and the same numbers as the English (a changed count or
threshold would be a changed rule)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from lama.cli import main
from lama.games import GAMES
from lama.i18n import LANGUAGES
from lama.i18n.rules import rules_in, rules_path, translated

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
TERMINAL_WORDS = re.compile(r"--|lama play|lama rules|`|\bJSON\b|\bFILE\b")
WORDS = {"nl": ("kaart", "ronde", "punten"), "de": ("Karte", "Runde", "Punkte"), "es": ("carta", "ronda", "puntos"),
         "ko": ("카드", "라운드", "점"), "pl": ("kart", "rund", "punkt")}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_lama_rules_in_every_language(game, lang, capsys, monkeypatch):
    from lama.tui.rules import wrap_rules

    monkeypatch.setenv("COLUMNS", "80")
    assert main(["rules", game, "--lang", lang]) == 0
    out = capsys.readouterr().out
    text = rules_in(game, lang).rstrip("\n") + "\n\n" + rules_in(game, lang, True)
    assert out.startswith("# ") and out == wrap_rules(text, 80)  # wrapped to the terminal
    if lang != "en":
        assert translated(game, lang), f"no {rules_path(game, lang)}"
        assert translated(game, lang, terminal=True), f"no {rules_path(game, lang, terminal=True)}"
        assert out.split("\n\n")[1] != rules_in(game, "en").split("\n\n")[1]
        assert all(word in " ".join(out.split()) for word in WORDS[lang]), (lang, game)


def numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+(?:/\d+)?", text))


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_keeps_the_numbers_of_the_rules_and_the_pages_words(game, lang):
    english, text = rules_in(game, "en"), rules_in(game, lang)
    assert set(numbers(text)) == set(numbers(english)), (set(numbers(text)) ^ set(numbers(english)))
    assert not TERMINAL_WORDS.search(text), TERMINAL_WORDS.search(text)
    assert not re.search(r"(?<![.\w])L(?![.\w])", text), "the page names the llama card, it does not write its code"
    assert [line.count("#") for line in text.splitlines() if line.startswith("#")] == \
        [line.count("#") for line in english.splitlines() if line.startswith("#")]  # the same sections


def test_lama_rules_refuses_an_unknown_language(capsys):
    with pytest.raises(SystemExit) as e:
        main(["rules", "lama", "--lang", "fr"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "unknown language 'fr'" in err and "pl (Polski)" in err and "Traceback" not in err


def test_the_locale_variables_choose_the_rules_language(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert main(["rules", "komarami"]) == 0
    assert "komar" in capsys.readouterr().out
