"""The short move syntax of `lama play`: what a person types, matched against the view's legal actions.

Case does not matter, spaces and commas are tolerated:

- a card (`3`, `L`, `2/3`, `5*`, `5+`) plays it; `p 3` and `play 3` too. In kadabra a plain
  number also finds its star or rectangle card when that is the only one you hold (`5` → `5*`).
- kadabra, a 1 that gives a chip: `1>2`, `1 2`, `1 give 2` or `1 to Ann` (a seat numbered from 1
  as the seats table shows it, so `1>2` gives to Seat 2, index 1; a name of several words, or
  the start of one name: `1 to hard 2`, `1 to an`).
- komarami: the mosquito is typed `L` (or `m`, `mosquito`).
- `d`/`draw`, `q`/`quit`, `s`/`skip` (kadabra), `t`/`stage` (take the stage).
- `s`/`scores` shows every round's points (in kadabra `s` is the skip: type `scores`).
- dice: `r`/`roll`; after a roll, the cards to discard (`3 5`, `x 3 5`, `discard 3 5`) or the
  row card to take (`2`, `t 2`, `take 2`).
- `h`/`hint` asks the strongest bot to rate every legal move; dice: `o`/`odds` shows the
  exact odds of your next roll.
- `?`/`help`/`rules` show the rules, `v`/`show` shows the table again, `exit` leaves the game.

`resolve` returns a legal Action or a Command, or raises InputError whose message says what was
wrong and what is legal. It needs only the View: the card codes are the game's (its CardKinds),
legality comes from `view.legal_actions`, and why a move is not legal is the core's refusal
(its code and parameters, said as the web protocol's `illegal` errors say it): from the `explain`
callback (the terminal passes `Table.explain`), else from the state the game rebuilds from the
view (`Game.state_from_view`: the cards this seat cannot see play no part in what it may do).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from lama.core import IllegalAction, LamaError
from lama.core import seats as seat_numbers
from lama.core.actions import DRAW, QUIT, ROLL, SKIP, TAKE_STAGE, Action, discard, play, take
from lama.games import GAMES, game_of
from lama.i18n import _
from lama.i18n.reasons import refusal_text

from .render import facts, game_name

WORDS = {
    "d": DRAW, "draw": DRAW,
    "q": QUIT, "quit": QUIT,
    "s": SKIP, "skip": SKIP,
    "t": TAKE_STAGE, "stage": TAKE_STAGE, "take_stage": TAKE_STAGE,
    "r": ROLL, "roll": ROLL,
}
COMMANDS = {
    "?": "help", "help": "help", "rules": "help",
    "o": "odds", "odds": "odds",
    "h": "hint", "hint": "hint",
    "v": "show", "show": "show", "table": "show",
    "scores": "scores", "score": "scores",
    "exit": "exit", "leave": "exit",
}
MOSQUITO = ("m", "mosquito")  # komarami: other ways to type the mosquito (L)


@dataclass(frozen=True)
class Command:
    """Not a move: `help`, `show` or `exit`."""

    name: str


class InputError(ValueError):
    """What was typed is not a legal move; the message says why and lists the legal ones."""


def legal_text(view) -> str:
    return ", ".join(seat_numbers.action_text(a) for a in view.legal_actions)


def _fail(why: str, view) -> InputError:
    return InputError(_("{why}; legal: {moves}").format(why=why, moves=legal_text(view)))


def _has_move(game, kind: str) -> bool:
    return kind in facts(game).move_kinds


def _tokens(text: str, game: str | None = None) -> list[str]:
    text = text.strip().lower().replace(",", " ").replace(">", " > ")
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
    """The game's cards with a symbol and the values of the plain card `typed` (kadabra: 5 ->
    5*, 5+); none for a card with a symbol."""
    kinds = facts(game).kinds
    if kinds.cards[kinds.index[typed]].symbol:
        return []
    values = kinds.values_of(typed)
    return [card.code for card in kinds.cards if card.values == values and card.symbol]


def _seat(words: list[str], view, names) -> int:
    """The seat meant by `words`: a seat number, a name (of several words), or the start of
    exactly one name (among the seats a chip may go to, if that settles it); InputError if not."""
    typed = " ".join(words)
    if typed.isdigit() and len(words) == 1:  # numbered from 1, as the seats table shows
        try:
            return seat_numbers.parse(typed, view.players)
        except ValueError as e:
            raise _fail(f"'{typed}': {e}", view) from None
    lowered = [" ".join(n.lower().split()) for n in (names or ())]
    exact = [s for s, n in enumerate(lowered) if n == typed]
    if exact:
        return exact[0]
    found = [s for s, n in enumerate(lowered) if n.startswith(typed)]
    if len(found) > 1:
        receivers = {a.give for a in view.legal_actions if a.kind == "play" and a.give is not None}
        narrowed = [s for s in found if s in receivers]
        if len(narrowed) == 1:
            return narrowed[0]
        raise _fail(_("'{typed}' could be {names}: type more of the name").format(
            typed=typed, names=_(" or ").join(names[s] for s in found)), view)
    if found:
        return found[0]
    raise _fail(_("'{typed}' is not a seat (give a chip with e.g. '1>2' or '1 to NAME')").format(typed=typed), view)


def resolve(text: str, view, names=None, explain: Callable | None = None):
    """The legal Action (or Command) that `text` means for this view; raises InputError."""
    game = view.game
    tokens = _tokens(text, game)
    if not tokens:
        raise _fail(_("type a move"), view)
    head = tokens[0]
    if len(tokens) == 1 and head == "s" and not _has_move(game, "skip"):
        return Command("scores")
    if len(tokens) == 1 and head in COMMANDS:
        return Command(COMMANDS[head])
    kinds = {a.kind for a in view.legal_actions}
    if head in ("take",) and len(tokens) == 2 and tokens[1] == "stage":
        return _check(TAKE_STAGE, text, view, explain)
    if head in ("t", "take") and len(tokens) >= 2:
        return _dice_take(tokens[1:], text, view, explain)
    if head == "take":
        raise _fail(_("take which card? (e.g. 'take 2')"), view)
    if len(tokens) == 1 and head in WORDS:
        action = WORDS[head]
        if game in GAMES and action.kind not in GAMES[game].move_kinds:
            raise _fail(_("'{typed}' is not a move in {game} (type ? for help)").format(
                typed=text.strip(), game=game_name(game)), view)
        return _check(action, text, view, explain)
    if head in ("x", "discard"):
        return _dice_discard(tokens[1:], text, view, explain)
    if head in ("p", "play"):
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


def _check(action: Action, text: str, view, explain) -> Action:
    if action in view.legal_actions:
        return action
    raise _fail(_why(action, text, view, explain), view)


def _why(action: Action, text: str, view, explain) -> str:
    """Why `action` is not legal: the core's refusal (from `explain`, else from the state the game
    rebuilds from the view), in the reader's language."""
    refusal = explain(action) if explain is not None else core_refusal(view, action)
    if refusal is not None:
        return refusal_text(refusal, view.game)
    return _("'{typed}' ({action}) is not legal now").format(typed=text.strip(), action=action)


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
    give = None
    gives = getattr(GAMES.get(view.game), "card_effects", False)  # K4: a 1 gives a chip
    rest = tokens[1:]
    while rest and rest[0] in (">", "give", "to"):
        rest = rest[1:]
    one_at_a_time = (_("'{typed}': play one card at a time").format(typed=text.strip()) +
                     (_("; a seat may only follow a 1 that gives a chip (e.g. '1>2')") if gives else ""))
    if tokens[1:] and (not rest or not gives or typed != "1"):
        raise _fail(one_at_a_time, view)
    if rest and not any(a.kind == "play" and a.card == typed for a in view.legal_actions):
        return _check(play(typed), text, view, explain)  # the 1 itself cannot be played: say so
    if rest:
        give = _seat(rest, view, names)
    plays = [a for a in view.legal_actions if a.kind == "play"]
    codes = sorted({a.card for a in plays if a.card == typed})
    variants = _variants(typed, view.game) if not codes else []
    if variants:  # kadabra: '5' finds 5* or 5+ when that is the only one
        codes = sorted({a.card for a in plays if a.card in variants})
        if len(codes) > 1:
            raise _fail(_("which {card}? type {cards}").format(card=typed, cards=_(" or ").join(codes)), view)
        if not codes:
            held = sorted({c for c in view.hand if c in variants})
            if len(held) == 1:
                typed = held[0]
    card = codes[0] if codes else typed
    matching = [a for a in plays if a.card == card]
    if give is not None:
        if not any(a.give is not None for a in matching) and card != "1":
            raise _fail(one_at_a_time, view)
        return _check(Action("play", card, give), text, view, explain)
    if len(matching) == 1:
        return matching[0]
    if len(matching) > 1:  # K4: the 1 gives a chip, and there is a choice of seat
        seats = ", ".join(str(seat_numbers.number(a.give)) for a in matching)
        raise _fail(_("a {card} gives a chip: say to which seat, e.g. '{example}' (seats {seats})").format(
            card=card, example=f"{card}>{seat_numbers.number(matching[0].give)}", seats=seats), view)
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
