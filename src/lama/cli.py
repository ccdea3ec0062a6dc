"""The `lama` command: thin subcommands that build objects and call the library."""

from __future__ import annotations

import argparse
import json
import sys

from lama.core import InvalidOption
from lama.games import GAMES, new_game


def _game_options(args) -> dict:
    options = {}
    if getattr(args, "target", None) is not None:
        options["target"] = args.target
    if getattr(args, "first_player", None) is not None:
        options["first_player"] = args.first_player
    return options


def cmd_replay(args) -> int:
    from lama.record import RecordError, replay_file

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
        from lama.tui.report import print_result

        print_result(result)
    return 0


def cmd_bench(args) -> int:
    from lama.sim.bench import bench

    game = new_game(args.game, args.players, _game_options(args))
    result = bench(game, args.games, seed=args.seed, repeat=args.repeat)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"W1 on {args.game} with {args.players} players, {args.games} games x {args.repeat} run(s), one core:")
        print(f"  {result['decisions_per_s']:,.0f} decisions/s, {result['games_per_s']:,.1f} games/s, "
              f"{result['decisions_per_game']:.1f} decisions/game")
        if args.repeat > 1:
            print(f"  spread of decisions/s over {args.repeat} runs: min {result['decisions_per_s_min']:,.0f}, "
                  f"max {result['decisions_per_s_max']:,.0f}, stdev {result['decisions_per_s_stdev']:,.0f}")
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lama", description="Reiner Knizia's L.A.M.A. family of games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    from lama.tui.play import add_play_parser, add_rules_parser

    add_play_parser(sub)
    add_rules_parser(sub)

    p = sub.add_parser("replay", help="validate and replay a game record")
    p.add_argument("file", metavar="FILE", help="a lama-record/1 JSON file")
    p.add_argument("--json", action="store_true", help="print the lama-result/1 object")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="benchmark the rules core (workload W1)")
    p.add_argument("--game", choices=list(GAMES), default="lama")
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--games", type=_positive, default=2000, help="games per run (default 2000)")
    p.add_argument("--repeat", type=_positive, default=1, help="runs; the median is reported (default 1)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target", type=int)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)

    from lama.bots.hints import add_hint_parser
    from lama.sim.strength import add_strength_parser

    add_hint_parser(sub)
    add_strength_parser(sub)

    from lama.sim.tournament import add_tournament_parser

    add_tournament_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except InvalidOption as e:
        print(f"lama {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
