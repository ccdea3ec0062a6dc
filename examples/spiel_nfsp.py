"""A learned method on the small L.L.A.M.A. of examples/spiel_cfr.py: OpenSpiel's NFSP (neural
fictitious self-play, its PyTorch version) in self-play, and the exploitability (NashConv / 2) of
its average policy as it learns, beside the heuristic bot's and CFR+'s on the same variant.
Needs the `spiel` and `train` extras (pyspiel, torch) and dm-tree, which OpenSpiel's PyTorch
NFSP imports: `pip install -e '.[spiel,train]' dm-tree`.

    python examples/spiel_nfsp.py --episodes 20000 --out docs/spiel_nfsp
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import torch
from open_spiel.python import policy as policy_lib
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import exploitability
from open_spiel.python.pytorch import nfsp

try:  # examples/spiel_cfr.py, beside this file: run as a script
    from spiel_cfr import VARIANT, BotPolicy, load_variant, save
except ImportError:  # imported from the repository's root (the tests)
    from examples.spiel_cfr import VARIANT, BotPolicy, load_variant, save


class AveragePolicy(policy_lib.Policy):
    """NFSP's average policy (its supervised network) of each seat, as an OpenSpiel policy."""

    def __init__(self, game, agents):
        super().__init__(game, list(range(game.num_players())))
        self.agents = agents

    def action_probabilities(self, state, player_id=None):
        seat = state.current_player()
        legal = state.legal_actions(seat)
        n = self.game.num_players()
        observations = {"info_state": [state.information_state_tensor(seat) if s == seat else None for s in range(n)],
                        "legal_actions": [legal if s == seat else None for s in range(n)], "current_player": seat}
        step = rl_environment.TimeStep(observations=observations, rewards=None, discounts=None, step_type=None)
        agent = self.agents[seat]
        with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
            probs = agent.step(step, is_evaluation=True).probs
        return {a: float(probs[a]) for a in legal}


def run(episodes: int, every: int, seed: int) -> dict:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    game = load_variant()
    env = rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    # the hyperparameters of OpenSpiel's own NFSP example on Kuhn poker, a game of about this size
    agents = [nfsp.NFSP(seat, size, actions, hidden_layers_sizes=[64], reservoir_buffer_capacity=int(2e6),
                        anticipatory_param=0.1, batch_size=128, rl_learning_rate=0.01, sl_learning_rate=0.01,
                        min_buffer_size_to_learn=1000, learn_every=64, optimizer_str="sgd",
                        replay_buffer_capacity=int(2e5), epsilon_start=0.06, epsilon_end=0.001, seed=seed + 10 * seat)
              for seat in range(game.num_players())]
    average = AveragePolicy(game, agents)
    heuristic = exploitability.exploitability(game, BotPolicy(game))
    curve, start = [], time.perf_counter()
    for episode in range(1, episodes + 1):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for agent in agents:  # each seat sees the end of the episode
            agent.step(step)
        if episode % every == 0 or episode == episodes:
            curve.append((episode, exploitability.exploitability(game, average), time.perf_counter() - start))
            print(f"episode {episode}: exploitability {curve[-1][1]:.4f} ({curve[-1][2]:.0f} s)", flush=True)
    return {"variant": VARIANT, "players": 2, "seed": seed, "heuristic": heuristic, "nfsp": curve[-1][1],
            "seconds": curve[-1][2], "curve": [{"episode": e, "exploitability": x, "seconds": t} for e, x, t in curve]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20000)
    parser.add_argument("--every", type=int, default=1000, help="measure the exploitability every this many")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write OUT.json and OUT.png")
    args = parser.parse_args()
    result = run(args.episodes, args.every, args.seed)
    print(f"exploitability: heuristic {result['heuristic']:.4f}, NFSP after {args.episodes} episodes "
          f"{result['nfsp']:.4f} ({result['seconds']:.0f} s)")
    if args.out:
        save(result, args.out, "episode", "NFSP average policy", "self-play episodes",
             "NFSP on a small L.L.A.M.A. (2 players, 1 card each, 5 cards)", logx=False)


if __name__ == "__main__":
    main()
