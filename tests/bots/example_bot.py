"""my_bot.py: plays whenever it can, draws while its hand is big, else quits."""


def eager(view, rng):
    actions = view.legal_actions  # what this seat may do now; never empty when asked
    plays = [a for a in actions if a.kind == "play"]
    if plays:
        return rng.choice(plays)  # only the generator it is given: games replay by seed
    draws = [a for a in actions if a.kind == "draw"]
    if draws and len(view.hand) > 2:
        return draws[0]
    quits = [a for a in actions if a.kind == "quit"]
    return quits[0] if quits else rng.choice(actions)  # other games have other moves
