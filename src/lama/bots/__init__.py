"""Bots: a bot is a callable `bot(view, rng) -> action` that returns one of
`view.legal_actions`. It sees only its seat's view and its own generator.

Bots are found by name (`random`, `heuristic`, `easy`, `medium`, `hard`, `rollout`,
`ismcts`) or as `module:callable` (the module may sit in the current folder).
"""

from __future__ import annotations

import importlib
import os
import sys

from .heuristic import heuristic_bot
from .levels import LEVELS, SEARCH_BOTS
from .random_bot import random_bot

BOTS = {"random": random_bot, "heuristic": heuristic_bot, **SEARCH_BOTS, **LEVELS}


class UnknownBot(ValueError):
    pass


def load_bot(name: str):
    """A bot by name, or any callable given as `module:callable`."""
    if name in BOTS:
        return BOTS[name]
    if ":" in name:
        module_name, _, attr = name.partition(":")
        if os.getcwd() not in sys.path:  # as with `python -m`: a bot module in the current folder loads
            sys.path.append(os.getcwd())
        try:
            bot = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as e:
            raise UnknownBot(f"cannot load bot {name!r}: {e}") from None
        if not callable(bot):
            raise UnknownBot(f"{name!r} is not callable")
        return bot
    raise UnknownBot(f"unknown bot {name!r} (known: {', '.join(BOTS)}, or module:callable)")
