"""B games stepped at once, in one compiled call per step: the kernels of the vector
environments (lama.envs.vector, which documents what they return).

A batch is a (B, STATE_SIZE) state array, one game per row, each with its own chance generator
(RNG in the row). Every step applies B actions, resolves chance, scores, restarts finished
games (auto-reset) and writes B observations (lama.envs.compiled_observe) and masks into the caller's
arrays: nothing is allocated, nothing runs in Python per game.

An action that is not legal (its mask entry is 0, or no action id at all) ends that game at
once: the acting seat gets `illegal_reward`, every other seat 0, nothing is played (the single
environments' illegal="lose").
"""

from __future__ import annotations

from lama.bots.compiled import policies
from lama.fast.family import advance, apply_action, new_game, resolve_chance
from lama.fast.kernel import njit
from lama.fast.layout import CHANCE, DEAL, FINISHED, N_MAX, NO_CHANCE, POINTS, R_ACTIONS, R_N, TO_MOVE, WINNERS

from .compiled_observe import legal_mask, observe

WIN, POINTS_REWARD = 0, 1  # lama.envs.rewards.REWARDS, in order


# -- one game, whatever its family -------------------------------------------------------------


# -- rewards (lama.envs.rewards) ---------------------------------------------------------------

@njit(cache=True)
def round_over(st):
    """The round just ended (it was scored: the next deal or the end is due)."""
    return st[TO_MOVE] < 0 and (st[FINISHED] != 0 or st[CHANCE] == DEAL)


@njit(cache=True)
def score_round(st, ru, reward_kind, start, rewards):
    """After a move or chance: add to rewards[0:n] what a round or game it ended gives each seat.
    `start` holds each seat's points when the round was dealt; the next round starts from here.
    points: each seat the others' average gain minus its own; win: 1 shared by the winners."""
    if not round_over(st):
        return
    n = ru[R_N]
    if reward_kind == POINTS_REWARD:
        total = 0
        for s in range(n):
            total += st[POINTS + s] - start[s]
        for s in range(n):
            gain = st[POINTS + s] - start[s]
            rewards[s] += (total - gain) / (n - 1) - gain
    for s in range(n):
        start[s] = st[POINTS + s]
    if st[FINISHED] and reward_kind == WIN:
        winners = 0
        for s in range(n):
            winners += (st[WINNERS] >> s) & 1
        for s in range(n):
            if (st[WINNERS] >> s) & 1:
                rewards[s] += 1.0 / winners


@njit(cache=True)
def settle(st, ru, reward_kind, start, rewards):
    """After a move: score the round it ended, then resolve chance, scoring a round that chance
    ends (dice: a bust, D3d) before the next deal."""
    score_round(st, ru, reward_kind, start, rewards)
    while st[CHANCE] != NO_CHANCE:
        resolve_chance(st, ru)
        score_round(st, ru, reward_kind, start, rewards)


@njit(cache=True)
def restart(st, ru, start):
    """A new game in the row (its generator goes on), dealt; start: the points at the deal."""
    new_game(st, ru)
    advance(st, ru)
    for s in range(ru[R_N]):
        start[s] = st[POINTS + s]


@njit(cache=True)
def is_legal(ru, mask, action):
    return 0 <= action < ru[R_ACTIONS] and mask[action] != 0


# -- self-play: every game's seat to move acts --------------------------------------------------

@njit(cache=True)
def self_play_reset(states, ru, start, obs, masks, seats, ids):
    """Every row a new game (each row's generator seeded by the caller), dealt and observed."""
    for i in range(len(states)):
        st = states[i]
        restart(st, ru, start[i])
        seats[i] = st[TO_MOVE]
        observe(st, ru, seats[i], obs[i])
        legal_mask(st, ru, ids, masks[i])


@njit(cache=True)
def self_play_step(states, ru, actions, reward_kind, illegal_reward, start, obs, masks, seats, rewards,
                   terminated, ids):
    """Row i's seat to move (seats[i]) plays actions[i]; chance is resolved; rewards[i, 0:n]
    what the step gave each seat; a game that ended (terminated[i]) is replaced by a new one
    at once, and obs, masks and seats are the new game's."""
    n = ru[R_N]
    for i in range(len(states)):
        st = states[i]
        reward = rewards[i]
        for s in range(n):
            reward[s] = 0.0
        action = actions[i]
        if is_legal(ru, masks[i], action):
            apply_action(st, ru, action)
            settle(st, ru, reward_kind, start[i], reward)
            ended = st[FINISHED] != 0
        else:
            reward[seats[i]] = illegal_reward
            ended = True
        terminated[i] = ended
        if ended:
            restart(st, ru, start[i])
        seats[i] = st[TO_MOVE]
        observe(st, ru, seats[i], obs[i])
        legal_mask(st, ru, ids, masks[i])


# -- one learning seat against compiled opponents ---------------------------------------------

@njit(cache=True)
def play_opponents(st, ru, learner, seat_policies, gen, reward_kind, start, rewards, ids, scratch, memo):
    """The opponents move (chance resolved) until the learning seat is to move or the game
    is over, each with its compiled policy (lama.bots.compiled.policies; their randomness from gen);
    the rounds they end are scored into rewards."""
    while not st[FINISHED]:
        seat = st[TO_MOVE]
        if seat == learner:
            return
        apply_action(st, ru, policies.choose(st, ru, seat_policies[seat], gen, 0, ids, scratch, memo))
        settle(st, ru, reward_kind, start, rewards)


@njit(cache=True)
def one_seat_reset(states, ru, learner, seat_policies, gens, start, obs, masks, ids, rewards, scratch, memo):
    """Every row a new game, played by the opponents up to the learning seat's first move."""
    for i in range(len(states)):
        st = states[i]
        restart(st, ru, start[i])
        play_opponents(st, ru, learner, seat_policies, gens[i], WIN, start[i], rewards, ids, scratch, memo)
        observe(st, ru, learner, obs[i])
        legal_mask(st, ru, ids, masks[i])


@njit(cache=True)
def one_seat_step(states, ru, actions, learner, seat_policies, gens, reward_kind, illegal_reward, start, obs, masks,
                  rewards, terminated, final_obs, ids, seat_rewards, scratch, memo):
    """The learning seat plays actions[i] in row i, then the opponents until its next move;
    rewards[i] is what the learning seat got. A game that ended (terminated[i]) leaves the
    learning seat's last observation in final_obs[i] and is replaced by a new one at once
    (obs and masks are the new game's). seat_policies[s]: seat s's policy; seat_rewards (N_MAX
    floats), scratch and memo (policies.SCRATCH_SIZE, MEMO_SIZE) are working memory."""
    n = ru[R_N]
    for i in range(len(states)):
        st = states[i]
        for s in range(n):
            seat_rewards[s] = 0.0
        action = actions[i]
        if is_legal(ru, masks[i], action):
            apply_action(st, ru, action)
            settle(st, ru, reward_kind, start[i], seat_rewards)
            play_opponents(st, ru, learner, seat_policies, gens[i], reward_kind, start[i], seat_rewards, ids, scratch,
                           memo)
            rewards[i] = seat_rewards[learner]
            ended = st[FINISHED] != 0
        else:
            rewards[i] = illegal_reward
            ended = True
        terminated[i] = ended
        if ended:
            observe(st, ru, learner, final_obs[i])
            restart(st, ru, start[i])
            play_opponents(st, ru, learner, seat_policies, gens[i], reward_kind, start[i], seat_rewards, ids, scratch,
                           memo)
        observe(st, ru, learner, obs[i])
        legal_mask(st, ru, ids, masks[i])


SEAT_REWARDS = N_MAX  # the size of one_seat_step's working memory
