"""serve.py with the throwaway variant of tests/variant_game.py registered: at the top level,
so that the bot pool's spawned processes, which import this module (as __mp_main__), know it
too. Nothing else of the server is told about it. serve.py runs in this module's own namespace
(runpy would make it the main module, and the pool's processes would import it, not this)."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import lama.games  # noqa: E402
from variant_game import NinesGame  # noqa: E402

if NinesGame.id not in lama.games.GAMES:
    lama.games.register(NinesGame)

if __name__ == "__main__":
    exec(compile((HERE / "serve.py").read_text(encoding="utf-8"), str(HERE / "serve.py"), "exec"))
