"""The e2e tests' player: picks a move from the legal ones by a fixed rule (the same in the
browser and in a seed search), so a seeded table plays the same way every time."""


def choose(legal: list[dict]) -> dict:
    """Take the stage when offered; play a 1 that gives a chip (to the lowest seat); a llama;
    the lowest card by its code; draw; skip; quit. Dice: roll, discard the most, take the
    lowest row card."""
    def first(pred, key=None):
        found = [a for a in legal if pred(a)]
        return min(found, key=key) if found and key else (found[0] if found else None)

    for pred, key in (
        (lambda m: m.get("take_stage"), None),
        (lambda m: m.get("give") is not None and "play" in m, lambda m: m["give"]),
        (lambda m: m.get("play") == "L", None),
        (lambda m: "play" in m, lambda m: m["play"]),
        (lambda m: m.get("draw"), None),
        (lambda m: m.get("roll"), None),
        (lambda m: "discard" in m, lambda m: (-len(m["discard"]), sorted(m["discard"]))),
        (lambda m: "take" in m, lambda m: m["take"]),
        (lambda m: m.get("skip"), None),
        (lambda m: m.get("quit"), None),
    ):
        a = first(pred, key)
        if a is not None:
            return a
    raise ValueError(f"no move in {legal!r}")
