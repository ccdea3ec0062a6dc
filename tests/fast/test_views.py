"""Engine states built from a seat's view (lama.fast.views): with the hidden cards put back,
they are the core's state, field for field, at every step of random games."""

import random

import pytest

from helpers import random_step
from lama.core.game import CardGame
from lama.fast import layout as L
from lama.fast.engine import describe, describe_core
from lama.fast.kernel import zeros
from lama.fast.views import card_state_from_view, state_from_view
from lama.games import GAMES, new_game

CARD_GAMES = tuple(g for g, cls in GAMES.items() if issubclass(cls, CardGame))


def with_hidden_cards(st, state, seat) -> None:
    """Put the cards `seat` cannot see (the other hands, the pile's kinds) back from the core."""
    for s, hand in enumerate(state.hands):
        if s != seat:
            for kind, count in enumerate(hand):
                st[L.HANDS + s * L.K_MAX + kind] = count
    for kind, count in enumerate(state.pile):
        st[L.PILE + kind] = count


@pytest.mark.parametrize("game_id", CARD_GAMES)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_view_and_the_hidden_cards_make_the_cores_state(game_id, players):
    rng = random.Random(players)
    checked = set()
    for game_seed in range(3):
        game = new_game(game_id, players, {"target": 50})
        state = game.new_initial_state()
        st = zeros(L.STATE_SIZE)
        while True:
            for seat in (state.to_move, rng.randrange(players), None):
                card_state_from_view(state.view(seat), game, st)
                with_hidden_cards(st, state, seat)
                assert describe(game, st) == describe_core(state), (game_seed, seat)
            checked.add((state.chance or "turn", bool(state.history)))
            if state.finished:
                break
            random_step(state, rng)
        card_state_from_view(state.view(0), game, st)
        assert st[L.FINISHED] == 1 and st[L.WINNERS] == sum(1 << s for s in state.winners)
    assert checked >= {(c, later) for c in ("deal", "draw", "turn") for later in (False, True)}


def test_a_view_hides_the_other_hands_and_the_piles_kinds():
    game = new_game(CARD_GAMES[0], 3)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.to_move is None:
        random_step(state, rng)
    st = zeros(L.STATE_SIZE)
    card_state_from_view(state.view(1), game, st)
    assert [st[L.HANDS + 1 * L.K_MAX + k] for k in range(game.kinds.size)] == list(state.hands[1])
    assert not any(st[L.HANDS + s * L.K_MAX + k] for s in (0, 2) for k in range(L.K_MAX))
    assert not any(st[L.PILE + k] for k in range(L.K_MAX)) and st[L.PILE_SIZE] == state.pile_size > 0
    assert [st[L.HAND_SIZES + s] for s in range(3)] == list(state.hand_sizes)


DICE_GAMES = tuple(g for g, cls in GAMES.items() if not issubclass(cls, CardGame))


@pytest.mark.parametrize("game_id", DICE_GAMES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_seat_to_moves_dice_view_makes_the_cores_state(game_id, players):
    """The same in dice, at every decision, with the undealt cards and the face-down displays
    of seats that quit (D3) put back; the caps of a discard (D3b) only matter, and are only
    known, while a discard is owed."""
    rng = random.Random(players)
    answers = set()
    for _ in range(3):
        game = new_game(game_id, players, {"target": 30})
        state = game.new_initial_state()
        st = zeros(L.STATE_SIZE)
        while not state.finished:
            if state.to_move is None:
                state.apply_chance(state.sample_chance(rng))
                continue
            state_from_view(state.view(state.to_move), game, st)
            for kind, count in enumerate(state.undealt):
                st[L.PILE + kind] = count
            for s, display in enumerate(state.displays):
                for kind, count in enumerate(display):
                    st[L.HANDS + s * L.K_MAX + kind] = count
            found, expected = describe(game, st), describe_core(state)
            if state.pending != "discard":
                del found["caps"], expected["caps"]
            assert found == expected
            answers.add(state.pending)
            others = [s for s in range(players) if s != state.to_move]
            with pytest.raises(ValueError):
                state_from_view(state.view(rng.choice(others)), game, st)
            legal = state.legal_actions()  # mostly roll (the first), so that rounds last
            state.apply(legal[0] if rng.random() < 0.8 else rng.choice(legal))
    assert answers == {None, "discard", "take"}


@pytest.mark.parametrize("game_id", CARD_GAMES + DICE_GAMES)
def test_a_core_state_written_into_a_row_is_the_cores_state(game_id):
    """state_from_core: the row the view builders write from the
    state the game rebuilds, here from the true state itself, at every step of random games."""
    from lama.fast.views import state_from_core

    rng = random.Random(11)
    st = zeros(L.STATE_SIZE)
    for _ in range(2):
        game = new_game(game_id, 4, {"target": 30})
        state = game.new_initial_state()
        while not state.finished:
            state_from_core(state, st)
            assert describe(game, st) == describe_core(state)
            random_step(state, rng)
