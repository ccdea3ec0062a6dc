"""Marking the core's and the games' words for the catalogs: `N_("L.L.A.M.A.")` is the text
itself (the core stays language-neutral and imports nothing); tools/i18n.py finds the marked
words, and lama.i18n says them in the reader's language where they are shown."""


def N_(text: str) -> str:
    """The text, marked for the catalogs (as lama.i18n.N_)."""
    return text


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """A message with a plural, marked for the catalogs (counted by its `{n}` where it is said)."""
    return singular, plural
