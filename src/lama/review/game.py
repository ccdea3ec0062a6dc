"""The review of a game record: where the game was won and lost, and how much was luck.

The record is replayed step by step (record.replay, watching every `apply` and `apply_chance`
inside a move): the deal, each decision, each draw or roll. After each step, and before the
first, the curve has a point: every seat's reference win chance (chances.py). A step of the
curve belongs to whoever made it:

- a chance step (a deal, a draw, a roll) is luck for every seat: the point before it is the
  win chance with the outcome still to come (the playouts resolve it: the average over the
  outcomes that could have come), the point after it the win chance with the outcome known;
- a decision step is the deciding seat's own and every other seat's `others`.

So for every seat luck + own + others is the sum of its curve's steps, which is end - start
by construction (up to the rounding of a float sum). Each decision with a choice (two legal
actions or more) is also judged from its seat's view (judge.py): the win chance it gave up
against the best move as the seat could know it, and its class.

Everything is seeded from the record's text: the same record gives the same review.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass, field

from lama.record import replay

from .chances import PLAYOUTS, REFERENCE, WinChances
from .judge import SAMPLES, judge

MOMENTS = 5  # the moments that changed the game most, listed


@dataclass(frozen=True)
class Step:
    """One step of the curve, from point `index` to point `index + 1`."""

    index: int
    kind: str  # "deal", "draw", "roll" (chance) or "decision"
    round: int  # 0-based
    move: int | None  # the record's move (0-based, over all rounds); None for a deal
    seat: int | None  # the deciding seat, or the seat a draw or roll falls to; None for a deal
    change: tuple[float, ...]  # every seat's win chance after minus before
    action: object = None  # a decision's action (lama.core.Action)
    lost: float | None = None  # a decision with a choice: the win chance it gave up
    label: str | None = None  # ... and its class (judge.CLASSES)
    best: object = None  # ... and the best action as its seat could know it

    @property
    def chance(self) -> bool:
        return self.kind != "decision"


@dataclass
class SeatTotals:
    start: float
    end: float
    luck: float = 0.0
    own: float = 0.0
    others: float = 0.0
    decisions: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class Review:
    game: str
    players: tuple[str, ...]
    curve: tuple[tuple[float, ...], ...]  # a point before the first deal and after every step
    steps: tuple[Step, ...]
    seats: tuple[SeatTotals, ...]
    method: str

    def moments(self, count: int = MOMENTS, seat: int | None = None) -> list[Step]:
        """The steps that moved the curve most (for `seat`, or any seat), largest first; ties
        in the game's order."""
        def size(step):
            return abs(step.change[seat]) if seat is not None else max(abs(c) for c in step.change)
        return sorted(self.steps, key=lambda s: (-size(s), s.index))[:count]


def record_seed(data) -> str:
    """The review's seed: a digest of the record's canonical JSON."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _seed(digest: str, *parts) -> int:
    return int.from_bytes(hashlib.sha256(":".join([digest, *map(str, parts)]).encode()).digest()[:8], "big")


class _Watch:
    """What the replay drives: the real state, every apply and apply_chance reported to the
    review before and after."""

    def __init__(self, state, review):
        self._state = state
        self._review = review

    def __getattr__(self, name):
        return getattr(self._state, name)

    def apply(self, action, seat=None):
        seat = self._state.to_move if seat is None else seat
        judged = self._review.before_decision(self._state, action, seat)
        events = self._state.apply(action, seat)
        self._review.after("decision", seat, action, judged)
        return events

    def apply_chance(self, outcome):
        kind = self._state.chance
        events = self._state.apply_chance(outcome)
        self._review.after(kind, None, None, None)
        return events


class _Reviewer:
    def __init__(self, data, playouts: int, samples: int):
        self.digest = record_seed(data)
        self.samples = samples
        self.playouts = playouts
        self.moves = [m for rnd in data["rounds"] for m in (rnd.get("moves") or [])]
        self.round = -1
        self.move = 0  # moves completed so far: the index of the move being applied
        self.points: list[list[float]] = []
        self.steps: list[Step] = []
        self.chances = None
        self.state = None

    def watch(self, state):
        self.state = state
        self.chances = WinChances(state.game, self.playouts)
        self.points.append(self.value())
        return _Watch(state, self)

    def value(self) -> list[float]:
        # the same playout numbers for every point of a round: neighbouring points share them
        return self.chances.of_state(self.state, _seed(self.digest, "curve", self.round + 1))

    def on_step(self, state, round_, move):
        if move is not None:
            self.move += 1

    def before_decision(self, state, action, seat):
        view = state.view(seat)
        if len(view.legal_actions) < 2:
            return None
        rng = random.Random(_seed(self.digest, "judge", self.move, len(self.steps)))
        return judge(view, action, rng, self.samples)

    def after(self, kind, seat, action, judged):
        if kind == "deal":
            self.round += 1
        before = self.points[-1]
        after = self.value()
        self.points.append(after)
        if kind == "deal":
            move, seat = None, None
        else:
            move = self.move
            if seat is None and move < len(self.moves):
                seat = self.moves[move].get("seat")
        self.steps.append(Step(
            index=len(self.steps), kind=kind, round=self.round, move=move, seat=seat,
            change=tuple(a - b for a, b in zip(after, before, strict=True)), action=action,
            lost=None if judged is None else judged.lost, label=None if judged is None else judged.label,
            best=None if judged is None else judged.best))


def review(data, playouts: int = PLAYOUTS, samples: int = SAMPLES) -> Review:
    """The review of a parsed record (a lama-record/1: a RecordError if it is not valid):
    `playouts` per point of the curve, `samples` per decision judged."""
    replay(data)  # the record's own errors first, before any work
    reviewer = _Reviewer(data, playouts, samples)
    replay(data, on_step=reviewer.on_step, watch=reviewer.watch)
    points, steps = reviewer.points, reviewer.steps
    n = len(points[0])
    seats = tuple(SeatTotals(points[0][s], points[-1][s]) for s in range(n))
    for s, totals in enumerate(seats):
        totals.luck = math.fsum(st.change[s] for st in steps if st.chance)
        totals.own = math.fsum(st.change[s] for st in steps if not st.chance and st.seat == s)
        totals.others = math.fsum(st.change[s] for st in steps if not st.chance and st.seat != s)
        totals.decisions = [st for st in steps if not st.chance and st.seat == s and st.lost is not None]
    method = (f"win chances: {playouts} playouts of {REFERENCE} play to the round's end; "
              f"decisions: the hard search over the seat's view, {samples} playouts")
    return Review(data["game"], tuple(data["players"]), tuple(tuple(p) for p in points), tuple(steps), seats,
                  method)


# -- JSON ---------------------------------------------------------------------------------

def step_json(step: Step) -> dict:
    out = {"step": step.index, "kind": step.kind, "round": step.round, "move": step.move, "seat": step.seat,
           "change": list(step.change)}
    if step.action is not None:
        out["action"] = str(step.action)
    if step.lost is not None:
        out.update(lost=step.lost, **{"class": step.label}, best=str(step.best))
    return out


def review_json(result: Review) -> dict:
    """The review as JSON (docs/review.md): every seat's totals and decisions, the curve, the
    chance events with their luck, the moments that changed the game most."""
    return {
        "format": "lama-review/1",
        "game": result.game,
        "players": list(result.players),
        "method": result.method,
        "seats": [
            {
                "start": t.start, "end": t.end, "luck": t.luck, "own": t.own, "others": t.others,
                "decisions": [{"move": d.move, "round": d.round, "action": str(d.action), "lost": d.lost,
                               "class": d.label, "best": str(d.best)} for d in t.decisions],
            }
            for t in result.seats
        ],
        "curve": [list(p) for p in result.curve],
        "steps": [step_json(s) for s in result.steps],
        "moments": [s.index for s in result.moments()],
    }
