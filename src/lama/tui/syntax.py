"""The short move syntax of `lama play`: what a person types, matched against the view's legal actions.

Case does not matter, spaces and commas are tolerated:

- a card (`3`, `L`, `2/3`, `5*`, `5+`, party's `P`) plays it; `p 3` and `play 3` too (a lone
  `p` is party's party llama, `p p` too). In kadabra a plain number also finds its star or
  rectangle card when that is the only one you hold (`5` → `5*`), in party its plus card.
- a game's button moves by what its controls declare (lama.core.display.Control: `key` and
  `words`, a word of several words as typed): `d`/`draw`, `q`/`quit`, `r`/`roll`; Kadabra's
  `s`/`skip` and `t`/`stage`/`take stage`. A word another game's control takes is "not a move
  in this game".
- a play that names a seat (a control with `seat`: Kadabra's 1 that gives a chip) by its
  `seat_words`: `1>2`, `1 2`, `1 give 2` or `1 to Ann` (a seat numbered from 1 as the seats
  table shows it, so `1>2` names Seat 2, index 1; a name of several words, or the start of one
  name: `1 to hard 2`, `1 to an`).
- komarami: the mosquito is typed `L` (or `m`, `mosquito`).
- the terminal's commands (COMMANDS): `s`/`scores` shows every round's points (where a control
  takes `s`, as Kadabra's skip, the control wins: type `scores`); `h`/`hint` asks the strongest
  bot to rate every legal move; dice: `o`/`odds` shows the exact odds of your next roll;
  `?`/`help`/`rules` show the rules, `v`/`show` shows the table again, `exit` leaves the game.
- dice, after a roll: the cards to discard (`3 5`, `x 3 5`, `discard 3 5`) or the row card to
  take (`2`, `t 2`, `take 2`).

`resolve` returns a legal Action or a Command, or raises InputError whose message says what was
wrong and what is legal. It needs only the View: the card codes are the game's (its CardKinds),
the move words its controls', legality comes from `view.legal_actions`, and why a move is not
legal is the core's refusal (its code and parameters, said as the web protocol's `illegal`
errors say it): from the `explain` callback (the terminal passes `Table.explain`), else from the
state the game rebuilds from the view (`Game.state_from_view`: the cards this seat cannot see
play no part in what it may do).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from lama.core import IllegalAction, LamaError
from lama.core import seats as seat_numbers
from lama.core.actions import Action, discard, play, take
from lama.core.display import BUTTON
from lama.games import GAMES, game_of
from lama.i18n import _
from lama.i18n.names import seat_error
from lama.i18n.reasons import refusal_text

from .render import facts, game_name, move_text

# The terminal's own commands, each with the words that ask for it (a game's control takes a
# key or word before a command does: in a game whose control's key is `s`, `s` is that move).
COMMANDS = {word: name for name, words in (
    ("help", "? help rules"), ("odds", "o odds"), ("hint", "h hint"), ("table", "v show table"),
    ("scores", "s scores score"), ("exit", "exit leave")) for word in words.split()}
MOSQUITO = ("m", "mosquito")  # komarami: other ways to type the mosquito (L)


@dataclass(frozen=True)
class Command:
    """Not a move: `help`, `table`, `scores`, `exit`, ..."""

    name: str


class InputError(ValueError):
    """What was typed is not a legal move; the message says why and lists the legal ones."""


def legal_text(view, names=None) -> str:
    """The legal moves in the reader's words (`Eine 5 spielen, Eine Karte ziehen, ...`); what to
    type for each is on the prompt."""
    return ", ".join(dict.fromkeys(move_text(a, view.game, names) for a in view.legal_actions))


class _Why(Exception):
    """Why what was typed is no legal move; resolve adds the legal moves (with the seats' names)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def _fail(why: str, view) -> _Why:
    return _Why(why)


def typed_moves(game: str | None) -> dict[str, str]:
    """The game's button moves by what is typed for them (lama.core.display.Control: its key and
    words, a word of several words as typed, lower case): {typed: kind}."""
    return _typed_moves(facts(game))


@cache
def _typed_moves(info) -> dict[str, str]:  # by Game class: a game registered later has its own
    return {typed.lower(): c.kind for c in info.controls if c.control == BUTTON for typed in (c.key, *c.words) if typed}


def seat_control(game: str | None):
    """The game's control of a play that names a seat (its `seat` key), or None."""
    return next((c for c in facts(game).controls if c.seat), None)


def seat_of(action, control) -> int | None:
    """The seat `action` names (by the control's `seat` key), or None."""
    return action.to_json().get(control.seat) if control is not None and action.kind == control.kind else None


def typed_seat(card: str, seat: int, control) -> str:
    """A play naming a seat as it is typed: `1>2` (the seat numbered from 1, as the seats table
    shows it; the first of the control's `seat_words`)."""
    word = control.seat_words[0] if control.seat_words else ""
    number = seat_numbers.number(seat)
    return f"{card}{word}{number}" if not word.isalnum() else f"{card} {word} {number}"


def _tokens(text: str, game: str | None = None) -> list[str]:
    text = text.strip().lower().replace(",", " ")
    control = seat_control(game)
    for word in control.seat_words if control is not None else ():
        if not word.isalnum():  # a sign between a card and a seat: `1>2`
            text = text.replace(word, f" {word} ")
    tokens = text.split()
    if facts(game).llama_name == "mosquito":
        tokens = ["l" if t in MOSQUITO or t == _("mosquito").lower() else t for t in tokens]
    return tokens


@cache
def _codes(game: str | None) -> dict[str, str]:
    """The game's card codes (its CardKinds), by how they are typed (any case)."""
    kinds = facts(game).kinds
    return {code.lower(): code for code in kinds.codes} if kinds is not None else {}


def _card(token: str, game: str | None) -> str | None:
    return _codes(game).get(token)


def _variants(typed: str, game: str | None) -> list[str]:
    """The game's other cards that show the number of the plain card `typed`: with a symbol
    (kadabra: 5 -> 5*, 5+; party: 3 -> 3+) or a double card (kadabra: 2 -> 2/3, 3 -> 2/3, K3);
    none for a card with a symbol or a double card."""
    kinds = facts(game).kinds
    values = kinds.values_of(typed)
    if kinds.cards[kinds.index[typed]].symbol or len(values) != 1:
        return []
    return [card.code for card in kinds.cards if card.code != typed
            and (card.values == values and card.symbol or len(card.values) > 1 and values <= card.values)]


def _seated_cards(view, control) -> list[str]:
    """The cards whose play may name a seat in this game (its actions naming one)."""
    try:
        actions = game_of(view).all_actions()
    except (LamaError, ValueError, KeyError, TypeError):  # a game this view cannot rebuild
        return []
    return list(dict.fromkeys(a.card for a in actions if seat_of(a, control) is not None))


def _seat(words: list[str], view, names, card: str, control) -> int:
    """The seat meant by `words`: a seat number, a name (of several words), or the start of
    exactly one name (among the seats a play may name, if that settles it); InputError if not."""
    typed = " ".join(words)
    if typed.isdigit() and len(words) == 1:  # numbered from 1, as the seats table shows
        try:
            return seat_numbers.parse(typed, view.players)
        except ValueError:
            raise _fail(f"'{typed}': {seat_error(typed, view.players)}", view) from None
    lowered = [" ".join(n.lower().split()) for n in (names or ())]
    exact = [s for s, n in enumerate(lowered) if n == typed]
    if exact:
        return exact[0]
    found = [s for s, n in enumerate(lowered) if n.startswith(typed)]
    if len(found) > 1:
        named = {seat_of(a, control) for a in view.legal_actions} - {None}
        narrowed = [s for s in found if s in named]
        if len(narrowed) == 1:
            return narrowed[0]
        raise _fail(_("'{typed}' could be {names}: type more of the name").format(
            typed=typed, names=_(" or ").join(names[s] for s in found)), view)
    if found:
        return found[0]
    words = control.seat_words
    raise _fail(_("'{typed}' is not a seat (e.g. '{example}' or '{play} NAME')").format(
        typed=typed, example=typed_seat(card, 1, control), play=f"{card} {words[-1]}" if words else card), view)


def resolve(text: str, view, names=None, explain: Callable | None = None):
    """The legal Action (or Command) that `text` means for this view; raises InputError."""
    try:
        return _resolve(text, view, names, explain)
    except _Why as e:
        raise InputError(_("{why}; legal: {moves}").format(why=e.why, moves=legal_text(view, names))) from None


def _resolve(text: str, view, names, explain):
    game = view.game
    tokens = _tokens(text, game)
    if not tokens:
        raise _fail(_("type a move"), view)
    head, phrase = tokens[0], " ".join(tokens)
    moves = typed_moves(game)
    if phrase in moves and moves[phrase] in _move_kinds(view):  # a button move's key or words: before a
        # command's (`s` may be a move); one the game has with its options (LL: lama's take needs lachen)
        return _check(Action(moves[phrase]), text, view, explain)
    if len(tokens) == 1 and head in COMMANDS:
        return Command(COMMANDS[head])
    kinds = {a.kind for a in view.legal_actions}
    if any(phrase in typed_moves(other) for other in GAMES):
        raise _fail(_("'{typed}' is not a move in {game} (type ? for help)").format(
            typed=text.strip(), game=game_name(game)), view)
    if head in ("t", "take") and len(tokens) >= 2:
        return _dice_take(tokens[1:], text, view, explain)
    if head == "take":
        raise _fail(_("take which card? (e.g. 'take 2')"), view)
    if head in ("x", "discard"):
        return _dice_discard(tokens[1:], text, view, explain)
    if head in ("p", "play") and not (len(tokens) == 1 and _card(head, game)):  # party's `P` is a card
        tokens = tokens[1:]
        if not tokens:
            raise _fail(_("play which card? (e.g. 'play 3' or just '3')"), view)
    if _card(tokens[0], game) is None:
        raise _fail(_("'{typed}' is not a move I know (type ? for help)").format(typed=text.strip()), view)
    if kinds & {"discard", "take", "roll"} or view.displays:
        if "take" in kinds and len(tokens) == 1:
            return _dice_take(tokens, text, view, explain)
        return _dice_discard(tokens, text, view, explain)
    return _card_play(tokens, text, view, names, explain)


def _move_kinds(view) -> set[str]:
    """The kinds of move the view's game has with its options (Game.all_actions)."""
    try:
        return {a.kind for a in game_of(view).all_actions()}
    except (LamaError, ValueError, KeyError, TypeError):  # a view of no known game: its class's moves
        return set(typed_moves(view.game).values())


def _check(action: Action, text: str, view, explain) -> Action:
    if action in view.legal_actions:
        return action
    raise _fail(_why(action, text, view, explain), view)


def _why(action: Action, text: str, view, explain) -> str:
    """Why `action` is not legal: the core's refusal (from `explain`, else from the state the game
    rebuilds from the view), in the reader's language."""
    refusal = explain(action) if explain is not None else core_refusal(view, action)
    if refusal is not None and refusal.key != "not_legal":  # (that one names the move as the protocol writes it)
        return refusal_text(refusal, view.game)
    return _("'{typed}' ({action}) is not legal now").format(typed=text.strip(), action=move_text(action, view.game))


def core_refusal(view, action) -> IllegalAction | None:
    """The core's refusal (IllegalAction) of `action` by the seat of `view`, on the state the
    game rebuilds from the view; None if the core takes it or cannot say."""
    try:
        state = game_of(view).state_from_view(view)
        state.apply(action, view.seat)
    except IllegalAction as e:
        return e
    except (LamaError, ValueError, KeyError, TypeError):  # a view no state fits: nothing to say
        return None
    return None


def _card_play(tokens, text, view, names, explain) -> Action:
    typed = _card(tokens[0], view.game)
    control = seat_control(view.game)  # the play that names a seat, if the game has one
    seated = _seated_cards(view, control) if control is not None else []
    rest = tokens[1:]
    while rest and control is not None and rest[0] in control.seat_words:
        rest = rest[1:]
    one_at_a_time = _("'{typed}': play one card at a time").format(typed=text.strip())
    if seated:
        one_at_a_time += _("; a seat may only follow a {card} (e.g. '{example}')").format(
            card=_(" or ").join(seated), example=typed_seat(seated[0], 1, control))
    if tokens[1:] and (not rest or typed not in seated):
        raise _fail(one_at_a_time, view)
    if rest and not any(a.kind == "play" and a.card == typed for a in view.legal_actions):
        return _check(play(typed), text, view, explain)  # the card itself cannot be played: say so
    seat = _seat(rest, view, names, typed, control) if rest else None
    plays = [a for a in view.legal_actions if a.kind == "play"]
    codes = sorted({a.card for a in plays if a.card == typed})
    # kadabra: '5' finds 5* or 5+, '2' the 2/3, when that is the only one (a plain card held is meant as typed)
    variants = _variants(typed, view.game) if not codes and typed not in (view.hand or ()) else []
    if variants:
        codes = sorted({a.card for a in plays if a.card in variants})
        held = sorted({c for c in view.hand if c in variants})
        if len(codes) > 1 or not codes and len(held) > 1:
            raise _fail(_("which {card}? type {cards}").format(card=typed, cards=_(" or ").join(codes or held)), view)
        if not codes and held:
            typed = held[0]
    card = codes[0] if codes else typed
    matching = [a for a in plays if a.card == card]
    if seat is not None:
        if not any(seat_of(a, control) is not None for a in matching) and card not in seated:
            raise _fail(one_at_a_time, view)
        return _check(Action.from_json({control.kind: card, control.seat: seat}), text, view, explain)
    if len(matching) == 1:
        return matching[0]
    if len(matching) > 1:  # the play names a seat, and there is a choice of seat
        seats = ", ".join(str(seat_numbers.number(seat_of(a, control))) for a in matching)
        ask = _(control.ask).format(card=card) if control.ask else card
        raise _fail(_("{ask} (type e.g. '{example}'; seats {seats})").format(
            ask=ask, example=typed_seat(card, seat_of(matching[0], control), control), seats=seats), view)
    return _check(play(card), text, view, explain)


def _cards(tokens, text, view) -> list[str]:
    cards = [_card(t, view.game) for t in tokens]
    if not tokens or None in cards:
        raise _fail(_("'{typed}': name the cards, e.g. '3 5'").format(typed=text.strip()), view)
    return cards


def _dice_discard(tokens, text, view, explain) -> Action:
    cards = _cards(tokens, text, view)
    return _check(discard(cards), text, view, explain)


def _dice_take(tokens, text, view, explain) -> Action:
    cards = _cards(tokens, text, view)
    if len(cards) != 1:
        raise _fail(_("take exactly one row card, e.g. 'take 2'"), view)
    return _check(take(cards[0]), text, view, explain)
