"""`lama train` on a tiny budget: the model file, a checkpoint per round and the learning curve."""

import json

import pytest

from lama.cli import main

pytest.importorskip("torch")
pytest.importorskip("matplotlib")


def test_train_writes_a_model_the_bot_plays_checkpoints_and_a_curve(tmp_path, capsys):
    out = tmp_path / "run"
    argv = ["train", "--rounds", "2", "--games", "1", "--samples", "20", "--epochs", "1", "--eval-games", "2",
            "--seed", "3", "--rl-steps", "0", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["positions"] > 0 and len(summary["curve"]) == 2 and summary["agent_steps_per_second"] > 0
    assert {p.name for p in out.iterdir()} == {"checkpoint-0.npz", "checkpoint-1.npz", "neural-lama.npz", "curve.png"}

    from lama.bots.neural import NeuralBot, feature_count, load
    from lama.bots.neural_train import win_share

    weights = load(out / "neural-lama.npz")
    assert weights[0].shape[0] == feature_count("lama")
    assert 0.0 <= win_share(NeuralBot(weights), "lama", 4, 4, 10**8) <= 1.0


def test_train_bad_folder_is_a_clear_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["train", "--out", str(blocker / "sub"), "--quiet"]) == 2
    assert "--out" in capsys.readouterr().err


def test_train_reinforcement_from_a_model_reports_its_phase_checkpoints_and_curve(tmp_path, capsys):
    out = tmp_path / "rl"
    init = tmp_path / "init.npz"
    from lama.bots.neural import model
    from lama.bots.neural_train import save

    save(model("lama"), init)
    argv = ["train", "--init", str(init), "--rl-steps", "3000", "--rl-envs", "64", "--rl-evals", "1",
            "--rl-eval-games", "8", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["phase"] for p in summary["phases"]] == ["reinforcement"]
    assert summary["agent_steps"] >= 3000 and summary["agent_steps_per_second"] > 0
    assert len(summary["curve"]) == 2 and summary["curve"][0][2] == "reinforcement"
    assert {"neural-lama.npz", "curve.png", "checkpoint-rl-0.npz"} <= {p.name for p in out.iterdir()}


def test_train_reports_the_reinforcement_phase_rate_end_to_end_and_the_whole_run(tmp_path, capsys):
    from lama.bots.neural import model
    from lama.bots.neural_train import save

    init = tmp_path / "init.npz"
    save(model("lama"), init)
    argv = ["train", "--init", str(init), "--rl-steps", "2000", "--rl-envs", "32", "--rl-evals", "1",
            "--rl-eval-games", "4", "--rl-threads", "1", "--out", str(tmp_path / "rl"), "--quiet"]
    assert main(argv) == 0
    phase, run = capsys.readouterr().out.splitlines()
    assert phase.startswith("reinforcement: ") and "a second (end to end: engine, network, updates" in phase
    assert "1 thread)" in phase
    assert run.startswith("whole run: ") and "load average" in run


def test_train_init_that_is_not_a_model_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "bad.npz"
    bad.write_text("no")
    assert main(["train", "--init", str(bad), "--out", str(tmp_path / "o"), "--quiet"]) == 2
    assert "--init" in capsys.readouterr().err
