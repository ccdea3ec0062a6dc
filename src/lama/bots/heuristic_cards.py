"""The `heuristic` bot for lama and komarami (heuristic_kadabra builds on it).

It always plays a card when it can, since a play never raises the hand's penalty. Among the
playable cards it picks the one that keeps the longest run of its own cards playable afterwards
(so it plays copies of the top card before moving the top on, and follows runs upwards), and
between equally good runs it dumps the card whose loss lowers the penalty most (the last llama,
then the high numbers). When it cannot play it decides between drawing and quitting: it quits when
the hand's penalty is tiny for its size (at most one point per card), when it is small (6 or less)
while another seat still in holds at least two cards fewer, or when it is at most 10 and the draw
pile is about to run out; otherwise it draws, since emptying the hand is what wins rounds. A
game's own moves are its hook's (`Game.heuristic_moves`): on a kadabra view it also plays a llama
or skips rather than take the stage, gives a 1's chip to the leader, and skips with the magic chip
when stuck (heuristic_kadabra.plain_moves). Against three random bots in 4-player lama, seats
rotated, it wins about 91% of the games (1000 games: 91.4%, 95% interval 89.7% to 93.1%;
komarami 84.8%); measure it with tests/bots/measure_heuristic.py.
"""

from __future__ import annotations

from lama.games import game_class

# When stuck, quit if the hand's penalty is at most QUIT_PER_CARD per card; or at most
# QUIT_SMALL while a seat still in holds QUIT_GAP fewer cards; or at most QUIT_LATE once the
# draw pile has no more cards than there are other seats in. Measured with
# tests/bots/measure_heuristic.py against random and always-draw opponents; the play choice
# matters far more than these (they move the win share by a point or two).
QUIT_PER_CARD = 1
QUIT_SMALL, QUIT_GAP = 6, 2
QUIT_LATE = 10


def run_length(hand: list[str], top: str | None, table) -> int:
    """How many of `hand` this seat could play in a row on `top` if nobody else moved:
    copies of the top first, then up the cycle (greedy; exact for plain cards). `table`: the
    game's CardKinds, which says what fits (L3, K3)."""
    if top is None:
        return 0
    hand = list(hand)
    values_of, fits = table.values_of, table.fits
    played = 0
    while hand:
        top_values = values_of(top)
        same = [c for c in hand if values_of(c) & top_values]
        nxt = [c for c in hand if fits(c, top)]
        pick = same[0] if same else (nxt[0] if nxt else None)
        if pick is None:
            break
        hand.remove(pick)
        played += 1
        top = pick
    return played


def table_of(view):
    """The game's CardKinds: its cards' values, what fits on what, and C7 (its penalty)."""
    return game_class(view).kinds


def choose(view, rng):
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    return _choose_cards(view, legal)


def _choose_cards(view, legal):
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    plays = by_kind.get("play", [])
    best = _best_play(view, plays) if plays else None
    own_moves = game_class(view).hook("heuristic_moves")
    if own_moves is not None:  # the game's own moves, and what they change in a play
        chosen = own_moves(view, by_kind, best)
        if chosen is not None:
            return chosen
    if best is not None:
        return best
    if "draw" in by_kind and not _should_quit(view):
        return by_kind["draw"][0]
    if "quit" in by_kind:
        return by_kind["quit"][0]
    return legal[0]


def _best_play(view, plays):
    """The play that keeps the longest run, then dumps the most penalty, then keeps double
    cards; the first of equals."""
    hand = list(view.hand)
    table = table_of(view)
    penalty = table.penalty_of
    now = penalty(hand)
    best, best_key = None, None
    for a in plays:
        rest = list(hand)
        rest.remove(a.card)
        key = (
            run_length(rest, a.card, table),  # keep the most of the hand playable
            now - penalty(rest),  # then dump what costs most
            -len(table.values_of(a.card)),  # keep double cards (K3): they fit more tops
        )
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def _should_quit(view) -> bool:
    """Quit (rather than draw) when the hand's penalty is already small: tiny for its size, or
    small while another seat still in is well ahead in emptying its hand, or with the draw pile
    about to run out."""
    hand = view.hand
    now = table_of(view).penalty_of(hand)  # C7
    others_in = [s for s in range(view.players) if s != view.seat and not view.quit[s]]
    if now <= QUIT_PER_CARD * len(hand):
        return True
    if now <= QUIT_SMALL and min(view.hand_sizes[s] for s in others_in) + QUIT_GAP <= len(hand):
        return True
    return view.pile_size <= len(others_in) and now <= QUIT_LATE
