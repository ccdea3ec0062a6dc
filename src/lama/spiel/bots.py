"""OpenSpiel's own search bots as lama bots (`bot(view, rng)`), so that `lama benchmark` and
`lama strength` measure them as any other bot (the spiel extra):

    lama benchmark lama.spiel.bots:ismcts --games 200          # ISMCTS, 100 simulations a decision
    lama benchmark lama.spiel.bots:ismcts_20 --game komarami   # ISMCTS, 20 simulations

The card games get OpenSpiel's information-set MCTS (`open_spiel.python.algorithms.ismcts`),
Dice its MCTS (every die is face up: only the rolls to come are unknown). Both evaluate a leaf by
one random playout to the game's end and score it by the game's return (1 shared among the
winners). The search starts from a state the seat cannot tell from the table (the game's own
resample_from_view of its view) and samples the other worlds the same way, so no hidden card
reaches it. Every random number comes from the seat's generator: the same seed, the same moves.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as spiel_ismcts
from open_spiel.python.algorithms import mcts as spiel_mcts

from . import SpielGame, SpielState, spiel_parameters

UCT_C = 2.0  # the exploration constant of OpenSpiel's examples


@lru_cache(maxsize=16)
def _spiel_game(game_id: str, players: int, options: str) -> SpielGame:
    return pyspiel.load_game(f"python_{game_id}", spiel_parameters(game_id, players, json.loads(options)))


def spiel_game_of(view) -> SpielGame:
    """The registered OpenSpiel game a seat's view comes from (its players and options)."""
    return _spiel_game(view.game, view.players, json.dumps(dict(view.options), sort_keys=True))


def search_bot(simulations: int = 100, uct_c: float = UCT_C):
    """A lama bot that runs OpenSpiel's ISMCTS (card games) or MCTS (Dice) for `simulations`
    simulations a decision."""

    def bot(view, rng: random.Random):
        game = spiel_game_of(view)
        numbers = np.random.RandomState(rng.getrandbits(32))
        root = SpielState(game, game.lama.resample_from_view(view, random.Random(rng.getrandbits(64)).shuffle))
        evaluator = spiel_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers)
        if game.lama.family != "cards":  # dice: nothing hidden but the rolls to come
            search = spiel_mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=numbers)
        else:
            search = spiel_ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=numbers)
            # the worlds it samples, from the seat's generator (OpenSpiel's own sampler is unseeded)
            search.set_resampler(lambda state, player: state.resample_from_infostate(player, numbers.uniform))
        return game.lama.action_of(int(search.step(root)))

    bot.__name__ = f"spiel_search_{simulations}"
    return bot


ismcts = search_bot(100)  # `lama.spiel.bots:ismcts`: 100 simulations
ismcts_20 = search_bot(20)
ismcts_1000 = search_bot(1000)
