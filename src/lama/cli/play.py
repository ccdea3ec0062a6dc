"""`lama play`: the command line of the terminal game. It builds the game, the seats' names,
the human seats and the bots, and lama.tui.play runs the game."""

from __future__ import annotations

import sys

from lama.bots import BOTS, LEVELS, UnknownBot, load_bot
from lama.core import InvalidOption
from lama.core import seats as seat_numbers
from lama.games import GAMES, new_game
from lama.i18n import _
from lama.tui.play import play

from .types import OutputError, add_lang_argument, output_file


class UsageError(Exception):
    """A bad command line: the message says what was wrong and what is allowed."""


def bots_help() -> str:
    """The --bots help, every bot of the registry (lama.bots.BOTS) named."""
    names = ", ".join(n for n in BOTS if n not in LEVELS)
    levels = ", ".join(n for n in BOTS if n in LEVELS)
    return _("one bot for every other seat, or one per bot seat in seat order, by name ({names}), by level "
             "({levels}) or {module} (default {default})").format(names=names, levels=levels,
                                                                  module="module:callable", default="heuristic")


def add_arguments(p) -> None:
    p.description = _("Play at the terminal. One human against bots ({seat}, {bots}), or several humans taking "
                      "turns at one terminal ({humans}). Seats are numbered from 1. Type {help} during the game "
                      "for help.").format(seat="--seat", bots="--bots", humans="--humans 1,3", help="?")
    p.add_argument("--game", default="lama",
                   help=_("the game id ({games}; default {default})").format(games=", ".join(GAMES), default="lama"))
    p.add_argument("--players", type=int,
                   help=_("{low} to {high} (default {default}, or the number of {names})").format(
                       low=2, high=6, default=4, names="--names"))
    p.add_argument("--seat", help=_("your seat, numbered from 1 to the number of players (default 1)"))
    p.add_argument("--humans", metavar="SEATS",
                   help=_("several humans at one terminal, their seats numbered from 1, e.g. {example}").format(
                       example="1,3"))
    p.add_argument("--bots", metavar="BOTS", help=bots_help())
    p.add_argument("--name", help=_("your name (one human)"))
    p.add_argument("--names", metavar="NAMES", help=_("every seat's name, comma-separated, in seat order"))
    p.add_argument("--seed", type=int, help=_("the seed of the deals (default: a random one, told when the game ends)"))
    p.add_argument("--target", type=int, help=_("the game ends at this many points (default {n})").format(n=40))
    p.add_argument("--first-player", dest="first_player", metavar="SEAT",
                   help=_("the seat that starts round 1, numbered from 1"))
    p.add_argument("--deck", metavar="FILE.json",
                   help=_("the card games: the whole deck, a JSON map from card to count"))
    p.add_argument("--hand-size", dest="hand_size", type=int, metavar="N",
                   help=_("the card games: cards dealt to each seat (default {n})").format(n=6))
    p.add_argument("--dice", metavar="FILE.json", help=_("dice: the dice, a JSON list of three lists of six faces"))
    p.add_argument("--record", metavar="FILE",
                   help=_("save the record here (default: {file} in the current folder)").format(
                       file="GAME-DATE-TIME.record.json"))
    p.add_argument("--force", action="store_true", help=_("let {option} replace an existing file").format(
        option="--record FILE"))
    add_lang_argument(p)
    p.set_defaults(func=cmd_play)


def _seat_list(text: str, players: int) -> list[int]:
    seats = []
    for part in text.replace(" ", "").split(","):
        try:
            seat = seat_numbers.parse(part, players)
        except ValueError as e:
            raise UsageError(f"--humans {text}: {e}; give them separated by commas, e.g. 1,3") from None
        if seat in seats:
            raise UsageError(f"seat {part} is listed twice in --humans")
        seats.append(seat)
    return sorted(seats)


def _seat_flag(text: str, players: int, flag: str) -> int:
    """The 0-based seat of a flag that takes a seat numbered from 1; UsageError naming the range."""
    try:
        return seat_numbers.parse(text, players)
    except ValueError as e:
        raise UsageError(f"{flag} {text}: {e}") from None


def _load_json(path: str, flag: str):
    from lama.record import RecordError
    from lama.record.replay import parse_record_text

    try:
        with open(path, "rb") as f:
            raw = f.read(OPTION_FILE_BYTES + 1)
    except OSError as e:
        raise UsageError(f"{flag}: cannot read {path}: {e.strerror or e}") from None
    if len(raw) > OPTION_FILE_BYTES:
        raise UsageError(f"{flag}: {path} is larger than {OPTION_FILE_BYTES // 1024} KB; "
                         "the file holds a short JSON value")
    try:
        return parse_record_text(raw.decode("utf-8"))  # the bounds of a record: depth, numbers, keys
    except UnicodeDecodeError:
        raise UsageError(f"{flag}: {path} is not a UTF-8 text file") from None
    except RecordError as e:  # "not JSON: ...", or a bound: "nested more than 64 deep", ...
        raise UsageError(f"{flag}: {path} is {e.reason}" if e.reason.startswith("not JSON")
                         else f"{flag}: {path}: {e.reason.removeprefix('not a record: ')}") from None


OPTION_FILE_BYTES = 64 * 1024  # a --deck or --dice file


def _options(args, players: int) -> dict:
    options = {}
    if args.target is not None:
        options["target"] = args.target
    if args.first_player is not None:  # typed from 1; the option (and the record) count from 0
        new_game(args.game, players)  # a wrong player count is said first
        options["first_player"] = _seat_flag(args.first_player, players, "--first-player")
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    if args.deck is not None:
        deck = _load_json(args.deck, "--deck")
        if not isinstance(deck, dict):
            raise UsageError(f"--deck: {args.deck} must hold a JSON object mapping card codes to counts, "
                             'e.g. {"L": 12, "1": 6, ...}')
        options["deck"] = deck
    if args.dice is not None:
        dice = _load_json(args.dice, "--dice")
        if not (isinstance(dice, list) and len(dice) == 3 and all(isinstance(d, list) and len(d) == 6 for d in dice)):
            raise UsageError(f"--dice: {args.dice} must hold three lists of six faces, "
                             'e.g. [["1","2","3","4","L","L"], ...]')
        options["dice"] = dice
    return options


def _bot_label(spec: str) -> str:
    return spec.rpartition(":")[2].replace("_", " ").capitalize() or spec


def _setup(args):
    """Game, seats and names from the command line; raises UsageError or InvalidOption."""
    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r} (known: {', '.join(GAMES)})")
    names = None
    if args.names is not None:
        names = [" ".join(n.split()) for n in args.names.split(",")]
    players = args.players if args.players is not None else (len(names) if names else 4)
    game = new_game(args.game, players, _options(args, players))  # checks players and options
    if names is not None and len(names) != players:
        raise UsageError(f"--names needs {players} names (one per seat), not {len(names)}")
    if args.humans is not None and args.seat is not None:
        raise UsageError("use either --seat (one human) or --humans (several), not both")
    if args.humans is not None:
        humans = _seat_list(args.humans, players)
    else:
        humans = [0 if args.seat is None else _seat_flag(args.seat, players, "--seat")]
    if args.name is not None:
        if len(humans) != 1:
            raise UsageError("--name is for one human; with --humans use --names")
        if names is not None:
            raise UsageError("use either --name or --names, not both")
    bot_seats = [s for s in range(players) if s not in humans]
    if args.bots is not None and not bot_seats:
        raise UsageError(f"--bots {args.bots}: every seat is human (--humans {args.humans}), so no bot plays; "
                         "leave a seat out of --humans for a bot, or drop --bots")
    specs = [b.strip() for b in (args.bots or "heuristic").split(",")]
    if len(specs) == 1:
        specs = specs * len(bot_seats)
    elif len(specs) != len(bot_seats):
        raise UsageError(f"--bots needs one bot for all or one per bot seat ({len(bot_seats)}: seats "
                         f"{', '.join(str(seat_numbers.number(s)) for s in bot_seats)}), not {len(specs)}")
    try:
        bots = {s: load_bot(spec) for s, spec in zip(bot_seats, specs)}
    except UnknownBot as e:
        raise UsageError(str(e)) from None
    if names is None:
        names = [seat_numbers.name(s, _("Player")) for s in range(players)]
        for s, spec in zip(bot_seats, specs):
            names[s] = seat_numbers.name(s, _bot_label(spec))[-NAME_LENGTH:]
        if args.name is not None:
            names[humans[0]] = " ".join(args.name.split())
    _check_names(names, "--names" if args.names is not None else "--name")
    return game, names, humans, bots


NAME_LENGTH = 40  # longer names are refused; tables show at most 14 characters of a name


def _check_names(names: list[str], flag: str) -> None:
    """Names a person can tell apart and type (`1 to NAME`): not empty, printable, not a bare
    number (that would read as a seat), not too long, no two alike."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if not name:
            raise UsageError(f"{flag}: the name of {seat_numbers.word(seat)} is empty")
        if not name.isprintable():
            raise UsageError(f"{flag}: the name of {seat_numbers.word(seat)} has a control character")
        if len(name) > NAME_LENGTH:
            raise UsageError(f"{flag}: the name of {seat_numbers.word(seat)} is {len(name)} characters long "
                             f"(at most {NAME_LENGTH})")
        if name.isdigit():
            raise UsageError(f"{flag}: {name!r} is a number, which would read as a seat; choose a name")
        key = " ".join(name.casefold().split())
        if key in seen:
            raise UsageError(f"{flag}: seats {seat_numbers.number(seen[key])} and {seat_numbers.number(seat)} "
                             f"are both called {name!r}; "
                             "every seat needs its own name")
        seen[key] = seat


def cmd_play(args, console=None, input_fn=None) -> int:
    try:
        game, names, humans, bots = _setup(args)
        if args.record:
            output_file(args.record, "--record", replace=args.force)
    except (UsageError, InvalidOption, OutputError) as e:
        print(f"lama play: {e}", file=sys.stderr)
        return 2
    return play(game, names, humans, bots, seed=args.seed, record=args.record, console=console,
                input_fn=input_fn)
