"""The core's reasons in a reader's language: why a move is not legal (IllegalAction.reason,
English, naming rules like `(L3)`), for the reasons a player meets at the terminal after a
refused entry and in the protocol's `illegal` errors; and why a game, its options or a bot are
refused (InvalidOption, UnknownBot: `lama play --target 0`, the protocol's `bad_options`). The
core stays language-neutral: its reasons are matched here by their English form, and one not
listed is given as the core says it."""

from __future__ import annotations

import re

from lama.games import GAMES

from . import N_, language, translations

_ID = r"(?:rules? )?[A-Z]\d+[a-z]?"
RULE_ID = re.compile(rf"\s*\({_ID}(?:(?:,|/| and| or|-|–) ?[A-Z]?\d+[a-z]?)*\)"  # (K4), (D3b, D3c)
                     rf"|,\s*{_ID}(?=\))"  # (5 or more chips on it, K9)
                     rf"|(?<=\(){_ID},\s*"  # (K5, after a rectangle)
                     rf"|\b{_ID}: ")  # K9: ...


def strip_rule_ids(text: str) -> str:
    """The core's reasons name rules (`(L3)`, `K9: `); a player is told the reason alone."""
    return RULE_ID.sub("", text)


_CARD = r"'(?P<card>[^']+)'"
# (the core's English, as a pattern; the message in the catalogs, with the pattern's groups)
REASONS = [(re.compile(pattern + r"$"), message) for pattern, message in (
    (rf"{_CARD} cannot be played on '(?P<top>[^']+)'", N_("{card} cannot be played on {top}")),
    (r"the draw pile is empty", N_("the draw pile is empty")),
    (r"the last seat in the round may not draw", N_("the last seat in the round may not draw")),
    (rf"seat \d+ does not hold {_CARD}", N_("you do not hold {card}")),
    (r"give only goes with a played 1", N_("only a played 1 gives a chip")),
    (r"seat \d+ holds no chip, so its 1 gives nothing", N_("you hold no chip, so your 1 gives nothing")),
    (r"seat \d+ is the only seat still in, so its 1 gives nothing",
     N_("you are the only seat still in, so your 1 gives nothing")),
    (r"a seat cannot give a chip to itself; the chip goes to a seat still in: (?P<seats>.+)",
     N_("you cannot give a chip to yourself; the chip goes to a seat still in: {seats}")),
    (r"seat (?P<seat>\d+) has quit this round; the chip goes to a seat still in: (?P<seats>.+)",
     N_("seat {seat} has quit this round; the chip goes to a seat still in: {seats}")),
    (r"no drawing during a magic show before taking the stage",
     N_("no drawing during a magic show before taking the stage")),
    (r"no quitting during a magic show before taking the stage",
     N_("no quitting during a magic show before taking the stage")),
    (r"only the holder of the magic chip may skip; seat \d+ does not hold it",
     N_("only the holder of the magic chip may skip; you do not hold it")),
    (r"the stage may be taken only during a magic show \((?P<n>\d+) or more chips on it\)",
     N_("the stage may be taken only during a magic show ({n} or more chips on it)")),
    (r"after a match the seat must discard at least one matching card",
     N_("after a match you must discard at least one matching card")),
    (r"after a miss the seat must take one matching llama-row card",
     N_("after a miss you must take one matching card from the llama row")),
    (r"a discard only follows a roll that matches the display",
     N_("a discard only follows a roll that matches your display")),
    (r"a take only follows a roll that misses the display", N_("a take only follows a roll that misses your display")),
    (r"a match needs at least one card discarded", N_("a match needs at least one card discarded")),
    (rf"{_CARD} is not in the llama row", N_("{card} is not in the llama row")),
    (r"no die shows (?P<card>\S+) in the roll (?P<roll>.+)", N_("no die shows {card} in the roll {roll}")),
    (r"seat \d+'s display holds (?P<n>\d+) '(?P<card>[^']+)', not (?P<wanted>\d+)",
     N_("your display holds {n} × {card}, not {wanted}")),
    (r"it is not seat \d+'s turn.*", N_("it is not your turn")),
    (r"the game is over", N_("the game is over")),
    # the table's refusals (lama.match.Table)
    (r"the table is at version (?P<version>\d+), not (?P<wanted>\d+): look again and retry",
     N_("the table is at version {version}, not {wanted}: look again and retry")),
    (r"a bot plays seat (?P<seat>\d+) now", N_("a bot plays seat {seat} now")),
    (r"(?P<action>.+) is not a legal move here", N_("{action} is not a legal move here")),
)]


def _card(code: str, game: str | None, lang: str) -> str:
    llama = GAMES[game].llama_name if game in GAMES else "llama"
    return translations(lang).gettext(llama) if code == "L" and llama != "llama" else code


def reason_text(reason: str, game: str | None = None, lang: str | None = None) -> str:
    """`reason` in `lang` (default: the current language), its rule ids dropped, where the
    catalogs have it (a pattern above, or the reason itself: the server's own refusals are
    messages of the catalogs); as it is otherwise (and always in English)."""
    lang = lang or language()
    if lang == "en":
        return reason
    found = _matched(REASONS, strip_rule_ids(reason).strip())
    if found is None:
        return translations(lang).gettext(reason)
    message, fields = found
    for key in ("card", "top"):
        if key in fields:
            fields[key] = _card(fields[key], game, lang)
    return translations(lang).gettext(message).format(**fields)


def _matched(patterns, text: str):
    """(the catalogs' message, its fields) of the first pattern that matches `text`, or None."""
    for pattern, message in patterns:
        match = pattern.match(text)
        if match:
            return message, match.groupdict()
    return None


# why a game cannot be set up as asked: the core's reasons why a game, its player count or its
# options are refused (InvalidOption), and lama.bots' why a bot is unknown (UnknownBot)
SETUP = [(re.compile(pattern + r"$", re.S), message) for pattern, message in (
    (r"(?P<game>\S+) is played by 2 to 6 players, not (?P<value>.+)",
     N_("{game} is played by 2 to 6 players, not {value}")),
    (r"unknown option\(s\) for (?P<game>\S+): (?P<names>.+) \(allowed: (?P<allowed>.*)\)",
     N_("unknown option(s) for {game}: {names} (allowed: {allowed})")),
    (r"(?P<name>target|hand_size) must be a whole number from 1 to (?P<most>\d+), not (?P<value>.+)",
     N_("{name} must be a whole number from 1 to {most}, not {value}")),
    (r"first_player must be a seat from 0 to (?P<last>\d+), not (?P<value>.+)",
     N_("first_player must be a seat from 0 to {last}, not {value}")),
    (r"(?P<source>.+?) must be a map from card code to count \(like (?P<example>.+)\), not (?P<kind>\S+)",
     N_("{source} must be a map from card code to count (like {example}), not {kind}")),
    (r"(?P<source>.+?) has unknown card code\(s\) (?P<codes>.+) \(codes: (?P<known>.+)\)",
     N_("{source} has unknown card code(s) {codes} (codes: {known})")),
    (r"(?P<source>.+?): the count of (?P<code>.+) must be a whole number from 0 to (?P<most>\d+), not (?P<value>.+)",
     N_("{source}: the count of {code} must be a whole number from 0 to {most}, not {value}")),
    (r"(?P<source>.+?) has (?P<n>\d+) cards; a deck has at most (?P<most>\d+)",
     N_("{source} has {n} cards; a deck has at most {most}")),
    (r"the deck has (?P<n>\d+) cards; (?P<players>\d+) players need at least (?P<need>\d+) "
     r"\((?P<hand>\d+) each and the first discard\)",
     N_("the deck has {n} cards; {players} players need at least {need} ({hand} each and the first discard)")),
    (r"dice must be a list of (?P<dice>\d+) dice, each a list of (?P<faces>\d+) face codes \((?P<allowed>.+)\); "
     r"got (?P<value>.+)",
     N_("dice must be a list of {dice} dice, each a list of {faces} face codes ({allowed}); got {value}")),
    (r"die (?P<die>\d+) must be a list of (?P<faces>\d+) face codes \((?P<allowed>.+)\), not (?P<value>.+)",
     N_("die {die} must be a list of {faces} face codes ({allowed}), not {value}")),
    (r"die (?P<die>\d+) has a face (?P<face>.+); faces are (?P<allowed>.+)",
     N_("die {die} has a face {face}; faces are {allowed}")),
    (r"unknown game (?P<game>.+) \(known: (?P<known>.+)\)", N_("unknown game {game} (known: {known})")),
    (r"unknown bot (?P<bot>.+) \(known: (?P<known>.+), or module:callable\)",
     N_("unknown bot {bot} (known: {known}, or module:callable)")),
    (r"cannot load bot (?P<bot>.+?): a plug-in bot is module:callable, with a module path like my_bots or "
     r"pkg.my_bots and a callable name like my_bot",
     N_("cannot load bot {bot}: a plug-in bot is module:callable, with a module path like my_bots or "
        "pkg.my_bots and a callable name like my_bot")),
    (r"cannot load bot (?P<bot>'.+?'): (?P<error>.+)", N_("cannot load bot {bot}: {error}")),
    (r"(?P<bot>.+) is not callable", N_("{bot} is not callable")),
)]


def setup_text(reason: str, lang: str | None = None) -> str:
    """Why a game, its options or a bot are refused (InvalidOption's or UnknownBot's message),
    in `lang` (default: the current language) where the catalogs have it; as said otherwise."""
    lang = lang or language()
    found = _matched(SETUP, reason) if lang != "en" else None
    if found is None:
        return reason
    message, fields = found
    return translations(lang).gettext(message).format(**fields)
