"""`lama rules GAME`: the rules of a game in plain words."""

from __future__ import annotations

import sys

from lama.tui.rules import RULE_GAMES, rules_text


def add_arguments(p) -> None:
    p.add_argument("game", choices=RULE_GAMES, metavar="GAME", help=f"one of {', '.join(RULE_GAMES)}")
    p.set_defaults(func=cmd_rules)


def cmd_rules(args) -> int:
    sys.stdout.write(rules_text(args.game))
    return 0
