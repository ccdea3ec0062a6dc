"""Progress lines with the time left, in a log (no terminal): a line as each piece starts and at
every tenth of it."""

import io

from lama.cli.progress import Ticker, duration


def test_durations_read_as_people_say_them():
    assert [duration(s) for s in (0.4, 45, 392, 7500)] == ["0 s", "45 s", "6 min 32 s", "2 h 05 min"]


def test_a_log_gets_each_tenth_of_each_piece_with_the_time_left():
    out = io.StringIO()
    ticker = Ticker(stream=out)
    for label in ("cell 1/2", "cell 2/2"):
        for done in range(1, 101):
            ticker.show(label, done, 100, left=100 - done)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 * 11  # the first game, then every tenth
    assert lines[0] == "cell 1/2: 1% (1/100 games), about 1 min 39 s left"
    assert lines[1] == "cell 1/2: 10% (10/100 games), about 1 min 30 s left"
    assert lines[11].startswith("cell 2/2: 1%") and lines[-1] == "cell 2/2: 100% (100/100 games)"
