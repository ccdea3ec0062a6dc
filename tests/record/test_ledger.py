"""Totals that add up: in every round of every game, a seat's points before the round plus its
penalty, the magic chip, the chips given back and the chips won or lost make its points after;
and `lama replay` shows each of them."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from lama.bots import load_bot
from lama.cli import main
from lama.games import GAMES, new_game
from lama.match import Match
from lama.record.ledger import replay_ledger


def played(game_id: str, players: int, seed: int) -> tuple[dict, object]:
    game = new_game(game_id, players)
    names = ["heuristic" if s % 2 else "random" for s in range(players)]  # as a tournament names them
    match = Match(game, [load_bot(n) for n in names], seed, names)
    state = match.run()
    return json.loads(json.dumps(match.record.data)), state


@settings(deadline=None, max_examples=40)
@given(game_id=st.sampled_from(list(GAMES)), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_before_plus_changes_is_after_in_every_round(game_id, players, seed):
    data, played_state = played(game_id, players, seed)
    state, ledger = replay_ledger(data)
    assert len(ledger.rounds) == len(state.history) >= 1
    start = new_game(game_id, players).new_initial_state().points
    assert ledger.rounds[0].before == tuple(start)
    for entry, scored in zip(ledger.rounds, state.history):
        for s in range(players):
            assert (entry.before[s] + entry.penalty[s] + entry.bonus[s] - entry.back[s] + entry.chips[s]
                    == entry.after[s] == scored.scores[s])
            assert entry.penalty[s] + entry.bonus[s] == scored.penalties[s]
            assert entry.back[s] >= scored.returned[s]  # a dice round also gives chips back on the way
    for earlier, later in zip(ledger.rounds, ledger.rounds[1:]):
        assert later.before == earlier.after
    assert ledger.rounds[-1].after == tuple(played_state.points)


def test_replay_shows_every_change_by_name(tmp_path, capsys):
    for seed in range(40):  # a kadabra game where chips moved during a round
        data, _ = played("kadabra", 4, seed)
        _, ledger = replay_ledger(data)
        if any(any(r.chips) for r in ledger.rounds) and any(any(r.bonus) for r in ledger.rounds):
            break
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for title in ("before", "penalty", "magic chip", "chips", "after", "Round 1:", "started with 3 points"):
        assert title in out
    assert "Round 0" not in out and "seat " not in out
    assert "random 1" in out and "heuristic 2" in out  # two seats share a bot's name: numbered
