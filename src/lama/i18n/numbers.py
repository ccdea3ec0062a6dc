"""Numbers as a reader writes them: `3.000` and `31,7 %` in German, `3,000` and `31.7%` in
English, `3 000` in Polish (Babel's CLDR data). Every number or share the terminal shows a
person goes through here, in the current language (lama.i18n.use) unless `lang` is given; the
pseudo language `xx` writes numbers as English does."""

from __future__ import annotations

import copy
from functools import cache

from babel import Locale
from babel.numbers import format_decimal

from . import PSEUDO, language


def _locale(lang: str | None) -> Locale:
    lang = lang or language()
    return _parsed("en" if lang == PSEUDO else lang)


@cache
def _parsed(lang: str) -> Locale:
    return Locale.parse(lang)


def number(value, digits: int = 0, lang: str | None = None, sign: bool = False) -> str:
    """`value` with `digits` decimals and the reader's grouping: 3000 -> `3.000` (de); `sign`:
    a plus before a positive value (`+7,1`), as a change is shown."""
    fraction = "." + "0" * digits if digits else ""
    pattern = f"#,##0{fraction}"
    if sign:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, format=pattern, locale=_locale(lang), decimal_quantization=True)


@cache
def _percent_pattern(lang: str, digits: int):
    pattern = copy.copy(_parsed(lang).percent_formats[None])  # the locale's own: `#,##0 %` in German
    pattern.frac_prec = (digits, digits)
    return pattern


def percent(share, digits: int = 1, lang: str | None = None) -> str:
    """A share (0.317) as a percentage in the reader's way: `31.7%`, `31,7 %` (de, with a
    non-breaking space), `31,7%` (nl, pl)."""
    locale = _locale(lang)
    return _percent_pattern(str(locale), digits).apply(share, locale)
