"""The push-driven Table (issue 11, item 1): outside seats, versions, typed refusals, events."""

from __future__ import annotations

import json
import random

import pytest

from lama.bots import load_bot
from lama.core import DRAW, QUIT, ROLL, IllegalAction, play
from lama.games import GAMES, new_game
from lama.match import Chance, Elsewhere, Match, Refused, Table, seat_rng
from lama.record import replay, result_of

GAME_IDS = sorted(GAMES)


def outside_game(game_id, n, seed, outside=(0,), bot="random"):
    """A table whose `outside` seats are played here, each by its own generator, the others by `bot`."""
    game = new_game(game_id, n)
    table = Table(game, [None if s in outside else load_bot(bot) for s in range(n)], seed)
    return table


def play_out(table, choose):
    """Drive a table to its end: advance, then act for the outside seat with `choose(view)`."""
    while True:
        table.advance()
        seat = table.waiting_for()
        if seat is None:
            return table
        table.act(seat, choose(seat, table.view(seat)), table.version)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_outside_seats_driven_like_bots_give_the_bots_game(game_id):
    """A table whose every seat is played from outside, by the same choices the random bot
    makes with the same generators, writes the same record as Match: the loops are one."""
    n, seed = 4, 5
    rngs = [seat_rng(seed, s) for s in range(n)]
    bot = load_bot("random")
    table = play_out(outside_game(game_id, n, seed, outside=range(n)), lambda s, v: bot(v, rngs[s]))
    match = Match(new_game(game_id, n), [bot] * n, seed)
    match.run()
    assert table.finished and table.record.data == match.record.data


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_advance_stops_at_an_outside_seat_and_act_is_checked(game_id):
    table = outside_game(game_id, 3, seed=2, outside=(1,))
    table.advance()
    assert table.waiting_for() == 1 and table.to_move == 1
    version, view = table.version, json.dumps(table.view(1).to_json())
    record = json.dumps(table.record.data)
    legal = table.view(1).legal_actions
    with pytest.raises(Refused) as e:
        table.act(1, legal[0], version - 1)
    assert e.value.code == "stale"
    with pytest.raises(Refused) as e:
        table.act(0, legal[0], version)
    assert e.value.code == "not_your_turn"
    for bad in (play("9"), None, "quit", {"quit": True}, ROLL if game_id != "dice" else DRAW):
        with pytest.raises(Refused) as e:
            table.act(1, bad, version)
        assert e.value.code == "illegal" and e.value.reason
    assert table.explain(1, legal[0]) is None and table.explain(1, play("9"))
    # nothing changed
    assert table.version == version and json.dumps(table.view(1).to_json()) == view
    assert json.dumps(table.record.data) == record
    table.act(1, legal[0], version)
    assert table.version == version + 1
    with pytest.raises(Refused) as e:
        table.act(1, legal[0], version)  # the same move again, at the old version
    assert e.value.code == "stale"


def test_illegal_refusal_gives_the_core_reason():
    table = outside_game("lama", 2, seed=1, outside=(0, 1))
    table.advance()
    seat = table.waiting_for()
    view = table.view(seat)
    unplayable = next(c for c in "123456L" if play(c) not in view.legal_actions)
    with pytest.raises(Refused) as e:
        table.act(seat, play(unplayable), table.version)
    assert "hold" in e.value.reason or "cannot be played" in e.value.reason


def test_a_bot_seat_is_never_played_from_outside():
    table = outside_game("lama", 2, seed=1, outside=(0,))
    while table.to_move != 1:
        table.advance()
        if table.waiting_for() == 0:
            table.act(0, QUIT, table.version)
    with pytest.raises(Refused) as e:
        table.act(1, QUIT, table.version)
    assert e.value.code == "not_your_turn"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_version_grows_by_one_per_move_and_chance_outcome(game_id):
    table = outside_game(game_id, 3, seed=9, outside=(), bot="heuristic")
    steps = 0
    while table.step() is not None:
        steps += 1
        assert table.version == steps
    assert table.finished
    with pytest.raises(Refused) as e:
        table.act(0, QUIT, table.version)
    assert e.value.code == "not_your_turn"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_since_a_version_add_up_and_are_filtered(game_id):
    seen = {s: [] for s in (0, 1, None)}
    last = dict.fromkeys(seen, 0)
    rng = random.Random(4)
    table = outside_game(game_id, 3, seed=4, outside=(0, 1))
    while True:
        table.advance()
        for s in seen:  # each viewer catches up from the last version it saw
            seen[s] += table.events_since(last[s], s)
            last[s] = table.version
        seat = table.waiting_for()
        if seat is None:
            break
        legal = table.view(seat).legal_actions
        table.act(seat, legal[rng.randrange(len(legal))], table.version)
    for s in seen:
        assert [e.to_json() for e in seen[s]] == [e.to_json() for e in table.events_since(0, s)]
    drawn = [e for e in seen[None] if type(e).__name__ == "CardDrawn"]
    assert all(e.card is None for e in drawn)
    mine = [e for e in seen[0] if type(e).__name__ == "CardDrawn" and e.seat == 0]
    assert all(e.card is not None for e in mine)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_record_is_written_as_the_table_goes(game_id):
    rng = random.Random(3)
    table = play_out(outside_game(game_id, 4, seed=3, outside=(0, 2), bot="heuristic"),
                     lambda s, v: v.legal_actions[rng.randrange(len(v.legal_actions))])
    data = json.loads(json.dumps(table.record.data))
    assert result_of(replay(data)) == result_of(table.state)


def test_a_bot_that_returns_an_illegal_move_is_caught():
    table = Table(new_game("lama", 2), [lambda v, r: "quit", load_bot("random")], seed=1)
    with pytest.raises(IllegalAction) as e:
        table.advance()
    assert e.value.code == "illegal_choice"


@pytest.mark.parametrize("game_id", ("kadabra", "dice"))
def test_a_bot_cannot_change_the_game_through_its_view(game_id):
    """Options are deep-frozen: a bot writing to them fails, and the game, the record and
    the other seats' views keep the options as they were."""
    options = {"deck": {"L": 20, "1": 10, "2": 10, "3": 10}} if game_id == "kadabra" else {"dice": [["1", "L"] * 3] * 3}
    game = new_game(game_id, 2, options)
    tried = []

    def vandal(view, rng):
        for mutate in (lambda o: o.__setitem__("target", 1), lambda o: o[next(iter(o))].__setitem__(0, "L"),
                       lambda o: o[next(iter(o))].__setitem__("L", 99)):
            try:
                mutate(view.options)
            except (TypeError, AttributeError):
                tried.append(True)
        return view.legal_actions[0]

    table = Table(game, [vandal, load_bot("random")], seed=1)
    table.advance()
    assert tried and len(tried) % 3 == 0
    assert table.record.data["options"] == json.loads(json.dumps(options))
    assert table.view(1).options == game.public_options and game.target == 40


def test_dice_left_between_roll_and_discard_saves_a_record_that_replays(tmp_path):
    """Issue 12, item 8: only whole moves are saved."""
    for seed in range(40):
        table = outside_game("dice", 2, seed=seed, outside=(0,))
        table.advance()
        table.act(0, ROLL, table.version)
        table.advance()
        if table.waiting_for() == 0 and table.view(0).legal_actions[0].kind in ("discard", "take"):
            break
    else:
        pytest.fail("no seed gave a roll that needs a discard or a take")
    path = tmp_path / "left.record.json"
    table.record.save(path)
    data = json.loads(path.read_text())
    assert len(data["rounds"][-1]["moves"]) == len(table.record.data["rounds"][-1]["moves"]) - 1
    replay(data)  # raises if the saved record does not replay


# -- seats played Elsewhere (a bot whose move is computed outside the table: the server's) ---------

def play_elsewhere(table, bot, decide=lambda wanted, bot: (bot(wanted.view, wanted.rng), wanted.rng)):
    """Drive a table whose bot seats are played Elsewhere: decide each wanted move outside."""
    while True:
        table.advance()
        wanted = table.wanted()
        if wanted is None:
            return table
        action, rng = decide(wanted, bot)
        table.play(table.answer(wanted, action, rng))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bots_played_elsewhere_give_the_game_of_bots_played_by_the_table(game_id):
    """The same seed gives the same game whether the table runs the bot or hands each move out
    (with a copy of the seat's generator) and takes it back: the same draws in the same order."""
    n, seed = 4, 6
    bot = load_bot("random")
    table = play_elsewhere(Table(new_game(game_id, n), [Elsewhere("random")] * n, seed), bot)
    match = Match(new_game(game_id, n), [bot] * n, seed)
    match.run()
    assert table.finished and table.record.data == match.record.data


def test_an_answer_the_table_does_not_keep_leaves_the_seat_generator_as_it_was():
    bot = load_bot("random")
    table = Table(new_game("lama", 2), [Elsewhere("random"), Elsewhere("random")], seed=3)
    table.advance()
    wanted = table.wanted()
    assert wanted.seat == table.to_move and wanted.bot == "random" and wanted.version == table.version
    assert table.waiting_for() is None and table.waiting_for_bot() == wanted.seat
    assert table.step() is None  # the table does not play an Elsewhere seat itself
    action = bot(wanted.view, wanted.rng)  # the copy moved on; the seat's own generator did not
    table.set_seat(wanted.seat, Elsewhere("easy"))  # another bot plays the seat meanwhile
    with pytest.raises(Refused) as e:
        table.answer(wanted, action, wanted.rng)
    assert e.value.code == "not_your_turn"
    table.set_seat(wanted.seat, Elsewhere("random"))
    again = table.wanted()
    assert again.rng.getstate() == seat_rng(3, wanted.seat).getstate()
    with pytest.raises(Refused) as e:
        table.answer(again, play("9"), again.rng)  # not legal: refused, nothing kept
    assert e.value.code == "illegal" and table.wanted().rng.getstate() == seat_rng(3, wanted.seat).getstate()
    move = table.answer(again, bot(again.view, again.rng), again.rng)
    table.play(move)
    with pytest.raises(Refused) as e:  # the table moved on: a move wanted before is stale
        table.answer(again, move.action, again.rng)
    assert e.value.code == "stale"


def test_a_checked_move_is_played_once_and_a_seat_played_by_a_bot_is_refused():
    table = outside_game("lama", 2, seed=1, outside=(0, 1))
    table.advance()
    seat = table.waiting_for()
    move = table.check(seat, table.view(seat).legal_actions[0], table.version)
    assert table.version == move.version  # checking changes nothing
    table.play(move)
    with pytest.raises(Refused) as e:
        table.play(move)
    assert e.value.code == "stale"
    table.advance()
    other = table.waiting_for()
    table.set_seat(other, Elsewhere("random"))
    with pytest.raises(Refused) as e:
        table.act(other, table.view(other).legal_actions[0], table.version)
    assert e.value.code == "not_your_turn" and "a bot plays" in e.value.reason
    table.redo(other, table.view(other).legal_actions[0])  # a stored move: any seat, still checked
    with pytest.raises(Refused):
        table.redo(other, QUIT)  # not its turn now


def test_the_table_resolves_chance_through_chance():
    """One chance step (Chance) for every driver: the table's deal is Chance's."""
    game = new_game("dice", 3)
    state = game.new_initial_state()
    Chance(8).run(state)
    table = Table(game, [None] * 3, 8)
    table.advance()
    assert state.view(0).to_json() == table.view(0).to_json()
