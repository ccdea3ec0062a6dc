"""Scenario and property tests for L.A.M.A. Party Edition, rules P1–P5, each named after its rule id
(RULES.md)."""

import json
import random
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import card_state, random_step, unchanged
from lama.core import DRAW, QUIT, Deal, InvalidOption, Refusal, play
from lama.core.display import note_data
from lama.core.events import CardDrawn, CardPlayed, ChipReturned, RoundScored
from lama.core.sentences import pick
from lama.core.state import highest_chip
from lama.games.kadabra import KadabraGame
from lama.games.lama import LamaGame
from lama.games.party import CHIPS, CODES, DEFAULT_DECK, KINDS, ExtraTurn, PartyGame, PartyState
from lama.record import RecordWriter, replay, result_of

NUMBERS = ("1", "2", "3", "4", "5", "6")
fast = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def party(hands, top="1", options=None, **kw) -> PartyState:
    return card_state(PartyGame, hands, top, options=options, **kw)


def plays(state) -> set[str]:
    return {a.card for a in state.legal_actions() if a.kind == "play"}



# -- P1 the deck -------------------------------------------------------------------
def test_P1_deck_is_the_data_file():
    data = json.loads(resources.files("lama").joinpath("data", "party-deck.json").read_text(encoding="utf-8"))
    assert tuple(data.get(code, 0) for code in CODES) == DEFAULT_DECK
    codes = PartyGame(2).deck_codes()
    assert len(codes) == 57
    for n in NUMBERS:  # still 8 of each number in all, one of them a plus card
        assert codes.count(n) == 7 and codes.count(n + "+") == 1
    assert codes.count("L") == 8 and codes.count("P") == 1


def test_P1_plus_is_read_per_game():
    """`+` is a plus in party and a rectangle in kadabra; party has no star and no 1*."""
    five = KINDS.cards[KINDS.index["5+"]]
    assert (five.symbol, five.effect, KINDS.name(five)) == ("+", "plus", "5 plus")
    kadabra = KadabraGame.kinds.cards[KadabraGame.kinds.index["5+"]]
    assert (kadabra.symbol, kadabra.effect, KadabraGame.kinds.name(kadabra)) == ("+", "rectangle", "5 rectangle")
    assert KINDS.cards[KINDS.index["1+"]].values == frozenset({1})
    assert KINDS.name(KINDS.cards[KINDS.index["P"]]) == "party llama"
    names = {c["code"]: c["name"] for c in PartyGame.describe()["cards"]}
    assert names["3+"] == "3 plus" and names["P"] == "party llama" and names["L"] == "llama"
    for code in ("5*", "2/3", "L+", "P+"):
        assert code not in KINDS.index


def test_P1_deck_replaced_with_the_option():
    deck = {"1": 4, "1+": 4, "2": 4, "L": 2, "P": 3}
    game = PartyGame(2, {"deck": deck})
    assert sorted(game.deck_codes()) == sorted(c for c, n in deck.items() for _ in range(n))
    deck["1"] = 0  # the game keeps its own copy
    assert game.options["deck"]["1"] == 4
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(3)))
    assert sum(map(sum, state.hands)) + state.pile_size + 1 == 17
    assert PartyGame.default_options()["deck"] == dict(zip(CODES, DEFAULT_DECK))


@pytest.mark.parametrize("options, code", [
    ({"deck": [1, 2]}, "deck_not_a_map"),
    ({"deck": {"5*": 3, "1": 20}}, "deck_unknown_codes"),
    ({"deck": {"2/3": 3, "1": 20}}, "deck_unknown_codes"),
    ({"deck": {"1": -1, "2": 20}}, "deck_count"),
    ({"deck": {"1": 60, "2": 60, "3": 60, "4": 60}}, "deck_too_big"),
    ({"deck": {"P": 5}}, "deck_too_small"),
    ({"party_on_party": 1}, "yes_or_no"),
    ({"party_on_party": "yes"}, "yes_or_no"),
    ({"party_on_party": None}, "yes_or_no"),
    ({"lachen": True}, "unknown_options"),
    ({"target": 0}, "whole_number"),
    ({"hand_size": 0}, "whole_number"),
    ({"first_player": 2}, "first_player"),
])
def test_P1_P2_bad_options_are_refused(options, code):
    with pytest.raises(InvalidOption) as e:
        PartyGame(2, options)
    assert isinstance(e.value, Refusal) and e.value.code == code


def test_P2_option_and_its_default():
    assert PartyGame.default_options()["party_on_party"] is True
    (option,) = [o for o in PartyGame.describe()["options"] if o["name"] == "party_on_party"]
    assert option["type"] == "boolean" and option["default"] is True
    assert PartyGame(2).party_on_party and not PartyGame(2, {"party_on_party": False}).party_on_party


# -- P2 the party llama -------------------------------------------------------------
@pytest.mark.parametrize("party_on_party", [True, False])
@pytest.mark.parametrize("top", CODES)
def test_P2_party_llama_goes_on_every_top_card(top, party_on_party):
    options = {"party_on_party": party_on_party, "deck": {**dict.fromkeys(CODES, 8), "P": 2}}  # a P on a P too
    state = party([["P", "3"], ["4"]], top, options, pile=["5"])
    legal = "P" in plays(state)
    assert legal == (top != "P" or party_on_party)
    if legal:
        assert state.apply(play("P")) == [CardPlayed(0, "P")]
        assert state.to_move == 1 and state.top == KINDS.index["P"]
    else:
        assert unchanged(state, play("P")) == "cannot_play"


@pytest.mark.parametrize("party_on_party", [True, False])
def test_P2_on_a_party_llama_only_L_P_or_1(party_on_party):
    deck = dict.fromkeys(CODES, 2)
    state = party([list(CODES), ["4"]], "P", {"deck": deck, "party_on_party": party_on_party}, pile=["5"])
    assert plays(state) == {"1", "1+", "L"} | ({"P"} if party_on_party else set())
    for code in ("2", "3+", "6", "6+"):
        assert unchanged(state, play(code)) == "cannot_play"


@pytest.mark.parametrize("top, after", [
    ("6", {"6", "6+", "L", "P"}), ("L", {"L", "1", "1+", "P"}), ("1+", {"1", "1+", "2", "2+", "P"}),
])
def test_P2_L3_still_holds_beside_the_party_llama(top, after):
    state = party([list(CODES), ["4"]], top, {"deck": dict.fromkeys(CODES, 2)}, pile=["5"])
    assert plays(state) == after


# -- P3 plus cards ------------------------------------------------------------------
def test_P3_a_plus_card_gives_another_whole_turn():
    state = party([["3+", "4", "5"], ["1", "2"], ["6", "6"]], "3", pile=["2", "2"])
    events = state.apply(play("3+"))
    assert events == [CardPlayed(0, "3+"), ExtraTurn(0)]
    assert state.to_move == 0 and state.extra_turn == 0
    view = state.view(0)
    assert view.extra_turn == 0 and view.to_json()["extra_turn"] == 0 and state.view(1).extra_turn == 0
    assert plays(state) == {"4"} and DRAW in state.legal_actions() and QUIT in state.legal_actions()
    assert state.apply(play("4")) == [CardPlayed(0, "4")]
    assert state.to_move == 1 and state.extra_turn is None and state.view(1).to_json()["extra_turn"] is None


def test_P3_plus_cards_chain():
    state = party([["3+", "4+", "5+", "5", "L"], ["1"]], "3", pile=["2", "2"])
    for code in ("3+", "4+", "5+"):
        assert state.apply(play(code)) == [CardPlayed(0, code), ExtraTurn(0)]
        assert state.to_move == 0
    state.apply(play("5"))
    assert state.to_move == 1
    assert [(s, a.card) for s, a, _ in state.moves] == [(0, "3+"), (0, "4+"), (0, "5+"), (0, "5")]


def test_P3_drawing_ends_the_extra_turn():
    state = party([["3+", "6"], ["1"], ["2"]], "3", pile=["2", "2"])
    state.apply(play("3+"))
    assert state.apply(DRAW) == [] and state.chance == "draw" and state.extra_turn is None
    assert state.apply_chance("2") == [CardDrawn(0, "2")]
    assert state.to_move == 1 and state.extra_turn is None


def test_P3_quitting_ends_the_extra_turn():
    state = party([["3+", "6"], ["1"], ["2"]], "3", pile=["2", "2"])
    state.apply(play("3+"))
    state.apply(QUIT)
    assert state.to_move == 1 and state.extra_turn is None and state.quit[0]


def test_P3_a_plus_card_as_the_last_card_ends_the_round():
    state = party([["3+"], ["1", "5"], ["6"]], "3", pile=["2", "2"], points=[4, 0, 0])
    events = state.apply(play("3+"))
    assert [type(e) for e in events] == [CardPlayed, ChipReturned, RoundScored]
    assert not any(isinstance(e, ExtraTurn) for e in events)
    assert state.to_move is None and state.chance == "deal" and state.extra_turn is None
    assert events[-1].ended_by == "empty_hand" and events[-1].penalties == (0, 6, 6)


def test_P3_a_plus_card_when_every_other_seat_has_quit():
    state = party([["3+", "4", "L"], ["1"], ["2"]], "3", pile=["2", "2"], quit=(1, 2))
    assert state.apply(play("3+")) == [CardPlayed(0, "3+"), ExtraTurn(0)]
    assert state.to_move == 0 and state.extra_turn == 0
    assert state.legal_actions() == [play("4"), QUIT]  # L3: the last seat in may not draw
    state.apply(play("4"))  # a plain card: the turn comes back to the only seat in (C1)
    assert state.to_move == 0 and state.extra_turn is None


def test_P3_the_record_says_only_the_moves():
    """RECORD.md: `{"seat": s, "play": "3+"}`, and the same seat's next move follows; the event
    adds no move, no chips, no bonus."""
    assert ExtraTurn(2).to_record() is None and ExtraTurn(2).points_moved() == () and ExtraTurn(2).bonus() == ()
    game = PartyGame(2)
    state = game.new_initial_state()
    writer = RecordWriter(game, ["Ann", "Bob"])
    writer.add(state.apply_chance(Deal((("3+", "4+", "5", "1", "1", "2"), ("6", "6", "6", "1", "2", "2")), "3")))
    writer.add(state.apply(play("3+")))
    writer.add(state.apply(play("4+")))
    writer.add(state.apply(play("5")))
    assert writer.moves == [{"seat": 0, "play": "3+"}, {"seat": 0, "play": "4+"}, {"seat": 0, "play": "5"}]
    assert result_of(replay(json.loads(json.dumps(writer.data)))) == result_of(state)  # by its id


def test_P3_sentences_notes_and_mark():
    entry = PartyGame.event_sentences()["extra_turn"]
    data = ExtraTurn(1).to_json()
    assert data == {"type": "extra_turn", "seat": 1}
    assert pick(entry, data, True)[0] == "You play again (plus card)."
    assert pick(entry, data, False)[0] == "{name} plays again (plus card)."
    state = party([["3+", "4"], ["1"]], "3", pile=["2"])
    state.apply(play("3+"))
    said = []
    for note in PartyGame.notes:
        for seat in (0, 1):
            found = note_data(note, state.view(seat).to_json())
            if found is not None:
                said.append((note.place, seat, pick(note.said, found[0], found[1])[0]))
    assert ("turn", 0, "A plus card: you play again.") in said and ("turn", 1, None) in said
    assert ("middle", 1, "{name} plays again (plus card)") in said
    assert [m.field for m in PartyGame.marks] == ["extra_turn"]
    assert "extra_turn" in PartyGame.describe()["sentences"]


def test_P3_a_state_from_a_view_keeps_the_extra_turn():
    state = party([["3+", "4"], ["1", "2"]], "3")  # the pile: the rest of the deck
    state.apply(play("3+"))
    view = state.view(1)
    again = state.game.resample_from_view(view, random.Random(1).shuffle)
    assert again.extra_turn == 0 and again.view(1) == view


# -- P4 penalty ---------------------------------------------------------------------
def test_P4_L_P_and_a_5_cost_35():
    state = party([["4"], ["L", "P", "5"], ["P"], ["L", "L", "5", "5"]], "3",
                  options={"deck": {**dict.fromkeys(CODES, 8), "P": 2}}, pile=["2"])
    events = state.apply(play("4"))
    assert events[-1].penalties == (0, 35, 20, 15)
    assert KINDS.penalty_of(["L", "P", "5"]) == 35 and KINDS.penalty_of(["P", "5+", "5", "1"]) == 26


# -- P5 pink chips ------------------------------------------------------------------
@pytest.mark.parametrize("points, chip", [(0, 0), (1, 1), (9, 1), (10, 10), (19, 10), (20, 20), (45, 20)])
def test_P5_highest_chip_of_the_games_chips(points, chip):
    assert highest_chip(points, CHIPS) == chip
    assert highest_chip(points) == min(chip, 10)  # C3: the other games' chips


def test_P5_C5_returns_a_pink_chip():
    assert PartyGame.chips == (("pink", 20), ("black", 10), ("white", 1))
    assert PartyGame.describe()["chips"][0] == {"colour": "pink", "points": 20}
    state = party([["4"], ["1", "2"]], "3", pile=["2"], points=[25, 3])
    events = state.apply(play("4"))
    assert ChipReturned(0, 20, "C5") in events and events[-1].returned == (20, 0)
    assert state.points == [5, 6]
    lama = card_state(LamaGame, [["4"], ["1", "2"]], "3", pile=["2"], points=[25, 3])
    assert lama.apply(play("4"))[-1].returned == (10, 0)  # C3: without pink chips, a black


# -- properties: random legal play ------------------------------------------------------
def check_cards(state):
    cards = list(state.pile)
    for hand in state.hands:
        cards = [c + h for c, h in zip(cards, hand)]
    cards = [c + d for c, d in zip(cards, state.discard_pile)]
    assert cards == list(state.game.deck) and sum(cards) == sum(state.game.deck)
    assert state.hand_sizes == [sum(h) for h in state.hands] and state.pile_size == sum(state.pile)


@fast
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), party_on_party=st.booleans())
def test_P1_P4_P5_random_play_conserves_the_cards_and_keeps_points_consistent(seed, n, party_on_party):
    rng = random.Random(seed)
    state = PartyGame(n, {"party_on_party": party_on_party}).new_initial_state()
    assert sum(state.game.deck) == 57
    while not state.finished:
        before = state.clone()
        events = random_step(state, rng)
        scored = [e for e in events if isinstance(e, RoundScored)]
        if not scored:
            assert state.points == before.points
            if state.round >= 0 and state.chance != "deal":
                check_cards(state)
            continue
        (r,) = scored
        assert list(r.penalties) == [state.game.kinds.penalty(hand) for hand in state.hands]  # C7, P4
        back = [0] * n
        if r.ended_by == "empty_hand":  # C5, P5: the highest chip, pink included
            back[r.ender] = highest_chip(before.points[r.ender] + r.penalties[r.ender], CHIPS)
        assert list(r.returned) == back
        assert state.points == [b + p - x for b, p, x in zip(before.points, r.penalties, back)] == list(r.scores)
        assert min(state.points) >= 0


@fast
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6))
def test_P3_the_extra_turn_comes_exactly_after_a_plus_card_that_did_not_end_the_round(seed, n):
    rng = random.Random(seed)
    state = PartyGame(n).new_initial_state()
    while not state.finished:
        seat, acted = state.to_move, state.to_move is not None
        action = None
        if acted:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            events = state.apply(action)
        else:
            events = state.apply_chance(state.sample_chance(rng))
        plus = action is not None and action.kind == "play" and action.card.endswith("+")
        ended = any(isinstance(e, RoundScored) for e in events)
        turns = [e for e in events if isinstance(e, ExtraTurn)]
        assert turns == ([ExtraTurn(seat)] if plus and not ended else [])
        if turns:
            assert state.to_move == seat and state.extra_turn == seat and state.view(seat).extra_turn == seat
        else:
            assert state.extra_turn is None


# -- the declarations: action ids, the View's field, the observation ----------------------
def test_P_action_ids_and_view_field_as_declared():
    game = PartyGame(3)
    assert [str(game.action_of(i)) for i in (0, 1, 12, 13, 14, 15)] == [
        "play 1", "play 1+", "play L", "play P", "draw", "quit"]
    view = game.new_initial_state().view(0)
    assert [name for name, _ in view.extra][-1] == "extra_turn" and view.extra_turn is None
    assert list(view.to_json())[-1] == "extra_turn"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6))
def test_P3_the_observation_and_its_mirror_see_the_extra_turn(seed, n):
    """The declared observation (extra_turn, one-hot by seat) reads the same from a View, from the
    state and from the Mirror kept up to date by the declared events, wherever a seat decides
    (where the environments observe: a draw's move has no event of its own until its card)."""
    np = pytest.importorskip("numpy")
    from lama.envs.observation import Encoder

    game = PartyGame(n)
    encoder = Encoder(game)
    (start, size) = [(s, k) for name, s, k in encoder.describe() if name == "extra_turn"][0]
    assert size == n
    rng = random.Random(seed)
    state = game.new_initial_state()
    mirror = encoder.mirror()
    mirror.reset(state)
    while not state.finished:
        mirror.update(random_step(state, rng))
        if state.to_move is None:
            continue
        for seat in range(n):
            want = encoder.encode(state.view(seat))
            assert np.array_equal(encoder.encode_state(state, seat), want)
            assert np.array_equal(mirror.observe(seat), want)
            again = want[start:start + size]
            assert again.any() == (state.extra_turn is not None)
