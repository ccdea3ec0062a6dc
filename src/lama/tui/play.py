"""`lama play` (a game at the terminal against bots or friends) and `lama rules`."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text

from lama.core import InvalidOption

from .rules import RULE_GAMES, rules_text


class UsageError(Exception):
    """A bad command line: the message says what was wrong and what is allowed."""


# -- lama rules --------------------------------------------------------------------------------

def add_rules_parser(sub):
    p = sub.add_parser("rules", help="print the rules of a game in plain words")
    p.add_argument("game", choices=RULE_GAMES, metavar="GAME", help=f"one of {', '.join(RULE_GAMES)}")
    p.set_defaults(func=cmd_rules)
    return p


def cmd_rules(args) -> int:
    sys.stdout.write(rules_text(args.game))
    return 0


# -- lama play ---------------------------------------------------------------------------------

def add_play_parser(sub):
    p = sub.add_parser(
        "play", help="play a game in the terminal against bots or friends",
        description="Play at the terminal. One human against bots (--seat, --bots), or several humans "
                    "taking turns at one terminal (--humans 0,2). Type ? during the game for help.",
    )
    p.add_argument("--game", default="lama", help="the game id (lama, komarami, kadabra, dice; default lama)")
    p.add_argument("--players", type=int, help="2 to 6 (default 4, or the number of --names)")
    p.add_argument("--seat", type=int, help="your seat, 0 to players-1 (default 0)")
    p.add_argument("--humans", metavar="SEATS", help="several humans at one terminal, e.g. 0,2")
    p.add_argument("--bots", default="heuristic", metavar="BOTS",
                   help="one bot for every other seat, or one per bot seat in seat order, by name "
                        "(random, heuristic) or module:callable (default heuristic)")
    p.add_argument("--name", help="your name (one human)")
    p.add_argument("--names", metavar="NAMES", help="every seat's name, comma-separated, in seat order")
    p.add_argument("--seed", type=int, help="the seed of the deal (default: a random one, shown)")
    p.add_argument("--target", type=int, help="the game ends at this many points (default 40)")
    p.add_argument("--first-player", type=int, dest="first_player", help="the seat that starts round 1")
    p.add_argument("--deck", metavar="FILE.json", help="kadabra: the deck, a JSON map from card to count")
    p.add_argument("--dice", metavar="FILE.json", help="dice: the dice, a JSON list of three lists of six faces")
    p.add_argument("--record", metavar="FILE",
                   help="save the record here (default: GAME-SEED.record.json in the current folder)")
    p.set_defaults(func=cmd_play)
    return p


def _seat_list(text: str, players: int) -> list[int]:
    seats = []
    for part in text.replace(" ", "").split(","):
        if not part.isdigit() or int(part) >= players:
            raise UsageError(f"--humans takes seats from 0 to {players - 1} separated by commas, not {text!r}")
        if int(part) in seats:
            raise UsageError(f"seat {part} is listed twice in --humans")
        seats.append(int(part))
    return sorted(seats)


def _load_json(path: str, flag: str):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise UsageError(f"{flag}: cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{flag}: {path} is not a UTF-8 text file") from None
    except json.JSONDecodeError as e:
        raise UsageError(f"{flag}: {path} is not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


def _options(args) -> dict:
    options = {}
    if args.target is not None:
        options["target"] = args.target
    if args.first_player is not None:
        options["first_player"] = args.first_player
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
    from lama.bots import UnknownBot, load_bot
    from lama.games import GAMES, new_game

    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r} (known: {', '.join(GAMES)})")
    names = None
    if args.names is not None:
        names = [" ".join(n.split()) for n in args.names.split(",")]
    players = args.players if args.players is not None else (len(names) if names else 4)
    game = new_game(args.game, players, _options(args))  # checks players and options
    if names is not None and len(names) != players:
        raise UsageError(f"--names needs {players} names (one per seat), not {len(names)}")
    if args.humans is not None and args.seat is not None:
        raise UsageError("use either --seat (one human) or --humans (several), not both")
    if args.humans is not None:
        humans = _seat_list(args.humans, players)
    else:
        seat = 0 if args.seat is None else args.seat
        if not 0 <= seat < players:
            raise UsageError(f"--seat must be from 0 to {players - 1}, not {seat}")
        humans = [seat]
    if args.name is not None:
        if len(humans) != 1:
            raise UsageError("--name is for one human; with --humans use --names")
        if names is not None:
            raise UsageError("use either --name or --names, not both")
    bot_seats = [s for s in range(players) if s not in humans]
    specs = [b.strip() for b in args.bots.split(",")]
    if len(specs) == 1:
        specs = specs * len(bot_seats)
    elif len(specs) != len(bot_seats):
        raise UsageError(f"--bots needs one bot for all or one per bot seat ({len(bot_seats)}: seats "
                         f"{', '.join(map(str, bot_seats))}), not {len(specs)}")
    try:
        bots = {s: load_bot(spec) for s, spec in zip(bot_seats, specs)}
    except UnknownBot as e:
        raise UsageError(str(e)) from None
    if names is None:
        names = [f"Player {s}" for s in range(players)]
        for s, spec in zip(bot_seats, specs):
            names[s] = f"{_bot_label(spec)} {s}"
        if args.name is not None:
            names[humans[0]] = " ".join(args.name.split())
    _check_names(names, "--names" if args.names is not None else "--name")
    return game, names, humans, bots


MAX_NAME = 40  # longer names are refused; tables show at most 14 characters of a name


def _check_names(names: list[str], flag: str) -> None:
    """Names a person can tell apart and type (`1 to NAME`): not empty, printable, not a bare
    number (that would read as a seat), not too long, no two alike."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if not name:
            raise UsageError(f"{flag}: the name of seat {seat} is empty")
        if not name.isprintable():
            raise UsageError(f"{flag}: the name of seat {seat} has a control character")
        if len(name) > MAX_NAME:
            raise UsageError(f"{flag}: the name of seat {seat} is {len(name)} characters long "
                             f"(at most {MAX_NAME})")
        if name.isdigit():
            raise UsageError(f"{flag}: {name!r} is a number, which would read as a seat; choose a name")
        key = " ".join(name.casefold().split())
        if key in seen:
            raise UsageError(f"{flag}: seats {seen[key]} and {seat} are both called {name!r}; "
                             "every seat needs its own name")
        seen[key] = seat


def _default_record_path(game_id: str) -> Path:
    """GAME-DATE-TIME.record.json in the current folder, never an existing file. Not the
    seed: a name that shows the seed would show the deal."""
    stem = f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = Path(f"{stem}.record.json")
    n = 2
    while path.exists():
        path = Path(f"{stem}-{n}.record.json")
        n += 1
    return path


def cmd_play(args, console: Console | None = None, input_fn=None) -> int:
    from lama.bots.fastcards import COMPILED
    from lama.match import Table, new_seed

    from .session import Leave, TerminalGame

    console = console or Console(highlight=False)
    try:
        game, names, humans, bots = _setup(args)
    except (UsageError, InvalidOption) as e:
        print(f"lama play: {e}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else new_seed()
    path = Path(args.record) if args.record else _default_record_path(game.id)
    ui = TerminalGame(game, names, humans, console=console, input_fn=input_fn, record_path=path)
    table = Table(game, [None if s in humans else bots[s] for s in range(game.players)], seed,
                  names=names, on_events=ui.on_events)
    ui.attach(table)
    try:
        ui.save()
    except OSError as e:
        print(f"lama play: cannot write the record to {path}: {e.strerror or e}", file=sys.stderr)
        return 2
    # The seed and the record's path are told at the end: either would show the deal.
    console.print(Text(f"{names_line(names, humans)}\nThe game is recorded as it goes. Type ? for help."))
    again = f"Seed {seed} (the same deals again: --seed {seed})."
    if not COMPILED:
        console.print(Text("Note: numba is not installed, so the search (hard bots, hints) runs as plain Python: "
                           "up to a second per move, several in dice. The `fast` extra (in a checkout: "
                           "pip install -e '.[fast]') makes it about thirty times faster."), soft_wrap=True)
    try:
        ui.play()
    except Leave:
        ui.save()
        console.print(Text(f"\nYou left the game before its end. The record so far is saved in {path}. {again}"),
                      soft_wrap=True)
        return 0
    except KeyboardInterrupt:
        ui.save()
        console.print(Text(f"\nInterrupted. The record so far is saved in {path}. {again}"), soft_wrap=True)
        return 130
    ui.save()
    console.print(Text(f"The record is saved in {path} (replay it with: lama replay {path}). {again}"),
                  soft_wrap=True)
    return 0


def names_line(names, humans) -> str:
    seats = ", ".join(f"{s}: {n}" + (" (human)" if s in humans else "") for s, n in enumerate(names))
    return f"Seats - {seats}."
