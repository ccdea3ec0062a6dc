"""Lato z Komarami (rule Z1): lama with 7 llamas (mosquitoes), 10 points each."""

from lama.core import CardGame, CardState, CardTable

from .lama import CODES


class KomaramiGame(CardGame):
    id = "komarami"
    name = "Lato z Komarami"
    rules_file = "rules/komarami.md"
    table = CardTable(CODES, llama_each=True)
    llama_name = "mosquito"
    deck = (8, 8, 8, 8, 8, 8, 7)
    state_class = CardState

    record_moves = "lama.record.moves:CARD_MOVES"
    heuristic = "lama.bots.heuristic_cards:choose"
    determinizer = "lama.bots.determinize:card_sampler"
    rollout_policy = "lama.bots.rollout:fast_card_action"
    lean_playout = "lama.bots.rollout:lean_playout"
    compiled_search = "lama.bots.fastcards:evaluate_view"
    hard_samples = 3000
