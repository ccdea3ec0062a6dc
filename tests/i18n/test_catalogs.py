"""The message catalogs (src/lama/locale): complete, same placeholders, plurals by CLDR,
compiled; choosing the language; the pseudo language."""

from __future__ import annotations

import gettext
import re

import pytest

from lama import i18n

babel = pytest.importorskip("babel")
from babel import Locale  # noqa: E402

from lama.i18n import catalogs as i18n_catalogs  # noqa: E402

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]


def test_every_message_of_the_code_is_in_every_catalog_with_the_same_placeholders_and_compiled():
    assert i18n_catalogs.problems() == []


def test_the_check_finds_a_missing_placeholder_and_an_untranslated_message(tmp_path, monkeypatch):
    """The check can fail: a catalog that drops `{name}` or leaves a message empty is reported."""
    catalog = i18n_catalogs.read(i18n_catalogs.po_path("de"), "de")
    catalog["{name} played {card}."].string = "{name} hat gespielt."
    catalog["Thinking..."].string = ""
    broken = tmp_path / "de" / "LC_MESSAGES" / "lama.po"
    i18n_catalogs.write(catalog, broken)
    monkeypatch.setattr(i18n_catalogs, "po_path", lambda lang: tmp_path / lang / "LC_MESSAGES" / "lama.po")
    found = i18n_catalogs.problems(("de",))
    assert any("placeholders of '{name} played {card}.'" in line for line in found)
    assert any("untranslated 'Thinking...'" in line for line in found)
    assert any("lama.mo is not compiled" in line for line in found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_follow_cldr_for_every_whole_number(lang):
    """The catalog's gettext plural rule picks, for every count, the form of the CLDR category
    the page's Intl.PluralRules gives (Polish: one, few, many; Korean: a single form)."""
    catalog = i18n_catalogs.read(i18n_catalogs.po_path(lang), lang)
    rule = gettext.c2py(catalog.plural_expr)
    categories = i18n.PLURAL_CATEGORIES[lang]
    assert len(categories) == catalog.num_plurals
    cldr = Locale.parse(lang).plural_form
    for n in range(0, 2000):
        assert categories[rule(n)] == cldr(n), (lang, n)
    assert {"pl": 3, "ko": 1}.get(lang, catalog.num_plurals) == catalog.num_plurals


def test_polish_counts_take_their_three_forms():
    t = i18n.translations("pl")
    forms = [t.ngettext("draw pile: {n} card", "draw pile: {n} cards", n).format(n=n) for n in (1, 3, 5, 22, 25)]
    assert forms == ["stos do dobierania: 1 karta", "stos do dobierania: 3 karty", "stos do dobierania: 5 kart",
                     "stos do dobierania: 22 karty", "stos do dobierania: 25 kart"]
    assert i18n.translations("ko").ngettext("draw pile: {n} card", "draw pile: {n} cards", 1) == "뽑을 더미: {n}장"


def test_the_editions_names_for_the_polish_game_and_its_mosquito():
    assert i18n.translations("pl").gettext("mosquito") == "komar"
    assert i18n.translations("nl").gettext("mosquito") == "mug"
    assert i18n.translations("de").gettext("L.L.A.M.A.") == "L.A.M.A."  # the German original's title
    assert i18n.translations("ko").gettext("L.A.M.A. Dice") == "라마 다이스"  # as the Korean description says
    for lang in TRANSLATED:
        assert i18n.translations(lang).gettext("Lato z Komarami") == "Lato z Komarami"


@pytest.mark.parametrize(("tag", "code"), [("de", "de"), ("de-AT", "de"), ("pl_PL.UTF-8", "pl"), ("NL", "nl"),
                                           ("ko-KR", "ko"), ("es_ES@euro", "es"), ("fr", None), ("", None),
                                           (None, None), ("C", None)])
def test_language_tags_as_people_and_systems_write_them(tag, code):
    assert i18n.parse(tag) == code


def test_an_unknown_language_is_refused_naming_the_ones_there_are():
    with pytest.raises(i18n.UnknownLanguage) as e:
        i18n.choose("fr")
    assert "unknown language 'fr'" in str(e.value)
    for code, name in i18n.NAMES.items():
        assert f"{code} ({name})" in str(e.value)


def test_the_terminal_follows_the_locale_variables_and_falls_back_to_english():
    assert i18n.choose(None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.choose(None, {"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pl_PL.UTF-8"}) == "pl"
    assert i18n.choose(None, {"LANG": "de_DE.UTF-8", "LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "pl_PL"}) == "ko"
    assert i18n.choose(None, {"LANGUAGE": "fr:nl", "LANG": "de_DE.UTF-8"}) == "nl"
    assert i18n.choose(None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.choose(None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose(None, {}) == "en"
    assert i18n.choose("es", {"LANG": "de_DE.UTF-8"}) == "es"  # --lang wins


@pytest.mark.parametrize(("header", "code"), [("pl, en;q=0.8", "pl"), ("fr-FR, de;q=0.7, nl;q=0.9", "nl"),
                                              ("ko-KR,ko;q=0.9,en-US;q=0.8", "ko"), ("fr", "en"), ("", "en"),
                                              (None, "en"), ("de;q=0, es;q=0.1", "es"),
                                              ("de;q=abc", "de")])  # a weight that is no number: as if none
def test_accept_language(header, code):
    assert i18n.from_accept_language(header) == code


def test_pseudo_language_is_longer_accented_and_keeps_placeholders():
    for message in ("Top card: ", "{name} played {card}.", "Round {round} is over: {ended}", "a"):
        text = i18n.pseudo(message)
        assert len(text) >= 1.4 * len(message)
        assert not re.search(r"[A-Za-z]", re.sub(r"\{\w*\}", "", text)), text
        assert re.findall(r"\{\w*\}", text) == re.findall(r"\{\w*\}", message)
    assert i18n.pseudo("") == ""


def test_the_page_catalog_has_every_message_and_plurals_by_category():
    for lang in TRANSLATED:
        data = i18n.catalog(lang)
        assert data["lang"] == lang and data["plural"] == list(i18n.PLURAL_CATEGORIES[lang])
        plural = data["messages"]["draw pile: {n} card"]
        assert set(plural) == set(i18n.PLURAL_CATEGORIES[lang])
        assert data["messages"]["Thinking..."]
    assert i18n.catalog("pl")["messages"]["draw pile: {n} card"]["few"] == "stos do dobierania: {n} karty"
    assert i18n.catalog("en")["messages"] == {}  # English: the messages are their own text


def test_a_language_is_per_thread_of_work():
    """A server answers many people: a language set in one context does not change another's."""
    import contextvars

    def in_polish():
        i18n.use("pl")
        return i18n._("Thinking...")

    assert contextvars.copy_context().run(in_polish) == "Myślę..."
    assert i18n._("Thinking...") == "Thinking..."
