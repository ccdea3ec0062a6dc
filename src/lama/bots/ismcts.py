"""The `ismcts` bot: single-observer information-set Monte Carlo tree search
(SO-ISMCTS; Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012).

One tree, built from the searching seat's point of view: a node is a sequence of actions
from the current position, whoever took them. Each iteration
1. samples a determinization of the view (determinize.py): the hidden cards dealt anew;
2. descends the tree with UCB1 among the children whose action is legal in *this*
   determinization, each child's exploration term counting how often it was available
   (not how often its parent was visited); chance (a drawn card, a roll) is sampled on
   the way, and the node after a draw stands for every card it could have brought;
3. adds one child for an action not tried yet;
4. plays the round out with the fast default policy (rollout.py) and scores every seat
   with `round_values` (an estimated win probability, see rollout.py);
5. backs the values up, each node scoring the value of the seat that chose its action,
   so every seat in the tree plays for itself.
The chosen action is the most visited child of the root.

Deterministic for a given generator state and `iterations`; a `seconds` budget stops on
the clock (not deterministic).
"""

from __future__ import annotations

import math
import time

from .determinize import sampler
from .rollout import Estimate, fast_action, playout, round_values

DEFAULT_ITERATIONS = 1000
EXPLORATION = 0.7  # UCB1 constant for values in [0, 1]


class Node:
    __slots__ = ("action", "seat", "children", "visits", "avail", "total", "total_sq", "points")

    def __init__(self, action=None, seat: int = -1):
        self.action = action
        self.seat = seat  # the seat that chose `action`
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.total_sq = 0.0
        self.points = 0.0

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)

    def estimate(self) -> Estimate:
        e = Estimate()
        e.n, e.total, e.total_sq, e.points = self.visits, self.total, self.total_sq, self.points
        return e


def _round_over(state, round_: int) -> bool:
    return state.finished or state.round != round_ or state.chance == "deal"


def search(view, rng, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None,
           exploration: float = EXPLORATION, policy=fast_action) -> Node:
    """Run SO-ISMCTS from `view`; return the root (its children hold the statistics)."""
    if not view.legal_actions:
        raise ValueError(f"seat {view.seat} has no decision to make here")
    seat = view.seat
    root = Node()
    deadline = None if seconds is None else time.perf_counter() + seconds
    start_points = view.points[seat]
    sample = sampler(view)
    for i in range(iterations):
        state = sample(rng)
        round_ = state.round
        node = root
        path = []
        # selection and expansion
        while not _round_over(state, round_):
            if state.to_move is None:
                state.apply_chance(state.sample_chance(rng))
                continue
            mover = state.to_move
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = Node(action, mover)
                for a in legal:  # the new child starts with avail 1
                    if a is not action and a in children:
                        children[a].avail += 1
                state.apply(action)
                path.append(child)
                break
            best, best_ucb = None, -1.0
            for a in legal:
                child = children[a]
                child.avail += 1
                u = child.ucb(exploration)
                if u > best_ucb:
                    best, best_ucb = child, u
            state.apply(best.action)
            path.append(best)
            node = best
        # simulation
        if not _round_over(state, round_):
            playout(state, rng, policy)
        values = round_values(state)
        points = state.points[seat] - start_points
        for child in path:
            v = values[child.seat]
            child.visits += 1
            child.total += v
            child.total_sq += v * v
            child.points += points if child.seat == seat else 0.0
        if deadline is not None and time.perf_counter() > deadline and i:
            break
    return root


def root_estimates(view, root) -> list:
    """(action, Estimate) for every legal action of the view (unvisited ones: n = 0)."""
    return [(a, root.children[a].estimate() if a in root.children else Estimate()) for a in view.legal_actions]


def most_visited(view, root):
    """The root's most visited action (ties: the higher mean, then legal order)."""
    return max(
        view.legal_actions,
        key=lambda a: (root.children[a].visits, root.children[a].total / root.children[a].visits)
        if a in root.children and root.children[a].visits else (0, 0.0),
    )


class IsmctsBot:
    """SO-ISMCTS with `iterations` per decision (or a `seconds` clock)."""

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None,
                 exploration: float = EXPLORATION, policy=fast_action):
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.policy = policy

    def __call__(self, view, rng):
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        root = search(view, rng, self.iterations, self.seconds, self.exploration, self.policy)
        return most_visited(view, root)

    def __repr__(self) -> str:
        return f"IsmctsBot(iterations={self.iterations}, seconds={self.seconds})"

