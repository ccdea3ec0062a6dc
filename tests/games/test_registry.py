"""lama.games.register: a game added at run time is found like the built-in ones, and the
registry refuses what is not a game, an id taken by another class, and removing a built-in."""

import pytest

import lama.games
from lama.core import InvalidOption
from lama.games import GAMES, game_class, new_game
from lama.games.lama import LamaGame
from variant_game import NinesGame, registered


def test_a_registered_game_is_found_and_goes_away_again():
    with registered():
        assert game_class(NinesGame.id) is NinesGame
        game = new_game(NinesGame.id, 3)
        assert game.target == 30 and sum(game.deck) == 63 and len(game.deck_codes()) == 63
        assert lama.games.register(NinesGame) is NinesGame  # again: no harm
        assert lama.games.descriptions()[-1]["id"] == NinesGame.id
    assert NinesGame.id not in GAMES
    with pytest.raises(InvalidOption, match="unknown game"):
        new_game(NinesGame.id, 3)


def test_the_registry_refuses_what_is_not_a_new_game():
    class Impostor(LamaGame):
        id = "lama"

    with pytest.raises(InvalidOption, match="already a game 'lama'"):
        lama.games.register(Impostor)
    with pytest.raises(InvalidOption, match="a Game class"):
        lama.games.register(object)
    with pytest.raises(InvalidOption, match="built-in"):
        lama.games.unregister("lama")
    assert GAMES["lama"] is LamaGame
