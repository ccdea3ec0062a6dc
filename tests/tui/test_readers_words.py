"""Every word in the reader's language at the terminal (issue 41, item 4): the legal moves and
the hints by their names, numbers and percentages written the reader's way (lama.i18n.numbers),
`lama hint`'s first line and `lama replay`'s lines and errors, at 80 columns in the six
languages."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console
from tui_views import make_view

from lama import i18n
from lama.cli import main
from lama.core import DRAW, QUIT, ROLL
from lama.i18n.numbers import number, percent
from lama.tui.render import game_name, move_text
from lama.tui.session import odds_text
from lama.tui.width import columns

LANGS = ("en", "de", "es", "ko", "nl", "pl")
NAMES = "Ann,Bob,Cem"
NBSP = "\u00a0"


def too_wide(text: str, width: int = 80) -> list[str]:
    return [line for line in text.splitlines() if columns(line) > width]


@pytest.mark.parametrize("lang, thousands, share, points", [
    ("en", "3,000", "31.7%", "-0.5"),
    ("de", "3.000", f"31,7{NBSP}%", "-0,5"),
    ("es", "3.000", f"31,7{NBSP}%", "-0,5"),
    ("ko", "3,000", "31.7%", "-0.5"),
    ("nl", "3.000", "31,7%", "-0,5"),
    ("pl", f"3{NBSP}000", "31,7%", "-0,5"),
    ("xx", "3,000", "31.7%", "-0.5"),  # the tests' language writes numbers as English does
])
def test_numbers_are_written_the_readers_way(lang, thousands, share, points):
    i18n.use(lang)
    assert (number(3000), percent(0.317), number(-0.5, 1)) == (thousands, share, points)
    assert number(7, sign=True) == "+7" and number(-3, sign=True) == "-3"


@pytest.mark.parametrize("lang", LANGS)
def test_the_dice_odds_in_the_readers_numbers_at_80_columns(lang):
    i18n.use(lang)
    dice = (("1", "2", "3", "4", "L", "L"), ("3", "4", "5", "6", "L", "L"), ("1", "2", "5", "6", "L", "L"))
    view = make_view(game="dice", displays=(("3", "3", "5", "L"), ("1",), ("2", "6")),
                     row=("1", "2", "3", "4", "5", "6", "L"), dice=dice, legal_actions=(ROLL, QUIT))
    text = odds_text(view)
    shares = re.findall(r"\d+[.,]\d%|\d+[.,]\d\u00a0%", text)
    assert len(shares) == 4, text
    decimal = "." if lang in ("en", "ko") else ","
    assert all(decimal in s for s in shares) and all((NBSP in s) == (lang in ("de", "es")) for s in shares), text
    out = io.StringIO()
    from lama.tui.render import tell

    tell(Console(file=out, width=80, color_system=None), text)
    assert not too_wide(out.getvalue()), out.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_a_word_that_is_no_move_gets_the_legal_moves_by_name_at_80_columns(terminal, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "80")
    typed = ["zz"]

    def script(t):
        prompt = t.last_line()
        if typed and prompt.rstrip().endswith(":") and "(" in prompt:
            return typed.pop()
        return "exit" if not typed else ""

    t = terminal(script, record="g.json")
    assert main(["play", "--lang", lang, "--players", "3", "--seed", "4", "--names", NAMES, "--bots", "random",
                 "--record", "g.json"]) == 0
    out = t.finish()
    i18n.use(lang)
    flat = " ".join(out.split())
    assert move_text(DRAW, "lama") in flat and move_text(QUIT, "lama") in flat, flat[-600:]
    assert not re.search(r"\b(play \d|draw, quit)\b", flat), flat[-600:]
    assert not too_wide(out), too_wide(out)


def finished(terminal, name="g.json") -> dict:
    t = terminal(None, record=name)
    assert main(["play", "--players", "3", "--seed", "4", "--names", NAMES, "--bots", "random", "--record",
                 name, "--target", "20"]) == 0
    t.finish()
    with open(name) as f:
        return json.load(f)


HAND = {"en": "Hand", "de": "Hand", "es": "Mano", "ko": "손패", "nl": "Hand", "pl": "Ręka"}


@pytest.mark.parametrize("lang", LANGS)
def test_lama_hints_first_line_and_table_in_the_readers_words_at_80_columns(terminal, capsys, monkeypatch, lang):
    finished(terminal)
    capsys.readouterr()
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["hint", "g.json", "--round", "1", "--move", "1", "--budget", "60", "--lang", lang]) == 0
    out = capsys.readouterr().out
    i18n.use(lang)
    first = out.splitlines()[0]
    assert first.startswith(game_name("lama") + ", ") and " (" in first, first
    english = re.search(r"\b(round|before move|to move|top|draw pile|play \d|draw|quit)\b", out)
    assert (lang == "en") == bool(english), out  # where, who, the position and the moves in the reader's words
    assert percent(0.95, 0) in out  # the table's interval heading, the reader's way
    assert not too_wide(out), too_wide(out)


@pytest.mark.parametrize("lang", LANGS)
def test_lama_replay_in_the_readers_words_and_numbers_at_80_columns(terminal, capsys, monkeypatch, lang):
    record = finished(terminal)
    capsys.readouterr()
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["replay", "g.json", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not too_wide(out), too_wide(out)
    moves = record["rounds"][0]["moves"]
    move = next(i for i, m in enumerate(moves) if "play" in m)
    moves[move]["play"] = next(c for c in "123456L" if c not in record["rounds"][0]["hands"][moves[move]["seat"]])
    with open("broken.json", "w") as f:
        json.dump(record, f)
    assert main(["replay", "broken.json", "--lang", lang]) == 1
    err = capsys.readouterr().err
    i18n.use(lang)
    from lama.i18n.reasons import AT_MOVE

    where = i18n._(AT_MOVE).format(round=1, move=move + 1, reason="")
    assert err.startswith(f"lama replay: broken.json: {where}"), err
    assert (lang == "en") == ("do not hold" in err), err  # the rules' refusal in the reader's words
    assert "(L" not in err  # and never a rule id


@pytest.mark.parametrize("lang", LANGS)
def test_a_record_that_is_not_json_is_refused_in_the_readers_words(tmp_path, capsys, lang):
    path = tmp_path / "bad.json"
    path.write_text('{"format": ')
    assert main(["replay", str(path), "--lang", lang]) == 1
    err = capsys.readouterr().err
    i18n.use(lang)
    assert i18n._("not JSON: it breaks at line {line} column {column}").format(line=1, column=12) in err, err
    assert "Expecting" not in err


@pytest.mark.parametrize("lang, game, expected", [
    ("en", "komarami", "Play a mosquito"),  # the template's own article, never "Play a a mosquito"
    ("de", "komarami", "Mücke spielen"),
    ("en", "kadabra", "Play a 1 and give a chip to Cem"),
    ("pl", "lama", "Zagraj L"),
])
def test_a_move_is_said_as_the_page_says_it(lang, game, expected):
    from lama.core import play

    i18n.use(lang)
    action = play("1", 2) if game == "kadabra" else play("L")
    assert move_text(action, game, NAMES.split(",")) == expected
