"""Tournaments in constant memory, with the same numbers as before.

The games stream: the plan is made lazily, a backend draws units of work as it needs them and
keeps a bounded number in flight, each unit's games go to the store and to a scratch file as
they come back, and the summary reads them back deal by deal (lama.sim.tally). These tests hold
that to what the code gave when it kept every game in a list (the numbers and the stored rows,
to the last bit), and check that the memory a run holds does not grow with its games: traced
memory and units in flight, never the clock.
"""

import hashlib
import json
import logging
import math
import random
import tracemalloc
from collections import defaultdict

import pytest

from lama.cli import main
from lama.sim import stats, tally
from lama.sim.backends import Processes, Serial
from lama.sim.fastplay import FastBackend
from lama.sim.ratings import Pairs, ratings
from lama.sim.schedule import GameSpec, Plan
from lama.sim.summary import summarize
from lama.sim.tally import Tally
from lama.sim.tournament import run_tournament

TIMING = {"sec_per_decision", "sec_per_decision_ci95", "elapsed_s", "games_per_s", "games_played_now",
          "workers", "backend", "interrupted", "stopped_on_error"}


# -- the summary, as it was computed from a dict of every game -----------------------------------

def reference_summary(plan, results: dict) -> dict:
    """lama.sim.summary.summarize as it was before the tally (every game in a dict, every column
    in a list): what the streaming summary must give to the last bit."""
    pool = plan.pool
    index = {name: i for i, name in enumerate(pool)}
    nb = len(pool)
    by_deal = defaultdict(list)
    for task in plan.tasks:
        by_deal[task.deal].append(results.get(task.key))
    deals = [d for d, games in by_deal.items() if all(g is not None and "error" not in g for g in games)]
    cols = {k: [[0.0] * len(deals) for _ in range(nb)]
            for k in ("seats", "wins", "points", "ppr", "seconds", "decisions")}
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
            out[key + "_ci95"].append(stats.interval(est, se, 0.0))
        est, se = stats.ratio(cols["seconds"][b], cols["decisions"][b])
        out["sec_per_decision"].append(est)
        out["sec_per_decision_ci95"].append(stats.interval(est, se, 0.0))
    rated = ratings(pairs_per_deal, nb, plan.seed) if nb > 1 and deals else {
        "rating": [None] * nb, "rating_ci95": [None] * nb}
    played = [results[t.key] for t in plan.tasks if t.key in results]
    for b in range(nb):
        if not out["seats"][b]:
            rated["rating"][b] = rated["rating_ci95"][b] = None
    failed = [g for g in played if "error" in g]
    return {
        "game": plan.spec.game, "players": plan.spec.players, "options": plan.spec.options_dict,
        "seed": plan.seed, "seatings": plan.seatings, "bots": pool, "games": games, "deals": len(deals),
        "games_planned": len(plan.tasks), "deals_planned": plan.deals, "games_failed": len(failed),
        "games_played": len(played),
        "complete": len(played) == len(plan.tasks) and games > 0, "fair_share": 1.0 / plan.spec.players,
        **out, **rated,
        "errors": [g["error"] | {"deal": g["deal"], "seating": g["seating"], "seed": g["seed"],
                                 "bots": g["bots"]} for g in sorted(failed, key=lambda g: (g["deal"], g["seating"]))],
    }


def _made_up_results(plan, rng, missing=0.0, failing=0.0):
    """Game summaries of every game of `plan` but a share `missing`, a share `failing` of them failures."""
    results = {}
    n = plan.spec.players
    for task in plan.tasks:
        if rng.random() < missing:
            continue
        if rng.random() < failing:
            results[task.key] = {"deal": task.deal, "seating": task.seating, "seed": task.seed,
                                 "bots": list(task.bots),
                                 "error": {"kind": "exception", "seat": 0, "bot": task.bots[0], "round": 1,
                                           "message": "made up", "traceback": None}}
            continue
        points = [rng.choice([0, 3, 7, 10, 10, 25, 40]) for _ in range(n)]
        low = min(points)
        results[task.key] = {
            "deal": task.deal, "seating": task.seating, "seed": task.seed, "bots": list(task.bots),
            "points": points, "winners": [s for s, p in enumerate(points) if p == low],
            "rounds": rng.randint(1, 9), "decisions": [rng.randint(0, 90) for _ in range(n)],
            "seconds": [rng.random() / 7 for _ in range(n)]}
    return results


@pytest.mark.parametrize("game,players,bots,games,seatings,missing,failing", [
    ("lama", 2, ("a", "b"), 1, "rotate", 0.0, 0.0),
    ("lama", 4, ("a", "b"), 333, "rotate", 0.0, 0.0),
    ("lama", 3, ("a", "b", "c", "d"), 250, "rotate", 0.02, 0.03),
    ("dice", 5, ("a", "b", "a", "c", "a"), 120, "rotate", 0.0, 0.01),
    ("kadabra", 3, ("a", "b", "c"), 600, "permute", 0.01, 0.0),
    ("lama", 6, ("a", "b", "c", "d", "e", "f", "g"), 90, "rotate", 0.0, 0.0),
    ("lama", 3, ("a", "b"), 30, "rotate", 0.0, 1.0),  # every game failed
    ("lama", 3, ("a", "b"), 30, "rotate", 1.0, 0.0),  # none played
])
def test_the_streaming_summary_is_the_list_summary_to_the_last_bit(game, players, bots, games, seatings, missing,
                                                                   failing):
    plan = Plan(GameSpec(game, players), bots, 5, games, seatings)
    results = _made_up_results(plan, random.Random(f"{game}{players}{games}"), missing, failing)
    assert summarize(plan, results) == reference_summary(plan, results)


def test_a_game_read_again_counts_once_and_a_finished_game_beats_a_failure():
    plan = Plan(GameSpec("lama", 3), ("a", "b", "c"), 1, 60)
    results = _made_up_results(plan, random.Random(3))
    failure = {"kind": "exception", "seat": 1, "bot": "b", "round": 0, "message": "m", "traceback": None}
    tally = Tally(plan)
    lines = list(results.items())
    random.Random(4).shuffle(lines)  # in any order, as games finish
    failed = [(k, {k2: g[k2] for k2 in ("deal", "seating", "seed", "bots")} | {"error": failure})
              for k, g in lines[:20]]
    tally.add((plan.position(k), g) for k, g in failed[:10] + lines + failed[10:] + lines[:5])
    assert tally.failed == 0 and tally.played == plan.size and tally.errors == {}
    assert summarize(plan, tally) == reference_summary(plan, results)
    tally.close()


# -- the same numbers and the same stored rows as before, on every backend -----------------------

def digest(result: dict, out) -> str:
    """What must not change: the numbers (timings aside) and the stored rows (in key order,
    without their seconds). `games_played` came later (every game of these runs is played)."""
    assert result["games_played"] == result["games_planned"]
    numbers = {k: v for k, v in result.items() if k not in TIMING | {"games_played"}}
    rows = sorted((json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()),
                  key=lambda g: (g["deal"], g["seating"]))
    for row in rows:
        row.pop("seconds", None)
    return hashlib.sha256(json.dumps([numbers, rows], sort_keys=True).encode()).hexdigest()


# Taken from the code that kept every game in a list (the commit before lama.sim.tally), with
# `digest` above. A change of a bot or of the rules changes them: take them again from the code
# before that change, with every backend giving the same.
BEFORE = {
    "fast": (["--game", "lama", "--players", "3", "--bots", "heuristic,random,easy", "--games", "300",
              "--seed", "4"],
             "f1620d8c95d580ff24e2d7c46481d0b82e84b42280adb001e264e36874df9069"),
    "permute": (["--game", "kadabra", "--players", "3", "--bots", "heuristic,random,easy", "--games", "120",
                 "--seatings", "permute", "--seed", "2"],
                "6114707049b38a03cd7b80ac58c70e8e2390948e51420120716e8fe559f0b731"),
    "core": (["--game", "dice", "--players", "3", "--bots", "heuristic,random", "--games", "18", "--seed", "5",
              "--engine", "core"],
             "c9e43b422ae8856aa385fc180aa2207bc0b4bd8c01155ba1a68ad96b38b02c2b"),
}


def _digest_of(capsys, tmp_path, argv) -> str:
    out = tmp_path / f"t{len(list(tmp_path.iterdir()))}"
    assert main(["tournament", *argv, "--json", "--out", str(out)]) == 0
    return digest(json.loads(capsys.readouterr().out), out)


@pytest.mark.parametrize("case", sorted(BEFORE))
def test_the_numbers_and_rows_are_those_of_before_locally(capsys, tmp_path, case):
    argv, before = BEFORE[case]
    assert _digest_of(capsys, tmp_path, argv) == before
    assert _digest_of(capsys, tmp_path, [*argv, "--workers", "2", "--chunk", "7"]) == before


@pytest.fixture(scope="module")
def cluster():
    """A Dask cluster of two worker processes on 127.0.0.1, without a dashboard: what this process
    holds is what the machine running `lama tournament --address` holds."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        yield cluster


@pytest.mark.slow
@pytest.mark.dask
@pytest.mark.parametrize("case", sorted(BEFORE))
def test_the_numbers_and_rows_are_those_of_before_on_dask(capsys, tmp_path, cluster, case):
    argv, before = BEFORE[case]
    address = ["--backend", "dask", "--address", cluster.scheduler_address, "--chunk", "5"]
    assert _digest_of(capsys, tmp_path, [*argv, *address]) == before


# -- memory that does not grow with the games ----------------------------------------------------

def _peak(games: int, **where) -> int:
    """The most memory a tournament of `games` games held at once (traced: numpy's buffers too)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        assert run_tournament(game="lama", players=4, bots=["heuristic", "random"], games=games, seed=3,
                              engine="fast", chunk=100, **where) == 0
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


# Keeping every game cost about 1.8 KB a game (2 GB at a million games). What still grows is a
# few bytes a game (its status, its deal's table and where the deal starts) and, with a local Dask
# cluster, its scheduler's histories (bounded, and timed: the system monitor's samples), well
# below this bound.
GROWTH_PER_GAME = 64  # bytes


@pytest.fixture
def small_buffers(monkeypatch):
    """The scratch files' buffers (a megabyte, a few thousand rows) made small, so that they are
    full already in a small tournament: what still grows then grows with the games."""
    monkeypatch.setattr(tally, "CHUNK_BYTES", 1 << 14)
    monkeypatch.setattr(tally, "BATCH", 64)


def _growth(large: int, **where) -> tuple[int, int]:
    _peak(200, **where)  # compiled code, imports, caches: once
    return _peak(SMALL, **where), _peak(large, **where)


# The small run and the large ones. In this process (one thread, two), 8,000 games apart: the
# bound (512 KB) is over five times what the run grows by today (under 100 KB) and a
# twenty-eighth of what keeping every game cost (1.8 KB a game: 14 MB); the check fails at a
# growth of GROWTH_PER_GAME a game as it did 18,000 games apart, at half the games. On Dask
# 18,000 games apart still: the scheduler's histories grow with the time the run takes too
# (443 KB over 8,000 games), so there the bound needs the longer run.
SMALL, LARGE, LARGE_ON_DASK = 2_000, 10_000, 20_000


@pytest.mark.parametrize("where", [{}, {"workers": 2}], ids=["one thread", "two threads"])
def test_a_tournament_s_memory_does_not_grow_with_its_games(small_buffers, where):
    small, large = _growth(LARGE, **where)
    assert large - small < GROWTH_PER_GAME * (LARGE - SMALL), (small, large)


@pytest.mark.slow
@pytest.mark.dask
def test_a_tournament_s_memory_does_not_grow_with_its_games_on_dask(small_buffers):
    small, large = _growth(LARGE_ON_DASK, backend="dask", workers=2)  # a local cluster each time: its scheduler is here
    assert large - small < GROWTH_PER_GAME * (LARGE_ON_DASK - SMALL), (small, large)


# -- a bounded number of units in flight ---------------------------------------------------------

class Counted:
    """Units handed out one at a time, counting how many were taken and how many came back."""

    def __init__(self, units):
        self.units, self.taken, self.back, self.most_out = units, 0, 0, 0

    def __iter__(self):
        for unit in self.units:
            self.taken += 1
            self.most_out = max(self.most_out, self.taken - self.back)
            yield unit

    def on_result(self, unit, games) -> bool:
        self.back += 1
        assert len(games) == len(unit[1])
        return True


def _units(plan, chunk):
    tasks = list(plan.iter_tasks())
    return [(plan.spec, tuple(tasks[i:i + chunk]), False, None) for i in range(0, len(tasks), chunk)]


def test_a_backend_takes_its_units_as_it_needs_them():
    plan = Plan(GameSpec("lama", 3), ("heuristic", "random"), 0, 600)
    from lama.sim.fastplay import play_fast_chunk

    for backend, most in ((FastBackend(1), 1), (Serial(play_fast_chunk), 1)):
        units = Counted(_units(plan, 20))
        backend.run(units, units.on_result)
        assert units.back == units.taken == math.ceil(plan.size / 20) and units.most_out <= most


@pytest.mark.slow
def test_a_process_pool_keeps_four_units_a_worker_in_flight():
    plan = Plan(GameSpec("dice", 2), ("random", "heuristic"), 0, 120)
    units = Counted(_units(plan, 2))
    Processes(2).run(units, units.on_result)
    assert units.back == units.taken == 60 and units.most_out <= 8


@pytest.mark.slow
@pytest.mark.dask
def test_dask_keeps_four_units_a_worker_in_flight(cluster):
    from lama.sim.backends import Dask
    from lama.sim.fastplay import play_fast_chunk

    plan = Plan(GameSpec("lama", 3), ("heuristic", "random"), 0, 900)
    backend = Dask(None, cluster.scheduler_address, play_fast_chunk)
    try:
        units = Counted(_units(plan, 10))
        backend.run(units, units.on_result)
    finally:
        backend.close()
    assert units.back == units.taken == 90 and units.most_out <= 4 * 2
