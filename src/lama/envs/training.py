"""The games `neural_rl` learns from: B games, one learning seat per row (seats[i]) against the
compiled heuristic in every other seat, stepped in one compiled call (the kernels of the vector
environments, lama.envs.batch, without their observations: the learner reads the network's
features, lama.bots.compiled.features). A game that ends in a step is dealt anew in the same
step and played up to the learning seat's first move, so every row is always at a decision.
"""

from __future__ import annotations

from lama.fast.kernel import njit
from lama.fast.layout import FINISHED

from .batch import WIN, play_logged, play_opponents, restart_logged, settle


@njit(cache=True)
def restart_all(states, ru, seats, seat_policies, gens, start, acc, logs, hists, ids, scratch, memo):
    """A new game in every row, played by the heuristic up to the learning seat's first move."""
    for i in range(len(states)):
        st = states[i]
        restart_logged(st, ru, start[i], logs[i], hists[i])
        play_opponents(st, ru, seats[i], seat_policies, gens[i], WIN, start[i], acc[i], ids, scratch, memo,
                       logs[i], hists[i])


@njit(cache=True)
def step_all(states, ru, seats, actions, seat_policies, gens, start, acc, logs, hists, ids, scratch, memo, rewards,
             ended):
    """Row i: the learning seat plays actions[i] (a legal id), then the heuristic up to its next
    move; rewards[i]: its win reward (1 shared by the winners at the game's end); ended[i]: the
    game ended, and the row holds the next game, at the learning seat's first move."""
    for i in range(len(states)):
        st = states[i]
        seat = seats[i]
        for s in range(acc.shape[1]):
            acc[i, s] = 0.0
        play_logged(st, ru, actions[i], logs[i], hists[i])
        settle(st, ru, WIN, start[i], acc[i])
        play_opponents(st, ru, seat, seat_policies, gens[i], WIN, start[i], acc[i], ids, scratch, memo, logs[i],
                       hists[i])
        rewards[i] = acc[i, seat]
        ended[i] = st[FINISHED] != 0
        if ended[i]:
            restart_logged(st, ru, start[i], logs[i], hists[i])
            play_opponents(st, ru, seat, seat_policies, gens[i], WIN, start[i], acc[i], ids, scratch, memo,
                           logs[i], hists[i])
