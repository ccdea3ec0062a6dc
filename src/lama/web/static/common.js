// Shared by the lobby, the table and the replay: DOM building, the HTTP API, what the device
// remembers (name, seat tokens, theme), and how cards, moves and events read in words.

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

export async function api(path, body) {
  const opts = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new ApiError(0, "network", "The server cannot be reached. Is it running?"); }
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(res.status, err.code || "http_error", err.message || `The server answered ${res.status}.`);
  }
  return data;
}

// -- what this device remembers ---------------------------------------------------------------
function load(key, fallback) {
  try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; }
}
function save(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } }

export const device = {
  get name() { return load("lama.name", ""); },
  set name(v) { save("lama.name", v); },
  token(table) { return (load("lama.tokens", {}) || {})[table] || null; },
  // the tables this device holds a seat at, oldest first
  tables() { return Object.keys(load("lama.tokens", {}) || {}); },
  setToken(table, token) {
    const all = load("lama.tokens", {}) || {};
    delete all[table];  // (the newest last)
    all[table] = token;
    const keys = Object.keys(all);
    if (keys.length > 200) delete all[keys[0]];
    save("lama.tokens", all);
  },
  get theme() { return load("lama.theme", "auto"); },
  set theme(v) { save("lama.theme", v); },
};

export function applyTheme() {
  const t = device.theme;
  if (t === "auto") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", t);
}

export function themeButton() {
  const label = () => ({ auto: "Theme: automatic", light: "Theme: light", dark: "Theme: dark" })[device.theme];
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
// hand and the llama card are called, each card's name, its moves and their controls, its start
// points, options and pictures); no page tests a game's id.
const GAMES = new Map();
const PLAIN = { family: "cards", hand: "hand", llama: "llama", cards: [], moves: [], start_points: 0, odds: false, pictures: [], options: [] };

export async function loadGames() {
  const list = (await api("/api/games")).games;
  for (const g of list) GAMES.set(g.id, { ...g, cardOf: new Map(g.cards.map(c => [c.code, c])) });
  return list.map(g => GAMES.get(g.id));
}

// The facts of game `id` (a plain card game's, named by its id, before loadGames or for an unknown id).
export function gameInfo(id) { return GAMES.get(id) || { ...PLAIN, id, name: id, cardOf: new Map() }; }
export function isCardGame(id) { return gameInfo(id).family === "cards"; }
export function hasMove(id, kind) { return gameInfo(id).moves.some(m => m.kind === kind); }
export function hasControl(id, control) { return gameInfo(id).moves.some(m => m.control === control); }

// -- words ------------------------------------------------------------------------------------
export const BOT_LEVELS = [["easy", "Easy bot"], ["medium", "Medium bot"], ["hard", "Hard bot"], ["neural", "Neural bot"], ["random", "Random bot"]];

export function cardName(code, game) {
  const card = gameInfo(game).cardOf.get(code);
  return card ? card.name : code;
}

export function aCard(code, game) { return `a ${cardName(code, game)}`; }

export function actionKey(a) {
  return JSON.stringify(Object.keys(a).sort().map(k => [k, Array.isArray(a[k]) ? [...a[k]].sort() : a[k]]));
}

export function actionText(a, game, names) {
  if ("play" in a) {
    let t = `Play ${aCard(a.play, game)}`;
    if (a.give !== undefined && a.give !== null) t += ` and give a chip to ${names[a.give] || "seat " + (a.give + 1)}`;
    return t;
  }
  if (a.draw) return "Draw a card";
  if (a.quit) return "Quit the round";
  if (a.skip) return "Skip with the magic chip";
  if (a.take_stage) return "Take the stage";
  if (a.roll) return "Roll the dice";
  if (a.discard) return `Discard ${a.discard.map(c => cardName(c, game)).join(", ")}`;
  if (a.take) return `Take ${aCard(a.take, game)} from the llama row`;
  return JSON.stringify(a);
}

// Seats' names as shown: two seats of the same name (bots are named by level) get their seat number.
export function seatNames(seats) {
  const names = seats.map(s => s.name);
  return names.map((n, i) => names.filter(x => x === n).length > 1 ? `${n} ${i + 1}` : n);
}

// People read seats numbered from 1 (Seat 1 … Seat N); the protocol's seat fields count from 0.
export function who(seat, viewer, names) { return seat === viewer ? "You" : (names[seat] || `Seat ${seat + 1}`); }

export function handName(game) { return gameInfo(game).hand; }

export function endedText(r, viewer, names, game) {
  const n = who(r.ender, viewer, names);
  if (r.ended_by === "empty_hand") return `${n} emptied ${r.ender === viewer ? "your" : "their"} ${handName(game)}`;
  if (r.ended_by === "all_quit") return "everyone quit";
  if (r.ended_by === "bust") return `${n} busted`;
  if (r.ended_by === "row_empty") return `${n} emptied the llama row`;
  return r.ended_by;
}

// One line for an event (already filtered for this viewer by the server), or null.
export function eventText(e, viewer, names, game) {
  const s = who(e.seat, viewer, names);
  const chipWord = c => c === "magic" ? "the magic chip" : `a ${c} chip`;
  switch (e.type) {
    case "round_dealt": return `Round ${e.round + 1} is dealt. ${who(e.starter, viewer, names)} start${e.starter === viewer ? "" : "s"}` + (e.discard ? `; the first card is ${aCard(e.discard, game)}.` : ".");
    case "card_played": return `${s} played ${aCard(e.card, game)}.`;
    case "card_drawn": return (e.card && e.seat === viewer ? `You drew ${aCard(e.card, game)}` : `${s} drew a card`) + (e.forced ? " (a rectangle made them draw)." : ".");
    case "seat_quit": return `${s} quit the round.`;
    case "chip_returned": return `${s} gave back a ${e.points}-point chip` + (e.rule === "C5" ? ` (emptied ${e.seat === viewer ? "your" : "their"} ${handName(game)}).` : e.rule === "D3a" ? " (three llamas!)." : ".");
    case "round_scored": return `Round ${e.round + 1} is over: ${endedText(e, viewer, names, game)}.`;
    case "game_over": return `The game is over. ${e.winners.map(w => who(w, viewer, names)).join(" and ")} ${e.winners.length === 1 && e.winners[0] !== viewer ? "wins" : "win"}!`;
    case "dice_rolled": return `${s} rolled ${e.roll.map(f => cardName(f, game)).join(", ")}` + ({ three_llamas: " — three llamas!", match: " — a match.", miss: " — a miss: take a row card.", bust: " — bust!" }[e.case] || ".");
    case "cards_discarded": return `${s} discarded ${e.cards.map(c => cardName(c, game)).join(", ")}.`;
    case "row_card_taken": return `${s} took ${aCard(e.card, game)} from the llama row.`;
    case "busted": return `${s} busted and took every row card: ${e.cards.map(c => cardName(c, game)).join(", ")}.`;
    case "chip_given": return `${s} gave ${chipWord(e.chip)} to ${e.to === viewer ? "you" : names[e.to]}.`;
    case "magic_chip_taken": return `${s} took the magic chip from ${e.source === null ? "the centre" : e.source === viewer ? "you" : names[e.source]} (a star card).`;
    case "chip_staged": return `${s} put ${chipWord(e.chip)} on the stage (${e.stage[0] + e.stage[1]} chip${e.stage[0] + e.stage[1] === 1 ? "" : "s"} there now).` + (e.stage[0] + e.stage[1] >= 5 ? " Magic show!" : "");
    case "stage_taken": return `${s} took the stage: ${e.whites + e.blacks} chips, ${e.whites + 10 * e.blacks} points.`;
    case "skipped": return `${s} skipped with the magic chip (back to the centre).`;
    case "magic_chip_scored": return `${s} held the magic chip at the end of the round: 10 points.`;
    default: return null;
  }
}

// Points as the chips that hold them: black chips of 10 and white chips of 1.
export function chipsOf(points) { return { black: Math.floor(Math.max(0, points) / 10), white: Math.max(0, points) % 10 }; }

export function pct(x) { return x === null || x === undefined ? "—" : `${(100 * x).toFixed(x >= 0.995 || x < 0.005 ? 0 : 1)}%`; }

// The rules of a game in a dialog (a tiny Markdown: headings, lists, paragraphs, **bold**).
export async function showRules(game) {
  const dlg = document.getElementById("rules-dialog") || document.body.appendChild(h("dialog", { id: "rules-dialog", class: "sheet", "aria-labelledby": "rules-title" }));
  dlg.replaceChildren(h("p", {}, "Loading the rules…"));
  if (!dlg.open) dlg.showModal();
  try {
    const data = await api(`/api/games/${encodeURIComponent(game)}/rules`);
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
    function inline(t) { const span = h("span"); span.innerHTML = t.replace(/[&<>]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/`(.+?)`/g, "<code>$1</code>"); return span; }
    dlg.replaceChildren(h("div", { class: "sheet-head" }, h("h2", { id: "rules-title" }, `How to play ${data.name}`),
      h("button", { class: "icon-btn", type: "button", "aria-label": "Close the rules", onclick: () => dlg.close() }, "✕")), body);
  } catch (e) {
    dlg.replaceChildren(h("p", {}, e.message), h("button", { type: "button", onclick: () => dlg.close() }, "Close"));
  }
}

export function copyButton(text, label) {
  const b = h("button", { type: "button", class: "small", "aria-label": `Copy ${label}` }, "Copy");
  b.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(text); b.textContent = "Copied ✓"; }
    catch (e) { const i = b.previousElementSibling; if (i && i.select) { i.select(); document.execCommand("copy"); b.textContent = "Copied ✓"; } }
    setTimeout(() => { b.textContent = "Copy"; }, 1800);
  });
  return b;
}
