"""The page as its accessibility tree reads (Playwright's aria snapshot): the controls of a region by
role and name, and whether each card, die, chip and face-down stack is named as it is drawn."""

from __future__ import annotations

import re

NODE = re.compile(r"""^(\s*)- '?(\w+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)'?(?::\s*(.*))?$""")


def nodes(snapshot: str) -> list[tuple[int, str, str, set[str], str]]:
    """Each line of an aria snapshot: (depth, role, name, flags such as "disabled", text after it)."""
    out = []
    for line in snapshot.splitlines():
        m = NODE.match(line)
        if m:
            flags = set(re.findall(r"\[([^\]=]+)", m[4] or ""))
            out.append((len(m[1]), m[2], m[3] or "", flags, (m[5] or "").strip().strip("\"'")))
    return out


def within(snapshot: str, role: str, name: str) -> list[tuple[int, str, str, set[str], str]]:
    """The nodes under the first `role` whose name starts with `name` (nothing when there is none)."""
    all_nodes = nodes(snapshot)
    for i, (depth, r, n, _, _) in enumerate(all_nodes):
        if r == role and n.startswith(name):
            inside = []
            for node in all_nodes[i + 1:]:
                if node[0] <= depth:
                    break
                inside.append(node)
            return inside
    return []


def live_buttons(part) -> list[str]:
    return [name for _, role, name, flags, _ in part if role == "button" and "disabled" not in flags]


def status_line(part) -> str:
    return next((text for _, role, _, _, text in part if role == "status"), "")


def name_of(locator) -> str:
    """The accessible name of the element `locator` finds, as the tree has it."""
    first = nodes(locator.aria_snapshot())
    return first[0][2] if first else ""


# What each picture draws, read from the drawing itself: a card's corner labels, a die's face,
# the chips in their stacks with their "×n" (a mark's chip: its mark's words, the stack's title),
# the face-down cards and their "+n".
DRAWN = """() => [...document.querySelectorAll('[data-code], .die, .chips, .backs')].map((el, i) => {
  if (!el.checkVisibility()) return { i, kind: 'hidden' };  // (in a folded recap: not in the tree either)
  const texts = [...el.querySelectorAll('svg text')].map(t => t.textContent.trim());
  if (el.matches('.chips')) {
    const stacks = [...el.querySelectorAll('.chip-stack')].map(s => {
      const colour = s.querySelector('svg').dataset.colour;
      const next = s.nextElementSibling;
      const times = next && next.matches('.times') ? Number(next.textContent.slice(1)) : s.children.length;
      return [colour, times, s.dataset.mark ? s.title : null];
    });
    return { i, kind: 'chips', stacks };
  }
  if (el.matches('.backs')) {
    const more = el.querySelector('.more');
    const n = el.querySelectorAll('.card').length + (more ? Number(more.textContent.slice(1)) : 0);
    return { i, kind: 'backs', n };
  }
  return { i, kind: el.matches('.die') ? 'die' : 'card', code: el.dataset.code || null, texts };
})"""


def drawn_code(texts: list[str]) -> str:
    """The card a face's labels draw: "5", "5★" a star card, "5+" a rectangle, two numbers a double, none the L."""
    labels = set(texts)
    marked = [t for t in labels if t[-1:] in ("★", "+")]
    if marked:
        return marked[0].replace("★", "*")
    if not labels:
        return "L"
    return "/".join(sorted(labels))


# How a card's name may read: alone, or as the control or place it is ("Play 5", "Top card: 5 star",
# "Take llama from the llama row"), with what else it shows in brackets ("(new)").
CARD_NAME = (r"(?:Play |Top card: |Take |Chosen to discard: |Choose to discard: )?{}"
             r"(?: from the llama row)?(?: \([^)]*\))?")


def misnamed(page, card_names: dict[str, str]) -> list[str]:
    """Every card, die, chip stack and face-down stack whose accessible name does not say what it draws."""
    wrong = []
    pictures = page.locator("[data-code], .die, .chips, .backs")
    for d in page.evaluate(DRAWN):
        if d["kind"] == "hidden":
            continue
        name = name_of(pictures.nth(d["i"]))
        if d["kind"] == "chips":
            words = [f"{n} {colour}" for colour, n, mark in d["stacks"] if mark is None]
            words += [mark for _, _, mark in d["stacks"] if mark is not None]
            expected = f"chips: {', '.join(words)}" if words else "no chips"
            ok = name == expected
        elif d["kind"] == "backs":
            expected = f"{d['n']} card{'' if d['n'] == 1 else 's'} face down"
            ok = name == expected
        elif d["kind"] == "die":
            face = d["texts"][0] if d["texts"] else "L"
            expected = "not rolled" if face == "?" else card_names[face]
            ok = re.fullmatch(rf"Die \d: {re.escape(expected)}", name) is not None
        else:
            code = drawn_code(d["texts"])
            expected = card_names.get(code, code)
            ok = code == d["code"] and re.fullmatch(CARD_NAME.format(re.escape(expected)), name) is not None
        if not ok:
            drawn = d.get("texts") or d.get("stacks") or d.get("n")
            wrong.append(f"{d['kind']} {d.get('code') or ''} drawn as {drawn}: named {name!r}, expected {expected!r}")
    return wrong
