"""The `random` bot: uniform over the legal actions."""


def random_bot(view, rng):
    actions = view.legal_actions
    return actions[rng.randrange(len(actions))]
