"""The language a person reads lama in: choosing it, and the message catalogs.

The catalogs are gettext's: `.po` sources in lama/locale/<lang>/LC_MESSAGES/lama.po, compiled
`.mo` files shipped beside them (tools/i18n.py extracts, checks and compiles them with Babel; at
run time only the standard library reads them). English is the source text itself. `xx` is a
pseudo language for tests: every message 40% longer, with accents, placeholders untouched.
Keeping the catalogs (Babel) is lama.i18n.catalogs, which playing never imports.

The terminal sets one language for the whole run (`use`); a server answering many people asks
`translations(lang)` for each. The language is a context variable, so threads and tasks that set
their own do not disturb each other.
"""

from __future__ import annotations

import gettext
import os
import re
from contextvars import ContextVar
from functools import cache
from importlib.resources import files

from lama.core.words import N_  # (marks a message for the catalogs; translated where shown)

DOMAIN = "lama"
LANGUAGES = ("en", "nl", "es", "ko", "de", "pl")
PSEUDO = "xx"  # pseudo-localisation for tests: never offered to players
# test-only: `--lang xx` is taken only where this is "1" (the tests that scan a command's output
# for text that bypassed the catalogs); to everyone else xx is an unknown language
PSEUDO_SWITCH = "LAMA_TEST_PSEUDO_LANGUAGE"
NAMES = {"en": "English", "nl": "Nederlands", "es": "Español", "ko": "한국어", "de": "Deutsch", "pl": "Polski"}
# CLDR's plural categories in the order of each catalog's Plural-Forms (the page's Intl.PluralRules
# gives a category; the catalog's forms are indexed): Polish has three forms, Korean one, Spanish
# a third for a million and more ("un millón de puntos").
PLURAL_CATEGORIES = {"en": ("one", "other"), "nl": ("one", "other"), "es": ("one", "many", "other"),
                     "de": ("one", "other"), "ko": ("other",), "pl": ("one", "few", "many"),
                     PSEUDO: ("one", "other")}

_current: ContextVar[str] = ContextVar("lama_language", default="en")


class UnknownLanguage(ValueError):
    """A language lama has no catalog for; the message lists the ones it has."""

    def __init__(self, tag):
        self.tag = tag
        # the message as a template, for a reader whose language is known (the server's error)
        self.template = N_("unknown language {tag}; choose one of {known}")
        self.params = {"tag": repr(tag), "known": ", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES)}
        super().__init__(self.template.format(**self.params))


def parse(tag) -> str | None:
    """The language of a tag as people and systems write it (`de`, `de-AT`, `pl_PL.UTF-8`,
    `NL`), or None if lama has no catalog for it."""
    if not isinstance(tag, str):
        return None
    code = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    return code if code in LANGUAGES or code == PSEUDO else None


def check(tag) -> str:
    """The language of `tag` (see parse); UnknownLanguage if lama has none for it."""
    code = parse(tag)
    if code is None:
        raise UnknownLanguage(tag)
    return code


def from_environment(environ=None) -> str:
    """The terminal's language as the locale variables give it (LANGUAGE's list first, then the
    first of LC_ALL, LC_MESSAGES and LANG that is set, as gettext reads them); English when
    none names a language lama has."""
    environ = os.environ if environ is None else environ
    tags = [t for t in environ.get("LANGUAGE", "").split(":") if t]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(var):
            tags.append(environ[var])
            break
    for tag in tags:
        code = parse(tag)
        if code is not None and code != PSEUDO:
            return code
    return "en"


def from_accept_language(header: str | None) -> str:
    """The language an HTTP client asks for (`Accept-Language: pl, en;q=0.8`): the known one of
    highest weight, English if none is known."""
    best, best_q = "en", -1.0
    for part in (header or "").split(","):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                q = float(match.group(1))
            except ValueError:
                q = 0.0
        code = parse(tag)
        if code is not None and code != PSEUDO and q > best_q and q > 0:
            best, best_q = code, q
    return best


def pseudo_allowed(environ=None) -> bool:
    """Whether a person may choose the pseudo language: only in tests (PSEUDO_SWITCH=1)."""
    return (os.environ if environ is None else environ).get(PSEUDO_SWITCH) == "1"


def offered(tag, environ=None) -> str:
    """The language of `tag` as a person chooses it (`--lang`): as check, but the pseudo
    language is unknown outside the tests (pseudo_allowed); UnknownLanguage lists the real ones."""
    code = check(tag)
    if code == PSEUDO and not pseudo_allowed(environ):
        raise UnknownLanguage(tag)
    return code


def choose(flag: str | None, environ=None) -> str:
    """The language of a command: its `--lang` (UnknownLanguage if lama has none, or if it is
    the pseudo language outside the tests), else the locale variables, else English."""
    return offered(flag, environ) if flag else from_environment(environ)


def use(lang: str) -> None:
    """Make `lang` the language of what follows in this thread or task."""
    _current.set(check(lang))


def language() -> str:
    return _current.get()


def _locale_dir():
    return files("lama") / "locale"


class Pseudo(gettext.NullTranslations):
    """`xx`: every message with accented letters and 40% longer, `{placeholders}` kept, so a
    test can tell text from a catalog from text that bypassed it, and a layout can be tried
    with long words."""

    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2)


# every ASCII letter to an accented one, so any plain letter left in the output bypassed a catalog
ACCENTS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                        "åƀçđéƒğĥîĵķļɱñøþʠŕšţüṽŵẋýžÅƁÇĐÉƑĞĤÎĴĶĻṀÑØÞǪŔŠŢÜṼŴẊÝŽ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\(\w+\)[a-z]|%[a-z])")  # {card}; argparse's %(prog)s, %s


def pseudo(message: str) -> str:
    """`Top card: {card}` -> `⟦Ţøþ çåŕđ: {card}·······⟧`: letters accented outside the
    placeholders, padded to 40% longer, bracketed so a cut-off shows."""
    if not message:
        return message
    pieces = [p if _PLACEHOLDER.fullmatch(p) else p.translate(ACCENTS) for p in _PLACEHOLDER.split(message)]
    text = "".join(pieces)
    lines = text.split("\n")
    return "\n".join(f"⟦{line}{'·' * max(1, (len(line) * 2 + 4) // 5)}⟧" if line.strip() else line
                     for line in lines)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (English: the messages as they are)."""
    lang = check(lang)
    if lang == "en":
        return gettext.NullTranslations()
    if lang == PSEUDO:
        return Pseudo()
    path = _locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


def _(message: str) -> str:
    """`message` in the current language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for the count `n` in the current language."""
    return translations(_current.get()).ngettext(singular, plural, n)


def localized(message: str, lang: str, **params) -> str:
    """`message` (English, `{name}` placeholders filled from `params`) in `lang`: the catalog's
    words, English where the catalog has none (a message of the core, e.g. an option's)."""
    text = translations(lang).gettext(message) if lang != "en" else message
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):  # a catalog that lost a placeholder: say it in English
        return message.format(**params) if params else message


def catalog(lang: str) -> dict:
    """A language's catalog for the page (served as JSON): every message by its English text;
    a plural message's forms by CLDR category, for Intl.PluralRules."""
    lang = check(lang)
    t = translations(lang)
    categories = PLURAL_CATEGORIES[lang]
    messages: dict = {}
    if isinstance(t, gettext.GNUTranslations):
        for key, text in t._catalog.items():  # gettext keeps the parsed catalog here
            if isinstance(key, tuple):  # (msgid, form index): a plural message
                msgid, index = key
                if index < len(categories):
                    messages.setdefault(msgid, {})[categories[index]] = text
            elif key:  # "" is the catalog's header
                messages[key] = text
    return {"lang": lang, "name": NAMES.get(lang, lang), "plural": list(categories), "messages": messages}
