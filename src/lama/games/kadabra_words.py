"""What people read and type of L.A.M.A. Kadabra (lama.core.display, lama.core.sentences):
its moves' controls, the seat marks of the magic chip and the forced draw (K5, K6), the stage
as a zone with its show (K8, K9), its notes, and the sentences of its events. The rules are in
lama.games.kadabra, which declares these on its Game class."""

from __future__ import annotations

from dataclasses import replace

from lama.core.display import (
    DRAW_CONTROL,
    MIDDLE,
    PLAY_CONTROL,
    QUIT_CONTROL,
    TOP,
    TURN,
    Control,
    Mark,
    Note,
    Zone,
    alert,
    plain,
)
from lama.core.sentences import ANY, case, event
from lama.core.words import N_, N_plural

from .stage import SHOW_CHIPS  # K9: a show runs while the stage holds this many chips or more

_STAGE_FIELDS = {"n": ["sum", {"stage": 1}], "white": ["item", ["stage", 0]], "black": ["item", ["stage", 1]]}

CONTROLS = (  # K4: a played 1 names the seat it gives a chip to; K7: skip; K9: take the stage
    replace(PLAY_CONTROL, seat="give", ask=N_("You play a {card}: give one of your chips to…"),
            seat_words=(">", "give", "to"),
            said=event(plain(N_("Play a {card} and give a chip to {name}"), {"give": ANY}),
                       plain(N_("Play a {card}")), fields={"card": ["card", "play"], "name": ["name", "give"]}),
            done=event(plain(N_("{name} played {card} and gave a chip to {to}."), {"give": ANY}),
                       plain(N_("{name} played {card}.")),
                       fields={"card": ["card", "play"], "to": ["name", "give"]})),
    DRAW_CONTROL, QUIT_CONTROL,
    Control("skip", N_("Skip (magic chip)"), "s", ("skip",), event(plain(N_("Skip with the magic chip"))),
            event(plain(N_("{name} skipped with the magic chip.")))),
    Control("take_stage", N_("Take the stage"), "t", ("stage", "take_stage", "take stage"),
            event(plain(N_("Take the stage"))), event(plain(N_("{name} took the stage.")))),
)
MARKS = (
    Mark("magic_chip", N_("holds the magic chip"), N_("magic chip"), chip="magic"),  # K6
    Mark("forced_draw", N_("must draw first"), N_("draws first"), badge=True),  # K5
)
ZONES = (Zone(  # K8, K9: the stage, its show, and the magic chip in the centre (K2)
    "stage", N_("Stage"), ((1, "black"), (0, "white")), alert="show",
    said=event(plain(N_plural("The stage: {n} chip ({white} white, {black} black); a magic show is on",
                              "The stage: {n} chips ({white} white, {black} black); a magic show is on"),
                     {"show": True}),
               plain(N_plural("The stage: {n} chip ({white} white, {black} black)",
                              "The stage: {n} chips ({white} white, {black} black)")),
               fields=_STAGE_FIELDS),
    under=event(alert(plain(N_("★ Magic show! Play a llama, take the stage or skip"), {"show": True})),
                plain(N_("{n}/5 chips until the show")), fields=_STAGE_FIELDS),
    aside=event(plain(N_("magic chip: free"), {"magic_chip": None}), plain(N_("magic chip: {holder}")),
                fields={"holder": ["name", "magic_chip"]}),
    aside_chip=("magic_chip", "magic")),)
NOTES = (
    Note(TOP, event(plain(N_("magic show: only a {card}"), {"show": True}), fields={"card": ["llama", ""]})),  # K9
    Note(TURN, event(plain(N_("Your turn — magic show!"), {"show": True}))),
    Note(TURN, event(case(N_("A rectangle: you must draw first."))), subject="forced_draw"),  # K5
    Note(MIDDLE, event(plain(N_("{name} must draw a card first (rectangle card)"), {"seat": ANY})),
         subject="forced_draw"),
)
pictures = ("2/3", "5*", "4+")
SENTENCES = {  # what the terminal and the page say of Kadabra's events (lama.core.sentences)
    "card_drawn": event(  # K5: a forced draw says so
        case(N_("You drew {card} (forced by a rectangle card)."), when={"card": ANY, "forced": True}),
        case(N_("You drew {card}."), when={"card": ANY}),
        case(N_("You drew a card (forced by a rectangle card)."),
             N_("{name} drew a card (forced by a rectangle card)."), when={"forced": True}),
        case(N_("You drew a card."), N_("{name} drew a card.")),
        fields={"card": ["card", "card"]}),
    "chip_given": event(
        case(N_("You gave the magic chip to {to}."), N_("{name} gave the magic chip to {to}."),
             when={"chip": "magic"}),
        case(N_("You gave a black chip to {to}."), N_("{name} gave a black chip to {to}."), when={"chip": "black"}),
        case(N_("You gave a white chip to {to}."), N_("{name} gave a white chip to {to}.")),
        fields={"to": ["seat", "to"]}),
    "magic_chip_taken": event(
        case(N_("You took the magic chip from the centre (star card)."),
             N_("{name} took the magic chip from the centre (star card)."), when={"source": None}),
        case(N_("You took the magic chip from {source} (star card)."),
             N_("{name} took the magic chip from {source} (star card).")),
        fields={"source": ["seat", "source"]}),
    "chip_staged": event(
        case(N_plural("You put a black chip on the stage (now {n} chip).",
                      "You put a black chip on the stage (now {n} chips)."),
             N_plural("{name} put a black chip on the stage (now {n} chip).",
                      "{name} put a black chip on the stage (now {n} chips)."), when={"chip": "black"}),
        case(N_plural("You put a white chip on the stage (now {n} chip).",
                      "You put a white chip on the stage (now {n} chips)."),
             N_plural("{name} put a white chip on the stage (now {n} chip).",
                      "{name} put a white chip on the stage (now {n} chips).")),
        fields={"n": ["sum", {"stage": 1}]},
        then=({"when": {"n": {"at_least": SHOW_CHIPS}}, "text": N_("Magic show!")},)),
    "stage_taken": event(
        case(N_plural("You took the stage: {n} chip ({white} white, {black} black), {points} points.",
                      "You took the stage: {n} chips ({white} white, {black} black), {points} points."),
             N_plural("{name} took the stage: {n} chip ({white} white, {black} black), {points} points.",
                      "{name} took the stage: {n} chips ({white} white, {black} black), {points} points.")),
        fields={"n": ["sum", {"whites": 1, "blacks": 1}], "white": ["sum", {"whites": 1}],
                "black": ["sum", {"blacks": 1}], "points": ["sum", {"whites": 1, "blacks": 10}]}),
    "skipped": event(case(N_("You skipped with the magic chip (it goes back to the centre)."),
                          N_("{name} skipped with the magic chip (it goes back to the centre)."))),
    "magic_chip_scored": event(case(N_("You held the magic chip at the end of the round: 10 points."),
                                    N_("{name} held the magic chip at the end of the round: 10 points."))),
}
