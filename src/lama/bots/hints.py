"""Hints: every legal action with the strongest bot's estimate of its value.

`hints(view, rng)` runs the `hard` bot's search on one seat's view (never more: a hint
knows what that seat knows) and returns, for every legal action, its estimated win
chance (see rollout.round_values: the real result when the round ends the game, else an
estimate from the points), the standard error of that estimate, the seat's expected
points this round, how many playouts tried it, and the action the bot would choose.

`show_hints(view, console)` prints that as a table: the terminal game's `hint` command
calls it. `lama hint RECORD` does the same for a position in a game record.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass

from . import ismcts, rollout
from .levels import hard_search


@dataclass(frozen=True)
class ActionHint:
    action: object  # lama.core.Action
    value: float  # estimated win chance, 0..1
    stderr: float  # standard error of `value` (inf when tried fewer than twice)
    points: float  # expected points this round for the seat (lower is better)
    tries: int  # playouts that started with this action


@dataclass(frozen=True)
class Hints:
    seat: int
    rows: tuple[ActionHint, ...]  # in the order of view.legal_actions
    choice: object  # the action the bot would choose
    method: str  # which search and budget made the estimates


def hints(view, rng=None, budget: int | None = None, seconds: float | None = None, bot=None) -> Hints:
    """Estimate every legal action of `view` with the strongest bot (or `bot`).

    `budget`: iterations (ismcts) or playouts (rollout); default: the bot's own.
    `rng`: a random.Random; default: a fixed seed, so a hint is reproducible.
    """
    bot = bot or hard_search
    if not view.legal_actions:
        raise ValueError(f"seat {view.seat} has no decision to make now")
    rng = rng or random.Random(f"lama-hint:{view.seat}")
    if isinstance(bot, ismcts.IsmctsBot):
        budget = budget or bot.iterations
        root = ismcts.search(view, rng, budget, seconds, bot.exploration, bot.policy)
        estimates = ismcts.root_estimates(view, root)
        choice = ismcts.most_visited(view, root)
        method = f"ismcts, {budget} iterations"
    elif isinstance(bot, rollout.RolloutBot):
        budget = budget or bot.budget(view)
        estimates = rollout.evaluate_actions(view, rng, budget, seconds, bot.policy, bot.halving, bot.infer)
        choice = rollout.best_of(estimates)
        method = f"rollout, {budget} playouts" + (", sequential halving" if bot.halving else "")
    else:
        raise TypeError(f"hints need a search bot (ismcts or rollout), not {bot!r}")
    rows = tuple(ActionHint(a, e.mean, e.stderr, e.mean_points, e.n) for a, e in estimates)
    return Hints(view.seat, rows, choice, method)


# -- showing hints ----------------------------------------------------------------------------

def action_json(action) -> dict:
    """An action as JSON: its kind and whichever of card, give, cards it has."""
    out = {"kind": action.kind}
    if action.card is not None:
        out["card"] = action.card
    if action.give is not None:
        out["give"] = action.give
    if action.cards:
        out["cards"] = list(action.cards)
    return out


def hints_json(result: Hints) -> dict:
    def num(x):
        return None if x == float("inf") else round(x, 4)

    return {
        "seat": result.seat,
        "method": result.method,
        "choice": action_json(result.choice),
        "actions": [
            {
                "action": action_json(r.action),
                "text": str(r.action),
                "win_chance": num(r.value),
                "stderr": num(r.stderr),
                "points_this_round": round(r.points, 2),
                "tries": r.tries,
            }
            for r in result.rows
        ],
    }


def hint_table(result: Hints):
    """A rich Table of the hints, the bot's choice marked."""
    from rich.table import Table

    table = Table(title=f"Hints for seat {result.seat} ({result.method})", title_justify="left")
    table.add_column("")
    table.add_column("action")
    table.add_column("win chance", justify="right")
    table.add_column("± 95%", justify="right")
    table.add_column("points this round", justify="right")
    table.add_column("tries", justify="right")
    for r in sorted(result.rows, key=lambda r: -r.value):
        chosen = r.action == result.choice
        half = "-" if r.stderr == float("inf") else f"{1.96 * r.stderr:.1%}"
        table.add_row(
            "→" if chosen else "",
            str(r.action),
            f"{r.value:.1%}" if r.tries else "-",
            half,
            f"{r.points:.1f}" if r.tries else "-",
            str(r.tries),
            style="bold" if chosen else None,
        )
    return table


def show_hints(view, console=None, rng=None, budget: int | None = None) -> Hints:
    """Compute and print the hints for `view` (the terminal game's `hint` / `h`)."""
    from rich.console import Console

    result = hints(view, rng, budget)
    console = console or Console()
    console.print(hint_table(result))
    console.print(f"The bot would choose: [bold]{result.choice}[/bold]")
    return result


# -- `lama hint RECORD` -----------------------------------------------------------------------

class PositionError(ValueError):
    """The requested position is not in the record or is not a decision."""


def position_in_record(data: dict, round_: int | None, move: int | None):
    """Replay `data` up to just before move `move` of round `round_` (both 0-based, as
    `lama replay` counts them); default: the last round, after its last listed move."""
    from lama.record import replay

    rounds = data.get("rounds") if isinstance(data, dict) else None
    if not isinstance(rounds, list) or not rounds:
        replay(data)  # reports what is wrong with the file, if anything
        raise PositionError("the record has no round yet: nothing to give a hint about")
    if round_ is None:
        round_ = len(rounds) - 1
    if not 0 <= round_ < len(rounds):
        raise PositionError(f"there is no round {round_}: the record has rounds 0 to {len(rounds) - 1}")
    rnd = rounds[round_]
    moves = rnd.get("moves") if isinstance(rnd, dict) else None
    if not isinstance(moves, list):
        replay(data)
        raise PositionError(f"round {round_} has no list of moves")
    if move is None:
        move = len(moves)
    if not 0 <= move <= len(moves):
        raise PositionError(
            f"round {round_} has moves 0 to {len(moves) - 1}; pick one of them "
            f"(or {len(moves)}: after the last move)"
        )
    cut = dict(data)
    cut["rounds"] = rounds[:round_] + [dict(rnd, moves=moves[:move])]
    return replay(cut), round_, move


def cmd_hint(args) -> int:
    from lama.record import RecordError, load_record

    try:
        data = load_record(args.file)
        state, round_, move = position_in_record(data, args.round, args.move)
    except RecordError as e:
        print(f"lama hint: {args.file}: {e}", file=sys.stderr)
        return 1
    except PositionError as e:
        print(f"lama hint: {e}", file=sys.stderr)
        return 2
    moves = data["rounds"][round_]["moves"]
    where = f"round {round_}, before move {move}" if move < len(moves) else (
        f"round {round_}, after its last move ({move - 1})" if moves else f"round {round_}, before any move")
    if args.after_roll:
        try:
            state = _after_roll(state, moves, move)
        except PositionError as e:
            print(f"lama hint: {e}", file=sys.stderr)
            return 2
        where = f"round {round_}, move {move} after its roll {' '.join(state.roll)}"
    if state.to_move is None:
        if state.finished:
            what = "the game is over"
        elif state.chance == "deal":
            what = "the round is over"
        elif getattr(state, "forced_draw", None) is not None:
            what = f"seat {state.forced_draw} must draw first (K5); its decision is the move after"
        else:
            what = f"a chance outcome ({state.chance}) comes next"
        print(f"lama hint: at {where} no seat has a decision to make ({what}); pick another --move", file=sys.stderr)
        return 2
    if args.seat is not None and args.seat != state.to_move:
        print(f"lama hint: at {where} seat {state.to_move} is to move, not seat {args.seat}; "
              "hints are for the seat to move", file=sys.stderr)
        return 2
    view = state.view(state.to_move)
    result = hints(view, random.Random(f"lama-hint:{args.seed}"), args.budget)
    if args.json:
        out = {"format": "lama-hint/1", "game": view.game, "round": round_, "move": move}
        out.update(hints_json(result))
        print(json.dumps(out))
        return 0
    from rich.console import Console

    console = Console()
    console.print(f"{view.game}, {where}: seat {view.seat} to move. {_position_text(view)}")
    console.print(hint_table(result))
    console.print(f"The bot would choose: [bold]{result.choice}[/bold]")
    return 0


def _after_roll(state, moves, move):
    """dice: apply the roll of move `move` so the hint is for its discard or take (D3b, D3c)."""
    from lama.core import ROLL, CardGame, IllegalAction

    if isinstance(state.game, CardGame):
        raise PositionError("--after-roll is for dice records only")
    if move >= len(moves) or not isinstance(moves[move], dict) or "roll" not in moves[move]:
        raise PositionError(f"move {move} is not a roll; --after-roll needs the index of a roll move")
    try:
        state.apply(ROLL)
        state.apply_chance(tuple(moves[move]["roll"]))
    except (IllegalAction, TypeError) as e:
        raise PositionError(f"move {move}'s roll cannot be applied: {e}") from None
    return state


def _position_text(view) -> str:
    if view.displays:  # dice
        display = " ".join(view.displays[view.seat]) or "-"
        return f"Display {display}; llama row {' '.join(view.row) or '-'}."
    return f"Hand {' '.join(view.hand) or '-'}; top {view.top}; draw pile {view.pile_size}."


def add_hint_parser(sub) -> None:
    from lama.cli import _positive

    p = sub.add_parser(
        "hint",
        help="estimate every legal action at a position of a game record",
        description=(
            "Replay RECORD to just before move M of round R and show, for the seat to move, every legal "
            "action with the strongest bot's estimated win chance, its 95% margin, the expected points "
            "this round, and the bot's choice. Rounds and moves count from 0, as `lama replay` reports "
            "them. Only what that seat could see is used."
        ),
    )
    p.add_argument("file", metavar="RECORD", help="a lama-record/1 JSON file")
    p.add_argument("--round", type=int, metavar="R", help="0-based round (default: the last round)")
    p.add_argument("--move", type=int, metavar="M",
                   help="0-based move of that round; the hint is for the position before it "
                        "(default: after the round's last move)")
    p.add_argument("--after-roll", action="store_true",
                   help="dice: apply move M's roll first; the hint is for the discard or take it asks for")
    p.add_argument("--seat", type=int, metavar="S", help="check that seat S is the one to move")
    p.add_argument("--budget", type=_positive, metavar="N", help="playouts of the search (default: the hard bot's budget)")
    p.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_hint)
