"""The win chance of a full state: each seat's chance to win the game when every seat plays as
the `heuristic` does (its compiled twin, policies.heuristic), from then on.

A playout resolves whatever chance is pending (a deal, a draw, a roll) with its own generator,
plays the round out with the heuristic in every seat, and values the round's end as the search
bots do (search.round_value) but with the *fitted* temperatures (values.fitted_temperatures, not
the bots' sharpened ones): the real result when the round ended the game, else the softmax of the
points that was fitted, by maximum likelihood, to who went on to win in `heuristic` games. That
makes the value a calibrated win chance (docs/review.md measures it) at the cost of one round of
playouts, where playing to the game's end would cost several and be noisier. A state between
rounds (the next deal due) is played through the next round.

Every playout gives a vector of win chances summing to 1 over the seats, so their mean does too.
"""

from __future__ import annotations

from lama.bots.compiled.dice import PLAYOUT_DEPTH
from lama.bots.compiled.dice import _policy as dice_policy
from lama.bots.compiled.policies import LEGAL_SIZE, MEMO_SIZE, SCRATCH_SIZE, heuristic
from lama.bots.compiled.search import round_value
from lama.bots.values import fitted_temperatures
from lama.fast.family import apply_action, legal_ids, resolve_chance
from lama.fast.kernel import array, float_array, float_zeros, next32, njit, words_of, zeros
from lama.fast.layout import CARDS, CHANCE, DEAL, FINISHED, NO_CHANCE, R_FAMILY, R_N, RNG, STATE_SIZE, TO_MOVE
from lama.fast.rules import rules_of
from lama.fast.views import state_from_core

REFERENCE = "heuristic"  # the play the win chances assume, in every seat
PLAYOUTS = 2000  # playouts per state by default


@njit(cache=True)
def _play_round(st, ru, depth, legal, scratch, memo):
    """Resolve the pending chance (the next deal too), then play to the round's end with the
    heuristic in every seat (dice: looking `depth` own rolls ahead; an argument, not a constant,
    because numba cannot cache a recursive kernel specialised on a literal)."""
    if st[FINISHED]:
        return
    if st[CHANCE] == DEAL:
        resolve_chance(st, ru)
    while True:
        if st[CHANCE] != NO_CHANCE and st[CHANCE] != DEAL:
            resolve_chance(st, ru)
        elif st[TO_MOVE] < 0:  # scored: the next deal is due, or the game is over
            return
        else:
            if ru[R_FAMILY] == CARDS:
                count = legal_ids(st, ru, legal)
                apply_action(st, ru, heuristic(st, ru, legal, count, scratch, memo))
            else:  # dice: the heuristic's judgement, one roll ahead (compiled.dice's playouts)
                apply_action(st, ru, dice_policy(st, ru, depth, depth, scratch, memo))


@njit(cache=True)
def win_chances_of(world, ru, temps, playouts, depth, r, st, legal, scratch, memo, out):
    """out[s]: seat s's mean win share over `playouts` playouts from the state `world` (its
    generator reseeded from r for each)."""
    n = ru[R_N]
    for s in range(n):
        out[s] = 0.0
    for _ in range(playouts):
        for i in range(STATE_SIZE):
            st[i] = world[i]
        st[RNG], st[RNG + 1], st[RNG + 2], st[RNG + 3] = next32(r, 0) | 1, next32(r, 0), next32(r, 0), next32(r, 0)
        _play_round(st, ru, depth, legal, scratch, memo)
        for s in range(n):
            out[s] += round_value(st, ru, s, temps)
    for s in range(n):
        out[s] /= playouts


class WinChances:
    """The reference win chance of one game's states (its rules and work space kept)."""

    def __init__(self, game, playouts: int = PLAYOUTS):
        self.game = game
        self.rules = rules_of(game)
        self.temps = float_array(fitted_temperatures(game.id, game.players))
        self.playouts = int(playouts)
        self.row = zeros(STATE_SIZE)
        self._work = (zeros(STATE_SIZE), zeros(LEGAL_SIZE), zeros(SCRATCH_SIZE), float_zeros(MEMO_SIZE))
        self._out = float_zeros(game.players)

    def of_row(self, row, seed: int) -> list[float]:
        """Each seat's win chance from the engine state `row`, the playouts seeded by `seed`
        (the same seed: the same numbers)."""
        win_chances_of(row, self.rules, self.temps, self.playouts, PLAYOUT_DEPTH, array(words_of(seed)),
                       *self._work, self._out)
        return [float(x) for x in self._out]

    def of_state(self, state, seed: int) -> list[float]:
        """Each seat's win chance from a core State (all its cards known)."""
        if state.finished:
            share = 1.0 / len(state.winners)
            return [share if s in state.winners else 0.0 for s in range(state.n)]
        state_from_core(state, self.row)
        return self.of_row(self.row, seed)
