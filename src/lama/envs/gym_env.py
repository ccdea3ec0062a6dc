"""The Gymnasium environment: one learning seat against bots.

A loop over `lama.match.Table`: the learning seat is the table's outside seat, every other
seat a bot (`lama.bots.load_bot`), so rules, chance and the bots' generators run exactly as
in `lama play` and the tournaments; the same seed and the same actions give the same game.
Registered on `import lama.envs` as `lama/Lama-v0`, `lama/Komarami-v0`, `lama/Kadabra-v0`
and `lama/Dice-v0`.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Table

from .aec import ActionCodec, IllegalActionError, check_illegal
from .info_state import encoder_of
from .render import render_view
from .rewards import check_reward, round_rewards, win_rewards


class LamaGymEnv(gymnasium.Env):
    """`gymnasium.make("lama/Lama-v0", players=4, opponents="heuristic", seat=0)`.

    `opponents`: one bot for every other seat (a name such as "random", "heuristic", "easy",
    "hard", or "module:callable"), or a list of them, one per other seat in seat order.
    `seat`: the learning seat (default 0). `reward`: "win" or "points" (lama.envs.rewards).
    `illegal`: "lose" (default: the episode ends at once, reward `illegal_reward`, nothing is
    played) or "raise" (IllegalActionError, a ValueError naming the legal ids; nothing changes).
    `observation`: "summary" (the default) or "info_state" (lama.envs.info_state.InfoEncoder:
    this round's moves in order too, from the events the learning seat was shown).
    The observation is `lama.envs.observation`'s vector; `info["action_mask"]` (and
    `action_masks()`) is 1 at the legal action ids.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str = "lama", players: int = 4, opponents="heuristic", seat: int = 0,
                 options: dict | None = None, render_mode: str | None = None, reward: str = "win",
                 illegal: str = "lose", illegal_reward: float = -1.0, *, observation: str = "summary"):
        self.game = new_game(game, players, options)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"seat must be a seat from 0 to {players - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.seat = seat
        self.render_mode = render_mode
        self.reward_kind = check_reward(reward)
        self.illegal = check_illegal(illegal)
        self.illegal_reward = float(illegal_reward)
        names = [opponents] * (players - 1) if isinstance(opponents, str) or callable(opponents) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(names)}")
        bots = [name if callable(name) else load_bot(name) for name in names]
        self.seats = bots[:seat] + [None] + bots[seat:]
        self.opponents = [n if isinstance(n, str) else getattr(n, "__name__", repr(n)) for n in names]
        self.encoder = encoder_of(self.game, observation)
        self.observation = observation
        self._tracker = None  # info_state: the learning seat's record (InfoTracker), and the table's version it has
        self.codec = ActionCodec(self.game)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.n)
        self.table = None
        self.game_seed = None
        self._legal = ()
        self._over = True

    # -- pickling and copying: at any moment, the encoder and codec made anew (their caches are
    # keyed by object identities)
    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in ("encoder", "codec")}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.encoder = encoder_of(self.game, self.observation)
        self.codec = ActionCodec(self.game)
        if self._tracker is not None:
            self._tracker.enc = self.encoder

    # -- the loop ------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game. With `seed` the game is exactly the one a `Table` with this seed and these
        bots plays (deals, draws, rolls and the bots' choices); without one, the next seed comes
        from the environment's generator (`np_random`)."""
        super().reset(seed=seed)
        self.game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self.table = Table(self.game, self.seats, self.game_seed)
        if self.observation == "info_state":
            self._tracker, self._seen = self.encoder.tracker(self.seat), -1
        self._start_points = list(self.table.state.points)  # as dealt: before any bot moves (Kadabra's chips)
        self.table.advance()
        self._rounds = len(self.table.state.history)
        self._over = self.table.finished
        return self._observe()

    def step(self, action):
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        legal = self._legal
        if action is None or action not in legal:
            if self.illegal == "raise":
                raise IllegalActionError(f"action {action!r} is not legal now; legal ids: {sorted(legal)}")
            self._over = True
            obs, info = self._observe()
            info["illegal_action"] = action
            info["legal_ids"] = sorted(legal)
            info["action_mask"][:] = 0
            self._legal = ()
            return obs, self.illegal_reward, True, False, info
        table = self.table
        table.act(self.seat, self.codec.actions[int(action)], table.version)
        table.advance()
        state = table.state
        reward = 0.0
        history = state.history
        if len(history) != self._rounds:
            for scored in history[self._rounds:]:
                if self.reward_kind == "points":
                    reward += round_rewards(self._start_points, scored.scores)[self.seat]
                self._start_points = list(scored.scores)
            self._rounds = len(history)
        if state.finished:
            self._over = True
            if self.reward_kind == "win":
                reward += win_rewards(state.winners, self.game.players)[self.seat]
        obs, info = self._observe()
        return obs, reward, state.finished, False, info

    def _observe(self):
        table = self.table
        view = table.view(self.seat)
        self._legal = tuple(self.codec.id_of[a] for a in view.legal_actions)
        if self._tracker is None:
            obs = self.encoder.encode(view)
        else:
            self._tracker.feed(table.events_since(self._seen, self.seat))
            self._seen = table.version
            obs = self.encoder.encode(view, self._tracker)
        return obs, {"action_mask": self.codec.mask(self._legal)}

    def action_masks(self) -> np.ndarray:
        """The legal-action mask now (the name sb3-contrib's MaskablePPO asks for)."""
        return self.codec.mask(self._legal)

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.table is None:
            raise RuntimeError("call reset() before render()")
        return render_view(self.table.view(self.seat), self.game.name)

    def close(self) -> None:
        pass
