"""The PettingZoo AEC environment: every seat an agent, in the conventions of PettingZoo's
classic environments (agents `player_0` ..., `Discrete` actions, observations
`{"observation": Box, "action_mask": Box(0, 1, int8)}`, rewards at the end, `render_mode="ansi"`).

A thin driver of the pure game: the env keeps one state, resolves chance through the table's
own `lama.match.Chance` (so a `Table` with the same seed deals, draws and rolls the same), maps
seats to agents, hands out rewards and applies the illegal-action policy. The rules are the
core's; nothing is re-implemented here.
"""

from __future__ import annotations

import random
import sys

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from lama.games import new_game
from lama.match import Chance, new_seed

from .info_state import check_observation, encoder_of
from .render import render_view
from .rewards import check_reward, round_rewards, win_rewards

ILLEGAL = ("lose", "raise")


class IllegalActionError(ValueError):
    """An action that is not legal now (with `illegal="raise"`); nothing changed."""


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal must be one of {', '.join(map(repr, ILLEGAL))}, not {illegal!r}")
    return illegal


CACHE_LIMIT = 100_000  # distinct legal sets (and masks) remembered; beyond, ids are found by value


class ActionCodec:
    """Action ids <-> the core's actions, and the legal ids and mask of a state, fast.

    The core hands out the same action objects again and again, so a legal set is remembered
    by the identities of its objects; the entry keeps the objects alive, so none of those
    identities can be reused while it is remembered."""

    def __init__(self, game):
        self.n = game.num_distinct_actions()
        self.actions = tuple(game.action_of(i) for i in range(self.n))
        self.id_of = {a: i for i, a in enumerate(self.actions)}
        # the same by identity (self.actions keeps the objects alive): no dataclass hashing
        self._id_of_ident = {id(a): i for i, a in enumerate(self.actions)}
        # identities of a legal set -> its entry: (ids, mask, action objects, the ids as a set)
        self._legal: dict[tuple, tuple] = {}
        self._masks: dict[tuple, np.ndarray] = {}
        self.quit_id = next((i for i, a in enumerate(self.actions) if a.kind == "quit"), None)

    def legal_ids(self, state) -> tuple[int, ...]:
        """The ids of the legal actions of the seat to move, in the core's order."""
        return self.legal(state)[0]

    def legal(self, state) -> tuple[tuple[int, ...], np.ndarray, tuple]:
        """(the legal ids, their mask, the action objects); the mask is shared: copy it before
        handing it out."""
        return self.entry(state)[:3]

    def entry(self, state) -> tuple[tuple[int, ...], np.ndarray, tuple, frozenset]:
        """`legal(state)` and the legal ids as a frozenset (for a quick membership test)."""
        legal = state.legal_actions()
        hit = self._legal.get(tuple(map(id, legal)))
        return hit if hit is not None else self.remember(legal)

    def remember(self, legal: list) -> tuple[tuple[int, ...], np.ndarray, tuple, frozenset]:
        """The entry of a legal set not seen yet (`entry()` without the cache hit; the
        environments' inner loop looks the cache, `_legal`, up itself)."""
        key = (*map(id, legal),)
        by_ident, id_of = self._id_of_ident, self.id_of
        ids = tuple([by_ident[k] if k in by_ident else id_of[a] for k, a in zip(key, legal)])
        hit = (ids, self._new_mask(ids), tuple(legal), frozenset(ids))
        if len(self._legal) < CACHE_LIMIT:
            self._legal[key] = hit
        return hit

    def _new_mask(self, ids) -> np.ndarray:
        """An int8 array, 1 at `ids` (written as bytes: quicker than numpy's own indexing)."""
        mask = bytearray(self.n)
        for i in ids:
            mask[i] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def mask(self, ids: tuple[int, ...]) -> np.ndarray:
        """A new int8 array, 1 at `ids` (masks are cached by their ids, and copied out)."""
        mask = self._masks.get(ids)
        if mask is None:
            mask = self._new_mask(ids)
            if len(self._masks) < CACHE_LIMIT:
                self._masks[ids] = mask
        return mask.copy()


class LamaAECEnv(AECEnv):
    """`lama.envs.env(game, players, options, render_mode, reward, illegal)`: see the package
    docstring and docs/environments.md."""

    metadata = {"render_modes": ["ansi"], "name": "lama_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str = "lama", players: int = 4, options: dict | None = None,
                 render_mode: str | None = None, reward: str = "win", illegal: str = "lose",
                 illegal_reward: float = -1.0, *, observation: str = "summary"):
        super().__init__()
        self.game = new_game(game, players, options)
        self.metadata = dict(self.metadata, name=f"{self.game.id}_v0")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.reward_kind = check_reward(reward)
        self.illegal = check_illegal(illegal)
        self.illegal_reward = float(illegal_reward)
        self.observation = check_observation(observation)
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._build()
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": obs_box,
                "action_mask": spaces.Box(0, 1, (self.codec.n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.codec.n) for a in self.possible_agents}
        self.game_state = None
        self.game_seed = None  # the seed of the game being played (a Table with it deals the same)
        self._seeds = None
        self._legal = None  # (legal ids, mask, actions) of the seat to move, once asked for;
        # always None once the game is over (step() looks at _over only then)
        self._over = True  # the game is over (or not started): every step retires an agent
        self._no_mask = np.zeros(self.codec.n, dtype=np.int8)
        # whether last() may take the fast path (a game under way whose observations the mirror keeps)
        self._fast = False

    def _build(self) -> None:
        """The encoder, the mirror and the codec, and the inner loop's tables: made anew, never
        copied, as they hold closures and caches keyed by object identities."""
        self.encoder = encoder_of(self.game, self.observation)
        self.mirror = self.encoder.mirror()  # the observations, kept up to date move by move
        self._update = self.mirror.update
        self._values, self._perm = self.mirror.values, self.mirror.perm  # (updated in place, never replaced)
        self.codec = ActionCodec(self.game)
        self._actions = self.codec.actions
        self._legal_cache = self.codec._legal  # identities of a legal set -> its entry
        # each agent's permutation of the mirror's values (the agent to move is always
        # possible_agents[state.to_move])
        self._perm_of = dict(zip(self.possible_agents, self._perm))

    # -- pickling and copying: at any moment, the built parts made anew from the game and its state
    _BUILT = ("encoder", "mirror", "_update", "_values", "_perm", "codec", "_actions", "_legal_cache", "_perm_of")

    def __getstate__(self) -> dict:
        state = {k: v for k, v in self.__dict__.items() if k not in self._BUILT}
        state["_legal"] = None  # (found again when asked for)
        state["_records"] = getattr(self.mirror, "trackers", None)  # info_state: what each seat saw
        return state

    def __setstate__(self, state: dict) -> None:
        records = state.pop("_records", None)
        self.__dict__.update(state)
        self._build()
        if self.game_state is not None:
            self.mirror.reset(self.game_state)
            if records:
                self.mirror.restore(records)

    # -- spaces --------------------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- reset -----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. `seed` fixes it (the deals, draws and rolls; the same seed always gives
        the same game for the same actions); without one the next game's seed comes from the
        generator of the last seeded reset, or is fresh."""
        if seed is not None:
            self._seeds = seed  # random.Random(seed), made when an unseeded reset needs it
            self.game_seed = seed
        else:
            if self._seeds is None:
                self._seeds = random.Random(new_seed())
            elif not isinstance(self._seeds, random.Random):
                self._seeds = random.Random(self._seeds)
            self.game_seed = self._seeds.getrandbits(64)
        self.game_state = self.game.new_initial_state()
        self._chance = Chance(self.game_seed)
        self._chance.run(self.game_state)
        self.mirror.reset(self.game_state)
        self._start_points = list(self.game_state.points)
        self._rounds = len(self.game_state.history)
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._rewarded = False
        self._over = self.game_state.finished
        self._fast = not self._over and self.mirror.ok
        self.agent_selection = self.possible_agents[self.game_state.to_move]

    # -- observe -----------------------------------------------------------------------------------
    def observe(self, agent):
        """`{"observation": the seat's vector (lama.envs.observation), "action_mask": int8, 1 at the
        legal action ids}`; the mask is all 0 except for the agent to move."""
        state = self.game_state
        if state is None:
            EnvLogger.error_observe_before_reset()
        seat = self.agent_seat[agent]
        mirror = self.mirror
        obs = mirror.observe(seat)
        if seat != state.to_move or self._over:
            return {"observation": obs, "action_mask": self._no_mask.copy()}
        legal = self._legal
        if legal is None:
            legal = self._legal = self.codec.entry(state)
        return {"observation": obs, "action_mask": legal[1].copy()}

    def last(self, observe: bool = True):
        agent = self.agent_selection
        if self._fast and observe:  # the agent to move: observe() and ActionCodec.legal() inline
            legal = self._legal
            if legal is None:
                actions = self.game_state.legal_actions()
                legal = self._legal = self._legal_cache.get((*map(id, actions),)) or self.codec.remember(actions)
            obs = self.encoder.face_down(self._values[self._perm_of[agent]], self.game_state, self.agent_seat[agent])
            return ({"observation": obs, "action_mask": legal[1].copy()},
                    self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                    self.infos[agent])
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63):
        """The agent to act, until every agent is done (or `max_iter` agents)."""
        return _AgentIter(self, max_iter)

    # -- step --------------------------------------------------------------------------------------
    def step(self, action) -> None:
        legal = self._legal
        if legal is None:  # not asked for yet, or the game is over (or not started)
            if self._over:
                if self.game_state is None:
                    EnvLogger.error_step_before_reset()
                self._was_dead_step(action)
                return
            legal = self._legal = self.codec.entry(self.game_state)
        try:
            ok = action in legal[3]  # (None is in no legal set)
        except TypeError:  # an unhashable action: compared by value, one legal id at a time
            ok = action in legal[0]
        if not ok:
            self._illegal(self.agent_selection, action, legal[0])
            return
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._cumulative_rewards[self.agent_selection] = 0.0
        state = self.game_state
        seat = state.to_move
        events = state.apply(self._actions[action])
        self._legal = None
        if state.to_move is not None:  # the common case: the next seat moves
            self._update(events, seat, action)
            self.agent_selection = self.possible_agents[state.to_move]
            return
        events += self._chance.run(state)
        self._update(events, seat, action)
        if len(state.history) != self._rounds:  # a round ends only when no seat is to move
            self._round_over()
        if state.finished:
            self._over = True
            self._fast = False
            self.terminations = dict.fromkeys(self.agents, True)
            if self.reward_kind == "win":
                self._reward(win_rewards(state.winners, self.game.players))
            self.agent_selection = self.possible_agents[(seat + 1) % self.game.players]
        else:
            self.agent_selection = self.possible_agents[state.to_move]

    def _round_over(self) -> None:
        state = self.game_state
        self._rounds = len(state.history)
        end = list(state.points)
        if self.reward_kind == "points":
            self._reward(round_rewards(self._start_points, end))
        self._start_points = end

    def _reward(self, values) -> None:
        rewards = self.rewards
        for agent, value in zip(self.possible_agents, values):
            rewards[agent] = value
        self._accumulate_rewards()
        self._rewarded = True

    def _illegal(self, agent, action, legal) -> None:
        if self.illegal == "raise":
            raise IllegalActionError(
                f"action {action!r} is not legal for {agent} now; legal ids: {sorted(legal)}")
        EnvLogger.warn_on_illegal_move()
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self._over = True
        self._fast = False
        self.terminations = dict.fromkeys(self.agents, True)
        self.rewards[agent] = self.illegal_reward
        self._accumulate_rewards()
        self._rewarded = True
        self.infos[agent] = {"illegal_action": action, "legal_ids": sorted(legal)}
        self._legal = None  # (always, once the game is over)

    # -- render ------------------------------------------------------------------------------------
    def render(self):
        """`render_mode="ansi"`: the public table and the hand of the seat to move, as text."""
        if self.render_mode is None:
            logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.game_state is None:
            EnvLogger.error_render_before_reset()
        state = self.game_state
        seat = None if state.finished or self.terminations.get(self.agent_selection, True) \
            else self.agent_seat[self.agent_selection]
        return render_view(state.view(seat), self.game.name)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


class _AgentIter:
    """`env.agent_iter()`: PettingZoo's iteration (the agent to act while any agent is left),
    as a generator."""

    def __init__(self, env, max_iter):
        self.env, self.max_iter = env, max_iter

    def __iter__(self):
        env = self.env
        if self.max_iter > sys.maxsize:  # the default, 2**63: no bound (a range that long counts
            while env.agents:  # in Python integers, some 50 ns a step)
                yield env.agent_selection
            return
        for _ in range(self.max_iter):
            if not env.agents:
                return
            yield env.agent_selection


def raw_env(**kwargs) -> LamaAECEnv:
    return LamaAECEnv(**kwargs)


def env(game: str = "lama", players: int = 4, options: dict | None = None, render_mode: str | None = None,
        reward: str = "win", illegal: str = "lose", illegal_reward: float = -1.0, *,
        observation: str = "summary") -> LamaAECEnv:
    """The AEC environment of `game` for `players` seats (2 to 6); see LamaAECEnv."""
    return LamaAECEnv(game, players, options, render_mode, reward, illegal, illegal_reward, observation=observation)


__all__ = ["ActionCodec", "IllegalActionError", "LamaAECEnv", "env", "raw_env"]
