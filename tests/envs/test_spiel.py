"""The games as OpenSpiel Python games (lama.spiel): OpenSpiel's own random_sim_test for every
game at 2 to 6 players, the chance nodes' probabilities, the tensors against the encoders,
resample_from_infostate, and OpenSpiel's ISMCTS (card games) and MCTS (Dice) bots playing
whole games. Skipped without pyspiel (the `spiel` extra)."""

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import lama.spiel  # noqa: F401  (registers the games)
from lama.envs.info_state import InfoEncoder
from lama.envs.observation import Encoder
from lama.games import GAMES, new_game

CARD_GAMES = [g for g, cls in GAMES.items() if cls.family == "cards"]
DICE_GAMES = [g for g, cls in GAMES.items() if cls.family == "dice"]


def random_walk(state, rng, visit):
    """Plays `state` to its end, chance by its own probabilities, seats at random; `visit`
    sees every state before its move."""
    while not state.is_terminal():
        visit(state)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    visit(state)
    return state


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_openspiel_random_sim_test(game_id, players):
    game = pyspiel.load_game(f"python_{game_id}(players={players},target=20)")
    assert game.num_players() == players
    assert game.num_distinct_actions() == new_game(game_id, players).num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_options_are_parameters():
    game = pyspiel.load_game("python_lama(players=3,target=7,first_player=2)")
    assert (game.lama.players, game.lama.target, game.lama.first_player) == (3, 7, 2)
    deck = {"L": 12, "1": 12, "2": 12, "3": 12, "4": 12}
    kadabra = pyspiel.load_game("python_kadabra", {"players": 2, "deck": json.dumps(deck)})
    assert sum(kadabra.lama.deck) == 60 and kadabra.lama.options["deck"] == deck
    with pytest.raises(Exception, match="target"):
        pyspiel.load_game("python_lama(target=0)")
    party = pyspiel.load_game("python_party(players=3,party_on_party=false)")  # P2's option, a bool
    assert party.lama.options["party_on_party"] is False and party.lama.party_on_party is False
    assert pyspiel.load_game("python_party").lama.party_on_party is True


def test_a_lama_game_s_options_go_to_parameters_and_back():
    from lama.spiel import lama_options, spiel_parameters

    for game_id, options in (("kadabra", {"deck": {"L": 12, "1": 12, "2": 12, "3": 12, "4": 12}, "target": 9}),
                             ("party", {"party_on_party": False, "hand_size": 5}), ("dice", {"target": 20})):
        params = spiel_parameters(game_id, 3, options)
        assert lama_options(GAMES[game_id], params) == (3, options)
        assert pyspiel.load_game(f"python_{game_id}", params).lama.options == new_game(game_id, 3, options).options


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_chance_nodes_tensors_and_strings(game_id):
    """Every chance node's probabilities are positive and sum to 1; at every seat's turn the
    tensors are the encoders' (the summary of the view, the information state of the seat's
    record) and the information state string names what only the seat saw."""
    game = pyspiel.load_game(f"python_{game_id}(players=3,target=15)")
    encoder, info = Encoder(game.lama), InfoEncoder(game.lama)
    assert game.observation_tensor_size() == encoder.size
    assert game.information_state_tensor_size() == info.size

    def visit(state):
        if state.is_chance_node():
            probs = [p for _, p in state.chance_outcomes()]
            assert min(probs) > 0 and sum(probs) == pytest.approx(1.0)
            return
        for seat in range(3):
            view = state.lama.view(seat)
            assert np.array_equal(state.observation_tensor(seat), encoder.encode(view))
            assert np.array_equal(state.information_state_tensor(seat), info.encode(view, state.trackers[seat]))
        assert state.information_state_string(0) != state.information_state_string(1)

    random_walk(game.new_initial_state(), random.Random(3), visit)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_information_state_string_fixes_the_legal_actions(game_id):
    """States a seat cannot tell apart (the same information_state_string) offer it the same
    legal actions (what CFR and ISMCTS rely on), over many random games."""
    game = pyspiel.load_game(f"python_{game_id}(players=2,target=3)")
    seen = {}

    def visit(state):
        if state.is_chance_node() or state.is_terminal():
            return
        key = state.information_state_string()
        assert seen.setdefault(key, state.legal_actions()) == state.legal_actions(), key

    for seed in range(40):
        random_walk(game.new_initial_state(), random.Random(seed), visit)
    assert len(seen) > 100


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_resample_from_infostate_keeps_what_the_seat_knows(game_id):
    """A resampled state: the seat to move sees the same strings and tensors and has the same
    legal actions; the hidden cards move (over many samples, some other hand differs)."""
    game = pyspiel.load_game(f"python_{game_id}(players=3,target=15)")
    rng = random.Random(5)
    differs = 0
    checked = 0

    def visit(state):
        nonlocal differs, checked
        if state.is_chance_node() or state.is_terminal():
            return
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, lambda: rng.random())
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(sample.information_state_tensor(seat), state.information_state_tensor(seat))
        assert np.array_equal(sample.observation_tensor(seat), state.observation_tensor(seat))
        assert sample.legal_actions() == state.legal_actions()
        differs += sample.lama.hands != state.lama.hands
        checked += 1
        if not sample.is_terminal():  # the sample plays on
            sample.apply_action(sample.legal_actions()[0])

    random_walk(game.new_initial_state(), rng, visit)
    assert checked and differs


def test_a_clone_is_independent():
    game = pyspiel.load_game("python_kadabra(players=4)")
    state = game.new_initial_state()
    random_rng = random.Random(1)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(random_rng.choices(outcomes, probs)[0])
    state.lama.view(0)  # (a view makes the game's options a read-only mapping: the clone shares the game)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.lama.moves == [] and len(clone.history()) == len(state.history()) + 1


def play(game, bot, rng):
    """A whole game: seat 0 the bot, the others at random; the state and the bot's moves."""
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, moves


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_ismcts_plays_whole_card_games(game_id):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"python_{game_id}(players=3,target=15)")
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=rs)
    state, moves = play(game, bot, random.Random(0))
    assert sum(state.returns()) == pytest.approx(1.0) and moves > 0


@pytest.mark.parametrize("game_id", DICE_GAMES)
def test_mcts_plays_whole_dice_games(game_id):
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(f"python_{game_id}(players=3,target=15)")
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), random_state=rs)
    state, moves = play(game, bot, random.Random(0))
    assert sum(state.returns()) == pytest.approx(1.0) and moves > 0
