"""A game at the terminal: a loop over a `lama.match.Table` whose human seats are played
from the keyboard and whose other seats are bots.

`TerminalGame.play()` lets the table advance, asks the human whose move the table waits for,
and hands the move to the table; `on_events` receives every batch of events. Each human sees the
events since their last turn
passed through `event.for_seat(their seat)` (a bot's drawn card never shows); several humans at
one terminal get a "pass the terminal" screen between turns so nobody sees another's hand. The
record is saved after every batch of events, so an interrupted game keeps it.

At the end of each round everyone is shown every seat's revealed hand (public: hands are
scored face up), what it cost, the chips given back or moved, and the points before and
after, and the game waits for Enter before the next deal (in a hot-seat game before the
terminal is passed on). `s`/`scores` shows every round's points at any prompt.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from lama.core import QUIT, GameOver, RoundScored
from lama.i18n import _
from lama.i18n.numbers import number, percent
from lama.record.ledger import Ledger

from .render import (
    ended_text,
    event_text,
    facts,
    roll_in_hand,
    round_recap,
    score_history,
    seat_word,
    short,
    tell,
    turn_screen,
    winners_text,
)
from .rules import rules_text, wrap_rules
from .syntax import Command, InputError, resolve, seat_control, seat_of, typed_moves, typed_seat

SPECTATOR = -1  # for_seat of a seat that does not exist: every private card hidden
MAX_LINE = 200  # longer input lines are refused
YES = ("y", "yes")  # and the reader's language's own yes (see confirm_quit)


class Leave(Exception):
    """The person at the terminal left the game (end of input or `exit`)."""


def move_hint(view) -> str:
    """The short forms of what is legal now, for the prompt: cards, a play naming a seat as
    typed (`1>2`), and the keys the game's controls declare (a control without one: its word)."""
    keys = {c.kind: c.key or c.words[0] for c in facts(view.game).controls if c.key or c.words}
    control = seat_control(view.game)
    hints = []
    for a in view.legal_actions:
        seat = seat_of(a, control)
        if a.kind == "play":
            h = a.card if seat is None else typed_seat(a.card, seat, control)
        elif a.kind == "discard":
            h = " ".join(a.cards)
        elif a.kind == "take":
            h = f"t {a.card}"
        else:
            h = keys.get(a.kind, str(a))
        if h not in hints:
            hints.append(h)
    if len(hints) > 8:  # many discard choices: name the largest few
        hints = hints[-6:]
    extra = ["h", "o", "?"] if view.dice else ["h", "?"]
    return ", ".join(hints + extra)


def odds_text(view) -> str:
    """Dice: what the roll in hand allows, or the exact odds of this seat's next roll (D3)."""
    if not view.dice:  # only dice has dice
        return _("odds are shown in dice only")
    from lama.games.dice_odds import next_roll_odds

    if roll_in_hand(view):
        return roll_text(view)
    odds, last_seat = next_roll_odds(view)
    shares = {key: percent(float(getattr(odds, key))) for key in ("three_llamas", "match", "miss", "bust")}
    odds = _("three llamas {three_llamas}, match {match}, miss {miss}, bust {bust}; cards you can expect to "
             "discard: {discard}").format(discard=number(float(odds.expected_discard), 2), **shares)
    # (dice_odds.TEXT, in the reader's language and numbers)
    return _("Your next roll: {odds}").format(odds=odds) + (
        _(" (you are the last seat in: a miss is a bust)") if last_seat else "")


def roll_text(view) -> str:
    """Dice, after a roll: what the dice in hand let this seat do."""
    rolled = " ".join(view.roll)
    discards = [a.cards for a in view.legal_actions if a.kind == "discard"]
    takes = [a.card for a in view.legal_actions if a.kind == "take"]
    if discards:
        most = max(discards, key=len)
        kinds = sorted({c for cards in discards for c in cards})
        if len(most) == 1:
            return _("You rolled {roll}: a match. Throw away the {card} from your display (type {card}).").format(
                roll=rolled, card=most[0])
        return _("You rolled {roll}: a match. Throw away from your display any of {cards}, up to {n} cards: "
                 "all of them is '{all}'.").format(roll=rolled, cards=", ".join(kinds), n=len(most),
                                                   all=" ".join(most))
    if takes:
        return _("You rolled {roll}: a miss. Take one of these cards from the llama row into your display: "
                 "{cards} (e.g. 't {card}').").format(roll=rolled, cards=", ".join(takes), card=takes[0])
    return _("You rolled {roll}.").format(roll=rolled)


def more_keys(game: str) -> str:
    """What the terminal game adds to the rules' list of keys."""
    scores = "`scores`" if "s" in typed_moves(game) else _("`s` or `scores`")  # a control's key wins
    return _("Also: {scores} shows every round's points (at any prompt); `q` asks first if you can "
             "still play a card; at a real terminal the arrow keys edit the line and bring back "
             "earlier ones. After each round everyone's cards are shown, then Enter deals the next "
             "round.").format(scores=scores) + "\n"


_readline_ready = False


def _enable_readline() -> None:
    """Line editing and history (arrow keys) for input() at a real terminal."""
    global _readline_ready
    if _readline_ready:
        return
    _readline_ready = True
    try:
        import readline
    except ImportError:  # not on every platform
        return
    readline.set_history_length(200)


class TerminalGame:
    def __init__(self, game, names: list[str], humans: list[int], console: Console | None = None,
                 input_fn: Callable[[str], str] | None = None, record_path=None):
        self.game = game
        self.names = names
        self.humans = list(humans)
        self.bots = {s for s in range(len(names)) if s not in self.humans}
        self.console = console or Console(highlight=False)
        self.input_fn = input_fn or self._console_input
        self.record_path = record_path
        self.table = None  # set by attach()
        self.buffers = {h: [] for h in self.humans}
        self.public: list = []  # events as anybody may see them (for hot-seat round summaries)
        self.history: list[RoundScored] = []
        self.notes = {h: [] for h in self.humans}  # one line per round ended since a human's last turn
        self.start: tuple[int, ...] = (0,) * len(names)  # the points when the game started
        self.ledger = Ledger(self.start)  # where the points went, round by round
        self.last_viewer: int | None = None
        self.private = False  # a human's hand is on the screen
        self.hinted = False  # the hints' "How" paragraph was shown (it is shown once a session)
        self.prompt_note: Callable[[], str] | None = None  # said before each move prompt (an online clock)

    @property
    def game_id(self) -> str:
        return getattr(self.game, "id", "")

    def attach(self, table) -> None:
        self.table = table
        self.start = tuple(table.view(None).points)
        self.ledger = Ledger(self.start)

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
        if sys.stdin.isatty() and self.console.is_terminal:
            _enable_readline()
            return input(prompt)  # readline edits the line and knows the prompt
        text = self.console.input(Text(prompt))
        if not sys.stdin.isatty():  # scripted input: echo it so the transcript reads right
            self.console.print(text, markup=False, highlight=False)
        return text

    def read(self, prompt: str) -> str:
        """One line from the person; a line longer than MAX_LINE is refused and asked again."""
        while True:
            try:
                text = self.input_fn(prompt)
            except EOFError:
                raise Leave() from None
            if len(text) <= MAX_LINE:
                return text
            self.say(_("That line is too long ({n} characters; at most {most}). Try again.").format(
                n=len(text), most=MAX_LINE), "red")

    def say(self, text: str, style: str = "") -> None:
        """A message, wrapped between words to the terminal's width."""
        tell(self.console, text, style)

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
            public = event.for_seat(SPECTATOR)
            self.public.append(public)
            self.ledger.add(public, self.table.view(None).points if self.table is not None else self.start)
            if isinstance(event, RoundScored):
                self.history.append(event)
                self._round_over(event)
            elif isinstance(event, GameOver):
                self.say(winners_text(event.winners, event.scores, self.names), "bold green")

    def _round_over(self, r: RoundScored) -> None:
        """Show how the round ended (what led to it, as the viewer may see it), every seat's
        revealed hand, penalty, chips and points; then wait for Enter before the next deal."""
        hot_seat = len(self.humans) > 1
        if not hot_seat:
            viewer, events = self.humans[0], self.buffers[self.humans[0]]
        else:
            viewer, events = None, self.public
            self._hide()  # the last hand shown goes; the results are for everyone
        game = self.game_id
        lines = [t for t in (event_text(e, viewer, self.names, game) for e in events) if t]
        round_number = r.round + 1
        self.console.print(Rule(_("Round {round} is over: {ended}").format(
            round=round_number, ended=ended_text(r, self.names, game, viewer))))
        for line in lines:
            self.say("  " + line)
        entry = self.ledger.rounds[-1]
        self.console.print(round_recap(r, entry, self.names, game, self.bots, viewer, self.console.width))
        for h in self.humans:
            self.buffers[h].clear()
            if hot_seat:
                self.notes[h].append(
                    _("Round {round} is over ({ended}): you got +{penalty}").format(
                        round=round_number, ended=ended_text(r, self.names, game, h), penalty=number(r.penalties[h]))
                    + (_(", gave back {points}").format(points=number(entry.back[h])) if entry.back[h] else "")
                    + (_(", chips {change}").format(change=number(entry.chips[h], sign=True)) if entry.chips[h] else "")
                    + _("; you have {points} points now (s: every round's points).").format(
                        points=number(r.scores[h])))
        self.public.clear()
        finished = self.table is not None and self.table.finished
        if not finished:
            who = _("Everyone has seen the results? ") if hot_seat else ""
            self.pause(who + _("Press Enter for round {round} (s: scores, exit: leave): ").format(
                round=round_number + 1))
            self.last_viewer = None  # hot seat: the terminal is passed on before any hand shows

    def pause(self, prompt: str) -> None:
        """Wait for Enter; `s`/`scores` shows the score history, `exit` leaves."""
        while True:
            text = self.read(prompt).strip().lower()
            if not text:
                return
            if text in ("s", "scores", "score"):
                self.show_scores()
            elif text in ("exit", "leave"):
                raise Leave()
            else:
                self.say(_("Press Enter to go on (s: scores, exit: leave the game)."), "red")

    def show_scores(self) -> None:
        if not self.history:
            self.say(_("No round has ended yet: everyone has {points} points.").format(
                points=", ".join(number(p) for p in sorted(set(self.start)))))
            return
        self.console.print(score_history(self.history, self.names, self.start, self.console.width))

    # -- a human's turn ----------------------------------------------------------------------
    def explain(self, action):
        """The table's refusal of `action` by the seat to move (lama.match.Refused), or None."""
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
        if summary:
            lines = self.notes.get(seat, [])[:]
            lines += [t for t in (event_text(e, seat, self.names, view.game) for e in self.buffers[seat]) if t]
            self.buffers[seat].clear()
            self.notes.get(seat, []).clear()
            if lines:
                self.say(_("Since your last turn:"), "bold")
                for line in lines:
                    self.say("  " + line)
        self.console.print(turn_screen(view, self.names, bots=self.bots))

    def hint(self, view) -> None:
        """Issue 5: every legal action rated by the strongest bot, from this seat's view only.
        Its generator is seeded from the position (lama.bots.hints.hint_rng), so the same
        position gives the same hint here, in `lama hint` and in the browser."""
        from .hints import show_hints

        self.say(_("Thinking..."), "dim")
        # the paragraph on how hints are found, once a session: five lines on every hint would
        # push a six-seat table off a 24-line screen
        show_hints(view, self.console, names=self.names, how=not self.hinted)
        self.hinted = True

    def page(self, text: str) -> None:
        """Long text one screen at a time on a terminal (Enter: the next screen, q: back to the
        game); all at once where nobody scrolls (a pipe, a file)."""
        lines = text.splitlines()
        screen = self.console.height - 1 if self.console.is_terminal else 0  # a line for the prompt
        if screen < 5 or len(lines) <= screen:
            self.console.out(text, highlight=False)
            return
        for start in range(0, len(lines), screen):
            end = min(start + screen, len(lines))
            self.console.out("\n".join(lines[start:end]), highlight=False)
            if end < len(lines):
                answer = self.read(_("Help, lines {first}-{last} of {n}. Enter: more, q: back to your move: ").format(
                    first=start + 1, last=end, n=len(lines)))
                if answer.strip():
                    return

    def confirm_quit(self, view) -> bool:
        """`q` while cards can still be played: ask first."""
        playable = list(dict.fromkeys(a.card for a in view.legal_actions if a.kind == "play"))
        if not playable:
            return True
        cards = ", ".join(playable)
        answer = self.read(_("You can still play {cards}. Quit the round anyway? (y/n): ").format(
            cards=cards)).strip().lower()
        # i18n: the words that answer yes to a question, separated by commas (y and yes also do)
        if answer in YES or answer in {w.strip() for w in _("y,yes").lower().split(",")}:
            return True
        self.say(_("You stay in the round."))
        return False

    def ask(self, view):
        seat = view.seat
        name = short(self.names[seat])
        if len(self.humans) > 1 and self.last_viewer != seat:
            self._hide()
            self.console.print(Rule())
            self.say(_("Pass the terminal to {name} ({seat}) and press Enter.").format(
                name=self.names[seat], seat=seat_word(seat)), "bold")
            self.read("")
            self._hide()
        self.last_viewer = seat
        self.show_turn(view)
        self.private = True
        while True:
            note = self.prompt_note() if self.prompt_note is not None else ""
            text = self.read(note + _("{name}, your move ({moves}): ").format(name=name, moves=move_hint(view)))
            try:
                result = resolve(text, view, self.names, self.explain)
            except InputError as e:
                self.say(str(e), "red")
                continue
            if isinstance(result, Command):
                if result.name == "exit":
                    raise Leave()
                if result.name == "help":
                    self.page(wrap_rules(rules_text(view.game) + "\n" + more_keys(view.game), self.console.width))
                elif result.name == "hint":
                    self.hint(view)
                elif result.name == "odds":
                    self.say(odds_text(view))
                elif result.name == "scores":
                    self.show_scores()
                else:
                    self.show_turn(view, summary=False)
                continue
            if result == QUIT and not self.confirm_quit(view):
                continue
            return result
