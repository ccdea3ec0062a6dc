// Shared by the lobby, the table and the replay: DOM building, the HTTP API, what the device
// remembers (name, seat tokens, theme), the language, and how cards, moves and events read in words.

import { language, preferred, setLanguage, spoken, t, translatePage } from "./i18n.js";

export { t };

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style") el.style.cssText = v; // through the CSSOM: the CSP refuses style attributes
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

// A call of the server's API: GET, or POST with a JSON `body`, or `method` (DELETE). A signed-in
// device sends its player's key in the Authorization header (never in an address); a key the
// server no longer knows (revoked, or the player deleted) is forgotten here.
export async function api(path, body, method) {
  // an error's message comes in the page's language (its code never changes)
  const headers = { "accept-language": spoken() };
  const me = device.player;
  if (me) headers.authorization = `Bearer ${me.key}`;
  const opts = body === undefined ? { headers, method: method || "GET" } : { method: method || "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new ApiError(0, "network", t("The server cannot be reached. Is it running?")); }
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const err = (data && data.error) || {};
    if (res.status === 401 && err.code === "bad_key" && me) { device.player = null; device.signedOut = true; }
    throw new ApiError(res.status, err.code || "http_error", err.message || t("The server answered {status}.", { status: res.status }));
  }
  return data;
}

// -- what this device remembers ---------------------------------------------------------------
function load(key, fallback) {
  try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; }
}
function session(key) { try { return sessionStorage.getItem(key); } catch (e) { return null; } }
function save(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } }

export const device = {
  get name() { return load("lama.name", ""); },
  set name(v) { save("lama.name", v); },
  // (this tab's sessionStorage too: where localStorage is refused, a reload still finds the seat)
  token(table) { return (load("lama.tokens", {}) || {})[table] || session(`lama.token.${table}`); },
  // the tables this device holds a seat at, oldest first
  tables() { return Object.keys(load("lama.tokens", {}) || {}); },
  setToken(table, token) {
    const all = load("lama.tokens", {}) || {};
    delete all[table];  // (the newest last)
    all[table] = token;
    const keys = Object.keys(all);
    if (keys.length > 200) delete all[keys[0]];
    save("lama.tokens", all);
    try { sessionStorage.setItem(`lama.token.${table}`, token); } catch (e) { /* storage refused */ }
  },
  // the signed-in player of this device: {player, name, key} (null: nobody); `signedOut`: the
  // server refused the key since (revoked on another device, or the player deleted)
  get player() { const p = load("lama.player", null); return p && typeof p.key === "string" ? p : null; },
  set player(v) { save("lama.player", v); },
  get signedOut() { return load("lama.signed-out", false) === true; },
  set signedOut(v) { save("lama.signed-out", !!v); },
  get theme() { return load("lama.theme", "auto"); },
  set theme(v) { save("lama.theme", v); },
  // the turn's notices: a sound, a notification when the tab is hidden (both off until asked for)
  get sound() { return load("lama.sound", false) === true; },
  set sound(v) { save("lama.sound", !!v); },
  get notify() { return load("lama.notify", false) === true; },
  set notify(v) { save("lama.notify", !!v); },
  // the seats of a table whose reactions this device does not show
  muted(table) { return (load("lama.muted", {}) || {})[table] || []; },
  setMuted(table, seat, on) {
    const all = load("lama.muted", {}) || {};
    const seats = new Set(all[table] || []);
    if (on) seats.add(seat); else seats.delete(seat);
    delete all[table];  // (the newest last)
    if (seats.size) all[table] = [...seats];
    const keys = Object.keys(all);
    if (keys.length > 200) delete all[keys[0]];
    save("lama.muted", all);
  },
};

export function applyTheme() {
  const theme = device.theme;
  if (theme === "auto") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", theme);
}

export function themeButton() {
  const label = () => ({ auto: t("Theme: automatic"), light: t("Theme: light"), dark: t("Theme: dark") })[device.theme];
  const icon = () => ({ auto: "◐", light: "☀", dark: "☾" })[device.theme];
  const b = h("button", { class: "icon-btn", type: "button", title: label(), "aria-label": label() }, icon());
  b.addEventListener("click", () => {
    device.theme = { auto: "light", light: "dark", dark: "auto" }[device.theme];
    applyTheme();
    b.textContent = icon(); b.title = label(); b.setAttribute("aria-label", label());
  });
  return b;
}

// -- the games, as the server describes them (GET /api/games: lama.core.game.Game.describe) ----
// Everything that differs between games is read from these facts (its family of board, what a
// hand and the llama card are called, each card's name, its moves and their controls, its chips,
// marks, zones and notes, its start points, options and pictures); no page tests a game's id or
// names a game's field.
const GAMES = new Map();
const PLAIN = { family: "cards", hand: "hand", llama: "llama", cards: [], moves: [], chips: [], marks: [], zones: [], notes: [], start_points: 0, odds: false, pictures: [], options: [], sentences: {} };

export async function loadGames() {
  const list = (await api("/api/games")).games;
  for (const g of list) GAMES.set(g.id, g);
  return list.map(g => gameInfo(g.id));
}

// A game's words in the page's language: the server serves them in English (lama.web.vocabulary
// puts them in the catalogs), each is shown by its English text.
const SHOWN = new Map();  // id -> [language, the facts in it]

// The facts of game `id` (a plain card game's, named by its id, before loadGames or for an unknown id).
export function gameInfo(id) {
  const g = GAMES.get(id);
  if (!g) return { ...PLAIN, id, name: id, cardOf: new Map() };
  const seen = SHOWN.get(id);
  if (seen && seen[0] === language()) return seen[1];
  const cards = g.cards.map(c => ({ ...c, name: t(c.name) }));
  const shown = { ...g, name: t(g.name), tagline: t(g.tagline), hand: t(g.hand), llama: g.llama, llamaName: t(g.llama), cards, cardOf: new Map(cards.map(c => [c.code, c])) };
  SHOWN.set(id, [language(), shown]);
  return shown;
}
export function isCardGame(id) { return gameInfo(id).family === "cards"; }
export function hasMove(id, kind) { return gameInfo(id).moves.some(m => m.kind === kind); }
export function hasControl(id, control) { return gameInfo(id).moves.some(m => m.control === control); }

// -- words ------------------------------------------------------------------------------------
export const BOT_LEVELS = ["easy", "medium", "hard", "neural", "random"];

// "Medium bot": a bot level's name, to choose it.
export function botLabel(level) {
  return { easy: t("Easy bot"), medium: t("Medium bot"), hard: t("Hard bot"), neural: t("Neural bot"), random: t("Random bot") }[level] || level;
}

export function cardName(code, game) {
  const card = gameInfo(game).cardOf.get(code);
  return card ? card.name : code;
}

export function cardNames(codes, game) { return codes.map(c => cardName(c, game)).join(", "); }

// "1 point", "2 points".
export function points(n) { return t("{n} point", { n }, "{n} points"); }

export function actionKey(a) {
  return JSON.stringify(Object.keys(a).sort().map(k => [k, Array.isArray(a[k]) ? [...a[k]].sort() : a[k]]));
}

// A game's control of the move `a` (an action's or a record move's JSON): the first of its moves,
// in the order it serves them, whose kind is a key of `a` (a roll that discarded is a roll).
export function controlOf(a, game) { return gameInfo(game).moves.find(c => c.kind in a) || null; }

// A legal move in words ("Play a 5"): its control's `said` (the sentence, then its text).
export function actionSentence(a, game, names) {
  const c = controlOf(a, game);
  return c && c.said ? pickSentence(c.said, a, false, null, names, game) : null;
}
export function actionText(a, game, names) { return saidText(actionSentence(a, game, names)) || JSON.stringify(a); }

// A record's move in words ("Ann drew 5."): its control's `done` (the replay).
export function moveSentence(move, game, names) {
  const c = controlOf(move, game);
  return c && c.done ? pickSentence(c.done, move, false, null, names, game) : null;
}
export function moveText(move, game, names) { return move ? saidText(moveSentence(move, game, names)) || JSON.stringify(move) : null; }

// A bot level as a seat's tag says it ("medium").
export function botLevel(level) {
  return { easy: t("easy"), medium: t("medium"), hard: t("hard"), neural: t("neural"), random: t("random") }[level] || level;
}

// Seats' names as shown. A bot seat nobody named is called by its level, which the server says
// in English ("Medium", a name like any other in the protocol): shown in the reader's words.
// Two seats of the same name get their seat number.
export function seatNames(seats) {
  const capital = word => word.charAt(0).toLocaleUpperCase(spoken()) + word.slice(1);
  const names = seats.map(s => s.kind === "bot" && s.bot && s.name === capital(s.bot) ? capital(botLevel(s.bot)) : s.name);
  return names.map((n, i) => names.filter(x => x === n).length > 1 ? `${n} ${i + 1}` : n);
}

// People read seats numbered from 1 (Seat 1 … Seat N); the protocol's seat fields count from 0.
export function who(seat, viewer, names) { return seat === viewer ? t("You") : (names[seat] || t("seat {number}", { number: seat + 1 })); }

export function handName(game) { return gameInfo(game).hand; }

// How a round ended: "Bob emptied their hand", "everyone quit".
export function endedText(r, viewer, names, game) {
  const you = r.ender === viewer && viewer !== null, name = who(r.ender, viewer, names);
  const display = gameInfo(game).family !== "cards";
  if (r.ended_by === "empty_hand") {
    if (display) return you ? t("you emptied your display") : t("{name} emptied their display", { name });
    return you ? t("you emptied your hand") : t("{name} emptied their hand", { name });
  }
  if (r.ended_by === "all_quit") return t("everyone quit");
  if (r.ended_by === "bust") return you ? t("you busted") : t("{name} busted", { name });
  if (r.ended_by === "row_empty") return you ? t("you emptied the llama row") : t("{name} emptied the llama row", { name });
  return r.ended_by;
}

// "Ann and Bob": names listed.
export function andList(names) {
  return names.length > 1 ? t("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] }) : names.join("");
}

// One line for an event (already filtered for this viewer by the server), or null: the game's
// sentence for it from GET /api/games (`sentences`, lama.core.sentences: the terminal's too, so
// both read the same in every language); the end of a round and of the game are the page's own.
export function eventText(e, viewer, names, game) {
  if (e.type === "round_scored") return t("Round {round} is over: {ended}", { round: e.round + 1, ended: endedText(e, viewer, names, game) });
  if (e.type === "game_over") {
    const winners = e.winners.map(w => who(w, viewer, names));
    return e.winners.length === 1 && e.winners[0] === viewer ? t("The game is over. You win!")
      : t("The game is over. {names} wins!", { n: winners.length, names: andList(winners) }, "The game is over. {names} win!");
  }
  const s = eventSentence(e, viewer, names, game);
  return s && [t(s.template, s.params, s.plural), ...s.then.map(after => t(after))].join(" ");
}

// What to say of an event by its game's table of sentences, in English: { template, plural (or
// null), params, then: the sentences after it }, or null where the table has none.
export function eventSentence(e, viewer, names, game) {
  const entry = (gameInfo(game).sentences || {})[e.type];
  return entry ? pickSentence(entry, e, e.seat === viewer && viewer !== null, viewer, names, game) : null;
}

// What to say of `data` (the JSON of an event, a View, an action or a record's move) by an entry
// of sentences, in English, as lama.core.sentences.pick says it: its `you` case when `you`, else
// its `other`; { template, plural (or null), params, then, alert: the case's own }, or null where
// no case fits. Every field of `data` is a parameter as it is, `{name}` its `seat`'s name.
export function pickSentence(entry, data, you, viewer, names, game) {
  const params = { ...data };
  if ("seat" in data) params.name = sentenceParameter("name", data.seat, viewer, names, game);
  const values = { ...data };
  for (const [key, [kind, field]] of Object.entries(entry.fields)) {
    values[key] = sentenceValue(kind, field, data);
    params[key] = sentenceParameter(kind, values[key], viewer, names, game);
  }
  const said = entry.cases.find(c => (you ? c.you : c.other) && fits(c.when, values));
  if (!said) return null;
  return { template: you ? said.you : said.other, plural: (you ? said.you_plural : said.other_plural) || null, params,
           then: entry.then.filter(after => fits(after.when, values)).map(after => after.text), alert: !!said.alert };
}

// A picked sentence in the page's language (and the sentences after it), or null.
export function saidText(s) { return s ? [t(s.template, s.params, s.plural), ...s.then.map(after => t(after))].join(" ") : null; }

// What a game says of its View: a zone's sentence (`said`, `under`, `aside`: to anyone).
export function viewSentence(entry, view, names) { return entry ? pickSentence(entry, view, false, view.seat, names, view.game) : null; }

// The game's notes at `place` ("top", "middle", "turn") that fit the View, in the page's language.
export function notesAt(place, view, names) {
  return gameInfo(view.game).notes.filter(n => n.place === place).map(n => saidText(noteSentence(n, view, names))).filter(Boolean);
}

// What a note says of the View, or null. A note with a `subject` (a View field holding a seat) is
// about that seat: nothing while it holds none, its `you` case for the reader's own
// (lama.core.display.note_data, notes_at).
export function noteSentence(note, view, names) {
  let data = view, you = false;
  if (note.subject) {
    const seat = view[note.subject] ?? null;
    if (seat === null) return null;
    data = { ...view, seat };
    you = seat === (view.seat ?? null);
  }
  return pickSentence(note.said, data, you, view.seat, names, view.game);
}

// A parameter's value from `data` (lama.core.sentences._value: the kinds that read more than one field).
function sentenceValue(kind, field, data) {
  const list = f => [].concat(data[f] ?? []);
  if (kind === "sum") return Object.entries(field).reduce((sum, [f, weight]) => sum + weight * list(f).reduce((a, b) => a + b, 0), 0);
  if (kind === "item") return data[field[0]] === null || data[field[0]] === undefined ? null : data[field[0]][field[1]] ?? null;
  if (kind === "all") return Object.entries(field).every(([f, value]) => list(f).every(x => x === value));
  if (kind === "llama") return "L";
  return data[field];
}

// Whether an event's values are those a sentence is for (lama.core.sentences: a value, "*" for
// any but null, or {at_least: n}).
function fits(when, values) {
  return Object.entries(when).every(([key, wanted]) => {
    const value = values[key] ?? null;
    if (wanted === "*") return value !== null;
    if (wanted !== null && typeof wanted === "object") return value !== null && value >= wanted.at_least;
    return value === wanted;
  });
}

// A sentence's parameter as the page writes it (lama.core.sentences names the kinds).
function sentenceParameter(kind, value, viewer, names, game) {
  if (value === null || value === undefined) return "";
  if (kind === "card" || kind === "llama") return cardName(value, game);
  if (kind === "cards") return cardNames(value, game);
  if (kind === "seat") return value === viewer ? t("you") : names[value] ?? t("seat {number}", { number: value + 1 });
  if (kind === "name") return names[value] ?? t("seat {number}", { number: value + 1 });
  if (kind === "number") return value + 1;
  return value;
}

// Points as the chips that hold them (C3), highest first: [{ colour, points, n }], by the game's `chips`.
export function chipsOf(points, game) {
  let left = Math.max(0, points);
  return gameInfo(game).chips.map(({ colour, points: worth }) => {
    const n = Math.floor(left / worth);
    left -= n * worth;
    return { colour, points: worth, n };
  });
}

export function pct(x) { return x === null || x === undefined ? "—" : `${(100 * x).toFixed(x >= 0.995 || x < 0.005 ? 0 : 1)}%`; }

// The rules of a game in a dialog (a tiny Markdown: headings, lists, paragraphs, **bold**).
export async function showRules(game) {
  const dlg = document.getElementById("rules-dialog") || document.body.appendChild(h("dialog", { id: "rules-dialog", class: "sheet", "aria-labelledby": "rules-title" }));
  dlg.replaceChildren(h("p", {}, t("Loading the rules…")));
  if (!dlg.open) dlg.showModal();
  try {
    const data = await api(`/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(spoken())}`);
    const body = h("div", { class: "rules" });
    let list = null;
    for (const block of data.rules.split(/\n\s*\n/)) {
      list = null;
      for (const part of block.split(/\n(?=\s*[-*] |#)/)) {
        const text = part.replace(/\n\s*/g, " ").trim();
        if (!text) continue;
        if (/^#+ /.test(text)) { list = null; body.append(h(text.startsWith("# ") ? "h2" : "h3", {}, text.replace(/^#+ /, "").replace(/\s*\(game id: .*\)$/, ""))); }
        else if (/^[-*] /.test(text)) { if (!list) body.append(list = h("ul")); list.append(h("li", {}, inline(text.slice(2)))); }
        else { list = null; body.append(h("p", {}, inline(text))); }
      }
    }
    function inline(text) { const span = h("span"); span.innerHTML = text.replace(/[&<>]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/`(.+?)`/g, "<code>$1</code>"); return span; }
    dlg.replaceChildren(h("div", { class: "sheet-head" }, h("h2", { id: "rules-title" }, t("How to play {game}", { game: gameInfo(game).name })),
      h("button", { class: "icon-btn", type: "button", "aria-label": t("Close the rules"), onclick: () => dlg.close() }, "✕")), body);
  } catch (e) {
    dlg.replaceChildren(h("p", {}, e.message), h("button", { type: "button", onclick: () => dlg.close() }, t("Close")));
  }
}

// A Copy button; `label` is its whole name ("Copy the link for spectators").
export function copyButton(text, label) {
  const b = h("button", { type: "button", class: "small", "aria-label": label }, t("Copy"));
  b.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(text); b.textContent = t("Copied ✓"); }
    catch (e) { const i = b.previousElementSibling; if (i && i.select) { i.select(); document.execCommand("copy"); b.textContent = t("Copied ✓"); } }
    setTimeout(() => { b.textContent = t("Copy"); }, 1800);
  });
  return b;
}

// -- the language -----------------------------------------------------------------------------
let LANGUAGES = [{ code: "en", name: "English" }];

// Before a page draws anything: the device's remembered language, else the browser's, else the
// server's pick from Accept-Language; the page's own words (its HTML) shown in it.
export async function startLanguage() {
  try {
    const known = await api("/api/i18n");
    LANGUAGES = known.languages;
    await setLanguage(preferred([...LANGUAGES.map(l => l.code), "xx"], known.preferred));
  } catch (e) { /* English: the page's own words */ }
  translatePage();
}

// The switch of languages (each named in its own words), remembered on this device; `redraw()`
// draws the page's changing parts again in the new language.
export function languageSwitch(redraw) {
  const select = h("select", { class: "lang-switch", "aria-label": t("Language"), title: t("Language") },
    LANGUAGES.map(l => h("option", { value: l.code, lang: l.code, selected: l.code === language() }, l.name)));
  select.addEventListener("change", async () => {
    try { await setLanguage(select.value, { remember: true }); } catch (e) { return; }
    translatePage();
    select.setAttribute("aria-label", t("Language"));
    select.title = t("Language");
    redraw();
  });
  return select;
}

// What a device calls itself in its player's list of devices ("Firefox on Android"): from the
// browser's own description, never sent anywhere else.
export function deviceLabel() {
  const ua = navigator.userAgent || "";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "";
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return browser && system ? t("{browser} on {system}", { browser, system }) : browser || system || t("a browser");
}
