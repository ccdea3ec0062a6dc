"""How far one game's mechanics spread: the source files that name Kadabra's six mechanics.

    python tools/mechanic_spread.py            # the figure and the files, with what each names
    python tools/mechanic_spread.py --count    # the figure only

The six mechanics are the magic chip, the stage, the forced draw, the skip, the give and the
magic show (docs/spec/RULES.md, K4-K11). A file names one when an identifier or a string that is
one word (a JSON key, an action kind) says it: `magic_chip`, `MAGIC_CHIP`, `take_stage`,
`ChipStaged`, `forced_draw`, `FORCED`, `MOVE_SKIP`, `"skip"`, `action.give`, `ChipGiven`,
`view.show`, `SHOW_CHIPS`. Comments, docstrings and sentences are not counted, and the bare
verbs `show`, `skip` and `give` count only as an attribute (`view.show`) or a key (`"give"`),
since a function may well show or skip something else. Files under src/ (`*.py`, `*.js`).
Issue 36 measured 36 files; its goal is at most 12.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERBS = {"show", "skip", "give", "gives"}  # bare verbs: counted as attributes and keys only
_PARTS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def parts(name: str) -> list[str]:
    """`MagicChipScored` -> magic, chip, scored; `STAGE_WHITES` -> stage, whites."""
    return [p.lower() for p in _PARTS.findall(name)]


def mechanic(name: str, attribute_or_key: bool) -> str | None:
    """Which of the six mechanics an identifier (or one-word string) names, if any."""
    if name.lower() in VERBS and not attribute_or_key:
        return None
    ps = parts(name)
    if "magic" in ps:
        return "magic chip"
    if {"stage", "staged", "stages"} & set(ps):
        return "stage"
    if "forced" in ps:
        return "forced draw"
    if {"skip", "skipped"} & set(ps):
        return "skip"
    if {"give", "gives", "giver"} & set(ps) or ("given" in ps and "chip" in ps):
        return "give"
    if "show" in ps and (len(ps) == 1 or {"in", "risk", "chips", "near", "at", "running"} & set(ps)):
        return "show"
    return None


def names_in_python(text: str):
    """(identifier, is an attribute or key) for the names and one-word strings of Python code,
    docstrings and comments left out."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type != tokenize.COMMENT]
    prev = None
    for i, t in enumerate(tokens):
        if t.type == tokenize.NAME:  # an attribute, not a method called (`ticker.show(...)`)
            called = i + 1 < len(tokens) and tokens[i + 1].string == "("
            yield t.string, prev is not None and prev.string == "." and not called
        elif t.type == tokenize.STRING:
            docstring = prev is None or prev.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.NL)
            word = re.fullmatch(r"[rbuRBU]*(['\"])(\w+)\1", t.string)
            if word and not docstring:
                yield word.group(2), True
        if t.type != tokenize.NL:
            prev = t


_JS = re.compile(r"""//[^\n]*|/\*.*?\*/"""  # comments
                 r"""|(?P<q>["'`])(?P<s>(?:\\.|(?!(?P=q)).)*)(?P=q)"""  # strings
                 r"""|(?P<dot>\.\s*)?(?P<name>[A-Za-z_$][\w$]*)(?P<call>\s*\()?""", re.S)  # names


def names_in_js(text: str):
    for m in _JS.finditer(text):
        if m.group("name"):
            yield m.group("name"), bool(m.group("dot")) and not m.group("call")
        elif m.group("q") and re.fullmatch(r"\w+", m.group("s")):
            yield m.group("s"), True


def spread(root: Path = ROOT) -> dict[str, dict[str, set[str]]]:
    """{file: {mechanic: {the names that say it}}} for every source file naming a mechanic."""
    found = {}
    for path in sorted((root / "src").rglob("*")):
        if path.suffix not in (".py", ".js") or "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        names = names_in_python(text) if path.suffix == ".py" else names_in_js(text)
        seen: dict[str, set[str]] = {}
        for name, attribute_or_key in names:
            m = mechanic(name, attribute_or_key)
            if m:
                seen.setdefault(m, set()).add(name)
        if seen:
            found[str(path.relative_to(root))] = seen
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", action="store_true", help="print the number of files only")
    args = ap.parse_args(argv)
    found = spread()
    if not args.count:
        for path, seen in found.items():
            what = "; ".join(f"{m}: {', '.join(sorted(names))}" for m, names in sorted(seen.items()))
            print(f"{path}  ({what})")
    print(len(found) if args.count else f"{len(found)} source files name Kadabra's mechanics")
    return 0


if __name__ == "__main__":
    sys.exit(main())
