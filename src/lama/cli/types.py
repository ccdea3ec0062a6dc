"""Argument types shared by the subcommands: each turns one command-line word into a value
or raises argparse.ArgumentTypeError with what is allowed."""

from __future__ import annotations

import argparse
import os

from lama.i18n import _


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(value=value))
    return value


def workers(text: str) -> int:
    """A number of worker processes, or `auto`: one per core."""
    if text == "auto":
        return os.cpu_count() or 1
    return positive(text)


def bot_names(text: str) -> list[str]:
    """Comma-separated bot names (or module:callable)."""
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"{text!r}: bot names are separated by single commas")
    return names


def game_option(text: str) -> tuple[str, object]:
    """NAME=VALUE, a game option: VALUE read as JSON (true, 30, a list), else as a string."""
    import json

    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: give an option as NAME=VALUE, e.g. lachen=true or target=30")
    try:
        return name.strip(), json.loads(value)
    except ValueError:
        return name.strip(), value


def seconds_between(low: float, high: float):
    """An argument type: a duration from `low` to `high` seconds."""
    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text} is not a number of seconds").format(text=repr(text))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("must be from {low} to {high} seconds, not {text}").format(
                low=f"{low:g}", high=f"{high:g}", text=text))
        return value
    return seconds


seconds = seconds_between(0.001, 86400)  # a millisecond to a day


class OutputError(Exception):
    """An output path that cannot be written: the message names the flag (`lama` exits 2)."""


def output_file(path: str, flag: str, suffixes: tuple[str, ...] = (), replace: bool = True) -> None:
    """Check, before any work is done, that `path` can be written by `flag` (one of `suffixes`,
    if given; `replace`: an existing regular file may be overwritten); OutputError if not."""
    import stat
    import tempfile
    from pathlib import Path

    p = Path(path)
    if suffixes and p.suffix.lower() not in suffixes:
        raise OutputError(_("{flag} {path}: the file name must end in {suffixes}").format(
            flag=flag, path=path, suffixes=", ".join(suffixes)))
    try:
        mode = os.stat(p).st_mode  # follows a link: what would really be written
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise OutputError(_("{flag} {path}: cannot use it ({error}); give the path of a new file").format(
            flag=flag, path=path, error=e.strerror or e)) from None
    if mode is not None and not stat.S_ISREG(mode):
        what = ("a directory" if stat.S_ISDIR(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise OutputError(f"{flag} {path} is {what}; give the path of a new file"
                          + (" (or of a regular file, with --force)" if not replace else ""))
    if mode is not None and not replace:
        raise OutputError(_("{flag} {path} already exists; add {force} to overwrite it, or choose another path").format(
            flag=flag, path=path, force="--force"))
    folder = p.parent
    if not folder.is_dir():
        raise OutputError(_("{flag} {path}: there is no folder {folder}; make it first or choose another path").format(
            flag=flag, path=path, folder=folder))
    try:
        if mode is None:
            tempfile.TemporaryFile(dir=folder).close()  # can a file be made there?
        else:
            open(p, "ab").close()  # can it be written? (appending nothing changes nothing)
    except OSError as e:
        raise OutputError(_("{flag} {path}: cannot write there ({error}); choose another path").format(
            flag=flag, path=path, error=e.strerror or e)) from None


def language(text: str) -> str:
    """A language lama has catalogs for (`de`, `pl_PL`, `ko-KR`), as its code."""
    from lama.i18n import UnknownLanguage, offered

    try:
        return offered(text)  # never the pseudo language xx, but in the tests
    except UnknownLanguage as e:
        raise argparse.ArgumentTypeError(_(e.template).format(**e.params)) from None


def add_lang_argument(p) -> None:
    """`--lang`: the language of what the command shows (default: LANG/LC_MESSAGES, else English)."""
    from lama.i18n import LANGUAGES

    p.add_argument("--lang", type=language, metavar="LANG",
                   help=_("the language to show ({languages}; default: from {lang} or {messages}, else {en})").format(
                       languages=", ".join(LANGUAGES), lang="LANG", messages="LC_MESSAGES", en="en"))
