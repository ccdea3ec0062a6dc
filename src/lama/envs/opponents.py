"""The opponents of the vector environment (lama.envs.vector.LamaVectorEnv), one per other seat:

- a compiled policy by name, played inside the kernels: "random", "heuristic" (or "medium"),
  "easy" (lama.bots.compiled.policies, the twins of those bots);
- "hard": the hard bot's compiled search (lama.bots.compiled.cards and dice: its playouts per
  decision, sequential halving, and in the card games the hidden hands dealt as this round's
  moves suggest), run on the row's engine state, one decision at a time;
- "neural": the neural bot (lama.bots.compiled.neural: its inputs read from the engine states
  in compiled code, one numpy forward pass over the rows where the seat is to move); in a game
  that ships no model, the compiled heuristic, as the bot plays there;
- a batched policy: a callable `policy(obs, masks) -> actions`, given the observations
  (k, size) float32 and legal-action masks (k, A) bool of the seat in the k games where it is
  to move, returning k action ids (a frozen checkpoint, another learner).
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np

from lama.bots.compiled import cards, dice, policies, policies_dice
from lama.bots.heuristic_dice import DEPTH_HEADS_UP
from lama.bots.rollout import Estimate, best_of
from lama.bots.values import temperatures
from lama.fast.family import legal_ids
from lama.fast.kernel import array, float_array, float_zeros, seed_words, zeros
from lama.fast.layout import CARDS, HAND_SIZES, HANDS, K_MAX, PILE, QUIT, R_FAMILY, R_K, R_N, STATE_SIZE, TO_MOVE

from .batch import LOG_AT, LOG_COUNT

COMPILED = {"random": policies.RANDOM, "heuristic": policies.HEURISTIC, "medium": policies.HEURISTIC,
            "easy": policies.EASY}
NAMES = (*COMPILED, "hard", "neural")
DICE_SCRATCH = policies_dice.DICE_REMOVED + (max(dice.PLAYOUT_DEPTH, DEPTH_HEADS_UP) + 1) * policies_dice.DICE_K


def check_opponent(opponent):
    """A name of NAMES or a callable; a one-line error otherwise."""
    if callable(opponent) or (isinstance(opponent, str) and opponent in NAMES):
        return opponent
    raise ValueError(f"an opponent is one of {', '.join(map(repr, NAMES))} or a batched policy "
                     f"(obs, masks) -> actions, not {opponent!r}")


def hard_rng(seed: int, row: int) -> random.Random:
    """The generator of `hard`'s searches in row `row` after reset(seed=seed)."""
    return random.Random(f"hard:{seed}:{row}")


class HardSearch:
    """`hard`'s decision for the seat to move in an engine state of `game` (rules `rules`): the
    hard bot's compiled search and choice (rollout.best_of), from what the seat may know:
    the unseen cards are dealt anew for every playout, as this round's logged moves suggest."""

    def __init__(self, game, rules):
        self.game, self.rules = game, rules
        self.samples = game.hard_samples
        self.temps = float_array(temperatures(game.id, game.players))
        self.codes = game.kinds.codes if rules[R_FAMILY] == CARDS else ()
        self._ids = zeros(max(policies.LEGAL_SIZE, game.num_distinct_actions()))

    def __call__(self, st: np.ndarray, log: np.ndarray, rng: random.Random) -> int:
        actions, results = self.estimates(st, log, rng)
        if len(actions) == 1:
            return int(actions[0])
        return best_of([(int(a), Estimate.of(*(float(r[i]) for r in results))) for i, a in enumerate(actions)])

    def estimates(self, st: np.ndarray, log: np.ndarray, rng: random.Random):
        """The legal ids in the core's order and the search's result arrays (per id: playouts, sum
        of values, sum of squared values, sum of points this round; none with one legal id)."""
        ru = self.rules
        count = legal_ids(st, ru, self._ids)
        actions = array([int(a) for a in self._ids[:count]])
        results = (zeros(count), float_zeros(count), float_zeros(count), zeros(count))
        if count == 1:
            return actions, results
        seat = int(st[TO_MOVE])
        world = zeros(STATE_SIZE)
        world[:] = st
        r = array(seed_words(rng))
        if ru[R_FAMILY] == CARDS:
            pool, slot_seat, slot_mask, bound = self._slots(st, seat, log)
            cards.evaluate_cards(world, ru, seat, array(pool), array(slot_seat), array(slot_mask), array(bound),
                                 self.temps, actions, self.samples, True, r, zeros(STATE_SIZE),
                                 zeros(max(1, len(pool))), zeros(policies.SCRATCH_SIZE), zeros(count), *results)
        else:
            depth, heads_up = dice.PLAYOUT_DEPTH, DEPTH_HEADS_UP
            n, k = int(ru[R_N]), int(ru[R_K])
            hidden = [s for s in range(n) if s != seat and st[QUIT + s]]  # face-down displays (D3)
            deals = dice.FACE_DOWN_DEALS if hidden else 1
            for _ in range(deals):
                if hidden:  # dealt again from the cards the seat cannot see, as the hard bot does
                    self._deal_face_down(st, world, hidden, k, rng)
                    r = array(seed_words(rng))
                dice.evaluate_dice(world, ru, seat, self.temps, actions, max(1, self.samples // deals), True, r, depth,
                                   heads_up, zeros(STATE_SIZE), zeros(DICE_SCRATCH), float_zeros(policies.MEMO_SIZE),
                                   zeros(count), *results)
        return actions, results

    @staticmethod
    def _deal_face_down(st, world, hidden: list[int], k: int, rng: random.Random) -> None:
        """`world` = `st` with the displays of the `hidden` seats dealt again, at random, from
        those displays and the undealt cards (what the seat to move cannot see)."""
        world[:] = st
        unseen = [kind for kind in range(k) for _ in range(int(st[PILE + kind]))]
        unseen += [kind for s in hidden for kind in range(k) for _ in range(int(st[HANDS + s * K_MAX + kind]))]
        rng.shuffle(unseen)
        for kind in range(k):
            world[PILE + kind] = 0
            for s in hidden:
                world[HANDS + s * K_MAX + kind] = 0
        at = 0
        for s in hidden:
            for kind in unseen[at:at + int(st[HAND_SIZES + s])]:
                world[HANDS + s * K_MAX + kind] += 1
            at += int(st[HAND_SIZES + s])
        for kind in unseen[at:]:
            world[PILE + kind] += 1

    def _slots(self, st, seat: int, log) -> tuple[list[int], list[int], list[int], list[int]]:
        """The unseen cards (one kind per card: the other hands and the pile) and the other
        seats' card slots and penalty bounds (cards.card_slots), read from the row's move log."""
        ru, game = self.rules, self.game
        n, k = int(ru[R_N]), int(ru[R_K])
        pool = []
        for kind in range(k):
            unseen = int(st[PILE + kind]) + sum(int(st[HANDS + s * K_MAX + kind]) for s in range(n) if s != seat)
            pool += [kind] * unseen
        logged = int(log[LOG_COUNT])
        whole = logged <= (len(log) - LOG_AT) // 3  # (past it: the log overflowed)
        moves = tuple((int(log[LOG_AT + 3 * m]), game.action_of(int(log[LOG_AT + 3 * m + 1])),
                       self.codes[int(log[LOG_AT + 3 * m + 2])]) for m in range(logged)) if whole else ()
        view = SimpleNamespace(players=n, seat=seat, moves=moves,
                               hand_sizes=tuple(int(x) for x in st[HAND_SIZES:HAND_SIZES + n]))
        slot_seat, slot_mask, bound = cards.card_slots(view, game, infer=whole)
        return pool, slot_seat, slot_mask, bound
