"""`lama replay FILE`: validate and replay a game record."""

from __future__ import annotations

import json
import sys

from lama.record import RecordError, replay_file


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE", help="a lama-record/1 JSON file")
    p.add_argument("--json", action="store_true", help="print the lama-result/1 object")
    p.set_defaults(func=cmd_replay)


def cmd_replay(args) -> int:
    try:
        result = replay_file(args.file)
    except RecordError as e:
        print(f"lama replay: {args.file}: {e}", file=sys.stderr)
        if args.json:
            print(json.dumps(e.to_json()))
        return 1
    if args.json:
        print(json.dumps(result))
    else:
        from lama.tui.report import print_result  # rich: only for the table

        print_result(result)
    return 0
