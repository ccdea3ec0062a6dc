"""A seat of an online table at the terminal (`lama join LINK`): the terminal game of `lama play`
(lama.tui.session.TerminalGame: its screen, its move syntax, hints and languages) fed from the
server's `state` messages (lama.online.client) instead of a local table. It also tells what
only an online table has: the turn clock, the stand-in bots playing for people who are away or
out of time, and the link that continues the seat later."""

from __future__ import annotations

import math
import sys
import time

from rich.console import Console

from lama.i18n import _
from lama.i18n.names import shown_names

from .render import tell


class RemoteTable:
    """What TerminalGame reads of its table, from the last state the server sent."""

    def __init__(self):
        self.state = None

    def view(self, seat):
        return self.state.view

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state.finished

    to_move = None  # nothing to explain here: the server refuses what is not legal, and says why


def seat_changes(before: list[dict], after: list[dict], names, me: int) -> list[str]:
    """What changed of the seats' stand-ins, in words."""
    lines = []
    for old, new in zip(before, after):
        if old.get("stand_in") == new.get("stand_in"):
            continue
        seat, bot = new["seat"], new.get("stand_in")
        if bot and seat == me and new.get("stand_in_why") == "time":
            lines.append(_("Your time for the move ran out: a stand-in bot ({bot}) plays for you now.").format(
                bot=bot))
        elif bot and seat == me:
            lines.append(_("A stand-in bot ({bot}) plays for you now.").format(bot=bot))
        elif bot:
            lines.append(_("{name} is away: a stand-in bot ({bot}) plays for them.").format(name=names[seat], bot=bot))
        elif seat == me:
            lines.append(_("You have your seat back."))
        else:
            lines.append(_("{name} is back.").format(name=names[seat]))
    return lines


def seat_names(state) -> list[str]:
    """Every seat's name as shown, from a state's `seats` (a seat not taken yet: its number)."""
    names = [s.get("name") or str(s["seat"] + 1) for s in state.seats]
    return shown_names(names or [str(i + 1) for i in range(state.view.players)])


def stand_in_came(before: list[dict], after: list[dict], me: int) -> bool:
    """Whether a stand-in bot has just begun to play seat `me`."""
    return any(new["seat"] == me and new.get("stand_in") and not old.get("stand_in")
               for old, new in zip(before, after))


class OnlineGame:
    """The player of lama.online.client.SeatClient.run for a person at this terminal."""

    def __init__(self, console: Console, input_fn=None, client=None):
        self.console, self.input_fn = console, input_fn
        self.client = client  # the SeatClient: "I'm back" goes out through its outbox
        self.ui = None
        self.table = RemoteTable()
        self.seats: list[dict] = []
        self.deadline: float | None = None  # when this seat's turn clock runs out (time.monotonic)
        self.shown = -1  # the version whose events were told last

    def start(self, state) -> None:
        from lama.games import game_of

        from .session import TerminalGame

        view = state.view
        self.names = seat_names(state)
        self.ui = TerminalGame(game_of(view), self.names, [view.seat], console=self.console, input_fn=self.input_fn)
        self.ui.bots = {s["seat"] for s in state.seats if s.get("kind") == "bot"}
        self.ui.prompt_note = self.clock_note
        self.table.state = state
        self.ui.attach(self.table)
        self.seats = state.seats
        self.ui.say(_("You sit in seat {seat} as {name}. Type ? for help.").format(
            seat=view.seat + 1, name=self.names[view.seat]))

    def __call__(self, state):
        if self.ui is None:
            self.start(state)
        self.table.state = state
        me = state.view.seat
        if state.seats:  # seats taken since: their names (in place, the screen's own list)
            self.names[:] = seat_names(state)
        for line in seat_changes(self.seats, state.seats, self.names, me):
            self.ui.say(line, "yellow")
        took_over = stand_in_came(self.seats, state.seats, me)
        self.seats = state.seats or self.seats
        if state.status == "waiting" and not state.events:
            self.ui.say(_("Waiting for every seat to be taken..."), "dim")
        # a connection made again first gets the table's last events, told already unless the
        # table moved on meanwhile
        self.ui.on_events(state.events if state.version > self.shown else [])
        self.shown = max(self.shown, state.version)
        if took_over and not state.finished and self.client is not None:  # "I'm back", when the person is
            self.ui.read(_("Press Enter to take your seat back: "))
            self.client.outbox.append({"type": "stand_in", "seat": me, "bot": None})
            return None
        if state.finished or not state.legal:
            return None
        self.deadline = None
        if state.clock and state.clock.get("seat") == me and state.clock.get("seconds_left") is not None:
            self.deadline = time.monotonic() + float(state.clock["seconds_left"])
            self.ui.say(_("You have {seconds} seconds for this move.").format(
                seconds=int(state.clock["seconds_left"])), "dim")
        return self.ui.ask(state.view).to_json()

    def clock_note(self) -> str:
        """Before each move prompt: the seconds left on this seat's clock, as of now."""
        if self.deadline is None:
            return ""
        left = math.ceil(self.deadline - time.monotonic())
        if left <= 0:
            return _("[time is up: a stand-in may have moved for you] ")
        return _("[{seconds} s left] ").format(seconds=left)


def play_online(link, name: str, lang: str, console: Console | None = None, input_fn=None) -> int:
    """Take or continue the seat of `link` and play it here; the exit code of `lama join`."""
    from lama.online.client import Refused, SeatClient
    from lama.online.link import JoinError, take_seat

    from .session import Leave

    console = console or Console(highlight=False)
    try:
        seat, token = take_seat(link, name[:40], lang)
    except JoinError as e:
        print("lama join: " + str(e), file=sys.stderr)
        return 2
    again = _("Your seat's link (keep it to continue): {link}").format(link=link.seat_link(token))
    if seat is not None:
        tell(console, again, keep_words=True)
    game = OnlineGame(console, input_fn)
    client = SeatClient(link, token, lang, on_notice=lambda text: tell(console, text, "yellow"),
                        refusals_end=False)
    game.client = client
    try:
        client.run(game)
    except (Leave, KeyboardInterrupt) as e:
        tell(console, "\n" + _("You left the table; the game goes on without you. Continue it with: "
                               "lama join {link}").format(link=link.seat_link(token)), keep_words=True)
        return 130 if isinstance(e, KeyboardInterrupt) else 0
    except (JoinError, Refused) as e:
        print("lama join: " + str(e), file=sys.stderr)
        return 1
    tell(console, _("The game is over. Its record: {link}").format(
        link=f"{link.base}/api/tables/{link.table}/record"), keep_words=True)
    return 0
