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


# -- the libraries never reach up to the command line or the terminal game ----------------------

LIBRARIES = ("bots", "sim", "record", "match", "core", "games")
LIBRARY_MODULES = sorted(p for lib in LIBRARIES for p in (SRC / lib).rglob("*.py"))
FORBIDDEN = ("lama.cli", "lama.tui", "argparse")


def imported_names(source: str, module: str) -> list[str]:
    """Every module name `source` (the module `module`, e.g. lama.sim.report) imports, anywhere
    in it (functions included), relative imports resolved; for `from X import Y` both X and X.Y,
    since Y may be a module."""
    package = module.split(".")[:-1]
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            where = ".".join(base + ([node.module] if node.module else []))
            names.append(where)
            names += [f"{where}.{a.name}" for a in node.names]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) in ("import_module", "__import__")):
            names.append(node.args[0].value)
    return names


def forbidden(names: list[str]) -> list[str]:
    return [n for n in names if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)]


def test_the_import_check_sees_every_form_of_import():
    source = (
        "import json\n"
        "from . import stats\n"
        "def f():\n"
        "    import argparse\n"
        "    from ..tui.play import play\n"
        "    from lama import cli\n"
        "    importlib.import_module('lama.tui.render')\n"
        "from ..cli.types import positive\n"
    )
    assert sorted(forbidden(imported_names(source, "lama.sim.report"))) == [
        "argparse", "lama.cli", "lama.cli.types", "lama.cli.types.positive", "lama.tui.play",
        "lama.tui.play.play", "lama.tui.render"]
    assert forbidden(imported_names("from .bots import x\nimport lama.core\n", "lama.sim.report")) == []


@pytest.mark.parametrize("path", LIBRARY_MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_libraries_never_import_the_cli_the_tui_or_argparse(path):
    module = ".".join(("lama",) + path.relative_to(SRC).with_suffix("").parts)
    found = forbidden(imported_names(path.read_text(), module))
    assert not found, f"{path.relative_to(SRC)} imports {', '.join(found)}"


def test_every_library_has_modules():
    assert {p.relative_to(SRC).parts[0] for p in LIBRARY_MODULES} == set(LIBRARIES)
