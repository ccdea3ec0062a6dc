"""Game state shared by every game of the family: seats, turns, rounds, chips,
scoring and game end (rules C1, C3–C6). Each game adds its own turn rules in
a subclass; the card games share `CardState` (cardstate.py).

A state is mutated only through `apply` (a seat's action) and `apply_chance`
(a deal, a drawn card, a roll). Both validate everything before changing
anything: an illegal input raises `IllegalAction` and leaves the state as it was.
"""

from __future__ import annotations

from . import seats as seat_numbers
from .display import CHIPS
from .errors import IllegalAction, InvalidView
from .events import ChipReturned, GameOver, RoundScored
from .shape import Shape


def highest_chip(points: int, chips=CHIPS) -> int:
    """C3, P5: the value of the highest chip held (10, 1, or 0 for none; 20 with pink chips).

    `chips` are the game's (Game.chips: (colour, value) pairs, highest first); points are held
    with as few chips as the exchange allows, so the highest is the first value not above them."""
    for _, value in chips:
        if points >= value:
            return value
    return 0


def lowest_chip(points: int, chips=CHIPS) -> int:
    """C3, P5: the value of the lowest chip held (1, 10, or 0 for none; by the game's `chips`)."""
    lowest = 0
    for _, value in chips:  # the exchange, highest chip first: the last one taken is the lowest
        if points >= value:
            lowest = value
            points %= value
    return lowest


def not_an_action(action) -> IllegalAction:
    """The error `apply` raises for anything that is not an Action (checked before all else)."""
    return IllegalAction("not_an_action", action=action)


class State:
    __slots__ = (
        "game", "n", "points", "round", "quit", "n_in", "to_move", "chance",
        "starter", "history", "finished", "winners",
    )

    start_points = 0  # K2 sets 3
    shape = Shape()  # what a game adds to these fields (lama.core.shape)

    def __init__(self, game):
        self.game = game
        self.n = game.players
        self.points = [self.start_points] * self.n
        self.round = -1  # no round dealt yet
        self.quit = [False] * self.n
        self.n_in = self.n
        self.to_move: int | None = None
        self.chance: str | None = "deal"  # what chance must resolve: deal, draw, roll
        self.starter = game.first_player  # C4
        self.history: list[RoundScored] = []
        self.finished = False
        self.winners: tuple[int, ...] = ()

    # -- copying ---------------------------------------------------------
    def clone(self):
        new = object.__new__(type(self))
        new._copy_from(self)
        return new

    def _copy_from(self, other):
        self.game = other.game
        self.n = other.n
        self.points = other.points[:]
        self.round = other.round
        self.quit = other.quit[:]
        self.n_in = other.n_in
        self.to_move = other.to_move
        self.chance = other.chance
        self.starter = other.starter
        self.history = other.history[:]
        self.finished = other.finished
        self.winners = other.winners

    # -- turns -----------------------------------------------------------
    def check_turn(self, seat) -> None:
        """Raise IllegalAction unless a seat is to move and `seat` (if not None) is that seat.

        `apply` starts with it; a driver may call it to ask before building an action."""
        if self.to_move is None:
            if self.finished:
                raise IllegalAction("game_over")
            raise IllegalAction("chance_pending", chance=self.chance)
        if seat is not None and seat != self.to_move:
            raise IllegalAction("not_your_turn", seat=seat_numbers.number(seat),
                                to_move=seat_numbers.number(self.to_move))

    @property
    def chance_before_turn(self) -> int | None:
        """The seat whose turn waits on the pending chance outcome, which the rules put before
        it (a hook: K5's forced draw); None when none does (nothing pending, a deal, or a draw
        that ends its seat's turn)."""
        return None

    def next_seat(self, seat: int) -> int:
        """C1: the next seat after `seat` that has not quit (needs one still in)."""
        n, quit = self.n, self.quit
        s = (seat + 1) % n
        while quit[s]:
            s = (s + 1) % n
        return s

    def _quit(self, seat: int, events: list) -> list:
        self.quit[seat] = True
        self.n_in -= 1
        if self.n_in == 0:
            return self.end_round("all_quit", seat, events)
        self._pass_turn(seat)
        return events

    def _pass_turn(self, seat: int) -> None:
        """Give the turn to the next seat still in (a hook for K5)."""
        self.to_move = self.next_seat(seat)

    # -- hooks a game may override --------------------------------------
    # The core calls these; a game's State subclass overrides them (calling the base where it
    # adds to it). Drivers do not call them, except a playout that scores a round it played
    # out on the state's own fields (`end_round`).
    def penalties(self) -> list[int]:
        """Hook: C7 for every seat at the end of a round (K11 adds the magic chip)."""
        raise NotImplementedError

    def start_round(self) -> None:
        """Hook: the round-level fields for a new round, once its deal is valid (C4)."""
        self.round += 1
        self.quit = [False] * self.n
        self.n_in = self.n
        self.chance = None
        self.to_move = self.starter

    def end_round(self, ended_by: str, ender: int, events: list) -> list:
        """Hook: L4/L5: score the round (C7, C5), then check for game end (C6); appends the
        events to `events` and returns it. K11 scores the magic chip first."""
        penalties = self.penalties()
        points = self.points
        for s in range(self.n):
            points[s] += penalties[s]
        returned = [0] * self.n
        if ended_by == "empty_hand":  # C5, P5: the highest of the game's chips
            chip = highest_chip(points[ender], self.game.chips)
            if chip:
                points[ender] -= chip
                returned[ender] = chip
                events.append(ChipReturned(ender, chip, "C5"))
        scored = RoundScored(self.round, ended_by, ender, tuple(penalties), tuple(returned), tuple(points),
                             self.revealed_hands())
        self.history.append(scored)
        events.append(scored)
        self.to_move = None
        if max(points) >= self.game.target:  # C6
            low = min(points)
            self.finished = True
            self.chance = None
            self.winners = tuple(s for s in range(self.n) if points[s] == low)
            events.append(GameOver(tuple(points), self.winners))
        else:
            self.chance = "deal"
            self.starter = ender  # C4
        return events

    def revealed_hands(self) -> tuple[tuple[str, ...], ...]:
        """Every seat's cards (or display) as they are counted at the round's end."""
        return ()

    # -- a full state from one seat's view (OpenSpiel's resample_from_infostate) --------
    @classmethod
    def from_view(cls, game, view):
        """A state of `game` holding every fact `view` shows (`_restore`) and nothing else: the
        cards its seat cannot see are not placed (`unseen`, `place_hidden`). InvalidView if the
        view is not one of this game's."""
        if view.game != game.id or view.players != game.players:
            raise InvalidView(f"a view of {view.game} for {view.players} players is not one of {game!r}")
        state = cls(game)
        state._restore(view)
        return state

    @classmethod
    def resample_from_view(cls, game, view, shuffle=None):
        """A full state that `view.seat` cannot tell from the true one: `from_view`, then the
        unseen cards (a list of kinds in table order; `shuffle(cards)` reorders it in place,
        e.g. a seeded `rng.shuffle`; None keeps that order) placed by `place_hidden`. Its view for
        `view.seat` is `view`, and it holds every card of the deck."""
        state = cls.from_view(game, view)
        cards = [kind for kind, count in enumerate(state.unseen()) for _ in range(count)]
        if shuffle is not None:
            shuffle(cards)
        state.place_hidden(cards)
        return state

    def _restore(self, view) -> None:
        """Hook: set every field from what `view` shows (each game adds its own). Here C1, C3-C6:
        points, the round, quits, whose turn, the game's end, the rounds scored, and the starter
        of this round (C4: the last round's ender; a round that ended the game changes none)."""
        self.points = list(view.points)
        self.round = view.round
        self.quit = list(view.quit)
        self.n_in = self.quit.count(False)
        self.to_move = view.to_move
        self.finished = view.finished
        self.winners = tuple(view.winners)
        self.history = list(view.history)
        self.chance = "deal" if view.to_move is None and not view.finished else None
        starters = [self.game.first_player] + [r.ender for r in view.history]
        self.starter = starters[-2] if view.finished and view.history else starters[-1]

    def unseen(self) -> list[int]:
        """Per kind, the cards of the game this state does not place (none: a game whose
        hidden cards play no part, and every full state)."""
        return []

    def hidden_slots(self) -> list[tuple[int, int]]:
        """(seat, cards it lacks) for every seat holding fewer cards than its size, in seat order."""
        return []

    def place_hidden(self, cards, slots=None) -> None:
        """Put `cards` (kinds, in the order given) where this state lacks them (nothing here)."""

    def with_hidden(self, cards, slots=None):
        """A copy with `cards` placed (place_hidden): one sample of many from one `from_view`."""
        state = self.clone()
        state.place_hidden(cards, slots)
        return state

    # -- the public interface every game implements -------------------------
    def legal_actions(self) -> list:
        raise NotImplementedError

    def legal_actions_mask(self) -> list[int]:
        """1 at the id of every legal action, 0 elsewhere (length game.num_distinct_actions())."""
        game = self.game
        mask = [0] * game.num_distinct_actions()
        for action in self.legal_actions():
            mask[game.action_id(action)] = 1
        return mask

    def apply(self, action, seat: int | None = None) -> list:
        """Apply the action of the seat to move; `seat`, if given, must be that seat.

        Anything but an Action raises IllegalAction `not_an_action`; nothing changes."""
        raise NotImplementedError

    def apply_chance(self, outcome) -> list:
        raise NotImplementedError

    def sample_chance(self, rng):
        """A chance outcome drawn with the driver's generator `rng` (a random.Random)."""
        raise NotImplementedError

    def view(self, seat: int | None):
        """What `seat` may see (`None`: a spectator, who sees what every seat sees)."""
        raise NotImplementedError

    def _view_common(self, seat: int) -> dict:
        return dict(
            game=self.game.id,
            seat=seat,
            players=self.n,
            round=self.round,
            to_move=self.to_move,
            points=tuple(self.points),
            quit=tuple(self.quit),
            target=self.game.target,
            finished=self.finished,
            winners=self.winners,
            history=tuple(self.history),
            legal_actions=tuple(self.legal_actions()) if seat is not None and seat == self.to_move else (),
            options=self.game.public_options,
        )
