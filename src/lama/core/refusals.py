"""Why lama refuses something: one catalogue of message templates, keyed by the refusal's code.

A refusal (IllegalAction, InvalidOption, lama.match.Refused, lama.bots.UnknownBot) carries a
code and keyword parameters; its words are the template of its key here (the code itself, or a
key of its own where one code has several templates), filled with the parameters. The English
`reason` (for logs, records and the API) is the template in English, followed by the rule ids it
enforces (`(K4)`: data of the raise site, never in a player's words). lama.i18n.reasons says the
same template in the reader's language; the templates are the catalogs' messages.

`SAID` are the refusals a player or a client meets (a move refused at the terminal or through
the protocol, a game or a bot refused by `lama play` and the protocol's `bad_options`): every
one is translated in every language. `DRIVERS` are a program's mistakes (a deal, a chance
outcome, a record, an object that is no move): they read the same, in English, in every language.
"""

from __future__ import annotations

from .words import N_

SAID = {
    # moves (the rules core and the games)
    "cannot_play": N_("{card} cannot be played on {top}"),
    "pile_empty": N_("the draw pile is empty"),
    "last_seat": N_("the last seat in the round may not draw"),
    "not_in_hand": N_("you do not hold {card}"),
    "needless_give": N_("only a played 1 gives a chip"),
    "no_chip_to_give": N_("you hold no chip, so your 1 gives nothing"),
    "alone_in_round": N_("you are the only seat still in, so your 1 gives nothing"),
    "give_to_self": N_("you cannot give a chip to yourself; the chip goes to a seat still in: {seats}"),
    "give_to_quitter": N_("seat {seat} has quit this round; the chip goes to a seat still in: {seats}"),
    "draw_in_show": N_("no drawing during a magic show before taking the stage"),
    "quit_in_show": N_("no quitting during a magic show before taking the stage"),
    "no_magic_chip": N_("only the holder of the magic chip may skip; you do not hold it"),
    "no_show": N_("the stage may be taken only during a magic show ({n} or more chips on it)"),
    "draw_in_laughing": N_("no drawing during laughing time before taking the puddle"),
    "quit_in_laughing": N_("no quitting during laughing time before taking the puddle"),
    "no_laughing": N_("the puddle may be taken only during laughing time ({n} or more chips in it)"),
    "must_discard": N_("after a match you must discard at least one matching card"),
    "must_take": N_("after a miss you must take one matching card from the llama row"),
    "needless_discard": N_("a discard only follows a roll that matches your display"),
    "needless_take": N_("a take only follows a roll that misses your display"),
    "empty_discard": N_("a match needs at least one card discarded"),
    "not_in_row": N_("{card} is not in the llama row"),
    "no_die": N_("no die shows {card} in the roll {roll}"),
    "not_in_display": N_("your display holds {n} × {card}, not {wanted}"),
    "not_your_turn": N_("it is not your turn"),
    "game_over": N_("the game is over"),
    # the table's (lama.match.Table)
    "stale": N_("the table is at version {version}, not {wanted}: look again and retry"),
    "bot_seat": N_("a bot plays seat {seat} now"),
    "not_legal": N_("{action} is not a legal move here"),
    # a game, its player count and options (InvalidOption)
    "players": N_("{game} is played by 2 to 6 players, not {value}"),
    "unknown_options": N_("unknown option(s) for {game}: {names} (allowed: {allowed})"),
    "whole_number": N_("{name} must be a whole number from 1 to {most}, not {value}"),
    "first_player": N_("first_player must be a seat from 0 to {last}, not {value}"),
    "yes_or_no": N_("{name} must be true or false, not {value}"),
    "deck_not_a_map": N_("{source} must be a map from card code to count (like {example}), not {kind}"),
    "deck_unknown_codes": N_("{source} has unknown card code(s) {codes} (codes: {known})"),
    "deck_count": N_("{source}: the count of {code} must be a whole number from 0 to {most}, not {value}"),
    "deck_too_big": N_("{source} has {n} cards; a deck has at most {most}"),
    "deck_too_small": N_("the deck has {n} cards; {players} players need at least {need} ({hand} each and "
                         "the first discard)"),
    "dice_list": N_("dice must be a list of {dice} dice, each a list of {faces} face codes ({allowed}); got {value}"),
    "die_faces": N_("die {die} must be a list of {faces} face codes ({allowed}), not {value}"),
    "die_face": N_("die {die} has a face {face}; faces are {allowed}"),
    "unknown_game": N_("unknown game {game} (known: {known})"),
    # a bot (lama.bots.UnknownBot)
    "unknown_bot": N_("unknown bot {bot} (known: {known}, or module:callable)"),
    "bad_plug_in": N_("cannot load bot {bot}: a plug-in bot is module:callable, with a module path like my_bots or "
                      "pkg.my_bots and a callable name like my_bot"),
    "cannot_load": N_("cannot load bot {bot}: {error}"),
    "not_callable": N_("{bot} is not callable"),
}

DRIVERS = {
    # moves
    "play_in_show": "a magic show is running: play an L, take the stage or skip; not {card!r}",
    "play_in_laughing": "it is laughing time: play an L or take the puddle; not {card!r}",
    "missing_give": "a played 1 gives a chip: name the receiving seat ({seats})",
    "no_such_seat": "there is no seat {give!r} (give counts seats from 0); the chip goes to a seat still in: {seats}",
    "no_dice_for_discard": "discarding {n} {card!r} needs {n} dice showing {card}; the roll {roll} has {shown}",
    "unknown_card": "there is no card {card!r} in {game}",
    "unknown_move": "{kind!r} is not a move in {game}",
    "not_roll_or_quit": "{action} is not a move here (roll or quit)",
    "bad_discard_cards": "a discard's cards are a tuple of codes, not {cards!r}",
    "bad_discard": "not a well-formed discard: {action!r} (use lama.core.discard(cards))",
    "bad_take": "not a well-formed take: {action!r} (use lama.core.take(card))",
    "not_an_action": "a move is an Action (lama.core.actions), not {action!r}",
    "not_an_action_of": "{action!r} is not an action of {game}",
    "no_action_id": "{game} has action ids 0 to {last}, not {id!r}",
    "chance_pending": "chance must be resolved first ({chance})",
    "illegal_choice": "{seat} chose {action}, which is not legal here",
    # chance
    "no_chance": "no chance outcome is pending",
    "not_in_pile": "{card!r} is not in the draw pile",
    "not_a_deal": "a round starts with a Deal",
    "deal_hands": "a deal needs {n} hands, not {got}",
    "deal_hand_size": "seat {seat} must be dealt {size} cards, not {got}",
    "deal_too_many": "the deal holds {n} {card!r} cards; the deck has {most}",
    "dice_deal_discard": "a dice round has no first discard",
    "dice_deal_displays": "a deal needs {n} displays, one per seat",
    "dice_deal_size": "seat {seat} must be dealt {size} cards",
    "dice_deal_too_many": "the displays hold {n} {card!r} cards; the 36 player cards have {most}",
    "bad_roll": "a roll is {n} faces, one per die, not {roll!r}",
    "not_a_face": "{face!r} is not a face of die {die}",
    # a record's Kadabra moves (lama.record)
    "forced_draw_missing": "{seat} must first draw a card (after a rectangle): the forced draw "
                           "{{\"seat\": {index}, \"draw\": ..., \"forced\": true}} is missing",
    "no_forced_draw": "no forced draw is due here (only right after a rectangle card)",
    "forced_draw_of": "it is not {seat}'s turn ({drawer} must make the forced draw)",
    # the action's JSON form (code `malformed`)
    "not_an_object": "an action is a JSON object like {{\"play\": \"5\"}}, not {value}",
    "kinds": "an action names exactly one of {kinds}{found}",
    "extra_keys": "unexpected key(s) in a {kind} action: {keys}",
    "not_true": "{kind} must be exactly true, not {value}",
    "discard_codes": "discard is a list of 1 to {most} card codes, not {value}",
    "card_code": "{kind} names a card code like \"5\" or \"L\", not {value}",
    "give_seat": "give names a seat from 0 to 5, not {value}",
    # the table's, for a driver
    "version": "the table is at version {version}, not {wanted}",
    "bot_gone": "the {bot} bot no longer plays {seat}",
    # registering games (lama.games.register)
    "not_a_game_class": "a game is a Game class, not {value}",
    "no_id": "{name} needs an id and a state_class to be a game",
    "taken_id": "there is already a game {game!r} ({name})",
    "built_in": "{game!r} is a built-in game",
    # a bot
    "bot_not_a_name": "a bot is given by name, not {kind}",
}

TEMPLATES = {**SAID, **DRIVERS}


def english(key: str, params: dict) -> str:
    """The refusal `key` in English, filled with `params`. A key that is no code of the catalogue
    is a message of its own (a driver's own refusal, like the server's, marked for the catalogs
    where it is written)."""
    return TEMPLATES.get(key, key).format(**params)
