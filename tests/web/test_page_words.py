"""The page's words reach the catalogs: its scripts' t() calls (a plural too, whatever its params
hold), its HTML's text and attributes (not what is marked translate="no"), and every word a
game describes itself with in GET /api/games (its name and tagline marked where lama.games
declares them, its other words in lama.web.vocabulary), which the page shows by its English text."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("babel")

from lama.games import descriptions  # noqa: E402
from lama.i18n import catalogs, translations  # noqa: E402
from lama.web.vocabulary import WORDS  # noqa: E402


def test_every_word_a_game_serves_is_in_the_catalogs():
    served = set()
    for game in descriptions():
        served |= {game["name"], game["tagline"], game["hand"], game["llama"]}
        served |= {card["name"] for card in game["cards"] if any(c.isalpha() for c in card["name"])}
    extracted = {m.id for m in catalogs.extract() if isinstance(m.id, str)}
    assert {game["name"] for game in descriptions()} <= extracted - set(WORDS)  # marked where declared
    assert served - extracted == set(), "mark these with N_ where the game declares them, or in lama.web.vocabulary"
    korean = translations("ko").gettext  # (tools/i18n.py check: every catalog translates them all)
    assert [korean(w) for w in ("L.A.M.A. Dice", "double 2/3", "mosquito")] == ["라마 다이스", "더블 2/3", "모기"]


def test_every_word_a_game_declares_of_its_parts_is_in_the_catalogs():
    """The page says a game's own parts by its declarations (lama.core.display, served by GET
    /api/games): each control's label, question and sentences, each mark's, zone's and note's
    words, and a stack of each colour of chip ("{n} black", lama.web.vocabulary)."""
    def templates(entry):
        for c in (entry or {"cases": []})["cases"]:
            for key in ("you", "other"):
                if c.get(key):
                    yield (c[key], c[f"{key}_plural"]) if c.get(f"{key}_plural") else c[key]

    declared = set()
    for game in descriptions():
        declared |= {f"{{n}} {chip['colour']}" for chip in game["chips"]}
        for move in game["moves"]:
            declared |= {w for w in (move["label"], move["ask"]) if w}
            declared |= {*templates(move["said"]), *templates(move["done"])}
        declared |= {mark["label"] for mark in game["marks"]}
        declared |= {n for note in game["notes"] for n in templates(note["said"])}
        for zone in game["zones"]:
            declared |= {zone["title"]} | {t for part in ("said", "under", "aside") for t in templates(zone[part])}
    extracted = {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalogs.extract() if m.id}
    assert declared - extracted == set()


def test_the_scripts_messages_and_plurals_are_extracted():
    source = b'''t("Take {card}", { card: x, n: 1 });
t("{n} card", { n, m: 2 }, "{n} cards");
h("p", {}, "not a message");
'''
    found = [m for _, _, m, _ in catalogs.extract_script(io.BytesIO(source), ["t"], [], {})]
    assert found == ["Take {card}", ("{n} card", "{n} cards")]


def test_the_pages_html_words_are_extracted_but_not_names():
    page = b'''<html><head><title>lama \xc2\xb7 table</title><style>p { color: red }</style></head>
<body><a aria-label="Back to the lobby"><span translate="no">lama</span><img alt="" src="x.svg"></a>
<p>Keys:   <kbd>D</kbd> draw</p><input placeholder="e.g. Grandma"><button>\xe2\x96\xb6</button></body></html>'''
    found = [text for _, _, text, _ in catalogs.extract_html(io.BytesIO(page), [], [], {})]
    assert found == ["lama \u00b7 table", "Back to the lobby", "Keys:", "D", "draw", "e.g. Grandma"]


def test_the_pages_words_are_in_the_template():
    template = {m.id for m in catalogs.extract() if m.id}
    assert {"Start a table", "Language", ("{n} point", "{n} points"), "Quit the round"} <= template
    assert "lama" not in template  # the brand, translate="no"


def test_every_message_the_scripts_name_is_extracted():
    """A t("...") the extractor cannot see (inside a template literal's ${}, say) would stay
    English in every language: each literal the scripts pass to t() is in the template."""
    import re
    from pathlib import Path

    template = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogs.extract() if m.id}
    static = Path(catalogs.PACKAGE) / "web" / "static"
    called = {m.group(1) for f in static.glob("*.js") for m in re.finditer(r'\bt\("((?:[^"\\]|\\.)*)"', f.read_text())}
    assert called and called - template == set()
