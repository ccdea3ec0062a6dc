"""Helpers to drive `lama play` end to end: a scripted person at the terminal."""

from __future__ import annotations

import builtins

import pytest

from lama.record import load_record, replay


class Terminal:
    """Stands in for the person: `builtins.input` is patched to `answer`, which sees everything
    printed so far (through capsys) and the true game (by replaying the record saved so far),
    and answers with `script(terminal)` or, when the script returns None, with a legal move."""

    def __init__(self, capsys, record_path, script=None, limit=5000):
        self.capsys = capsys
        self.record_path = record_path
        self.script = script
        self.transcript = ""
        self.screens: list[str] = []  # output printed before each prompt
        self.prompts = 0
        self.limit = limit

    def state(self):
        return replay(load_record(self.record_path))

    def answer(self, prompt=""):
        out = self.capsys.readouterr().out
        self.transcript += out
        self.screens.append(out)
        self.prompts += 1
        if self.prompts > self.limit:
            raise EOFError
        reply = self.script(self) if self.script else None
        if reply is None:
            reply = self.default_reply()
        if reply is EOFError:
            raise EOFError
        return reply

    def last_line(self) -> str:
        lines = self.transcript.rstrip("\n").split("\n")
        return lines[-1] if lines else ""

    def default_reply(self) -> str:
        if "press enter" in self.last_line().lower():
            return ""
        state = self.state()
        legal = state.legal_actions()
        for kind in ("play", "draw", "quit"):
            for a in legal:
                if a.kind == kind:
                    return {"play": a.card, "draw": "draw", "quit": "Q"}[kind]
        raise AssertionError(f"no move for {legal}")

    def finish(self) -> str:
        self.transcript += self.capsys.readouterr().out
        return self.transcript


@pytest.fixture
def terminal(capsys, monkeypatch, tmp_path):
    """`terminal(script)` → a Terminal wired to builtins.input, recording to tmp_path/game.json."""
    monkeypatch.chdir(tmp_path)

    def make(script=None, record="game.json"):
        t = Terminal(capsys, tmp_path / record, script)
        monkeypatch.setattr(builtins, "input", t.answer)
        return t

    return make
