"""The shape of L.A.M.A. Dice's state (lama.core.shape), DiceState's `shape`: its fields in the
core state and the fast engine's row, what its View adds (and their JSON), and its observation's
features. The state itself is lama.games.dice's."""

from __future__ import annotations

from lama.core.shape import (
    COUNTS,
    DICE_FACES,
    DICE_SHOWN,
    HIDDEN,
    PER_KIND,
    PER_SEAT,
    PER_SEAT_KIND,
    POINTS,
    SEAT_COUNTS,
    Field,
    Observed,
    Shape,
    ViewField,
)

from .dice_roll import KINDS, N_DICE

# What dice adds to every game's state, View and moves (D1-D3), in the order of its JSON.
DICE_SHAPE = Shape(
    fields=(
        Field("pending", names=(None, "discard", "take")),  # the answer the roll is owed
        Field("roller"),
        Field("row_size"),
        Field("roll", size=N_DICE, codes=True, none=-1),  # the kind each die shows
        Field("pile_size", get=lambda s: sum(s.undealt), compared=False),  # the kernels keep no count
        Field("hand_sizes", PER_SEAT),
        Field("undealt", PER_KIND, HIDDEN, row="pile"),
        Field("discard_pile", PER_KIND),
        Field("row", PER_KIND),
        Field("roll_counts", PER_KIND),
        Field("caps", PER_KIND),  # D3b: most cards of each kind a discard may let go
        Field("displays", PER_SEAT_KIND, row="hands"),
    ),
    view=(
        ViewField("hand_sizes", lambda s, seat: tuple(s.hand_sizes), ()),
        ViewField("discard_pile", lambda s, seat: KINDS.codes_of(s.discard_pile), ()),
        # D3: the display of a seat that quit is face down for everyone else
        ViewField("displays", lambda s, seat: tuple(() if s.quit[t] and t != seat else KINDS.codes_of(d)
                                                     for t, d in enumerate(s.displays)), ()),
        ViewField("row", lambda s, seat: KINDS.codes_of(s.row), ()),
        ViewField("roll", lambda s, seat: s.roll),
        ViewField("dice", lambda s, seat: s.game.dice, ()),
    ),
    observed=(
        Observed("displays", SEAT_COUNTS, "displays", hidden_when_quit=True),
        Observed("hand_sizes", PER_SEAT, "hand_sizes"),
        Observed("points", POINTS, "points"),
        Observed("quit", PER_SEAT, "quit", high=1),
        Observed("discard_pile", COUNTS, "discard_pile"),
        Observed("row", COUNTS, "row", high=lambda game: max(game.row)),
        Observed("roll", DICE_SHOWN, "roll", size=N_DICE),
        Observed("dice", DICE_FACES, size=N_DICE),
    ),
    # the events the observation's mirror does not write itself: D3a's returned chip
    changes=(("SeatQuit", ("quit",)), ("ChipReturned", ("points",))),
)
