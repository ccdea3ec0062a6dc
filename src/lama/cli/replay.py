"""`lama replay FILE`: validate and replay a game record."""

from __future__ import annotations

import json
import re
import sys

from lama.i18n import _
from lama.i18n.reasons import record_error_text
from lama.record import RecordError, load_record
from lama.record.ledger import replay_ledger
from lama.record.replay import result_of

from .types import add_lang_argument


def add_arguments(p) -> None:
    p.description = _("Check a game record against the rules, move by move, and show every round: each "
                      "player's points before it, what changed (penalty, magic chip, chips given back or "
                      "won) and the points after. An invalid record gets one line saying where (round "
                      "and move, counted from 1) and why.")
    p.add_argument("file", metavar="FILE", help=_("a {format} JSON file").format(format="lama-record/1"))
    p.add_argument("--json", action="store_true", help=_("print the {format} object").format(format="lama-result/1"))
    add_lang_argument(p)
    p.set_defaults(func=cmd_replay)


def cmd_replay(args) -> int:
    data = None
    try:
        data = load_record(args.file)
        state, ledger = replay_ledger(data)
    except RecordError as e:
        game = data.get("game") if isinstance(data, dict) else None  # its cards' names, in a refusal
        print(f"lama replay: {args.file}: {without_rule_ids(record_error_text(e, game))}", file=sys.stderr)
        if args.json:
            print(json.dumps(e.to_json()))
        return 1
    result = result_of(state)
    if args.json:
        print(json.dumps(result))
    else:
        from lama.tui.report import print_result  # rich: only for the table

        print_result(result, data["players"], ledger)
    return 0


_ID = r"(?:rules? )?[A-Z]\d+[a-z]?"
RULE_ID = re.compile(rf"\s*\({_ID}(?:(?:,|/| and| or|-|–) ?[A-Z]?\d+[a-z]?)*\)"  # (K4), (D3b, D3c)
                     rf"|,\s*{_ID}(?=\))"  # (5 or more chips on it, K9)
                     rf"|(?<=\(){_ID},\s*"  # (K5, after a rectangle)
                     rf"|\b{_ID}: ")  # K9: ...


def without_rule_ids(text: str) -> str:
    """A record's error names the rules it breaks (`(K4)`, `a match (D3b)`) for the JSON reader;
    a person at the terminal reads the reason alone."""
    return RULE_ID.sub("", text)
