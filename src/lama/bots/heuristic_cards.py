"""Heuristic for lama and komarami (placeholder: play the first legal card, else draw, else quit)."""


def choose(view, rng):
    actions = view.legal_actions
    for kind in ("play", "draw"):
        for action in actions:
            if action.kind == kind:
                return action
    return actions[-1]
