"""The docs' examples run as written: every command block of README.md and docs/*.md marked
runnable (an HTML comment `<!-- runnable -->` on the line before the block, docs/developers.md's
"Runnable examples") is run line by line with bash in an empty folder, each command with its own
timeout; each must exit 0 without a traceback.

The folder holds what the examples name: `lama` (this source tree's, on PATH), and the records
`game.record.json` (a finished 4-player L.L.A.M.A. game) and `dice.record.json` (a finished
3-player Dice game). Standard input is empty, so `lama play` leaves at its first prompt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match

ROOT = Path(__file__).resolve().parents[1]
MARK = "<!-- runnable -->"
TIMEOUT = 120  # seconds per command: the slowest marked one takes a few


def blocks(path: Path) -> list[tuple[int, list[str]]]:
    """The marked blocks of a Markdown file: (line number of the mark, its commands), a block
    being the indented (4 spaces) or fenced lines after the mark; `\\` joins lines, and blank
    lines and comments are left out."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.strip() != MARK:
            continue
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        body = []
        if j < len(lines) and lines[j].lstrip().startswith("```"):
            j += 1
            while j < len(lines) and not lines[j].lstrip().startswith("```"):
                body.append(lines[j])
                j += 1
        else:
            while j < len(lines) and (lines[j].startswith("    ") or not lines[j].strip()):
                body.append(lines[j][4:])
                j += 1
        commands, pending = [], ""
        for text in body:
            text = pending + text.strip()
            if text.endswith("\\"):
                pending = text[:-1].rstrip() + " "
                continue
            pending = ""
            if text and not text.startswith("#"):
                commands.append(text)
        assert commands, f"{path.name}:{i + 1}: {MARK} before no commands"
        found.append((i + 1, commands))
    return found


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCKS = [(path, line, commands) for path in DOCS for line, commands in blocks(path)]


def test_the_docs_mark_their_examples_runnable():
    marked = {path.name for path, _, _ in BLOCKS}
    assert {"README.md", "bots.md", "tournaments.md"} <= marked


def finished_record(game_id: str, players: int, seed: int) -> dict:
    names = ["Ann", "Bob", "Cem", "Dee"][:players]
    match = Match(new_game(game_id, players), [load_bot("heuristic")] * players, seed, names)
    match.run()
    return json.loads(json.dumps(match.record.data))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("examples")
    (where / "game.record.json").write_text(json.dumps(finished_record("lama", 4, 1)))
    (where / "dice.record.json").write_text(json.dumps(finished_record("dice", 3, 1)))
    bin_ = where / ".bin"
    bin_.mkdir()
    (bin_ / "lama").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m lama "$@"\n')
    (bin_ / "lama").chmod(0o755)
    return where


@pytest.mark.parametrize(("path", "line", "commands"), BLOCKS,
                         ids=[f"{path.name}:{line}" for path, line, _ in BLOCKS])
def test_a_marked_example_runs_as_written(folder, path, line, commands):
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(PATH=f"{folder / '.bin'}{os.pathsep}{env['PATH']}", PYTHONPATH=str(ROOT / "src"),
               LC_ALL="C.UTF-8", COLUMNS="80")
    for command in commands:
        done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=TIMEOUT)
        said = done.stdout + done.stderr
        assert done.returncode == 0 and "Traceback" not in said, (
            f"{path.name}:{line}: `{command}` exited {done.returncode}:\n{said[-2000:]}")


def test_a_block_is_read_with_its_continuations_and_without_comments(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text(f"Text\n\n{MARK}\n\n    # a comment\n    lama rules \\\n      kadabra   # the rules\n\n"
                   "    lama replay game.record.json\nAfter\n\n    lama play   # not marked\n")
    assert blocks(doc) == [(3, ["lama rules kadabra   # the rules", "lama replay game.record.json"])]
