"""From game summaries to the tournament's table, in the plan's fixed order.

A deal counts only when every seating of it finished without a failure, so the
bots compared always met the same cards in the same seats. A win is shared
between the seats that tie for the fewest points (1/k each); a bot's win share
is its wins over the seats it held, so the fair share is 1/players for every
bot, even one that held two seats of a table.
"""

from __future__ import annotations

from . import stats
from .ratings import BLOCKS, Pairs, rated
from .tally import Column, Scratch, Tally

COLUMNS = ("seats", "wins", "points", "ppr", "seconds", "decisions")  # per deal and bot


def counted_deals(plan, results) -> list[int]:
    """The deals whose every seating finished without a failure, in order (`results`: a Tally,
    or game summaries by (deal, seating))."""
    tally = results if isinstance(results, Tally) else Tally.of(plan, results)
    return [d for d, _ in tally.finished_deals()]


def summarize(plan, results) -> dict:
    """The per-bot table (lists in the order of `bots`) with 95% intervals: Wilson's for the
    win shares, normal ones for the means (stats.py).

    `results`: a Tally (tally.py), or game summaries by (deal, seating). The games are read in
    the plan's order, deal by deal, in constant memory: what is summed per deal goes to scratch
    files, read again by stats.ratio, so every figure is the same to the last bit as from lists
    of the same numbers."""
    tally = results if isinstance(results, Tally) else Tally.of(plan, results)
    pool = plan.pool
    nb = len(pool)
    # per deal, per bot: seats held, wins, points, points per round, seconds, decisions
    per_deal = Scratch([(k, "<f8", (nb,)) for k in COLUMNS])
    # the wins and seats with every game its own cluster: the error without duplicate deals
    per_game = Scratch([("wins", "<f8", (nb,)), ("seats", "<i8", (nb,))])
    blocks = [Pairs(nb) for _ in range(BLOCKS)]  # deal d's pairs in block d % BLOCKS
    games = deals = 0
    try:
        for _, rows in tally.finished_deals():
            sums = {k: [0.0] * nb for k in COLUMNS}
            seats_, wins_, points_, ppr_ = sums["seats"], sums["wins"], sums["points"], sums["ppr"]
            seconds_, decisions_ = sums["seconds"], sums["decisions"]
            block = blocks[deals % BLOCKS]
            for seat_bots, mask, nwin, rounds, points, decisions, seconds in zip(
                    *(rows[k].tolist() for k in ("bots", "winners", "nwinners", "rounds", "points", "decisions",
                                                 "seconds"))):
                games += 1
                share = 1.0 / nwin
                game_wins = [0.0] * nb
                game_seats = [0] * nb
                for s, b in enumerate(seat_bots):
                    win = share if mask >> s & 1 else 0.0
                    seats_[b] += 1
                    wins_[b] += win
                    points_[b] += points[s]
                    ppr_[b] += points[s] / rounds
                    seconds_[b] += seconds[s]
                    decisions_[b] += decisions[s]
                    game_wins[b] += win
                    game_seats[b] += 1
                per_game.add((game_wins, game_seats))
                block.add_game(seat_bots, points)
            per_deal.add(tuple(sums[k] for k in COLUMNS))
            deals += 1
        out = _table(per_deal, per_game, nb, deals)
    finally:
        per_deal.close()
        per_game.close()

    total = Pairs(nb)
    for block in blocks:
        total.add(block)
    rated_ = rated(blocks[:deals], total, nb, plan.seed) if nb > 1 and deals else {
        "rating": [None] * nb, "rating_ci95": [None] * nb}
    for b in range(nb):
        if not out["seats"][b]:  # a bot that played no counted game has no rating
            rated_["rating"][b] = rated_["rating_ci95"][b] = None
    return {
        "game": plan.spec.game,
        "players": plan.spec.players,
        "options": plan.spec.options_dict,
        "seed": plan.seed,
        "seatings": plan.seatings,
        "bots": pool,
        "games": games,
        "deals": deals,
        "games_planned": plan.size,
        "deals_planned": plan.deals,
        "games_failed": tally.failed,
        "games_played": tally.played,  # every game played (and kept), this run or before: failed, in part deals
        "complete": tally.played == plan.size and games > 0,  # not when every game failed
        "fair_share": 1.0 / plan.spec.players,
        **out,
        **rated_,
        "errors": [tally.errors[pos] for pos in sorted(tally.errors)],  # positions: in (deal, seating) order
    }


def _table(per_deal: Scratch, per_game: Scratch, nb: int, deals: int) -> dict:
    """The columns of the table from the sums per deal and per game."""
    out = {k: [] for k in ("seats", "win_share", "win_share_ci95", "win_share_se", "win_share_se_single",
                           "mean_points", "mean_points_ci95", "points_per_round",
                           "points_per_round_ci95", "sec_per_decision", "sec_per_decision_ci95",
                           "decisions")}
    for b in range(nb):
        cols = {k: Column(per_deal, k, b) for k in COLUMNS}
        seats = cols["seats"]
        out["seats"].append(int(sum(seats)))
        out["decisions"].append(int(sum(cols["decisions"])))
        share, se = stats.ratio(cols["wins"], seats)
        out["win_share"].append(share)
        out["win_share_se"].append(se)
        out["win_share_ci95"].append(stats.share_interval(share, se, deals))
        out["win_share_se_single"].append(stats.ratio(Column(per_game, "wins", b),
                                                      Column(per_game, "seats", b, int))[1])
        for key, col in (("mean_points", "points"), ("points_per_round", "ppr")):
            est, se = stats.ratio(cols[col], seats)
            out[key].append(est)
            out[key + "_ci95"].append(stats.interval(est, se, 0.0))  # points are never below zero
        est, se = stats.ratio(cols["seconds"], cols["decisions"])
        out["sec_per_decision"].append(est)
        out["sec_per_decision_ci95"].append(stats.interval(est, se, 0.0))
    return out
