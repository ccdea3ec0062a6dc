"""The `heuristic` bot for the L.A.M.A. Party Edition: the card games' rules of thumb
(heuristic_cards) with the plus cards and the party llama priced in.

It plays a card whenever it can. Among the playable cards it picks, in this order: the party
llama `P` once the round may end soon (another seat still in holds at most DUMP_NEAR cards, or
its own hand at most DUMP_HAND: P costs 20 at scoring, P4); a plus card that another card of
its hand can follow (P3: the turn comes back at once, so the next play is sure, where a plus
card with no follow leaves it to draw or quit); then the card games' order: the longest run of
its own cards kept playable, the most penalty dumped (P's 20 counts there, so between equal runs
P goes first), the double cards kept. When it cannot play it draws or quits as the card games'
heuristic does (heuristic_cards._should_quit on party's C7 and P4).

Its compiled twin is in lama.bots.compiled.policies_cards (party_round_near, and the plus cards,
R_PLUSES, in heuristic_cards' loop), held to it decision for decision by
tests/bots/test_compiled_policies.py.
Measured at 4 players in party, seats rotated (fair share 25%): against three of the card games'
heuristic (heuristic_cards.choose) it wins 29.3% of 600 games (95% interval 25.7% to 33.0%);
against three random bots 88.6% of 400 (85.5% to 91.7%).
"""

from __future__ import annotations

from .heuristic_cards import _should_quit, run_length, table_of

DUMP_NEAR = 2  # P when a seat still in holds at most this many cards ...
DUMP_HAND = 3  # ... or its own hand is this small


def choose(view, rng):
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    plays = by_kind.get("play")
    if plays:
        return _best_play(view, plays)
    if "draw" in by_kind and not _should_quit(view):
        return by_kind["draw"][0]
    return by_kind.get("quit", legal)[0]


def round_near(view) -> bool:
    """The round may end soon: another seat still in holds few cards, or this seat does."""
    if len(view.hand) <= DUMP_HAND:
        return True
    return any(view.hand_sizes[s] <= DUMP_NEAR for s in range(view.players)
               if s != view.seat and not view.quit[s])


def _best_play(view, plays):
    """The play with the best key (P dumped near the end, a plus card that a
    card follows, the run, the penalty dumped, the width); the first of equals."""
    hand = list(view.hand)
    table = table_of(view)
    penalty = table.penalty_of
    now = penalty(hand)
    near = round_near(view)
    own_points = getattr(table, "own_points", None) or (0,) * table.size  # P4: P's 20
    best, best_key = None, None
    for a in plays:
        kind = table.index[a.card]
        card = table.cards[kind]
        rest = list(hand)
        rest.remove(a.card)
        run = run_length(rest, a.card, table)
        key = (
            near and own_points[kind] > 0,  # P4: do not hold the 20 when the round may end
            card.effect == "plus" and run > 0,  # P3: the next play is sure
            run,
            now - penalty(rest),
            -len(card.values),
        )
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best
