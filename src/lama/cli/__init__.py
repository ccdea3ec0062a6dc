"""The `lama` command: every argument parser of the project, and thin subcommands that turn
parsed arguments into calls of the library.

One module per subcommand (play, join, rules, replay, bench, hint, review, strength, benchmark,
bench_rollouts, bench_review, tournament, train, bench_env), each with
`add_arguments(parser)` and its `cmd_*` function; argument types in `types`. A subcommand's
module is imported only when that subcommand is parsed or its help is shown, so `lama --help`,
`lama rules` and `lama replay` never load the search bots (numpy, numba) or the tournament
backends.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from lama import i18n
from lama.core import InvalidOption
from lama.i18n import N_, _

from . import argparse_words
from .types import OutputError

# (command, module in this package, one line of help), in the order `lama --help` lists them
COMMANDS = (
    ("play", "play", N_("play a game in the terminal against bots or friends")),
    ("rules", "rules", N_("print the rules of a game in plain words")),
    ("replay", "replay", N_("validate and replay a game record")),
    ("bench", "bench", N_("benchmark the rules core or the fast engine (W1: random moves)")),
    ("hint", "hint", N_("estimate every legal action at a position of a game record")),
    ("review", "review", N_("review a game record: where it was won and lost, and how much was luck")),
    ("strength", "strength", N_("benchmark how often a bot wins against other bots (seats rotated)")),
    ("benchmark", "benchmark", N_("the fixed evaluation protocol of a bot or saved agent: its win share, paired "
                                  "with heuristic's and hard's on the same games")),
    ("bench-rollouts", "bench_rollouts", N_("measure the search bots' playouts per second")),
    ("bench-review", "bench_review", N_("measure how long the review of one game takes")),
    ("tournament", "tournament", N_("play many games between bots and compare them")),
    ("serve", "serve", N_("serve online tables for the browser (needs the web extra)")),
    ("join", "join", N_("play a seat of an online table here, or let a local bot play it (needs the web extra)")),
    ("loadtest", "loadtest", N_("play many tables at once against a local lama serve and measure it")),
    ("train", "train", N_("train the neural bot on hard's search decisions (needs the train extra)")),
    ("bench-env", "bench_env", N_("measure the learning environments' steps per second (needs the rl extra)")),
)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose arguments are added on first use: `setup(parser)` runs before
    the parser parses or formats its usage or help, and only then."""

    def __init__(self, *args, setup=None, **kwargs):
        kwargs.setdefault("formatter_class", argparse_words.HelpFormatter)  # wide characters wrapped right
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
    """The parser of `lama`, its help in the current language (lama.i18n.use)."""
    argparse_words.install()
    parser = Parser(prog="lama", description=_("Reiner Knizia's L.A.M.A. family of games."))
    parser.add_argument("--version", action=_Version, help=_("print the version of lama and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command, module, help_ in COMMANDS:
        sub.add_parser(command, help=_(help_), setup=_setup(module))
    return parser


def language_of(argv: list[str]) -> str:
    """The language a command line asks for, before it is parsed (its help is written in it):
    `--lang X` or `--lang=X`, else the locale variables; a language lama does not have is left
    for the parser to refuse."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        tag = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg[7:] if arg.startswith("--lang=") else None
        if tag is not None:
            code = i18n.parse(tag)
            return code if code is not None and (code != i18n.PSEUDO or i18n.pseudo_allowed()) else (
                i18n.from_environment())
    return i18n.from_environment()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    i18n.use(language_of(argv))
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    i18n.use(i18n.choose(getattr(args, "lang", None)))  # --lang was checked when parsed
    try:
        return args.func(args)
    except InvalidOption as e:
        from lama.i18n.reasons import refusal_text

        print(f"lama {args.command}: {refusal_text(e)}", file=sys.stderr)
        return 2
    except OutputError as e:
        print(f"lama {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
