"""The terminal and the page say the same sentence of the same event: both read one table of
sentences (lama.core.sentences and each game's own, served in GET /api/games). The page's
static/common.js runs in Node on the served table and catalogs; for every event of seeded
games of every game, as a seat and a spectator see it, it picks the template the terminal
picks, with the same values (a card aside: the terminal writes "L", "a mosquito" and "1 L", the
page "llama", "mosquito" and "1, L"), and where no card is named, the same words, in English and
in Polish."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from lama import i18n
from lama.bots import load_bot
from lama.core.sentences import pick
from lama.games import GAMES, descriptions, new_game
from lama.match import Match
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
const out = {};
for (const lang of Object.keys(given.catalogs)) {
  await words.setLanguage(lang);
  out[lang] = given.events.map(([game, e, viewer]) =>
    [m.eventSentence(e, viewer, given.names, game), m.eventText(e, viewer, given.names, game)]);
}
console.log(JSON.stringify(out));
"""


def seen_events():
    """(game, event, viewer) of seeded games of every game, as each viewer may see them."""
    out = []
    for game_id in GAMES:
        for seed in range(2):
            events = []
            Match(new_game(game_id, 4), [load_bot("heuristic")] * 4, seed, NAMES, on_events=events.extend).run()
            out += [(game_id, e.for_seat(v) if v is not None else e, v) for e in events for v in VIEWERS]
    return out


def test_the_page_and_the_terminal_say_the_same_sentence(tmp_path):
    events = seen_events()
    given = {"games": descriptions(), "names": NAMES, "catalogs": {lang: i18n.catalog(lang) for lang in ("pl",)},
             "events": [(g, e.to_json(), v) for g, e, v in events]}
    given["catalogs"]["en"] = {"lang": "en", "name": "English", "plural": ["one", "other"], "messages": {}}
    script, data = tmp_path / "run.mjs", tmp_path / "given.json"
    script.write_text(SCRIPT)
    data.write_text(json.dumps(given), encoding="utf-8")
    done = subprocess.run([NODE, str(script), COMMON_JS.as_uri(), str(data)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    page = json.loads(done.stdout)
    compared, plain = set(), []
    for i, ((game, event, viewer), (sentence, _)) in enumerate(zip(events, page["en"])):
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
