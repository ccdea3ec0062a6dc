"""`lama benchmark`: the fixed protocol (the protocol's seeds, seats rotated, the heuristic in the
other seats), differences paired game by game with the references, the references' outcomes kept
and taken again from --out DIR, and bad input refused in one line."""

import hashlib
import io
import json
import math

import pytest
from rich.console import Console

from lama.bots import load_bot
from lama.cli import main
from lama.games import new_game
from lama.match import Match
from lama.sim.benchmark import paired
from lama.tui.benchmark import benchmark_table

CHEAP = ["--references", "heuristic,random", "--quiet"]  # hard, the protocol's, is slow: tested once, tiny


def bench(capsys, *argv) -> dict:
    assert main(["benchmark", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def kept(folder, role, name) -> list[dict]:
    lines = (folder / role / name).read_text().splitlines()
    return [json.loads(line) for line in lines[1:]]


def test_a_bot_measured_against_itself_differs_from_itself_by_exactly_zero(capsys):
    result = bench(capsys, "heuristic", "--players", "2", "--games", "8", *CHEAP)
    (row,) = result["rows"]
    assert row["differences"]["heuristic"] == {"mean": 0.0, "se": 0.0, "low": 0.0, "high": 0.0, "significant": None}
    assert row["bot"]["win_share"] == row["references"]["heuristic"]["win_share"]
    assert row["differences"]["random"]["mean"] > 0  # the same games, another bot: not zero
    result = bench(capsys, "random", "--players", "2", "--games", "8", *CHEAP)
    assert result["rows"][0]["differences"]["random"] == {
        "mean": 0.0, "se": 0.0, "low": 0.0, "high": 0.0, "significant": None}
    assert result["rows"][0]["differences"]["heuristic"]["significant"] == "below"


def test_the_games_are_the_protocols_seats_rotated_on_fixed_seeds(capsys, tmp_path):
    """Game g at N players: seed 10**8 + 10**6 N + g, the bot in seat g mod N, heuristic in the
    others; its outcome is the seat's share of the win (a tie shares it), as a Match of them says."""
    out = tmp_path / "run"
    result = bench(capsys, "random", "--players", "2", "3", "--games", "8", "--out", str(out), *CHEAP)
    heuristic, random = load_bot("heuristic"), load_bot("random")
    for n, row in zip((2, 3), result["rows"]):
        games = kept(out, "bot", f"lama-{n}p-random.jsonl")
        assert [(o["g"], o["seed"], o["seat"]) for o in games] == [(g, 10**8 + 10**6 * n + g, g % n) for g in range(8)]
        assert (row["first_seed"], row["last_seed"]) == (10**8 + 10**6 * n, 10**8 + 10**6 * n + 7)
        for o in games:
            state = Match(new_game("lama", n), [random if s == o["seat"] else heuristic for s in range(n)],
                          seed=o["seed"]).run()
            assert o["share"] == (1 / len(state.winners) if o["seat"] in state.winners else 0.0)
        assert row["bot"]["win_share"] == sum(o["share"] for o in games) / 8
        reference = kept(out, "reference", f"lama-{n}p-heuristic.jsonl")
        assert [(o["seed"], o["seat"]) for o in reference] == [(o["seed"], o["seat"]) for o in games]
        assert sorted(p.name for p in (out / "reference").iterdir()) == [
            f"lama-{m}p-{b}.jsonl" for m in (2, 3) for b in ("heuristic", "random")]


def test_the_paired_difference_is_the_mean_of_the_games_differences_with_their_standard_error():
    def games(shares):
        return [{"g": g, "seed": g, "seat": 0, "share": s} for g, s in enumerate(shares)]

    d = paired(games([1, 0, 0.5, 1, 0]), games([0, 0, 1, 1, 0]))
    diffs = [1, 0, -0.5, 0, 0]
    mean = sum(diffs) / 5
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / 4 / 5)
    assert d["mean"] == pytest.approx(mean) and d["se"] == pytest.approx(se)
    assert (d["low"], d["high"]) == pytest.approx((mean - 1.959964 * se, mean + 1.959964 * se))
    assert d["significant"] is None
    assert paired(games([1] * 6), games([0, 0, 0, 0, 0, 1]))["significant"] == "above"
    with pytest.raises(ValueError):  # other games cannot be paired
        paired(games([1, 0]), games([1, 0, 1])[1:])


def test_the_references_are_kept_and_taken_again_from_the_folder(capsys, tmp_path):
    out = tmp_path / "run"
    args = ["--players", "2", "--games", "8", "--out", str(out), *CHEAP]
    first = bench(capsys, "random", *args)
    assert first["played"] == 3 * 8
    path = out / "reference" / "lama-2p-heuristic.jsonl"
    # a kept outcome changed by hand: the next run reads it instead of playing the game again
    lines = path.read_text().splitlines()
    game = json.loads(lines[1])
    game["share"] = 1.0 - game["share"]
    path.write_text("\n".join([lines[0], json.dumps(game), *lines[2:]]) + "\n")
    before = {p.name: p.read_bytes() for p in (out / "reference").iterdir()}
    second = bench(capsys, "easy", *args)
    assert second["played"] == 8  # the bot's games only
    assert {p.name: p.read_bytes() for p in (out / "reference").iterdir()} == before
    old, new = first["rows"][0]["references"]["heuristic"], second["rows"][0]["references"]["heuristic"]
    assert new["win_share"] == pytest.approx(old["win_share"] + (game["share"] * 2 - 1) / 8)
    # more games: only those beyond the kept ones are played
    assert bench(capsys, "easy", *args[:3], "10", *args[4:])["played"] == 10 + 2 * 2


def test_a_stopped_run_resumes_with_the_bots_kept_games_and_without_resume_plays_them_again(capsys, tmp_path):
    out = tmp_path / "run"
    args = ["random", "--players", "2", "--games", "8", "--out", str(out), *CHEAP]
    whole = bench(capsys, *args)
    path = out / "bot" / "lama-2p-random.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:4]) + "\n" + lines[4][:10])  # stopped in the middle of game 3's line
    resumed = bench(capsys, *args, "--resume")
    assert resumed["played"] == 8 - 3
    assert resumed["rows"][0]["bot"]["win_share"] == whole["rows"][0]["bot"]["win_share"]
    assert [o["g"] for o in kept(out, "bot", "lama-2p-random.jsonl")] == list(range(8))
    assert bench(capsys, *args)["played"] == 8  # the bot may have changed since: played again


def test_workers_play_the_same_games(capsys):
    args = ["easy", "--players", "3", "--games", "8", *CHEAP]
    one = bench(capsys, *args)
    two = bench(capsys, *args, "--workers", "2")
    for a, b in zip(one["rows"], two["rows"]):
        assert a["differences"] == b["differences"]


def test_the_protocols_references_are_heuristic_and_hard(capsys):
    result = bench(capsys, "random", "--players", "2", "--games", "2", "--quiet")
    assert result["references"] == ["heuristic", "hard"] and result["field"] == "heuristic"
    assert set(result["rows"][0]["differences"]) == {"heuristic", "hard"}
    assert result["rows"][0]["references"]["hard"]["games"] == 2


@pytest.mark.parametrize("argv, said", [
    (["no-such-bot"], "unknown bot 'no-such-bot'"),
    (["no_such_module:bot"], "cannot load bot 'no_such_module:bot'"),
    (["missing-agent.npz"], "'missing-agent.npz'"),
    (["random", "--players", "7"], "lama is played by 2 to 6 players, not 7"),
    (["random", "--players", "2", "1"], "lama is played by 2 to 6 players, not 1"),
    (["random", "--games", "1000001"], "--games 1000001: from 1 to 1,000,000"),
    (["random", "--references", "hard,hard"], "--references hard,hard: name each bot once"),
    (["random", "--references", "heuristic,nobody"], "unknown bot 'nobody'"),
    (["random", "--resume"], "--resume needs the run's directory: --out DIR"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, said):
    assert main(["benchmark", *argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert said in err and err.startswith("lama benchmark: ") and err.count("\n") == 1 and "Traceback" not in err


def test_a_file_that_is_no_agent_is_refused(capsys, tmp_path):
    bad = tmp_path / "agent.npz"
    bad.write_text("not an archive")
    assert main(["benchmark", str(bad), "--games", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and err.count("\n") == 1 and "Traceback" not in err
    taken = tmp_path / "file"
    taken.write_text("")
    assert main(["benchmark", "random", "--out", str(taken), "--quiet"]) == 2
    assert "is a file, not a directory" in capsys.readouterr().err


def test_the_table_fits_80_columns(capsys):
    result = bench(capsys, "random", "--players", "2", "3", "6", "--games", "4", *CHEAP)
    result["bot"] = "a_long_module_name.with_parts:and_a_long_callable"
    text = io.StringIO()
    Console(file=text, width=80, color_system=None).print(benchmark_table(result))
    lines = text.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any("−" in line and "heuristic" in line for line in lines)
    for row in result["rows"]:
        assert any(f"{100 * row['bot']['win_share']:.1f} (" in line for line in lines)


def test_a_saved_agent_plays_as_its_network_and_its_kept_games_go_when_the_file_changes(capsys, tmp_path):
    from lama.bots.neural import read_agent, save_agent, shipped

    agent = tmp_path / "agent.npz"
    original = shipped("lama", 2)  # the network the level `neural` plays at 2 players
    save_agent(agent, original.weights, {k: v for k, v in original.meta.items() if k not in ("format", "layout")})
    out = tmp_path / "run"
    network = "lama.bots.neural:network_bot"  # the level's network, without its second look
    args = [str(agent), "--players", "2", "--games", "6", "--references", network, "--quiet", "--out", str(out)]
    first = bench(capsys, *args)
    assert first["rows"][0]["differences"][network]["se"] == 0.0  # the shipped network, game for game
    assert len(first["fingerprint"]) == 64
    assert bench(capsys, *args, "--resume")["played"] == 0
    changed = [w * 1.5 if i == 0 else w for i, w in enumerate(original.weights)]
    save_agent(agent, changed, {k: v for k, v in read_agent(agent).meta.items() if k not in ("format", "layout")})
    again = bench(capsys, *args, "--resume")
    assert again["played"] == 6 and again["fingerprint"] != first["fingerprint"]


def test_a_saved_agent_of_another_game_is_refused(capsys, tmp_path):
    from lama.bots.neural import save_agent, shipped

    agent = tmp_path / "komarami.npz"
    other = shipped("komarami")
    save_agent(agent, other.weights, {k: v for k, v in other.meta.items() if k not in ("format", "layout")})
    assert main(["benchmark", str(agent), "--game", "lama", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "an agent of komarami, not of lama" in err and err.count("\n") == 1


def test_a_run_stopped_by_ctrl_c_keeps_its_finished_games_and_resumes_from_them(tmp_path):
    from lama.sim.benchmark import CHUNK, run_benchmark

    def ctrl_c_after_two_chunks(done, total):
        if done >= 2 * CHUNK:
            raise KeyboardInterrupt

    out = str(tmp_path / "run")
    args = ("lama", [2], "random", 3 * CHUNK, ("heuristic",))
    with pytest.raises(KeyboardInterrupt):
        run_benchmark(*args, folder=out, progress=ctrl_c_after_two_chunks)
    assert len(kept(tmp_path / "run", "bot", "lama-2p-random.jsonl")) == 2 * CHUNK
    resumed = run_benchmark(*args, folder=out, resume=True)
    assert resumed["played"] == CHUNK + 3 * CHUNK  # the bot's last chunk, and every game of the reference
    whole = run_benchmark(*args)
    assert resumed["rows"][0]["differences"] == whole["rows"][0]["differences"]


def test_kept_games_of_neural_go_when_the_model_it_plays_changes(capsys, tmp_path):
    """`neural` is a name, but its games are those of the model shipped for the game and count: kept
    games record the sha256 of that file and of its second look's settings, and games of another
    model (here: another fingerprint written into the kept file, as a new model file would give)
    are played again."""
    from lama.bots.neural import neural_bot, shipped_file

    out = tmp_path / "run"
    args = ["heuristic", "--players", "2", "--games", "4", "--references", "neural", "--quiet", "--out", str(out)]
    assert bench(capsys, *args)["played"] == 8
    path = out / "reference" / "lama-2p-neural.jsonl"
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["fingerprint"] == hashlib.sha256(shipped_file("lama", 2).read_bytes()
                                                   + repr(neural_bot.look).encode()).hexdigest()
    assert bench(capsys, *args)["played"] == 4  # the heuristic's own games; the reference's are kept
    path.write_text("\n".join([json.dumps({**header, "fingerprint": "0" * 64}), *lines[1:]]) + "\n")
    assert bench(capsys, *args)["played"] == 8  # the kept games were another model's
