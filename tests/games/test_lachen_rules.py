"""Scenario tests for the L.A.M.A. Lachen promo (option `lachen` of lama and komarami), rules LL1
and LL2, each named after its rule id (RULES.md); and its properties (hypothesis): cards and
chips are conserved, with the puddle's chips counted."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import card_state, unchanged
from lama.core import DRAW, QUIT, Deal, IllegalAction, InvalidOption, play
from lama.core.actions import TAKE_STAGE
from lama.core.state import highest_chip
from lama.games import new_game
from lama.games.stage import ChipStaged, StageTaken

LACHEN = {"lachen": True}


def state_from(hands, top="1", points=None, puddle=(0, 0), game="lama", to_move=0, pile=None):
    """A lama (or komarami) state with the puddle, in the middle of a round; `puddle`: (whites, blacks)."""
    state = card_state(game, hands=hands, top=top, points=points, to_move=to_move, options=LACHEN, pile=pile)
    state.stage_whites, state.stage_blacks = puddle
    return state


def plays(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


# -- the option ------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["lama", "komarami"])
def test_LL_option_is_off_by_default_and_a_boolean(game_id):
    assert new_game(game_id, 3).options.get("lachen") is None
    assert not new_game(game_id, 3).lachen and new_game(game_id, 3, LACHEN).lachen
    option = next(o for o in type(new_game(game_id, 3)).describe()["options"] if o["name"] == "lachen")
    assert option["type"] == "boolean" and option["default"] is False


@pytest.mark.parametrize("value", [1, 0, "yes", "true", None, [True]])
def test_LL_option_refuses_what_is_not_true_or_false(value):
    with pytest.raises(InvalidOption) as refused:
        new_game("lama", 3, {"lachen": value})
    assert refused.value.code == "yes_or_no"


def test_LL_option_is_not_an_option_of_the_other_games():
    for game_id in ("kadabra", "dice"):
        with pytest.raises(InvalidOption) as refused:
            new_game(game_id, 3, LACHEN)
        assert refused.value.code == "unknown_options"


def test_LL_without_the_option_lama_is_unchanged():
    s = card_state("lama", hands=[["L", "6"], ["1"]], top="6", points=[13, 0])
    assert names(s.apply(play("L"))) == ["CardPlayed"]
    assert s.points == [13, 0] and not hasattr(s, "stage_whites")
    assert "stage" not in s.view(0).to_json() and new_game("lama", 2).num_distinct_actions() == 9


# -- LL1 the puddle -----------------------------------------------------------------------
def test_LL1_the_puddle_starts_empty():
    state = new_game("lama", 4, LACHEN).new_initial_state()
    assert (state.stage_whites, state.stage_blacks) == (0, 0) and state.points == [0] * 4
    state.apply_chance(state.sample_chance(random.Random(3)))
    assert state.view(1).stage == (0, 0) and not state.view(1).show


@pytest.mark.parametrize("points,chip,after,puddle", [
    (13, "white", 12, (1, 0)),
    (20, "black", 10, (0, 1)),
    (1, "white", 0, (1, 0)),
])
def test_LL1_a_llama_puts_the_lowest_chip_in_the_puddle(points, chip, after, puddle):
    s = state_from(hands=[["L", "6"], ["1"]], top="6", points=[points, 0])
    events = s.apply(play("L"))
    assert events[1:] == [ChipStaged(0, chip, puddle)]
    assert s.points[0] == after and s.view(1).stage == puddle and s.to_move == 1


def test_LL1_no_chips_nothing_placed():
    s = state_from(hands=[["L", "6"], ["1"]], top="6", points=[0, 4])
    assert names(s.apply(play("L"))) == ["CardPlayed"]
    assert s.view(0).stage == (0, 0) and s.points == [0, 4]


def test_LL1_a_last_card_that_is_an_L_still_places_a_chip():
    s = state_from(hands=[["L"], ["5"]], top="6", points=[3, 3])
    events = s.apply(play("L"))
    assert names(events) == ["CardPlayed", "ChipStaged", "ChipReturned", "RoundScored"]
    assert s.stage_whites == 1 and s.points == [1, 8]  # 3 - 1 in the puddle - 1 returned (C5)


def test_LL1_the_puddle_is_chips_never_exchanged():
    s = state_from(hands=[["L", "6"], ["1", "L"]], top="6", points=[5, 5], puddle=(9, 0))
    s.apply(play("L"))
    assert s.view(1).stage == (10, 0)  # ten whites stay ten chips
    s.apply(TAKE_STAGE)
    assert s.points[1] == 15


def test_LL1_the_chips_are_carried_into_the_next_round():
    s = state_from(hands=[["L", "6"], ["1", "5"]], top="6", points=[12, 4], puddle=(2, 1))
    s.apply(play("L"))  # puddle (3, 1)
    s.apply(QUIT)
    s.apply(QUIT)  # every seat quit: the round ends, the puddle stays
    assert s.history[-1].ended_by == "all_quit" and s.round == 0
    assert s.chance == "deal"
    s.apply_chance(Deal(hands=(("1",) * 6, ("2",) * 6), discard="3"))
    assert s.round == 1 and s.view(0).stage == (3, 1)


def test_LL1_in_komarami_a_mosquito_feeds_the_puddle():
    s = state_from(hands=[["L", "6"], ["1"]], top="6", points=[10, 0], game="komarami")
    s.apply(play("L"))
    assert s.view(0).stage == (0, 1) and s.points[0] == 0


# -- LL2 laughing time ----------------------------------------------------------------------
def test_LL2_the_puddle_at_4_chips_is_no_laughing_time():
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", points=[3, 3], puddle=(3, 1))
    assert not s.show and not s.view(0).show
    assert plays(s) == ["play 3", "draw", "quit"]  # the L does not fit a 3 outside laughing time
    assert unchanged(s, TAKE_STAGE) == "no_show"


def test_LL2_the_puddle_at_5_chips_is_laughing_time():
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", points=[3, 3], puddle=(4, 1))
    assert s.show and s.view(0).show
    assert plays(s) == ["play L", "take stage"]  # an L whatever the top; no 3, no draw, no quit


def test_LL2_the_fifth_chip_starts_laughing_time_for_the_next_seat():
    s = state_from(hands=[["L", "6"], ["1", "L"]], top="6", points=[3, 3], puddle=(3, 1))
    s.apply(play("L"))
    assert s.view(1).show and s.view(1).stage == (4, 1)
    assert plays(s) == ["play L", "take stage"]


def test_LL2_a_seat_with_no_L_can_only_take_the_puddle():
    s = state_from(hands=[["1", "3"], ["2"]], top="3", puddle=(5, 0))
    assert plays(s) == ["take stage"]


@pytest.mark.parametrize("action", [QUIT, DRAW, play("3"), play("1")])
def test_LL2_no_quit_draw_or_other_card_before_taking_the_puddle(action):
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", puddle=(5, 0))
    assert unchanged(s, action) == "show_running"


def test_LL2_refusals_name_the_puddle_and_the_rule():
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", puddle=(5, 0))
    with pytest.raises(IllegalAction) as refused:
        s.apply(DRAW)
    assert "puddle" in refused.value.reason and "LL2" in refused.value.reason
    s = state_from(hands=[["1", "3", "L"], ["2"]], top="3", puddle=(1, 0))
    with pytest.raises(IllegalAction) as refused:
        s.apply(TAKE_STAGE)
    assert "laughing time" in refused.value.reason and "LL2" in refused.value.reason


def test_LL2_an_L_is_the_whole_turn_and_places_a_chip():
    s = state_from(hands=[["3", "L"], ["2"]], top="3", puddle=(5, 0), points=[11, 3])
    s.apply(play("L"))
    assert s.to_move == 1 and s.view(1).stage == (6, 0) and s.points[0] == 10 and s.show


def test_LL2_taking_the_puddle_and_then_drawing():
    s = state_from(hands=[["3", "L"], ["2"]], top="4", puddle=(4, 2), points=[3, 3])
    events = s.apply(TAKE_STAGE)
    assert events == [StageTaken(0, 4, 2)]
    assert s.points[0] == 3 + 4 + 20 and s.view(0).stage == (0, 0) and not s.show
    assert s.to_move == 0 and plays(s) == ["draw", "quit"]  # a normal turn: neither 3 nor L fits a 4 now
    s.apply(DRAW)
    assert s.chance == "draw" and s.drawer == 0
    s.apply_chance("5")
    assert s.to_move == 1 and s.hand_sizes[0] == 3


def test_LL2_taking_the_puddle_and_then_quitting():
    s = state_from(hands=[["3"], ["2"]], top="4", puddle=(5, 0), points=[0, 0])
    s.apply(TAKE_STAGE)
    s.apply(QUIT)
    assert s.points == [5, 0] and s.to_move == 1


def test_LL2_laughing_time_from_carried_chips_at_a_round_start():
    s = state_from(hands=[["L", "6"], ["1", "5"]], top="6", points=[12, 4], puddle=(4, 0))
    s.apply(play("L"))  # 5 chips: laughing time for seat 1, who has no L
    assert plays(s) == ["take stage"]
    s.apply(TAKE_STAGE)
    s.apply(QUIT)
    s.apply(QUIT)
    s.apply_chance(Deal(hands=(("1",) * 6, ("2",) * 6), discard="3"))
    assert s.view(0).stage == (0, 0) and not s.show


# -- properties (hypothesis) --------------------------------------------------------------------
fast = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def total(state) -> int:
    """C3, LL1: every seat's points plus the puddle's chips' worth."""
    return sum(state.points) + state.stage_whites + 10 * state.stage_blacks


def check_cards(state):
    cards = list(state.pile)
    for hand in state.hands:
        cards = [c + h for c, h in zip(cards, hand)]
    cards = [c + d for c, d in zip(cards, state.discard_pile)]
    assert cards == list(state.game.deck)


@fast
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), game_id=st.sampled_from(["lama", "komarami"]))
def test_LL_cards_and_chips_are_conserved(seed, n, game_id):
    """Within a round, points plus the puddle's worth never change (a chip moves to the puddle,
    a take moves them back); at scoring they change by the penalties less the C5 return."""
    rng = random.Random(seed)
    state = new_game(game_id, n, LACHEN).new_initial_state()
    steps = 0
    while not state.finished:
        steps += 1
        assert steps < 20_000
        before = state.clone()
        if state.to_move is None:
            events = state.apply_chance(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            keep = [a for a in actions if a.kind != "quit"] if rng.random() < 0.9 else actions
            events = state.apply((keep or actions)[rng.randrange(len(keep or actions))])
        kinds = names(events)
        assert min(state.points) >= 0 and state.stage_whites >= 0 and state.stage_blacks >= 0
        if state.show and state.to_move is not None:
            assert {a.kind for a in state.legal_actions()} <= {"play", "take_stage"}
        if "RoundScored" not in kinds:
            assert total(state) == total(before)
            if state.round == before.round and state.round >= 0:
                check_cards(state)
            continue
        scored = events[kinds.index("RoundScored")]
        assert (state.stage_whites, state.stage_blacks) == (before.stage_whites, before.stage_blacks) or \
            "ChipStaged" in kinds  # LL1: the puddle stays into the next round
        returned = [0] * n
        if scored.ended_by == "empty_hand":
            returned[scored.ender] = highest_chip(state.points[scored.ender] + scored.returned[scored.ender])
        assert list(scored.returned) == returned
        assert total(state) == total(before) + sum(scored.penalties) - sum(scored.returned)
