"""Local bots at online tables: `play_bots` seats one bot per link (a thread each, so one process
can play a bot author's whole tournament) and plays each seat to the end of its game, from the
same Views a local bot gets (lama.online.convert). A bot that fails or chooses a move that is not
legal ends its seat with one line that says so; the server's refusal likewise."""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from lama.core import seats as seat_numbers
from lama.core.jsonform import shown
from lama.i18n import _

from .client import Refused, SeatClient
from .link import JoinError, Link, take_seat


class BotFailed(Exception):
    """The bot raised, or chose something that is not one of the legal actions."""


@dataclass
class Outcome:
    """How one seat's game went: `error` is None when it was played to the end."""

    link: Link
    seat: int | None = None
    token: str | None = None
    error: str | None = None
    points: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    decisions: int = 0
    views: list | None = None  # every View the bot decided at, when asked for (tests)

    def line(self) -> str:
        where = f"{self.link.base}/tables/{self.link.table}"
        if self.error is not None:
            return f"{where}: {self.error}"
        if self.seat in self.winners:
            said = _("{table}: seat {seat} won with {points} points ({n} moves).")
        else:
            said = _("{table}: seat {seat} lost with {points} points ({n} moves).")
        return said.format(table=where, seat=seat_numbers.number(self.seat), points=self.points[self.seat],
                           n=self.decisions)


def bot_player(bot, rng: random.Random, outcome: Outcome, keep_views: bool = False):
    """The player of SeatClient.run for `bot`: its action's JSON at every State with legal moves."""
    def player(state):
        if state.finished:
            outcome.points, outcome.winners = tuple(state.view.points), tuple(state.view.winners)
            return None
        view = state.view
        if not view.legal_actions:
            return None
        if keep_views:
            outcome.views.append((state.version, view))
        try:
            action = bot(view, rng)
            legal = action in view.legal_actions
        except Exception as e:  # noqa: BLE001 - a bot's own code: told in one line
            why = " ".join(f"{type(e).__name__}: {e}".split())[:200]
            raise BotFailed(_("the bot failed: {error}").format(error=why)) from None
        if not legal:
            raise BotFailed(_("the bot chose {action}, which is not one of the legal actions ({legal})").format(
                action=shown(action, 60), legal=", ".join(map(str, view.legal_actions)))) from None
        outcome.decisions += 1
        return action.to_json()
    return player


def play_seat(link: Link, bot, name: str, lang: str = "en", seed: int | None = None, on_notice=None,
              keep_views: bool = False) -> Outcome:
    """Take or continue the seat of `link` and let `bot` play it to the end; never raises."""
    outcome = Outcome(link, views=[] if keep_views else None)
    try:
        outcome.seat, outcome.token = take_seat(link, name, lang)
        client = SeatClient(link, outcome.token, lang, on_notice=on_notice)
        rng = random.Random(seed if seed is not None else random.SystemRandom().getrandbits(64))
        client.run(bot_player(bot, rng, outcome, keep_views))
        outcome.seat = client.seat
    except (JoinError, Refused, BotFailed) as e:
        outcome.error = str(e)
    except Exception as e:  # noqa: BLE001 - whatever else went wrong ends this seat, in one line
        outcome.error = " ".join(f"{type(e).__name__}: {e}".split())[:300]
    return outcome


def play_bots(links: list[Link], bot_for, name: str, lang: str = "en", seed: int | None = None,
              on_notice=None, keep_views: bool = False) -> list[Outcome]:
    """Every link's seat played by its own bot (`bot_for()` makes one), each in a thread; the
    outcomes in the order of the links."""
    outcomes: list[Outcome | None] = [None] * len(links)

    def run(i: int, link: Link) -> None:
        own = name if len(links) == 1 else f"{name} {i + 1}"
        outcomes[i] = play_seat(link, bot_for(), own[:40], lang, None if seed is None else seed + i, on_notice,
                                keep_views)

    threads = [threading.Thread(target=run, args=(i, link), daemon=True) for i, link in enumerate(links)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes
