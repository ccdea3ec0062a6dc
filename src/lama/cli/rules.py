"""`lama rules GAME`: the rules of a game in plain words."""

from __future__ import annotations

import sys

from lama.games import GAMES

from .types import add_lang_argument


def add_arguments(p) -> None:
    p.description = "Print the rules of a game in plain words (the same text as `?` in the terminal game)."
    p.add_argument("game", choices=list(GAMES), metavar="GAME", help=f"one of {', '.join(GAMES)}")
    add_lang_argument(p)
    p.set_defaults(func=cmd_rules)


def cmd_rules(args) -> int:
    from lama.tui.rules import rules_text

    sys.stdout.write(rules_text(args.game))
    return 0
