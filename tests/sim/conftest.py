import signal
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:  # for `tournament_bots:NAME` bots, here and in spawned workers
    sys.path.insert(0, str(HERE))


def pytest_configure(config):
    config.addinivalue_line("markers", "dask: starts a local Dask cluster on 127.0.0.1 (run alone: -m dask)")


@pytest.fixture
def ctrl_c():
    """Ctrl-C (SIGINT) raises KeyboardInterrupt in this process, as in a terminal, whatever the process
    inherited: a command a shell starts in the background (`.ci/run &`, a CI runner) ignores SIGINT,
    and Python keeps it ignored (the strength test then failed with `assert 0 == 130`)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
