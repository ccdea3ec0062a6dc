"""`lama play` end to end: lama.cli.main with a scripted person at the terminal."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import lama.bots
from lama.cli import main
from lama.record import replay_file
from lama.tui.render import cards_text, move_text
from lama.tui.rules import rules_text, wrap_rules
from lama.tui.session import more_keys


def flat(text: str) -> str:
    """Text as one line: messages wrap between words at the terminal's width."""
    return " ".join(text.split())


def test_full_game_vs_bots_finishes_and_the_record_replays(terminal):
    t = terminal()
    rc = main(["play", "--players", "3", "--seed", "11", "--bots", "random,heuristic", "--name", "Ann",
               "--record", "game.json"])
    out = t.finish()
    assert rc == 0
    result = replay_file("game.json")
    assert result["finished"]
    names = ["Ann", "Random 2", "Heuristic 3"]
    # the final line states the winners and every seat's points, as the record replays
    flat = " ".join(out.split())  # messages wrap between words at the terminal's width
    m = re.search(r"Game over: (.+?) (wins|share the win) with (\d+) points\. Final points: (.+?)\. The record", flat)
    assert m, out[-2000:]
    shown = dict(part.rsplit(" ", 1) for part in m.group(4).split(", "))
    assert {k: int(v) for k, v in shown.items()} == dict(zip(names, result["scores"]))
    assert m.group(1) == " and ".join(names[w] for w in result["winners"])
    # the rounds table shows every completed round
    assert out.count("is over") == len(result["rounds"])
    assert "The record is saved in game.json" in out
    assert "Traceback" not in out


def test_wrong_and_illegal_entries_reprompt_with_the_legal_list(terminal):
    seen = {}

    def script(t):
        state = t.state()
        legal = ", ".join(move_text(a, "lama") for a in state.legal_actions())  # as the page says them
        seat = state.to_move
        hand = state.view(seat).hand
        playable = {a.card for a in state.legal_actions() if a.kind == "play"}
        if "wrong" not in seen:
            seen["wrong"] = legal
            return "  xyz  "
        if "wrong_shown" not in seen:
            seen["wrong_shown"] = t.screens[-1]
            stuck = [c for c in hand if c not in playable]
            if stuck:
                seen["illegal"] = (stuck[0], state.view(seat).top, legal)
                return stuck[0].lower() + " "
        if "illegal" in seen and "illegal_shown" not in seen:
            seen["illegal_shown"] = t.screens[-1]
        if "help_shown" not in seen:
            if "help" not in seen:
                seen["help"] = True
                return "?"
            seen["help_shown"] = t.screens[-1]
        return EOFError

    t = terminal(script)
    rc = main(["play", "--seed", "3", "--record", "game.json"])
    t.finish()
    assert rc == 0
    assert "'xyz' is not a move I know" in seen["wrong_shown"]
    assert f"legal: {seen['wrong']}" in " ".join(seen["wrong_shown"].split())
    if "illegal" in seen:  # the hand held a card that cannot go on the top
        card, top, legal = seen["illegal"]
        assert f"{card} cannot be played on {top}; legal: {legal}" in " ".join(seen["illegal_shown"].split())
    # the help is the rules, wrapped between words to the terminal (80 columns here)
    help_text = seen["help_shown"].split("\n", 1)[1].rsplit("\n", 1)[0]
    assert help_text.split() == (rules_text("lama") + more_keys("lama")).split()
    assert max(len(line) for line in help_text.splitlines()) < 80
    assert help_text.strip() == wrap_rules(rules_text("lama") + "\n" + more_keys("lama"), 80).strip()
    assert "`s` or `scores` shows every round's points" in flat(help_text)


def test_a_card_not_in_hand_is_named(terminal):
    shown = {}

    def script(t):
        state = t.state()
        hand = state.view(state.to_move).hand
        missing = [c for c in "123456L" if c not in hand]
        if "asked" not in shown and missing:
            shown["asked"] = missing[0]
            return missing[0]
        if "asked" in shown:
            shown["screen"] = t.screens[-1]
            return EOFError
        return None

    t = terminal(script)
    main(["play", "--seed", "5", "--record", "game.json"])
    t.finish()
    assert f"you do not hold {shown['asked']}; legal: " in shown["screen"]  # the core's words


def test_eof_mid_game_leaves_cleanly_and_says_where_the_record_is(terminal, monkeypatch):
    import time

    monkeypatch.setattr(time, "strftime", lambda fmt: "20261201-120000")
    moves = []

    def script(t):
        moves.append(1)
        return EOFError if len(moves) > 3 else None

    t = terminal(script, record="komarami-20261201-120000.record.json")
    rc = main(["play", "--game", "komarami", "--seed", "2"])
    out = t.finish()
    assert rc == 0
    assert "Traceback" not in out
    m = re.search(r"The record so far is saved in (\S+)\. Seed 2 ", " ".join(out.split()))
    assert m and m.group(1) == "komarami-20261201-120000.record.json"
    result = replay_file(m.group(1))
    assert result["game"] == "komarami"


def test_ctrl_c_leaves_cleanly(terminal):
    def script(t):
        raise KeyboardInterrupt

    t = terminal(script)
    rc = main(["play", "--seed", "2", "--record", "game.json"])
    out = t.finish()
    assert rc == 130
    assert "Interrupted. The record so far is saved in game.json." in out
    assert replay_file("game.json")["finished"] is False


def test_exit_command_leaves(terminal):
    t = terminal(lambda t: "exit")
    assert main(["play", "--seed", "2", "--record", "game.json"]) == 0
    assert "saved in game.json" in t.finish()


def test_without_numba_the_game_says_the_search_is_slow_and_how_to_speed_it_up(terminal, monkeypatch):
    from lama.fast import kernel

    t = terminal(lambda t: "exit")
    assert main(["play", "--seed", "2", "--record", "game.json"]) == 0
    assert "numba is not installed" not in t.finish()
    monkeypatch.setattr(kernel, "COMPILED", False)
    t = terminal(lambda t: "exit")
    assert main(["play", "--seed", "2", "--record", "game.json", "--force"]) == 0
    out = t.finish()
    assert "numba is not installed" in out and "pip install -e '.[fast]'" in out


def test_default_record_name_does_not_overwrite(terminal, tmp_path, monkeypatch):
    import time

    monkeypatch.setattr(time, "strftime", lambda fmt: "20261201-120000")
    (tmp_path / "lama-20261201-120000.record.json").write_text("keep")
    t = terminal(lambda t: EOFError)
    main(["play", "--seed", "9"])
    out = t.finish()
    assert (tmp_path / "lama-20261201-120000.record.json").read_text() == "keep"
    assert "saved in lama-20261201-120000-2.record.json" in " ".join(out.split())


def test_hot_seat_never_shows_one_humans_hand_to_the_other(terminal):
    checked = []

    def script(t):
        if "press enter" in t.last_line().lower():
            return ""
        state = t.state()
        seat = state.to_move
        name = ["Ann", "Bob", "Cem"][seat]
        # what was shown since the terminal was last passed on
        since = t.transcript.rsplit("Pass the terminal to ", 1)[1]
        assert since.startswith(f"{name} (seat {seat + 1})")
        # every hand shown since the previous prompt is this seat's own, as it is now
        hands = re.findall(r"Your hand: (.*?)(?:   playable|\n)", t.screens[-1])
        assert set(hands) <= {cards_text(state.view(seat).hand).plain}
        # and since the terminal was passed on, every turn screen is this human's
        assert f"{name} (seat {seat + 1}) to move" in since
        assert all(f"{n} (seat {s + 1}) to move" not in since for s, n in enumerate(("Ann", "Bob", "Cem")) if n != name)
        checked.append(seat)
        return None

    t = terminal(script)
    rc = main(["play", "--players", "3", "--humans", "1,2", "--names", "Ann,Bob,Cem", "--bots", "random",
               "--seed", "4", "--record", "game.json"])
    out = t.finish()
    assert rc == 0 and replay_file("game.json")["finished"]
    assert {0, 1} <= set(checked)
    # the terminal is passed on every time the human at it changes (and after every round's
    # results, which everyone looks at, even if the same human moves next)
    assert len(re.findall(r"Pass the terminal to (\w+)", out)) >= 2
    for part in out.split(" is over: "):
        passes = re.findall(r"Pass the terminal to (\w+)", part)
        for a, b in zip(passes, passes[1:]):
            assert a != b


def test_a_bots_drawn_card_never_appears(terminal, monkeypatch):
    def drawer(view, rng):  # a bot that draws whenever it can
        for a in view.legal_actions:
            if a.kind == "draw":
                return a
        return view.legal_actions[0]

    monkeypatch.setitem(lama.bots.BOTS, "drawer", drawer)
    t = terminal(lambda t: None)
    main(["play", "--players", "3", "--bots", "drawer", "--seed", "8", "--record", "game.json", "--target", "15"])
    out = t.finish()
    draws = re.findall(r"^\s*(.+?) drew (.+?)\.$", out, re.M)
    assert any(who.startswith("Drawer") for who, _ in draws)
    for who, what in draws:
        if who != "You":
            assert what.startswith("a card"), (who, what)


def test_rules_for_each_game(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for game in ("lama", "komarami", "kadabra", "dice"):
        assert main(["rules", game]) == 0
        out = capsys.readouterr().out
        assert out == wrap_rules(rules_text(game), 80)
        assert "fewest points" in out
    assert "provisional" in rules_text("kadabra") and "--deck" in rules_text("kadabra")
    assert "provisional" in rules_text("dice") and "--dice" in rules_text("dice")
    assert "10 for each mosquito" in rules_text("komarami")


def test_rules_of_an_unknown_game_is_an_error(capsys):
    try:
        main(["rules", "chess"])
    except SystemExit as e:
        assert e.code == 2
    assert "invalid choice" in capsys.readouterr().err


def play_error(capsys, *argv) -> str:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lama play: ")
    return err


def test_bad_command_lines_are_clear_errors(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "unknown game 'chess'" in play_error(capsys, "--game", "chess")
    assert "2 to 6 players" in play_error(capsys, "--players", "7")
    assert "--seat 5: there is no seat 5: seats are numbered from 1 to 4" in play_error(capsys, "--seat", "5")
    assert "--seat 0: there is no seat 0: seats are numbered from 1 to 4" in play_error(capsys, "--seat", "0")
    assert "seats are numbered from 1 to 4" in play_error(capsys, "--seat", "x")
    assert "--humans 1,x: 'x' is not a seat number (seats are numbered from 1 to 4)" in play_error(
        capsys, "--humans", "1,x")
    assert "--humans 0,1: there is no seat 0: seats are numbered from 1 to 4" in play_error(capsys, "--humans", "0,1")
    assert "unknown bot 'smart'" in play_error(capsys, "--bots", "smart")
    assert "one per bot seat" in play_error(capsys, "--bots", "random,random")
    assert "--names needs 4 names" in play_error(capsys, "--players", "4", "--names", "A,B")
    assert "target" in play_error(capsys, "--target", "0")
    assert "--first-player 9: there is no seat 9: seats are numbered from 1 to 4" in play_error(
        capsys, "--first-player", "9")
    assert "seats are numbered from 1 to 4" in play_error(capsys, "--first-player", "0")
    assert "cannot read" in play_error(capsys, "--deck", str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "is not JSON" in play_error(capsys, "--deck", str(bad))
    bad.write_text("[1, 2]")
    assert "three lists of six faces" in play_error(capsys, "--dice", str(bad))
    deck = tmp_path / "deck.json"
    deck.write_text('{"L": 12}')
    assert "deck" in play_error(capsys, "--deck", str(deck))  # lama has no deck option


def test_names_are_checked(capsys, tmp_path, monkeypatch):
    """Issue 12, item 10: names a person can tell apart and type after `1 to`."""
    monkeypatch.chdir(tmp_path)
    assert "the name of seat 2 is empty" in play_error(capsys, "--players", "3", "--names", "Ann, ,Cem")
    assert "seats 1 and 3 are both called 'ann'" in play_error(capsys, "--players", "3", "--names", "Ann,Bob,ann")
    assert "seats 1 and 2 are both called 'Easy 2'" in play_error(capsys, "--players", "3", "--bots", "easy",
                                                                    "--name", "Easy  2")
    assert "'2' is a number" in play_error(capsys, "--players", "3", "--names", "Ann,2,Cem")
    assert "at most 40" in play_error(capsys, "--name", "x" * 41)
    assert "control character" in play_error(capsys, "--name", "A\x1b[2Jnn")


def test_python_dash_m_lama_plays(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "lama", "play", "--players", "2", "--bots", "random", "--seed", "1",
         "--record", "g.json"],
        input="d\nq\nq\n", capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "saved in g.json" in proc.stdout
    assert replay_file(tmp_path / "g.json")["game"] == "lama"


def test_hot_seat_clears_a_real_terminal_before_passing_it_on(monkeypatch, tmp_path):
    """On a terminal, the screen (and scrollback) is cleared between two humans' turns."""
    import io

    from rich.console import Console

    from lama.cli import build_parser
    from lama.cli.play import cmd_play

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    replies = iter(["", "q", "", "exit"])
    args = build_parser().parse_args(["play", "--players", "3", "--humans", "1,2", "--names", "Ann,Bob,Cem",
                                      "--seed", "4", "--record", str(tmp_path / "g.json")])
    assert cmd_play(args, console=console,
                    input_fn=lambda prompt: "y" if "anyway?" in prompt else next(replies)) == 0
    text = out.getvalue()
    ann_hand = text.index("Your hand")
    pass_bob = text.index("Pass the terminal to Bob")
    assert "\033[2J" in text[ann_hand:pass_bob] and "\033[3J" in text[ann_hand:pass_bob]


def test_dice_odds_on_request_match_the_exact_function(terminal):
    """Issue 4: the terminal game shows the exact odds of the next roll (roll_odds) on request."""
    from lama.games.dice_odds import roll_odds

    seen = {}

    def script(t):
        if "asked" not in seen:
            seen["asked"] = True
            state = t.state()
            view = state.view(state.to_move)
            seen["expected"] = str(roll_odds(view.displays[view.seat], view.row, view.dice))
            return "o"
        seen["shown"] = t.screens[-1]
        return EOFError

    t = terminal(script)
    assert main(["play", "--game", "dice", "--seed", "5", "--record", "game.json"]) == 0
    t.finish()
    assert "Your next roll: " + seen["expected"] in flat(seen["shown"])


def test_odds_outside_dice_say_so(terminal):
    seen = []

    def script(t):
        if not seen:
            seen.append("asked")
            return "odds"
        seen.append(t.screens[-1])
        return EOFError

    t = terminal(script)
    assert main(["play", "--seed", "5", "--record", "game.json"]) == 0
    t.finish()
    assert "odds are shown in dice only" in seen[1]


def test_hint_rates_every_legal_move_and_names_a_choice(terminal):
    """Issue 5: `h` in the game shows the strongest bot's estimate of every legal action."""
    seen = {}

    def script(t):
        if "legal" not in seen:
            state = t.state()
            seen["legal"] = [move_text(a, "lama") for a in state.legal_actions()]
            return "h"
        seen["shown"] = t.screens[-1]
        return EOFError

    t = terminal(script)
    assert main(["play", "--seed", "8", "--record", "game.json"]) == 0
    t.finish()
    assert "The bot would choose:" in seen["shown"]
    shown = " ".join(seen["shown"].replace("│", " ").split())
    for action in seen["legal"]:  # in the reader's words, as the page says them
        assert action in shown, (action, shown)


def test_the_hints_how_paragraph_is_shown_with_the_first_hint_only(terminal):
    """Issue 41: five lines of "How" on every hint pushed a six-seat table off the screen."""
    hints_shown = []

    def script(t):
        if "The bot would choose:" in t.screens[-1]:
            hints_shown.append(t.screens[-1])
        return EOFError if len(hints_shown) == 2 else "h"

    t = terminal(script)
    assert main(["play", "--seed", "8", "--record", "game.json"]) == 0
    t.finish()
    first, second = hints_shown
    assert "How:" in first and "95% interval" in first
    assert "How:" not in second and "The bot would choose:" in second


def test_the_seed_is_shown_when_the_game_ends_not_before(terminal):
    """Issue 12, item 2: the seed shows the deal, so it is told at the end, hot seat included."""
    t = terminal(lambda t: EOFError if t.prompts > 3 else None)
    assert main(["play", "--seed", "987654321", "--humans", "1,2", "--players", "3", "--record", "game.json"]) == 0
    out = t.finish()
    assert t.screens and not any("987654321" in screen for screen in t.screens)
    assert "Seed 987654321 (the same deals again: --seed 987654321)." in " ".join(out.split())


# -- hardening: --record, failing bots, bad bot specs, option files ---------------------------------

def test_record_refuses_to_overwrite_without_force(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt="": "exit")
    (tmp_path / "game.json").write_text("keep")
    err = play_error(capsys, "--seed", "2", "--record", "game.json")
    assert "game.json already exists; add --force to overwrite it, or choose another path" in err
    assert (tmp_path / "game.json").read_text() == "keep"
    assert main(["play", "--seed", "2", "--record", "game.json", "--force"]) == 0
    assert replay_file(tmp_path / "game.json")["game"] == "lama"


def test_record_refuses_a_directory_a_device_and_a_fifo(capsys, tmp_path, monkeypatch):
    import os

    monkeypatch.chdir(tmp_path)
    (tmp_path / "dir").mkdir()
    targets = {"dir": "is a directory"}
    if os.path.exists("/dev/null"):
        targets["/dev/null"] = "is a device"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        targets["fifo"] = "is a FIFO"
    for path, what in targets.items():
        for force in ([], ["--force"]):
            err = play_error(capsys, "--seed", "1", "--record", path, *force)
            assert what in err and "give the path of a new file" in err and err.count("\n") == 1
    assert (tmp_path / "dir").is_dir() and not list((tmp_path / "dir").iterdir())


def _bot_that(result):
    def bot(view, rng):
        if isinstance(result, BaseException):
            raise result
        return result
    return bot


@pytest.mark.parametrize("result, fragment", [
    (ValueError("my bot\nbroke"), "failed: ValueError: my bot broke"),
    (SystemExit(3), "failed: SystemExit: 3"),
    (None, "chose None, which is not one of the legal actions"),
    ("play 3", "chose 'play 3', which is not one of the legal actions"),
    ("x" * 10_000, "chose 'xxxx"),
])
def test_a_failing_bot_ends_the_game_with_one_line_and_keeps_the_record(capsys, tmp_path, monkeypatch,
                                                                       result, fragment):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(lama.bots.BOTS, "broken", _bot_that(result))
    monkeypatch.setattr("builtins.input", lambda prompt="": "draw")
    # seat 1 (index 0) is the bot; the human, at seat 2, never gets to move
    code = main(["play", "--players", "2", "--seat", "2", "--bots", "broken", "--seed", "3", "--record", "g.json"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("lama play: the bot of seat 1 (Broken 1) ") and fragment in err
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 500
    assert "The record so far is saved in g.json" in err
    assert replay_file(tmp_path / "g.json")["rounds"] == []  # the deal, and no move


@pytest.mark.parametrize("spec", [":", ".x:y", "x:", ":y", "a b:c", "os:path:join", "x:1y", "no_such_module_xyz:bot"])
def test_a_bad_plug_in_bot_spec_is_a_clean_error(capsys, tmp_path, monkeypatch, spec):
    monkeypatch.chdir(tmp_path)
    err = play_error(capsys, "--bots", spec, "--record", "g.json")
    assert "cannot load bot" in err and err.count("\n") == 1
    assert not (tmp_path / "g.json").exists()


def test_load_bot_raises_unknown_bot_for_any_bad_spec(tmp_path, monkeypatch):
    from lama.bots import UnknownBot, load_bot

    monkeypatch.chdir(tmp_path)
    (tmp_path / "exits_on_import.py").write_text("raise SystemExit('no')\n")
    (tmp_path / "fails_on_import.py").write_text("1 / 0\n")
    for spec in (":", ".x:y", "..:y", "x:", "exits_on_import:bot", "fails_on_import:bot", "os:sep", 3):
        with pytest.raises(UnknownBot):
            load_bot(spec)


def test_option_files_are_bounded(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = tmp_path / "deck.json"
    deck.write_text("[" * 2000)
    assert "nested more than 64" in play_error(capsys, "--game", "kadabra", "--deck", str(deck))
    deck.write_text('{"L": 1' + "0" * 5000 + "}")
    assert "at most 20" in play_error(capsys, "--game", "kadabra", "--deck", str(deck))
    deck.write_text('{"L": 1000000000000}')
    assert "from 0 to 60" in play_error(capsys, "--game", "kadabra", "--deck", str(deck))
    with open(deck, "wb") as f:
        f.truncate(10 ** 6)
    assert "larger than 64 KB" in play_error(capsys, "--game", "kadabra", "--deck", str(deck))


def test_a_long_name_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "(at most 40)" in play_error(capsys, "--name", "A" * 41)


# The flag of `lama play` for each option of a game (lama.cli.play).
FLAGS = {"target": "--target", "first_player": "--first-player", "hand_size": "--hand-size",
         "deck": "--deck", "dice": "--dice", "lachen": "--lachen", "party_on_party": "--party-on-party"}


def test_the_terminals_rules_are_the_players_rules_and_the_terminals_part():
    from lama.games import GAMES
    from lama.tui.rules import terminal_part

    for game, cls in GAMES.items():
        player, terminal = cls.rules_text(), terminal_part(game)
        assert player.startswith(f"# {cls.name}\n") and terminal.startswith("## In the terminal")
        assert rules_text(game) == player.rstrip("\n") + "\n\n" + terminal
        assert "## How to type your moves in `lama play`" in terminal and "`?`, `help` or `rules`" in terminal
        assert f"lama play --game {game}" in terminal
        for option in cls.option_names():  # every option the terminal can set is told there
            assert FLAGS[option] in terminal, (game, option)
        assert "--" not in player


def test_a_game_against_the_neural_bot(terminal):
    t = terminal()
    assert main(["play", "--players", "3", "--seed", "4", "--bots", "neural", "--name", "Ann",
                 "--record", "game.json"]) == 0
    out = t.finish()
    assert "Neural 2" in out and "Neural 3" in out and "Traceback" not in out
    assert replay_file("game.json")["finished"]


def test_lachen_flag_plays_lama_with_the_puddle():
    """`lama play --lachen` (LL): the option on, in the record as in the game."""
    from argparse import Namespace

    from lama.cli.play import _options

    args = Namespace(target=None, first_player=None, hand_size=None, deck=None, dice=None, lachen=True, game="lama")
    assert _options(args, 3) == {"lachen": True}
    assert _options(Namespace(**{**vars(args), "lachen": False}), 3) == {}
