"""Workload W1 (lama.bench.w1) in the fast engine: whole games, every seat choosing
uniformly among its legal actions other than quit, quitting only when nothing else is legal.
Each game's chance comes from its own generator (RNG in its state), the choices from the
driver's generator `drv` (drv[0:4]), which also seeds each game's generator."""

from __future__ import annotations

import time

from . import cards, dice
from .kernel import array, below, next32, njit, words_of, zeros
from .layout import CARDS, FINISHED, QUIT_ID_DICE, R_FAMILY, R_K, RNG, STATE_SIZE
from .rules import rules_of


@njit(cache=True, inline="always")
def w1_choice(out, count, quit_id, drv):
    """W1: an action id among out[0:count] other than quit, uniformly; quit if it is the only
    one. Quit, where legal, is the last id (in the card games, and of dice's two), so the
    others are the ones before it."""
    others = count - 1 if out[count - 1] == quit_id else count
    if others == 0:
        return quit_id
    return out[below(drv, 0, others)]


@njit(cache=True)
def w1_game(st, ru, drv, out):
    """One whole W1 game on the state `st` (its generator seeded from drv); the decisions made."""
    for i in range(4):
        st[RNG + i] = next32(drv, 0) | 1
    if ru[R_FAMILY] == CARDS:
        return w1_cards(st, ru, drv, out)
    return w1_dice(st, ru, drv, out)


@njit(cache=True)
def w1_cards(st, ru, drv, out):
    """W1 on a card game. Each family has its own loop, with its kernels inlined into it: through
    family.py's dispatch (not inlined) W1 runs at about two thirds of this speed."""
    quit_id = ru[R_K] + 1
    decisions = 0
    cards.new_game(st, ru)
    cards.advance(st, ru)
    while not st[FINISHED]:
        count = cards.legal_ids(st, ru, out)
        cards.apply_action(st, ru, w1_choice(out, count, quit_id, drv))
        cards.advance(st, ru)
        decisions += 1
    return decisions


@njit(cache=True)
def w1_dice(st, ru, drv, out):
    """W1 on dice."""
    decisions = 0
    dice.new_game(st, ru)
    dice.advance(st, ru)
    while not st[FINISHED]:
        count = dice.legal_ids(st, ru, out)
        dice.apply_action(st, ru, w1_choice(out, count, QUIT_ID_DICE, drv))
        dice.advance(st, ru)
        decisions += 1
    return decisions


@njit(cache=True)
def w1_batch(states, ru, drv, out):
    """W1 on every state of the batch `states` (one game per row); the decisions made."""
    decisions = 0
    for b in range(len(states)):
        decisions += w1_game(states[b], ru, drv, out)
    return decisions


BATCH = 256  # games per kernel call


def w1_games_fast(game, games: int, seed: int = 0) -> tuple[int, float]:
    """Play `games` W1 games in the fast engine; return (decisions, seconds). The kernel is
    compiled (or loaded from numba's cache) before the clock starts."""
    ru = rules_of(game)
    states = array([[0] * STATE_SIZE for _ in range(min(games, BATCH))])
    out = zeros(max(game.num_distinct_actions(), 16))
    warm = array(words_of(seed))
    w1_batch(states[:1], ru, warm, out)
    drv = array(words_of(seed))
    decisions = 0
    start = time.perf_counter()
    left = games
    while left > 0:
        n = min(left, BATCH)
        decisions += w1_batch(states[:n], ru, drv, out)
        left -= n
    return int(decisions), time.perf_counter() - start
