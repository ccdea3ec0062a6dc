"""A command whose extra is not installed says so in one line, with the extra to install, and
never shows a traceback: the CLI runs in a subprocess in which the extra's module cannot be
imported (a finder in front of sys.meta_path refuses it, as if it were not installed)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

WITHOUT = """
import sys

class NotInstalled:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {missing!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)

sys.meta_path.insert(0, NotInstalled())
from lama.cli import main
sys.exit(main({argv!r}))
"""


def run_without(missing: set[str], argv: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(SRC), "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
    code = WITHOUT.format(missing=missing, argv=argv)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("argv", [["train", "--help"], ["train"], ["train", "--rounds", "1"]])
def test_train_without_the_rl_extra_names_the_extra_in_one_line(argv):
    done = run_without({"gymnasium", "pettingzoo"}, argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "lama train: gymnasium is not installed; install the train extra: pip install -e '.[train]'"]


def test_train_without_torch_names_the_extra_in_one_line():
    """The reinforcement phase needs torch (the imitation fits with numpy: tests/cli/test_train.py)."""
    done = run_without({"torch"}, ["train", "--rounds", "0", "--rl-steps", "1000"])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        "lama train: torch is not installed; install the train extra: pip install -e '.[train]'"]


def test_serve_without_the_web_extra_names_the_extra_in_one_line():
    done = run_without({"uvicorn"}, ["serve"])
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "lama serve: uvicorn is not installed; install the web extra: pip install -e '.[web]'"]
