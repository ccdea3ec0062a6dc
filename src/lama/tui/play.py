"""The terminal game of `lama play` (its command line is lama.cli.play): `play` runs a game
against bots or friends at one terminal."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rich.console import Console

from lama.core import seats as seat_numbers
from lama.core.jsonform import shown
from lama.i18n import _
from lama.i18n.names import shown_names

from .render import tell


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


def play(game, names, humans, bots, seed: int | None = None, record: str | None = None,
         console: Console | None = None, input_fn=None) -> int:
    """Play `game` at this terminal: `humans` are the seats people play, `bots` maps every other
    seat to its bot, `names` has every seat's name as the record keeps it (a default name is
    shown in the reader's words: lama.i18n.names). Saves the record to `record` (default: a new
    GAME-DATE-TIME.record.json here); returns the exit code of `lama play`."""
    from lama.fast.kernel import COMPILED
    from lama.match import Table, new_seed

    from .session import Leave, TerminalGame

    console = console or Console(highlight=False)
    seed = seed if seed is not None else new_seed()
    path = Path(record) if record else _default_record_path(game.id)
    seen_as = shown_names(names)  # what people read and type: `1 to Schwer 2`
    ui = TerminalGame(game, seen_as, humans, console=console, input_fn=input_fn, record_path=path)
    seats = [None if s in humans else guarded(bots[s], s, seen_as[s]) for s in range(game.players)]
    table = Table(game, seats, seed, names=names, on_events=ui.on_events)
    ui.attach(table)
    try:
        ui.save()
    except OSError as e:
        print("lama play: " + _("cannot write the record to {path}: {error}").format(path=path, error=e.strerror or e),
              file=sys.stderr)
        return 2
    # The seed and the record's path are told at the end: either would show the deal.
    tell(console, names_line(seen_as, humans) + "\n" + _("The game is recorded as it goes. Type ? for help."))
    again = _("Seed {seed} (the same deals again: --seed {seed}).").format(seed=seed)
    if not COMPILED:
        tell(console, _("Note: numba is not installed, so the search (hard bots, hints) runs as plain Python: "
                        "up to a second per move, several in dice. The `fast` extra (in a checkout: "
                        "pip install -e '.[fast]') makes it about thirty times faster."))
    try:
        ui.play()
    except Leave:
        ui.save()
        tell(console, "\n" + _("You left the game before its end. The record so far is saved in {path}.").format(
            path=path) + " " + again, keep_words=True)
        return 0
    except KeyboardInterrupt:
        ui.save()
        saved = _("Interrupted. The record so far is saved in {path}.").format(path=path)
        tell(console, f"\n{saved} {again}", keep_words=True)
        return 130
    except BotFailed as e:
        ui.save()
        print("lama play: " + _("{error}; the game cannot go on. The record so far is saved in {path}.").format(
            error=e, path=path) + " " + again, file=sys.stderr)
        return 1
    ui.save()
    tell(console, _("The record is saved in {path} (replay it with: lama replay {path}).").format(path=path)
         + " " + again, keep_words=True)
    return 0


class BotFailed(Exception):
    """A bot raised, or returned something that is not a legal action: the message says which."""


def guarded(bot, seat: int, name: str):
    """`bot` as a policy whose failures are a BotFailed with a one-line message."""
    def policy(view, rng):
        try:
            action = bot(view, rng)
            legal = action in view.legal_actions
        except (Exception, SystemExit) as e:
            why = " ".join(f"{type(e).__name__}: {e}".split())[:200]
            raise BotFailed(f"the bot of {seat_numbers.word(seat)} ({name}) failed: {why}") from None
        if not legal:
            raise BotFailed(f"the bot of {seat_numbers.word(seat)} ({name}) chose {shown(action, 60)}, "
                            "which is not one of "
                            f"the legal actions ({', '.join(map(str, view.legal_actions))})")
        return action
    return policy


def names_line(names, humans) -> str:
    seats = ", ".join(f"{seat_numbers.number(s)}: {n}" + (_(" (human)") if s in humans else "")
                      for s, n in enumerate(names))
    return _("Seats - {seats}.").format(seats=seats)
