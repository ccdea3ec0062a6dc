"""`lama hint RECORD`: every legal action at a position of a game record, estimated by the
strongest bot."""

from __future__ import annotations

import json
import signal
import sys

from rich.console import Console
from rich.text import Text

from lama.bots.hints import PositionError, after_roll, hint_rng, hints, hints_json, position_in_record
from lama.core import seats as seat_numbers
from lama.core.display import MIDDLE
from lama.i18n import _
from lama.i18n.names import seat_error, shown_names
from lama.i18n.numbers import number
from lama.i18n.reasons import record_error_text
from lama.record import RecordError, load_record
from lama.tui.hints import print_hints
from lama.tui.render import card_name, game_name, notes_said, plain_cards, seat_word

from .replay import without_rule_ids
from .types import add_lang_argument, positive

# a budget from which the search runs in a child process while this one shows the time left
LONG_SEARCH = 1_000_000
PILOT = 50_000  # playouts timed first, to foretell the time of the whole search


def add_arguments(p) -> None:
    p.description = _(
        "Replay {record} to just before move {m} of round {r} and show, for the seat to move, every legal "
        "action with the strongest bot's estimated win chance, its 95% margin, the expected points "
        "this round and how often the search tried it, best first, the bot's choice on top. Rounds, "
        "moves and seats count from 1, as {replay} and the terminal show them (the record's "
        "0-based fields + 1). Only what that seat could see is used; the same position gets the "
        "same hint here and at the terminal's {hint} (same budget and seed)."
    ).format(record="RECORD", m="M", r="R", replay="`lama replay`", hint="`hint`")
    p.add_argument("file", metavar="RECORD", help=_("a {format} JSON file").format(format="lama-record/1"))
    p.add_argument("--round", type=int, metavar="R",
                   help=_("the round, counted from 1 (default: the last round)"))
    p.add_argument("--move", type=int, metavar="M",
                   help=_("the move of that round, counted from 1; the hint is for the position before it "
                          "(default: after the round's last move)"))
    p.add_argument("--after-roll", action="store_true",
                   help=_("dice: apply move {m}'s roll first; the hint is for the discard or take it asks "
                          "for").format(m="M"))
    p.add_argument("--seat", metavar="S",
                   help=_("check that seat {s} (numbered from 1) is the one to move").format(s="S"))
    p.add_argument("--budget", type=positive, metavar="N",
                   help=_("playouts of the search (default: the hard bot's budget)"))
    p.add_argument("--seed", type=int, default=0,
                   help=_("the search's seed, mixed with the position (default 0, as the terminal's hint)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_lang_argument(p)
    p.set_defaults(func=cmd_hint)


def cmd_hint(args) -> int:
    data = None
    try:
        data = load_record(args.file)
        state, round_, move = position_in_record(data, _index(args.round), _index(args.move))
    except RecordError as e:
        game = data.get("game") if isinstance(data, dict) else None  # its cards' names, in a refusal
        print(f"lama hint: {args.file}: {without_rule_ids(record_error_text(e, game))}", file=sys.stderr)
        if args.json:
            print(json.dumps(e.to_json()))
        return 1
    except PositionError as e:
        print(f"lama hint: {position_error_text(e)}", file=sys.stderr)
        return 2
    moves = data["rounds"][round_]["moves"]
    names = shown_names(data["players"])
    where = _("round {round}, before move {move}").format(round=round_ + 1, move=move + 1) if move < len(moves) else (
        _("round {round}, after its last move ({move})").format(round=round_ + 1, move=move) if moves
        else _("round {round}, before any move").format(round=round_ + 1))
    if args.after_roll:
        try:
            state = after_roll(state, moves, move)
        except PositionError as e:
            print(f"lama hint: {position_error_text(e)}", file=sys.stderr)
            return 2
        where = _("round {round}, move {move} after its roll {roll}").format(
            round=round_ + 1, move=move + 1, roll=" ".join(state.roll))
    if state.to_move is None:
        if state.finished:
            what = _("the game is over")
        elif state.chance == "deal":
            what = _("the round is over")
        else:  # a chance outcome, and what the game says of it (its notes of the middle)
            notes = notes_said(state.view(None), names, MIDDLE)
            what = _("a chance outcome comes next") + "".join(f": {note}" for note in notes)
        print("lama hint: " + _("at {where} no seat has a decision to make ({what}); pick another {flag}").format(
            where=where, what=what, flag="--move"), file=sys.stderr)
        return 2
    if args.seat is not None:
        try:
            wanted = seat_numbers.parse(args.seat, state.game.players)
        except ValueError:
            print(f"lama hint: --seat {args.seat}: {seat_error(args.seat, state.game.players)}", file=sys.stderr)
            return 2
    if args.seat is not None and wanted != state.to_move:
        print("lama hint: " + _("at {where} {who} is to move, not {wanted}; hints are for the seat to move").format(
            where=where, who=_who(state.to_move, names), wanted=_who(wanted, names)), file=sys.stderr)
        return 2
    view = state.view(state.to_move)
    # The compiled search only returns to Python when it is done, so Python's own Ctrl-C handler
    # would wait for it: let Ctrl-C end the process at once instead (nothing is left half-written).
    handler = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        if args.budget and args.budget >= LONG_SEARCH:
            result = long_search(view, (data, round_, move, args.after_roll), args.budget, args.seed)
        else:
            result = hints(view, hint_rng(view, args.seed), args.budget)
    finally:
        signal.signal(signal.SIGINT, handler)  # as it was (main() may be called again in this process)
    if args.json:
        out = {"format": "lama-hint/1", "game": view.game, "round": round_, "move": move}
        out.update(hints_json(result))
        print(json.dumps(out))
        return 0
    console = Console()
    console.print(Text(_("{game}, {where}: {who} to move. {position}").format(
        game=game_name(view.game), where=where, who=_who(view.seat, names), position=position_words(view))))
    print_hints(result, console, names, game=view.game)
    return 0


def position_error_text(error: PositionError) -> str:
    """Why there is no position to give a hint at, in the reader's words."""
    return _(error.template).format(**error.params)


def _index(number: int | None) -> int | None:
    """A round or move typed from 1 as the record's 0-based index (0 and below stay out of range)."""
    return None if number is None else number - 1 if number > 0 else -1


def _who(seat: int, names) -> str:
    return f"{names[seat]} ({seat_word(seat)})"


def position_words(view) -> str:
    """What the seat to move sees, in one line of the reader's words (`--json` has it all)."""
    if view.displays:  # dice
        return _("Display {display}; llama row {row}.").format(
            display=plain_cards(view.displays[view.seat], view.game) or "-",
            row=plain_cards(view.row, view.game) or "-")
    return _("Hand {hand}; top {top}; draw pile {n}.").format(
        hand=plain_cards(view.hand, view.game) or "-", top=card_name(view.top, view.game), n=number(view.pile_size))


def _search(position, budget: int, seed: int):
    """In the child process of a long search: the hints at `position` (as long_search has it)."""
    data, round_, move, roll = position
    state = position_in_record(data, round_, move)[0]
    if roll:
        state = after_roll(state, data["rounds"][round_]["moves"], move)
    view = state.view(state.to_move)
    return hints(view, hint_rng(view, seed), budget)


def long_search(view, position, budget: int, seed: int):
    """The hints of a search of `budget` playouts, with its progress and the time left on
    standard error: a short search first times the playouts, then the whole search runs in a
    child process (the compiled search never returns to Python before it is done) while this
    one counts down; Ctrl-C stops both."""
    import multiprocessing
    import time

    from .progress import Ticker, duration

    hints(view, hint_rng(view, seed), 200)  # the compiled search is loaded (or compiled) first
    start = time.perf_counter()
    hints(view, hint_rng(view, seed), PILOT)
    expected = (time.perf_counter() - start) * budget / PILOT
    print("lama hint: " + _("searching {n} playouts takes about {time} here (Ctrl-C stops)").format(
        n=number(budget), time=duration(expected)), file=sys.stderr, flush=True)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # this process waits in Python now
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        job = pool.apply_async(_search, (position, budget, seed))
        ticker = Ticker(unit="")
        try:
            while not job.ready():
                elapsed = time.perf_counter() - ticker.started
                ticker.show("searching", min(elapsed, 0.99 * expected), expected, max(0.0, expected - elapsed))
                job.wait(1.0)
        finally:
            ticker.end()  # on Ctrl-C, leaving the pool terminates the search
        return job.get()
