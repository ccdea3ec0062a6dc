"""`lama review RECORD`: where a finished game was won and lost, and how much was luck
(lama.review; docs/review.md)."""

from __future__ import annotations

import json
import signal
import sys

from lama.i18n import _
from lama.i18n.names import shown_names
from lama.record import RecordError, load_record

from .replay import without_rule_ids
from .types import add_lang_argument, output_file, positive


def add_arguments(p) -> None:
    p.description = _(
        "Review a game record: every player's win chance over the game, the win chance each decision "
        "gave up against the best move as its player could know it (best, good, inaccuracy, mistake, "
        "blunder), the luck of every deal, draw and roll, and each player's totals (luck, own moves, "
        "others' moves), which add up to the end minus the start. The same record always gets the same "
        "review.")
    p.add_argument("file", metavar="RECORD", help=_("a {format} JSON file").format(format="lama-record/1"))
    p.add_argument("--seat", metavar="S",
                   help=_("show only seat {s} (numbered from 1), with its weaker decisions").format(s="S"))
    p.add_argument("--plot", metavar="FILE", help=_("draw the win-chance curve into FILE (PNG; needs matplotlib)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument("--playouts", type=positive, metavar="N",
                   help=_("playouts per point of the curve (default {n})").format(n=2000))
    p.add_argument("--samples", type=positive, metavar="N",
                   help=_("playouts of the search per decision (default {n})").format(n=2000))
    add_lang_argument(p)
    p.set_defaults(func=cmd_review)


def cmd_review(args) -> int:
    from lama.core import seats as seat_numbers

    try:
        data = load_record(args.file)
        from lama.record import replay

        replay(data)  # the record's errors before anything else is loaded
    except RecordError as e:
        print(f"lama review: {args.file}: {without_rule_ids(str(e))}", file=sys.stderr)
        if args.json:
            print(json.dumps(e.to_json()))
        return 1
    seat = None
    if args.seat is not None:
        try:
            seat = seat_numbers.parse(args.seat, len(data["players"]))
        except ValueError:
            print("lama review: " + _("--seat {seat}: seats are numbered from 1 to {n}").format(
                seat=args.seat[:20], n=len(data["players"])), file=sys.stderr)
            return 2
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("lama review: " + _("--plot needs matplotlib: pip install matplotlib"), file=sys.stderr)
            return 2
        output_file(args.plot, "--plot", (".png", ".svg", ".pdf"))
    from lama.review.chances import PLAYOUTS
    from lama.review.game import review, review_json
    from lama.review.judge import SAMPLES

    handler = signal.signal(signal.SIGINT, signal.SIG_DFL)  # compiled code: let Ctrl-C end it at once
    try:
        result = review(data, args.playouts or PLAYOUTS, args.samples or SAMPLES)
    finally:
        signal.signal(signal.SIGINT, handler)
    names = shown_names(data["players"])
    if args.plot:
        from lama.tui.review import plot_review

        plot_review(result, args.plot, names)
    if args.json:
        out = review_json(result)
        if seat is not None:
            out["seats"] = [out["seats"][seat]]
            out["seat"] = seat
        print(json.dumps(out))
        return 0
    from rich.console import Console

    from lama.tui.review import print_review

    console = Console(width=min(80, Console().width))
    print_review(result, console, names, seat)
    if args.plot:
        print(_("The curve: {file}").format(file=args.plot))
    return 0


