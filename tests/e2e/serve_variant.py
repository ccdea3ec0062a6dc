"""serve.py with the throwaway variant of tests/variant_game.py registered: at the top level,
so that the bot pool's spawned processes, which import this module (as __mp_main__), know it
too. Nothing else of the server is told about it."""

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import lama.games  # noqa: E402
from variant_game import NinesGame  # noqa: E402

if NinesGame.id not in lama.games.GAMES:
    lama.games.register(NinesGame)

if __name__ == "__main__":
    runpy.run_path(str(HERE / "serve.py"), run_name="__main__")
