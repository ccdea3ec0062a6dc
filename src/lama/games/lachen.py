"""The L.A.M.A. Lachen promo (rules LL1, LL2): option `lachen` of lama and komarami, which adds
Kadabra's stage to the base game as "the puddle" (lama.games.stage holds the mechanic).

Here: the option, the state of a game played with it (the card games' state plus the stage,
under the LL rule ids and the puddle's refusals) and what people read and type of it (the
puddle as a zone, the laughing time's notes, the take control, its events' sentences), which
LamaGame (and KomaramiGame) declare. A view of a game without the option has no `stage`, so
the zone, the notes and the control stay silent there.
"""

from __future__ import annotations

from lama.core import CardState, IllegalAction, InvalidOption
from lama.core.display import TOP, TURN, Control, Note, Zone, alert, plain
from lama.core.game import Option
from lama.core.jsonform import shown
from lama.core.sentences import case, event
from lama.core.shape import Shape
from lama.core.words import N_, N_plural

from .stage import (
    SHOW_CHIPS,
    SHOW_OBSERVED,
    SHOW_VIEW,
    STAGE_CHANGES,
    STAGE_FIELDS,
    STAGE_OBSERVED,
    STAGE_POINTS_MOVED,
    STAGE_VIEW,
    TAKE_STAGE_MOVE,
    StageState,
)

# `label`: what the lobby's checkbox says
LACHEN_OPTION = Option("lachen", "the L.A.M.A. Lachen promo: a llama puts a chip in the puddle, five or more chips "
                                 "make laughing time (LL; default false)", "boolean",
                       label=N_("L.A.M.A. Lachen: play with the puddle (a llama puts a chip in it)"))


def lachen_of(options: dict) -> bool:
    """The option `lachen` (LL): JSON's true or false, not 1 or "yes"; InvalidOption if bad."""
    value = options.get("lachen", False)
    if not isinstance(value, bool):
        raise InvalidOption("yes_or_no", name="lachen", value=shown(value))
    return value


class LachenState(StageState):
    """lama or komarami with the puddle (LL1, LL2): the stage's rules under the LL ids. The
    puddle starts empty and its chips stay into the next round (LL1)."""

    __slots__ = ()

    def refusal(self, what: str, **params) -> IllegalAction:
        """LL2's refusal of `what` during laughing time (play, draw, quit) or, `take`, outside it."""
        if what == "play":
            return IllegalAction("show_running", "play_in_laughing", rule="LL2", **params)
        if what == "draw":
            return IllegalAction("show_running", "draw_in_laughing", rule="LL2")
        if what == "quit":
            return IllegalAction("show_running", "quit_in_laughing", rule="LL2")
        return IllegalAction("no_show", "no_laughing", rule="LL2", n=SHOW_CHIPS)

    shape = CardState.shape + Shape(
        fields=STAGE_FIELDS,
        view=(STAGE_VIEW, SHOW_VIEW),
        moves=(TAKE_STAGE_MOVE,),
        observed=(STAGE_OBSERVED, SHOW_OBSERVED),
        changes=STAGE_CHANGES,
        points_moved=STAGE_POINTS_MOVED,
        # puddle takes: each needs a card played (or chips carried into the round), as Kadabra's
        more_moves=lambda game: sum(game.deck) + 1,
    )


# -- what people read and type of it (lama.core.display, lama.core.sentences) ------------------
_PUDDLE_FIELDS = {"n": ["sum", {"stage": 1}], "white": ["item", ["stage", 0]], "black": ["item", ["stage", 1]],
                  "card": ["llama", ""]}

TAKE_CONTROL = Control("take_stage", N_("Take the puddle"), "t", ("puddle", "take_stage", "take puddle"),
                       event(plain(N_("Take the puddle"))), event(plain(N_("{name} took the puddle."))),
                       field="stage")  # only at a table with the puddle
ZONES = (Zone(  # LL1, LL2: the puddle and its laughing time
    "stage", N_("Puddle"), ((1, "black"), (0, "white")), alert="show",
    said=event(plain(N_plural("The puddle: {n} chip ({white} white, {black} black); laughing time",
                              "The puddle: {n} chips ({white} white, {black} black); laughing time"),
                     {"show": True}),
               plain(N_plural("The puddle: {n} chip ({white} white, {black} black)",
                              "The puddle: {n} chips ({white} white, {black} black)")),
               fields=_PUDDLE_FIELDS),
    under=event(alert(plain(N_("Laughing time! Play a {card} or take the puddle"), {"show": True})),
                plain(N_("{n}/5 chips until laughing time")), fields=_PUDDLE_FIELDS)),)
NOTES = (
    Note(TOP, event(plain(N_("laughing time: only a {card}"), {"show": True}), fields={"card": ["llama", ""]})),
    Note(TURN, event(plain(N_("Your turn — laughing time!"), {"show": True}))),
)
SENTENCES = {  # the puddle's events (lama.games.stage), in its words
    "chip_staged": event(
        case(N_plural("You put a black chip in the puddle (now {n} chip).",
                      "You put a black chip in the puddle (now {n} chips)."),
             N_plural("{name} put a black chip in the puddle (now {n} chip).",
                      "{name} put a black chip in the puddle (now {n} chips)."), when={"chip": "black"}),
        case(N_plural("You put a white chip in the puddle (now {n} chip).",
                      "You put a white chip in the puddle (now {n} chips)."),
             N_plural("{name} put a white chip in the puddle (now {n} chip).",
                      "{name} put a white chip in the puddle (now {n} chips).")),
        fields={"n": ["sum", {"stage": 1}]},
        then=({"when": {"n": {"at_least": SHOW_CHIPS}}, "text": N_("Laughing time!")},)),
    "stage_taken": event(
        case(N_plural("You took the puddle: {n} chip ({white} white, {black} black), {points} points.",
                      "You took the puddle: {n} chips ({white} white, {black} black), {points} points."),
             N_plural("{name} took the puddle: {n} chip ({white} white, {black} black), {points} points.",
                      "{name} took the puddle: {n} chips ({white} white, {black} black), {points} points.")),
        fields={"n": ["sum", {"whites": 1, "blacks": 1}], "white": ["sum", {"whites": 1}],
                "black": ["sum", {"blacks": 1}], "points": ["sum", {"whites": 1, "blacks": 10}]}),
}

__all__ = ["LACHEN_OPTION", "NOTES", "SENTENCES", "TAKE_CONTROL", "ZONES", "LachenState", "lachen_of"]
