// The page's words in the reader's language: `await setLanguage(lang)` loads the server's
// catalog (GET /api/i18n/{lang}, made from the same .po files as the terminal's), then
// `t("Top card: ")` and `t("draw pile: {n} card", { n: 3 }, "draw pile: {n} cards")` give the
// words; a plural's form comes from Intl.PluralRules. English is the messages themselves; a
// message the catalog lacks stays English. `xx` is the pseudo language of the tests: every
// message 40% longer, with accents, so a word that bypassed t() shows.

const STORAGE = "lama.lang";  // the device remembers the reader's choice
let current = { lang: "en", plural: ["one", "other"], messages: {}, pseudo: false };
let rules = new Intl.PluralRules("en");

export function language() { return current.lang; }

// The language a server or Intl is asked for: xx is English underneath.
export function spoken() { return current.pseudo ? "en" : current.lang; }

// The language to start in: the device's choice, else the browser's first known language, else
// `fallback` (the server's pick from Accept-Language).
export function preferred(known, fallback = "en") {
  const saved = (() => { try { return localStorage.getItem(STORAGE); } catch { return null; } })();
  if (saved && known.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split(/[-_]/)[0];
    if (known.includes(code)) return code;
  }
  return known.includes(fallback) ? fallback : "en";
}

export async function setLanguage(lang, { remember = false } = {}) {
  const answer = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
  if (!answer.ok) throw new Error(`no catalog for ${lang}`);
  current = await answer.json();
  rules = new Intl.PluralRules(spoken());
  document.documentElement.lang = spoken();
  if (remember) { try { localStorage.setItem(STORAGE, current.lang); } catch { /* private mode */ } }
  return current.lang;
}

const ACCENTS = Object.fromEntries([..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map(
  (c, i) => [c, [..."åƀçđéƒğĥîĵķļɱñøþʠŕšţüṽŵẋýžÅƁÇĐÉƑĞĤÎĴĶĻṀÑØÞǪŔŠŢÜṼŴẊÝŽ"][i]]));

function pseudo(text) {  // as lama.i18n.pseudo: placeholders kept, each line bracketed and padded
  return text.split("\n").map((line) => {
    if (!line.trim()) return line;
    const accented = line.split(/(\{[^{}]*\})/).map((p) => (/^\{[^{}]*\}$/.test(p) ? p : [...p].map((c) => ACCENTS[c] || c).join(""))).join("");
    return `⟦${accented}${"·".repeat(Math.max(1, Math.floor((line.length * 2 + 4) / 5)))}⟧`;
  }).join("\n");
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (params && key in params ? String(params[key]) : whole));
}

// `key` is the English message; with `plural` (the English plural) it is counted by `params.n`.
export function t(key, params = {}, plural = null) {
  let text;
  const found = current.messages[key];
  if (plural !== null) {
    const n = Number(params.n);
    if (found && typeof found === "object") {
      const category = rules.select(n);
      text = found[category] ?? found.other ?? found.many ?? Object.values(found).pop();
    } else {
      text = n === 1 ? key : plural;
    }
  } else {
    text = typeof found === "string" ? found : key;
  }
  return fill(current.pseudo ? pseudo(text) : text, params);
}

// The words written in a page's HTML (text, aria-label, title, placeholder, alt; not inside
// translate="no"), by their English text: the same rule as lama.i18n.catalogs' extraction of
// the pages. The first call notes them; each call shows them in the current language.
const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];
const noted = [];  // [node, attribute (null: a text node), English, spaces before, after]

export function squeeze(text) { return text.replace(/\s+/g, " ").trim(); }
export function wordy(text) { return /\p{L}/u.test(text); }

function note(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeType === 1 && (n.getAttribute("translate") === "no" || /^(SCRIPT|STYLE)$/.test(n.tagName))
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = walker.currentNode; n; n = walker.nextNode()) {
    if (n.nodeType === 3) {
      const text = squeeze(n.nodeValue);
      if (wordy(text)) noted.push([n, null, text, /^\s/.test(n.nodeValue) ? " " : "", /\s$/.test(n.nodeValue) ? " " : ""]);
    } else {
      for (const a of ATTRIBUTES) if (n.hasAttribute(a) && wordy(n.getAttribute(a))) noted.push([n, a, squeeze(n.getAttribute(a))]);
    }
  }
}

export function translatePage(root = document.documentElement) {
  if (!noted.length) note(root);
  for (const [node, attribute, english, before, after] of noted) {
    if (attribute) node.setAttribute(attribute, t(english));
    else node.nodeValue = `${before}${t(english)}${after}`;
  }
}
