"""Issue 12, items 9 and 10: the end of a round at the terminal (every seat's revealed hand,
its penalty, chips and points, then Enter), the score history, and the input guards."""

from __future__ import annotations

import re

from lama.cli import main
from lama.record import load_record
from lama.tui.render import plain_cards

NAMES = ["Ann", "Bob", "Cem"]


def rounds_of(path):
    """The RoundScored events of a saved record, in order."""
    from lama.record import replay

    return list(replay(load_record(path)).history)


def recap_rows(block: str, labels) -> dict:
    rows = {}
    for line in block.splitlines():
        for s, label in enumerate(labels):
            if line.startswith(label + " "):
                rows[s] = line.rstrip()
    return rows


def check_recaps(out: str, path, labels, start: int, game: str) -> int:
    """Every round's recap shows each seat's revealed hand, penalty and points before and after,
    and the cells between the penalty and the points explain the rest of the change."""
    rounds = rounds_of(path)
    blocks = out.split(" is over: ")[1:]
    assert len(blocks) == len(rounds) >= 1
    before = [start] * len(labels)
    for r, block in zip(rounds, blocks):
        rows = recap_rows(block.split("\n\n")[0], labels)
        assert set(rows) == set(range(len(labels))), block
        for s, row in rows.items():
            assert plain_cards(r.hands[s], game) in row
            m = re.search(r"\s\+(\d+)((?:\s+[+-]\d+)*)\s+(\d+) → (\d+)$", row)
            assert m, row
            assert int(m.group(1)) in (r.penalties[s], r.penalties[s] - 10)  # the magic chip apart
            assert (int(m.group(3)), int(m.group(4))) == (before[s], r.scores[s])
            moved = sum(int(x) for x in m.group(2).split())
            assert before[s] + int(m.group(1)) + moved == r.scores[s], row
        before = list(r.scores)
    return len(rounds)


def test_every_round_ends_with_every_hand_its_cost_and_the_points_then_enter(terminal):
    t = terminal()
    assert main(["play", "--game", "kadabra", "--players", "3", "--names", ",".join(NAMES), "--bots", "random",
                 "--seed", "21", "--record", "game.json"]) == 0
    out = t.finish()
    n = check_recaps(out, "game.json", ["Ann (you)", "Bob (bot)", "Cem (bot)"], 3, "kadabra")
    # before every next deal the game waited for Enter
    for number in range(1, n):
        recap = out.index(f"Round {number} is over: ")
        prompt = out.index(f"Press Enter for round {number + 1} (s: scores, exit: leave):", recap)
        assert prompt < out.index(f"Round {number + 1} is dealt")
    assert "Press Enter for round" not in out.split(f"Round {n} is over: ")[1]  # the game is over
    assert not re.search(r"\b[CDKLZ]\d+[a-d]?\b", out)  # no rule ids


def test_dice_recap_shows_displays_and_the_chips_given_back_during_the_round(terminal):
    def script(t):  # the prompt lists the typed forms of the legal moves: take the first
        line = t.last_line()
        if "press enter" in line.lower():
            return ""
        return re.search(r"your move \(([^,]+),", line).group(1)

    t = terminal(script)
    assert main(["play", "--game", "dice", "--players", "3", "--names", ",".join(NAMES), "--bots", "random",
                 "--seed", "6", "--record", "game.json", "--target", "30"]) == 0
    out = t.finish()
    check_recaps(out, "game.json", ["Ann (you)", "Bob (bot)", "Cem (bot)"], 0, "dice")
    assert "display" in out and "cards left" not in out
    assert "chip back" in out and "(three llamas)" in out  # a D3a chip, given back mid-round


def test_hot_seat_every_human_sees_the_round_before_the_terminal_is_passed_on(terminal):
    t = terminal()
    assert main(["play", "--players", "3", "--humans", "1,2", "--names", ",".join(NAMES), "--bots", "random",
                 "--seed", "4", "--record", "game.json"]) == 0
    out = t.finish()
    rounds = check_recaps(out, "game.json", ["Ann", "Bob", "Cem (bot)"], 0, "lama")
    history = rounds_of("game.json")
    for number in range(1, rounds):
        block = out.split(f"Round {number} is over: ")[1]
        wait = block.index(f"Everyone has seen the results? Press Enter for round {number + 1}")
        assert wait < block.index("Pass the terminal to")
        # and at their next turn each human reads their own result of that round
        for seat, name in ((0, "Ann"), (1, "Bob")):
            turn = block.split(f"Pass the terminal to {name} (seat {seat + 1})")[1]
            r = history[number - 1]
            note = f"Round {number} is over"
            assert note in turn.split("to move")[0]
            assert f"you have {r.scores[seat]} points now" in " ".join(turn.split("to move")[0].split())


def test_score_history_at_any_prompt(terminal):
    seen = {}

    def script(t):
        line = t.last_line()
        if "s" not in seen:
            seen["s"] = True
            return "s"
        if "none" not in seen:
            seen["none"] = t.screens[-1]
        if "press enter" in line.lower() and "at_enter" not in seen:
            seen["at_enter"] = True
            return "scores"
        if "at_enter" in seen and "table" not in seen:
            seen["table"] = t.screens[-1]
            return EOFError
        return None

    t = terminal(script)
    assert main(["play", "--players", "3", "--names", ",".join(NAMES), "--bots", "random", "--seed", "4",
                 "--record", "game.json"]) == 0
    t.finish()
    assert "No round has ended yet: everyone has 0 points." in seen["none"]
    r = rounds_of("game.json")[0]
    table = seen["table"]
    assert "Points after each round" in table
    assert re.search(r"start\s+0\s+0\s+0", table)
    cells = r"\s+".join(re.escape(f"{p} (+{p})") for p in r.scores)
    assert re.search(r"\b1\s+" + cells, table), table


def test_a_line_longer_than_200_characters_is_refused(terminal):
    seen = []

    def script(t):
        seen.append(t.screens[-1])
        return ["x" * 201, "x" * 200, EOFError][len(seen) - 1]

    t = terminal(script)
    assert main(["play", "--seed", "3", "--record", "game.json"]) == 0
    t.finish()
    assert "That line is too long (201 characters; at most 200). Try again." in seen[1]
    assert "is not a move I know" not in seen[1]
    assert "is not a move I know" in seen[2]


def test_quit_asks_first_while_a_card_can_be_played(terminal):
    seen = {}

    def script(t):
        state = t.state()
        playable = [a for a in state.legal_actions() if a.kind == "play"] if state.to_move == 0 else []
        if "q1" not in seen:
            if not playable:
                return None
            seen["q1"] = t.screens[-1]
            return "q"
        if "n" not in seen:
            seen["n"] = t.last_line()
            return "n"
        if "q2" not in seen:
            seen["stay"] = t.screens[-1]
            seen["quit_after_no"] = t.state().quit[0]
            seen["q2"] = True
            return "q"
        if "y" not in seen:
            seen["y"] = True
            return "yes"
        seen["quit_after_yes"] = bool(t.state().quit[0])
        return EOFError

    t = terminal(script)
    assert main(["play", "--players", "3", "--seed", "6", "--record", "game.json"]) == 0
    t.finish()
    assert "Quit the round anyway? (y/n):" in seen["n"]
    assert "You stay in the round." in seen["stay"]
    assert seen["quit_after_no"] is False  # 'n' kept the seat in
    assert seen["quit_after_yes"] is True
