"""The L.A.M.A. Lachen promo (LL) as people see it: the puddle (a zone LamaGame declares), its
laughing time's alert and notes, the take key, its events' sentences, in the terminal and in the
description the page reads; silent in a game without the option."""

from __future__ import annotations

import io

from rich.console import Console

from helpers import card_state
from lama.core import play
from lama.core.actions import TAKE_STAGE
from lama.core.display import TOP, TURN
from lama.games import GAMES
from lama.tui.render import event_text, notes_said, turn_screen

NAMES = ["Ann", "Bob"]


def shown(view) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(turn_screen(view, NAMES, "title"))
    return out.getvalue()


def puddle_state(game="lama", puddle=(4, 0), options=None):
    state = card_state(game, hands=[["1", "6", "L"], ["2", "L"]], top="6", points=[13, 3],
                       options={"lachen": True} if options is None else options)
    if state.game.lachen:
        state.stage_whites, state.stage_blacks = puddle
    return state


def test_LL1_the_terminal_shows_the_puddle():
    text = shown(puddle_state().view(0))
    assert "The puddle: 4 chips (4 white, 0 black)" in text and "Laughing time" not in text


def test_LL2_the_terminal_says_laughing_time_and_the_take_key():
    state = puddle_state()
    events = state.apply(play("L"))
    said = [event_text(e.for_seat(1), 1, NAMES, "lama") for e in events]
    assert said[1] == "Ann put a white chip in the puddle (now 5 chips). Laughing time!"
    view = state.view(1)
    text = shown(view)
    assert "The puddle: 5 chips (5 white, 0 black); laughing time" in text
    assert "Laughing time! Play a llama or take the puddle   t: Take the puddle" in text
    assert notes_said(view, NAMES, TURN) == ["Your turn — laughing time!"]
    assert notes_said(view, NAMES, TOP) == ["laughing time: only a llama"]
    events = state.apply(TAKE_STAGE)
    assert event_text(events[0].for_seat(0), 0, NAMES, "lama") == \
        "Bob took the puddle: 5 chips (5 white, 0 black), 5 points."


def test_LL_komarami_names_its_mosquito():
    state = puddle_state("komarami", puddle=(5, 0))
    assert "Laughing time! Play a mosquito or take the puddle" in shown(state.view(0))


def test_LL_without_the_option_nothing_of_the_puddle_is_shown():
    view = puddle_state(options={}).view(0)
    text = shown(view)
    assert "puddle" not in text.lower() and "laughing" not in text.lower()
    assert "stage" not in view.to_json() and notes_said(view, NAMES, TURN) == []


def test_LL_the_page_reads_the_puddle_from_the_games_description():
    for game in ("lama", "komarami"):
        described = GAMES[game].describe()
        assert [z["field"] for z in described["zones"]] == ["stage"] and described["zones"][0]["title"] == "Puddle"
        assert "take_stage" in [m["kind"] for m in described["moves"]]
        option = next(o for o in described["options"] if o["name"] == "lachen")
        assert option["type"] == "boolean" and option["default"] is False and option["label"]
        assert "puddle" in str(described["sentences"]["stage_taken"])


def test_LL2_typing_t_takes_the_puddle_only_with_the_option():
    import pytest

    from lama.tui.syntax import InputError, resolve

    state = puddle_state(puddle=(5, 0))
    assert resolve("t", state.view(0)) == TAKE_STAGE and resolve("take puddle", state.view(0)) == TAKE_STAGE
    with pytest.raises(InputError) as refused:
        resolve("d", state.view(0))
    assert "no drawing during laughing time before taking the puddle" in str(refused.value)
    with pytest.raises(InputError) as refused:
        resolve("t", puddle_state(options={}).view(0))
    assert str(refused.value).startswith("'t' is not a move in L.L.A.M.A.")
