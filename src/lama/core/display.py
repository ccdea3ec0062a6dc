"""How people see and make a game's own parts, declared once: the terminal (lama.tui), the page
(static/*.js, from GET /api/games) and the environments' text render read these declarations
instead of naming a game's fields or moves.

A game declares, in its Game class:

- `chips`: the chips points are held in (C3), highest first: (colour, points) pairs;
- `controls`: each kind of move as people make it (`Control`): the page's button and the
  terminal's key and words, how a legal move is said ("Take the stage") and how a record's
  move is told ("{name} took the stage.");
- `marks`: what a seat shows when a View field holds that seat (`Mark`: the magic chip, a
  forced draw);
- `zones`: a public part of the table's middle kept in one View field (`Zone`: the stage);
- `notes`: sentences about the View, each with its place (`Note`: under the top card, in the
  middle of the table, the reader's turn line).

Every sentence is an entry of lama.core.sentences (cases chosen by the data's values), read over
the JSON of a View, an action or a record's move by the same interpreters as the events' (an
action is said to its seat: `you`; a move, a zone and a note without subject to anyone: `other`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .sentences import ANY, case, event
from .words import N_

CHIPS = (("black", 10), ("white", 1))  # C3: the chips of every game so far, highest first

# Control.control: how a page offers a kind of move
BUTTON = "button"  # a button (and its key)
HAND = "hand"  # a card of the hand (play)
ROW = "row"  # a card of the llama row (Dice's take)
CHOOSE = "choose"  # cards chosen one by one, then a button (Dice's discard)

# Note.place: where a note is said
TOP = "top"  # under the top card (the page)
MIDDLE = "middle"  # in the middle of the table: a line of the terminal, a caption of the page
TURN = "turn"  # the reader's turn line, while it is their move (the page's turn note)


@dataclass(frozen=True, slots=True)
class Control:
    """A kind of move as people make it: `kind` (the Action's kind, the JSON's key), `label`
    (its button), `key` (the one key that makes it, on the page and in the terminal), `words`
    (what else the terminal takes for it, whole words), `said` (a legal move in words, an entry
    over the action's JSON: hints, the page's move lists), `done` (a record's move in words, an
    entry over the move's JSON: the replay), `control` (BUTTON, HAND, ROW or CHOOSE),
    `primary` (the move a page urges, where legal) and `seat` (for a play that names a seat:
    the action's key holding it, and `ask`, what the page asks when several seats may be named,
    with the terminal's separators in `seat_words`, as in `1>2`). `field`: a View field the move
    needs; a view without it (the option that brings it is off) is offered no such move."""

    kind: str
    label: str = ""
    key: str = ""
    words: tuple[str, ...] = ()
    said: dict | None = None
    done: dict | None = None
    control: str = BUTTON
    primary: bool = False
    seat: str | None = None
    ask: str = ""
    seat_words: tuple[str, ...] = ()
    field: str = ""

    def describe(self) -> dict:
        return {"kind": self.kind, "control": self.control, "label": self.label, "key": self.key,
                "words": list(self.words), "said": self.said, "done": self.done, "primary": self.primary,
                "seat": self.seat, "ask": self.ask, "seat_words": list(self.seat_words), "field": self.field}


@dataclass(frozen=True, slots=True)
class Mark:
    """What a seat shows while the View field `field` holds it: `label` (the page's words),
    `short` (the terminal's status column), `badge` (the page shows it as a badge, not only in
    words) and `chip` (a chip of this colour is drawn among the seat's chips)."""

    field: str
    label: str
    short: str
    badge: bool = False
    chip: str | None = None

    def describe(self) -> dict:
        return {"field": self.field, "label": self.label, "short": self.short, "badge": self.badge, "chip": self.chip}


@dataclass(frozen=True, slots=True)
class Zone:
    """A public part of the middle kept in the View field `field` (chip counts): its `title`,
    the chips drawn (`chips`: (the field's index, colour) pairs, in the order drawn), `said`
    (the zone in words: the terminal's line, the page's label), `under` (the line under it; a
    case with `"alert": true` is also the terminal's), `alert` (a View field: while true, the
    zone is highlighted), `aside` (a sentence beside it) and `aside_chip` ((View field,
    colour): that chip is drawn beside it while the field is None)."""

    field: str
    title: str
    chips: tuple[tuple[int, str], ...]
    said: dict
    under: dict | None = None
    alert: str | None = None
    aside: dict | None = None
    aside_chip: tuple[str, str] | None = None

    def describe(self) -> dict:
        return {"field": self.field, "title": self.title, "chips": [list(c) for c in self.chips], "said": self.said,
                "under": self.under, "alert": self.alert, "aside": self.aside,
                "aside_chip": list(self.aside_chip) if self.aside_chip else None}


@dataclass(frozen=True, slots=True)
class Note:
    """A sentence about the View at `place` (TOP, MIDDLE or TURN), said when a case fits. With
    a `subject` (a View field holding a seat), the sentence is about that seat: `{name}` is its
    name and the `you` case is the reader's own."""

    place: str
    said: dict
    subject: str | None = None

    def describe(self) -> dict:
        return {"place": self.place, "said": self.said, "subject": self.subject}


def alert(entry_case: dict) -> dict:
    """A case of a zone's `under` that the terminal says too, highlighted."""
    return {**entry_case, "alert": True}


def plain(text, when: dict | None = None) -> dict:
    """A case said the same to everyone (a button's move, a note; `text` a template or a
    (singular, plural) pair)."""
    return case(text, text, when)


# The moves of the card games (L3-L5) and of Dice (D2-D4).
PLAY_CONTROL = Control("play", control=HAND, said=event(plain(N_("Play a {card}")), fields={"card": ["card", "play"]}),
               done=event(plain(N_("{name} played {card}.")), fields={"card": ["card", "play"]}))
DRAW_CONTROL = Control("draw", N_("Draw a card"), "d", ("draw",), event(plain(N_("Draw a card"))),
               event(plain(N_("{name} drew {card}.")), fields={"card": ["card", "draw"]}), primary=True)
QUIT_CONTROL = Control("quit", N_("Quit the round"), "q", ("quit",), event(plain(N_("Quit the round"))),
               event(plain(N_("{name} quit the round."))))
ROLL_CONTROL = Control("roll", N_("Roll the dice"), "r", ("roll",), event(plain(N_("Roll the dice"))), event(
    plain(N_("{name} rolled {roll} and discarded {cards}."), {"discard": ANY}),
    plain(N_("{name} rolled {roll} and took {card} from the row."), {"take": ANY}),
    plain(N_("{name} rolled {roll}: three llamas!"), {"llamas": True}),
    plain(N_("{name} rolled {roll}: bust!")),
    fields={"roll": ["cards", "roll"], "cards": ["cards", "discard"], "card": ["card", "take"],
            "llamas": ["all", {"roll": "L"}]}), primary=True)
DISCARD_CONTROL = Control("discard", control=CHOOSE, said=event(plain(N_("Discard {cards}")),
                                                        fields={"cards": ["cards", "discard"]}))
TAKE_CONTROL = Control("take", control=ROW, said=event(plain(N_("Take a {card} from the llama row")),
                                               fields={"card": ["card", "take"]}))


def note_data(note: Note, view_json: dict) -> tuple[dict, bool] | None:
    """A note's data and whether it is said to its own seat (`you`), from a View's JSON; None
    where its subject holds no seat (a forced draw nobody owes)."""
    if note.subject is None:
        return view_json, False
    seat = view_json.get(note.subject)
    if seat is None:
        return None
    return {**view_json, "seat": seat}, seat == view_json.get("seat")


def notes_at(notes, place: str, view_json: dict) -> list[tuple[dict, dict, bool]]:
    """The notes at `place` that have something to say of a View's JSON: (the entry, its data,
    `you`) for each, in order (note_data); each reader says them in its own words."""
    found = ((note.said, note_data(note, view_json)) for note in notes if note.place == place)
    return [(entry, *about) for entry, about in found if about is not None]
