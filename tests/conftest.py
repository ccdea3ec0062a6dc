import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Tests read English unless they choose a language: the machine's locale variables play no
    part, and a test that switched the language (`lama ... --lang`) does not leak it."""
    from lama import i18n

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # English, and UTF-8 for the subprocesses
    token = i18n._current.set("en")
    yield
    i18n._current.reset(token)


@pytest.fixture
def pseudo_language(monkeypatch):
    """`--lang xx` taken, as only tests may (lama.i18n.PSEUDO_SWITCH): the scans of a command's
    output for text that bypassed the catalogs."""
    from lama.i18n import PSEUDO_SWITCH

    monkeypatch.setenv(PSEUDO_SWITCH, "1")


@pytest.hookimpl(trylast=True)  # after tests/e2e/conftest.py has marked its tests
def pytest_collection_modifyitems(items):
    """The slow tests first, in their order: xdist hands them out at the start, so that no worker is
    left with a long test when the others are done."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_configure(config):
    """With several workers (-n), compile the kernels into the cache first, in two processes:
    otherwise each worker, and each server or CLI process the tests start, compiles the same
    kernels side by side while the cache is cold (tools/warm_kernels.py). Nothing to do when warm."""
    import os
    import subprocess

    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or workers in (None, 0) or os.environ.get("LAMA_NUMBA", "1") == "0":
        return
    try:
        import numba  # noqa: F401
    except ImportError:
        return
    warm = Path(__file__).parent.parent / "tools" / "warm_kernels.py"
    parts = [subprocess.Popen([sys.executable, str(warm), "--part", f"{k}/2"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT) for k in (1, 2)]
    for part in parts:
        out, _ = part.communicate()
        if part.returncode:  # the tests that need the kernels fail with the reason; say it here too
            sys.stderr.write(f"tools/warm_kernels.py failed:\n{out.decode(errors='replace')[-2000:]}\n")
