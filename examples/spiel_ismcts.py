"""OpenSpiel's own bots on lama's games (the spiel extra): ISMCTS in a card game, MCTS in Dice,
each in seat 0 against random seats, over a few games; prints the bot's win share.

    python examples/spiel_ismcts.py --game lama --players 3 --games 10 --simulations 100
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import lama.spiel  # noqa: F401  (registers python_lama, python_komarami, python_kadabra, python_dice)
from lama.games import GAMES


def bot_for(game, family: str, simulations: int, seed: int):
    """ISMCTS where cards are hidden (it samples worlds with resample_from_infostate), MCTS in Dice."""
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if family == "dice":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rs)
    return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rs)


def play(game, bot, rng: random.Random) -> float:
    """One game, the bot in seat 0: its return (1 shared among the winners)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lama", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--target", type=int, default=20)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = pyspiel.load_game(f"python_{args.game}(players={args.players},target={args.target})")
    bot = bot_for(game, GAMES[args.game].family, args.simulations, args.seed)
    rng = random.Random(args.seed)
    share = sum(play(game, bot, rng) for _ in range(args.games)) / args.games
    print(f"{args.game}, {args.players} players: the bot's win share {share:.2f} over {args.games} games "
          f"(fair share {1 / args.players:.2f})")


if __name__ == "__main__":
    main()
