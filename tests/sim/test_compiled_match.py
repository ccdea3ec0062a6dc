"""Whole games in compiled code (lama.sim.compiled_match): a game is a function of its seed alone
(whatever else is in the batch, whatever the threads, compiled or plain Python), each round's
cards do not depend on who sits where (duplicate deals), and the results are a finished
game's."""

import json
import os
import subprocess
import sys

import pytest

from lama.bots.compiled import policies
from lama.fast import kernel
from lama.fast import layout as L
from lama.fast.rules import rules_of
from lama.games import new_game
from lama.sim import compiled_match as match

GAMES = ("lama", "komarami", "kadabra", "dice")
H, R, E = policies.HEURISTIC, policies.RANDOM, policies.EASY


def results(batch, games):
    return [(batch.points(i), batch.winners(i), batch.rounds(i), batch.decisions(i)) for i in range(games)]


def mixed_seats(players, games):
    return [[(H, R, E)[(i + s) % 3] for s in range(players)] for i in range(games)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_depends_on_its_seed_alone(game_id):
    game = new_game(game_id, 4)
    seeds = list(range(100, 140))
    seats = mixed_seats(4, 40)
    whole = results(match.Batch(game, seeds, seats).play(), 40)
    assert results(match.Batch(game, seeds[25:], seats[25:]).play(), 15) == whole[25:]
    assert results(match.Batch(game, seeds, seats).play(threads=2), 40) == whole
    assert len({json.dumps(r) for r in whole}) == 40  # the seeds give other games


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", GAMES)
def test_the_results_are_those_of_finished_games(game_id, players):
    game = new_game(game_id, players)
    batch = match.Batch(game, range(60), mixed_seats(players, 60)).play()
    for i in range(60):
        points, winners = batch.points(i), batch.winners(i)
        assert max(points) >= game.target  # C6
        assert winners and all(points[s] == min(points) for s in winners)
        assert set(winners) == {s for s in range(players) if points[s] == min(points)}
        assert batch.rounds(i) >= 1 and min(batch.decisions(i)) >= 1


def rounds_dealt(game, seed, seats):
    """The hands of every round's deal when `seats` play the game seeded `seed`."""
    ru = rules_of(game)
    st = kernel.zeros(L.STATE_SIZE)
    gen = kernel.zeros(match.GEN_SIZE)
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    memo = kernel.float_zeros(policies.MEMO_SIZE)
    flat = kernel.array(seats + [0] * (L.N_MAX - len(seats)))
    match.start_game(ru, seed, st, gen)
    deals = []
    while not st[L.FINISHED]:
        dealing = st[L.CHANCE] == L.DEAL
        match.step(ru, flat, 0, st, gen, legal, scratch, memo)
        if dealing:
            deals.append([int(v) for v in st[L.HANDS:L.HANDS + game.players * L.K_MAX]] + [int(st[L.TOP])])
    return deals


@pytest.mark.parametrize("game_id", ("kadabra", "dice"))
def test_every_seating_meets_the_same_cards_in_every_round(game_id):
    """The round's generator comes from the game's chance stream, not from what happened in
    earlier rounds, so however the seats play, round r deals the same cards."""
    game = new_game(game_id, 3)
    heuristic = rounds_dealt(game, 9, [H, H, H])
    chaotic = rounds_dealt(game, 9, [R, E, R])
    assert len(heuristic) >= 2 and len(chaotic) >= 2
    common = min(len(heuristic), len(chaotic))
    assert heuristic[:common] == chaotic[:common]
    assert rounds_dealt(game, 10, [H, H, H])[0] != heuristic[0]


def test_seeds_beyond_63_bits_and_negative_ones_are_taken_as_their_low_bits():
    game = new_game("lama", 2)
    seeds = [2 ** 63 + 5, 5, -1, 2 ** 63 - 1]
    batch = match.Batch(game, seeds, [[H, R]] * 4).play()
    assert results(batch, 4)[0] == results(batch, 4)[1]
    assert results(batch, 4)[2] == results(batch, 4)[3]


def test_the_seed_mixer_is_the_reference_lowbias32():
    def reference(x):
        x ^= x >> 16
        x = (x * 0x7FEB352D) & 0xFFFFFFFF
        x ^= x >> 15
        x = (x * 0x846CA68B) & 0xFFFFFFFF
        return x ^ (x >> 16)

    for x in (0, 1, 2, 0xFFFFFFFF, 0x12345678, 0x9E3779B9):
        assert match.mix32(x) == reference(x)


@pytest.mark.skipif(not kernel.COMPILED, reason="already plain Python here")
def test_plain_python_plays_the_same_games():
    code = ("import json; from lama.sim import compiled_match as match; from lama.games import new_game\n"
            "out = []\n"
            "for g in ('kadabra', 'dice'):\n"
            "    b = match.Batch(new_game(g, 5), range(4), [[1, 0, 2, 1, 0]] * 4).play()\n"
            "    out.append([(b.points(i), b.winners(i), b.rounds(i), b.decisions(i)) for i in range(4)])\n"
            "print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "LAMA_NUMBA": "0"},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    compiled = [results(match.Batch(new_game(g, 5), range(4), [[1, 0, 2, 1, 0]] * 4).play(), 4)
                for g in ("kadabra", "dice")]
    assert json.loads(done.stdout) == json.loads(json.dumps(compiled))
