"""`lama serve` for the e2e tests, with two additions. Seeded tables: when the file named by
LAMA_E2E_SEED_FILE exists, the next table created takes its seed from it (and the file is
removed); the server itself never lets a client choose a seed. A clock the test moves: the
tables' clocks run LAMA_E2E_CLOCK_FILE's number of seconds ahead of the wall clock (the test
writes it to make a person's time run out, or their absence last, without waiting)."""

import os
import sys
from pathlib import Path

import lama.web.seats as seats

seed_file = os.environ.get("LAMA_E2E_SEED_FILE")
if seed_file and __name__ == "__main__":
    random_seed = seats.new_seed

    def next_seed() -> int:
        path = Path(seed_file)
        try:
            text = path.read_text().strip()
            path.unlink()
        except FileNotFoundError:
            return random_seed()
        return int(text)

    seats.new_seed = next_seed

clock_file = os.environ.get("LAMA_E2E_CLOCK_FILE")
if clock_file and __name__ == "__main__":
    import time

    import lama.web.app as app

    def ahead() -> float:
        try:
            return time.time() + float(Path(clock_file).read_text() or 0)
        except (FileNotFoundError, ValueError):
            return time.time()

    app.DEFAULT_CLOCK = ahead

if __name__ == "__main__":  # not in the bot pool's spawned processes, which import this module
    from lama.cli import main

    sys.exit(main(["serve", *sys.argv[1:]]))
