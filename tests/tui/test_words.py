"""Words for players: no rule id (`K9`, `(D3a)`) in any reason the terminal shows, every
subcommand and option of `lama` described in --help, no doubled punctuation."""

from __future__ import annotations

import re

import pytest

from lama.cli import COMMANDS, build_parser
from lama.cli.replay import without_rule_ids
from lama.core.refusals import TEMPLATES

RULE = re.compile(r"\b[CLKD]\d+[a-z]?\b")


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_no_rule_id_reaches_the_player(key):
    """A refusal's template never names a rule (its ids are data of the raise site, for the
    English reason only)."""
    template = TEMPLATES[key]
    assert not RULE.search(template), f"{key}: {template!r}"
    assert "()" not in template and "( " not in template and " ," not in template


@pytest.mark.parametrize("reason, shown", [
    ("the stage may be taken only during a magic show (5 or more chips on it, K9)",
     "the stage may be taken only during a magic show (5 or more chips on it)"),
    ("seat 2 must first draw a card (K5, after a rectangle)", "seat 2 must first draw a card (after a rectangle)"),
    ("a match needs at least one card discarded (D3b)", "a match needs at least one card discarded"),
    ("K9: no drawing now", "no drawing now"),
])
def test_rule_ids_are_cut_cleanly_from_a_records_error(reason, shown):
    assert without_rule_ids(reason) == shown


def _subparsers(parser):
    return next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")


@pytest.mark.parametrize("command", [c for c, _, _ in COMMANDS])
def test_every_subcommand_and_option_is_described(command):
    parser = build_parser()
    sub = _subparsers(parser).choices[command]
    sub.format_help()  # adds its arguments
    assert sub.description, f"lama {command} has no description"
    for action in sub._actions:
        if action.option_strings and action.dest != "help":
            assert action.help, f"lama {command} {action.option_strings[0]} has no help"
        if not action.option_strings:
            assert action.help, f"lama {command} {action.dest} has no help"
    assert not RULE.search(sub.format_help().replace("lama-record/1", "")), f"a rule id in lama {command} --help"


@pytest.mark.parametrize("game_id", ["lama", "komarami", "kadabra", "dice"])
def test_what_the_terminal_tells_of_a_game_has_no_rule_id(game_id):
    """Every event of whole games, as a player reads it: no rule id, no `!.`."""
    from lama.bots import load_bot
    from lama.games import new_game
    from lama.match import Match
    from lama.tui.render import event_text

    names = ["Ann", "Bob", "Cem", "Dee"]
    for seed in range(3):
        events = []
        Match(new_game(game_id, 4), [load_bot("heuristic")] * 4, seed, names, on_events=events.extend).run()
        for viewer in (0, None):
            for event in events:
                text = event_text(event.for_seat(viewer) if viewer is not None else event, viewer, names, game_id)
                if text:
                    assert not RULE.search(text) and "!." not in text and ".." not in text, text
