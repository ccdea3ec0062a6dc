"""Progress of long runs on standard error, with the time left: rewritten in place on a
terminal, a line at every tenth of the way in a log."""

from __future__ import annotations

import sys
import time

from lama.tui.width import columns, pad


def duration(seconds: float) -> str:
    """`45 s`, `6 min 32 s`, `2 h 05 min`: a duration as people read it."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Ticker:
    """`show(label, done, total)`: `label: 30% (done/total), about 4 min 10 s left`, the time
    left from the rate so far (`started`: when the work began, `time.perf_counter()`)."""

    def __init__(self, unit: str = "games", stream=None, started: float | None = None):
        self.unit = unit
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.started = time.perf_counter() if started is None else started
        self.label = None
        self.shown_tenth = -1
        self.width = 0

    def line(self, label: str, done: float, total: float, left: float | None = None) -> str:
        elapsed = time.perf_counter() - self.started
        if left is None and done:
            left = elapsed * (total - done) / done
        share = 0 if not total else min(1.0, done / total)
        count = f" ({done:,.0f}/{total:,.0f} {self.unit})" if self.unit else ""
        rest = "" if left is None or done >= total else f", about {duration(left)} left"
        return f"{label}: {share:.0%}{count}{rest}"

    def show(self, label: str, done: float, total: float, left: float | None = None) -> None:
        text = self.line(label, done, total, left)
        finished = done >= total
        if self.tty:
            line, self.width = pad(text, self.width), columns(text)  # the longer line before: blanked
            print(f"\r{line}", end="\n" if finished else "", file=self.stream, flush=True)
            return
        if label != self.label:  # a new piece of work (a strength cell) counts its tenths anew
            self.label, self.shown_tenth = label, -1
        tenth = int(10 * done / total) if total else 10
        if finished or tenth > self.shown_tenth:
            self.shown_tenth = tenth
            print(text, file=self.stream, flush=True)

    def end(self) -> None:
        """Leave the line that is being rewritten (an interrupted run)."""
        if self.tty and self.width:
            print(file=self.stream, flush=True)
            self.width = 0
