"""Validate and replay a lama-record/1; produce a lama-result/1 (RECORD.md)."""

from __future__ import annotations

import json
import re
from itertools import accumulate

from lama.core import CardGame, Deal, IllegalAction, InvalidOption
from lama.core.words import N_
from lama.games import GAMES, new_game

from .moves import MoveError

FORMAT = "lama-record/1"
RESULT_FORMAT = "lama-result/1"
TOP_KEYS = {"format", "game", "players", "options", "rounds"}

# Bounds on what a record file may hold, so that any input is read in bounded time and memory
# (docs/playing.md, "Game records").
MAX_BYTES = 16 * 1024 * 1024  # the file
MAX_DEPTH = 64  # nesting of JSON arrays and objects (a record needs 6)
MAX_DIGITS = 20  # digits of a JSON integer (any count in a game fits in far fewer)
MAX_NUMBER = 40  # characters of any other JSON number (records hold none)
MAX_NAME = 100  # characters of a player name
MAX_REASON = 300  # characters of an error's reason (longer values in it are cut)


class RecordError(Exception):
    """An invalid record: where (round and move index, or None) and why. The English `reason` is
    for the JSON and logs; a person reads it in their language (lama.i18n.reasons.record_error_text)
    from `said`, a template of the catalogs and its parameters, or from `refusal`, the rules' own
    refusal (lama.core.Refusal); a reason with neither is said in English."""

    def __init__(self, round: int | None, move: int | None, reason: str, *, said: tuple[str, dict] | None = None,
                 refusal=None):
        reason = " ".join(str(reason).split())  # always one line
        if len(reason) > MAX_REASON:
            reason = reason[: MAX_REASON - 3] + "..."
        super().__init__(reason)
        self.round = round
        self.move = move
        self.reason = reason
        self.said = said
        self.refusal = refusal

    def to_json(self) -> dict:
        return {"format": RESULT_FORMAT, "error": {"round": self.round, "move": self.move, "reason": self.reason}}

    def __str__(self) -> str:
        where = []  # counted from 1, as people count (the JSON fields count from 0)
        if self.round is not None:
            where.append(f"round {self.round + 1}")
        if self.move is not None:
            where.append(f"move {self.move + 1}")
        return (", ".join(where) + ": " if where else "") + self.reason


def load_record(path) -> dict:
    """Read a record file as JSON (a file-level RecordError if it cannot be).

    At most MAX_BYTES are read; nesting, numbers and duplicate keys are checked (docs/playing.md).
    """
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise _said(None, None, N_("cannot read {path}: there is no such file"), path=str(path)) from None
    except OSError as e:  # (the system's words for why, in English)
        raise _said(None, None, N_("cannot read {path}: {error}"), path=str(path), error=e.strerror or str(e)) from None
    if len(raw) > MAX_BYTES:
        raise _said(None, None, N_("the file is larger than {n} MB, the most a record may be"),
                    n=MAX_BYTES // (1024 * 1024))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _said(None, None, N_("the file is not UTF-8 (byte {byte})"), byte=e.start) from None
    return parse_record_text(text)


# a string, or an unterminated one up to the end; possessive, so linear on any text
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _nesting(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets inside strings aside)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if brackets.count("[") + brackets.count("{") <= MAX_DEPTH:
        return 0
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


class _Refused(ValueError):
    pass


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"an integer of {len(digits.lstrip('-'))} digits; "
                       f"integers in a record have at most {MAX_DIGITS}")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER:
        raise _Refused(f"a number of {len(text)} characters; numbers in a record have at most {MAX_NUMBER}")
    return float(text)


def _parse_constant(name: str):
    raise _Refused(f"{name} is not JSON; numbers in a record are integers")


def _unique_keys(pairs) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {key!r} appears twice in one object; every key may appear once")
            seen.add(key)
    return obj


def parse_record_text(text: str):
    """JSON text as a value, within the bounds of a record (a file-level RecordError if not)."""
    if _nesting(text) > MAX_DEPTH:
        raise RecordError(None, None, f"arrays and objects are nested more than {MAX_DEPTH} deep; "
                                      f"a record needs far fewer levels")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant, object_pairs_hook=_unique_keys)
    except _Refused as e:
        raise RecordError(None, None, f"not a record: {e}") from None
    except json.JSONDecodeError as e:
        # (a person reads where it breaks; the JSON decoder's own words, in English, are for the JSON)
        raise RecordError(None, None, f"not JSON: {e.msg} at line {e.lineno} column {e.colno}", said=(
            N_("not JSON: it breaks at line {line} column {column}"), {"line": e.lineno, "column": e.colno})) from None
    except RecursionError:  # nesting the count above missed (unbalanced brackets); never expected
        raise RecordError(None, None, f"arrays and objects are nested too deep (at most {MAX_DEPTH})") from None


def _file_error(reason: str, refusal=None):
    return RecordError(None, None, reason, refusal=refusal)


def _said(at_round: int | None, at_move: int | None, template: str, /, **params) -> RecordError:
    """A RecordError whose reason is a message of the catalogs (`template`, English here)."""
    return RecordError(at_round, at_move, template.format(**params), said=(template, params))


def _check_header(data):
    if not isinstance(data, dict):
        raise _said(None, None, N_("a record must be a JSON object"))
    if data.get("format") != FORMAT:
        raise _said(None, None, N_("format must be {format}, not {value}"), format=repr(FORMAT),
                    value=repr(data.get("format"))[:40])
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise _file_error(f"unexpected key(s) in the record: {', '.join(unknown)}")
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise _said(None, None, N_("game must be one of {games}, not {value}"), games=", ".join(GAMES),
                    value=repr(game_id)[:40])
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        raise _said(None, None, N_("players must be a list of 2 to 6 names"))
    if not all(isinstance(p, str) for p in players):
        raise _file_error("every player name must be a string")
    if any(len(p) > MAX_NAME for p in players):
        raise _file_error(f"a player name has at most {MAX_NAME} characters")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _file_error("options must be an object")
    try:
        game = new_game(game_id, len(players), options)
    except InvalidOption as e:
        raise _file_error(str(e), e) from None
    if not isinstance(data.get("rounds"), list):
        raise _file_error("rounds must be a list")
    return game


def _deal_of(state, rnd) -> Deal:
    """A round's `hands` (and `discard` in the card games) as a Deal."""
    card_game = isinstance(state.game, CardGame)  # a card game's deal turns up the first discard
    allowed = {"hands", "moves"} | ({"discard"} if card_game else set())
    unknown = sorted(set(rnd) - allowed)
    if unknown:
        raise MoveError(f"unexpected key(s) in a round: {', '.join(unknown)}")
    for key in sorted(allowed):
        if key not in rnd:
            raise MoveError(f"a round needs {key!r}")
    if not isinstance(rnd["moves"], list):
        raise MoveError("moves must be a list")
    hands = rnd["hands"]
    if not isinstance(hands, list) or len(hands) != state.n:
        raise MoveError(f"hands must be a list of {state.n} hands, one per seat")
    size = state.game.hand_size  # L2, D2 (option hand_size)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != size:
            raise MoveError(f"hand {seat} of the deal (seat {seat + 1}) must be a list of {size} card codes")
        for code in hand:
            if not isinstance(code, str):
                raise MoveError(f"card codes are strings, not {code!r}")
    discard = rnd.get("discard")
    if card_game and not isinstance(discard, str):
        raise MoveError(f"discard must be a card code, not {discard!r}")
    return Deal(tuple(tuple(h) for h in hands), discard)


def replay(data, on_step=None, on_events=None, watch=None):
    """Replay a parsed record; return the final state or raise RecordError.
    `on_step(state, round, move)` is called after each deal (move None) and each move,
    `on_events(state, events)` with the events of each. `watch(state)`, if given, returns what
    the replay drives instead of the new state: an object that passes every call on to it and
    may look at each `apply` and `apply_chance` within a move (the review does)."""
    game = _check_header(data)
    state = game.new_initial_state()
    if watch is not None:
        state = watch(state)
    mover = game.hook("record_moves")
    previous_moves = 0
    for r, rnd in enumerate(data["rounds"]):
        if state.finished:
            raise _said(r, None, N_("the game is already over; no round may follow"))
        if state.chance != "deal":
            raise _said(r - 1, previous_moves, N_("round {round} is not complete but another round follows"), round=r)
        if not isinstance(rnd, dict):
            raise _said(r, None, N_("a round must be a JSON object"))
        try:
            events = state.apply_chance(_deal_of(state, rnd))
        except (MoveError, IllegalAction) as e:
            raise RecordError(r, None, str(e), refusal=e if isinstance(e, IllegalAction) else None) from None
        if on_events:
            on_events(state, events)
        if on_step:
            on_step(state, r, None)
        for m, move in enumerate(rnd["moves"]):
            if state.finished or state.chance == "deal":
                raise _said(r, m, N_("the round is already over; no move may follow"))
            try:
                events = mover.apply(state, move)
            except (MoveError, IllegalAction) as e:
                raise RecordError(r, m, str(e), refusal=e if isinstance(e, IllegalAction) else None) from None
            if on_events:
                on_events(state, events)
            if on_step:
                on_step(state, r, move)
        previous_moves = len(rnd["moves"])
    return state


def result_of(state) -> dict:
    """The lama-result/1 object for a state (RECORD.md)."""
    return {
        "format": RESULT_FORMAT,
        "game": state.game.id,
        "finished": state.finished,
        "rounds": [
            {
                "ended_by": r.ended_by,
                "ender": r.ender,
                "penalties": list(r.penalties),
                "returned": list(r.returned),
                "scores": list(r.scores),
            }
            for r in state.history
        ],
        "scores": list(state.points),  # stage chips and a held magic chip count nothing (RECORD.md)
        "winners": list(state.winners),
    }


def replay_file(path) -> dict:
    """Load, validate and replay a record file; the result, or raise RecordError."""
    return result_of(replay(load_record(path)))
