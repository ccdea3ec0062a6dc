"""The bots compiled: policies that pick an action id on the engine's state, for whole games
played in compiled code (lama.sim.compiled_match: `lama strength`, `lama tournament`; the vector
environments' opponents, lama.envs.batch). Here the policies by id and the working memory their
callers allocate; each family's heuristic in a module of its own beside it.

- RANDOM: uniform over the legal ids (the twin in distribution of bots/random_bot.py).
- HEURISTIC: the twin of the `heuristic` bot, decision for decision: policies_cards.py
  (heuristic_cards.py and heuristic_party.py: lama, komarami, party), policies_kadabra.py
  (heuristic_kadabra.py, chosen on the rules' R_EFFECTS) and policies_dice.py
  (heuristic_dice.py), sharing policies_common.py; their thresholds are imported from the
  Python bots. tests/bots/test_compiled_policies.py holds them to the Python bots.
- EASY: the `easy` level: a random legal id one decision in three, else the heuristic.

A policy sees what its seat may see: its own hand, the public fields (points, hand sizes, who
has quit, the top card, the pile's size, the stage, the magic chip; in dice the displays, the
row and the roll), never another hand nor the pile's contents (dice: the undealt cards). Its
randomness comes from its seat's own generator, gen[at:at + 4], which the driver owns.
"""

from __future__ import annotations

from lama.fast.family import legal_ids
from lama.fast.kernel import below, njit
from lama.fast.layout import CARDS, K_MAX, N_MAX, R_EFFECTS, R_FAMILY

from .. import heuristic_dice as hd
from ..levels import EASY_BLUNDERS
from .policies_cards import heuristic_cards
from .policies_dice import DICE_K, DICE_REMOVED, heuristic_dice
from .policies_dice import MEMO_SIZE as MEMO_SIZE  # the memo's size: choose's callers allocate it
from .policies_kadabra import heuristic_kadabra

RANDOM, HEURISTIC, EASY = 0, 1, 2
POLICY_NAMES = ("random", "heuristic", "easy")
EASY_ONE_IN = round(1 / EASY_BLUNDERS)  # levels.EASY_BLUNDERS = 1/3: a random legal id one decision in three

# a policy's working memory (the caller's: kernels never allocate): the cards' hand and the
# run's copy of it, or dice's
SCRATCH_SIZE = max(2 * K_MAX, DICE_REMOVED + (max(hd.DEPTH, hd.DEPTH_HEADS_UP) + 1) * DICE_K)
LEGAL_SIZE = K_MAX + 4 + N_MAX  # the most legal ids of a card game (dice fit too)


@njit(cache=True)
def choose(st, ru, policy, gen, at, legal, scratch, memo):
    """The action id `policy` picks for the seat to move (one must be), drawing any randomness
    from the generator gen[at:at + 4]; legal, scratch and memo (floats, MEMO_SIZE, zeros to
    begin with) are working memory."""
    count = legal_ids(st, ru, legal)
    if policy == RANDOM or (policy == EASY and below(gen, at, EASY_ONE_IN) == 0):
        return legal[below(gen, at, count)]
    return heuristic(st, ru, legal, count, scratch, memo)


@njit(cache=True)
def heuristic(st, ru, legal, count, scratch, memo):
    """The `heuristic` bot's action id, given the legal ids (the game's own heuristic); memo
    keeps dice's lookahead values (see roll_value)."""
    if count == 1:
        return legal[0]
    if ru[R_FAMILY] == CARDS:
        if ru[R_EFFECTS]:
            return heuristic_kadabra(st, ru, legal, count, scratch)
        return heuristic_cards(st, ru, legal, count, scratch)
    return heuristic_dice(st, ru, legal, count, scratch, memo)


def policy_of(bot) -> int | None:
    """The compiled twin of a bot (a lama.bots callable): its policy id, or None."""
    from ..levels import easy_bot, heuristic_bot, random_bot

    for twin, policy in ((random_bot, RANDOM), (heuristic_bot, HEURISTIC), (easy_bot, EASY)):
        if bot is twin:
            return policy
    return None
