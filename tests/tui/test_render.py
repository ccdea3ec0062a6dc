"""What a seat is shown, from hand-built Views (every game) and filtered events."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

from rich.console import Console
from tui_views import make_view

from lama.core import DRAW, QUIT, ROLL, CardDrawn, CardPlayed, ChipReturned, Event, RoundDealt, SeatQuit, play
from lama.core.actions import SKIP, TAKE_STAGE
from lama.tui.render import event_text, turn_screen
from lama.tui.session import move_hint

NAMES = ["Ann", "Bob", "Cem"]


def shown(view) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(turn_screen(view, NAMES, "title"))
    return out.getvalue()


def test_card_game_screen_shows_top_hand_sizes_status_pile_and_points():
    view = make_view(hand=("1", "3", "3", "L"), hand_sizes=(4, 2, 6), top="3", pile_size=17,
                     points=(5, 12, 0), quit=(False, True, False), legal_actions=(play("3"), DRAW, QUIT))
    text = shown(view)
    assert "Top card: [3]" in text and "draw pile: 17 cards" in text
    assert "Your hand: [1] [3] [3] [L]   playable: 3" in text
    rows = {line.split()[1]: line.split() for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert rows["Ann"][2:] == ["(you)", "4", "to", "move", "5"]
    assert rows["Bob"][2:] == ["2", "quit", "12"]
    assert rows["Cem"][2:] == ["6", "in", "0"]


def test_kadabra_screen_shows_stage_magic_chip_show_and_forced_draw():
    """What Kadabra declares (lama.core.display): its zone, the zone's alert with the keys of the
    legal moves it adds, its note of the middle and its marks, as the page words them."""
    view = make_view(game="kadabra", hand=("2/3", "5*", "L"), hand_sizes=(3, 3, 4), top="2+", pile_size=9,
                     stage=(4, 1), magic_chip=1, show=True, forced_draw=2, legal_actions=(play("L"), TAKE_STAGE))
    text = shown(view)
    assert "The stage: 5 chips (4 white, 1 black); a magic show is on   magic chip: Bob" in text
    assert "★ Magic show! Play a llama, take the stage or skip   t: Take the stage\n" in text
    assert "Cem must draw a card first (rectangle card)" in text
    assert "Top card: [2+]" in text and "Your hand: [2/3] [5*] [L]" in text
    rows = {line.split()[1]: line for line in text.splitlines() if line[:1].isdigit()}
    assert "in, magic chip" in rows["Bob"] and "in, draws first" in rows["Cem"] and "chip" not in rows["Ann"]
    mine = shown(replace(view, magic_chip=0, legal_actions=(play("L"), TAKE_STAGE, SKIP)))
    assert "magic chip: Ann" in mine and "s: Skip (magic chip)   t: Take the stage" in mine
    theirs = shown(replace(view, to_move=1, legal_actions=()))  # not the reader's move: no keys
    assert "★ Magic show! Play a llama, take the stage or skip\n" in theirs
    centre = shown(make_view(game="kadabra", hand=("1",), hand_sizes=(1, 1, 1), top="1", stage=(0, 0)))
    assert "The stage: 0 chips (0 white, 0 black)   magic chip: free" in centre
    assert "Magic show" not in centre and "must draw" not in centre


def test_dice_screen_shows_displays_row_dice_and_roll():
    dice = (("1", "2", "3", "4", "L", "L"), ("3", "4", "5", "6", "L", "L"), ("1", "2", "5", "6", "L", "L"))
    view = make_view(game="dice", displays=(("3", "5"), ("1", "1", "L"), ()), row=("2", "4", "6"), dice=dice,
                     roll=("3", "L", "6"), legal_actions=(ROLL, QUIT))
    text = shown(view)
    assert "Llama row: [2] [4] [6]" in text
    assert "die 1: 1 2 3 4 L L; die 2: 3 4 5 6 L L; die 3: 1 2 5 6 L L" in text
    assert "Last roll: [3] [L] [6]" in text
    assert "Your display: [3] [5]" in text
    bob = next(line for line in text.splitlines() if " Bob " in line)
    assert "1 1 L" in bob
    assert move_hint(view) == "r, q, h, o, ?"


def test_a_drawn_card_is_named_only_to_its_drawer():
    event = CardDrawn(1, "5")
    assert event_text(event.for_seat(0), 0, NAMES) == "Bob drew a card."
    assert event_text(event.for_seat(1), 1, NAMES) == "You drew 5."
    # even if an unfiltered event slipped through, another seat is not told the card
    assert "5" not in event_text(event, 0, NAMES)
    forced = CardDrawn(2, None, forced=True)  # K5: only Kadabra has forced draws, and says so
    assert event_text(forced, 0, NAMES, "kadabra") == "Cem drew a card (forced by a rectangle card)."


def test_event_lines():
    assert event_text(CardPlayed(1, "4"), 0, NAMES) == "Bob played 4."
    assert event_text(CardPlayed(0, "1", give=2), 0, NAMES) == "You played 1."
    assert event_text(SeatQuit(2), 0, NAMES) == "Cem quit the round."
    assert event_text(ChipReturned(1, 10, "C5"), 0, NAMES) == "Bob returned a 10-point chip (emptied hand)."
    dealt = RoundDealt(1, 2, (("1",) * 6, ("2",) * 6, ("3",) * 6), "4").for_seat(0)
    assert event_text(dealt, 0, NAMES) == "Round 2 is dealt; Cem starts; the first card is 4."


@dataclass(frozen=True)
class DiceRolled(Event):  # an event of a game whose display was not written here
    seat: int
    faces: tuple


def test_unknown_events_are_still_readable():
    assert event_text(DiceRolled(1, ("3", "L", "5")), 0, NAMES) == "Bob: dice rolled (faces 3 L 5)."


# -- issue 12, item 11: the layout at 80 columns ------------------------------------------------

LONG = ["Annemarie Schwarzenberg", "Bob", "Christopher Long Name", "Dee", "Evangelina Rosewater", "Fred"]


def at_80(renderable) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(renderable)
    return out.getvalue().splitlines()


def test_six_seats_with_long_names_fit_80_columns_and_bots_are_marked():
    hand = ("1",) * 7 + ("2",) * 5 + ("3",) * 6 + ("4",) * 5 + ("5",) * 6 + ("6",) * 5 + ("L",) * 2
    assert len(hand) == 36
    view = make_view(players=6, hand=hand, hand_sizes=(36, 1, 2, 3, 4, 5), top="6", pile_size=0,
                     legal_actions=(play("6"), play("L"), QUIT))
    lines = at_80(turn_screen(view, LONG, bots={1, 2, 3, 4, 5}))
    assert max(len(line) for line in lines) <= 80
    text = "\n".join(lines)
    # a 36-card hand is grouped, and nothing (no name) is broken across lines
    assert "Your hand: [1]×7 [2]×5 [3]×6 [4]×5 [5]×6 [6]×5 [L]×2   playable: 6, L" in text
    rows = [line for line in lines if line[:1].isdigit()]
    assert len(rows) == 6
    assert rows[0].split()[1:4] == ["Annemarie", "Sch…", "(you)"]
    assert "Christopher L… (bot)" in rows[2] and "Bob (bot)" in rows[1]
    assert "(bot)" not in rows[0]


def test_round_recap_and_score_history_fit_80_columns():
    from lama.core import RoundScored
    from lama.tui.render import round_recap, score_history

    big = ("1",) * 7 + ("2",) * 5 + ("3",) * 6 + ("4",) * 5 + ("5",) * 6 + ("6",) * 5 + ("L",) * 2
    hands = (big, ("2/3", "5+"), (), ("L",), ("1", "2", "3", "4", "5", "6"), ("6*",))
    r = RoundScored(0, "empty_hand", 2, (31, 7, 0, 10, 21, 6), (0, 0, 10, 0, 0, 0), (34, 10, 3, 13, 24, 9), hands)
    from lama.record.ledger import RoundLedger

    entry = RoundLedger(0, "empty_hand", 2, (3,) * 6, (21, 7, 0, 10, 21, 6), (10, 0, 0, 0, 0, 0),
                        (0, 0, 10, 0, 0, 0), (0, 0, 10, 0, 0, 0), r.scores)
    lines = at_80(round_recap(r, entry, LONG, "kadabra", {1, 2}, 0))
    assert max(len(line) for line in lines) <= 80
    text = "\n".join(lines)
    assert "1×7 2×5 3×6" in text and "L×2" in text  # grouped; it may wrap, between cards only
    assert "Annemarie Sch… (you)" in text and "Bob (bot)" in text
    history = [r, RoundScored(1, "all_quit", 0, (5,) * 6, (0,) * 6, (39, 15, 8, 18, 29, 14), hands)]
    lines = at_80(score_history(history, LONG, (3,) * 6, 80))
    assert max(len(line) for line in lines) <= 80
    assert any(line.split()[:2] == ["2", "39"] for line in lines)


def test_komarami_shows_its_mosquito_as_a_mosquito():
    view = make_view(game="komarami", hand=("3", "L", "L"), hand_sizes=(3, 4, 4), top="L", pile_size=5,
                     legal_actions=(play("L"), DRAW, QUIT))
    text = shown(view)
    assert "[L]" not in text
    assert "Top card: [mosquito]" in text
    assert "Your hand: [3] [mosquito] [mosquito]   playable: mosquito (type L)" in text
    assert event_text(CardPlayed(1, "L"), 0, NAMES, "komarami") == "Bob played a mosquito."
    assert event_text(CardPlayed(1, "L"), 0, NAMES, "lama") == "Bob played L."


def test_the_rules_are_wrapped_between_words_to_the_terminal():
    from lama.games import GAMES
    from lama.tui.rules import rules_text, wrap_rules

    for game in GAMES:
        for width in (60, 80, 100):
            wrapped = wrap_rules(rules_text(game), width)
            assert wrapped.split() == rules_text(game).split()
            assert max(len(line) for line in wrapped.splitlines()) < width


def test_one_function_says_any_entry_over_any_json():
    """lama.tui.render.say: an event's entry, a control's `said` over an action's JSON and its
    `done` over a record's move, a zone and a note over the View's, in the reader's language."""
    from lama import i18n
    from lama.core.display import MIDDLE
    from lama.games import GAMES
    from lama.tui.render import notes_said, say

    kadabra = GAMES["kadabra"]
    controls = {c.kind: c for c in kadabra.controls}
    assert say(controls["play"].said, play("1", 2).to_json(), True, 0, NAMES, "kadabra") == (
        "Play a 1 and give a chip to Cem")
    assert say(controls["play"].said, play("5*").to_json(), True, 0, NAMES, "kadabra") == "Play a 5*"
    move = {"seat": 1, "play": "1", "give": 0}
    assert say(controls["play"].done, move, False, 0, NAMES, "kadabra") == "Bob played 1 and gave a chip to Ann."
    assert say(controls["take_stage"].done, {"seat": 2, "take_stage": True}, False, 0, NAMES, "kadabra") == (
        "Cem took the stage.")
    view = make_view(game="kadabra", hand=("1",), hand_sizes=(1, 1, 1), top="1", stage=(2, 1), show=False,
                     forced_draw=1)
    zone = kadabra.zones[0]
    assert say(zone.said, view.to_json(), False, 0, NAMES, "kadabra") == "The stage: 3 chips (2 white, 1 black)"
    assert notes_said(view, NAMES, MIDDLE) == ["Bob must draw a card first (rectangle card)"]
    top = [n for n in kadabra.notes if n.place == "top"][0]
    assert say(top.said, {**view.to_json(), "show": True}, False, 0, NAMES, "kadabra") == "magic show: only a llama"
    try:
        i18n.use("de")
        assert say(controls["play"].said, play("1", 2).to_json(), True, 0, NAMES, "kadabra") == (
            "1 spielen und Cem einen Chip geben")
        assert notes_said(view, NAMES, MIDDLE) == ["Bob muss zuerst eine Karte ziehen (Rechteckkarte)"]
    finally:
        i18n.use("en")
