"""From game summaries to the tournament's table, in the plan's fixed order.

A deal counts only when every seating of it finished without a failure, so the
bots compared always met the same cards in the same seats. A win is shared
between the seats that tie for the fewest points (1/k each); a bot's win share
is its wins over the seats it held, so the fair share is 1/players for every
bot, even one that held two seats of a table.
"""

from __future__ import annotations

from collections import defaultdict

from . import stats
from .ratings import Pairs, ratings


def counted_deals(plan, results: dict) -> list[int]:
    """The deals whose every seating finished without a failure, in order."""
    by_deal = defaultdict(list)
    for task in plan.tasks:
        by_deal[task.deal].append(results.get(task.key))
    return [d for d, games in by_deal.items() if all(g is not None and "error" not in g for g in games)]


def summarize(plan, results: dict) -> dict:
    """The per-bot table (lists in the order of `bots`) with 95% intervals: Wilson's for the
    win shares, normal ones for the means (stats.py)."""
    pool = plan.pool
    index = {name: i for i, name in enumerate(pool)}
    nb = len(pool)
    deals = counted_deals(plan, results)
    by_deal = defaultdict(list)
    for task in plan.tasks:
        by_deal[task.deal].append(results.get(task.key))
    # per deal, per bot: seats held, wins, points, points per round, seconds, decisions
    cols = {k: [[0.0] * len(deals) for _ in range(nb)]
            for k in ("seats", "wins", "points", "ppr", "seconds", "decisions")}
    # the same sums with every game its own cluster: the error without duplicate deals
    single = {k: [[] for _ in range(nb)] for k in ("seats", "wins")}
    pairs_per_deal = []
    games = 0
    for d, deal in enumerate(deals):
        pairs = Pairs(nb)
        for g in by_deal[deal]:
            games += 1
            seat_bots = [index[name] for name in g["bots"]]
            share = 1.0 / len(g["winners"])
            game_wins = [0.0] * nb
            game_seats = [0] * nb
            for s, b in enumerate(seat_bots):
                win = share if s in g["winners"] else 0.0
                cols["seats"][b][d] += 1
                cols["wins"][b][d] += win
                cols["points"][b][d] += g["points"][s]
                cols["ppr"][b][d] += g["points"][s] / g["rounds"]
                cols["seconds"][b][d] += g["seconds"][s]
                cols["decisions"][b][d] += g["decisions"][s]
                game_wins[b] += win
                game_seats[b] += 1
            for b in range(nb):
                single["wins"][b].append(game_wins[b])
                single["seats"][b].append(game_seats[b])
            pairs.add_game(seat_bots, g["points"])
        pairs_per_deal.append(pairs)

    out = {k: [] for k in ("seats", "win_share", "win_share_ci95", "win_share_se", "win_share_se_single",
                           "mean_points", "mean_points_ci95", "points_per_round",
                           "points_per_round_ci95", "sec_per_decision", "sec_per_decision_ci95",
                           "decisions")}
    for b in range(nb):
        seats = cols["seats"][b]
        out["seats"].append(int(sum(seats)))
        out["decisions"].append(int(sum(cols["decisions"][b])))
        share, se = stats.ratio(cols["wins"][b], seats)
        out["win_share"].append(share)
        out["win_share_se"].append(se)
        out["win_share_ci95"].append(stats.share_interval(share, se, len(deals)))
        out["win_share_se_single"].append(stats.ratio(single["wins"][b], single["seats"][b])[1])
        for key, col in (("mean_points", "points"), ("points_per_round", "ppr")):
            est, se = stats.ratio(cols[col][b], seats)
            out[key].append(est)
            out[key + "_ci95"].append(stats.interval(est, se, 0.0))  # points are never below zero
        est, se = stats.ratio(cols["seconds"][b], cols["decisions"][b])
        out["sec_per_decision"].append(est)
        out["sec_per_decision_ci95"].append(stats.interval(est, se, 0.0))
    rated = ratings(pairs_per_deal, nb, plan.seed) if nb > 1 and deals else {
        "rating": [None] * nb, "rating_ci95": [None] * nb}
    played = [results[t.key] for t in plan.tasks if t.key in results]
    for b in range(nb):
        if not out["seats"][b]:  # a bot that played no counted game has no rating
            rated["rating"][b] = rated["rating_ci95"][b] = None
    failed = [g for g in played if "error" in g]
    return {
        "game": plan.spec.game,
        "players": plan.spec.players,
        "options": plan.spec.options_dict,
        "seed": plan.seed,
        "seatings": plan.seatings,
        "bots": pool,
        "games": games,
        "deals": len(deals),
        "games_planned": len(plan.tasks),
        "deals_planned": plan.deals,
        "games_failed": len(failed),
        "complete": len(played) == len(plan.tasks) and games > 0,  # not when every game failed
        "fair_share": 1.0 / plan.spec.players,
        **out,
        **rated,
        "errors": [g["error"] | {"deal": g["deal"], "seating": g["seating"], "seed": g["seed"],
                                 "bots": g["bots"]} for g in sorted(failed, key=lambda g: (g["deal"], g["seating"]))],
    }
