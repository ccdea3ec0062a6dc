"""The `rollout` bot (flat Monte Carlo over determinizations) and the playouts that
every search bot here runs.

For each legal action the bot samples determinizations of its view (determinize.py),
applies the action and plays the rest of the round out with a fast default policy
(`fast_action`, which reads the sampled state directly and knows nothing beyond what
the seat acting in that sample holds). It chooses the action with the best mean value.
All actions are tried on the same sampled deals and the same playout generator
(common random numbers), so their differences are measured with less noise.

Value: a playout stops at the end of the round and scores every seat with
`round_values`. If the round ended the game, that is the real result (1 for a win,
shared among tied winners, else 0). Otherwise it is an estimated win probability from
the points: a softmax of -points / T over the seats, T fitted per game, player count and
the leader's distance to the target (values.py). Far from the target that is, to first
order, the seat's points this round against the others'; near it, the win itself.
Playing whole games out instead costs five or more times as much per playout for a much
noisier value.

Deterministic: the bot draws every random number from the generator it is given, so
the same generator state and the same `samples` budget give the same choice. A
`seconds` budget stops early on the clock, which is not deterministic.
"""

from __future__ import annotations

import math
import random
import time

from lama.games import game_class

from . import values
from .determinize import sampler
from .heuristic_cards import QUIT_GAP, QUIT_LATE, QUIT_PER_CARD, QUIT_SMALL  # so that rollouts quit like it

DEFAULT_SAMPLES = 600  # playouts per decision, shared among the legal actions


# -- the fast default policy -------------------------------------------------------------

def fast_action(state, rng):
    """A quick, reasonable action for the seat to move in a full `state` (rollouts only)."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    return state.game.hook("rollout_policy")(state, actions, rng)  # fast_card_action, fast_dice_action, ...


class _Kinds:
    """Per card table: the kinds that share a value with each kind (for the run below)."""

    cache: dict = {}

    def __new__(cls, table):
        aux = cls.cache.get(id(table))
        if aux is None:
            aux = object.__new__(cls)
            aux.same = tuple(
                tuple(k for k, card in enumerate(table.cards) if card.values & top.values) for top in table.cards
            )
            aux.width = tuple(len(card.values) for card in table.cards)
            cls.cache[id(table)] = aux
        return aux


def run_length(table, rest: list[int], top: int) -> int:
    """heuristic_cards.run_length on counts: how many of `rest` could be played in a row on
    `top` (copies of the top's values first, then up the cycle; the first kind in table order)."""
    same = _Kinds(table).same
    playable_on = table.playable_on
    rest = rest[:]
    played = 0
    while True:
        pick = -1
        for k in same[top]:
            if rest[k]:
                pick = k
                break
        else:
            for k in playable_on[top]:
                if rest[k]:
                    pick = k
                    break
        if pick < 0:
            return played
        rest[pick] -= 1
        played += 1
        top = pick


def best_play_kind(table, hand: list[int], kinds) -> int:
    """The heuristic's play: end the round if possible, else keep the longest run playable,
    then shed the most penalty, then keep double cards (first best in legal order)."""
    penalty = table.penalty
    width = _Kinds(table).width
    now = penalty(hand)
    best, best_key = -1, None
    for k in kinds:
        hand[k] -= 1
        key = (not any(hand), run_length(table, hand, k), now - penalty(hand), -width[k])
        hand[k] += 1
        if best_key is None or key > best_key:
            best, best_key = k, key
    return best


def should_quit(state, seat: int) -> bool:
    """heuristic_cards._should_quit on the state: a hand cheap for its size, or cheap while a
    seat still in is well ahead, or cheap with the draw pile about to run out."""
    now = state.game.kinds.penalty(state.hands[seat])
    size = state.hand_sizes[seat]
    if now <= QUIT_PER_CARD * size:
        return True
    hand_sizes, quit = state.hand_sizes, state.quit
    others = [hand_sizes[s] for s in range(state.n) if s != seat and not quit[s]]
    if now <= QUIT_SMALL and min(others) + QUIT_GAP <= size:
        return True
    return state.pile_size <= len(others) and now <= QUIT_LATE


def fast_card_action(state, actions, rng):
    """fast_action in the card games (Game.rollout_policy): play, else draw or quit."""
    plays = []
    draw = quit_ = None
    for a in actions:
        kind = a.kind
        if kind == "play":
            plays.append(a)
        elif kind == "draw":
            draw = a
        elif kind == "quit":
            quit_ = a
    if plays:  # a play never raises the penalty
        return best_plays(state, plays)[0]
    if draw is None or should_quit(state, state.to_move):
        return quit_
    return draw


def best_plays(state, plays) -> list:
    """The plays (of `plays`, in their order) of the kind best_play_kind picks."""
    table = state.game.kinds
    index = table.index
    kinds = []
    for a in plays:
        k = index[a.card]
        if not kinds or kinds[-1] != k:
            kinds.append(k)
    k = best_play_kind(table, state.hands[state.to_move], kinds)
    card = table.codes[k]
    return [a for a in plays if a.card == card]


def fast_dice_action(state, actions, rng):
    """fast_action in dice (Game.rollout_policy)."""
    kind = actions[0].kind
    kinds = state.game.kinds
    if kind == "discard":  # D3b: leave the cheapest display, shedding the most cards
        display = state.displays[state.to_move]
        index = kinds.index

        def after(a):
            rest = display[:]
            for c in a.cards:
                rest[index[c]] -= 1
            return (kinds.penalty(rest), -len(a.cards))

        return min(actions, key=after)
    if kind == "take":  # D3c: the row card that adds least
        display = state.displays[state.to_move]
        index = kinds.index

        def cost(a):
            d = display[:]
            d[index[a.card]] += 1
            return kinds.penalty(d)

        return min(actions, key=cost)
    # roll or quit: quit a display that costs little
    for a in actions:
        if a.kind == "quit" and kinds.penalty(state.displays[state.to_move]) <= 3:
            return a
    return next(a for a in actions if a.kind == "roll")


# -- playouts and values ------------------------------------------------------------------

def playout(state, rng, policy=fast_action) -> None:
    """Play `state` on to the end of its round (or of the game), in place, through the rules
    core's public interface (any game, any policy). The compiled search (lama.fast) is the
    fast path; there is no third copy of the rules."""
    while not state.finished:
        if state.to_move is None:
            if state.chance == "deal":
                return
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(policy(state, rng))


def round_values(state, temps=None) -> list[float]:
    """Every seat's value at the end of a playout (see the module docstring), the round's end
    valued at `temps` (default: the bots' sharpened temperatures, values.temperatures)."""
    n = state.n
    if state.finished:
        share = 1.0 / len(state.winners)
        return [share if s in state.winners else 0.0 for s in range(n)]
    return values.round_values(state.points, state.game.target, temps or values.temperatures(state.game.id, n))


class Estimate:
    """Running mean and standard error of one action's value (and its points this round)."""

    __slots__ = ("n", "total", "total_sq", "points")

    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.total_sq = 0.0
        self.points = 0.0

    def add(self, value: float, points: float) -> None:
        self.n += 1
        self.total += value
        self.total_sq += value * value
        self.points += points

    @classmethod
    def of(cls, n: int, total: float, total_sq: float, points: float) -> Estimate:
        e = cls()
        e.n, e.total, e.total_sq, e.points = n, total, total_sq, points
        return e

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def stderr(self) -> float:
        if self.n < 2:
            return float("inf")
        var = (self.total_sq - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var) / self.n)

    @property
    def mean_points(self) -> float:
        return self.points / self.n if self.n else 0.0


def evaluate_actions(view, rng, samples: int = DEFAULT_SAMPLES, seconds: float | None = None,
                     policy=fast_action, halving: bool = False, infer: bool = False,
                     temps=None) -> list[tuple[object, Estimate]]:
    """Flat Monte Carlo: each legal action's value for `view.seat`, over shared determinizations.

    `samples` is the total number of playouts (at least one per action). Spread evenly over
    the actions, or with `halving` by sequential halving (Karnin, Koren and Somekh 2013): in
    each of ceil(log2 k) rounds the actions still in share an equal part of the budget, and
    the better half goes on. `seconds`, if given, also stops the search on the clock. `temps`:
    the temperatures a round's end is valued at (default: the bots' sharpened ones, which choose
    better; values.fitted_temperatures give a calibrated win chance, as the hints show).

    With the default policy and no clock, a compiled loop does the same search (its own
    generator, so other numbers, same method): compiled/cards.py in the card games, where `infer`
    deals the other hands as their draws and quits suggest (cards.card_slots); compiled/dice.py
    in dice, whose playouts decide as the heuristic does (`fast_action` quits too crudely there).
    """
    actions = list(view.legal_actions)
    if not actions:
        raise ValueError(f"seat {view.seat} has no decision to make here")
    search = game_class(view).hook("compiled_search") if policy is fast_action and seconds is None else None
    if search is not None:
        found = search(view, rng, samples, halving, infer, temps=temps)
        return [(a, Estimate.of(*stats)) for a, stats in found]
    seat = view.seat
    stats = [Estimate() for _ in actions]
    deadline = None if seconds is None else time.perf_counter() + seconds
    start_points = view.points[seat]
    sample = sampler(view)
    alive = list(range(len(actions)))
    phases = max(1, math.ceil(math.log2(len(actions)))) if halving else 1
    for phase in range(phases):
        per_arm = max(1, samples // (len(alive) * phases))
        for _ in range(per_arm):
            world = sample(rng)
            seed = rng.getrandbits(64)
            for i in alive:
                state = world.clone()
                state.apply(actions[i])
                playout(state, random.Random(seed), policy)
                stats[i].add(round_values(state, temps)[seat], state.points[seat] - start_points)
            if deadline is not None and time.perf_counter() > deadline:
                return list(zip(actions, stats))
        if phase < phases - 1:
            alive.sort(key=lambda i: -stats[i].mean)
            alive = sorted(alive[:max(1, (len(alive) + 1) // 2)])
    return list(zip(actions, stats))


def best_of(estimates):
    """The action with the highest mean value among the most tried (ties: legal order)."""
    most = max(e.n for _, e in estimates)
    best = max((i for i, (_, e) in enumerate(estimates) if e.n == most), key=lambda i: estimates[i][1].mean)
    return estimates[best][0]


class RolloutBot:
    """Flat Monte Carlo bot: `samples` playouts per decision (or a `seconds` clock),
    spread by sequential halving unless `halving` is False; `infer`: see evaluate_actions."""

    def __init__(self, samples=DEFAULT_SAMPLES, seconds: float | None = None, policy=fast_action,
                 halving: bool = True, infer: bool = False):
        # playouts per decision, or a function of the Game class giving them (the playouts'
        # cost differs by game: levels.hard_samples reads Game.hard_samples)
        self.samples = samples
        self.seconds = seconds
        self.policy = policy
        self.halving = halving
        self.infer = infer

    def __call__(self, view, rng):
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return best_of(evaluate_actions(view, rng, self.budget(view), self.seconds, self.policy, self.halving,
                                        self.infer))

    def budget(self, view) -> int:
        samples = self.samples
        return samples(game_class(view)) if callable(samples) else samples

    def __repr__(self) -> str:
        samples = getattr(self.samples, "__name__", self.samples)
        return f"RolloutBot(samples={samples}, seconds={self.seconds}, halving={self.halving})"

