"""The dependency rule (ARCHITECTURE.md): the rules core and the games import only
the standard library and each other; nothing above them, no randomness of their own."""

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "lama"
PURE = sorted((SRC / "core").glob("*.py")) + sorted((SRC / "games").glob("*.py"))


@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_core_and_games_use_only_the_standard_library(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import inside the package
                continue
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top == "lama":
                assert name.startswith(("lama.core", "lama.games")), f"{path.name} imports {name}"
            else:
                assert top in sys.stdlib_module_names, f"{path.name} imports {name}"
                assert top != "random", f"{path.name} imports random: randomness belongs to drivers"
