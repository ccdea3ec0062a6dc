"""The games `neural_rl` learns from: B games, one learning seat per row (seats[i]) against the
compiled heuristic in every other seat, stepped in one compiled call (the kernels of the vector
environments, lama.envs.batch, without their observations: the learner reads the network's
features, lama.bots.compiled.features, computed in the same call). A game that ends in a step
is dealt anew in the same step and played up to the learning seat's first move, so every row is
always at a decision.

The rows split into as many shares as the working memory (ids, scratch, memo) has rows, played
on numba's threads: each row's games are its own (its generators are in its state and `gens`),
so the result is the same for any number of shares.
"""

from __future__ import annotations

from lama.bots.compiled.features import features_rows
from lama.fast.kernel import njit, prange
from lama.fast.layout import FINISHED, ROUND

from .batch import play_logged, play_opponents, restart_logged, settle, win_of


@njit(cache=True)
def observe_share(c, shares, states, ru, seats, over, slot_of_id, x, legal, fits, heuristic, ids, scratch, memo):
    """The features of share c's rows (lama.bots.compiled.features.features_rows)."""
    b = len(states)
    lo, hi = b * c // shares, b * (c + 1) // shares
    features_rows(states[lo:hi], ru, seats[lo:hi], over[lo:hi], slot_of_id, x[lo:hi], legal[lo:hi], fits[lo:hi],
                  heuristic[lo:hi], ids[c], scratch[c], memo[c])


@njit(cache=True, parallel=True)
def restart_all(states, ru, seats, seat_policies, gens, reward_kind, start, acc, logs, hists, slot_of_id, over, x,
                legal, fits, heuristic, ids, scratch, memo):
    """A new game in every row, played by the heuristic up to the learning seat's first move,
    and its features."""
    shares = len(ids)
    b = len(states)
    for c in prange(shares):
        for i in range(b * c // shares, b * (c + 1) // shares):
            st = states[i]
            restart_logged(st, ru, start[i], logs[i], hists[i])
            play_opponents(st, ru, seats[i], seat_policies, gens[i], reward_kind, start[i], acc[i], ids[c],
                           scratch[c], memo[c], logs[i], hists[i])
        observe_share(c, shares, states, ru, seats, over, slot_of_id, x, legal, fits, heuristic, ids, scratch, memo)


@njit(cache=True, parallel=True)
def step_all(states, ru, seats, actions, seat_policies, gens, reward_kind, start, acc, logs, hists, rewards, wins,
             ended, rounds_ended, slot_of_id, over, x, legal, fits, heuristic, ids, scratch, memo):
    """Row i: the learning seat plays actions[i] (a legal id), then the heuristic up to its next
    move; rewards[i]: its reward of `reward_kind` (lama.envs.rewards); wins[i]: its win (1 shared
    by the winners) if the game ended, else 0; ended[i]: the game ended, and the row holds the
    next game, at the learning seat's first move; rounds_ended[i]: a round ended (the game's
    last one too); then the features of every row (x, legal, fits, heuristic: features_rows's).
    A row that `over` marks stands still (its features zeros, as features_rows gives)."""
    shares = len(ids)
    b = len(states)
    for c in prange(shares):
        ids_c, scratch_c, memo_c = ids[c], scratch[c], memo[c]
        for i in range(b * c // shares, b * (c + 1) // shares):
            if over[i]:
                continue
            st = states[i]
            seat = seats[i]
            for s in range(acc.shape[1]):
                acc[i, s] = 0.0
            dealt = st[ROUND]
            play_logged(st, ru, actions[i], logs[i], hists[i])
            settle(st, ru, reward_kind, start[i], acc[i])
            play_opponents(st, ru, seat, seat_policies, gens[i], reward_kind, start[i], acc[i], ids_c, scratch_c,
                           memo_c, logs[i], hists[i])
            rewards[i] = acc[i, seat]
            ended[i] = st[FINISHED] != 0
            rounds_ended[i] = ended[i] or st[ROUND] != dealt
            wins[i] = win_of(st, ru, seat) if ended[i] else 0.0
            if ended[i]:
                restart_logged(st, ru, start[i], logs[i], hists[i])
                play_opponents(st, ru, seat, seat_policies, gens[i], reward_kind, start[i], acc[i], ids_c, scratch_c,
                               memo_c, logs[i], hists[i])
        observe_share(c, shares, states, ru, seats, over, slot_of_id, x, legal, fits, heuristic, ids, scratch, memo)
