"""Any game of the family: the engine's kernels chosen by the rules' family (R_FAMILY), for
the drivers that serve every game in one compiled loop (lama.envs.batch and compiled_observe,
lama.sim.compiled_match, lama.bots.compiled.policies)."""

from __future__ import annotations

from . import cards, dice
from .kernel import njit
from .layout import CARDS, R_FAMILY


@njit(cache=True)
def new_game(st, ru):
    if ru[R_FAMILY] == CARDS:
        cards.new_game(st, ru)
    else:
        dice.new_game(st, ru)


@njit(cache=True)
def legal_ids(st, ru, out):
    """The legal ids of the seat to move into out[0:count], in the core's order; returns count."""
    if ru[R_FAMILY] == CARDS:
        return cards.legal_ids(st, ru, out)
    return dice.legal_ids(st, ru, out)


@njit(cache=True)
def apply_action(st, ru, action):
    if ru[R_FAMILY] == CARDS:
        cards.apply_action(st, ru, action)
    else:
        dice.apply_action(st, ru, action)


@njit(cache=True)
def resolve_chance(st, ru):
    if ru[R_FAMILY] == CARDS:
        cards.resolve_chance(st, ru)
    else:
        dice.resolve_chance(st, ru)


@njit(cache=True)
def advance(st, ru):
    if ru[R_FAMILY] == CARDS:
        cards.advance(st, ru)
    else:
        dice.advance(st, ru)
