"""Hints: every legal action with the strongest bot's estimate of its value.

`hints(view, rng)` runs the `hard` bot's search on one seat's view (never more: a hint
knows what that seat knows) and returns, for every legal action, its estimated win
chance, the standard error of that estimate, the seat's expected points this round, how
many playouts tried it, and the best action by those chances. The chance is calibrated: a
playout that ends the game counts its real result, one that ends a round is valued at the
*fitted* temperatures (values.fitted_temperatures), as the game review values it (lama.review,
its calibration in docs/review.md), not at the sharper ones `hard` moves by (values.SHARPEN):
"60%" means about 60 in 100 such games are won. The choice is the best by those chances, so it
can differ from hard's own in a close call.

Data only: the terminal shows it as a table (lama.tui.hints: `show_hints`, the terminal game's
`hint` command). `lama hint RECORD` (lama.cli.hint) does the same for a position in a game
record, with `position_in_record` and `after_roll`.

`neural_hints(view)` is the instant kind (`lama serve --hint-bot neural`, for a busy server):
the `neural` bot's choice, without a search, so without estimates.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, fields

from lama.core import ROLL, IllegalAction
from lama.core.words import N_
from lama.record import replay

from . import ismcts, rollout
from .levels import hard_search
from .values import fitted_temperatures


@dataclass(frozen=True)
class ActionHint:
    action: object  # lama.core.Action
    value: float | None  # estimated win chance, 0..1 (None: not estimated, as by neural_hints)
    stderr: float | None  # standard error of `value` (inf when tried fewer than twice)
    points: float | None  # expected points this round for the seat (lower is better)
    tries: int  # playouts that started with this action


@dataclass(frozen=True)
class Hints:
    seat: int
    rows: tuple[ActionHint, ...]  # in the order of view.legal_actions
    choice: object  # the action the bot would choose
    method: str  # which search and budget made the estimates


def hint_rng(view, seed: int = 0) -> random.Random:
    """The generator of a hint, seeded from the position as the seat sees it (and `seed`): the
    same position gets the same hint in the terminal, in `lama hint` and in the browser."""
    position = json.dumps(view.to_json(), sort_keys=True)
    return random.Random(f"lama-hint:{seed}:{hashlib.sha256(position.encode()).hexdigest()}")


def hints(view, rng=None, budget: int | None = None, seconds: float | None = None, bot=None) -> Hints:
    """Estimate every legal action of `view` with the strongest bot (or `bot`).

    `budget`: iterations (ismcts) or playouts (rollout); default: the bot's own.
    `rng`: a random.Random; default: `hint_rng(view)`, so a position always gets the same hint.
    """
    bot = bot or hard_search
    if not view.legal_actions:
        raise ValueError(f"seat {view.seat + 1} has no decision to make now")
    rng = rng or hint_rng(view)
    if isinstance(bot, ismcts.IsmctsBot):
        budget = budget or bot.iterations
        root = ismcts.search(view, rng, budget, seconds, bot.exploration, bot.policy)
        estimates = ismcts.root_estimates(view, root)
        choice = ismcts.most_visited(view, root)
        method = f"ismcts, {budget} iterations"
    elif isinstance(bot, rollout.RolloutBot):
        budget = budget or bot.budget(view)
        estimates = rollout.evaluate_actions(view, rng, budget, seconds, bot.policy, bot.halving, bot.infer,
                                             temps=fitted_temperatures(view.game, view.players))
        choice = rollout.best_of(estimates)
        method = f"rollout, {budget} playouts" + (", sequential halving" if bot.halving else "") + ", calibrated"
    else:
        raise TypeError(f"hints need a search bot (ismcts or rollout), not {bot!r}")
    rows = tuple(ActionHint(a, e.mean, e.stderr, e.mean_points, e.n) for a, e in estimates)
    return Hints(view.seat, rows, choice, method)


HINT_BOTS = ("hard", "neural")  # what a server's hints may come from (lama serve --hint-bot)


def neural_hints(view) -> Hints:
    """The `neural` bot's choice at `view`, in about a millisecond (its network, with a short duel
    where its two best moves are close): no estimates, so every action's value, stderr and points
    are None and its tries 0. In a game without a model the
    choice is the heuristic's, as the bot plays there, and `method` says so."""
    from .neural import has_model, neural_bot

    if not view.legal_actions:
        raise ValueError(f"seat {view.seat + 1} has no decision to make now")
    choice = neural_bot(view, hint_rng(view))
    method = ("neural, the network's choice, no estimates" if has_model(view.game) else
              f"neural, the heuristic's choice (no model for {view.game}), no estimates")
    rows = tuple(ActionHint(a, None, None, None, 0) for a in view.legal_actions)
    return Hints(view.seat, rows, choice, method)


# -- showing hints ----------------------------------------------------------------------------

def action_json(action) -> dict:
    """An action as JSON: its kind and whichever of its other fields it has (card, the chip's
    receiver, cards), under their names."""
    out = {"kind": action.kind}
    for f in fields(action)[1:]:
        value = getattr(action, f.name)
        if value is not None and value != ():
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def hints_json(result: Hints, action_form=action_json) -> dict:
    """The hints as JSON, each action in `action_form` (lama-hint/1's by default; the web
    server gives lama-web/1's, `Action.to_json`)."""
    def num(x, digits=4):
        return None if x is None or x == float("inf") else round(x, digits)

    return {
        "seat": result.seat,
        "method": result.method,
        "choice": action_form(result.choice),
        "actions": [
            {
                "action": action_form(r.action),
                "text": str(r.action),
                "win_chance": num(r.value),
                "stderr": num(r.stderr),
                "points_this_round": num(r.points, 2),
                "tries": r.tries,
            }
            for r in result.rows
        ],
    }


# -- `lama hint RECORD` -----------------------------------------------------------------------

class PositionError(ValueError):
    """The requested position is not in the record or is not a decision: `template` (a message
    of the catalogs, said in the reader's language by `lama hint`) filled with `params`."""

    def __init__(self, template: str, /, **params):
        super().__init__(template.format(**params))
        self.template = template
        self.params = params


def position_in_record(data: dict, round_: int | None, move: int | None):
    """Replay `data` up to just before move `move` of round `round_` (both 0-based, as the
    record's lists; the errors count from 1, as people do); default: the last round, after
    its last listed move."""
    rounds = data.get("rounds") if isinstance(data, dict) else None
    if not isinstance(rounds, list) or not rounds:
        replay(data)  # reports what is wrong with the file, if anything
        raise PositionError(N_("the record has no round yet: nothing to give a hint about"))
    if round_ is None:
        round_ = len(rounds) - 1
    if not 0 <= round_ < len(rounds):
        raise PositionError(N_("there is no round {round}: the record has rounds 1 to {last}"), round=round_ + 1,
                            last=len(rounds))
    rnd = rounds[round_]
    moves = rnd.get("moves") if isinstance(rnd, dict) else None
    if not isinstance(moves, list):
        replay(data)
        raise PositionError(N_("round {round} has no list of moves"), round=round_ + 1)
    if move is None:
        move = len(moves)
    if not 0 <= move <= len(moves):
        raise PositionError(N_("round {round} has moves 1 to {last}; pick one of them (or {after}: after the last "
                               "move)"), round=round_ + 1, last=len(moves), after=len(moves) + 1)
    cut = dict(data)
    cut["rounds"] = rounds[:round_] + [dict(rnd, moves=moves[:move])]
    return replay(cut), round_, move


def after_roll(state, moves, move):
    """dice: apply the roll of move `move` so the hint is for its discard or take (D3b, D3c)."""
    from lama.core import CardGame

    if isinstance(state.game, CardGame):
        raise PositionError(N_("{flag} is for dice records only"), flag="--after-roll")
    if move >= len(moves) or not isinstance(moves[move], dict) or "roll" not in moves[move]:
        raise PositionError(N_("move {move} is not a roll; {flag} needs the number of a roll move"), move=move + 1,
                            flag="--after-roll")
    roll, seat = moves[move]["roll"], moves[move].get("seat")
    if not (isinstance(roll, list) and len(roll) == 3 and all(isinstance(f, str) for f in roll)):
        raise PositionError(N_("the roll of move {move} must be a list of 3 face codes, one per die, like {example}; "
                               "not {value}"), move=move + 1, example='["3", "L", "5"]', value=json.dumps(roll)[:40])
    if state.to_move is not None and seat != state.to_move:
        raise PositionError(N_("move {move} is a roll of {seat}, but seat {number} ({to_move}) is to move"),
                            move=move + 1, seat=f'"seat": {json.dumps(seat)[:20]}', number=state.to_move + 1,
                            to_move=f'"seat": {state.to_move}')
    try:
        state.apply(ROLL)
        state.apply_chance(tuple(roll))
    except (IllegalAction, TypeError) as e:
        raise PositionError(N_("the roll of move {move} cannot be applied: {error}"), move=move + 1,
                            error=str(e)) from None
    return state

