"""Determinization: a full state that one seat cannot tell apart from the real one.

`determinize(view, rng)` rebuilds the game from the view (its options are public) and
deals the cards this seat cannot see, uniformly at random among every deal that fits
its view: the *unseen pool* is the deck minus its own hand minus the discard pile, and
it is shuffled into the other seats' hands (quit seats' face-down cards included, each
seat getting as many as the view says it holds) and the draw pile (whose size the view
gives). Every physical card of the pool is equally likely to be anywhere, which is the
posterior when the other seats' choices are taken to say nothing about their cards.

In `dice` nothing hidden matters (displays, the llama row and the roll are public; the
undealt cards are out of the round), so the state is rebuilt exactly.

Only the core's public interface plus its documented state fields are used: a search bot
then drives the copy with `apply`, `apply_chance` and `legal_actions` like any driver.
"""

from __future__ import annotations

from lama.games import game_class, game_of


class CannotDeterminize(ValueError):
    """The view is not a position a search can start from (or does not fit its game)."""


def determinize(view, rng):
    """A state consistent with `view`, hidden cards dealt uniformly with `rng`."""
    return sampler(view)(rng)


def sampler(view):
    """A function `rng -> State` that determinizes `view` (the work that does not depend on
    the random deal is done once, here: a search samples the same view thousands of times)."""
    if view.finished:
        raise CannotDeterminize("the game is over: nothing to decide")
    return game_class(view).hook("determinizer")(view)  # card_sampler, kadabra_sampler, dice_sampler


def _common(state, view) -> None:
    """Seats, points, round and turn: all public (C1, C3, C4)."""
    state.points = list(view.points)
    state.round = view.round
    state.quit = list(view.quit)
    state.n_in = view.quit.count(False)
    state.to_move = view.to_move
    state.chance = None
    state.history = list(view.history)
    state.finished = False
    state.winners = ()
    state.starter = view.to_move if view.to_move is not None else 0  # replaced at round end (C4)


def unseen_pool(view, game) -> list[int]:
    """Counts per kind of the cards `view.seat` cannot see: deck - own hand - discard pile.
    They must exactly fill the other hands and the draw pile."""
    table = game.table
    pool = list(game.deck)
    for code in view.hand:
        pool[table.index[code]] -= 1
    for code in view.discard_pile:
        pool[table.index[code]] -= 1
    if min(pool) < 0:
        raise CannotDeterminize("the view holds more cards of a kind than the deck has")
    in_hands = sum(view.hand_sizes) - len(view.hand)
    if sum(pool) != in_hands + view.pile_size:
        raise CannotDeterminize(
            f"{sum(pool)} unseen cards cannot fill {in_hands} cards in other hands and a pile of {view.pile_size}"
        )
    return pool


def card_sampler(view, public=None):
    """The card games' determinizer (Game.determinizer): deal the unseen pool to the other
    hands and the draw pile. `public(state, view)` sets the game's own public fields (and
    checks a seat is to move); by default a seat must be to move."""
    game = game_of(view)
    table = game.table
    template = game.new_initial_state()
    _common(template, view)
    seat = view.seat
    pool = unseen_pool(view, game)
    others = [(s, n) for s, n in enumerate(view.hand_sizes) if s != seat]
    size = table.size
    template.hands = [[0] * size for _ in view.hand_sizes]
    template.hands[seat] = table.counts_of(view.hand)
    template.sizes = list(view.hand_sizes)
    template.pile = [0] * size
    template.pile_size = view.pile_size
    template.top = table.index[view.top]
    template.discards = table.counts_of(view.discard_pile)
    template.moves = [(s, a, table.index[t]) for s, a, t in view.moves]
    template.drawer = -1
    if public is not None:
        public(template, view)
    elif view.to_move is None:
        raise CannotDeterminize("no seat is to move (a chance outcome is pending)")
    cards = [kind for kind, count in enumerate(pool) for _ in range(count)]

    def sample(rng):
        # a uniform shuffle of the pool's physical cards, handed out in seat order, the rest the pile
        state = template.clone()
        deck = cards[:]
        rng.shuffle(deck)
        hands = state.hands
        at = 0
        for s, n in others:
            hand = hands[s]
            for kind in deck[at:at + n]:
                hand[kind] += 1
            at += n
        pile = state.pile
        for kind in deck[at:]:
            pile[kind] += 1
        return state

    return sample


def kadabra_sampler(view):
    """Kadabra's determinizer: card_sampler with the stage, the magic chip and a forced draw."""
    return card_sampler(view, _kadabra)


def _kadabra(state, view) -> None:
    """K2, K5, K7, K9: the stage, the magic chip and a pending forced draw are public."""
    state.stage_whites, state.stage_blacks = view.stage
    state.magic = -1 if view.magic_chip is None else view.magic_chip
    state.forced = view.forced_draw is not None
    if state.forced:  # K5: the forced draw is resolved by chance before the seat's turn
        state.chance = "draw"
        state.drawer = view.forced_draw
        state.to_move = None
    elif view.to_move is None:
        raise CannotDeterminize("no seat is to move (a chance outcome is pending)")


def dice_sampler(view):
    """The dice determinizer: everything that matters is public; rebuild it exactly (D1-D3)."""
    if view.to_move is None or view.to_move != view.seat:
        raise CannotDeterminize("a dice position is rebuilt for the seat to move only")
    game = game_of(view)
    table = game.table
    state = game.new_initial_state()
    _common(state, view)
    state.displays = [table.counts_of(d) for d in view.displays]
    state.sizes = [len(d) for d in view.displays]
    state.row = table.counts_of(view.row)
    state.row_size = len(view.row)
    state.discards = table.counts_of(view.discard_pile)
    # undealt = deck - (displays + discards - cards taken from the row): out of the round
    undealt = list(game.deck)
    taken = [r - c for r, c in zip(game.row, state.row)]
    for k in range(table.size):
        undealt[k] -= sum(d[k] for d in state.displays) + state.discards[k] - taken[k]
    state.undealt = undealt
    state.roll = view.roll
    counts = [0] * table.size
    for face in view.roll or ():
        counts[table.index[face]] += 1
    state.roll_counts = counts
    kinds = {a.kind for a in view.legal_actions}
    if "discard" in kinds:
        display = state.displays[view.seat]
        state.pending = "discard"
        state.caps = tuple(d if d < c else c for d, c in zip(display, counts))
    elif "take" in kinds:
        state.pending = "take"
    else:
        state.pending = None
    state.roller = -1
    return lambda rng: state.clone()
