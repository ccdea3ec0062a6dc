"""What the terminal and the page say of an event: one table of sentence templates per event type.

The shared events' sentences are here; a game declares its own events' sentences (and any it
says otherwise) in its Game class (`sentences`), and `Game.event_sentences()` joins them. The
terminal (lama.tui.render) reads the table directly; the page reads it from GET /api/games
(`sentences`) and says it with its catalogs, so both say the same sentence of the same event.
The table is plain JSON data, read by one small interpreter on each side (`pick` here,
`eventText` in static/common.js):

- an event type's entry has `cases`, the first that fits is said; `fields`, how the template's
  parameters come from the event's JSON fields (below; every field is a parameter as it is, and
  `{name}` is the name of the event's `seat`); and `then`, sentences said after it when they fit.
- a case has `you` (when the reader is the event's seat) and `other` (otherwise; a case without
  one does not fit), each with a plural form (`you_plural`, `other_plural`) counted by `{n}`
  where the count matters; and `when`: the values it is for, by field or parameter: a value
  (`"black"`, `true`, `null`), `"*"` for any but null, or `{"at_least": 5}`.
- a parameter's `fields` entry is `[kind, field]`: `card` (a card, by its name in the game),
  `cards` (a list of cards), `seat` (a seat: "you" for the reader, else its name), `name` (a
  seat's name), `number` (counted from 1, as people count); `["sum", {field: weight}]` (a
  list field counts the sum of its items); `["item", [field, i]]` (a list field's item i);
  `["all", {field: value}]` (whether every item of a list field is that value); `["llama",
  ""]` (the game's llama card, by its name).

The same entries say a View (lama.core.display: a zone, a note), an action or a record's move:
their JSON is the data.
"""

from __future__ import annotations

from .words import N_

ANY = "*"


def event(*cases: dict, fields: dict | None = None, then: tuple = ()) -> dict:
    """An event type's entry in a table of sentences."""
    return {"cases": list(cases), "fields": fields or {}, "then": list(then)}


def case(you, other=None, when: dict | None = None) -> dict:
    """One way of saying an event: `you` and `other` are templates, or (singular, plural)
    pairs (N_plural) counted by {n}."""
    out = {"when": when or {}}
    for key, said in (("you", you), ("other", other)):
        out[key], plural = said if isinstance(said, tuple) else (said, None)
        if plural is not None:
            out[f"{key}_plural"] = plural
    return out


SENTENCES = {
    "round_dealt": event(
        case(N_("Round {round} is dealt; {name} starts; the first card is {card}."),
             N_("Round {round} is dealt; {name} starts; the first card is {card}."), when={"discard": ANY}),
        case(N_("Round {round} is dealt; {name} starts."), N_("Round {round} is dealt; {name} starts.")),
        fields={"round": ["number", "round"], "name": ["name", "starter"], "card": ["card", "discard"]}),
    "card_played": event(case(N_("You played {card}."), N_("{name} played {card}.")),
                         fields={"card": ["card", "card"]}),
    "card_drawn": event(
        case(N_("You drew {card}."), when={"card": ANY}),
        case(N_("You drew a card."), N_("{name} drew a card.")),
        fields={"card": ["card", "card"]}),
    "seat_quit": event(case(N_("You quit the round."), N_("{name} quit the round."))),
    "chip_returned": event(
        case(N_("You returned a {points}-point chip (emptied hand)."),
             N_("{name} returned a {points}-point chip (emptied hand)."), when={"rule": "C5"}),
        case(N_("You returned a {points}-point chip."), N_("{name} returned a {points}-point chip."))),
}


def _value(kind_and_field, data: dict):
    kind, field = kind_and_field
    if kind == "sum":
        return sum(weight * (sum(data[f]) if isinstance(data[f], (list, tuple)) else data[f])
                   for f, weight in field.items())
    if kind == "item":
        name, i = field
        return data[name][i] if data.get(name) is not None else None
    if kind == "all":
        return all(all(x == value for x in data.get(f) or ()) for f, value in field.items())
    if kind == "llama":
        return "L"
    return data.get(field)


def _fits(when: dict, values: dict) -> bool:
    for key, wanted in when.items():
        value = values.get(key)
        if wanted == ANY:
            if value is None:
                return False
        elif isinstance(wanted, dict):
            if value is None or value < wanted["at_least"]:
                return False
        elif value != wanted:
            return False
    return True


def pick(entry: dict, data: dict, you: bool) -> tuple[str, str | None, dict, list[str]]:
    """What to say of the event `data` (its JSON form) by its table `entry`: (the template, its
    plural or None, the parameters as (kind, value), the sentences said after it); the
    template is None if no case fits."""
    fields = entry["fields"]
    params = {key: ("value", value) for key, value in data.items()}
    if "seat" in data:
        params["name"] = ("name", data["seat"])
    params.update({key: (spec[0], _value(spec, data)) for key, spec in fields.items()})
    values = {**data, **{key: value for key, (_, value) in params.items() if key in fields}}
    template = plural = None
    for c in entry["cases"]:
        said = c["you"] if you else c["other"]
        if said is not None and _fits(c["when"], values):
            template, plural = said, c.get("you_plural" if you else "other_plural")
            break
    then = [after["text"] for after in entry["then"] if _fits(after["when"], values)]
    return template, plural, params, then
