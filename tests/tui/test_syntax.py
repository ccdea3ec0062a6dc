"""The short move syntax, table-driven against hand-built Views of every game."""

from __future__ import annotations

import pytest
from tui_views import make_view

from lama.core import DRAW, QUIT, ROLL, IllegalAction, discard, play, take
from lama.core.actions import SKIP, TAKE_STAGE
from lama.tui.syntax import Command, InputError, resolve

LAMA = make_view(hand=("1", "3", "3", "4", "L"), hand_sizes=(5, 6, 6), top="3", pile_size=20,
                 legal_actions=(play("3"), play("4"), DRAW, QUIT))
LAMA_ON_6 = make_view(hand=("1", "6", "L"), hand_sizes=(3, 6, 6), top="6", pile_size=0,
                      legal_actions=(play("6"), play("L"), QUIT))
KADABRA = make_view(
    game="kadabra", hand=("1", "2/3", "4/5", "5*", "L"), hand_sizes=(5, 4, 4), top="L", pile_size=9,
    stage=(2, 0), magic_chip=0, legal_actions=(play("1", 1), play("1", 2), play("L"), DRAW, SKIP, QUIT),
)
KADABRA_4 = make_view(
    game="kadabra", hand=("2/3", "4/5", "5*", "5+"), hand_sizes=(4, 4, 4), top="4", pile_size=9,
    legal_actions=(play("4/5"), play("5*"), play("5+"), DRAW, QUIT),
)
KADABRA_SHOW = make_view(
    game="kadabra", hand=("3", "5*", "L"), hand_sizes=(3, 4, 4), top="3", pile_size=9, stage=(5, 1),
    show=True, magic_chip=0, legal_actions=(play("L"), TAKE_STAGE, SKIP),
)
KADABRA_ONE_GIVE = make_view(
    game="kadabra", hand=("1", "6"), hand_sizes=(2, 4, 4), top="1", pile_size=9,
    quit=(False, True, False), legal_actions=(play("1", 2), DRAW, QUIT),
)
DICE_ROLL = make_view(
    game="dice", displays=(("3", "3", "5", "L"), ("1",), ("2", "6")), row=("1", "2", "3", "4", "5", "6", "L"),
    dice=(("1", "2", "3", "4", "L", "L"), ("3", "4", "5", "6", "L", "L"), ("1", "2", "5", "6", "L", "L")),
    legal_actions=(ROLL, QUIT),
)
DICE_MATCH = make_view(
    game="dice", displays=DICE_ROLL.displays, row=DICE_ROLL.row, dice=DICE_ROLL.dice, roll=("3", "3", "5"),
    legal_actions=(discard(["3"]), discard(["5"]), discard(["3", "3"]), discard(["3", "5"]),
                   discard(["3", "3", "5"])),
)
DICE_MISS = make_view(
    game="dice", displays=(("1", "1"), ("5",), ("2",)), row=("2", "4", "6", "L"), dice=DICE_ROLL.dice,
    roll=("4", "6", "L"), legal_actions=(take("4"), take("6"), take("L")),
)

PARTY = make_view(game="party", hand=("1", "3", "3+", "5+", "L", "P"), hand_sizes=(6, 6, 6), top="3", pile_size=20,
                  legal_actions=(play("3"), play("3+"), play("P"), DRAW, QUIT))
PARTY_ON_4 = make_view(game="party", hand=("2", "5+", "P"), hand_sizes=(3, 6, 6), top="4", pile_size=20,
                       extra_turn=0, legal_actions=(play("5+"), play("P"), DRAW, QUIT))

NAMES = ["Ann", "Bob", "Cem"]

CASES = [
    # lama
    (LAMA, "3", play("3")),
    (LAMA, " 4 ", play("4")),
    (LAMA, "p 4", play("4")),
    (LAMA, "PLAY 3", play("3")),
    (LAMA, "d", DRAW),
    (LAMA, "Draw", DRAW),
    (LAMA, "q", QUIT),
    (LAMA, "QUIT", QUIT),
    (LAMA, "?", Command("help")),
    (LAMA, "help", Command("help")),
    (LAMA, "rules", Command("help")),
    (LAMA, "v", Command("table")),
    (LAMA, "show", Command("table")),
    (LAMA, "exit", Command("exit")),
    (LAMA_ON_6, "l", play("L")),
    (LAMA_ON_6, "L", play("L")),
    (LAMA_ON_6, "6", play("6")),
    # kadabra
    # kadabra: the receiver typed as the seats table numbers it, from 1 (`1>2`: seat index 1)
    (KADABRA, "1>3", play("1", 2)),
    (KADABRA, "1 > 2", play("1", 1)),
    (KADABRA, "1 3", play("1", 2)),
    (KADABRA, "1 give 2", play("1", 1)),
    (KADABRA, "1 to cem", play("1", 2)),
    (KADABRA, "p 1>3", play("1", 2)),
    (KADABRA, "s", SKIP),
    (KADABRA, "skip", SKIP),
    (KADABRA, "l", play("L")),
    (KADABRA_ONE_GIVE, "1", play("1", 2)),
    (KADABRA_4, "4/5", play("4/5")),
    (KADABRA_4, "5*", play("5*")),
    (KADABRA_4, "5+", play("5+")),
    (KADABRA_SHOW, "t", TAKE_STAGE),
    (KADABRA_SHOW, "stage", TAKE_STAGE),
    (KADABRA_SHOW, "take stage", TAKE_STAGE),
    (KADABRA_SHOW, "L", play("L")),
    # party: `P` is the party llama (a lone `p` too), `3+` a plus card, `5` the only 5 held (5+)
    (PARTY, "P", play("P")),
    (PARTY, "p", play("P")),
    (PARTY, "p p", play("P")),
    (PARTY, "play P", play("P")),
    (PARTY, "3+", play("3+")),
    (PARTY, "p 3+", play("3+")),
    (PARTY, "3", play("3")),
    (PARTY, "d", DRAW),
    (PARTY_ON_4, "5", play("5+")),
    (PARTY_ON_4, "5+", play("5+")),
    (PARTY_ON_4, "q", QUIT),
    # dice
    (DICE_ROLL, "r", ROLL),
    (DICE_ROLL, "Roll", ROLL),
    (DICE_ROLL, "q", QUIT),
    (DICE_MATCH, "3", discard(["3"])),
    (DICE_MATCH, "3 5", discard(["3", "5"])),
    (DICE_MATCH, "5 3", discard(["3", "5"])),
    (DICE_MATCH, "x 3 3 5", discard(["3", "3", "5"])),
    (DICE_MATCH, "discard 3,3", discard(["3", "3"])),
    (DICE_MISS, "4", take("4")),
    (DICE_MISS, "t 6", take("6")),
    (DICE_MISS, "take l", take("L")),
]


@pytest.mark.parametrize("view,text,expected", CASES, ids=[f"{v.game}:{t!r}" for v, t, _ in CASES])
def test_resolve(view, text, expected):
    assert resolve(text, view, NAMES) == expected


ERRORS = [
    (LAMA, "5", "you do not hold 5; legal: Play a 3, Play a 4, Draw a card, Quit the round"),
    (LAMA, "1", "1 cannot be played on 3; legal: Play a 3, Play a 4, Draw a card, Quit the round"),
    (LAMA, "L", "L cannot be played on 3"),
    (LAMA, "", "type a move; legal: Play a 3, Play a 4, Draw a card, Quit the round"),
    (LAMA, "banana", "'banana' is not a move I know"),
    (LAMA, "3 4", "play one card at a time"),
    (LAMA, "3 4 5", "play one card at a time"),
    (LAMA, "p", "play which card?"),
    (LAMA, "t", "'t' is not a move in L.L.A.M.A. (type ? for help); "
                "legal: Play a 3, Play a 4, Draw a card, Quit the round"),
    (LAMA, "skip", "'skip' is not a move in L.L.A.M.A."),
    (DICE_ROLL, "d", "'d' is not a move in L.A.M.A. Dice"),
    (LAMA_ON_6, "d", "legal: Play a 6, Play a L, Quit the round"),
    (KADABRA, "1", "You play a 1: give one of your chips to… (type e.g. '1>2'; seats 2, 3)"),
    (KADABRA, "1>0", "'0': there is no seat 0: seats are numbered from 1 to 3; "
                     "legal: Play a 1 and give a chip to Bob, Play a 1 and give a chip to Cem, Play a L, Draw a card, "
                     "Skip with the magic chip, Quit the round"),
    (KADABRA, "1>4", "there is no seat 4: seats are numbered from 1 to 3"),
    (KADABRA, "1 to zed", "'zed' is not a seat"),
    (KADABRA_4, "5", "which 5? type 4/5 or 5* or 5+"),  # each shows a 5 (K3)
    (KADABRA_SHOW, "d", "legal: Play a L, Take the stage, Skip with the magic chip"),
    (DICE_ROLL, "3", "a discard only follows a roll that matches your display; legal: Roll the dice, Quit the round"),
    (DICE_MATCH, "3 3 3", "your display holds 2 × 3, not 3; legal: Discard 3"),
    (DICE_MATCH, "6", "your display holds 0 × 6, not 1"),
    (DICE_MATCH, "r", "legal: Discard 3, Discard 5"),
    (DICE_MISS, "1", "1 is not in the llama row"),
    (DICE_MISS, "2", "no die shows 2 in the roll 4 6 L"),
    (DICE_MISS, "1 1", "after a miss you must take one matching card from the llama row"),
    (DICE_MISS, "t 2", "no die shows 2 in the roll 4 6 L; legal: Take a 4 from the llama row, "
                       "Take a 6 from the llama row, Take a L from the llama row"),
    (DICE_MATCH, "r", "after a match you must discard at least one matching card"),
    (LAMA_ON_6, "d", "the draw pile is empty; legal: Play a 6, Play a L, Quit the round"),
    (KADABRA, "1>1", "you cannot give a chip to yourself; the chip goes to a seat still in: 2, 3"),
    (KADABRA_SHOW, "d", "no drawing during a magic show before taking the stage"),
    (LAMA, "2/3", "'2/3' is not a move I know"),  # the game's cards: lama has no 2/3
    (DICE_MISS, "take", "take which card?"),
]


@pytest.mark.parametrize("view,text,message", ERRORS, ids=[f"{v.game}:{t!r}" for v, t, _ in ERRORS])
def test_wrong_input_says_why_and_what_is_legal(view, text, message):
    with pytest.raises(InputError) as e:
        resolve(text, view, NAMES)
    assert message in str(e.value)
    assert "legal: " in str(e.value)


def test_the_cores_reason_is_used_when_given():
    with pytest.raises(InputError) as e:
        resolve("d", LAMA_ON_6, NAMES, explain=lambda a: IllegalAction("pile_empty", rule="L3"))
    assert str(e.value) == "the draw pile is empty; legal: Play a 6, Play a L, Quit the round"


@pytest.mark.parametrize("refusal,shown", [
    (IllegalAction("pile_empty", rule="L3"), "the draw pile is empty"),
    (IllegalAction("must_take", rule="D3c"), "after a miss you must take one matching card from the llama row"),
    (IllegalAction("empty_discard", rule="D3b"), "a match needs at least one card discarded"),
    (IllegalAction("show_running", "draw_in_show", rule="K9"),
     "no drawing during a magic show before taking the stage"),
])
def test_rule_ids_never_reach_the_player(refusal, shown):
    """Issue 12, item 11: the core's reasons name rules; the player reads the reason alone."""
    assert refusal.rule in refusal.reason
    with pytest.raises(InputError) as e:
        resolve("d", LAMA_ON_6, NAMES, explain=lambda a: refusal)
    assert str(e.value) == f"{shown}; legal: Play a 6, Play a L, Quit the round"


BOTS = ["Ann", "Hard 1", "Hard 2", "Easy bot 3"]
KADABRA_4P = make_view(
    game="kadabra", players=4, hand=("1", "6"), hand_sizes=(2, 4, 4, 4), top="1", pile_size=9,
    quit=(False, False, False, True), legal_actions=(play("1", 1), play("1", 2), DRAW, QUIT),
)


@pytest.mark.parametrize("text,expected", [
    ("1 to Hard 2", play("1", 2)),
    ("1 to hard   1", play("1", 1)),
    ("1 > Hard 2", play("1", 2)),
    ("1 give to hard 1", play("1", 1)),
    ("1 3", play("1", 2)),
    ("1 2", play("1", 1)),
    ("1 to easy", None),  # a unique prefix, but seat 3 has quit: the core says no
])
def test_a_chip_goes_to_a_multi_word_name_or_a_unique_prefix(text, expected):
    """Issue 12, item 10: `1 to NAME` with names of several words and unambiguous prefixes."""
    if expected is None:
        with pytest.raises(InputError) as e:
            resolve(text, KADABRA_4P, BOTS)
        assert "legal: Play a 1 and give a chip to Hard 1, Play a 1 and give a chip to Hard 2" in str(e.value)
    else:
        assert resolve(text, KADABRA_4P, BOTS) == expected


def test_a_prefix_of_several_names_is_narrowed_to_the_seats_a_chip_may_go_to():
    names = ["Ann", "Hard 1", "Hard 2", "Hardy"]
    view = make_view(game="kadabra", players=4, hand=("1",), hand_sizes=(1, 4, 4, 4), top="1",
                     legal_actions=(play("1", 2), DRAW, QUIT))
    assert resolve("1 to hard", view, names) == play("1", 2)
    with pytest.raises(InputError) as e:
        resolve("1 to hard", KADABRA_4P, names)
    assert "'hard' could be Hard 1 or Hard 2 or Hardy: type more of the name" in str(e.value)
    with pytest.raises(InputError) as e:
        resolve("1 to zed", KADABRA_4P, names)
    assert "'zed' is not a seat" in str(e.value)


@pytest.mark.parametrize("view,text", [(LAMA, "3 4"), (LAMA, "3 to Bob"), (LAMA, "1 2"), (LAMA, "p 3 3")])
def test_lama_errors_do_not_mention_kadabra_gifts(view, text):
    with pytest.raises(InputError) as e:
        resolve(text, view, NAMES)
    message = str(e.value)
    assert "play one card at a time" in message
    assert "chip" not in message and "1>2" not in message and "give" not in message


def test_kadabra_errors_do_mention_gifts():
    with pytest.raises(InputError) as e:
        resolve("3 4", KADABRA, NAMES)
    assert "'3 4': play one card at a time; a seat may only follow a 1 (e.g. '1>2')" in str(e.value)


KOMARAMI = make_view(game="komarami", hand=("3", "6", "L"), hand_sizes=(3, 4, 4), top="6",
                     legal_actions=(play("6"), play("L"), DRAW, QUIT))


@pytest.mark.parametrize("text", ["L", "l", "m", "mosquito", "p mosquito"])
def test_komarami_mosquito_is_typed_l_or_m(text):
    assert resolve(text, KOMARAMI, NAMES) == play("L")


@pytest.mark.parametrize("view,text,expected", [
    (LAMA, "s", Command("scores")),
    (LAMA, "scores", Command("scores")),
    (DICE_ROLL, "s", Command("scores")),
    (KOMARAMI, "score", Command("scores")),
    (KADABRA, "s", SKIP),  # kadabra's s is the skip
    (KADABRA, "scores", Command("scores")),
])
def test_score_history_command(view, text, expected):
    assert resolve(text, view, NAMES) == expected


def test_a_gift_with_a_1_that_cannot_be_played_says_why_the_1_cannot_go():
    view = make_view(game="kadabra", hand=("1", "6"), hand_sizes=(2, 4, 4), top="5", pile_size=9,
                     legal_actions=(play("6"), DRAW, QUIT))
    with pytest.raises(InputError) as e:
        resolve("1 to b", view, NAMES)
    assert str(e.value).startswith("1 cannot be played on 5")


@pytest.mark.parametrize("game_id", ["lama", "komarami", "kadabra", "dice", "party"])
def test_the_reason_for_an_illegal_entry_is_the_tables_in_every_position(game_id):
    """Without a table, the terminal finds why a move is illegal on the state the game rebuilds
    from the view; it is the table's reason (Table.explain, as the protocol's `illegal` errors
    give it), for every card of the game and every move word, at every decision of real games."""
    import random

    from lama.games import GAMES, new_game
    from lama.match import Table

    game = new_game(game_id, 3, {"target": 40})
    table = Table(game, [None] * 3, seed=7)
    rng = random.Random(7)
    codes = [c.lower() for c in GAMES[game_id].kinds.codes]
    texts = codes + ["d", "q", "s", "t", "r", "1>0", "1>1", "1>2", "1>4", "x 1 1", "t 3"]
    checked = 0
    while not table.finished:
        table.advance()
        seat = table.waiting_for()
        if seat is None:
            continue
        view = table.view(seat)
        for text in texts:
            outcomes = []
            for explain in (None, lambda a, seat=seat: table.explain(seat, a)):
                try:
                    outcomes.append(resolve(text, view, NAMES, explain))
                except InputError as e:
                    outcomes.append(str(e))
            assert outcomes[0] == outcomes[1], (text, view)
            checked += 1
        table.act(seat, rng.choice(view.legal_actions), table.version)
    assert checked > 100


def test_the_seat_number_shown_is_the_one_typed():
    """The seats table's `#` counts from 1, and `1>N` gives the chip to the seat shown as N; the
    prompt's short forms, the turn title and the legal list number seats the same way."""
    from rich.console import Console

    from lama.core import seats as seat_numbers
    from lama.tui.render import seats_table, turn_title
    from lama.tui.session import move_hint

    console = Console(width=100, record=True)
    console.print(seats_table(KADABRA, NAMES))
    rows = [line.split() for line in console.export_text().splitlines()[1:] if line.strip()]
    shown = {row[1]: int(row[0]) for row in rows}  # name -> the number in the `#` column
    assert shown == {"Ann": 1, "Bob": 2, "Cem": 3}
    for name in ("Bob", "Cem"):
        index = NAMES.index(name)
        assert resolve(f"1>{shown[name]}", KADABRA, NAMES) == play("1", index)
        assert f"1>{shown[name]}" in move_hint(KADABRA)
        assert f"give a chip to {name}" in str(pytest.raises(InputError, resolve, "1", KADABRA, NAMES).value)
    assert "(seat 1) to move" in turn_title(KADABRA, NAMES)
    assert seat_numbers.parse("3", 3) == 2 and seat_numbers.word(0) == "seat 1"
    for typed in ("0", "4"):  # 0 is no seat any more: an old 0-based entry fails loudly
        with pytest.raises(InputError, match=f"there is no seat {typed}: seats are numbered from 1 to 3"):
            resolve(f"1>{typed}", KADABRA, NAMES)
    with pytest.raises(ValueError, match="seats are numbered from 1 to 3"):
        seat_numbers.parse("x", 3)


def test_another_games_controls_are_typed_as_it_declares_them():
    """Nothing in the terminal names Kadabra's moves: a game declaring other keys, words and
    seat words (lama.core.display.Control) is typed by those, its prompt shows them, and `s`
    is the score history again where no control takes it."""
    from dataclasses import replace as changed

    import lama.games
    from lama.games.kadabra import KadabraGame
    from lama.tui.session import more_keys, move_hint

    class Abracadabra(KadabraGame):
        id = "abracadabra"
        name = "Abracadabra (a test variant)"
        controls = tuple(
            changed(c, seat_words=("->", "for")) if c.seat else
            changed(c, key="", words=("pass",)) if c.kind == "skip" else
            changed(c, key="g", words=("grab the stage",)) if c.kind == "take_stage" else c
            for c in KadabraGame.controls)

    lama.games.register(Abracadabra)
    try:
        view = make_view(game=Abracadabra.id, hand=("1", "L"), hand_sizes=(2, 4, 4), top="L", pile_size=9,
                         stage=(2, 0), magic_chip=0, legal_actions=(play("1", 1), play("1", 2), play("L"), DRAW,
                                                                    SKIP, QUIT))
        show = make_view(game=Abracadabra.id, hand=("3", "L"), hand_sizes=(2, 4, 4), top="3", pile_size=9,
                         stage=(5, 0), show=True, magic_chip=0, legal_actions=(play("L"), TAKE_STAGE, SKIP))
        assert resolve("1->3", view, NAMES) == play("1", 2)
        assert resolve("1 for bob", view, NAMES) == play("1", 1)
        assert resolve("pass", view, NAMES) == SKIP
        assert resolve("s", view, NAMES) == Command("scores")
        assert resolve("g", show, NAMES) == TAKE_STAGE
        assert resolve("Grab the stage", show, NAMES) == TAKE_STAGE
        for typed in ("t", "skip"):  # Kadabra's words, not this game's
            with pytest.raises(InputError, match=f"'{typed}' is not a move in Abracadabra"):
                resolve(typed, show, NAMES)
        with pytest.raises(InputError, match=r"\(type e.g. '1->2'; seats 2, 3\)"):
            resolve("1", view, NAMES)
        with pytest.raises(InputError, match=r"'zed' is not a seat \(e.g. '1->2' or '1 for NAME'\)"):
            resolve("1 for zed", view, NAMES)
        assert move_hint(view) == "1->2, 1->3, L, d, pass, q, h, ?"
        assert move_hint(show) == "L, g, pass, h, ?"
        assert "`s` or `scores`" in more_keys(Abracadabra.id)
    finally:
        lama.games.unregister(Abracadabra.id)
    assert "`s` or `scores`" not in more_keys("kadabra")


KADABRA_ON_2 = make_view(game="kadabra", hand=("1", "2/3", "6"), hand_sizes=(3, 4, 4), top="2", pile_size=9,
                         legal_actions=(play("1", 1), play("1", 2), play("2/3"), DRAW, QUIT))
KADABRA_ON_6 = make_view(game="kadabra", hand=("2/3", "2*", "6"), hand_sizes=(3, 4, 4), top="6", pile_size=9,
                         legal_actions=(play("6"), DRAW, QUIT))


@pytest.mark.parametrize("typed", ["2", "3", "p 3", "2/3"])
def test_a_number_plays_the_one_double_card_that_shows_it(typed):
    """K3: a 2/3 shows a 2 and a 3; typing either number plays it when it is the only such card."""
    assert resolve(typed, KADABRA_ON_2, NAMES) == play("2/3")


def test_a_number_two_held_cards_show_asks_which():
    with pytest.raises(InputError, match=r"which 2\? type 2\* or 2/3; legal: "):
        resolve("2", KADABRA_ON_6, NAMES)


def test_a_number_one_held_double_card_shows_names_it_when_refused():
    """The 2/3 cannot go on a 6: the refusal names the card held, not the number typed."""
    with pytest.raises(InputError, match=r"^2/3 cannot be played on 6; legal: Play a 6, Draw a card, Quit the round$"):
        resolve("3", KADABRA_ON_6, NAMES)


@pytest.mark.parametrize("lang, expected", [
    ("de", "du hast keine 4; erlaubt: 1 spielen und Bob einen Chip geben"),
    ("ko", "4이(가) 없습니다; 가능한 수: "),
])
def test_the_legal_moves_are_listed_in_the_readers_words(lang, expected):
    from lama import i18n

    i18n.use(lang)
    try:
        with pytest.raises(InputError) as e:
            resolve("4", KADABRA_ON_2, NAMES)
    finally:
        i18n.use("en")
    assert str(e.value).startswith(expected), str(e.value)
    assert not any(word in str(e.value) for word in ("play", "draw", "quit", "give")), str(e.value)
