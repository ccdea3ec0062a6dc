"""`lama join` against a real `lama serve` on loopback (lama.online): remote bots play a table to
its end and its record replays; the views they decided at are the core's views of their seat at
those moments (rebuilt from the server's record, a dice turn's roll apart from its discard or
take); a server killed mid-game is survived; wrong links and full tables are one line each; a
person plays at the terminal through its stdin."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest

from lama.online.botseat import play_bots, play_seat
from lama.online.link import parse_link
from lama.record import replay

from .conftest import Server


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as answer:
        return json.loads(answer.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=20) as answer:
        return json.loads(answer.read())


def new_table(server: Server, seats: list[dict], game: str = "lama", players: int = 3, target: int = 40,
              seed: int | None = None) -> dict:
    """A table on `server`; with `seed`, dealt from it (a server started with a seed file)."""
    if seed is not None:
        server.seed_file.write_text(str(seed))
    return post(server.url + "/api/tables", {"game": game, "players": players, "name": "Ann", "seats": seats,
                                             "options": {"target": target}, "turn_seconds": None})


SEED = 7  # the deal of the remote bots' tables


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One server for the tests here that only make tables of their own on it (and never kill it
    or change its settings): one start, not one a test."""
    folder = tmp_path_factory.mktemp("join")
    server = Server(f"sqlite:///{folder / 'lama.db'}", seed_file=folder / "next-seed").start()
    yield server
    server.kill()


def core_views(record: dict, seat: int) -> list:
    """The core's view of `seat` at each of its decisions, replaying the server's record. A dice
    record move is a whole turn (its roll with the discard or take it needed): its decision after
    the roll is rebuilt by playing the roll alone, as the core (and the server) play it."""
    from lama.core import ROLL

    views, before = [], []

    def on_step(state, r, move):
        if move is not None and move.get("seat") == seat and ("discard" in move or "take" in move):
            rolled = before[-1]
            rolled.apply(ROLL, seat)
            rolled.apply_chance(tuple(move["roll"]))
            assert rolled.to_move == seat and not rolled.finished
            views.append(rolled.view(seat))
        if not state.finished and state.to_move == seat:
            views.append(state.view(seat))
        before[:] = [state.clone()]

    replay(record, on_step=on_step)
    return views


@pytest.mark.slow
@pytest.mark.parametrize("game", ["lama", "kadabra", "dice"])
def test_two_remote_bots_play_a_table_to_its_end_and_see_the_cores_views(shared, game):
    from lama.bots import load_bot

    server = shared
    # a chosen deal: the same game every run, whatever tables the shared server made before (with a
    # random one, a dice game now and then had no take for the remote seats to answer)
    made = new_table(server, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game,
                     seed=SEED)
    links = [parse_link(f"{server.url}/tables/{made['table']}#token={made['token']}"),
             parse_link(f"{server.url}/tables/{made['table']}#invite={made['invite']}")]
    outcomes = play_bots(links, lambda: load_bot("heuristic"), "Bot", seed=3, keep_views=True)
    assert [o.error for o in outcomes] == [None, None]
    assert sorted(o.seat for o in outcomes) == [0, 1]
    record = get(f"{server.url}/api/tables/{made['table']}/record")
    final = replay(record)
    assert final.finished and list(final.points) == list(outcomes[0].points)
    for outcome in outcomes:
        seen = dict(outcome.views)  # by version: a state sent twice is one decision
        assert [v for _, v in sorted(seen.items())] == core_views(record, outcome.seat)
    if game == "dice":  # the decisions after a roll were compared too
        kinds = {a.kind for o in outcomes for _, v in o.views for a in v.legal_actions}
        assert {"roll", "discard", "take"} <= kinds, kinds


@pytest.mark.slow
def test_a_server_killed_mid_game_is_survived(serve, tmp_path):
    from lama.bots import load_bot

    db = f"sqlite:///{tmp_path / 'lama.db'}"
    server = serve(db)
    made = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], players=2, target=60)
    heuristic, restarted = load_bot("heuristic"), []

    # At its 1st and 3rd calls the server dies and comes back. The bot has at least two decisions
    # whatever the deal (no round costs 60 points), and the one asked when the server died is asked
    # again after the reconnection: so there are always at least 4 calls.
    def bot(view, rng):
        if bot.count in (0, 2):
            running = restarted[-1] if restarted else server
            running.kill()
            restarted.append(serve(db, port=server.port))
            assert restarted[-1].proc.poll() is None  # this one answers, not one still up
        bot.count += 1
        return heuristic(view, rng)

    bot.count = 0
    notices = []
    outcome = play_seat(parse_link(f"{server.url}/tables/{made['table']}#token={made['token']}"), bot, "Bot",
                        on_notice=notices.append)
    assert outcome.error is None, outcome.error
    assert len(restarted) == 2 and notices  # told about each lost connection
    assert replay(get(f"{restarted[-1].url}/api/tables/{made['table']}/record")).finished


def join(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lama", "join", *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.slow
def test_wrong_links_full_tables_and_illegal_bots_are_one_line_each(shared):
    server = shared
    made = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], players=2)
    for args in (["ftp://nowhere"], [f"{server.url}/tables/{made['table']}#invite={made['invite']}"],
                 [f"{server.url}/tables/nosuchtable#token=abc"],
                 [f"{server.url}/tables/{made['table']}#token={made['token']}", "--bot", "tests.web.test_join:cheat"]):
        done = join(*args, "--bot", "easy") if "--bot" not in args else join(*args)
        assert done.returncode in (1, 2), done
        assert done.stderr.startswith("lama join: ") and done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr
    assert "free" in join(f"{server.url}/tables/{made['table']}#invite={made['invite']}", "--bot", "easy").stderr


def cheat(view, rng):
    """A bot that always draws, legal or not: once the draw pile is empty its move is refused."""
    from lama.core import DRAW

    return DRAW


@pytest.mark.slow
def test_a_person_plays_at_the_terminal_through_stdin(shared):
    server = shared
    made = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], players=2, target=15)
    # quit every round (y: yes, quit though a card could be played); Enter for the next round
    done = join(f"{server.url}/tables/{made['table']}#token={made['token']}", "--lang", "en",
                stdin="q\ny\n\n" * 200)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Your hand:" in done.stdout and "The game is over" in done.stdout
    assert get(f"{server.url}/api/tables/{made['table']}")["status"] == "finished"


@pytest.mark.slow
def test_the_terminal_shows_the_clock_and_takes_the_seat_back_from_a_stand_in(serve, tmp_path):
    """A person who lets the turn clock run out (10 s) is told a stand-in plays for them, takes
    the seat back with Enter and plays on; every move prompt says the seconds left. The tables'
    clocks are moved ahead (serve.py's clock file) rather than waited for."""
    import io
    import time

    from rich.console import Console

    from lama.tui.online import play_online

    ahead = tmp_path / "clock-ahead"
    server = serve(f"sqlite:///{tmp_path / 'lama.db'}", pause=0.2,  # the stand-in leaves moves to take back
                   clock_file=ahead)
    made = post(server.url + "/api/tables", {"game": "lama", "players": 2, "name": "Ann", "options": {"target": 40},
                                             "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                             "turn_seconds": 10, "stand_in_level": "easy"})
    table, prompts = made["table"], []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) == 1:  # the first move: wait (by polling the table) until the stand-in came
            assert "your move" in prompt
            ahead.write_text("10")  # her 10 seconds pass at once
            deadline = time.monotonic() + 60
            while not get(f"{server.url}/api/tables/{table}")["seats"][0].get("stand_in"):
                assert time.monotonic() < deadline
                time.sleep(0.1)
            return "d"
        if "take your seat back" in prompt or "Press Enter" in prompt:
            return ""
        return "y" if "(y/n)" in prompt else "q"

    out = io.StringIO()
    link = parse_link(f"{server.url}/tables/{table}#token={made['token']}")
    assert play_online(link, "Ann", "en", console=Console(file=out, width=80), input_fn=answer) == 0
    said = out.getvalue()
    assert "Your time for the move ran out: a stand-in bot" in said
    back = next(i for i, p in enumerate(prompts) if "take your seat back" in p)
    moves = [p for p in prompts[back:] if "your move" in p]
    assert moves and all(p.startswith("[") and " s left] " in p for p in moves), prompts  # played on
    assert get(f"{server.url}/api/tables/{table}")["status"] == "finished"
