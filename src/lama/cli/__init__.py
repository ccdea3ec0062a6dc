"""The `lama` command: every argument parser of the project, and thin subcommands that turn
parsed arguments into calls of the library.

One module per subcommand (play, rules, replay, bench, hint, strength, bench_rollouts,
tournament, train, bench_env), each with
`add_arguments(parser)` and its `cmd_*` function; argument types in `types`. A subcommand's
module is imported only when that subcommand is parsed or its help is shown, so `lama --help`,
`lama rules` and `lama replay` never load the search bots (numpy, numba) or the tournament
backends.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from lama.core import InvalidOption

from .types import OutputError

# (command, module in this package, one line of help), in the order `lama --help` lists them
COMMANDS = (
    ("play", "play", "play a game in the terminal against bots or friends"),
    ("rules", "rules", "print the rules of a game in plain words"),
    ("replay", "replay", "validate and replay a game record"),
    ("bench", "bench", "benchmark the rules core or the compiled engine (W1: random moves)"),
    ("hint", "hint", "estimate every legal action at a position of a game record"),
    ("strength", "strength", "benchmark how often a bot wins against other bots (seats rotated)"),
    ("bench-rollouts", "bench_rollouts", "measure the search bots' playouts per second"),
    ("tournament", "tournament", "play many games between bots and compare them"),
    ("serve", "serve", "serve online tables for the browser (needs the web extra)"),
    ("loadtest", "loadtest", "play many tables at once against a local lama serve and measure it"),
    ("train", "train", "train the neural bot on hard's search decisions (needs the train extra)"),
    ("bench-env", "bench_env", "measure the learning environments' steps per second (needs the rl extra)"),
)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose arguments are added on first use: `setup(parser)` runs before
    the parser parses or formats its usage or help, and only then."""

    def __init__(self, *args, setup=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._setup = setup

    def _ready(self) -> None:
        if self._setup is not None:
            setup, self._setup = self._setup, None
            setup(self)

    def parse_known_args(self, args=None, namespace=None):
        self._ready()
        return super().parse_known_args(args, namespace)

    def format_usage(self):
        self._ready()
        return super().format_usage()

    def format_help(self):
        self._ready()
        return super().format_help()


def _setup(module: str):
    def setup(parser):
        importlib.import_module(f"{__name__}.{module}").add_arguments(parser)

    return setup


class _Version(argparse.Action):
    """`--version`: the installed package's version, looked up only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("lama")
        except PackageNotFoundError:  # run from a source tree that is not installed
            from lama import __version__ as number
        print(f"{parser.prog} {number}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="lama", description="Reiner Knizia's L.A.M.A. family of games.")
    parser.add_argument("--version", action=_Version, help="print the version of lama and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command, module, help_ in COMMANDS:
        sub.add_parser(command, help=help_, setup=_setup(module))
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    from lama import i18n

    i18n.use(i18n.choose(getattr(args, "lang", None)))  # --lang was checked when parsed
    try:
        return args.func(args)
    except (InvalidOption, OutputError) as e:
        print(f"lama {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
