"""The terminal game in other languages: every line a person reads comes from a catalog (the
pseudo language `xx` accents every letter of a catalog's message, so a plain letter left over
bypassed one), and German's long words keep the screen at 80x24 aligned."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from tui_views import make_view

from lama import i18n
from lama.cli import main
from lama.core import QUIT, play
from lama.core.actions import SKIP, TAKE_STAGE
from lama.i18n.names import shown_names
from lama.record import replay_file
from lama.tui.render import turn_screen

pytestmark = pytest.mark.usefixtures("pseudo_language")  # `--lang xx`, a test's own language

# accented names: nothing in them reads as a letter that bypassed the catalogs
NAMES = "Åñå,Ƀøƀ,Çéɱ,Đåñ"


def pseudo_script(t):
    """Plays the first legal card, else draws, else quits; Enter at every other prompt."""
    if "ýøüŕ ɱøṽé" not in t.last_line():  # the move prompt in xx: "{name}, your move (...)"
        return ""
    legal = t.state().legal_actions()
    for kind in ("play", "draw", "quit", "skip", "take_stage"):
        for a in legal:
            if a.kind == kind:
                if kind == "play" and a.give is not None:  # kadabra's 1 gives a chip to a seat
                    return f"{a.card}>{a.give + 1}"
                return {"play": a.card, "draw": "d", "quit": "q", "skip": "s", "take_stage": "t"}[kind]
    raise AssertionError(f"no move for {legal}")


def dice_script():
    """Dice: asks for the odds (`o`) at every move prompt, then types the first choice the
    prompt offers (`r` to roll; after a roll, the first discard or take)."""
    asked = [False]

    def script(t):
        line = t.last_line()
        if "ýøüŕ ɱøṽé" not in line:
            return ""
        asked[0] = not asked[0]
        if asked[0]:
            return "o"
        choices = line[line.index("(") + 1:line.rindex(")")].split(", ")
        return next(c for c in choices if c not in ("h", "o", "?"))

    return script


def bypassing(text: str, allowed=()) -> list[str]:
    """The lines of `text` with a word of plain letters: words no catalog gave."""
    for word in allowed:
        text = text.replace(word, "")
    return [line for line in text.splitlines() if re.search(r"[A-Za-z]{2,}", line)]


def test_every_line_of_a_whole_game_comes_from_a_catalog(terminal):
    for game in ("lama", "komarami", "kadabra"):
        t = terminal(pseudo_script, record=f"{game}.json")
        rc = main(["play", "--lang", "xx", "--game", game, "--players", "4", "--seed", "5", "--names", NAMES,
                   "--bots", "random,heuristic,random", "--record", f"{game}.json"])
        out = t.finish()
        assert rc == 0 and replay_file(f"{game}.json")["finished"], out[-3000:]
        assert "⟦" in out and "Åñå" in out
        assert bypassing(out, allowed=(f"{game}.json",)) == [], game


def test_every_line_of_a_whole_dice_game_comes_from_a_catalog(terminal):
    t = terminal(dice_script(), record="dice.json")
    rc = main(["play", "--lang", "xx", "--game", "dice", "--players", "4", "--seed", "5", "--names", NAMES,
               "--bots", "random,heuristic,random", "--record", "dice.json"])
    out = t.finish()
    assert rc == 0 and replay_file("dice.json")["finished"], out[-3000:]
    assert "⟦" in out and "%" in out  # the odds were asked for and told
    assert bypassing(out, allowed=("dice.json",)) == []


def test_the_check_can_fail_english_lines_are_found(terminal):
    t = terminal(lambda t: "" if "your move" not in t.last_line() else None, record="en.json")
    main(["play", "--players", "3", "--seed", "5", "--names", "Åñå,Ƀøƀ,Çéɱ", "--bots", "random", "--record",
          "en.json"])
    assert len(bypassing(t.finish(), allowed=("en.json",))) > 10


def test_the_recap_of_lama_replay_comes_from_a_catalog(terminal, capsys):
    t = terminal(pseudo_script, record="k.json")
    main(["play", "--lang", "xx", "--game", "kadabra", "--players", "3", "--seed", "2", "--names", "Åñå,Ƀøƀ,Çéɱ",
          "--bots", "random", "--record", "k.json"])
    t.finish()
    assert main(["replay", "k.json", "--lang", "xx"]) == 0
    out = capsys.readouterr().out
    assert "⟦" in out and bypassing(out, allowed=("kadabra",)) == []  # the game id is a name of the code


def test_a_game_in_german_says_it_in_german(terminal):
    t = terminal(lambda t: "" if "dein Zug" not in t.last_line() else None, record="de.json")

    def move(t):
        if "dein Zug" not in t.last_line():
            return ""
        legal = t.state().legal_actions()
        return next((a.card for a in legal if a.kind == "play"), "d" if any(a.kind == "draw" for a in legal) else "q")

    t.script = move
    assert main(["play", "--lang", "de", "--players", "3", "--seed", "5", "--name", "Anna", "--record",
                 "de.json"]) == 0
    out = " ".join(t.finish().split())
    assert "Oberste Karte:" in out and "Deine Hand:" in out and "Spielende:" in out
    assert "Top card" not in out and "Your hand" not in out


def german_screen(view, names, width=80) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, height=24, color_system=None).print(turn_screen(view, names, bots={1, 2, 3, 4, 5}))
    return out.getvalue().splitlines()


def test_german_kadabra_screen_fits_80_columns_and_its_table_stays_aligned():
    i18n.use("de")
    names = ["Maximilian Schneider", "Heuristic 2", "Random 3", "Hard 4", "Medium 5", "Easy 6"]
    view = make_view(game="kadabra", players=6, hand=("1", "2/3", "4/5", "5*", "6+", "L") * 2,
                     hand_sizes=(12, 3, 4, 5, 6, 7), top="2+", pile_size=22, points=(5, 12, 0, 33, 8, 39),
                     quit=(False, True, False, False, False, False), stage=(4, 1), magic_chip=0, show=True,
                     forced_draw=2, legal_actions=(play("L"), TAKE_STAGE, SKIP))
    lines = german_screen(view, names)
    assert len(lines) <= 24  # one screen, the prompt below it
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    text = "\n".join(lines)
    assert "Runde 1" in text and "Zauberchip" in text and "★ Zaubershow!" in text and "Die Bühne: 5 Chips" in text
    assert "s: Aussetzen (Zauberchip)   t: Die Bühne nehmen" in text
    assert "Random 3 muss zuerst eine Karte ziehen (Rechteckkarte)" in text
    header = next(line for line in lines if line.lstrip().startswith("#"))
    rows = [line for line in lines if re.match(r"\s*\d ", line)]
    assert len(rows) == 6
    for column in ("Spieler", "Status"):  # left-aligned columns start under their heading
        start = header.index(column)
        assert all(row[start - 1] == " " and row[start] != " " for row in rows), "\n".join([header, *rows])
    end = header.index("Punkte") + len("Punkte")  # the points are right-aligned under theirs
    assert all(row[end - 1].isdigit() and (len(row) == end or row[end] == " ") for row in rows), text


@pytest.mark.parametrize("lang", ["de", "nl", "ko", "xx"])
def test_the_dice_faces_break_between_dice_at_80_columns(lang):
    """A long name for the dice (Zijden van de dobbelstenen, dobbelsteen 1: ...) breaks the line
    between two dice, never inside one's faces, and no line is wider than the screen."""
    i18n.use(lang)
    names = ["Maximilian Schneider", "Heuristic 2", "Random 3", "Hard 4", "Medium 5", "Easy 6"]
    dice = (("1", "2", "3", "4", "L", "L"), ("3", "4", "5", "6", "L", "L"), ("1", "2", "5", "6", "L", "L"))
    view = make_view(game="dice", players=6, displays=(("3", "3", "4", "6", "6", "L"),) * 6,
                     row=("1", "2", "3", "4", "5", "6", "L"), dice=dice, roll=None)
    lines = german_screen(view, names)
    assert all(cell_len(line) <= 80 for line in lines), "\n".join(lines)
    faces = [line for line in lines if any(" ".join(die[:4]) in line for die in dice)]
    assert len(faces) >= (1 if lang == "ko" else 2), "\n".join(lines)  # (Korean's words are short)
    for die in dice:  # each die's faces whole, on one line
        assert any(" ".join(die) in line for line in faces), (die, "\n".join(faces))


@pytest.mark.parametrize("method", ["rollout, 3000 playouts, sequential halving", "rollout, 1 playouts",
                                    "ismcts, 2500 iterations"])
def test_the_hints_come_from_a_catalog(method):
    """The hints' table and lines in xx: no plain word, the moves' names included."""
    from lama.bots.hints import ActionHint, Hints
    from lama.core import DRAW
    from lama.tui.hints import print_hints

    i18n.use("xx")
    rows = (ActionHint(play("6"), 0.31, 0.002, 7.1, 1250), ActionHint(DRAW, 0.29, 0.002, -0.5, 1250),
            ActionHint(QUIT, 0.27, 0.001, 11.0, 500))
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    print_hints(Hints(0, rows, play("6"), method), console, names=NAMES.split(","))
    text = out.getvalue()
    assert "⟦" in text and re.search(r"\b(3,000|2,500|1)\b", text)
    assert bypassing(text) == [], text  # the moves too: in the reader's words, like the page's


def test_the_cores_reasons_in_the_readers_language(terminal):
    """A move the rules refuse is explained in German; the core's own words stay English."""
    asked = []

    def script(t):
        if "dein Zug" not in t.last_line():
            return ""
        if not asked:  # first a card that cannot go on the top card, then leave
            state = t.state()
            hand, legal = state.view(0).hand, {a.card for a in state.legal_actions() if a.kind == "play"}
            asked.append(next(c for c in hand if c not in legal))
            return asked[0]
        return "exit"

    t = terminal(script, record="r.json")
    main(["play", "--lang", "de", "--players", "3", "--seed", "3", "--name", "Anna", "--record", "r.json"])
    out = " ".join(t.finish().split())
    assert re.search(rf"{re.escape(asked[0])} kann nicht auf \S+ gespielt werden; erlaubt: ", out), out[-800:]
    assert "cannot be played" not in out


def test_a_whole_german_kadabra_game_at_80_columns(terminal, monkeypatch):
    """German's long words (Nachziehstapel, ausgestiegen, Zaubershow) at 80x24: no line wider."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")

    def move(t):
        if "dein Zug" not in t.last_line():
            return ""
        legal = t.state().legal_actions()
        for a in legal:
            if a.kind == "play":
                return f"{a.card}>{a.give + 1}" if a.give is not None else a.card
        kinds = {a.kind for a in legal}
        return next(k for w, k in (("take_stage", "t"), ("draw", "d"), ("quit", "q"), ("skip", "s")) if w in kinds)

    t = terminal(move, record="k6.json")
    assert main(["play", "--lang", "de", "--game", "kadabra", "--players", "6", "--seed", "8", "--bots", "random",
                 "--name", "Maximilian Schneider-Hohenstein", "--record", "k6.json"]) == 0
    out = t.finish()
    assert "Spielende:" in " ".join(out.split())
    # the closing line names the record's path: printed unbroken (soft wrap) for copying, in English too
    wide = [line for line in out.splitlines() if len(line) > 80 and "k6.json" not in line]
    assert wide == [], wide[:5]


def test_default_names_are_shown_in_german_and_kept_in_english_in_the_record(terminal, tmp_path, capsys,
                                                                              monkeypatch):
    """Seats nobody named: `Leicht 3` at the German table and in the German replay, `Easy 3` in
    the record (records hold no translated text)."""
    t = terminal(lambda t: "" if "dein Zug" not in t.last_line() else "exit", record="names.json")
    assert main(["play", "--lang", "de", "--players", "4", "--seed", "5", "--bots", "heuristic,easy,random",
                 "--record", "names.json"]) == 0
    out = " ".join(t.finish().split())
    assert "1: Spieler 1 (Mensch), 2: Heuristisch 2, 3: Leicht 3, 4: Zufällig 4" in out, out[:400]
    assert not re.search(r"\b(Player|Heuristic|Easy|Random) \d", out)
    record = json.loads((tmp_path / "names.json").read_text())
    assert record["players"] == ["Player 1", "Heuristic 2", "Easy 3", "Random 4"]
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["replay", "names.json"]) == 0
    replayed = " ".join(capsys.readouterr().out.split())
    assert "Leicht 3" in replayed and "Easy 3" not in replayed


@pytest.mark.parametrize("lang, names, expected", [
    ("de", ["Player 1", "Hard 2", "Hard 3"], ["Spieler 1", "Schwer 2", "Schwer 3"]),
    ("pl", ["Medium", "Medium", "Anna"], ["Średni 1", "Średni 2", "Anna"]),  # a table's bots: numbered
    ("ko", ["Seat 1", "Easy", "Hard 3"], ["1번 자리", "쉬움", "어려움 3"]),
    ("de", ["Hard 3", "Player", "Hardy 2"], ["Hard 3", "Spieler", "Hardy 2"]),  # another seat's number: a name
    ("en", ["Player 1", "Medium"], ["Player 1", "Medium"]),
])
def test_default_names_in_the_readers_words(lang, names, expected):
    i18n.use(lang)
    try:
        assert shown_names(names) == expected
    finally:
        i18n.use("en")


def prompt_script(first=("h", "zz")):
    """Types `first` at the first move prompts (a hint, a word that is no move), then plays on."""
    typed = list(first)

    def script(t):
        if typed and "ýøüŕ ɱøṽé" in t.last_line():
            return typed.pop(0)
        return pseudo_script(t)

    return script


@pytest.mark.parametrize("game", ["lama", "kadabra", "dice"])
def test_the_legal_moves_and_the_hint_at_the_prompt_come_from_a_catalog(terminal, game):
    """A word that is no move gets the legal moves by name; `h` the hint's table: in xx, not one
    plain word (the moves' names as the page says them, never `play 3, draw, quit`)."""
    t = terminal(prompt_script(("h", "zz", "q")) if game == "dice" else prompt_script(), record=f"{game}.json")
    main(["play", "--lang", "xx", "--game", game, "--players", "3", "--seed", "5", "--names", "Åñå,Ƀøƀ,Çéɱ",
          "--bots", "random", "--record", f"{game}.json"])
    out = t.finish()
    legal = next(line for line in out.splitlines() if "'zz'" in line)
    assert "⟦" in legal and "; " in legal, legal  # why, then the legal moves
    assert bypassing(out, allowed=(f"{game}.json", "zz")) == [], bypassing(out, allowed=(f"{game}.json", "zz"))


def finished_record(terminal, name="k.json"):
    t = terminal(pseudo_script, record=name)
    main(["play", "--lang", "xx", "--game", "kadabra", "--players", "3", "--seed", "2", "--names", "Åñå,Ƀøƀ,Çéɱ",
          "--bots", "random", "--record", name])
    t.finish()
    return json.loads(open(name).read())


def test_lama_hint_comes_from_a_catalog(terminal, capsys):
    """`lama hint` in xx: its first line (where, who, the position), the table, the method and
    the choice; and its refusal of a position where nobody decides."""
    finished_record(terminal)
    assert main(["hint", "k.json", "--round", "1", "--move", "2", "--budget", "40", "--lang", "xx"]) == 0
    out = capsys.readouterr().out
    assert "⟦" in out and any(name in out for name in ("Åñå", "Ƀøƀ", "Çéɱ"))
    assert bypassing(out) == [], bypassing(out)
    assert main(["hint", "k.json", "--lang", "xx"]) == 2  # after the last move: the game is over
    err = capsys.readouterr().err
    assert "⟦" in err and bypassing(err, allowed=("lama hint", "--move")) == [], err


@pytest.mark.parametrize("breaking", ["a move", "the format", "the JSON", "a round"])
def test_lama_replays_errors_come_from_a_catalog(terminal, capsys, breaking):
    """A broken record's one line in xx: where (round and move) and why, a rule's refusal or a
    record's own message, in the reader's words; only the file's name stays as it is."""
    record = finished_record(terminal)
    text = None
    if breaking == "a move":
        moves = record["rounds"][0]["moves"]
        card = next(m for m in moves if "play" in m)
        card["play"] = next(c for c in "123456L" if c not in record["rounds"][0]["hands"][card["seat"]])
    elif breaking == "the format":
        record["format"] = "lama-record/9"
    elif breaking == "a round":
        record["rounds"][0] = []
    else:
        text = '{"format": "lama-record/1", "game": '
    with open("broken.json", "w") as f:
        f.write(text if text is not None else json.dumps(record))
    assert main(["replay", "broken.json", "--lang", "xx"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("lama replay: broken.json: ") and "⟦" in err, err
    assert bypassing(err, allowed=("lama replay", "broken.json", "lama-record/9", "lama-record/1")) == [], err
