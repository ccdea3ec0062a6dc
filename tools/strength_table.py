"""Write the strength table of docs/bots.md from the measured cells (benchmarks/strength-*.json).

The table is the part of docs/bots.md between the STRENGTH TABLE markers: one row per game and
player count, a column per measured pair (`heuristic` against `random`, `hard` against
`heuristic`, `neural` against `heuristic`), each cell a win rate with its 95% Wilson interval;
`games` and `s/decision` are `hard`'s. A game whose `neural` plays as the heuristic (no model
ships for it: lama.bots.neural.has_model) is marked, so the column says what it measured. To
refresh a column, measure it again (the commands are in the JSON files and docs/neural.md), put
the cells in its file, and run:

    python tools/strength_table.py          # rewrites docs/bots.md's table; --check: exit 1 if it would change
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lama.bots.neural import has_model

ROOT = Path(__file__).resolve().parent.parent
BOTS_DOC = ROOT / "docs" / "bots.md"
START, END = "<!-- STRENGTH TABLE: tools/strength_table.py writes it -->", "<!-- END STRENGTH TABLE -->"
FILES = ("strength-2026-11-30.json", "strength-neural.json", "strength-2026-12-04.json")
COLUMNS = (("medium", "random", "`heuristic` vs `random`"), ("hard", "heuristic", "`hard` vs `heuristic`"),
           ("neural", "heuristic", "`neural` vs `heuristic`"))
FALLBACK = "¹"  # after a neural cell: no model for the game, so neural played as the heuristic


ORDER = ("lama", "komarami", "kadabra", "dice", "party")


def label(cell: dict) -> str:
    """The row's game: its id, with the options it was played with (`lama (lachen)`)."""
    chosen = [name if value is True else f"{name} {value}" for name, value in cell.get("options", {}).items()]
    return f"{cell['game']} ({', '.join(chosen)})" if chosen else cell["game"]


def cells() -> dict:
    """(game label, players, bot, vs) -> cell, from every file."""
    found = {}
    for name in FILES:
        for cell in json.loads((ROOT / "benchmarks" / name).read_text(encoding="utf-8"))["cells"]:
            found[label(cell), cell["players"], cell["bot"], cell["vs"]] = cell
    return found


def rate(cell: dict | None) -> str:
    if cell is None:
        return "-"
    return f"{100 * cell['win_rate']:.1f}% ({100 * cell['low']:.1f}%–{100 * cell['high']:.1f}%)"


def table() -> str:
    found = cells()
    keys = sorted({k[:2] for k in found}, key=lambda k: (ORDER.index(k[0].split(" (")[0]), "(" in k[0], k[1]))
    head = ["game", "players", "fair share", *(title for _, _, title in COLUMNS), "games (`hard`)",
            "s/decision (`hard`: mean, max)"]
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    for game, players in keys:
        row = [game, str(players), f"{100 / players:.1f}%"]
        for bot, vs, _ in COLUMNS:
            cell = found.get((game, players, bot, vs))
            text = rate(cell)
            if bot == "neural" and cell is not None and not has_model(cell["game"]):
                text += FALLBACK
            row.append(text)
        hard = found.get((game, players, "hard", "heuristic"))
        row.append(f"{hard['games']:,}" if hard else "-")
        row.append(f"{hard['mean_seconds_per_decision']:.3f}, {hard['max_seconds_per_decision']:.2f}" if hard else "-")
        lines.append("| " + " | ".join(row) + " |")
    hard = [(k, c) for k, c in found.items() if k[2:] == ("hard", "heuristic")]
    seeds = [c["seed"] for _, c in hard]
    usual_seed = max(set(seeds), key=seeds.count)
    other = [f"{k[0]} at {k[1]} players" for k, c in hard if c["seed"] != usual_seed]
    if other:
        lines.append("")
        lines.append(f"{', '.join(other)}: `--seed {next(c['seed'] for _, c in hard if c['seed'] != usual_seed)}` "
                     "in both columns (benchmarks/strength-2026-12-04.json).")
    neural = [c for k, c in found.items() if k[2] == "neural"]
    counts = [c["games"] for c in neural]
    usual = max(set(counts), key=counts.count)
    others = "".join(f"; {c['game']} at {c['players']} players: {c['games']:,}" for c in neural if c["games"] != usual)
    lines.append("")
    lines.append(f"`neural` vs `heuristic`: {usual:,} games a cell{others}; `--seed {neural[0]['seed']}` (seeds no "
                 "training used).")
    if any(not has_model(c["game"]) for c in neural):
        lines.append(f"{FALLBACK} No model ships for this game: `neural` plays exactly as the heuristic, so the "
                     "cell measures the heuristic against itself.")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = BOTS_DOC.read_text(encoding="utf-8")
    if START not in text or END not in text:
        print(f"tools/strength_table.py: docs/bots.md lacks the markers {START} ... {END}", file=sys.stderr)
        return 2
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    new = f"{before}{START}\n{table()}\n{END}{after}"
    if "--check" in argv:
        return int(new != text)
    BOTS_DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
