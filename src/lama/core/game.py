"""A game: its id, player count and options (what OpenSpiel calls the Game).

The State of a game is created from it with `game.new_initial_state()`, or from what one seat
sees with `game.resample_from_view(view, shuffle)` (OpenSpiel's resample_from_infostate: every
public fact restored by the game's State, the unseen cards placed in the order `shuffle` gives).

A Game subclass (one module in lama/games) declares everything that makes its game: its id
and name, its rules text, its options (with a line of help each), the rules themselves (its
State class and data), and, by reference, what the drivers above the core use for it: its
record codec, its heuristic, its determinizer, its compiled search. The core and the games
import only the standard library, so those are named as "module:attribute" strings and
resolved on first use by `Game.hook(name)`. Nothing outside lama/games tests a game's id.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources

from .actions import DRAW, QUIT
from .display import CHIPS, DRAW_CONTROL, PLAY_CONTROL, QUIT_CONTROL, Control, Mark, Note, Zone
from .errors import IllegalAction, InvalidOption
from .jsonform import ReadOnlyMap, frozen, is_int, shown
from .sentences import SENTENCES

MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_TARGET = 40  # C6
MAX_TARGET = 1000  # C6: far beyond any real game, small enough for every counter of the search


@dataclass(frozen=True)
class Option:
    """An option a game accepts: its key in the record's `options`, one line of help, the
    JSON form of its value (`type`: "integer", "seat", "deck" a map from card code to count,
    "faces" a list of dice, each a list of face codes, "boolean" true or false) and its bounds
    as (key, value) pairs (`min`, `max`, ...), which a client needs to offer it (GET
    /api/games). `label`: what people read beside its control (a lobby's checkbox, the help of
    the terminal's flag), a catalog's message id; "" where the client names it itself."""

    name: str
    description: str
    type: str = "integer"
    bounds: tuple[tuple[str, object], ...] = ()
    label: str = ""

    def describe(self, default) -> dict:
        return {"name": self.name, "description": self.description, "default": default, "type": self.type,
                "label": self.label,
                **{key: list(value) if isinstance(value, tuple) else value for key, value in self.bounds}}


# Every game accepts these (C4, C6).
COMMON_OPTIONS = (
    Option("target", f"the game ends when a seat has this many points or more (C6; default {DEFAULT_TARGET})",
           "integer", (("min", 1), ("max", MAX_TARGET))),
    Option("first_player", "the seat that starts the first round (C4; default 0)", "seat", (("min", 0),)),
)

# Hooks resolved so far: (game class, hook name) -> object.
_HOOKS: dict = {}


class Game:
    """Static description shared by every state of one game.

    What a game module declares (class attributes):

    - `id`, `name`: the record's id and the name people read.
    - `rules_file`: its rules in a player's words, a file under lama/data (`rules_text()`): no
      command-line flags or typed syntax, the page's names and numbering (the terminal adds
      its own part from rules/terminal/ under the same name, lama.tui.rules).
    - `extra_options`: the `Option`s it accepts beyond `COMMON_OPTIONS`.
    - `state_class`: its State.
    - hooks, each a "module:attribute" reference resolved by `hook(name)` (or None):
      `record_moves` (lama.record: an object whose `apply(state, move)` applies one record
      move), `heuristic` (lama.bots: `choose(view, rng) -> action`), `heuristic_moves`
      (lama.bots: the game's own moves as the card games' heuristic, heuristic_cards, makes them:
      `moves(view, by_kind, best) -> action or None`, `by_kind` the legal actions by kind, `best`
      its best play or None; None leaves its choice), `determinizer`
      (lama.bots: `build(view) -> (rng -> State)`), `rollout_policy` (lama.bots: the playouts'
      quick policy, `policy(state, actions, rng) -> action`), `compiled_search` (lama.bots:
      `search(view, rng, samples, halving, infer)`, or None), `compiled_duel` (lama.bots: a
      class `Duel(view, rng, first, second)` that plays two actions out on the same deals, the
      `neural` level's second look; or None).
    - `hard_samples`: the `hard` bot's playouts per decision in this game.

    And what a client needs to show it (`describe()`, served by GET /api/games): `family`
    (the board: "cards", a hand, a draw pile and a top card; "dice", a display, the llama row
    and the dice), `hand_name`, `llama_name`, `kinds` (its kinds of card), `pictures` (codes a
    lobby shows it with), `roll_odds` (the server answers `odds`), `tagline`, `default_target`
    and the State's `start_points`; and how its own parts are seen and made (lama.core.display):
    `chips`, `controls` (each kind of move, in the order a page offers them; `move_kinds` is
    their kinds), `marks`, `zones` and `notes`.
    """

    id = ""
    name = ""
    tagline = ""  # what the game is, in one line a lobby shows
    rules_file = ""  # under lama/data, e.g. "rules/lama.md"
    extra_options: tuple[Option, ...] = ()  # options beyond COMMON_OPTIONS
    controls: tuple[Control, ...] = ()  # the kinds of move a seat makes, as people make them
    move_kinds: tuple[str, ...] = ()  # their kinds (Action.kind), set from `controls`
    chips = CHIPS  # C3: the chips points are held in, highest first
    marks: tuple[Mark, ...] = ()  # what a seat shows while a View field holds it
    zones: tuple[Zone, ...] = ()  # public parts of the table's middle
    notes: tuple[Note, ...] = ()  # sentences about the View, each at its place
    llama_name = "llama"  # how the game calls its llama card (Komarami: a mosquito)
    hand_name = "hand"  # what a seat's cards are called (Dice: its display)
    family = ""  # "cards" or "dice": the kind of board
    kinds = None  # its kinds of card (a CardKinds), set by the game module
    pictures: tuple[str, ...] = ()  # card (or dice face) codes the lobby shows the game with
    roll_odds = False  # the server counts the odds of a seat's next roll (message `odds`)
    sentences: dict = {}  # what the terminal and the page say of its own events (lama.core.sentences)
    default_target = DEFAULT_TARGET  # C6
    state_class: type = None  # set by each game module

    # -- what drivers use for this game, by reference (see `hook`) --
    record_moves: str | None = None
    heuristic: str | None = None
    heuristic_moves: str | None = None
    determinizer: str | None = None
    rollout_policy: str | None = None
    compiled_search: str | None = None
    compiled_duel: str | None = None
    hard_samples = 3000

    def __init__(self, players: int, options: dict | None = None):
        options = dict(options or {})
        if not is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOption("players", game=self.id, value=shown(players))
        allowed = self.option_names()
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise InvalidOption("unknown_options", game=self.id, names=", ".join(unknown), allowed=", ".join(allowed))
        target = options.get("target", self.default_target)
        if not is_int(target) or not 1 <= target <= MAX_TARGET:
            raise InvalidOption("whole_number", name="target", most=MAX_TARGET, value=shown(target))
        first = options.get("first_player", 0)
        if not is_int(first) or not 0 <= first < players:
            raise InvalidOption("first_player", last=players - 1, value=shown(first))
        self.players = players
        self.target = target
        self.first_player = first
        self.options = options

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.move_kinds = tuple(c.kind for c in cls.controls)

    @cached_property
    def public_options(self) -> ReadOnlyMap:
        """The options as views carry them: a deep read-only copy, so that nothing a bot
        does to its view can reach the game, another view or the record."""
        return frozen(self.options)

    def new_initial_state(self):
        return self.state_class(self)

    def state_from_view(self, view):
        """The state holding every fact `view` shows, the cards its seat cannot see not placed
        (State.from_view; fill them with `unseen`, `place_hidden` or `with_hidden`)."""
        return self.state_class.from_view(self, view)

    def resample_from_view(self, view, shuffle=None):
        """OpenSpiel's resample_from_infostate: a full state consistent with `view` (its seat sees
        `view` in it), the unseen cards in the order `shuffle(cards)` leaves them (e.g. a seeded
        `rng.shuffle`; None: table order). InvalidView if no state fits the view."""
        return self.state_class.resample_from_view(self, view, shuffle)

    # -- the game's description ----------------------------------------------
    @classmethod
    def default_options(cls) -> dict:
        """Every option's default value, in JSON form (what a lobby offers to change)."""
        return {"target": cls.default_target, "first_player": 0}

    @classmethod
    def all_options(cls) -> tuple[Option, ...]:
        """Every option the game accepts, with its help line."""
        return COMMON_OPTIONS + cls.extra_options

    @classmethod
    def describe(cls) -> dict:
        """What a client needs to know of the game, in JSON form (GET /api/games, one entry):
        `id`, `name`, `tagline`, `min_players`, `max_players`, `options` (each: `name`, `description`,
        `default`, `type` and its bounds), `family`, `hand` (what a seat's cards are called),
        `llama` (what the L card is called and shows), `cards` (each kind of card: `code`,
        `name`, `next`: the values that may go on it and a card of the game's own that may,
        `effect`: what it does in its game, "" for none: how a page draws it), `moves` (each kind of move, in the
        order a page offers them: lama.core.display.Control), `chips`, `marks`, `zones`, `notes`
        (lama.core.display), `start_points`, `odds`, `pictures` and `sentences` (what to say of
        each event, lama.core.sentences). A page that reads these tests no game id."""
        defaults = cls.default_options()
        cards = cls.kinds.cards if cls.kinds is not None else ()
        return {
            "id": cls.id, "name": cls.name, "tagline": cls.tagline,
            "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS,
            "options": [o.describe(defaults.get(o.name)) for o in cls.all_options()],
            "family": cls.family,
            "hand": cls.hand_name,
            "llama": cls.llama_name,
            "cards": [{"code": c.code, "name": cls.kinds.name(c, cls.llama_name), "next": list(cls.kinds.next_of(c)),
                       "effect": c.effect} for c in cards],
            "moves": [c.describe() for c in cls.controls],
            "chips": [{"colour": colour, "points": points} for colour, points in cls.chips],
            "marks": [m.describe() for m in cls.marks],
            "zones": [z.describe() for z in cls.zones],
            "notes": [n.describe() for n in cls.notes],
            "start_points": cls.state_class.start_points,
            "odds": cls.roll_odds,
            "pictures": list(cls.pictures),
            "sentences": cls.event_sentences(),
        }

    @classmethod
    def event_sentences(cls) -> dict:
        """The sentences of every event of the game: the shared events' and its own (which may
        say a shared event otherwise), by event type."""
        return {**SENTENCES, **cls.sentences}

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(o.name for o in cls.all_options())

    @classmethod
    def rules_text(cls) -> str:
        """The player's rules (Markdown), as the page shows them (`lama rules` adds the terminal's part)."""
        return resources.files("lama").joinpath("data", *cls.rules_file.split("/")).read_text(encoding="utf-8")

    @classmethod
    def hook(cls, name: str):
        """The object the game names in its attribute `name` ("module:attribute"), or None.

        Imported on first use and cached per game class, so asking again is a dict look-up
        (the search bots ask in their inner loops). This is how the core and the games, which
        import nothing above themselves, say which driver-level code serves them.
        """
        try:
            return _HOOKS[cls, name]
        except KeyError:
            pass
        ref = getattr(cls, name)
        found = None
        if ref is not None:
            module, _, attribute = ref.partition(":")
            found = getattr(importlib.import_module(module), attribute)
        _HOOKS[cls, name] = found
        return found

    # -- stable action ids (OpenSpiel's names) ------------------------------
    def all_actions(self) -> tuple:
        """Every action this game (with these options and players) can ever have, in
        the order of their ids. The order is a public contract (docs/developers.md, "Action ids"):
        append, never reorder."""
        raise NotImplementedError

    @cached_property
    def _action_table(self) -> tuple[tuple, dict]:
        actions = self.all_actions()
        return actions, {a: i for i, a in enumerate(actions)}

    def num_distinct_actions(self) -> int:
        return len(self._action_table[0])

    def action_id(self, action) -> int:
        """The id of `action`, 0 to num_distinct_actions() - 1; IllegalAction if it has none."""
        try:
            return self._action_table[1][action]
        except (KeyError, TypeError):
            raise IllegalAction("unknown_action", "not_an_action_of", action=action, game=self.id) from None

    def action_of(self, action_id: int):
        """The action with this id; IllegalAction if there is none."""
        actions = self._action_table[0]
        if not is_int(action_id) or not 0 <= action_id < len(actions):
            raise IllegalAction("unknown_action", "no_action_id", game=self.id, last=len(actions) - 1, id=action_id)
        return actions[action_id]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, options={self.options!r})"


MAX_HAND = 20  # L2's option hand_size: far beyond any real game
# Bounds of a card game's option `deck`: room for any variant (a whole deck of one kind), a
# game's memory and time small.
MAX_KIND = 60  # cards of one code
MAX_DECK = 200  # cards in all

HAND_SIZE_OPTION = Option("hand_size", "cards dealt to each seat (L2; default 6): a smaller game with fewer",
                          "integer", (("min", 1), ("max", MAX_HAND)))


def deck_option(codes, rule: str, default: str) -> Option:
    """A card game's option `deck`: the whole deck as a map from card code to count."""
    return Option("deck", f"the whole deck as a map from card code to count ({rule}; default: {default})", "deck",
                  (("codes", tuple(codes)), ("min", 0), ("max", MAX_KIND), ("max_total", MAX_DECK)))


def deck_from_map(deck, table, source: str = "deck") -> tuple[int, ...]:
    """A deck map (code -> count) as counts per kind in `table`'s order; InvalidOption if bad.

    The map replaces the whole deck: a code it leaves out has no cards.
    """
    if not isinstance(deck, Mapping):
        raise InvalidOption("deck_not_a_map", source=source, example='{"L": 12, "1": 6}', kind=type(deck).__name__)
    unknown = [code for code in deck if code not in table.index]
    if unknown:
        codes = ", ".join(shown(c, 20) for c in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise InvalidOption("deck_unknown_codes", source=source, codes=codes, known=", ".join(table.codes))
    for code, count in deck.items():
        if not is_int(count) or not 0 <= count <= MAX_KIND:
            raise InvalidOption("deck_count", source=source, code=repr(code), most=MAX_KIND, value=shown(count))
    total = sum(deck.values())
    if total > MAX_DECK:
        raise InvalidOption("deck_too_big", source=source, n=total, most=MAX_DECK)
    return tuple(deck.get(code, 0) for code in table.codes)


class CardGame(Game):
    """A game played with a deck of cards: lama, komarami, kadabra. Options beyond the common
    ones: `hand_size` (L2) and `deck` (a game that declares deck_option: the whole deck)."""

    controls = (PLAY_CONTROL, DRAW_CONTROL, QUIT_CONTROL)
    family = "cards"

    hand_size = 6  # L2
    deck: tuple[int, ...] = ()  # count per kind
    # K4-K11: cards move chips (a played 1 gives one, an L stages one, a star takes the magic
    # chip, a rectangle makes the next seat draw), and there are a magic chip and a stage
    card_effects = False
    extra_options = (HAND_SIZE_OPTION,)

    def __init__(self, players: int, options: dict | None = None):
        super().__init__(players, options)
        if "deck" in self.options:  # the whole deck; our own copy, as validated
            self.deck = deck_from_map(self.options["deck"], self.kinds)
            self.options["deck"] = dict(self.options["deck"])
        hand = self.options.get("hand_size", self.hand_size)
        if not is_int(hand) or not 1 <= hand <= MAX_HAND:
            raise InvalidOption("whole_number", name="hand_size", most=MAX_HAND, value=shown(hand))
        self.hand_size = hand
        if sum(self.deck) < self.hand_size * players + 1:
            raise InvalidOption("deck_too_small", n=sum(self.deck), players=players,
                                need=self.hand_size * players + 1, hand=self.hand_size)

    @classmethod
    def default_options(cls) -> dict:
        defaults = {**super().default_options(), "hand_size": cls.hand_size}
        if any(o.name == "deck" for o in cls.extra_options):
            defaults["deck"] = {c: n for c, n in zip(cls.kinds.codes, cls.deck) if n}
        return defaults

    def deck_codes(self) -> list[str]:
        """Every card of the deck, as codes (drivers shuffle this to deal)."""
        return list(self.kinds.codes_of(self.deck))

    def all_actions(self) -> tuple:
        """Play each kind of card (table order), then draw, then quit."""
        return self.kinds.play_actions + (DRAW, QUIT)
