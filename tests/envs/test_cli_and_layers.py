"""`lama bench-env`, and where lama.envs sits: above the core, below nothing it may not import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lama.cli import main
from test_layers import SRC, forbidden, imported_names


def test_bench_env_json_reports_env_and_core_rates(capsys):
    assert main(["bench-env", "--game", "kadabra", "--players", "3", "--steps", "300", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "kadabra" and result["players"] == 3
    assert result["steps"] >= 300
    assert result["steps_per_s"] > 0 and result["core_decisions_per_s"] > 0
    assert result["ratio"] == pytest.approx(result["steps_per_s"] / result["core_decisions_per_s"])
    assert result["observation_size"] == 28 * 3 + 62


def test_bench_env_repeat_reports_the_spread(capsys):
    assert main(["bench-env", "--game", "dice", "--steps", "100", "--repeat", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["runs"] == 3
    assert result["steps_per_s_min"] <= result["steps_per_s"] <= result["steps_per_s_max"]
    assert result["ratio_min"] <= result["ratio"] <= result["ratio_max"]


def test_bench_env_text(capsys):
    assert main(["bench-env", "--players", "2", "--steps", "50"]) == 0
    out = capsys.readouterr().out
    assert "steps/s" in out and "decisions/s" in out and "env / core" in out


def test_bench_env_bad_players_is_a_clear_error(capsys):
    assert main(["bench-env", "--players", "9", "--steps", "10"]) == 2
    assert "2 to 6 players" in capsys.readouterr().err


def test_help_loads_neither_gymnasium_nor_pettingzoo(tmp_path):
    import lama

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(lama.__file__).parents[1]), env.get("PYTHONPATH")]))
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "lama", "--help"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    assert proc.returncode == 0 and "bench-env" in proc.stdout
    modules = {line.rpartition("|")[2].strip().split(".")[0] for line in proc.stderr.splitlines()
               if line.startswith("import time:")}
    assert "lama" in modules
    assert not modules & {"gymnasium", "pettingzoo", "numpy"}


ENV_MODULES = sorted((SRC / "envs").rglob("*.py"))


@pytest.mark.parametrize("path", ENV_MODULES, ids=lambda p: p.name)
def test_envs_never_import_the_cli_nor_the_tui(path):
    module = ".".join(("lama",) + path.relative_to(SRC).with_suffix("").parts)
    assert not forbidden(imported_names(path.read_text(), module))


def test_the_envs_package_has_its_modules():
    assert {p.name for p in ENV_MODULES} >= {"__init__.py", "aec.py", "gym_env.py", "observation.py"}
