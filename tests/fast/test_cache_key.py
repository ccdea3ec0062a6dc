"""numba's cache follows the code (lama.fast.jitcache): the compiled kernels are cached under a
key of every source they are built from, so a change in a module a kernel merely calls or reads
a constant from compiles afresh instead of serving the old machine code."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import lama
from lama.fast import jitcache, kernel

SRC = Path(lama.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent.parent

# One game of the differential test (test_differential_cards.play_both) in a scratch copy of the
# package: exit 0 if the engine and the core agree at every step, 3 if they differ.
DIFFERENTIAL = """
import sys
import lama
assert lama.__file__.startswith(sys.argv[1]), lama.__file__  # the scratch copy, not the tree
from test_differential_cards import play_both
try:
    play_both("lama", 2, 0, False)
except AssertionError as differ:
    print("the engine and the core differ at", differ)
    sys.exit(3)
"""


def scratch_copy(tmp_path: Path) -> Path:
    package = tmp_path / "src" / "lama"
    shutil.copytree(SRC, package, ignore=shutil.ignore_patterns("__pycache__"))
    return package


def kernel_modules() -> list[str]:
    """Every lama module that defines a compiled kernel."""
    return sorted(
        "lama." + ".".join(path.relative_to(SRC).with_suffix("").parts)
        for path in SRC.rglob("*.py") if "@njit" in path.read_text(encoding="utf-8"))


def test_the_key_changes_with_every_keyed_file_and_with_no_other(tmp_path):
    package = scratch_copy(tmp_path)
    first = jitcache.key(package)
    keyed = jitcache.keyed_files(package)
    assert package / "fast" / "common.py" in keyed and package / "data" / "kadabra-deck.json" in keyed
    for path in keyed:
        data = path.read_bytes()
        path.write_bytes(data + b"\n")
        assert jitcache.key(package) != first, path
        path.write_bytes(data)
    assert jitcache.key(package) == first
    others = [path for path in package.rglob("*") if path.is_file() and path not in set(keyed)]
    assert package / "web" / "hub.py" in others
    for path in others:  # all at once: the key reads none of them
        path.write_bytes(path.read_bytes() + b"\n")
    assert jitcache.key(package) == first
    (package / "games" / "party.py").write_text("ANOTHER_GAME = 1\n", encoding="utf-8")
    assert jitcache.key(package) != first  # a new module of a keyed package is keyed too


def test_the_key_covers_every_module_the_kernels_import(tmp_path):
    """A kernel compiles in constants from any module imported on its way: every lama module
    that the kernels' modules import, directly or not, must be keyed."""
    modules = kernel_modules()
    assert "lama.fast.common" in modules and "lama.sim.compiled_match" in modules
    script = ("import importlib, json, sys\n"
              f"for name in {modules!r}: importlib.import_module(name)\n"
              "print(json.dumps([m.__file__ for name, m in sys.modules.items()"
              " if name.split('.')[0] == 'lama' and getattr(m, '__file__', None)]))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "LAMA_NUMBA_CACHE": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-3000:]
    imported = {Path(f).resolve() for f in json.loads(done.stdout)}
    assert Path(jitcache.__file__).resolve() in imported
    assert imported - set(jitcache.keyed_files()) == set()


def test_every_kernel_is_decorated_by_the_kernel_module():
    """The cache is pointed at its key directory when lama.fast.kernel is imported: a kernel
    decorated with numba's own jit could be placed before that."""
    numbas_own = re.compile(r"from numba import [^\n]*\bn?jit\b|\bnumba\.n?jit\b|@jit\b")
    ours = re.compile(r"^from (lama\.fast)?\.?kernel import [^\n]*\bnjit\b", re.M)
    for name in kernel_modules():
        if name != "lama.fast.kernel":
            text = (SRC / Path(*name.split(".")[1:])).with_suffix(".py").read_text(encoding="utf-8")
            assert ours.search(text) and not numbas_own.search(text), name


def test_the_oldest_key_directories_are_pruned(tmp_path):
    for age, name in enumerate(["0123456789abcdef", "fedcba9876543210", "00000000aaaaaaaa"]):
        (tmp_path / name).mkdir()
        os.utime(tmp_path / name, (1000 - age, 1000 - age))
    (tmp_path / "not-a-key").mkdir()
    os.utime(tmp_path / "not-a-key", (1, 1))
    jitcache.prune(tmp_path, keep=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0123456789abcdef", "fedcba9876543210", "not-a-key"]


@pytest.mark.slow
@pytest.mark.skipif(not kernel.COMPILED, reason="numba's cache: without numba nothing is compiled")
def test_a_change_in_a_helper_module_is_not_served_from_a_warm_cache(tmp_path):
    """The issue's trap: penalty_of (fast/common.py) is inlined into the card kernels of
    fast/cards.py, whose file numba alone keys their cache on. With the cache warm, make every
    llama cost 11: the differential test must now fail, not pass on the old machine code."""
    package = scratch_copy(tmp_path)
    cache = tmp_path / "cache"
    env = {**os.environ, "LAMA_NUMBA_CACHE": str(cache),
           "PYTHONPATH": os.pathsep.join([str(package.parent), str(TESTS), str(TESTS / "fast")])}
    env.pop("LAMA_NUMBA", None)

    def differential():
        return subprocess.run([sys.executable, "-c", DIFFERENTIAL, str(package.parent)],
                              env=env, capture_output=True, text=True, timeout=600)

    done = differential()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (warm,) = cache.iterdir()
    assert list(warm.rglob("*.nbi")), "the first run left no compiled kernel in the cache"

    common = package / "fast" / "common.py"
    text = common.read_text(encoding="utf-8")
    assert text.count("+ 10 * llamas") == 1
    common.write_text(text.replace("+ 10 * llamas", "+ 11 * llamas"), encoding="utf-8")
    done = differential()
    assert done.returncode == 3, done.stdout[-3000:] + done.stderr[-3000:]
    assert len(list(cache.iterdir())) == 2  # the old key's kernels stay for the old code
