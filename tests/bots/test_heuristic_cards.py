"""The heuristic for the card games: always legal, and sensible in explicit positions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import load_bot
from lama.bots.heuristic_cards import choose, run_length
from lama.core import DRAW, QUIT, View, play
from lama.core.actions import SKIP, TAKE_STAGE
from lama.games import GAMES, new_game

LAMA, KOMARAMI, KADABRA = (GAMES[g].kinds for g in ("lama", "komarami", "kadabra"))


def view_of(**kw) -> View:
    players = kw.pop("players", 3)
    base = dict(game="lama", seat=0, players=players, round=0, to_move=0, points=(0,) * players,
                quit=(False,) * players, target=40, finished=False, winners=(), history=(),
                legal_actions=(), hand_sizes=(6,) * players, pile_size=20)
    base.update(kw)
    return View(**base)


@settings(max_examples=40, deadline=None)
@given(game_id=st.sampled_from(["lama", "komarami", "kadabra"]), players=st.integers(2, 6),
       seed=st.integers(0, 10**9), steps=st.integers(0, 400))
def test_heuristic_is_legal_on_random_positions(game_id, players, seed, steps):
    """Random play reaches a position; from there on every seat asks the heuristic
    (also in kadabra, whose heuristic builds on it)."""
    rng = random.Random(seed)
    state = new_game(game_id, players).new_initial_state()
    for step in range(steps + 300):
        if state.finished:
            break
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
            continue
        view = state.view(state.to_move)
        if step < steps:
            action = view.legal_actions[rng.randrange(len(view.legal_actions))]
        else:
            action = choose(view, rng)
            assert action in view.legal_actions
        state.apply(action)


def test_heuristic_is_the_registered_bot_for_lama_and_komarami():
    view = view_of(hand=("3", "4"), top="3", legal_actions=(play("3"), play("4"), DRAW, QUIT))
    assert load_bot("heuristic")(view, random.Random(0)) == choose(view, random.Random(0))
    assert load_bot("heuristic")(view_of(game="komarami", hand=("3",), top="3",
                                         legal_actions=(play("3"), DRAW, QUIT)), None) == play("3")


def test_L3_plays_copies_of_the_top_before_moving_on():
    view = view_of(hand=("3", "3", "4", "5", "L"), top="3", legal_actions=(play("3"), play("4"), DRAW, QUIT))
    assert choose(view, None) == play("3")


def test_L3_keeps_its_run_rather_than_dump_a_llama_early():
    # on a 6: the 6 keeps L, 1, 2 playable in a row; the llama would leave only 1, 2
    view = view_of(hand=("6", "L", "1", "2"), top="6", legal_actions=(play("6"), play("L"), DRAW, QUIT))
    assert run_length(["L", "1", "2"], "6", LAMA) == 3 and run_length(["6", "1", "2"], "L", LAMA) == 2
    assert choose(view, None) == play("6")


def test_L3_never_quits_or_draws_while_a_play_exists():
    view = view_of(hand=("1",), top="L", legal_actions=(play("1"), DRAW, QUIT))
    assert choose(view, None) == play("1")


def test_L5_quits_a_cheap_stuck_hand():
    view = view_of(hand=("1", "1"), top="4", legal_actions=(DRAW, QUIT))
    assert LAMA.penalty_of(["1", "1"]) == 1
    assert choose(view, None) == QUIT


def test_L3_draws_with_an_expensive_stuck_hand():
    view = view_of(hand=("1", "2", "L"), top="4", legal_actions=(DRAW, QUIT))
    assert choose(view, None) == DRAW


def test_L4_quits_when_another_seat_is_about_to_go_out():
    view = view_of(hand=("1", "2", "3"), top="5", hand_sizes=(3, 1, 6), legal_actions=(DRAW, QUIT))
    assert choose(view, None) == QUIT


def test_Z1_counts_every_mosquito():
    assert KOMARAMI.penalty_of(["L", "L", "3", "3"]) == 23  # the bots ask the game's C7
    assert LAMA.penalty_of(["L", "L", "3", "3"]) == 13


def test_K9_a_show_prefers_a_llama_then_skip_over_taking_the_stage():
    legal = (play("L"), TAKE_STAGE, SKIP)
    view = view_of(game="kadabra", hand=("L", "3"), top="3", stage=(5, 0), show=True, magic_chip=0,
                   legal_actions=legal)
    assert choose(view, None) == play("L")
    view = view_of(game="kadabra", hand=("3",), top="3", stage=(5, 0), show=True, magic_chip=0,
                   legal_actions=(TAKE_STAGE, SKIP))
    assert choose(view, None) == SKIP
    view = view_of(game="kadabra", hand=("3",), top="3", stage=(5, 0), show=True, legal_actions=(TAKE_STAGE,))
    assert choose(view, None) == TAKE_STAGE


def test_K4_gives_the_chip_to_the_leader():
    legal = (play("1", 1), play("1", 2), DRAW, QUIT)
    view = view_of(game="kadabra", hand=("1", "5"), top="L", points=(3, 9, 2), legal_actions=legal)
    assert choose(view, None) == play("1", 2)


def test_K7_skips_rather_than_draw_when_stuck():
    view = view_of(game="kadabra", hand=("2/3", "6"), top="4", magic_chip=0, legal_actions=(DRAW, SKIP, QUIT))
    assert choose(view, None) == SKIP


def test_K3_double_cards_are_playable_and_counted():
    assert KADABRA.fits("2/3", "1") and KADABRA.fits("4/5", "3")
    assert KADABRA.penalty_of(["2/3", "2"]) == 5
    view = view_of(game="kadabra", hand=("2/3", "4/5", "6+"), top="2", legal_actions=(play("2/3"), DRAW, QUIT))
    assert choose(view, None) == play("2/3")
