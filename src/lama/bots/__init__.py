"""Bots: a bot is a callable `bot(view, rng) -> action` that returns one of
`view.legal_actions`. It sees only its seat's view and its own generator.

Bots are found by name (`random`, `heuristic`, `easy`, `medium`, `hard`, `rollout`,
`ismcts`), as `module:callable` (the module may sit in the current folder), or as a saved agent
file `FILE.npz` (lama train's; lama.bots.neural.read_agent).
"""

from __future__ import annotations

import importlib
import os
import sys

from lama.core import Refusal

from .heuristic import heuristic_bot
from .levels import LEVELS, SEARCH_BOTS
from .random_bot import random_bot

BOTS = {"random": random_bot, "heuristic": heuristic_bot, **SEARCH_BOTS, **LEVELS}


class UnknownBot(Refusal, ValueError):
    """A bot lama cannot load: its code and parameters say why (lama.core.refusals)."""


def _dotted(text: str) -> bool:
    return bool(text) and all(part.isidentifier() for part in text.split("."))


def load_bot(name: str):
    """A bot by name, or any callable given as `module:callable`; UnknownBot for anything else."""
    if not isinstance(name, str):
        raise UnknownBot("bot_not_a_name", kind=type(name).__name__)
    if name in BOTS:
        return BOTS[name]
    if name.endswith(".npz"):  # a saved agent
        from .neural import AgentError, agent_bot  # numpy, only for an agent

        if not os.path.isfile(name):
            raise UnknownBot("cannot_load", bot=repr(name[:200]), error="no such file")
        try:
            return agent_bot(name)
        except AgentError as e:
            raise UnknownBot("cannot_load", bot=repr(name[:200]), error=str(e)) from None
    if ":" in name:
        module_name, _, attr = name.partition(":")
        if not _dotted(module_name) or not _dotted(attr):
            raise UnknownBot("bad_plug_in", bot=repr(name[:80]))
        if os.getcwd() not in sys.path:  # as with `python -m`: a bot module in the current folder loads
            sys.path.append(os.getcwd())
        try:
            bot = importlib.import_module(module_name)
            for part in attr.split("."):
                bot = getattr(bot, part)
        except (Exception, SystemExit) as e:  # whatever importing someone's module raises
            reason = " ".join(f"{type(e).__name__}: {e}".split())[:200]
            raise UnknownBot("cannot_load", bot=repr(name), error=reason) from None
        if not callable(bot):
            raise UnknownBot("not_callable", bot=repr(name))
        return bot
    raise UnknownBot("unknown_bot", bot=repr(name[:80]), known=", ".join(BOTS))
