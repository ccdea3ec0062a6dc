"""`lama train` on a tiny budget: the model file, a checkpoint per round and the learning curve."""

import json
from pathlib import Path

import numpy as np
import pytest

import lama
from lama.cli import main

SHIPPED = str(Path(lama.__file__).parent / "data" / "neural-lama.npz")

pytest.importorskip("matplotlib")


def _torch():  # the reinforcement phase's (the imitation fits with numpy)
    pytest.importorskip("torch")


def test_train_writes_a_model_the_bot_plays_checkpoints_and_a_curve(tmp_path, capsys):
    out = tmp_path / "run"
    argv = ["train", "--rounds", "2", "--games", "1", "--samples", "20", "--epochs", "1", "--eval-games", "2",
            "--seed", "3", "--rl-steps", "0", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["positions"] > 0 and len(summary["curve"]) == 2 and summary["agent_steps_per_second"] > 0
    assert {p.name for p in out.iterdir()} == {"checkpoint-0.npz", "checkpoint-1.npz", "neural-lama.npz", "curve.png"}

    from lama.bots.neural import LAYOUT, NeuralBot, feature_count, read_agent
    from lama.bots.neural_train import win_share

    agent = read_agent(out / "neural-lama.npz", "lama")
    assert agent.weights[0].shape[0] == feature_count("lama")
    assert 0.0 <= win_share(NeuralBot(agent.weights), "lama", 4, 4, 10**8) <= 1.0
    # the agent carries its recipe, seed, commit and feature layout
    assert agent.meta["layout"] == LAYOUT and agent.meta["seed"] == 3 and agent.meta["commit"]
    assert agent.meta["recipe"]["imitation"]["rounds"] == 2 and agent.meta["recipe"]["imitation"]["samples"] == 20


def test_train_bad_folder_is_a_clear_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["train", "--out", str(blocker / "sub"), "--quiet"]) == 2
    assert "--out" in capsys.readouterr().err


def test_train_reinforcement_from_a_model_reports_its_phase_checkpoints_and_curve(tmp_path, capsys):
    _torch()
    out = tmp_path / "rl"
    argv = ["train", "--init", SHIPPED, "--rl-steps", "3000", "--rl-envs", "64", "--rl-evals", "1",
            "--rl-eval-games", "8", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["phase"] for p in summary["phases"]] == ["reinforcement"]
    assert summary["agent_steps"] >= 3000 and summary["agent_steps_per_second"] > 0
    assert len(summary["curve"]) == 2 and summary["curve"][0][2] == "reinforcement"
    assert {"neural-lama.npz", "curve.png", "checkpoint-rl-0.npz"} <= {p.name for p in out.iterdir()}


def test_train_reports_the_reinforcement_phase_rate_end_to_end_and_the_whole_run(tmp_path, capsys):
    _torch()
    argv = ["train", "--init", SHIPPED, "--rl-steps", "2000", "--rl-envs", "32", "--rl-evals", "1",
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


def test_train_writes_the_labels_and_refuses_an_agent_of_another_game(tmp_path, capsys):
    out, labels = tmp_path / "v", tmp_path / "labels.npz"
    argv = ["train", "--rounds", "1", "--games", "2", "--samples", "12", "--epochs", "1", "--eval-games", "2",
            "--target", "values", "--opponents", "heuristic", "--behave", SHIPPED, "--hidden", "16",
            "--labels", str(labels), "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    with np.load(labels) as data:
        assert len(data["choice"]) == summary["positions"] > 0
        legal, values = data["legal"], data["values"]
        assert legal.any(axis=1).all() and (values[~legal] == 0).all() and ((values >= 0) & (values <= 1)).all()
    assert main(["train", "--game", "komarami", "--behave", SHIPPED, "--out", str(out), "--quiet"]) == 2
    assert "--behave" in (err := capsys.readouterr().err) and "an agent of lama, not of komarami" in err


def test_an_agent_of_another_feature_layout_is_refused(tmp_path):
    from lama.bots import UnknownBot, load_bot
    from lama.bots.neural import AgentError, read_agent, save_agent

    agent = read_agent(SHIPPED)
    old = tmp_path / "old.npz"
    save_agent(old, agent.weights, {**agent.meta, "layout": "cards-0"})
    with pytest.raises(AgentError, match="layout 'cards-0'; this lama reads"):
        read_agent(old)
    with pytest.raises(UnknownBot, match="retrain it"):
        load_bot(str(old))
    bare = tmp_path / "bare.npz"
    np.savez(bare, w0=agent.weights[0], b0=agent.weights[1])
    with pytest.raises(AgentError, match="records no feature layout"):
        read_agent(bare)
    with pytest.raises(UnknownBot, match="no such file"):
        load_bot(str(tmp_path / "missing.npz"))
    same = tmp_path / "same.npz"
    save_agent(same, agent.weights, agent.meta)
    bot = load_bot(str(same))  # a saved agent plays as a bot by its file's name
    assert all((a == b).all() for a, b in zip(bot.weights, agent.weights, strict=True))
