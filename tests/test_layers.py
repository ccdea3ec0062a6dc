"""The dependency rule (ARCHITECTURE.md): the rules core and the games import only
the standard library and each other; nothing above them, no randomness of their own. Every
package imports only from the layers below it (LAYERS), so no package cycle; the compiled
engine is rules only; no library prints. And one object per game: no module outside
lama/games tests a game's id."""

import ast
import sys
from pathlib import Path

import pytest

from lama.games import GAMES

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

LIBRARIES = ("bots", "review", "sim", "record", "match", "core", "games", "fast", "bench")
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


# -- one object per game: no module outside lama/games tests a game's id ----------------------

GAME_IDS = frozenset(GAMES)
OUTSIDE_GAMES = sorted(p for p in SRC.rglob("*.py") if (SRC / "games") not in p.parents)
# (module, literal): game ids that appear in a compare or as a key for another reason
ALLOWED = {
    ("cli/play.py", "dice"),  # the `dice` option of `lama play --dice`, not the game
    ("core/view.py", "dice"),  # the View's field `dice` (the dice faces), in its JSON field list
}


def _docstrings(tree) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def game_id_uses(tree) -> list[tuple[int, str]]:
    """Game-id string constants compared (==, !=, in), used as a dict key or subscript, or
    listed in a tuple, list or set (a table of games), with their line numbers."""
    skip = _docstrings(tree)
    found = {}

    def check(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAME_IDS:
            if id(node) not in skip:
                found[id(node)] = (node.lineno, node.col_offset, node.value)
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            for elt in node.elts:
                check(elt)

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                check(operand)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    check(key)
        elif isinstance(node, ast.Subscript):
            check(node.slice)
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            check(node)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "get" and node.args:
            check(node.args[0])
    return [(line, value) for line, _, value in sorted(found.values())]


@pytest.mark.parametrize("path", OUTSIDE_GAMES, ids=lambda p: str(p.relative_to(SRC)))
def test_only_the_game_modules_know_game_ids(path):
    """What differs between games is asked of the game object (lama.games, Game.hook), never
    found by testing an id or looking it up in a table keyed by ids."""
    module = str(path.relative_to(SRC))
    uses = [(line, value) for line, value in game_id_uses(ast.parse(path.read_text()))
            if (module, value) not in ALLOWED]
    assert not uses, f"{module} uses game ids: " + ", ".join(f"line {line}: {value!r}" for line, value in uses)


def test_the_game_id_check_finds_what_it_should():
    code = '''
"""A docstring naming "lama" is fine."""
NAMES = {"lama": 1}
LEAN = ("lama", "komarami")
def f(view, state, table):
    """So is "dice" here."""
    print("kadabra")  # an argument: fine
    return (view.game == "kadabra" or state.game.id != "dice" or view.game in ("lama",) or table["lama"]
            or table.get("dice"))
'''
    assert [v for _, v in game_id_uses(ast.parse(code))] == ["lama", "lama", "komarami", "kadabra", "dice", "lama",
                                                             "lama", "dice"]


def test_every_game_declares_what_it_is():
    """Name, rules text, options with their help, and every hook the drivers ask for."""
    for game_id, cls in GAMES.items():
        assert cls.id == game_id and cls.name and cls.state_class is not None
        assert cls.rules_text().startswith("# ")
        options = cls.all_options()
        assert [o.name for o in options][:2] == ["target", "first_player"]
        assert all(o.description for o in options) and len({o.name for o in options}) == len(options)
        for hook in ("record_moves", "heuristic", "determinizer", "rollout_policy"):
            assert cls.hook(hook) is not None, (game_id, hook)
        for hook in ("compiled_search", "heuristic_moves"):
            assert getattr(cls, hook) is None or cls.hook(hook) is not None, (game_id, hook)
        assert cls.hook("heuristic") is cls.hook("heuristic")  # resolved once
        assert isinstance(cls.hard_samples, int) and cls.hard_samples > 0


# -- the layers: every package imports only from the layers below it ------------------------
# The order, lowest first, as the code stands (ARCHITECTURE.md, "One home for every fact"): the
# rules core; the games on it; the record format and the compiled engine (rules only), each on
# the games and neither on the other; the drivers (Table, Match); the bots (their compiled twins
# on the engine, in bots/compiled); the game review (on the bots' searches); the simulations
# (tournaments, strength, the compiled tournaments); the learning environments; the terminal game
# and the web server, side by side; the benchmarks and the load client (which measure all of
# these, the server from outside); the command line over everything. A
# package may import its own modules and any package of a lower layer, never one of its own
# layer or above; so no two packages import each other, directly or round a cycle.
# (Game hooks that name a bots module as a string, e.g. compiled_search, are late bindings on
# purpose: the games say which bot is theirs, and the bots are loaded only when asked for.)

LAYERS = (("core",), ("games",), ("record", "fast"), ("match",), ("bots",), ("review",), ("sim",), ("envs",),
          ("spiel",), ("i18n",), ("online",), ("tui", "web"), ("bench",), ("cli",), ("__main__",))
LAYER = {package: level for level, packages in enumerate(LAYERS) for package in packages}
ROOT_MODULES = ("__init__",)  # lama/__init__.py: the version, importing nothing


def package_of(name: str, packages) -> str | None:
    """The package of lama a module name is in (lama.fast.kernel: fast), or None (not lama's,
    or lama itself: `from lama import __version__`)."""
    parts = name.split(".")
    return parts[1] if parts[0] == "lama" and len(parts) > 1 and parts[1] in packages else None


def package_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """{package: the other packages it imports}, from {module name: source}: lama.bots.rollout's
    package is bots, lama.__main__'s is __main__."""
    packages = {module.split(".")[1] for module in sources if module.count(".") >= 1}
    graph = {p: set() for p in packages}
    for module, source in sources.items():
        here = module.split(".")[1]
        for name in imported_names(source, module):
            there = package_of(name, packages)
            if there is not None and there != here:
                graph[here].add(there)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle of the graph, each once, as a path from its smallest node back to it."""
    found = []

    def walk(path):
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt == path[0]:
                found.append(path + [nxt])
            elif nxt > path[0] and nxt not in path:
                walk(path + [nxt])

    for start in sorted(graph):
        walk([start])
    return found


def upward(graph: dict[str, set[str]], layer: dict[str, int]) -> list[tuple[str, str]]:
    """The imports of a package from one of its own layer or above (or of a package without a
    layer: every package needs a place in LAYERS)."""
    return sorted((a, b) for a, targets in graph.items() for b in targets
                  if a not in layer or b not in layer or layer[b] >= layer[a])


def lama_sources() -> dict[str, str]:
    sources = {}
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).with_suffix("")
        if rel.parts[0] in ROOT_MODULES:
            continue
        sources[".".join(("lama",) + rel.parts)] = path.read_text()
    return sources


def test_the_layer_check_finds_cycles_and_imports_upward():
    sources = {
        "lama.low.a": "from lama.high import b\nimport json\n",
        "lama.high.b": "from ..low.a import x\nfrom . import c\n",
        "lama.high.c": "def f():\n    import lama.top.d\n",
        "lama.top.d": "from lama import __version__\nfrom lama.low import a\n",
        "lama.side.e": "from lama.top.d import y\n",
    }
    graph = package_graph(sources)
    assert graph == {"low": {"high"}, "high": {"low", "top"}, "top": {"low"}, "side": {"top"}}
    assert cycles(graph) == [["high", "low", "high"], ["high", "top", "low", "high"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    layer = {"low": 0, "high": 1, "top": 2, "side": 2}
    assert upward(graph, layer) == [("high", "top"), ("low", "high"), ("side", "top")]
    assert upward({"a": {"b"}}, {"a": 1}) == [("a", "b")]  # b has no layer


def test_no_package_cycle_and_no_import_upward():
    graph = package_graph(lama_sources())
    assert set(graph) == set(LAYER), "every package of lama has a layer in LAYERS, and only they"
    assert cycles(graph) == []
    assert upward(graph, LAYER) == []


# the rules say what the compiled engine and the server must never reach, whatever the layers:
# the engine is rules only (the compiled bots and drivers live with the bots and drivers), and
# the server plays its games itself, not through the simulations
NEVER = {
    "fast": ("lama.bots", "lama.sim", "lama.envs", "lama.web", "lama.match", "lama.tui", "lama.cli"),
    "web": ("lama.sim",),
}


def never_imported(names: list[str], prefixes) -> list[str]:
    return sorted({n for n in names if any(n == p or n.startswith(p + ".") for p in prefixes)})


@pytest.mark.parametrize("path", sorted(p for package in NEVER for p in (SRC / package).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(SRC)))
def test_the_engine_and_the_server_never_import_above_their_place(path):
    module = ".".join(("lama",) + path.relative_to(SRC).with_suffix("").parts)
    found = never_imported(imported_names(path.read_text(), module), NEVER[path.relative_to(SRC).parts[0]])
    assert not found, f"{path.relative_to(SRC)} imports {', '.join(found)}"


def test_the_never_check_sees_relative_imports():
    names = imported_names("from ..bots.compiled import policies\nfrom .kernel import njit\n", "lama.fast.match")
    assert never_imported(names, NEVER["fast"]) == ["lama.bots.compiled", "lama.bots.compiled.policies"]
    assert never_imported(imported_names("from lama.match.process import die_with\n", "lama.web.hub"),
                          NEVER["web"]) == []
    assert never_imported(imported_names("from lama.sim.backends import die_with\n", "lama.web.hub"),
                          NEVER["web"]) == ["lama.sim.backends", "lama.sim.backends.die_with"]


# -- no library prints: what people read is the command line's and the terminal's to show ----

TERMINAL = ("cli", "tui", "__main__")  # these may print
PRINTING_MODULES = ("rich.console", "rich.progress", "rich.live", "rich.print")
# modules that print for now, to move out to the command line or the terminal (may only shrink)
STILL_PRINTING: set[str] = set()
QUIET_MODULES = sorted(p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] not in TERMINAL)


def prints(source: str, module: str) -> list[str]:
    """What in `source` writes to the terminal: print(...), sys.stdout/stderr.write(...), rich's
    printing (its console, progress bars, live displays, print) imported."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "print":
                found.append(f"line {node.lineno}: print")
            elif (isinstance(func, ast.Attribute) and func.attr in ("write", "writelines")
                  and isinstance(func.value, ast.Attribute) and func.value.attr in ("stdout", "stderr")):
                found.append(f"line {node.lineno}: {func.value.attr}.{func.attr}")
    for name in imported_names(source, module):
        if name in PRINTING_MODULES or name == "rich" or name.startswith(tuple(m + "." for m in PRINTING_MODULES)):
            found.append(f"imports {name}")
    return found


def test_the_print_check_finds_every_way_to_print():
    source = (
        "import sys\n"
        "from rich.table import Table\n"  # a table is data until something prints it
        "def f(console):\n"
        "    print('x')\n"
        "    sys.stderr.write('y')\n"
        "    from rich.console import Console\n"
        "    from rich import print as rprint\n"
        "    console.log('fine: a console passed in')\n"
        "    logger.info('fine: logging')\n"
    )
    assert prints(source, "lama.bots.hints") == ["line 4: print", "line 5: stderr.write", "imports rich.console",
                                                 "imports rich.console.Console", "imports rich",
                                                 "imports rich.print"]
    assert prints("import logging\nlogging.getLogger(__name__).warning('w')\n", "lama.web.hub") == []


@pytest.mark.parametrize("path", QUIET_MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_library_module_prints(path):
    """Libraries return data (or log); the command line and the terminal game show it."""
    rel = str(path.relative_to(SRC))
    module = ".".join(("lama",) + path.relative_to(SRC).with_suffix("").parts)
    found = prints(path.read_text(), module)
    if rel in STILL_PRINTING:
        assert found, f"{rel} prints no more: take it off STILL_PRINTING"
    else:
        assert not found, f"{rel} prints ({'; '.join(found)}): return the data, let cli/ or tui/ show it"


# -- the page learns each game from the server: no game id in its JavaScript -------------------

STATIC_JS = sorted((SRC / "web" / "static").glob("*.js"))
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
_REGEX_KEYWORDS = {"return", "typeof", "case", "of", "in", "do", "else", "void", "yield", "await"}


def js_literals(source: str) -> list[tuple[int, str, str]]:
    """The string literals ('...', "...", and `...` without substitutions, also those inside
    a template's ${...}) and the identifier keys of object literals ({ key: ... }) of a
    JavaScript source, as (line, kind, value) with kind "string" or "key"; comments and regex
    literals are skipped."""
    out = []
    n = len(source)
    prev = ""  # the last significant character (or keyword) before i: tells a regex from a division

    def line(at):
        return source.count("\n", 0, at) + 1

    def read_quoted(i, quote):
        j, chars = i + 1, []
        while j < n and source[j] != quote:
            if source[j] == "\\":
                chars.append(source[j + 1:j + 2])
                j += 2
            else:
                chars.append(source[j])
                j += 1
        return j + 1, "".join(chars)

    def read_template(i):
        """From the opening backtick; returns the index after the closing one."""
        j, chars, parts = i + 1, [], 0
        while j < n and source[j] != "`":
            if source[j] == "\\":
                chars.append(source[j + 1:j + 2])
                j += 2
            elif source.startswith("${", j):
                parts += 1
                j = scan(j + 2, "}")
            else:
                chars.append(source[j])
                j += 1
        if not parts:
            out.append((line(i), "string", "".join(chars)))
        return j + 1

    def scan(i, until=None):
        nonlocal prev
        depth = 0
        while i < n:
            c = source[i]
            if until and c == until and depth == 0:
                return i + 1
            if c in "{[(":
                depth += 1
            elif c in "}])":
                depth -= 1
            if source.startswith("//", i):
                i = source.find("\n", i)
                i = n if i < 0 else i
                continue
            if source.startswith("/*", i):
                end = source.find("*/", i + 2)
                i = n if end < 0 else end + 2
                continue
            if c in "'\"":
                start = i
                i, value = read_quoted(i, c)
                out.append((line(start), "string", value))
                prev = "a"
                continue
            if c == "`":
                i = read_template(i)
                prev = "a"
                continue
            if c == "/" and (prev in _REGEX_AFTER or prev in _REGEX_KEYWORDS):
                j, in_class = i + 1, False
                while j < n and source[j] != "\n" and (in_class or source[j] != "/"):
                    if source[j] == "\\":
                        j += 1
                    elif source[j] == "[":
                        in_class = True
                    elif source[j] == "]":
                        in_class = False
                    j += 1
                i = j + 1
                prev = "a"
                continue
            if c.isalpha() or c in "_$":
                j = i
                while j < n and (source[j].isalnum() or source[j] in "_$"):
                    j += 1
                word = source[i:j]
                before = source[:i].rstrip()[-1:]
                after = source[j:].lstrip()[:1]
                if before in ("{", ",") and after == ":":
                    out.append((line(i), "key", word))
                prev = word if word in _REGEX_KEYWORDS else "a"
                i = j
                continue
            if not c.isspace():
                prev = c
            i += 1
        return i

    scan(0)
    return out


def js_game_ids(source: str, ids=GAME_IDS) -> list[tuple[int, str]]:
    return [(line, value) for line, _, value in js_literals(source) if value in ids]


def test_the_js_game_id_check_finds_what_it_should():
    code = r'''
// a comment naming "lama" is fine, /* so is "dice" here */
const NAMES = { lama: "L.L.A.M.A.", "komarami": 1 };
if (g.id === "kadabra" || view.game !== 'dice') go(`lama`);
const re = /^[1-6lL/*+]$/, d = a / 2, q = /"dice"/;
const t = `Die ${x === "dice" ? "komarami" : `kadabra`}: ${view.dice} lama.name`;
const fine = ["lama.name", `dice${fresh}`, view.dice, a ? dice : b, { faces: "dice-faces" }];
'''
    assert js_game_ids(code) == [(3, "lama"), (3, "komarami"), (4, "kadabra"), (4, "dice"), (4, "lama"),
                                 (6, "dice"), (6, "komarami"), (6, "kadabra")]


@pytest.mark.parametrize("path", STATIC_JS, ids=lambda p: p.name)
def test_the_page_tests_no_game_id(path):
    """The browser learns each game from GET /api/games (Game.describe): its scripts never
    name a game (no `g.id === "kadabra"`, no table keyed by game ids)."""
    uses = js_game_ids(path.read_text())
    assert not uses, f"static/{path.name} names game ids: " + ", ".join(f"line {line}: {v!r}" for line, v in uses)
