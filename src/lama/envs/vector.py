"""Vector environments: B games of one game and player count stepped at once by the compiled
engine (lama.fast), one compiled call per step, for training at millions of steps per second.

    from lama.envs.vector import SelfPlay
    sp = SelfPlay("lama", players=4, num_envs=1024)
    obs, mask, seat = sp.reset(seed=0)                  # (B, size) float32, (B, A) bool, (B,)
    obs, mask, seat, rewards, terminated = sp.step(actions)   # sp.final_obs: every seat's, at a game's end

    envs = gymnasium.make_vec("lama/Lama-v0", num_envs=1024, players=4, opponents="random")
    obs, infos = envs.reset(seed=0)                      # infos["action_mask"]: (B, A) bool
    obs, rewards, terminated, truncated, infos = envs.step(actions)

`SelfPlay` is the batched twin of the PettingZoo environment: in every game the seat to move
acts (`seat[i]`), and the observation is that seat's. `LamaVectorEnv` (registered as the
`vector_entry_point` of the Gymnasium ids) is the batched twin of the single Gymnasium
environment: one learning seat (`seat`) against opponents (lama.envs.opponents: compiled
policies by name, `hard` through the hard bot's compiled search, `neural` in one numpy forward
pass over the rows it is to move in, or batched policies, mixed per seat). Observations are
exactly the single environments' (lama.envs.observation: the compiled kernel
lama.envs.compiled_observe is held equal to `Encoder.encode(view)` by the tests), masks are
True at the legal action ids, rewards are lama.envs.rewards' ("win" or "points").

Auto-reset (`autoreset_mode`, Gymnasium's). NEXT_STEP, the default: when game i ends in a step,
`terminated[i]` is True, the observation is the learning seat's last of that game and its mask
is all True (the game is over: nothing is legal, so every action is accepted and ignored); the
next step deals the next game in row i (reward 0, not terminated, the row's action ignored).
SAME_STEP: the step that ends game i already returns the next game's observation and mask, the
last observation in `infos["final_obs"][i]` and the last info in `infos["final_info"]`
(`infos["_final_obs"]`, `infos["_final_info"]` mark the rows), as Gymnasium's SyncVectorEnv
does. DISABLED: a finished game waits for `reset(options={"reset_mask": rows})`; stepping it
raises. `SelfPlay` resets in the same step, every seat's last observation in `final_obs`.
Games always end: nothing is ever truncated.

Chance: each row has its own generator (the engine's, xoshiro128**) and the opponents of
`LamaVectorEnv` another; `reset(seed=s)` seeds row i from (s, i) (`row_words`), so the same seed
and the same actions give the same games; a finished game's row deals the next game from the
same generator. An action that is not legal ends that game at once with `illegal_reward` for
the acting seat (illegal="lose", the default, as in the single environments) or raises
IllegalActionError before anything is played (illegal="raise").

Both pickle and copy (copy.deepcopy) at any moment, opponents included (a batched policy must
pickle itself: a module-level function or object, not a lambda).
"""

from __future__ import annotations

import secrets

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from lama.bots.compiled import policies
from lama.bots.compiled.neural import NeuralPolicy
from lama.bots.neural import has_model
from lama.fast import layout as L
from lama.fast.kernel import words_of
from lama.fast.rules import rules_of
from lama.games import new_game

from . import batch
from .aec import IllegalActionError, check_illegal
from .compiled_observe import hist_size, info_size, observation_size
from .info_state import check_observation, encoder_of
from .opponents import COMPILED, HardSearch, check_opponent, hard_rng
from .rewards import REWARDS, check_reward


def row_words(seed: int, row: int) -> tuple[list[int], list[int]]:
    """The generator words of row `row` after reset(seed=seed): its chance generator's and its
    opponents' (kernel.words_of of two 64-bit streams keyed by the seed, one step per row)."""
    base = words_of(seed)
    chance = words_of(((base[0] << 32) | base[1]) + row)
    opponents = words_of(((base[2] << 32) | base[3]) + row)
    return chance, opponents


class _Batch:
    """The arrays of B games of `game` (a lama.games Game) and the outputs of a step."""

    def __init__(self, game, num_envs: int, reward: str, illegal: str, illegal_reward: float,
                 observation: str = "summary"):
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
        self.observation = check_observation(observation)
        self.encoder = encoder_of(game, observation)
        info = observation == "info_state"
        self.size = info_size(self.rules) if info else observation_size(self.rules)
        assert self.size == self.encoder.size
        # each row's record of what its seats saw (compiled_observe.info_before); none for the summary
        self.hists = np.zeros((b, hist_size(self.rules) if info else 0), dtype=np.int64)
        self.num_actions = game.num_distinct_actions()
        self.states = np.zeros((b, L.STATE_SIZE), dtype=np.int64)
        self.gens = np.zeros((b, 4), dtype=np.int64)  # the opponents' generators
        self.start = np.zeros((b, L.N_MAX), dtype=np.int64)  # points at each row's last deal
        self.obs = np.zeros((b, self.size), dtype=np.float32)
        self.masks = np.zeros((b, self.num_actions), dtype=np.int8)  # 0 or 1: handed out as bool views
        self.ids = np.zeros(max(self.num_actions, policies.LEGAL_SIZE), dtype=np.int64)  # working memory
        self.terminated = np.zeros(b, dtype=np.bool_)
        self.last_seed = None

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "encoder"}  # (its caches: identities)

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.encoder = encoder_of(self.game, self.observation)

    def seed(self, seed: int | None, rows=None) -> int:
        """Seed the generators of `rows` (every row if None) from `seed` (a fresh one if None)."""
        if seed is None:
            seed = secrets.randbits(64)
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer or None, not {seed!r}")
        self.last_seed = int(seed)
        for row in range(self.num_envs) if rows is None else rows:
            chance, opponents = row_words(self.last_seed, int(row))
            self.states[row, L.RNG:L.RNG + 4] = chance
            self.gens[row] = opponents
        return self.last_seed

    def actions(self, actions, ignored=None) -> np.ndarray:
        """The actions as B int64 ids; with illegal="raise", IllegalActionError unless every
        one is legal (nothing is played), but in the rows `ignored` (a bool mask)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step needs {self.num_envs} actions, one per game, not shape {actions.shape}")
        actions = actions.astype(np.int64, copy=False)
        if self.illegal == "raise":
            legal = legal_in(self.masks, actions)
            if ignored is not None:
                legal |= ignored
            if not legal.all():
                i = int(np.flatnonzero(~legal)[0])
                raise IllegalActionError(f"action {int(actions[i])} is not legal in game {i} now; legal ids: "
                                         f"{np.flatnonzero(self.masks[i]).tolist()}")
        return actions


def legal_in(masks: np.ndarray, actions: np.ndarray) -> np.ndarray:
    """Per row, whether actions[i] is an id that masks[i] allows."""
    inside = (actions >= 0) & (actions < masks.shape[1])
    legal = inside.copy()
    legal[inside] = masks[np.flatnonzero(inside), actions[inside]] != 0
    return legal


def _read_only(a: np.ndarray) -> np.ndarray:
    view = a.view()
    view.flags.writeable = False
    return view


class SelfPlay:
    """B games in which every seat is an agent: `step(actions)` plays actions[i] for the seat
    to move in game i (`seat[i]`). See the module docstring.

    `reset(seed)` returns (obs, mask, seat): obs (B, size) float32, the observation of the seat
    to move; mask (B, A) bool, True at its legal action ids; seat (B,) int64 (`seed`, if given, is
    the first reset's when that is given none; later resets without one take a fresh seed,
    told by `.seed`). `step(actions)`
    returns (obs, mask, seat, rewards, terminated), rewards (B, players) float64 for every seat
    (win: at a game's end; points: at every round's end), terminated (B,) bool; when game i
    ended, `final_obs[i, s]` is seat s's last observation of it (every seat's: (B, players,
    size) float32). The arrays are read-only views of the environment's own buffers, rewritten
    by the next step: copy what you keep. `observation`: "summary" (default) or "info_state"
    (lama.envs.info_state.InfoEncoder).
    """

    def __init__(self, game: str = "lama", players: int = 4, num_envs: int = 1024, options: dict | None = None,
                 seed: int | None = None, reward: str = "win", illegal: str = "lose", illegal_reward: float = -1.0,
                 *, observation: str = "summary"):
        self.game = new_game(game, players, options)
        self._b = _Batch(self.game, num_envs, reward, illegal, illegal_reward, observation)
        self.num_envs = num_envs
        self.players = players
        self.encoder = self._b.encoder
        self.observation_size = self._b.size
        self.num_actions = self._b.num_actions
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, players), dtype=np.float64)
        self._final_obs = np.zeros((num_envs, players, self._b.size), dtype=np.float32)
        self._views()
        self._seed = seed
        self._ready = False

    def _views(self) -> None:
        b = self._b
        self._out = tuple(_read_only(a) for a in (b.obs, b.masks.view(np.bool_), self.seats, self.rewards,
                                                   b.terminated))
        self.final_obs = _read_only(self._final_obs)

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in ("_out", "final_obs")}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._views()

    @property
    def seed(self) -> int | None:
        """The seed of the last reset (a fresh one if it was given none)."""
        return self._b.last_seed

    def reset(self, seed: int | None = None):
        b = self._b
        b.seed(seed if seed is not None else self._seed)
        self._seed = None
        batch.self_play_reset(b.states, b.rules, b.start, b.obs, b.masks, self.seats, b.ids, b.hists)
        self._ready = True
        return self._out[:3]

    def step(self, actions):
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        b = self._b
        batch.self_play_step(b.states, b.rules, b.actions(actions), b.reward_kind, b.illegal_reward, b.start, b.obs,
                             b.masks, self.seats, self.rewards, b.terminated, self._final_obs, b.ids, b.hists)
        return self._out


def autoreset_mode_of(mode) -> AutoresetMode:
    """An AutoresetMode, or its value or name ("NextStep" or "next_step", ...)."""
    if isinstance(mode, AutoresetMode):
        return mode
    for m in AutoresetMode:
        if isinstance(mode, str) and mode.lower() in (m.value.lower(), m.name.lower()):
            return m
    names = ", ".join(repr(m.name.lower()) for m in AutoresetMode)
    raise ValueError(f"autoreset_mode must be an AutoresetMode or one of {names}, not {mode!r}")


class LamaVectorEnv(gymnasium.vector.VectorEnv):
    """`gymnasium.make_vec("lama/Lama-v0", num_envs=B, players=4, opponents="random", seat=0)`:
    B games of one learning seat against opponents. See the module docstring.

    `opponents`: one opponent for every other seat, or a list, one per other seat in seat order
    (lama.envs.opponents): a compiled policy by name ("random", "heuristic", "easy"), "hard"
    (the hard bot's compiled search), "neural" (the neural bot, batched over the rows) or a
    batched policy `policy(obs, masks) -> actions`.
    `seat`: the learning seat. `reward`, `illegal`, `illegal_reward` as in the single
    environment. `copy` (default True): return copies of the observations and
    masks (False: read-only views of the buffers, rewritten by the next step).
    `autoreset_mode`: Gymnasium's NEXT_STEP (default), SAME_STEP or DISABLED.
    `observation`: "summary" (default) or "info_state" (lama.envs.info_state.InfoEncoder).
    `infos["action_mask"]` (and `action_masks()`) is True at the learning seat's legal ids.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, game: str = "lama", num_envs: int = 1024, players: int = 4, opponents="random",
                 seat: int = 0, options: dict | None = None, reward: str = "win", illegal: str = "lose",
                 illegal_reward: float = -1.0, copy: bool = True, render_mode: str | None = None, *,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP, observation: str = "summary"):
        if render_mode is not None:
            raise ValueError("the vector environment does not render (render_mode=None)")
        self.autoreset_mode = autoreset_mode_of(autoreset_mode)
        self.metadata = dict(self.metadata, autoreset_mode=self.autoreset_mode)
        self.game = new_game(game, players, options)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"seat must be a seat from 0 to {players - 1}, not {seat!r}")
        self._b = b = _Batch(self.game, num_envs, reward, illegal, illegal_reward, observation)
        self.seat = seat
        self.num_envs = num_envs
        self.copy = copy
        one = isinstance(opponents, str) or callable(opponents)
        names = [opponents] * (players - 1) if one else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(names)}")
        self.opponents = [check_opponent(n) for n in names]
        self.seat_policies = np.zeros(L.N_MAX, dtype=np.int64)
        self._python = {}  # seat -> "hard" or a batched policy: the seats whose moves come from Python
        neural = "neural" in self.opponents and has_model(self.game.id)
        for other, opponent in zip([s for s in range(players) if s != seat], self.opponents):
            if opponent == "neural" and not neural:  # no model: the bot plays as the heuristic
                self.seat_policies[other] = COMPILED["heuristic"]
            elif isinstance(opponent, str) and opponent in COMPILED:
                self.seat_policies[other] = COMPILED[opponent]
            else:
                self.seat_policies[other] = batch.PYTHON
                self._python[other] = opponent
        self._hard = HardSearch(self.game, b.rules) if "hard" in self._python.values() else None
        self._hard_rngs = [None] * num_envs
        self._neural = NeuralPolicy(self.game, b.rules) if neural else None
        self.encoder = b.encoder
        self.single_observation_space = spaces.Box(b.encoder.low, b.encoder.high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(b.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self._acc = np.zeros((num_envs, batch.SEAT_REWARDS), dtype=np.float64)  # each seat's rewards this step
        self._ended = np.zeros(num_envs, dtype=np.bool_)  # an illegal action ended the game
        self._waiting = np.full(num_envs, -1, dtype=np.int64)  # the Python seat to move, or -1
        self._over = np.zeros(num_envs, dtype=np.bool_)  # the game ended: the next step (or reset) deals anew
        self._logs = np.zeros((num_envs, batch.LOG_AT + (3 * batch.LOG_MOVES if self._hard else 0)), dtype=np.int64)
        self._scratch = np.zeros(policies.SCRATCH_SIZE, dtype=np.int64)  # the opponents' working memory:
        self._memo = np.zeros(policies.MEMO_SIZE, dtype=np.float64)  # dice's lookahead values, kept
        self._no_truncation = np.zeros(num_envs, dtype=np.bool_)
        self._ready = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """New games in every row, or with `options={"reset_mask": m}` (a (B,) bool array) in
        the rows m marks (the others go on as they are). `seed` fixes the new games (and, for a
        whole reset, seeds `np_random`); a masked reset without one deals each row's next game
        from its own generators."""
        b = self._b
        mask = (options or {}).get("reset_mask")
        if mask is None:
            if seed is not None:
                self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
            else:
                seed = int(self.np_random.integers(2**63))
            rows = np.arange(self.num_envs)
        else:
            if not self._ready:
                raise RuntimeError("reset() every game before resetting some (options['reset_mask'])")
            mask = np.asarray(mask)
            if mask.shape != (self.num_envs,) or mask.dtype != np.bool_ or not mask.any():
                raise ValueError(f"options['reset_mask'] must be a ({self.num_envs},) bool array with a True, "
                                 f"not {mask.dtype} of shape {mask.shape}")
            rows = np.flatnonzero(mask)
        if seed is not None or mask is None:
            b.seed(seed, rows)
            if self._hard is not None:
                for row in rows:
                    self._hard_rngs[row] = hard_rng(b.last_seed, int(row))
        self._restart(rows)
        self._over[rows] = False
        batch.observe_all(b.states, b.rules, self.seat, b.obs, b.masks, b.ids, b.hists)
        self._mark_over()
        self._ready = True
        return self._hand_out(b.obs), {"action_mask": self._hand_out_mask()}

    def step(self, actions):
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        b, mode = self._b, self.autoreset_mode
        if mode == AutoresetMode.DISABLED and self._over.any():
            rows = np.flatnonzero(self._over).tolist()
            raise RuntimeError(f"the games in rows {rows} are over (autoreset_mode DISABLED): "
                               f"reset them first, reset(options={{'reset_mask': ...}})")
        fresh = self._over.copy()  # NEXT_STEP: these rows' actions are ignored, they deal anew
        actions = b.actions(actions, ignored=fresh)
        batch.one_seat_act(b.states, b.rules, actions, fresh, self.seat, self.seat_policies, b.gens, b.reward_kind,
                           b.illegal_reward, b.start, b.masks, self._acc, self._ended, self._waiting, self._logs,
                           b.hists, b.ids, self._scratch, self._memo)
        self._python_turns()
        batch.one_seat_end(b.states, self.seat, fresh, self._acc, self._ended, self.rewards, b.terminated)
        terminated = b.terminated.copy()
        infos = {}
        if mode == AutoresetMode.SAME_STEP and terminated.any():
            rows = np.flatnonzero(terminated)
            final_obs = np.zeros((len(rows), b.size), dtype=np.float32)
            batch.observe_rows(b.states, b.rules, rows, self.seat, final_obs, np.zeros((len(rows), b.num_actions),
                               dtype=np.int8), b.ids, b.hists)
            infos["final_obs"] = np.full(self.num_envs, None, dtype=object)
            for j, i in enumerate(rows):
                infos["final_obs"][i] = final_obs[j]
            # the single environment's last info: nothing is legal in a finished game
            infos["final_info"] = {"action_mask": np.zeros((self.num_envs, b.num_actions), dtype=np.bool_),
                                   "_action_mask": terminated.copy()}
            infos["_final_obs"], infos["_final_info"] = terminated.copy(), terminated.copy()
            self._restart(rows)
        else:
            self._over[:] = terminated
        batch.observe_all(b.states, b.rules, self.seat, b.obs, b.masks, b.ids, b.hists)
        self._mark_over()
        infos["action_mask"] = self._hand_out_mask()
        return self._hand_out(b.obs), self.rewards.copy(), terminated, self._no_truncation.copy(), infos

    def _restart(self, rows: np.ndarray) -> None:
        """New games in `rows`, played up to the learning seat's first move."""
        b = self._b
        batch.restart_rows(b.states, b.rules, rows.astype(np.int64), self.seat, self.seat_policies, b.gens, b.start,
                           self._acc, self._waiting, self._logs, b.hists, b.ids, self._scratch, self._memo)
        self._python_turns()

    def _python_turns(self) -> None:
        """While a Python seat is to move in some row: its moves there (`hard`'s searches, or
        one call of its batched policy on those rows), then the compiled opponents after it."""
        b = self._b
        while True:
            rows_waiting = np.flatnonzero(self._waiting >= 0)
            if not len(rows_waiting):
                return
            for seat, opponent in self._python.items():
                rows = rows_waiting[self._waiting[rows_waiting] == seat]
                if not len(rows):
                    continue
                if opponent == "hard":
                    actions = np.array([self._hard(b.states[i], self._logs[i], self._hard_rng(i)) for i in rows],
                                       dtype=np.int64)
                elif opponent == "neural":
                    actions = self._neural(b.states, rows)
                else:
                    actions = self._ask(opponent, seat, rows)
                batch.others_act(b.states, b.rules, rows, actions, self.seat, self.seat_policies, b.gens,
                                 b.reward_kind, b.start, self._acc, self._waiting, self._logs, b.hists, b.ids,
                                 self._scratch, self._memo)

    def _ask(self, policy, seat: int, rows: np.ndarray) -> np.ndarray:
        """The batched policy's actions for `seat` in `rows` (legal ones: a clear error if not)."""
        b = self._b
        obs = np.zeros((len(rows), b.size), dtype=np.float32)
        masks = np.zeros((len(rows), b.num_actions), dtype=np.int8)
        batch.observe_rows(b.states, b.rules, rows, seat, obs, masks, b.ids, b.hists)
        actions = np.asarray(policy(obs, masks.view(np.bool_)))
        if actions.shape != (len(rows),):
            raise ValueError(f"the opponent of seat {seat} must return {len(rows)} actions (one per game it is to "
                             f"move in), not shape {actions.shape}")
        actions = actions.astype(np.int64)
        legal = legal_in(masks, actions)
        if not legal.all():
            j = int(np.flatnonzero(~legal)[0])
            raise ValueError(f"the opponent of seat {seat} played {int(actions[j])} in game {int(rows[j])}, which "
                             f"is not legal; legal ids: {np.flatnonzero(masks[j]).tolist()}")
        return actions

    def _hard_rng(self, row: int):
        if self._hard_rngs[row] is None:  # (a row never seeded: reset seeds every row)
            self._hard_rngs[row] = hard_rng(self._b.last_seed, row)
        return self._hard_rngs[row]

    def _mark_over(self) -> None:
        """A row whose game is over hands out a mask of every action (True): the action is
        ignored there (NEXT_STEP: the next step deals a new game), and a masked policy over the
        batch never meets a row with nothing legal."""
        self._b.masks[self._over] = 1

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal-action masks now, (B, A) bool."""
        return self._b.masks.view(np.bool_).copy()

    def _hand_out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else _read_only(a)

    def _hand_out_mask(self) -> np.ndarray:
        return self._hand_out(self._b.masks.view(np.bool_))


__all__ = ["LamaVectorEnv", "SelfPlay", "autoreset_mode_of", "row_words"]
