"""The terminal and the page say the same sentence of the same event: both read one table of
sentences (lama.core.sentences and each game's own, served in GET /api/games). The page's
static/common.js runs in Node on the served table and catalogs; for every event of seeded
games of every game, as a seat and a spectator see it, it picks the template the terminal
picks, with the same values (a card aside: the terminal writes "L", "a mosquito" and "1 L", the
page "llama", "mosquito" and "1, L"), and where no card is named, the same words, in English and
in Polish.

The same interpreter says what a game declares of its own parts (lama.core.display): its zones
and notes over the View, its controls' `said` over each legal action and `done` over each
record move; on every step of seeded games it picks what lama.core.sentences.pick picks."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from lama import i18n
from lama.bots import load_bot
from lama.core.display import note_data
from lama.core.sentences import pick
from lama.games import GAMES, descriptions, new_game
from lama.i18n import _, ngettext
from lama.match import Match
from lama.record import replay
from lama.tui.render import event_text

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node to run the page's module")
COMMON_JS = Path(i18n.__file__).resolve().parents[1] / "web" / "static" / "common.js"
NAMES = ["Ann", "Bob", "Cem", "Dee"]
VIEWERS = (0, None)

SCRIPT = """
import { readFileSync } from "node:fs";
const given = JSON.parse(readFileSync(process.argv[3], "utf8"));
const store = {};
globalThis.navigator = { languages: ["en"] };
globalThis.localStorage = { getItem: (k) => store[k] ?? null, setItem: (k, v) => { store[k] = v; } };
globalThis.document = { documentElement: { lang: "en" } };
globalThis.fetch = async (url) => {
  const lang = decodeURIComponent(url.split("/").pop());
  const answer = url === "/api/games" ? { games: given.games } : given.catalogs[lang];
  return { ok: true, status: 200, json: async () => answer };
};
const m = await import(process.argv[2]);
const words = await import(new URL("i18n.js", process.argv[2]).href);  // the module common.js reads
await m.loadGames();
const said = {  // each ask as the page says it: [the sentence picked, its text]
  event: (game, e, viewer) =>
    [m.eventSentence(e, viewer, given.names, game), m.eventText(e, viewer, given.names, game)],
  zone: (game, i, part, view) => m.viewSentence(m.gameInfo(game).zones[i][part], view, given.names),
  note: (game, i, view) => m.noteSentence(m.gameInfo(game).notes[i], view, given.names),
  action: (game, a) => m.actionSentence(a, game, given.names),
  move: (game, move) => m.moveSentence(move, game, given.names),
};
const out = {};
for (const lang of Object.keys(given.catalogs)) {
  await words.setLanguage(lang);
  out[lang] = given.asks.map(([kind, ...args]) => {
    const s = said[kind](...args);
    return kind === "event" ? s : [s, m.saidText(s)];
  });
}
console.log(JSON.stringify(out));
"""


def variants(game_id: str) -> list[dict]:
    """The options a game is played with here: none, and each yes-or-no option turned from its
    default (lama's `lachen`: the puddle's sentences are said only with it)."""
    defaults = GAMES[game_id].default_options()
    return [{}] + [{o.name: not defaults.get(o.name)} for o in GAMES[game_id].all_options() if o.type == "boolean"]


def seen_events():
    """(game, event, viewer) of seeded games of every game, as each viewer may see them."""
    out = []
    for game_id in GAMES:
        for seed, options in ((seed, options) for options in variants(game_id) for seed in range(2)):
            events = []
            Match(new_game(game_id, 4, options), [load_bot("heuristic")] * 4, seed, NAMES,
                  on_events=events.extend).run()
            out += [(game_id, e.for_seat(v) if v is not None else e, v) for e in events for v in VIEWERS]
    return out


def run_page(tmp_path, asks: list) -> dict:
    """What the page says of each ask ([kind, game, ...]), in English and in Polish."""
    given = {"games": descriptions(), "names": NAMES, "catalogs": {lang: i18n.catalog(lang) for lang in ("pl",)},
             "asks": asks}
    given["catalogs"]["en"] = {"lang": "en", "name": "English", "plural": ["one", "other"], "messages": {}}
    script, data = tmp_path / "run.mjs", tmp_path / "given.json"
    script.write_text(SCRIPT)
    data.write_text(json.dumps(given), encoding="utf-8")
    done = subprocess.run([NODE, str(script), COMMON_JS.as_uri(), str(data)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_page_and_the_terminal_say_the_same_sentence(tmp_path):
    events = seen_events()
    page = run_page(tmp_path, [("event", g, e.to_json(), v) for g, e, v in events])
    compared, plain = set(), []
    for i, ((game, event, viewer), (sentence, _text)) in enumerate(zip(events, page["en"])):
        data = event.to_json()
        entry = GAMES[game].event_sentences().get(data["type"])
        if entry is None:  # the end of a round and of the game: tables at the terminal
            assert data["type"] in ("round_scored", "game_over") and sentence is None
            continue
        template, plural, params, then = pick(entry, data, data.get("seat") == viewer and viewer is not None)
        assert [sentence["template"], sentence["plural"], sentence["then"]] == [template, plural, then], data
        kinds = {key: params[key][0] for key in re.findall(r"\{(\w+)\}", template)}
        for key, kind in kinds.items():
            if kind in ("number", "sum", "value"):
                value = params[key][1]
                assert str(sentence["params"][key]) == str(value + 1 if kind == "number" else value), (key, data)
        if not {"card", "cards"} & set(kinds.values()):
            plain.append(i)
        compared.add(data["type"])
    assert compared == {t for g in GAMES.values() for t in g.event_sentences()}  # every event type was said
    for lang in ("en", "pl"):
        i18n.use(lang)
        try:
            for i in plain:  # the same words, where no card is named
                game, event, viewer = events[i]
                assert page[lang][i][1] == event_text(event, viewer, NAMES, game), (lang, event)
        finally:
            i18n.use("en")


# -- what a game declares of its own parts (lama.core.display) ---------------------------------

def control_of(game: str, data: dict):
    """The game's control of an action's or a record move's JSON: its first whose kind is a key."""
    return next(c for c in GAMES[game].controls if c.kind in data)


def seen_steps():
    """[kind, game, ...] asks of seeded games of every game: at every step, each zone's entries
    and each note over the views of a spectator, seat 0 and the seat to move, and each record
    move; at every decision (a roll's discard too), the legal actions of the seat to decide."""
    asks = []
    for game_id in GAMES:
        game = GAMES[game_id]
        for seed, options in ((seed, options) for options in variants(game_id) for seed in range(2)):
            bot = load_bot("heuristic")

            def decide(view, rng, bot=bot, game_id=game_id):
                asks.extend(("action", game_id, a.to_json()) for a in view.legal_actions)
                return bot(view, rng)

            match = Match(new_game(game_id, 4, options), [decide] * 4, seed, NAMES)
            match.run()

            def step(state, r, move, game_id=game_id, game=game):
                for view in (state.view(v).to_json() for v in {None, 0, state.to_move}):
                    for i, zone in enumerate(game.zones):
                        if view.get(zone.field) is None:  # a view without the zone (lama without lachen)
                            continue  # shows nothing of it, on the page as in the terminal
                        asks.extend(("zone", game_id, i, part, view) for part in ("said", "under", "aside")
                                    if getattr(zone, part) is not None)
                    asks.extend(("note", game_id, i, view) for i in range(len(game.notes)))
                if move is not None:
                    asks.append(("move", game_id, move))

            replay(match.record.whole_moves(), on_step=step)
    return asks


def python_pick(ask):
    """What lama.core.sentences.pick picks for an ask, and the reader's seat: ((template, plural,
    params, then) or None, viewer)."""
    kind, game_id, *args = ask
    game = GAMES[game_id]
    if kind == "zone":
        i, part, view = args
        return pick(getattr(game.zones[i], part), view, False), view["seat"]
    if kind == "note":
        i, view = args
        found = note_data(game.notes[i], view)
        return (pick(game.notes[i].said, *found) if found else None), view["seat"]
    data = args[0]
    control = control_of(game_id, data)
    entry = control.said if kind == "action" else control.done
    return (pick(entry, data, False) if entry else None), None


def written(kind: str, value, viewer):
    """A parameter in words, as the page writes it where no card is named."""
    if value is None:
        return ""
    if kind == "seat":
        return _("you") if value == viewer else NAMES[value]
    if kind == "name":
        return NAMES[value]
    return value + 1 if kind == "number" else value


def test_the_page_says_the_games_zones_notes_and_moves_as_declared(tmp_path):
    asks = seen_steps()
    page = run_page(tmp_path, asks)
    picked = set()  # (ask kind, game, which entry, case index) picked at least once
    llama = {g["id"]: next(c["name"] for c in g["cards"] if c["code"] == "L") for g in descriptions()}
    plain = []
    for i, (ask, (sentence, _text)) in enumerate(zip(asks, page["en"])):
        expected, viewer = python_pick(ask)
        if expected is None or expected[0] is None:
            assert sentence is None, ask
            continue
        template, plural, params, then = expected
        assert [sentence["template"], sentence["plural"], sentence["then"]] == [template, plural, then], ask
        kinds = {key: params[key][0] for key in re.findall(r"\{(\w+)\}", template)}
        for key, kind in kinds.items():
            value = params[key][1]
            if kind == "llama":
                assert sentence["params"][key] == llama[ask[1]], (key, ask)
            elif kind not in ("card", "cards"):
                assert str(sentence["params"][key]) == str(written(kind, value, viewer)), (key, ask)
        if not {"card", "cards", "llama"} & set(kinds.values()):
            plain.append((i, template, plural, {k: written(kind, v, viewer) for k, (kind, v) in params.items()}))
        entry = ask[2:4] if ask[0] == "zone" else ask[2] if ask[0] == "note" else control_of(ask[1], ask[2]).kind
        picked.add((ask[0], ask[1], str(entry), template))
    # every sentence the games declare was said at least once (a magic show, a forced draw, three llamas, ...)
    declared = set()
    for game_id, game in GAMES.items():
        for i, zone in enumerate(game.zones):
            for part in ("said", "under", "aside"):
                entry = getattr(zone, part)
                declared |= {("zone", game_id, str((i, part)), c["other"]) for c in entry["cases"]} if entry else set()
        for i, note in enumerate(game.notes):
            declared |= {("note", game_id, str(i), c["you"] or c["other"]) for c in note.said["cases"]}
        for c in game.controls:
            for kind, entry in (("action", c.said), ("move", c.done)):
                declared |= {(kind, game_id, c.kind, case["other"]) for case in entry["cases"]} if entry else set()
    assert declared - picked == set()
    for lang in ("en", "pl"):
        i18n.use(lang)
        try:
            for i, template, plural, values in plain:  # the same words, where no card is named
                text = ngettext(template, plural, values["n"]) if plural else _(template)
                assert page[lang][i][1] == text.format(**values), (lang, asks[i])
        finally:
            i18n.use("en")
