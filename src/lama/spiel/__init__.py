"""The games as OpenSpiel Python games (the `spiel` extra: `pip install -e '.[spiel]'`).

    import pyspiel
    import lama.spiel                      # registers python_<id> for every game (python_party, ...)
    game = pyspiel.load_game("python_lama(players=4,target=20)")
    state = game.new_initial_state()

One registered game per game of lama.games, named `python_<id>`, its options as parameters:
`players` (2 to 6), `target`, `first_player`, `hand_size` (the card games), a yes-or-no option
as a bool (`party_on_party` in party), and the others as JSON text (`deck` in the card games,
`dice` in dice; "" keeps the default). The rules, the
actions and their ids are the core's (`game.action_of(id)`); this module only cuts chance
into explicit chance nodes OpenSpiel can enumerate, each with its probabilities:

- a deal, card by card: the hands in seat order, `hand_size` cards each, then (card games) the
  first face-up card; each outcome is a kind of card (its id in the game's table), with
  probability the cards of that kind left over the cards left;
- a draw: a kind, with probability its cards in the draw pile over the pile's size;
- a roll: die by die, a kind with probability its faces on that die over six.

Returns are the environments' "win": 1 shared among the winners at the game's end, so the
game is constant-sum (1). `observation_tensor` is lama.envs.observation's summary (Encoder),
`information_state_tensor` its information state (InfoEncoder: this round in order, the game
so far as points and chips); `information_state_string` is perfect recall: every move and
every chance outcome the seat saw, in order. `resample_from_infostate(player, sampler)` is
the game's own `resample_from_view` of the seat's view (the sampler seeds its shuffle).
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from lama.core.actions import Deal
from lama.envs.info_state import InfoEncoder
from lama.envs.observation import Encoder
from lama.games import GAMES, new_game

MAX_GAME_LENGTH = 10**6  # no bound is known (rounds can score nothing); a generous one

_NAMES = {}  # short name -> lama game id


def _plain(option) -> bool:
    """An option OpenSpiel takes as it is (a whole number or yes-or-no); the others as JSON text."""
    return option.type in ("integer", "seat", "boolean")


def _parameters(cls) -> dict:
    """OpenSpiel's parameter specification of a lama Game class: players and the whole-number
    and yes-or-no options, their defaults; every other option as JSON text ("" for its default)."""
    defaults = cls.default_options()
    spec = {"players": 4}
    for option in cls.all_options():
        spec[option.name] = defaults[option.name] if _plain(option) else ""
    return spec


def spiel_parameters(game_id: str, players: int, options: dict) -> dict:
    """OpenSpiel's parameters of a lama game with these options (lama_options undoes it)."""
    plain = {option.name: _plain(option) for option in GAMES[game_id].all_options()}
    return {"players": players, **{name: value if plain[name] else json.dumps(value)
                                   for name, value in options.items()}}


def _game_type(game_id: str, cls) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"python_{game_id}",
        long_name=f"Python {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


def lama_options(cls, params: dict) -> tuple[int, dict]:
    """(players, the lama options) from OpenSpiel's parameters (JSON text decoded)."""
    spec = _parameters(cls)
    params = {**spec, **dict(params)}
    options = {}
    for name, value in params.items():
        if name == "players":
            continue
        if isinstance(spec[name], str):
            if value != "":
                options[name] = json.loads(value)
        elif value != spec[name]:
            options[name] = value
    return params["players"], options


class SpielGame(pyspiel.Game):
    """A lama game as an OpenSpiel game (the subclass registered per game sets `lama_id`)."""

    lama_id = ""

    def __init__(self, params=None):
        cls = GAMES[self.lama_id]
        players, options = lama_options(cls, params or {})
        self.lama = new_game(self.lama_id, players, options)
        self.encoder = Encoder(self.lama)
        self.info_encoder = InfoEncoder(self.lama)
        self.codes = self.lama.kinds.codes
        info = pyspiel.GameInfo(
            num_distinct_actions=self.lama.num_distinct_actions(),
            max_chance_outcomes=len(self.codes),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.lama_id, cls), info, dict(params or {}))

    def new_initial_state(self):
        return SpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SpielObserver(self, perfect)


class _Shared:
    """An attribute OpenSpiel's clone (a deepcopy of each attribute) shares, not copies."""

    def __init__(self, value):
        self.value = value

    def __deepcopy__(self, memo):
        return self


class _Core:
    """The lama State, copied by its own `clone()` when OpenSpiel clones (a deepcopy would copy
    its Game too)."""

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Core(self.state.clone())


class SpielState(pyspiel.State):
    """An OpenSpiel state over a lama State (`.lama`): the deal and the roll in progress, and
    what each seat has seen (its tokens, and its InfoTracker). OpenSpiel clones it by deep
    copies of its attributes: the game is shared, the lama State cloned."""

    def __init__(self, game: SpielGame, lama_state=None):
        super().__init__(game)
        self._game = _Shared(game)
        self._core = _Core(lama_state if lama_state is not None else game.lama.new_initial_state())
        n = game.lama.players
        self.dealt: list[int] = []  # kinds dealt so far in the deal under way
        self.rolled: list[int] = []  # kinds the dice show so far in the roll under way
        # what the seats saw, in order: (owner, what the owner saw, what the others saw); owner -1: public
        self.seen: list[tuple[int, str, str]] = []
        self.trackers = [game.info_encoder.tracker(s) for s in range(n)]

    @property
    def spiel_game(self) -> SpielGame:
        return self._game.value

    @property
    def lama(self):
        """The lama State (lama.core) under this state."""
        return self._core.state

    # -- chance ------------------------------------------------------------------------------
    def _deal_size(self) -> int:
        lama = self.spiel_game.lama
        return lama.players * lama.hand_size + (1 if lama.family == "cards" else 0)

    def chance_outcomes(self):
        lama, state = self.spiel_game.lama, self.lama
        if state.chance == "deal":
            left = list(lama.deck)
            for kind in self.dealt:
                left[kind] -= 1
            total = sum(left)
            return [(k, c / total) for k, c in enumerate(left) if c]
        if state.chance == "draw":
            return [(k, c / state.pile_size) for k, c in enumerate(state.pile) if c]
        die = lama.dice[len(self.rolled)]
        kinds = [self.spiel_game.encoder.kind_of[face] for face in die]
        return [(k, kinds.count(k) / len(die)) for k in sorted(set(kinds))]

    def _apply_chance(self, kind: int) -> None:
        game, state = self.spiel_game, self.lama
        codes, n = game.codes, game.lama.players
        if state.chance == "deal":
            at = len(self.dealt)
            self.dealt.append(kind)
            owner = at // game.lama.hand_size  # a hand card is its owner's (dice: every display is face up)
            public = game.lama.family != "cards" or owner >= n
            self.seen.append((-1 if public else owner, f"deal {codes[kind]}", "deal ?"))
            if len(self.dealt) < self._deal_size():
                return
            h = game.lama.hand_size
            cards = [codes[k] for k in self.dealt]
            hands = tuple(tuple(cards[s * h:(s + 1) * h]) for s in range(n))
            self.dealt = []
            self._feed(state.apply_chance(Deal(hands, cards[n * h] if len(cards) > n * h else None)))
        elif state.chance == "draw":
            self.seen.append((state.drawer, f"drew {codes[kind]}", "drew ?"))
            self._feed(state.apply_chance(codes[kind]))
        else:
            self.rolled.append(kind)
            self.seen.append((-1, f"rolled {codes[kind]}", f"rolled {codes[kind]}"))
            if len(self.rolled) == len(game.lama.dice):
                roll, self.rolled = tuple(codes[k] for k in self.rolled), []
                self._feed(state.apply_chance(roll))

    def _feed(self, events) -> None:
        for tracker in self.trackers:
            tracker.feed(events)

    # -- OpenSpiel's interface -------------------------------------------------------------------
    def current_player(self):
        if self.lama.finished:
            return pyspiel.PlayerId.TERMINAL
        if self.lama.to_move is None:
            return pyspiel.PlayerId.CHANCE
        return self.lama.to_move

    def _legal_actions(self, player):
        lama = self.spiel_game.lama
        return sorted(lama.action_id(a) for a in self.lama.legal_actions())

    def _apply_action(self, action):
        if self.lama.to_move is None:
            self._apply_chance(action)
            return
        move = f"{self.lama.to_move}:{action}"
        self.seen.append((-1, move, move))
        self._feed(self.lama.apply(self.spiel_game.lama.action_of(action)))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {self.spiel_game.codes[action]}"
        return str(self.spiel_game.lama.action_of(action))

    def is_terminal(self):
        return self.lama.finished

    def returns(self):
        n = self.spiel_game.lama.players
        if not self.lama.finished:
            return [0.0] * n
        winners = self.lama.winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: the game's resample_from_view of its
        view, shuffled by a generator the sampler seeds. The other seats' records keep only what
        was public, then their hands as resampled (what they hold, hidden from `player_id`)."""
        if self.lama.to_move is None:
            raise pyspiel.SpielError("resample_from_infostate: only at a seat's turn")
        game = self.spiel_game
        rng = random.Random(int(probability_sampler() * 2**53))
        new = SpielState(game, game.lama.resample_from_view(self.lama.view(player_id), rng.shuffle))
        new.seen = [t if t[0] in (-1, player_id) else (-1, t[2], t[2]) for t in self.seen]
        codes = game.codes
        for s, hand in enumerate(new.lama.hands if hasattr(new.lama, "hands") else ()):
            if s != player_id:
                new.seen.append((s, "hand " + " ".join(codes[k] for k, c in enumerate(hand) for _ in range(c)), ""))
        own = self.trackers[player_id]
        new.trackers = [_copy_tracker(own, s) for s in range(game.lama.players)]
        return new

    def __str__(self):
        state = self.lama
        return json.dumps(state.view(None).to_json(), sort_keys=True) if state.round >= 0 else "(before the deal)"


def _copy_tracker(tracker, seat: int):
    """`tracker`'s record for `seat` (another seat's: without the draws, which only `tracker.seat` saw)."""
    new = tracker.enc.tracker(seat)
    new.count, new._top, new._roll = tracker.count, tracker._top, tracker._roll
    same = seat == tracker.seat
    new.moves = [[s, a, seen, drawn if same else -1, chips[:]] for s, a, seen, drawn, chips in tracker.moves]
    return new


class SpielObserver:
    """OpenSpiel's observer: the information state (perfect recall) or the summary observation."""

    def __init__(self, game: SpielGame, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        encoder = game.info_encoder if perfect_recall else game.encoder
        self.tensor = np.zeros(encoder.size, dtype=np.float32)
        self.dict = {s.name: self.tensor[s.slice] for s in encoder.segments}

    def set_from(self, state: SpielState, player: int) -> None:
        game, view = state.spiel_game, state.lama.view(player)
        if self.perfect_recall:
            self.tensor[:] = game.info_encoder.encode(view, state.trackers[player])
        else:
            self.tensor[:] = game.encoder.encode(view)

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            seen = (mine if owner in (-1, player) else theirs for owner, mine, theirs in state.seen)
            return f"seat {player}: " + ", ".join(text for text in seen if text)
        return json.dumps(state.lama.view(player).to_json(), sort_keys=True)


def _register() -> None:
    for game_id, cls in GAMES.items():
        name = f"python_{game_id}"
        if name in _NAMES:
            continue
        _NAMES[name] = game_id
        registered = type(f"Spiel{cls.__name__}", (SpielGame,), {"lama_id": game_id})
        pyspiel.register_game(_game_type(game_id, cls), registered)


_register()

__all__ = ["SpielGame", "SpielObserver", "SpielState", "lama_options", "spiel_parameters"]
