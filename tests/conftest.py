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


@pytest.hookimpl(trylast=True)  # after tests/e2e/conftest.py has marked its tests
def pytest_collection_modifyitems(items):
    """The slow tests first, in their order: xdist hands them out at the start, so that no worker is
    left with a long test when the others are done."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
