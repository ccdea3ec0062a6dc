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


def test_train_dmc_from_scratch_records_its_method_and_recipe_and_its_agent_plays(tmp_path, capsys):
    """--rl-method dmc: the network's scores learned as move values; the agent's meta says how."""
    _torch()
    from lama.bots.neural import agent_bot, read_agent

    out = tmp_path / "dmc"
    argv = ["train", "--no-heuristic-input", "--rl-method", "dmc", "--rl-until", "game", "--rl-epsilon", "0.1",
            "--rl-steps", "3000", "--rl-envs", "64", "--rl-lr", "0.001", "--rl-evals", "1", "--rl-eval-games", "8",
            "--rl-threads", "1", "--hidden", "32", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [(p["phase"], p["method"]) for p in summary["phases"]] == [("reinforcement", "dmc")]
    assert summary["agent_steps"] >= 3000 and len(summary["curve"]) == 2
    agent = read_agent(out / "neural-lama.npz", "lama")
    rl = agent.meta["recipe"]["reinforcement"]
    assert (rl["method"], rl["until"], rl["epsilon"], rl["envs"], rl["lr"]) == ("dmc", "game", 0.1, 64, 0.001)
    assert agent.meta["heuristic_input"] is False and agent.meta["stage"] == "the whole run"
    assert read_agent(out / "checkpoint-rl-0.npz", "lama").meta["stage"] == "DMC 0 steps"
    assert [w.shape for w in agent.weights] == [(68, 32), (32,), (32, 9), (9,)]
    assert callable(agent_bot(str(out / "neural-lama.npz")))
    with pytest.raises(SystemExit) as refused:
        main(["train", "--rl-method", "dmc", "--rl-until", "match", "--rl-steps", "10"])
    assert refused.value.code == 2 and "--rl-until: invalid choice: 'match'" in capsys.readouterr().err


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


def test_train_fits_on_the_labels_of_earlier_runs_and_refuses_labels_that_do_not_fit(tmp_path, capsys):
    """Labels made in parts (other runs, other machines) join a run's: --games 0 fits on them alone."""
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    for seed, labels in ((1, first), (2, second)):
        argv = ["train", "--rounds", "1", "--games", "1", "--samples", "12", "--epochs", "1", "--eval-games", "2",
                "--seed", str(seed), "--hidden", "8", "--labels", str(labels), "--out", str(tmp_path / f"r{seed}"),
                "--quiet", "--json"]
        assert main(argv) == 0
        capsys.readouterr()
    sizes = [len(np.load(f)["choice"]) for f in (first, second)]
    argv = ["train", "--rounds", "1", "--games", "0", "--add-labels", str(first), str(second), "--epochs", "1",
            "--eval-games", "2", "--hidden", "8", "--out", str(tmp_path / "fit"), "--quiet", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["positions"] == sum(sizes) > 0
    assert main(argv[:-1]) == 0  # in words: a fit, no games
    assert f"imitation: {sum(sizes):,} kept labels fitted in" in capsys.readouterr().out
    # labels of another game's features, a file that is no labels, nothing to fit: one line each
    bad = tmp_path / "bad.npz"
    bad.write_text("no")
    for extra, says in ((["--game", "komarami", "--add-labels", str(first)], "labels of lama, not of komarami"),
                        (["--add-labels", str(bad)], "not the labels of lama train"),
                        (["--games", "0"], "nothing to fit")):
        assert main(["train", "--rounds", "1", *extra, "--out", str(tmp_path / "x"), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.strip().splitlines()) == 1


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


def test_learning_from_scratch_never_reads_the_heuristic_and_its_agent_plays_so(tmp_path, capsys):
    """--no-heuristic-input: no imitation, the heuristic's choice zeroed in training and in play,
    said in the agent's meta; the bot and its compiled twin play it so."""
    _torch()
    import random

    from lama.bots.compiled.neural import NeuralPolicy
    from lama.bots.neural import agent_bot, read_agent
    from lama.fast.layout import STATE_SIZE
    from lama.fast.rules import rules_of
    from lama.fast.views import card_state_from_view
    from lama.games import new_game

    out = tmp_path / "scratch"
    argv = ["train", "--no-heuristic-input", "--rl-steps", "2000", "--rl-envs", "32", "--rl-evals", "1",
            "--rl-eval-games", "4", "--rl-threads", "1", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["phase"] for p in summary["phases"]] == ["reinforcement"]
    agent = read_agent(out / "neural-lama.npz", "lama")
    assert agent.meta["heuristic_input"] is False and "imitation" not in agent.meta["recipe"]
    bot = agent_bot(str(out / "neural-lama.npz"))
    game = new_game("lama", 4)
    policy = NeuralPolicy(game, rules_of(game), agent.weights, heuristic_input=False)
    state, rng = game.new_initial_state(), random.Random(4)
    views = []
    while not state.finished and len(views) < 60:
        if state.to_move is None:
            state.apply_chance(state.sample_chance(rng))
            continue
        view = state.view(state.to_move)
        views.append(view)
        state.apply(bot(view, rng))
    states = np.zeros((len(views), STATE_SIZE), dtype=np.int64)
    for st, view in zip(states, views, strict=True):
        card_state_from_view(view, game, st)
    chosen = policy(states, np.arange(len(views)))
    assert chosen.tolist() == [game.action_id(bot(v, rng)) for v in views]
    # the bot's choice is the network's on the features with the heuristic's block zeroed
    from lama.bots.neural import features, scores, slot_count, view_slot
    for view in views:
        if len(view.legal_actions) > 1:
            x = features(view)
            assert x[-slot_count("lama"):].any()
            x[-slot_count("lama"):] = 0.0
            out = scores(agent.weights, x)
            best = max(view.legal_actions, key=lambda a: out[view_slot(view, a)])
            assert bot(view, rng) == best
    assert main(["train", "--no-heuristic-input", "--out", str(tmp_path / "no"), "--quiet"]) == 2
    assert "--rl-steps" in capsys.readouterr().err


def _plays_every_decision_itself(path, game_id: str) -> None:
    """The agent file's bot makes every decision of a 3-player game with the network's own choice,
    never the heuristic's (the network has a slot for each legal action)."""
    from lama.bots.neural import agent_bot, fits, view_slot
    from lama.games import new_game
    from lama.match import Match

    bot = agent_bot(str(path))
    decided = []

    def watch(view, rng):
        if len(view.legal_actions) > 1:
            assert fits(view)
            decided.append(view_slot(view, bot(view, rng)))
        return bot(view, rng)

    Match(new_game(game_id, 3), [watch] * 3, seed=4).run()
    assert decided and None not in decided


def test_train_kadabra_labels_every_decision_and_its_agent_reads_kadabras_layout(tmp_path, capsys):
    """K4 gives, K7 skips and K9 stage takes are the network's to learn and play: the labels hold
    them, the agent records kadabra's layout, plays every decision itself, and a kadabra agent
    that says the card games' layout is refused."""
    from lama.bots.neural import (
        AgentError,
        feature_count,
        read_agent,
        save_agent,
        slot_count,
    )

    out, labels = tmp_path / "k", tmp_path / "labels.npz"
    argv = ["train", "--game", "kadabra", "--players", "3", "--rounds", "1", "--games", "2", "--samples", "30",
            "--eval-games", "20", "--labels", str(labels), "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["positions"] > 0 and len(summary["curve"]) == 1
    with np.load(labels) as data:
        assert data["legal"].shape[1] == slot_count("kadabra") and data["x"].shape[1] == feature_count("kadabra")
        gives = data["legal"][:, slot_count("kadabra") - 5:]  # the give slots: 1st to 5th seat after the mover
        assert gives[:, :2].any() and not gives[:, 2:].any()  # 3 players: two other seats
    path = out / "neural-kadabra.npz"
    agent = read_agent(path, "kadabra")
    assert agent.meta["layout"] == "kadabra-1" and agent.weights[-1].shape == (slot_count("kadabra"),)
    _plays_every_decision_itself(path, "kadabra")
    old = tmp_path / "old.npz"
    save_agent(old, agent.weights, {**agent.meta, "layout": "cards-1"})
    with pytest.raises(AgentError, match="layout 'cards-1'; this lama reads 'kadabra-1' for kadabra"):
        read_agent(old, "kadabra")


def test_train_dice_learns_every_decision(tmp_path, capsys):
    """Dice's network (layout dice-1: a slot per action id) trains end to end, its curve's games
    on the engine (compiled/features_dice reads its features there); the agent plays every
    decision of a dice game itself."""
    from lama.bots.neural import feature_count, read_agent, slot_count
    from lama.games import new_game

    out, labels = tmp_path / "d", tmp_path / "labels.npz"
    argv = ["train", "--game", "dice", "--players", "3", "--rounds", "1", "--games", "2", "--samples", "20",
            "--eval-games", "4", "--labels", str(labels), "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["positions"] > 0 and len(summary["curve"]) == 1 and 0.0 <= summary["win_share"] <= 1.0
    with np.load(labels) as data:
        assert data["legal"].shape[1] == slot_count("dice") == 128 and data["x"].shape[1] == feature_count("dice")
        kinds = {new_game("dice", 3).action_of(int(i)).kind for i in np.flatnonzero(data["legal"].any(axis=0))}
        assert {"roll", "quit"} <= kinds and kinds & {"discard", "take"}
    path = out / "neural-dice.npz"
    agent = read_agent(path, "dice")
    assert agent.meta["layout"] == "dice-1" and agent.weights[-1].shape == (128,)
    _plays_every_decision_itself(path, "dice")


def test_train_rollouts_improve_dice_on_the_engine(tmp_path, capsys):
    """Policy iteration by rollouts forks dice's engine rows too (the shipped dice model's recipe)."""
    _torch()
    from lama.bots.neural import read_agent

    path = Path(lama.__file__).parent / "data" / "neural-dice.npz"
    agent = read_agent(path, "dice")
    argv = ["train", "--game", "dice", "--players", "3", "--init", str(path), "--rl-method", "rollouts",
            "--rl-iterations", "1", "--rl-steps", "200", "--rl-envs", "12", "--rl-eval-games", "6", "--rl-threads", "1",
            "--out", str(tmp_path / "pi"), "--quiet", "--json"]
    assert main(argv) == 0
    (phase,) = json.loads(capsys.readouterr().out)["phases"]
    assert (phase["method"], phase["agent_steps"]) == ("rollouts", 200) and phase["rollout_steps"] > 200
    improved = read_agent(tmp_path / "pi" / "neural-dice.npz", "dice")
    assert improved.meta["layout"] == "dice-1" and improved.weights[0].shape[1] == 2 * agent.weights[0].shape[1]


def test_train_rollouts_fit_networks_of_the_hidden_widths_given_and_the_model_grows_by_them(tmp_path, capsys):
    """--hidden with rollouts from a model: each iteration's fitted network has those widths (a
    narrower one fits faster), each iteration's beside the model's."""
    _torch()
    from lama.bots.neural import hidden_widths, read_agent

    path = Path(lama.__file__).parent / "data" / "neural-dice.npz"
    agent = read_agent(path, "dice")
    argv = ["train", "--game", "dice", "--players", "3", "--init", str(path), "--rl-method", "rollouts",
            "--rl-iterations", "2", "--rl-steps", "100", "--rl-envs", "12", "--rl-eval-games", "6", "--rl-threads", "1",
            "--hidden", "16,8", "--out", str(tmp_path / "pi"), "--quiet", "--json"]
    assert main(argv) == 0
    json.loads(capsys.readouterr().out)
    grown = read_agent(tmp_path / "pi" / "neural-dice.npz", "dice")
    assert hidden_widths(grown.weights) == tuple(w + 2 * fitted for w, fitted in zip(hidden_widths(agent.weights),
                                                                                      (16, 8)))


def test_train_dmc_beside_the_imitation_model_doubles_its_width_and_records_the_prior(tmp_path, capsys):
    """--rl-prior: DMC's values learned beside the fixed model; the agent is the two as one network."""
    _torch()
    from lama.bots.neural import read_agent

    out = tmp_path / "prior"
    argv = ["train", "--init", SHIPPED, "--rl-method", "dmc", "--rl-prior", "0.5", "--rl-steps", "2000",
            "--rl-envs", "64", "--rl-evals", "1", "--rl-eval-games", "8", "--rl-threads", "1", "--out", str(out),
            "--quiet", "--json"]
    assert main(argv) == 0
    json.loads(capsys.readouterr().out)
    shipped, agent = read_agent(SHIPPED, "lama"), read_agent(out / "neural-lama.npz", "lama")
    assert agent.meta["recipe"]["reinforcement"]["prior"] == 0.5
    assert [w.shape[1] for w in agent.weights[:-2:2]] == [2 * w.shape[1] for w in shipped.weights[:-2:2]]


@pytest.mark.parametrize("argv, said", [
    (["--rl-prior", "1", "--init", SHIPPED, "--rl-steps", "10"], "--rl-prior keeps a starting model"),  # ppo
    (["--rl-prior", "1", "--rl-method", "dmc", "--rounds", "0", "--rl-steps", "10"], "improves a model: give --init"),
    (["--rl-method", "rollouts", "--rounds", "0", "--rl-steps", "10"], "rollouts improves a model: give --init"),
    (["--rl-prior", "1", "--rl-method", "dmc", "--init", SHIPPED], "--rl-prior keeps"),  # no steps
    (["--init", SHIPPED, "--hidden", "64,64", "--rl-steps", "10"], "the model keeps its own widths"),  # ppo
    (["--init", SHIPPED, "--hidden", "64,64", "--rl-method", "dmc", "--rl-steps", "10"], "the model keeps its own"),
])
def test_train_prior_or_rollouts_without_their_method_steps_and_a_model_is_a_clear_error(tmp_path, capsys, argv, said):
    assert main(["train", *argv, "--out", str(tmp_path / "o"), "--quiet"]) == 2
    assert said in capsys.readouterr().err


def test_train_prior_weight_must_be_a_number_of_zero_or_more(capsys):
    for bad in ("-1", "heavy", "inf"):
        with pytest.raises(SystemExit) as refused:
            main(["train", "--rl-prior", bad])
        assert refused.value.code == 2 and "a weight of 0 or more" in capsys.readouterr().err


def test_train_rollouts_improves_a_model_in_iterations_and_records_them(tmp_path, capsys):
    """--rl-method rollouts: a point of the curve after each iteration, each iteration a network of
    the model's width beside it, the forks' decisions counted apart."""
    _torch()
    from lama.bots.neural import read_agent

    out = tmp_path / "pi"
    argv = ["train", "--init", SHIPPED, "--rl-method", "rollouts", "--rl-iterations", "2", "--rl-steps", "600",
            "--rl-envs", "32", "--rl-eval-games", "8", "--rl-threads", "1", "--out", str(out), "--quiet", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    (phase,) = summary["phases"]
    assert (phase["method"], phase["agent_steps"]) == ("rollouts", 600) and phase["rollout_steps"] > 600
    assert [c[0] for c in summary["curve"]] == [0, 300, 600]
    shipped, agent = read_agent(SHIPPED, "lama"), read_agent(out / "neural-lama.npz", "lama")
    rl = agent.meta["recipe"]["reinforcement"]
    assert (rl["method"], rl["iterations"], rl["prior"]) == ("rollouts", 2, 0.3)
    assert agent.weights[0].shape[1] == 3 * shipped.weights[0].shape[1]
    assert read_agent(out / "checkpoint-rl-300.npz", "lama").weights[0].shape[1] == 2 * shipped.weights[0].shape[1]
