"""The `heuristic` bot for L.A.M.A. Kadabra: rules of thumb that use the show, the magic chip
and the gifts on purpose.

Low points win, and in Kadabra points move during a round, so choices are priced in points. The
bot plays a card whenever it can (a play never raises the hand's penalty): first one that empties
its hand, else the one that keeps most of its hand playable in a row, then the one that lowers its
penalty plus its points most (a `1` sheds a chip by K4, an `L` puts one on the stage by K8, a black
one if it holds no white). Among otherwise equal plays it prefers a rectangle (K5: the next seat
must draw, which hurts most when that seat is nearly out) and, early in a round, a star (K6: the
magic chip is a free pass); late in a round, when its hand is small or a seat still in is two
cards from out, it avoids the star, because the chip is 10 points if still held at scoring (K11).
A gift (K4) goes to whoever is closest to winning: the receiving seat with the fewest points
(measured better than pushing the seat with the most points towards the target). The magic chip is
spent on purpose (K7): it skips instead of drawing or quitting when it cannot play, and skips at
once (unless it can empty its hand) when a seat still in is one card from ending the round, so the
10 points land elsewhere. In a magic show (K9) it plays an `L` if it has one (a chip to the stage
and the pressure to the next seat), else skips with the magic chip; it takes the stage by choice
when that pays: its one remaining card (not an L) can then be played to end the round, and the
stage (plus the chip's 10, less the C5 return) costs less than that card would. When it cannot
play and holds no chip it draws or quits: it quits a hand whose penalty is small for its size, or
small while another seat is closer to going out, or when the pile runs out; each threshold is
raised by the stage's value while a show is near (3+ chips) and it holds no `L` and no chip,
since a seat that has quit is never made to take the stage.

Measured with tests/bots/measure_heuristic.py (seats rotated): against three random bots it wins
about 95% of 4-player games; against the generic card heuristic it is about even in 4-player
games (with a lower final score on average) and wins about 56% of 2-player games.
"""

from __future__ import annotations

from lama.core.cards import LLAMA
from lama.core.state import highest_chip, lowest_chip

from . import rollout
from .heuristic_cards import run_length, table_of


def choose(view, rng):
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "take_stage" in by_kind:
        return _in_show(view, by_kind)
    plays = by_kind.get("play", [])
    skip = by_kind.get("skip")
    if skip and _danger(view) and not (len(view.hand) == 1 and plays):
        return skip[0]  # K11: do not hold the magic chip when the round may end
    if plays:
        return _best_play(view, plays)
    if skip:
        return skip[0]  # K7: a free pass instead of a card or quitting
    if "draw" in by_kind and not _should_quit(view):
        return by_kind["draw"][0]
    return by_kind.get("quit", legal)[0]


# -- the magic show (K9) ---------------------------------------------------------------
def _stage_value(view) -> int:
    whites, blacks = view.stage
    return whites + 10 * blacks


def _in_show(view, by_kind):
    plays = by_kind.get("play", [])  # only an L can be played in a show
    if _take_pays(view):
        return by_kind["take_stage"][0]
    if plays:
        return plays[0]
    if "skip" in by_kind:
        return by_kind["skip"][0]
    return by_kind["take_stage"][0]


def _take_pays(view) -> bool:
    """Taking the stage pays when the last card (not an L: that one is simply played in the
    show) can then end the round, and the stage costs less than the card would (C5, K11)."""
    if len(view.hand) != 1 or view.hand[0] == "L":
        return False
    card = view.hand[0]
    table = table_of(view)
    if not table.fits(card, view.top):
        return False
    gain = _stage_value(view) + (10 if view.magic_chip == view.seat else 0)
    cost = gain - highest_chip(view.points[view.seat] + gain)
    return cost < table.penalty_of([card])


# -- plays -------------------------------------------------------------------------------
def _chips_shed(view, action) -> int:
    """Points a play takes off this seat at once: K4's gift, K8's staged chip."""
    points = view.points[view.seat]
    if action.give is not None:
        return 1 if points % 10 else (0 if view.magic_chip == view.seat else 10)
    if LLAMA in table_of(view).values_of(action.card):
        return lowest_chip(points)
    return 0


# K6: a star's worth: the chip is a free pass early, but 10 points if still held at scoring
STAR_EARLY, STAR_LATE, STAR_LATE_HAND = 1, -3, 2


def _best_play(view, plays):
    hand = list(view.hand)
    table = table_of(view)
    penalty, values_of = table.penalty_of, table.values_of
    now = penalty(hand)
    nxt = _next_seat(view)
    next_close = nxt is not None and view.hand_sizes[nxt] <= 2
    danger_soon = any(view.hand_sizes[s] <= 2 for s in range(view.players) if s != view.seat and not view.quit[s])
    best, best_key = None, None
    for a in plays:
        if best is not None and a.card == best.card:
            continue  # the same card with another receiver: the gift is chosen below
        rest = list(hand)
        rest.remove(a.card)
        bonus = 0
        if a.card.endswith("+") and nxt is not None:
            bonus += 2 if next_close else 1  # K5
        if a.card.endswith("*") and view.magic_chip != view.seat:  # K6
            late = len(rest) <= STAR_LATE_HAND or danger_soon
            bonus += STAR_LATE if late else STAR_EARLY
        key = (
            len(rest) == 0,  # ending the round beats everything
            run_length(rest, a.card, table),
            now - penalty(rest) + _chips_shed(view, a) + bonus,
            -len(values_of(a.card)),  # keep double cards (K3): they fit more tops
        )
        if best_key is None or key > best_key:
            best, best_key = a, key
    gives = [a for a in plays if a.card == best.card and a.give is not None]
    if gives:
        return _gift(view, gives)
    return best


def _gift(view, gives):
    """K4: to whoever is closest to winning, the receiving seat with the fewest points."""
    return min(gives, key=lambda a: (view.points[a.give], a.give))


# -- the magic chip (K7, K11) ------------------------------------------------------------
def _next_seat(view):
    for step in range(1, view.players):
        s = (view.seat + step) % view.players
        if not view.quit[s]:
            return s
    return None


def _danger(view) -> bool:
    """The round may end before this seat's next turn: a seat still in is one card from out."""
    return view.magic_chip == view.seat and any(
        view.hand_sizes[s] <= 1 for s in range(view.players) if s != view.seat and not view.quit[s]
    )


# -- draw or quit ------------------------------------------------------------------------
# When stuck, quit if the hand's penalty is at most QUIT_PER_CARD per card, or at most
# QUIT_SMALL while a seat still in holds QUIT_GAP fewer cards, or at most QUIT_LATE once the
# draw pile is about to run out; each threshold is raised by the show risk (K9).
QUIT_PER_CARD = 1
QUIT_SMALL, QUIT_GAP = 6, 2
QUIT_LATE = 10
SHOW_NEAR = 3  # stage chips from which a show is close


def _show_risk(view) -> int:
    """K9: a seat still in with no L and no magic chip must take the stage when a show runs
    on its turn; a seat that has quit never does. The risk is the stage's value once near."""
    whites, blacks = view.stage
    if whites + blacks < SHOW_NEAR or "L" in view.hand or view.magic_chip == view.seat:
        return 0
    return whites + 10 * blacks


def _should_quit(view) -> bool:
    hand = view.hand
    now = table_of(view).penalty_of(hand)  # C7
    risk = _show_risk(view)
    others_in = [s for s in range(view.players) if s != view.seat and not view.quit[s]]
    if now <= QUIT_PER_CARD * len(hand) + risk:
        return True
    if now <= QUIT_SMALL + risk and min(view.hand_sizes[s] for s in others_in) + QUIT_GAP <= len(hand):
        return True
    return view.pile_size <= len(others_in) and now <= QUIT_LATE + risk


# -- Kadabra's moves in the card games' heuristic (Game.heuristic_moves) -----------------------

def plain_moves(view, by_kind, best):
    """heuristic_cards' choice among Kadabra's own moves, given the legal actions by kind and
    its best play (None: no play): in a show a llama, else skip, else take the stage (K9: taking
    the stage means taking points); a 1's chip to the seat with the fewest points (K4); stuck,
    skip (K7: free, and drops a chip worth 10 at scoring). None: the card heuristic's own choice."""
    if "take_stage" in by_kind:
        values_of = table_of(view).values_of
        llamas = [a for a in by_kind.get("play", []) if LLAMA in values_of(a.card)]
        if llamas:
            return llamas[0]
        return by_kind.get("skip", by_kind["take_stage"])[0]
    if best is not None:
        gives = [a for a in by_kind["play"] if a.card == best.card and a.give is not None]
        return _gift(view, gives) if gives else None
    if "skip" in by_kind:
        return by_kind["skip"][0]
    return None


def stage_moves(view, by_kind, best):
    """The stage alone in the card games' heuristic (lama and komarami with `lachen`, whose
    puddle is Kadabra's stage, LL2): in a show, Kadabra's choice (take it when that pays, else
    an L, else take it). None: the card heuristic's own choice."""
    if "take_stage" in by_kind:
        return _in_show(view, by_kind)
    return None


# -- the playouts' policy (Game.rollout_policy) -----------------------------------------------

def fast_action(state, actions, rng):
    """rollout.fast_card_action with Kadabra's moves: in a show keep the chips off our points
    (a llama, else skip, else take the stage, K9); a 1's chip to the seat with the fewest
    points (K4); skip rather than draw or quit (K7, the magic chip costs 10 at scoring)."""
    plays = [a for a in actions if a.kind == "play"]
    kinds = {a.kind: a for a in actions}
    skip, take_stage = kinds.get("skip"), kinds.get("take_stage")
    if take_stage is not None:
        llama = next((a for a in plays if a.card == "L"), None)
        return llama or skip or take_stage
    if plays:
        chosen = rollout.best_plays(state, plays)
        if len(chosen) > 1:  # K4: the chip goes to the seat with the fewest points
            points = state.points
            return min(chosen, key=lambda a: (points[a.give], a.give))
        return chosen[0]
    if skip is not None:
        return skip
    return rollout.fast_card_action(state, actions, rng)
