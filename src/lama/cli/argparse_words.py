"""argparse's own words ("usage:", "options", "show this help message and exit", its errors)
in the language of the command: argparse asks gettext's `_` of its own domain, which has no
catalog in most systems; `install` has it ask lama's catalogs instead, where these messages are
(argparse's English text as the key, its `%(name)s` placeholders kept). A message argparse
says that is not listed here stays English."""

from __future__ import annotations

import argparse

from lama import i18n
from lama.i18n import N_
from lama.tui.width import columns, fill, wrap

# the messages a player can meet in `lama play --help` and a mistyped command line (argparse's
# own text, as Python 3.11 to 3.13 write it)
WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)


def install() -> None:
    """argparse's words from lama's catalogs, in the current language (lama.i18n.use)."""
    argparse._ = i18n._


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, wrapped by the columns the text takes rather than its characters, so
    Korean lines (two columns a character) stay within the terminal."""

    def _format_usage(self, usage, actions, groups, prefix):
        text = super()._format_usage(usage, actions, groups, prefix)  # a part wider than the line: broken
        return "\n".join(fill(line, self._width) if columns(line) > self._width else line
                         for line in text.split("\n"))

    def start_section(self, heading):
        super().start_section(heading and fill(heading, self._width - 1))  # a column for its colon

    def _split_lines(self, text, width):
        text = " ".join(text.split())  # argparse's own: the help's spaces and breaks are one space
        return wrap(text, width) if text else []

    def _fill_text(self, text, width, indent):
        lines = self._split_lines(text, max(1, width - columns(indent)))
        return "\n".join(indent + line for line in lines)
