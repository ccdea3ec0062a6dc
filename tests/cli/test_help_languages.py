"""The players' commands explain themselves in the reader's language: `lama play --help --lang
de` is German, argparse's own words included, and in the pseudo language `xx` no plain English
word is left in the help of play, rules, replay, hint, serve and `lama --help` (what stays is
what is typed: options, metavars, game, bot and language names)."""

from __future__ import annotations

import re

import pytest

from lama import i18n
from lama.bots import BOTS
from lama.cli import COMMANDS, build_parser, language_of, main
from lama.cli.argparse_words import WORDS
from lama.games import GAMES
from lama.i18n import LANGUAGES

PLAYERS = ("play", "rules", "replay", "hint", "serve")
# what a help may show as typed, whatever the language (the values of its placeholders)
TYPED = {"lama", *GAMES, *BOTS, *LANGUAGES, *(c for c, _, _ in COMMANDS), "hard", "neural"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def help_of(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def english_words(text: str) -> list[str]:
    """The plain words of `text` that are not typed as they are: options (--seat), metavars
    (FILE, SEATS), addresses and file names (sqlite:///FILE), and the names in TYPED."""
    words = []
    for token in re.findall(r"[^\s,;()\[\]{}`'\"]+", text):
        token = token.rstrip(".:!?")
        if re.search(r"[-:/._=0-9]", token) or token.isupper() or not re.fullmatch(r"[A-Za-z]+", token):
            continue
        if token not in TYPED:
            words.append(token)
    return words


def test_lama_play_help_in_german(capsys):
    text = help_of(capsys, "play", "--lang", "de")
    assert text.startswith("Aufruf: lama play")
    assert "Optionen:" in text and "zeigt diese Hilfe und beendet" in text
    assert "Spiel im Terminal." in text and "dein Platz, nummeriert von 1" in text
    assert "show this help" not in text and "options:" not in text and "your seat" not in text


def test_the_locale_chooses_the_language_of_lama_help(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert text.startswith("użycie: lama") and "zagraj" not in text and "opcje:" in text
    assert "wypisuje zasady gry prostymi słowami" in text


@pytest.mark.parametrize("command", PLAYERS)
def test_no_english_word_in_the_players_commands_help_in_xx(capsys, command, pseudo_language):
    text = help_of(capsys, command, "--lang", "xx")
    assert len(text) > 300 and "⟦" in text
    assert not english_words(text), english_words(text)


def test_no_english_word_in_lama_help_in_xx():
    i18n.use("xx")  # the locale never names xx: set as --lang would
    text = build_parser().format_help()
    assert not english_words(text), english_words(text)


def test_the_check_finds_english_words():
    i18n.use("en")
    assert {"usage", "show", "help"} <= set(english_words(build_parser().format_help()))


def test_argparse_errors_in_the_readers_language(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["rules", "chess", "--lang", "es"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "lama rules: error: argumento GAME: opción no válida: 'chess' (elige entre 'lama'" in err
    with pytest.raises(SystemExit):
        main(["play", "--players", "x", "--lang=de"])
    assert "lama play: Fehler: Argument --players: ungültiger int-Wert: 'x'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--lang", "fr"])  # not a language of lama's: said in the locale's, named with the ones there are
    assert "unknown language 'fr'; choose one of en (English)" in capsys.readouterr().err


def test_the_language_is_read_before_parsing():
    env = {"LANG": "de_DE.UTF-8"}
    assert language_of(["play", "--lang", "pl"]) == "pl" and language_of(["play", "--lang=ko"]) == "ko"
    assert language_of(["play", "--", "--lang", "pl"]) in ("en", i18n.from_environment())
    assert language_of(["play", "--lang"]) == i18n.from_environment()
    assert i18n.from_environment(env) == "de"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_argparse_words_keep_their_placeholders(lang):
    t = i18n.translations(lang)
    for message in WORDS:
        assert message in t._catalog, (lang, message)  # (some read the same: "argument" in Dutch)
        said = t.gettext(message)
        assert sorted(re.findall(r"%\(\w+\)[rs]|%[rs]", said)) == sorted(re.findall(r"%\(\w+\)[rs]|%[rs]", message))
        assert said.endswith("\n") == message.endswith("\n") and said.endswith(" ") == message.endswith(" ")


@pytest.mark.parametrize("argv, sent", [
    (["--seat", "9"], ()), (["--seat", "x"], ("x",)), (["--humans", "1,1"], ()), (["--humans", "1,7"], ()),
    (["--players", "3", "--names", "Ann,Bob"], ()), (["--game", "chess"], ("chess",)), (["--name", "12"], ()),
    (["--seat", "1", "--humans", "1,2"], ()), (["--name", "Ann", "--names", "A,B,C,D"], ()),
    (["--humans", "1,2,3,4", "--bots", "easy"], ()), (["--players", "3", "--names", "Ann,Bob,ann"], ("Ann", "ann")),
    (["--bots", "easy,hard"], ()), (["--record", "no-such-folder/x.json"], ()),
])
def test_lama_plays_usage_errors_come_from_the_catalogs(capsys, argv, sent, pseudo_language):
    assert main(["play", "--lang", "xx", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lama play: ") and "⟦" in err
    for value in sent:
        err = err.replace(value, "")
    assert not english_words(err), err


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_help_fits_80_columns_in_every_language(capsys, monkeypatch, lang):
    """Wrapped by the columns a line takes (a Korean character takes two), every line of the
    players' commands' help fits an 80-column terminal."""
    from lama.tui.width import columns

    monkeypatch.setenv("COLUMNS", "80")
    text = "".join(help_of(capsys, command, "--lang", lang) for command in PLAYERS)
    wide = [line for line in text.splitlines() if columns(line) > 80]
    assert not wide, wide
    assert columns("라마") == 4 and columns("Lama") == 4


@pytest.mark.parametrize("argv", [["play", "--lang", "xx"], ["replay", "x.json", "--lang=xx"],
                                  ["hint", "x.json", "--lang", "XX"], ["rules", "lama", "--lang", "xx"]])
def test_the_pseudo_language_is_refused_with_the_real_ones(capsys, argv):
    """xx is the tests' language (lama.i18n.PSEUDO_SWITCH): a person asking for it is told the languages there are."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "unknown language 'xx'" in err.lower() and "de (Deutsch)" in err and "ko (한국어)" in err and "⟦" not in err


def test_the_pseudo_language_in_the_locale_variables_is_english(capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "xx")
    monkeypatch.setenv("LANG", "xx_XX.UTF-8")
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "usage: lama play" in capsys.readouterr().out
