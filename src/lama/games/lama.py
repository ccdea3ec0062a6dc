"""L.L.A.M.A. (rules L1–L5): the base game, all data; with option `lachen` (LL1, LL2) it is
played with the puddle, Kadabra's stage (lama.games.lachen, lama.games.stage)."""

from lama.core import CardGame, CardKinds, CardState
from lama.core.actions import TAKE_STAGE
from lama.core.game import deck_option
from lama.core.words import N_

from . import lachen

CODES = ("1", "2", "3", "4", "5", "6", "L")


class LamaGame(CardGame):
    id = "lama"
    name = N_("L.L.A.M.A.")
    tagline = N_("The card game: play a card one higher or the same, or quit in time; the fewest points win.")
    rules_file = "rules/lama.md"
    kinds = CardKinds(CODES)
    deck = (8, 8, 8, 8, 8, 8, 8)  # L1
    # a smaller deck and hand (and a low target) make a game small enough for exact methods
    extra_options = CardGame.extra_options + (deck_option(CODES, "L1", "8 of each"), lachen.LACHEN_OPTION)
    state_class = CardState  # with `lachen`: lachen.LachenState (an instance's)
    pictures = ("3", "4", "L")
    # the puddle (LL): silent in a game without it (its views have no `stage`)
    controls = CardGame.controls + (lachen.TAKE_CONTROL,)
    zones, notes, sentences = lachen.ZONES, lachen.NOTES, lachen.SENTENCES

    record_moves = "lama.record.moves:CARD_MOVES"
    heuristic = "lama.bots.heuristic_cards:choose"
    heuristic_moves = "lama.bots.heuristic_kadabra:stage_moves"  # LL2: the puddle as Kadabra's stage
    determinizer = "lama.bots.determinize:card_sampler"
    rollout_policy = "lama.bots.heuristic_kadabra:fast_action"
    compiled_search = "lama.bots.compiled.cards:evaluate_view"
    compiled_duel = "lama.bots.compiled.cards:Duel"
    hard_samples = 3000

    def __init__(self, players: int, options: dict | None = None):
        super().__init__(players, options)
        self.lachen = lachen.lachen_of(self.options)
        if self.lachen:
            self.state_class = lachen.LachenState

    @classmethod
    def default_options(cls) -> dict:
        return {**super().default_options(), "lachen": False}

    def all_actions(self) -> tuple:
        """The card games' ids, then (LL2, with `lachen`) take the puddle."""
        return CardGame.all_actions(self) + ((TAKE_STAGE,) if self.lachen else ())
