"""Issue 41, item 3: the terminal's text by the columns it takes (lama.tui.width: a Korean
syllable takes two), never a line wider than the terminal at 80 or 40 columns in any of the six
languages: `lama rules`, the `?` pager, the help, a played game and its end or Ctrl-C lines; the
hint and round-end tables' compact layout at 40 columns keeps the move and the points."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from lama import i18n
from lama.bots.hints import ActionHint, Hints
from lama.cli import main
from lama.core import DRAW, QUIT, RoundScored
from lama.core.actions import play
from lama.games import GAMES
from lama.i18n.numbers import number, percent
from lama.record.ledger import RoundLedger
from lama.tui.hints import print_hints
from lama.tui.render import move_text, round_recap
from lama.tui.rules import rules_text, wrap_rules
from lama.tui.session import more_keys
from lama.tui.width import columns, fill, fit, pad, wrap

LANGS = ("en", "de", "es", "ko", "nl", "pl")
WIDTHS = (80, 40)
NAMES = {"en": "Annemarie Schwarzenberg,Bob,Cem", "de": "Jürgen Größenwahn,Bärbel,Cem",
         "es": "Begoña Muñoz,Íñigo,Cem", "ko": "김민준서연하늘,이서연,박지호",
         "nl": "IJsbrand van Oosterhout,Bob,Cem", "pl": "Małgorzata Wiśniewska,Bob,Cem"}


def too_wide(text: str, width: int) -> list[str]:
    return [line for line in text.splitlines() if columns(line) > width]


def test_columns_count_a_wide_character_twice_and_a_combining_mark_never():
    assert columns("Lama") == 4 and columns("Größe") == 5 and columns("라마") == 4
    assert columns("e\u0301") == 1 and columns("") == 0
    assert fit("김민준서연하늘", 9) == "김민준서…" and columns(fit("김민준서연하늘", 9)) <= 9
    assert fit("Bob", 9) == "Bob" and pad("라마", 6) == "라마  " and pad("7", 3, right=True) == "  7"


def test_wrap_keeps_breaks_and_indents_and_breaks_a_word_wider_than_the_line():
    text = "- 맨 위 카드와 같거나 한 단계 높은 카드를 냅니다\n\n  Donaudampfschifffahrtsgesellschaft and more"
    lines = wrap(text, 16)
    assert all(columns(line) <= 16 for line in lines), lines
    assert lines[0].startswith("- ") and lines[1].startswith("  ") and "" in lines
    assert "".join(line.strip() for line in lines if "Donau" in line or line.strip().islower()).startswith(
        "Donaudampf")
    assert " ".join(fill(text, 16).split()).replace(" ", "") != ""
    long_path = "a/" * 30 + "game.record.json"
    assert wrap(f"Saved in {long_path}.", 20, keep_words=True) == ["Saved in", f"{long_path}."]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_lama_rules_and_the_pager_fit_in_every_language(capsys, monkeypatch, lang, width):
    monkeypatch.setenv("COLUMNS", str(width))
    for game in GAMES:
        assert main(["rules", game, "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert not too_wide(out, width), (game, too_wide(out, width))
        assert out.split() == rules_text(game, lang).split()  # every word kept, none broken
        i18n.use(lang)
        pager = wrap_rules(rules_text(game, lang) + "\n" + more_keys(game), width)
        assert not too_wide(pager, width), (game, too_wide(pager, width))


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_help_fits_in_every_language(capsys, monkeypatch, lang, width):
    monkeypatch.setenv("COLUMNS", str(width))
    for command in ("play", "rules", "replay", "hint", "join", "serve"):
        with pytest.raises(SystemExit) as exit_:
            main([command, "--help", "--lang", lang])
        assert exit_.value.code == 0
        out = capsys.readouterr().out
        assert not too_wide(out, width), (command, too_wide(out, width))


PROMPT = re.compile(r"\?\): ?\S*$")  # the move prompt and what was typed: the line editor's line


def played(terminal, monkeypatch, lang, width, script, record="g.json") -> tuple[int, str]:
    """A game at a terminal `width` columns wide, its output but the lines typed at the prompt."""
    monkeypatch.setenv("COLUMNS", str(width))
    t = terminal(script, record=record)
    rc = main(["play", "--lang", lang, "--players", "3", "--seed", "4", "--names", NAMES[lang],
               "--bots", "random", "--record", record, "--target", "20"])
    return rc, "\n".join(line for line in t.finish().splitlines() if not PROMPT.search(line))


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_fits_in_every_language(terminal, monkeypatch, lang, width):
    """Every screen, message, recap and the end-of-game lines, `?` and `s` asked once."""
    asked = []

    def script(t):
        if len(asked) < 2 and "(" in t.last_line():
            asked.append(1)
            return "?" if len(asked) == 1 else "s"
        return None

    rc, out = played(terminal, monkeypatch, lang, width, script)
    assert rc == 0 and asked
    assert not too_wide(out, width), too_wide(out, width)
    assert "g.json" in out and "--seed 4" in " ".join(out.split())


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_ctrl_c_and_leaving_fit_in_every_language(terminal, monkeypatch, lang, width):
    def interrupt(t):
        raise KeyboardInterrupt

    rc, out = played(terminal, monkeypatch, lang, width, interrupt)
    assert rc == 130 and not too_wide(out, width), too_wide(out, width)
    assert "g.json" in out and "--seed 4" in " ".join(out.split())
    rc, out = played(terminal, monkeypatch, lang, width, lambda t: EOFError, record="left.json")
    assert rc == 0 and not too_wide(out, width), too_wide(out, width)
    assert "left.json" in out


def at(width: int, draw) -> str:
    out = io.StringIO()
    draw(Console(file=out, width=width, color_system=None))
    text = out.getvalue()
    assert not too_wide(text, width), too_wide(text, width)
    return text


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_table_keeps_the_move_and_its_points(lang, width):
    i18n.use(lang)
    names = NAMES[lang].split(",")
    rows = (ActionHint(play("6", 2), 0.31, 0.002, 7.1, 1250), ActionHint(DRAW, 0.29, 0.002, -0.5, 1250),
            ActionHint(QUIT, 0.27, 0.001, 11.0, 500))
    text = at(width, lambda console: print_hints(
        Hints(0, rows, play("6", 2), "rollout, 3000 playouts, sequential halving"), console, names))
    text = re.sub("[│┃]", " ", text)
    flat = " ".join(text.split())
    for action, chance, points in ((DRAW, percent(0.29), number(-0.5, 1)), (QUIT, percent(0.27), number(11.0, 1))):
        # the move in the reader's words (wrapped in its column if need be), its chance and its points
        # on one row, written by the reader's numbers (`29,0 %`, `-0,5` in German)
        first = move_text(action, "lama", names).split()[0]
        assert re.search(rf"{re.escape(first)}\b.*{re.escape(chance)}\s+(\S+\s+){{0,3}}{re.escape(points)}", text), (
            action, text)
    assert percent(0.31) in text and number(7.1, 1) in text and move_text(play("6"), "lama") in flat


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_round_end_table_keeps_the_points(lang, width):
    i18n.use(lang)
    names = (NAMES[lang] + ",Christopher Lee,Dee,Frank Zappa Junior").split(",")
    big = ("1",) * 7 + ("2",) * 5 + ("3",) * 6 + ("L",) * 2
    hands = (big, ("2",), (), ("L",), ("1", "2", "3", "4", "5", "6"), ("6",))
    r = RoundScored(0, "empty_hand", 2, (31, 7, 0, 10, 21, 6), (0, 0, 10, 0, 0, 0), (34, 10, 3, 13, 24, 9), hands)
    entry = RoundLedger(0, "empty_hand", 2, (3,) * 6, (21, 7, 0, 10, 21, 6), (10, 0, 0, 0, 0, 0),
                        (0, 0, 10, 0, 0, 0), (0, 0, 10, 0, 0, 0), r.scores)
    text = at(width, lambda console: console.print(round_recap(r, entry, names, "kadabra", {1, 2}, 0, width)))
    for s, (before, after) in enumerate(zip(entry.before, entry.after)):
        assert re.search(rf"\+{entry.penalty[s]}\s.*\b{before} → {after}", text), (s, text)
    assert all(cards in text.split() for cards in ("1×7", "2×5", "3×6", "L×2"))  # may wrap, between cards
