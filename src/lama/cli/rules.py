"""`lama rules GAME`: the rules of a game in plain words."""

from __future__ import annotations

import sys

from lama.games import GAMES
from lama.i18n import _

from .types import add_lang_argument


def add_arguments(p) -> None:
    p.description = _("Print the rules of a game in plain words (the same text as {help} in the terminal "
                      "game).").format(help="`?`")
    p.add_argument("game", choices=list(GAMES), metavar="GAME", help=_("one of {games}").format(games=", ".join(GAMES)))
    add_lang_argument(p)
    p.set_defaults(func=cmd_rules)


def cmd_rules(args) -> int:
    from lama.tui.rules import rules_page
    from lama.tui.width import terminal_width

    sys.stdout.write(rules_page(args.game, terminal_width()))
    return 0
