"""`lama play` and `lama rules` (to be written)."""


def add_play_parser(sub):
    pass


def add_rules_parser(sub):
    pass
