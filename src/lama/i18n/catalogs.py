"""Keeping the message catalogs (lama/locale) in step with the code, with Babel: extract the
messages, update every language's `.po`, compile the `.mo` files the package ships, and check
that every message is translated with the same placeholders. `tools/i18n.py` runs these; the
tests call `problems()`. Needs Babel (the test extra); playing never imports this module.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_javascript
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LANGUAGES

PACKAGE = Path(__file__).resolve().parents[1]  # src/lama
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# Python everywhere in the package; the page's scripts (t("...")) and its HTML's words
METHODS = [("**.py", "python"), ("web/static/**.js", "lama.i18n.catalogs:extract_script"),
           ("web/static/**.html", "lama.i18n.catalogs:extract_html")]
# t: the page's (t(message, params) or t(singular, params, plural): extract_script passes the
# plural as a pair)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "N_plural": (1, 2), "t": {1: (1,), 2: (1, 2)}}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def extract_script(fileobj, keywords, comment_tags, options):
    """The page's scripts, by Babel's JavaScript extractor: `t("...", {params})` is a message and
    `t(singular, {n}, plural)` a plural one, however many commas the params object holds (the
    extractor counts them as arguments). A params object holds no string literal."""
    for lineno, funcname, messages, comments in extract_javascript(fileobj, keywords, comment_tags, options):
        if isinstance(messages, (list, tuple)):
            plural = len(messages) >= 3 and isinstance(messages[-1], str)
            messages = (messages[0], messages[-1]) if plural else messages[0]
        yield lineno, funcname, messages, comments


ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")  # as static/i18n.js's translatePage
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Words(HTMLParser):
    """The words a person reads in a page's HTML: its text and those attributes, spaces
    squeezed, outside scripts, styles and translate="no" (static/i18n.js translates the same)."""

    def __init__(self):
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self.skipping: list[bool] = []

    def _add(self, text):
        text = " ".join(text.split())
        if any(c.isalpha() for c in text) and not any(self.skipping):
            self.found.append((self.getpos()[0], text))

    def handle_starttag(self, tag, attrs):
        skip = tag in ("script", "style") or dict(attrs).get("translate") == "no"
        for name, value in attrs:
            if name in ATTRIBUTES and value and not skip:
                self._add(value)
        if tag not in VOID:
            self.skipping.append(skip)

    def handle_endtag(self, tag):
        if tag not in VOID and self.skipping:
            self.skipping.pop()

    def handle_data(self, data):
        self._add(data)


def extract_html(fileobj, keywords, comment_tags, options):
    words = _Words()
    words.feed(fileobj.read().decode("utf-8"))
    for lineno, text in words.found:
        yield lineno, None, text, []


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract() -> Catalog:
    """Every message of the package's code, as a template catalog."""
    template = Catalog(project="lama", domain=DOMAIN, fuzzy=False)

    def skip(path: str) -> bool:  # the catalogs' own folder holds no code
        return "locale" not in Path(path).parts

    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), METHODS, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True,
            directory_filter=skip):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    catalog.fuzzy = False  # the header is ours, not a guess to review
    catalog.project, catalog.copyright_holder = DOMAIN, "the lama project"
    catalog.msgid_bugs_address = ""
    where = f" in {catalog.locale.english_name}" if catalog.locale else ""
    catalog.header_comment = (f"# The messages of lama{where}: docs/i18n.md says how to edit and check them.\n"
                              "# This file is distributed under the same license as the lama project.")
    if catalog.locale is not None:
        catalog.last_translator = catalog.language_team = "the lama project"
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True, sort_output=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update(languages=LANGUAGES) -> None:
    """Extract, write the template, bring every `.po` up to date (new messages empty, gone ones
    dropped) and compile it."""
    template = extract()
    write(template, TEMPLATE)
    for lang in languages:
        if lang == "en":
            continue
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN, project="lama")
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        write(catalog, path)
        mo_path(lang).write_bytes(compiled(read(path, lang)))


def compile_all(languages=LANGUAGES) -> None:
    for lang in languages:
        if lang != "en":
            mo_path(lang).write_bytes(compiled(read(po_path(lang), lang)))


def _plain(forms: str | None) -> str:
    return (forms or "").replace(" ", "").rstrip(";")


def placeholders(text: str) -> set[str]:
    return {m.group(0) for m in PLACEHOLDER.finditer(text or "")}


def problems(languages=LANGUAGES) -> list[str]:
    """What is wrong with the catalogs, one line each; empty when all is well: a message of the
    code missing from a catalog or untranslated, a translation whose placeholders differ from
    the English, a plural without all of its language's forms, a `.mo` older than its `.po`."""
    from babel.messages.plurals import get_plural  # gettext plural rules from CLDR

    out = []
    wanted = {m.id for m in extract() if m.id}
    for lang in languages:
        if lang == "en":
            continue
        path = po_path(lang)
        if not path.exists():
            out.append(f"{lang}: no catalog {path.relative_to(PACKAGE.parent)}")
            continue
        catalog = read(path, lang)
        expected = str(get_plural(lang))
        if _plain(catalog.plural_forms) != _plain(expected):
            out.append(f"{lang}: Plural-Forms is {catalog.plural_forms!r}, CLDR says {expected!r}")
        have = {m.id: m for m in catalog if m.id}
        for msgid in sorted(wanted, key=str):
            message = have.get(msgid)
            key = msgid if isinstance(msgid, str) else msgid[0]
            if message is None:
                out.append(f"{lang}: missing {key!r} (run tools/i18n.py extract)")
                continue
            strings = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
            if message.fuzzy or not all(strings):
                out.append(f"{lang}: untranslated {key!r}")
                continue
            if isinstance(msgid, tuple) and len(strings) != catalog.num_plurals:
                out.append(f"{lang}: {key!r} has {len(strings)} plural forms, {lang} has {catalog.num_plurals}")
            if isinstance(msgid, str):
                allowed = need = placeholders(msgid)
            else:  # a singular may say "a card" where the plural says "{n} cards"
                allowed, need = placeholders(msgid[0]) | placeholders(msgid[1]), placeholders(msgid[1]) - {"{n}"}
            for text in strings:
                if not need <= placeholders(text) <= allowed:
                    out.append(f"{lang}: placeholders of {key!r} differ in {text!r}")
        for msgid in sorted(set(have) - wanted, key=str):
            out.append(f"{lang}: {msgid!r} is no longer in the code (run tools/i18n.py extract)")
        mo = mo_path(lang)
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            out.append(f"{lang}: {mo.name} is not compiled from the current {path.name} (run tools/i18n.py compile)")
    return out
