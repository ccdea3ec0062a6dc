"""`lama serve` for the e2e tests, with one addition for seeded tables: when the file named by
LAMA_E2E_SEED_FILE exists, the next table created takes its seed from it (and the file is
removed). The server itself never lets a client choose a seed."""

import os
import sys
from pathlib import Path

import lama.web.hub as hub

seed_file = os.environ.get("LAMA_E2E_SEED_FILE")
if seed_file and __name__ == "__main__":
    random_seed = hub.new_seed

    def next_seed() -> int:
        path = Path(seed_file)
        try:
            text = path.read_text().strip()
            path.unlink()
        except FileNotFoundError:
            return random_seed()
        return int(text)

    hub.new_seed = next_seed

if __name__ == "__main__":  # not in the bot pool's spawned processes, which import this module
    from lama.cli import main

    sys.exit(main(["serve", *sys.argv[1:]]))
