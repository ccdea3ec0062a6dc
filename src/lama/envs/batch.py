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
from lama.fast.layout import (
    CHANCE,
    DEAL,
    FINISHED,
    N_MAX,
    NO_CHANCE,
    POINTS,
    R_ACTIONS,
    R_N,
    ROUND,
    TO_MOVE,
    TOP,
    WINNERS,
)

from .compiled_observe import legal_mask, observe_seat, record_move, record_new_game

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
        for s in range(n):
            rewards[s] += win_of(st, ru, s)


@njit(cache=True)
def win_of(st, ru, seat):
    """A seat's share of a finished game's win (C6: 1 shared by the winners), 0 if it lost."""
    if not (st[WINNERS] >> seat) & 1:
        return 0.0
    winners = 0
    for s in range(ru[R_N]):
        winners += (st[WINNERS] >> s) & 1
    return 1.0 / winners


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
def self_play_reset(states, ru, start, obs, masks, seats, ids, hists):
    """Every row a new game (each row's generator seeded by the caller), dealt and observed.
    hists[i]: row i's record for the information state (empty: the summary)."""
    for i in range(len(states)):
        st = states[i]
        restart(st, ru, start[i])
        record_new_game(hists[i])
        seats[i] = st[TO_MOVE]
        observe_seat(st, ru, hists[i], seats[i], obs[i])
        legal_mask(st, ru, ids, masks[i])


@njit(cache=True)
def self_play_step(states, ru, actions, reward_kind, illegal_reward, start, obs, masks, seats, rewards,
                   terminated, final_obs, ids, hists):
    """Row i's seat to move (seats[i]) plays actions[i]; chance is resolved; rewards[i, 0:n]
    what the step gave each seat; a game that ended (terminated[i]) leaves every seat s's last
    observation in final_obs[i, s] and is replaced by a new one at once, and obs, masks and
    seats are the new game's."""
    n = ru[R_N]
    for i in range(len(states)):
        st = states[i]
        reward = rewards[i]
        for s in range(n):
            reward[s] = 0.0
        action = actions[i]
        if is_legal(ru, masks[i], action):
            record_move(hists[i], st, ru, action)
            apply_action(st, ru, action)
            settle(st, ru, reward_kind, start[i], reward)
            ended = st[FINISHED] != 0
        else:
            reward[seats[i]] = illegal_reward
            ended = True
        terminated[i] = ended
        if ended:
            for s in range(n):
                observe_seat(st, ru, hists[i], s, final_obs[i, s])
            restart(st, ru, start[i])
            record_new_game(hists[i])
        seats[i] = st[TO_MOVE]
        observe_seat(st, ru, hists[i], seats[i], obs[i])
        legal_mask(st, ru, ids, masks[i])


# -- one learning seat against opponents --------------------------------------------------------
#
# A step runs in phases, so that seats played in Python (a batched policy, `hard`) can move in
# between: `one_seat_act` plays the learning seat's actions (or `restart`s the rows the step
# resets) and the compiled opponents after them; while any row waits for a Python seat
# (waiting[i] >= 0), the caller hands that seat's actions to `others_act`, which plays them and
# the compiled opponents after them; `one_seat_end` then takes the rewards and game ends.

PYTHON = -1  # seat_policies[s] for a seat whose moves come from Python
LOG_COUNT, LOG_ROUND, LOG_AT = 0, 1, 2  # a row's move log: moves logged, their round, the moves
LOG_MOVES = 256  # moves a row's log holds (a card game's round makes fewer); beyond, it says nothing


@njit(cache=True)
def play_logged(st, ru, action, log, hist):
    """Apply the seat to move's `action`, first logging it in `log` (seat, action id, top card)
    if the log has room (len(log) - LOG_AT entries of 3): what `hard` reads the other seats'
    hands from. A new round starts the log again; a log that overflows says so (a count past
    what it holds)."""
    if log[LOG_ROUND] != st[ROUND]:
        log[LOG_COUNT] = 0
        log[LOG_ROUND] = st[ROUND]
    count = log[LOG_COUNT]
    at = LOG_AT + 3 * count
    if at + 3 <= len(log):
        log[at] = st[TO_MOVE]
        log[at + 1] = action
        log[at + 2] = st[TOP]
    log[LOG_COUNT] = min(count + 1, (len(log) - LOG_AT) // 3 + 1)
    record_move(hist, st, ru, action)
    apply_action(st, ru, action)


@njit(cache=True)
def restart_logged(st, ru, start, log, hist):
    restart(st, ru, start)
    record_new_game(hist)
    log[LOG_COUNT] = 0
    log[LOG_ROUND] = st[ROUND]


@njit(cache=True)
def play_opponents(st, ru, learner, seat_policies, gen, reward_kind, start, rewards, ids, scratch, memo, log, hist):
    """The compiled opponents move (chance resolved) until the learning seat or a Python seat is
    to move or the game is over, each with its compiled policy (lama.bots.compiled.policies;
    their randomness from gen); the rounds they end are scored into rewards. Returns the Python
    seat to move, or -1."""
    while not st[FINISHED]:
        seat = st[TO_MOVE]
        if seat == learner:
            return -1
        policy = seat_policies[seat]
        if policy == PYTHON:
            return seat
        play_logged(st, ru, policies.choose(st, ru, policy, gen, 0, ids, scratch, memo), log, hist)
        settle(st, ru, reward_kind, start, rewards)
    return -1


@njit(cache=True)
def one_seat_act(states, ru, actions, fresh, learner, seat_policies, gens, reward_kind, illegal_reward, start,
                 masks, acc, ended, waiting, logs, hists, ids, scratch, memo):
    """Row i: a new game if fresh[i] (the step resets it: actions[i] is ignored), else the
    learning seat plays actions[i] (not legal: the game ends, illegal_reward); then the compiled
    opponents. acc[i, s]: what the step gave seat s so far; ended[i]: an illegal action ended
    the game; waiting[i]: the Python seat to move, or -1; hists[i]: row i's record for the
    information state (empty: none)."""
    n = ru[R_N]
    for i in range(len(states)):
        st = states[i]
        for s in range(n):
            acc[i, s] = 0.0
        ended[i] = False
        waiting[i] = -1
        if fresh[i]:
            restart_logged(st, ru, start[i], logs[i], hists[i])
        elif is_legal(ru, masks[i], actions[i]):
            play_logged(st, ru, actions[i], logs[i], hists[i])
            settle(st, ru, reward_kind, start[i], acc[i])
        else:
            acc[i, learner] = illegal_reward
            ended[i] = True
            continue
        waiting[i] = play_opponents(st, ru, learner, seat_policies, gens[i], reward_kind, start[i], acc[i], ids,
                                    scratch, memo, logs[i], hists[i])


@njit(cache=True)
def others_act(states, ru, rows, actions, learner, seat_policies, gens, reward_kind, start, acc, waiting, logs, hists,
               ids, scratch, memo):
    """Row rows[j]'s Python seat (waiting) plays actions[j] (legal: the caller checked), then
    the compiled opponents; waiting as in one_seat_act."""
    for j in range(len(rows)):
        i = rows[j]
        st = states[i]
        play_logged(st, ru, actions[j], logs[i], hists[i])
        settle(st, ru, reward_kind, start[i], acc[i])
        waiting[i] = play_opponents(st, ru, learner, seat_policies, gens[i], reward_kind, start[i], acc[i], ids,
                                    scratch, memo, logs[i], hists[i])


@njit(cache=True)
def restart_rows(states, ru, rows, learner, seat_policies, gens, start, acc, waiting, logs, hists, ids, scratch,
                 memo):
    """A new game in each row of `rows`, played by the compiled opponents up to the learning
    seat or a Python seat (waiting); what they score is not the step's (acc is scratch here)."""
    for j in range(len(rows)):
        i = rows[j]
        st = states[i]
        restart_logged(st, ru, start[i], logs[i], hists[i])
        waiting[i] = play_opponents(st, ru, learner, seat_policies, gens[i], WIN, start[i], acc[i], ids, scratch,
                                    memo, logs[i], hists[i])


@njit(cache=True)
def one_seat_end(states, learner, fresh, acc, ended, rewards, terminated):
    """rewards[i]: what the step gave the learning seat (0 in a row it reset); terminated[i]:
    its game ended in the step."""
    for i in range(len(states)):
        if fresh[i]:
            rewards[i] = 0.0
            terminated[i] = False
        else:
            rewards[i] = acc[i, learner]
            terminated[i] = ended[i] or states[i, FINISHED] != 0


@njit(cache=True)
def observe_rows(states, ru, rows, seat, obs, masks, ids, hists):
    """obs[j] and masks[j]: the observation and legal-action mask of `seat` in row rows[j]."""
    for j in range(len(rows)):
        st = states[rows[j]]
        observe_seat(st, ru, hists[rows[j]], seat, obs[j])
        legal_mask(st, ru, ids, masks[j])


@njit(cache=True)
def observe_all(states, ru, seat, obs, masks, ids, hists):
    """obs[i], masks[i]: the observation and legal-action mask of `seat` in every row."""
    for i in range(len(states)):
        st = states[i]
        observe_seat(st, ru, hists[i], seat, obs[i])
        legal_mask(st, ru, ids, masks[i])


SEAT_REWARDS = N_MAX  # the seats a row's rewards (acc) hold
