"""static/i18n.js, the page's side of the catalogs, run in Node: the plural form by
Intl.PluralRules from the server's catalog, English where a message is missing, the browser's
language or the remembered one, and the same pseudo language as lama.i18n's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from lama import i18n

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node to run the page's module")
I18N_JS = Path(i18n.__file__).resolve().parents[1] / "web" / "static" / "i18n.js"

SCRIPT = """
import { readFileSync } from "node:fs";
const catalogs = JSON.parse(readFileSync(process.argv[3], "utf8"));  // a file: too long for one argument
globalThis.navigator = { languages: ["fr-FR", "pl-PL", "en"] };
const store = {};
globalThis.localStorage = { getItem: (k) => store[k] ?? null, setItem: (k, v) => { store[k] = v; } };
globalThis.document = { documentElement: { lang: "en" } };
globalThis.fetch = async (url) => {
  const lang = decodeURIComponent(url.split("/").pop());
  return { ok: lang in catalogs, json: async () => catalogs[lang] };
};
const m = await import(process.argv[2]);
const out = {};
const pile = (n) => m.t("draw pile: {n} card", { n }, "draw pile: {n} cards");
out.before = [m.language(), pile(1), pile(2)];
out.preferred = m.preferred(["en", "nl", "es", "ko", "de", "pl"]);
await m.setLanguage("pl", { remember: true });
out.pl = [1, 2, 3, 5, 12, 22, 25].map(pile);
out.html = document.documentElement.lang;
out.remembered = m.preferred(["en", "nl", "es", "ko", "de", "pl"]);
out.missing = m.t("a message no catalog has, {x}", { x: 7 });
out.plain = m.t("Top card: ");
await m.setLanguage("ko");
out.ko = [1, 5].map(pile);
await m.setLanguage("xx");
out.pseudo = ["Top card: ", "{name} played {card}."].map((k) => m.t(k));
out.html_xx = document.documentElement.lang;
try { await m.setLanguage("fr"); out.fr = "loaded"; } catch (e) { out.fr = String(e.message); }
console.log(JSON.stringify(out));
"""


def test_the_page_module_speaks_the_catalogs(tmp_path):
    catalogs = {lang: i18n.catalog(lang) for lang in ("pl", "ko")}
    catalogs["xx"] = {"lang": "xx", "name": "pseudo", "plural": ["one", "other"], "messages": {}, "pseudo": True}
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT)
    (tmp_path / "catalogs.json").write_text(json.dumps(catalogs), encoding="utf-8")
    done = subprocess.run([NODE, str(script), I18N_JS.as_uri(), str(tmp_path / "catalogs.json")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["before"] == ["en", "draw pile: 1 card", "draw pile: 2 cards"]
    assert out["preferred"] == "pl"  # the browser's first language lama has
    assert out["pl"] == ["stos do dobierania: 1 karta", "stos do dobierania: 2 karty", "stos do dobierania: 3 karty",
                         "stos do dobierania: 5 kart", "stos do dobierania: 12 kart", "stos do dobierania: 22 karty",
                         "stos do dobierania: 25 kart"]
    assert out["html"] == "pl" and out["remembered"] == "pl"
    assert out["missing"] == "a message no catalog has, 7" and out["plain"] == "Wierzchnia karta: "
    assert out["ko"] == ["뽑을 더미: 1장", "뽑을 더미: 5장"]
    assert out["pseudo"] == [i18n.pseudo("Top card: "), i18n.pseudo("{name} played {card}.")]
    assert out["html_xx"] == "en" and out["fr"] == "no catalog for fr"
