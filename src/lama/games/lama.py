"""L.L.A.M.A. (rules L1–L5): the base game, all data."""

from lama.core import CardGame, CardKinds, CardState
from lama.core.game import deck_option
from lama.core.words import N_

CODES = ("1", "2", "3", "4", "5", "6", "L")


class LamaGame(CardGame):
    id = "lama"
    name = N_("L.L.A.M.A.")
    tagline = N_("The card game: play a card one higher or the same, or quit in time; the fewest points win.")
    rules_file = "rules/lama.md"
    kinds = CardKinds(CODES)
    deck = (8, 8, 8, 8, 8, 8, 8)  # L1
    # a smaller deck and hand (and a low target) make a game small enough for exact methods
    extra_options = CardGame.extra_options + (deck_option(CODES, "L1", "8 of each"),)
    state_class = CardState
    pictures = ("3", "4", "L")

    record_moves = "lama.record.moves:CARD_MOVES"
    heuristic = "lama.bots.heuristic_cards:choose"
    determinizer = "lama.bots.determinize:card_sampler"
    rollout_policy = "lama.bots.rollout:fast_card_action"
    compiled_search = "lama.bots.compiled.cards:evaluate_view"
    hard_samples = 3000
