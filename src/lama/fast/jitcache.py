"""Where numba keeps the compiled kernels: in a directory named by a hash of every source they
are built from, so that a change in any of them compiles the kernels afresh.

numba's own cache (cache=True) is keyed on the file that defines a kernel only, yet a kernel
compiles in every kernel it calls and every module constant it reads: the layout's offsets,
the helpers of fast/common.py, a game's constants, the heuristics' thresholds. Changing one of
those left a warm cache serving the old machine code, and the differential tests passing. Here
the key covers them all: the files KEYED names (relative to the lama package, wherever it is
installed), hashed once when lama.fast.kernel is imported, and numba's cache directory is
<base>/<key>, base being LAMA_NUMBA_CACHE if set, else $XDG_CACHE_HOME/lama/numba (by default
~/.cache/lama/numba). The KEEP most recently used key directories stay; older ones are removed
when a new one is made.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # the lama package

# Every source a compiled kernel may be built from, as globs relative to the lama package: the
# modules that define kernels, every lama module they import, directly or not (a constant can be
# computed anywhere on the way), and the data files those modules read when imported.
# tests/fast/test_cache_key.py checks that the modules here cover all the kernels' imports.
KEYED = (
    "__init__.py",
    "fast/*.py",
    "bots/*.py",
    "bots/compiled/*.py",
    "core/*.py",
    "games/*.py",
    "data/*.json",
    "envs/__init__.py",
    "envs/aec.py",
    "envs/batch.py",
    "envs/compiled_observe.py",
    "envs/info_state.py",
    "envs/mirror.py",
    "envs/observation.py",
    "envs/opponents.py",
    "envs/render.py",
    "envs/rewards.py",
    "envs/training.py",
    "match/*.py",
    "record/*.py",
    "review/__init__.py",
    "review/chances.py",
    "sim/__init__.py",
    "sim/compiled_match.py",
)

KEEP = 8
KEY_NAME = re.compile(r"[0-9a-f]{16}")  # only such directories are ever removed


def keyed_files(package: Path = PACKAGE) -> list[Path]:
    """The files of the key, in a fixed order."""
    return sorted({path for pattern in KEYED for path in package.glob(pattern) if path.is_file()})


def key(package: Path = PACKAGE) -> str:
    """16 hex digits that change whenever a keyed file changes (its name or any byte)."""
    digest = hashlib.sha256()
    for path in keyed_files(package):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(package).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


def base() -> Path:
    """The directory that holds the key directories."""
    chosen = os.environ.get("LAMA_NUMBA_CACHE")
    if chosen:
        return Path(chosen)
    caches = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(caches) / "lama" / "numba"


def prune(parent: Path, keep: int = KEEP) -> None:
    """Remove the key directories of parent beyond the `keep` most recently used. A process
    still running older code loses nothing but its cache: numba makes its directory again."""
    keyed = [d for d in parent.iterdir() if KEY_NAME.fullmatch(d.name) and d.is_dir()]
    keyed.sort(key=lambda d: d.stat().st_mtime, reverse=True)
    for old in keyed[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def key_directory() -> Path:
    """This code's key directory, made if new (pruning the old ones) and marked as used now.
    Where the base cannot be written, a temporary directory: never numba's own __pycache__."""
    name = key()
    for parent in (base(), Path(tempfile.gettempdir()) / "lama-numba"):
        directory = parent / name
        try:
            new = not directory.is_dir()
            directory.mkdir(parents=True, exist_ok=True)
            os.utime(directory)  # its last use, which prune reads
            if new:
                prune(parent)
            return directory
        except OSError:
            continue
    return directory


def use_keyed_cache() -> Path:
    """Point numba's cache at the key directory. Called by lama.fast.kernel, which every module
    with a kernel imports `njit` from, so before any kernel is decorated (numba places a
    kernel's cache when decorating it). Both the variable and the config: numba reads the
    variable again before each compilation."""
    import numba

    directory = str(key_directory())
    os.environ["NUMBA_CACHE_DIR"] = directory
    numba.config.CACHE_DIR = directory
    return Path(directory)
