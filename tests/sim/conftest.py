import sys
from pathlib import Path

HERE = Path(__file__).parent
if str(HERE) not in sys.path:  # for `tournament_bots:NAME` bots, here and in spawned workers
    sys.path.insert(0, str(HERE))


def pytest_configure(config):
    config.addinivalue_line("markers", "dask: starts a local Dask cluster on 127.0.0.1 (run alone: -m dask)")
