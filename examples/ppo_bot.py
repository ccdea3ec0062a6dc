"""The policy trained by `examples/train_maskable_ppo.py`, played as a lama bot.

    lama strength --bot examples.ppo_bot:bot --vs heuristic --game lama --players 4 --games 1000
    lama play --game lama --players 4 --bots examples.ppo_bot:bot,heuristic,heuristic

`bot(view, rng)` encodes the seat's view exactly as the environments do
(`lama.envs.observation.Encoder.encode`), masks every action id that is not legal, and plays the
action of the highest probability (`game.action_of(id)`); it never draws on `rng`, so it is
deterministic. The model (`examples/ppo_lama4.zip`, or the file named by the environment
variable `LAMA_PPO_MODEL`) is loaded once, on the first call. It was trained for 4-player
L.L.A.M.A.; a view of another game or player count does not fit its observation, and raises.
Needs the train extra (sb3-contrib, torch).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

DEFAULT_MODEL = Path(__file__).resolve().parent / "ppo_lama4.zip"

_model = None
_games: dict = {}  # (game, players, options) -> (game, Encoder, {action: id})


def model_path() -> Path:
    return Path(os.environ.get("LAMA_PPO_MODEL") or DEFAULT_MODEL)


def load_model(path: Path | None = None):
    """The MaskablePPO model, loaded once (CPU, one torch thread)."""
    global _model
    if _model is None or path is not None:
        import torch
        from sb3_contrib import MaskablePPO

        torch.set_num_threads(1)
        _model = MaskablePPO.load(path or model_path(), device="cpu")
    return _model


def _game(view):
    key = (view.game, view.players, tuple(sorted(dict(view.options).items())))
    hit = _games.get(key)
    if hit is None:
        from lama.envs.observation import Encoder
        from lama.games import new_game

        game = new_game(view.game, view.players, dict(view.options) or None)
        actions = [game.action_of(i) for i in range(game.num_distinct_actions())]
        hit = _games[key] = (game, Encoder(game), {a: i for i, a in enumerate(actions)})
    return hit


def bot(view, rng):
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    model = load_model()
    game, encoder, id_of = _game(view)
    obs = encoder.encode(view)
    if obs.shape != model.observation_space.shape:
        raise ValueError(f"the PPO bot was trained on observations of size {model.observation_space.shape[0]} "
                         f"(4-player lama), not {obs.shape[0]} ({view.players}-player {view.game})")
    mask = np.zeros(model.action_space.n, dtype=bool)
    mask[[id_of[a] for a in legal]] = True
    action, _ = model.predict(obs, action_masks=mask, deterministic=True)
    return game.action_of(int(action))
