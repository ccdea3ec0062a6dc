"""`lama bench-review`: seconds to review one game (lama.bench.review; docs/review.md)."""

from __future__ import annotations

import json

from lama.games import GAMES
from lama.i18n import _

from .types import positive


def add_arguments(p) -> None:
    p.description = _("Measure how long the review of one game takes on one core: games of heuristic bots "
                      "are played first, one review loads the compiled code, then every game is reviewed "
                      "and timed (median, min and max).")
    p.add_argument("--game", choices=list(GAMES), default="lama",
                   help=_("the game (default {game})").format(game="lama"))
    p.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="N",
                   help=_("players (default {n})").format(n=4))
    p.add_argument("--games", type=positive, default=10, help=_("games reviewed (default {n})").format(n=10))
    p.add_argument("--seed", type=int, default=0, help=_("the seed of the first game (default {n})").format(n=0))
    p.add_argument("--playouts", type=positive, metavar="N",
                   help=_("playouts per point of the curve (default {n})").format(n=2000))
    p.add_argument("--samples", type=positive, metavar="N",
                   help=_("playouts of the search per decision (default {n})").format(n=2000))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(func=cmd_bench_review)


def cmd_bench_review(args) -> int:
    from lama.bench.review import review_times
    from lama.review.chances import PLAYOUTS
    from lama.review.judge import SAMPLES

    r = review_times(args.game, args.players, args.games, args.seed, args.playouts or PLAYOUTS,
                     args.samples or SAMPLES)
    if args.json:
        print(json.dumps(r))
        return 0
    print(_("{game}, {n} players, {games} games ({moves:.0f} moves each on average): a review takes "
            "{s:.2f} s (median; {low:.2f} to {high:.2f} s), {cpu:.2f} s of CPU").format(
        game=r["game"], n=r["players"], games=r["games"], moves=r["moves_per_game"], s=r["seconds"],
        low=r["seconds_min"], high=r["seconds_max"], cpu=r["cpu_seconds"]))
    return 0
