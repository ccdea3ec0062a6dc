"""`lama play`: the command line of the terminal game. It builds the game, the seats' names,
the human seats and the bots, and lama.tui.play runs the game."""

from __future__ import annotations

import argparse
import sys

from lama.bots import BOTS, LEVELS, UnknownBot, load_bot
from lama.core import InvalidOption
from lama.core import seats as seat_numbers
from lama.games import GAMES, new_game
from lama.i18n import _
from lama.i18n.names import seat_error
from lama.i18n.reasons import refusal_text
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
    p.add_argument("--lachen", action="store_true",
                   help=_("lama and komarami: play with the L.A.M.A. Lachen promo's puddle"))
    p.add_argument("--party-on-party", dest="party_on_party", action=argparse.BooleanOptionalAction, default=None,
                   help=_("party: whether a party llama may be played on a party llama (default: it may)"))
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
        except ValueError:
            raise UsageError(_("{flag} {text}: {error}; give them separated by commas, e.g. {example}").format(
                flag="--humans", text=text, error=seat_error(part, players), example="1,3")) from None
        if seat in seats:
            raise UsageError(_("seat {seat} is listed twice in {flag}").format(seat=part, flag="--humans"))
        seats.append(seat)
    return sorted(seats)


def _seat_flag(text: str, players: int, flag: str) -> int:
    """The 0-based seat of a flag that takes a seat numbered from 1; UsageError naming the range."""
    try:
        return seat_numbers.parse(text, players)
    except ValueError:
        raise UsageError(_("{flag} {text}: {error}").format(flag=flag, text=text,
                                                            error=seat_error(text, players))) from None


def _load_json(path: str, flag: str):
    from lama.record import RecordError
    from lama.record.replay import parse_record_text

    try:
        with open(path, "rb") as f:
            raw = f.read(OPTION_FILE_BYTES + 1)
    except OSError as e:
        raise UsageError(_("{flag}: cannot read {path}: {error}").format(flag=flag, path=path,
                                                                         error=e.strerror or e)) from None
    if len(raw) > OPTION_FILE_BYTES:
        raise UsageError(_("{flag}: {path} is larger than {kb} KB; the file holds a short JSON value").format(
            flag=flag, path=path, kb=OPTION_FILE_BYTES // 1024))
    try:
        return parse_record_text(raw.decode("utf-8"))  # the bounds of a record: depth, numbers, keys
    except UnicodeDecodeError:
        raise UsageError(_("{flag}: {path} is not a UTF-8 text file").format(flag=flag, path=path)) from None
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
            raise UsageError(_("{flag}: {path} must hold a JSON object mapping card codes to counts, e.g. "
                               "{example}").format(flag="--deck", path=args.deck, example='{"L": 12, "1": 6, ...}'))
        options["deck"] = deck
    party_on_party = getattr(args, "party_on_party", None)
    if party_on_party is not None:  # another game than party says so (an unknown option)
        options["party_on_party"] = party_on_party
    if args.dice is not None:
        dice = _load_json(args.dice, "--dice")
        if not (isinstance(dice, list) and len(dice) == 3 and all(isinstance(d, list) and len(d) == 6 for d in dice)):
            raise UsageError(_("{flag}: {path} must hold three lists of six faces, e.g. {example}").format(
                flag="--dice", path=args.dice, example='[["1","2","3","4","L","L"], ...]'))
        options["dice"] = dice
    if args.lachen:
        options["lachen"] = True
    return options


def _bot_label(spec: str) -> str:
    return spec.rpartition(":")[2].replace("_", " ").capitalize() or spec


def _setup(args):
    """Game, seats and names from the command line; raises UsageError or InvalidOption."""
    if args.game not in GAMES:
        raise UsageError(_("unknown game {game} (known: {games})").format(game=repr(args.game),
                                                                           games=", ".join(GAMES)))
    names = None
    if args.names is not None:
        names = [" ".join(n.split()) for n in args.names.split(",")]
    players = args.players if args.players is not None else (len(names) if names else 4)
    game = new_game(args.game, players, _options(args, players))  # checks players and options
    if names is not None and len(names) != players:
        raise UsageError(_("{flag} needs {players} names (one per seat), not {n}").format(
            flag="--names", players=players, n=len(names)))
    if args.humans is not None and args.seat is not None:
        raise UsageError(_("use either {seat} (one human) or {humans} (several), not both").format(
            seat="--seat", humans="--humans"))
    if args.humans is not None:
        humans = _seat_list(args.humans, players)
    else:
        humans = [0 if args.seat is None else _seat_flag(args.seat, players, "--seat")]
    if args.name is not None:
        if len(humans) != 1:
            raise UsageError(_("{name} is for one human; with {humans} use {names}").format(
                name="--name", humans="--humans", names="--names"))
        if names is not None:
            raise UsageError(_("use either {name} or {names}, not both").format(name="--name", names="--names"))
    bot_seats = [s for s in range(players) if s not in humans]
    if args.bots is not None and not bot_seats:
        raise UsageError(_("{bots}: every seat is human ({humans}), so no bot plays; leave a seat out of "
                           "{humans_flag} for a bot, or drop {bots_flag}").format(
            bots=f"--bots {args.bots}", humans=f"--humans {args.humans}", humans_flag="--humans", bots_flag="--bots"))
    specs = [b.strip() for b in (args.bots or "heuristic").split(",")]
    if len(specs) == 1:
        specs = specs * len(bot_seats)
    elif len(specs) != len(bot_seats):
        raise UsageError(_("{flag} needs one bot for all or one per bot seat ({n}: seats {seats}), not "
                           "{given}").format(flag="--bots", n=len(bot_seats), given=len(specs),
                                             seats=", ".join(str(seat_numbers.number(s)) for s in bot_seats)))
    try:
        bots = {s: load_bot(spec) for s, spec in zip(bot_seats, specs)}
    except UnknownBot as e:
        raise UsageError(refusal_text(e)) from None
    if names is None:
        # default names stay English in the record; the terminal shows them translated (lama.i18n.names)
        names = [seat_numbers.name(s, "Player") for s in range(players)]
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
            raise UsageError(_("{flag}: the name of seat {seat} is empty").format(
                flag=flag, seat=seat_numbers.number(seat)))
        if not name.isprintable():
            raise UsageError(_("{flag}: the name of seat {seat} has a control character").format(
                flag=flag, seat=seat_numbers.number(seat)))
        if len(name) > NAME_LENGTH:
            raise UsageError(_("{flag}: the name of seat {seat} is {n} characters long (at most {most})").format(
                flag=flag, seat=seat_numbers.number(seat), n=len(name), most=NAME_LENGTH))
        if name.isdigit():
            raise UsageError(_("{flag}: {name} is a number, which would read as a seat; choose a name").format(
                flag=flag, name=repr(name)))
        key = " ".join(name.casefold().split())
        if key in seen:
            raise UsageError(_("{flag}: seats {first} and {second} are both called {name}; every seat needs "
                               "its own name").format(flag=flag, first=seat_numbers.number(seen[key]),
                                                      second=seat_numbers.number(seat), name=repr(name)))
        seen[key] = seat


def cmd_play(args, console=None, input_fn=None) -> int:
    try:
        game, names, humans, bots = _setup(args)
        if args.record:
            output_file(args.record, "--record", replace=args.force)
    except InvalidOption as e:
        print(f"lama play: {refusal_text(e)}", file=sys.stderr)
        return 2
    except (UsageError, OutputError) as e:
        print(f"lama play: {e}", file=sys.stderr)
        return 2
    return play(game, names, humans, bots, seed=args.seed, record=args.record, console=console,
                input_fn=input_fn)
