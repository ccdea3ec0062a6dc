"""A game's rules as the engine's int64 array (layout.R_*), built once per game object."""

from __future__ import annotations

from itertools import product

from lama.core.actions import TAKE_STAGE
from lama.core.game import CardGame
from lama.games.dice_odds import roll_classes

from . import layout as L
from .kernel import array


def rules_of(game):
    """The rules array of `game` (its player count and options included), cached on it."""
    rules = getattr(game, "_fast_rules", None)
    if rules is None:
        rules = array(_rules_list(game))
        game._fast_rules = rules
    return rules


def family_of(game) -> int:
    return L.CARDS if isinstance(game, CardGame) else L.DICE


def _rules_list(game) -> list[int]:
    r = [0] * L.RULES_SIZE
    kinds = game.kinds
    k = kinds.size
    cards = kinds.cards
    r[L.R_FAMILY] = family_of(game)
    r[L.R_N] = game.players
    r[L.R_K] = k
    r[L.R_TARGET] = game.target
    r[L.R_FIRST] = game.first_player
    r[L.R_HAND_SIZE] = game.hand_size
    r[L.R_START_POINTS] = game.state_class.start_points
    r[L.R_LLAMA_EACH] = int(kinds.llama_each)
    effects = bool(getattr(game, "card_effects", False))
    r[L.R_EFFECTS] = int(effects)
    actions = game.all_actions()
    r[L.R_STAGE] = actions.index(TAKE_STAGE) if TAKE_STAGE in actions else -1  # K9, LL2
    counted = [m.kind for m in game.state_class.shape.moves if m.counted]
    r[L.R_FLAGS] = len(counted)
    for i, kind in enumerate(counted):  # where each counter sits among the family's (layout.MOVE_FLAGS)
        r[L.R_FLAG_AT + i] = L.MOVE_FLAGS[kind]
    r[L.R_ONE] = kinds.index["1"] if effects else -1
    r[L.R_LLAMA] = kinds.index["L"]
    r[L.R_ACTIONS] = game.num_distinct_actions()
    own_points = getattr(kinds, "own_points", None) or (0,) * k  # P4 (PartyKinds)
    r[L.R_CHIP_N] = len(game.chips)  # C3, P5
    for i, (_, value) in enumerate(game.chips):
        r[L.R_CHIPS + i] = value
    deck = list(game.deck)
    r[L.R_DECK_TOTAL] = sum(deck)
    for kind in range(k):
        card = cards[kind]
        r[L.R_DECK + kind] = deck[kind]
        playable = kinds.playable_on[kind]
        r[L.R_PLAY_N + kind] = len(playable)
        for i, other in enumerate(playable):
            r[L.R_PLAY_ON + kind * L.K_MAX + i] = other
        r[L.R_ONE_AT + kind] = playable.index(r[L.R_ONE]) if r[L.R_ONE] in playable else len(playable)
        same = [s for s, c in enumerate(cards) if c.values & card.values]
        r[L.R_SAME_N + kind] = len(same)
        for i, other in enumerate(same):
            r[L.R_SAME + kind * L.K_MAX + i] = other
        r[L.R_MASK + kind] = 0 if card.is_llama else sum(1 << v for v in card.values)
        r[L.R_IS_LLAMA + kind] = int(card.is_llama and not own_points[kind])  # a llama's 10 in C7 (not P4's P)
        r[L.R_OWN_POINTS + kind] = own_points[kind]
        r[L.R_PLUS + kind] = int(card.effect == "plus")  # P3
        r[L.R_STAR + kind] = int(effects and card.effect == "star")  # what the code means in this game (K1, P1)
        r[L.R_RECT + kind] = int(effects and card.effect == "rectangle")
        r[L.R_WIDTH + kind] = len(card.values)
    r[L.R_PLUSES] = sum(r[L.R_PLUS:L.R_PLUS + k])
    for mask in range(128):
        r[L.R_MASK_SUM + mask] = sum(v for v in range(1, 7) if mask & (1 << v))
    if r[L.R_FAMILY] == L.DICE:
        _dice_rules(game, r)
    return r


def _dice_rules(game, r: list[int]) -> None:
    """The llama row, the dice's faces and their distinct rolls, and the discard ids (D1, D3b)."""
    kinds = game.kinds
    for kind, count in enumerate(game.row):
        r[L.R_ROW + kind] = count
    for die, faces in enumerate(game.dice):
        for i, face in enumerate(faces):
            r[L.R_FACES + die * 6 + i] = kinds.index[face]
    classes = roll_classes(tuple(tuple(die) for die in game.dice))  # in the heuristic's order
    r[L.R_CLASSES] = len(classes)
    for c, (counts, weight) in enumerate(classes):
        r[L.R_CLASS_WEIGHT + c] = weight
        for kind, count in enumerate(counts):
            r[L.R_CLASS_COUNTS + c * 7 + kind] = count
    r[L.R_DISCARD_ID:L.R_DISCARD_ID + 4 ** 7] = [-1] * 4 ** 7
    discards = [(action_id, kinds.counts_of(action.cards)) for action_id, action in enumerate(game.all_actions())
                if action.kind == "discard"]
    with_counts: dict[tuple[int, ...], list[int]] = {}  # the discards of each count per kind
    for action_id, counts in discards:
        with_counts.setdefault(tuple(counts), []).append(action_id)
    for action_id, counts in discards:
        code = 0
        for kind in reversed(range(7)):
            code = code * 4 + counts[kind]
        r[L.R_DISCARD_ID + code] = action_id
        for kind in range(7):
            r[L.R_DISCARD_COUNTS + action_id * 7 + kind] = counts[kind]
        for j, kind in enumerate(kind for kind in range(7) if counts[kind]):
            r[L.R_DISCARD_PARTS + action_id * 6 + 2 * j] = kind
            r[L.R_DISCARD_PARTS + action_id * 6 + 2 * j + 1] = counts[kind]
        # the discards of no more of any kind: looked up among the sub-multisets (at most 2 ** 6 for
        # six cards), not compared with every discard (this game's rules once cost ~9 ms)
        within = sorted(other for less in product(*(range(cap + 1) for cap in counts))
                        for other in with_counts.get(less, ()))
        for i, other in enumerate(within):
            r[L.R_SUBDISCARDS + action_id * 8 + i] = other
        r[L.R_SUBDISCARDS + action_id * 8 + 7] = len(within)
