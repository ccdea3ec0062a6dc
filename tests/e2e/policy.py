"""The e2e tests' player: picks a move from the legal ones by a fixed rule (the same in the
browser and in a seed search), so a seeded table plays the same way every time."""


def choose(legal: list[dict]) -> dict:
    """Take the stage when offered; play a 1 that gives a chip (to the lowest seat); a llama;
    the lowest card by its code; draw; skip; quit. Dice: roll, discard the most, take the
    lowest row card."""
    def first(pred, key=None):
        found = [a for a in legal if pred(a)]
        return min(found, key=key) if found and key else (found[0] if found else None)

    for pick in (
        lambda: first(lambda a: a.get("take_stage")),
        lambda: first(lambda a: a.get("give") is not None and "play" in a, key=lambda a: a["give"]),
        lambda: first(lambda a: a.get("play") == "L"),
        lambda: first(lambda a: "play" in a, key=lambda a: a["play"]),
        lambda: first(lambda a: a.get("draw")),
        lambda: first(lambda a: a.get("roll")),
        lambda: first(lambda a: "discard" in a, key=lambda a: (-len(a["discard"]), sorted(a["discard"]))),
        lambda: first(lambda a: "take" in a, key=lambda a: a["take"]),
        lambda: first(lambda a: a.get("skip")),
        lambda: first(lambda a: a.get("quit")),
    ):
        a = pick()
        if a is not None:
            return a
    raise ValueError(f"no move in {legal!r}")
