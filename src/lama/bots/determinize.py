"""Determinization: a full state that one seat cannot tell apart from the real one.

`determinize(view, rng)` rebuilds the game from the view (its options are public) and
deals the cards this seat cannot see, uniformly at random among every deal that fits
its view: the *unseen pool* is the deck minus its own hand minus the discard pile, and
it is shuffled into the other seats' hands (quit seats' face-down cards included, each
seat getting as many as the view says it holds) and the draw pile (whose size the view
gives). Every physical card of the pool is equally likely to be anywhere, which is the
posterior when the other seats' choices are taken to say nothing about their cards.

In `dice` the displays, the llama row and the roll are public and the undealt cards are out of
the round: the state is rebuilt exactly, but for the face-down displays of seats that quit (D3),
dealt like hidden hands from the cards the seat cannot see.

The games rebuild the state themselves (Game.state_from_view, State.with_hidden: OpenSpiel's
resample_from_infostate); this module only says which deal to sample. A search bot then drives
the copy with `apply`, `apply_chance` and `legal_actions` like any driver.
"""

from __future__ import annotations

from lama.core import InvalidView
from lama.games import game_class, game_of

# The view is not a position a search can start from (or does not fit its game): the core's
# InvalidView (Game.resample_from_view raises it), under the name the searches know.
CannotDeterminize = InvalidView


def determinize(view, rng):
    """A state consistent with `view`, hidden cards dealt uniformly with `rng`."""
    return sampler(view)(rng)


def sampler(view):
    """A function `rng -> State` that determinizes `view` (the work that does not depend on
    the random deal is done once, here: a search samples the same view thousands of times)."""
    if view.finished:
        raise CannotDeterminize("the game is over: nothing to decide")
    return game_class(view).hook("determinizer")(view)  # card_sampler (Kadabra too) or dice_sampler


def unseen_pool(view, game) -> list[int]:
    """Counts per kind of the cards `view.seat` cannot see: deck - own hand - discard pile.
    They must exactly fill the other hands and the draw pile (State.unseen)."""
    return game.state_from_view(view).unseen()


def card_sampler(view):
    """The card games' determinizer (Game.determinizer): the game rebuilds every public fact
    (Game.state_from_view) and deals the unseen pool, uniformly shuffled, to the other hands
    and the draw pile (State.with_hidden). A seat must be to move, or its turn wait on chance
    (State.chance_before_turn: K5, a forced draw)."""
    template = game_of(view).state_from_view(view)
    if template.to_move is None and template.chance_before_turn is None:
        raise CannotDeterminize("no seat is to move (a chance outcome is pending)")
    return _dealer(template)


def _dealer(template):
    """`rng -> State`: the template's unseen pool, uniformly shuffled, placed where it lacks cards."""
    cards = [kind for kind, count in enumerate(template.unseen()) for _ in range(count)]
    slots = template.hidden_slots()

    def sample(rng):
        # a uniform shuffle of the pool's physical cards, handed out in seat order, the rest the pile
        deck = cards[:]
        rng.shuffle(deck)
        return template.with_hidden(deck, slots)

    return sample


def dice_sampler(view):
    """The dice determinizer: the game rebuilds the public facts exactly (D1-D3); the face-down
    displays of seats that quit are dealt from the cards the seat cannot see."""
    if view.to_move is None or view.to_move != view.seat:
        raise CannotDeterminize("a dice position is rebuilt for the seat to move only")
    state = game_of(view).state_from_view(view)
    if state.hidden_slots():
        return _dealer(state)
    return lambda rng: state.clone()
