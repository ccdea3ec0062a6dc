"""Argument types shared by the subcommands: each turns one command-line word into a value
or raises argparse.ArgumentTypeError with what is allowed."""

from __future__ import annotations

import argparse
import os


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
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


def seconds_between(low: float, high: float):
    """An argument type: a duration from `low` to `high` seconds."""
    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g} seconds, not {text}")
        return value
    return seconds


seconds = seconds_between(0.001, 86400)  # a millisecond to a day
