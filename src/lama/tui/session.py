"""A game at the terminal: a loop over a `lama.match.Table` whose human seats are played
from the keyboard and whose other seats are bots.

`TerminalGame.play()` lets the table advance, asks the human whose move the table waits for,
and hands the move to the table; `on_events` receives every batch of events. Each human sees the events since their last turn
passed through `event.for_seat(their seat)` (a bot's drawn card never shows); several humans at
one terminal get a "pass the terminal" screen between turns so nobody sees another's hand. The
record is saved after every batch of events, so an interrupted game keeps it.
"""

from __future__ import annotations

import sys
from typing import Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from lama.core import GameOver, RoundScored
from lama.games import GAMES

from .render import event_text, round_table, turn_screen, winners_text
from .rules import rules_text
from .syntax import Command, InputError, resolve

SPECTATOR = -1  # for_seat of a seat that does not exist: every private card hidden


class Leave(Exception):
    """The person at the terminal left the game (end of input or `exit`)."""


def move_hint(view) -> str:
    """The short forms of what is legal now, for the prompt."""
    hints = []
    for a in view.legal_actions:
        if a.kind == "play":
            h = a.card if a.give is None else f"{a.card}>{a.give}"
        elif a.kind == "discard":
            h = " ".join(a.cards)
        elif a.kind == "take":
            h = f"t {a.card}"
        else:
            h = {"draw": "d", "quit": "q", "skip": "s", "take_stage": "t", "roll": "r"}.get(a.kind, str(a))
        if h not in hints:
            hints.append(h)
    if len(hints) > 8:  # many discard choices: name the largest few
        hints = hints[-6:]
    return ", ".join(hints + ["h", "?"])


def odds_text(view) -> str:
    """Dice: the exact odds of this seat's next roll (D3), over all 216 rolls."""
    if not view.dice:  # only dice has dice
        return "odds are shown in dice only"
    from lama.games.dice_odds import roll_odds

    last_seat = sum(not q for q in view.quit) == 1
    odds = roll_odds(view.displays[view.seat], view.row, view.dice, last_seat=last_seat)
    return "Your next roll: " + str(odds) + (" (you are the last seat in: a miss is a bust)" if last_seat else "")


class TerminalGame:
    def __init__(self, game, names: list[str], humans: list[int], console: Console | None = None,
                 input_fn: Callable[[str], str] | None = None, record_path=None):
        self.game = game
        self.names = names
        self.humans = list(humans)
        self.console = console or Console(highlight=False)
        self.input_fn = input_fn or self._console_input
        self.record_path = record_path
        self.table = None  # set by attach()
        self.buffers = {h: [] for h in self.humans}
        self.public: list = []  # events as anybody may see them (for hot-seat round summaries)
        self.history: list[RoundScored] = []
        self.last_viewer: int | None = None
        self.private = False  # a human's hand is on the screen

    def attach(self, table) -> None:
        self.table = table

    def play(self) -> None:
        """Play to the end of the game (Leave or KeyboardInterrupt when the human leaves)."""
        table = self.table
        while True:
            table.advance()
            seat = table.waiting_for()
            if seat is None:
                return
            action = self.ask(table.view(seat))
            table.act(seat, action, table.version)

    # -- input -----------------------------------------------------------------------------
    def _console_input(self, prompt: str) -> str:
        text = self.console.input(Text(prompt))
        if not sys.stdin.isatty():  # scripted input: echo it so the transcript reads right
            self.console.print(text, markup=False, highlight=False)
        return text

    def read(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Leave() from None

    # -- the record --------------------------------------------------------------------------
    def save(self) -> None:
        if self.record_path is not None and self.table is not None:
            self.table.record.save(self.record_path)

    # -- events ------------------------------------------------------------------------------
    def on_events(self, events) -> None:
        self.save()
        for event in events:
            for h in self.humans:
                self.buffers[h].append(event.for_seat(h))
            self.public.append(event.for_seat(SPECTATOR))
            if isinstance(event, RoundScored):
                self.history.append(event)
                self._round_over()
            elif isinstance(event, GameOver):
                self.console.print(winners_text(event.winners, event.scores, self.names), soft_wrap=True)

    def _round_over(self) -> None:
        """Show how the round ended (what led to it, as the viewer may see it) and the scores."""
        if len(self.humans) == 1:
            viewer, events = self.humans[0], self.buffers[self.humans[0]]
        else:
            viewer, events = None, self.public
            self._hide()  # the last hand shown goes; the results are for everyone
        lines = [t for t in (event_text(e, viewer, self.names) for e in events) if t]
        self.console.print(Rule(f"Round {self.history[-1].round + 1} is over"))
        for line in lines:
            self.console.print(Text(line))
        self.console.print(round_table(self.history, self.names))
        for h in self.humans:
            self.buffers[h].clear()
        self.public.clear()

    # -- a human's turn ----------------------------------------------------------------------
    def explain(self, action) -> str | None:
        """The table's reason why `action` is not a legal move of the seat to move."""
        if self.table is None or self.table.to_move is None:
            return None
        return self.table.explain(self.table.to_move, action)

    def _hide(self) -> None:
        """Clear the screen (and its scrollback) if a human's hand is on it."""
        if self.private and self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\033[3J")
            self.console.file.flush()
        self.private = False

    def show_turn(self, view, summary: bool = True) -> None:
        seat = view.seat
        name = self.names[seat]
        if summary:
            lines = [t for t in (event_text(e, seat, self.names) for e in self.buffers[seat]) if t]
            self.buffers[seat].clear()
            if lines:
                self.console.print(Text("Since your last turn:", style="bold"))
                for line in lines:
                    self.console.print(Text("  " + line))
        game_name = GAMES[view.game].name if view.game in GAMES else view.game
        title = (f" {game_name} - round {view.round + 1} - "
                 f"{name}'s turn (seat {seat}) - game ends at {view.target} points ")
        self.console.print(turn_screen(view, self.names, title))

    def hint(self, view) -> None:
        """Issue 5: every legal action rated by the strongest bot, from this seat's view only.
        Its generator is seeded from the game, so the same position gives the same hint."""
        import random

        from lama.bots.hints import show_hints

        self.console.print(Text("Thinking...", style="dim"))
        seed = self.table.seed if self.table is not None else 0
        decisions = self.table.decisions if self.table is not None else 0
        show_hints(view, self.console, random.Random(f"lama-hint:{seed}:{view.round}:{decisions}"))

    def ask(self, view):
        seat = view.seat
        name = self.names[seat]
        if len(self.humans) > 1 and self.last_viewer != seat:
            self._hide()
            self.console.print(Rule())
            self.console.print(Text(f"Pass the terminal to {name} (seat {seat}) and press Enter.", style="bold"))
            self.read("")
            self._hide()
        self.last_viewer = seat
        self.show_turn(view)
        self.private = True
        while True:
            text = self.read(f"{name}, your move ({move_hint(view)}): ")
            try:
                result = resolve(text, view, self.names, self.explain)
            except InputError as e:
                self.console.print(Text(str(e), style="red"), soft_wrap=True)
                continue
            if isinstance(result, Command):
                if result.name == "exit":
                    raise Leave()
                if result.name == "help":
                    self.console.out(rules_text(view.game), highlight=False)
                elif result.name == "hint":
                    self.hint(view)
                elif result.name == "odds":
                    self.console.print(Text(odds_text(view)), soft_wrap=True)
                else:
                    self.show_turn(view, summary=False)
                continue
            return result
