"""Vector environments: B games of one game and player count stepped at once by the compiled
engine (lama.fast), one compiled call per step, for training at millions of steps per second.

    from lama.envs.vector import SelfPlay
    sp = SelfPlay("lama", players=4, num_envs=1024)
    obs, mask, seat = sp.reset(seed=0)                  # (B, size) float32, (B, A) int8, (B,)
    obs, mask, seat, rewards, terminated = sp.step(actions)

    envs = gymnasium.make_vec("lama/Lama-v0", num_envs=1024, players=4, opponents="random")
    obs, infos = envs.reset(seed=0)                      # infos["action_mask"]: (B, A) int8
    obs, rewards, terminated, truncated, infos = envs.step(actions)

`SelfPlay` is the batched twin of the PettingZoo environment: in every game the seat to move
acts (`seat[i]`), and the observation is that seat's. `LamaVectorEnv` (registered as the
`vector_entry_point` of the Gymnasium ids) is the batched twin of the single Gymnasium
environment: one learning seat (`seat`) against compiled opponents (lama.bots.compiled.policies: the
twins of the random, heuristic and easy bots). Observations are exactly the single
environments' (lama.envs.observation: the compiled kernel lama.envs.compiled_observe is held equal to
`Encoder.encode(view)` by the tests), masks are 1 at the legal action ids, rewards are
lama.envs.rewards' ("win" or "points").

Auto-reset (Gymnasium's SAME_STEP mode): when game i ends in a step, `terminated[i]` is True,
the step's rewards are that game's last rewards, and everything else the step returns for row i
(observation, mask, seat to move) already belongs to the next game, dealt in the same step.
`LamaVectorEnv` also puts the learning seat's last observation of the ended game in
`infos["final_obs"][i]` (`infos["_final_obs"]` marks the rows). Games always end: nothing is
ever truncated.

Chance: each row has its own generator (the engine's, xoshiro128**) and the opponents of
`LamaVectorEnv` another; `reset(seed=s)` seeds row i from (s, i) (`row_words`), so the same seed
and the same actions give the same games; a finished game's row deals the next game from the
same generator. An action that is not legal ends that game at once with `illegal_reward` for
the acting seat (illegal="lose", the default, as in the single environments) or raises
IllegalActionError before anything is played (illegal="raise").
"""

from __future__ import annotations

import secrets

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from lama.bots.compiled import policies
from lama.fast import layout as L
from lama.fast.kernel import words_of
from lama.fast.rules import rules_of
from lama.games import new_game

from . import batch
from .aec import IllegalActionError, check_illegal
from .compiled_observe import observation_size
from .observation import Encoder
from .rewards import REWARDS, check_reward

# the compiled policies an opponent may play (lama.bots.compiled.policies: twins of the bots of that name)
OPPONENTS = {name: policy for policy, name in enumerate(policies.POLICY_NAMES)}


def row_words(seed: int, row: int) -> tuple[list[int], list[int]]:
    """The generator words of row `row` after reset(seed=seed): its chance generator's and its
    opponents' (kernel.words_of of two 64-bit streams keyed by the seed, one step per row)."""
    base = words_of(seed)
    chance = words_of(((base[0] << 32) | base[1]) + row)
    opponents = words_of(((base[2] << 32) | base[3]) + row)
    return chance, opponents


class _Batch:
    """The arrays of B games of `game` (a lama.games Game) and the outputs of a step."""

    def __init__(self, game, num_envs: int, reward: str, illegal: str, illegal_reward: float):
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        self.game = game
        self.players = game.players
        self.num_envs = b = num_envs
        self.reward = check_reward(reward)
        self.reward_kind = REWARDS.index(reward)
        self.illegal = check_illegal(illegal)
        self.illegal_reward = float(illegal_reward)
        self.rules = rules_of(game)
        self.encoder = Encoder(game)
        self.size = observation_size(self.rules)
        assert self.size == self.encoder.size
        self.num_actions = game.num_distinct_actions()
        self.states = np.zeros((b, L.STATE_SIZE), dtype=np.int64)
        self.gens = np.zeros((b, 4), dtype=np.int64)  # the opponents' generators
        self.start = np.zeros((b, L.N_MAX), dtype=np.int64)  # points at each row's last deal
        self.obs = np.zeros((b, self.size), dtype=np.float32)
        self.masks = np.zeros((b, self.num_actions), dtype=np.int8)
        self.ids = np.zeros(max(self.num_actions, policies.LEGAL_SIZE), dtype=np.int64)  # working memory
        self.terminated = np.zeros(b, dtype=np.bool_)
        self.last_seed = None

    def seed(self, seed: int | None) -> None:
        """Seed every row's generators from `seed` (a fresh one if None)."""
        if seed is None:
            seed = secrets.randbits(64)
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer or None, not {seed!r}")
        self.last_seed = int(seed)
        for row in range(self.num_envs):
            chance, opponents = row_words(self.last_seed, row)
            self.states[row, L.RNG:L.RNG + 4] = chance
            self.gens[row] = opponents

    def actions(self, actions) -> np.ndarray:
        """The actions as B int64 ids; with illegal="raise", IllegalActionError unless every
        one is legal (nothing is played)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step needs {self.num_envs} actions, one per game, not shape {actions.shape}")
        actions = actions.astype(np.int64, copy=False)
        if self.illegal == "raise":
            inside = (actions >= 0) & (actions < self.num_actions)
            legal = inside.copy()
            legal[inside] = self.masks[np.flatnonzero(inside), actions[inside]] != 0
            if not legal.all():
                i = int(np.flatnonzero(~legal)[0])
                raise IllegalActionError(f"action {int(actions[i])} is not legal in game {i} now; legal ids: "
                                         f"{np.flatnonzero(self.masks[i]).tolist()}")
        return actions


def _read_only(a: np.ndarray) -> np.ndarray:
    view = a.view()
    view.flags.writeable = False
    return view


class SelfPlay:
    """B games in which every seat is an agent: `step(actions)` plays actions[i] for the seat
    to move in game i (`seat[i]`). See the module docstring.

    `reset(seed)` returns (obs, mask, seat): obs (B, size) float32, the observation of the seat
    to move; mask (B, A) int8, 1 at its legal action ids; seat (B,) int64 (`seed`, if given, is
    the first reset's when that is given none; later resets without one take a fresh seed,
    told by `.seed`). `step(actions)`
    returns (obs, mask, seat, rewards, terminated), rewards (B, players) float64 for every seat
    (win: at a game's end; points: at every round's end), terminated (B,) bool. The arrays are
    read-only views of the environment's own buffers, rewritten by the next step: copy what
    you keep.
    """

    def __init__(self, game: str = "lama", players: int = 4, num_envs: int = 1024, options: dict | None = None,
                 seed: int | None = None, reward: str = "win", illegal: str = "lose", illegal_reward: float = -1.0):
        self.game = new_game(game, players, options)
        self._b = _Batch(self.game, num_envs, reward, illegal, illegal_reward)
        self.num_envs = num_envs
        self.players = players
        self.encoder = self._b.encoder
        self.observation_size = self._b.size
        self.num_actions = self._b.num_actions
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, players), dtype=np.float64)
        b = self._b
        self._out = tuple(_read_only(a) for a in (b.obs, b.masks, self.seats, self.rewards, b.terminated))
        self._seed = seed
        self._ready = False

    @property
    def seed(self) -> int | None:
        """The seed of the last reset (a fresh one if it was given none)."""
        return self._b.last_seed

    def reset(self, seed: int | None = None):
        b = self._b
        b.seed(seed if seed is not None else self._seed)
        self._seed = None
        batch.self_play_reset(b.states, b.rules, b.start, b.obs, b.masks, self.seats, b.ids)
        self._ready = True
        return self._out[:3]

    def step(self, actions):
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        b = self._b
        batch.self_play_step(b.states, b.rules, b.actions(actions), b.reward_kind, b.illegal_reward, b.start, b.obs,
                             b.masks, self.seats, self.rewards, b.terminated, b.ids)
        return self._out


class LamaVectorEnv(gymnasium.vector.VectorEnv):
    """`gymnasium.make_vec("lama/Lama-v0", num_envs=B, players=4, opponents="random", seat=0)`:
    B games of one learning seat against compiled opponents. See the module docstring.

    `opponents`: a compiled policy for every other seat ("random", "heuristic" or "easy", the
    twins of those bots, lama.bots.compiled.policies), or a list, one per other seat in seat order.
    `seat`: the learning seat. `reward`, `illegal`, `illegal_reward` as in the single
    environment. `copy` (default True): return copies of the observations and
    masks (False: read-only views of the buffers, rewritten by the next step).
    `infos["action_mask"]` (and `action_masks()`) is 1 at the learning seat's legal ids.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str = "lama", num_envs: int = 1024, players: int = 4, opponents="random",
                 seat: int = 0, options: dict | None = None, reward: str = "win", illegal: str = "lose",
                 illegal_reward: float = -1.0, copy: bool = True, render_mode: str | None = None):
        if render_mode is not None:
            raise ValueError("the vector environment does not render (render_mode=None)")
        self.game = new_game(game, players, options)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"seat must be a seat from 0 to {players - 1}, not {seat!r}")
        self._b = b = _Batch(self.game, num_envs, reward, illegal, illegal_reward)
        self.seat = seat
        self.num_envs = num_envs
        self.copy = copy
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(names)}")
        unknown = [n for n in names if n not in OPPONENTS]
        if unknown:
            raise ValueError(f"compiled opponents are {', '.join(map(repr, OPPONENTS))}, not {unknown[0]!r}")
        self.opponents = names
        self.seat_policies = np.zeros(L.N_MAX, dtype=np.int64)
        for other, name in zip([s for s in range(players) if s != seat], names):
            self.seat_policies[other] = OPPONENTS[name]
        self.encoder = b.encoder
        self.single_observation_space = spaces.Box(b.encoder.low, b.encoder.high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(b.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.final_obs = np.zeros((num_envs, b.size), dtype=np.float32)
        self._seat_rewards = np.zeros(batch.SEAT_REWARDS, dtype=np.float64)  # the opponents' working memory:
        self._scratch = np.zeros(policies.SCRATCH_SIZE, dtype=np.int64)
        self._memo = np.zeros(policies.MEMO_SIZE, dtype=np.float64)  # dice's lookahead values, kept
        self._no_truncation = np.zeros(num_envs, dtype=np.bool_)
        self._ready = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """New games in every row; `seed` fixes them (and seeds `np_random`)."""
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        else:
            seed = int(self.np_random.integers(2**63))
        b = self._b
        b.seed(seed)
        batch.one_seat_reset(b.states, b.rules, self.seat, self.seat_policies, b.gens, b.start, b.obs, b.masks, b.ids,
                             self._seat_rewards, self._scratch, self._memo)
        self._ready = True
        return self._give(b.obs), {"action_mask": self._give(b.masks)}

    def step(self, actions):
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        b = self._b
        batch.one_seat_step(b.states, b.rules, b.actions(actions), self.seat, self.seat_policies, b.gens, b.reward_kind,
                            b.illegal_reward, b.start, b.obs, b.masks, self.rewards, b.terminated, self.final_obs,
                            b.ids, self._seat_rewards, self._scratch, self._memo)
        infos = {"action_mask": self._give(b.masks)}
        if b.terminated.any():
            final = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(b.terminated):
                final[i] = self.final_obs[i].copy()
            infos["final_obs"], infos["_final_obs"] = final, b.terminated.copy()
        return (self._give(b.obs), self.rewards.copy(), b.terminated.copy(), self._no_truncation.copy(), infos)

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal-action masks now, (B, A) int8."""
        return self._b.masks.copy()

    def _give(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else _read_only(a)


__all__ = ["LamaVectorEnv", "SelfPlay", "row_words"]
