// The lobby (/): start a table (game, seats, target, and each option the game serves with its
// bounds: a deck's counts, the dice's faces) and see the open and running tables, with a link
// for each free seat and for spectators. The games are what GET /api/games says they are.

import { cardFace, die } from "./cards.js";
import {
  $, BOT_LEVELS, api, applyTheme, botLabel, cardName, copyButton, device, gameInfo, h, isCardGame, languageSwitch, loadGames, seatNames, showRules, t,
  startLanguage, themeButton,
} from "./common.js";
import { leaderboard, youPanel } from "./players.js";

applyTheme();
let games = [];
const nameInput = $("#name");
nameInput.value = device.player ? device.player.name : device.name;
nameInput.addEventListener("change", () => { device.name = nameInput.value.trim(); });

// A game's pictures: its cards, or (a game of dice) the faces of its dice.
function pictures(g) {
  return g.pictures.map(code => isCardGame(g.id) ? h("span", { class: "card" }, cardFace(code, g.llama, g.cardOf.get(code)?.effect)) : die(code));
}

function gameOf() { return gameInfo(games.find(g => g === (document.querySelector("input[name=game]:checked") || {}).value) || games[0]); }
function option(g, name) { return (g.options.find(o => o.name === name) || {}).default; }

async function init() {
  const served = loadGames();  // (their words are shown in the language chosen meanwhile)
  served.catch(() => {});  // (its error is shown below, once awaited)
  await startLanguage();
  $("#top-tools").append(languageSwitch(redraw), themeButton());
  try { games = (await served).map(g => g.id); } catch (e) { $("#create-error").textContent = e.message; return; }
  const players = $("#players");
  const low = Math.min(...games.map(g => gameInfo(g).min_players)), high = Math.max(...games.map(g => gameInfo(g).max_players));
  for (let n = low; n <= high; n++) players.append(h("option", { value: n, selected: n === Math.min(high, Math.max(low, 4)) }, n));
  players.addEventListener("change", seatsChanged);
  $("#games").addEventListener("change", gameChanged);
  $("#filter-game").addEventListener("change", () => { pages = [null]; refresh(); });
  $("#filter-free").addEventListener("change", () => { pages = [null]; refresh(); });
  drawChoices();
  gameChanged();
  $("#rated").addEventListener("change", ratedChanged);
  $("#public").addEventListener("change", () => { $("#chat").checked = !$("#public").checked; });
  youPanel($("#you"), refreshMine);
  leaderboard($("#leaderboard"), games);
  refresh();
  setInterval(refresh, 5000);
}

// A rated table gives no hints (the server refuses both at once).
function ratedChanged() {
  const hints = $("#hints");
  if ($("#rated").checked) hints.checked = false;
  hints.disabled = $("#rated").checked;
}

// The choices that name games and bots, in the page's language (again after a switch, keeping
// what was chosen).
function drawChoices() {
  const box = $("#games"), chosen = gameOf().id;
  box.querySelectorAll(".game-choice").forEach(el => el.remove());
  for (const g of games.map(gameInfo)) {
    const pics = h("span", { class: "pics" }, pictures(g));
    box.append(h("label", { class: "game-choice" }, h("input", { type: "radio", name: "game", value: g.id, checked: g.id === chosen }), pics, h("span", {}, g.name), h("span", { class: "tagline" }, g.tagline),
      h("button", { type: "button", class: "small", "aria-label": t("Rules of {game}", { game: g.name }), onclick: ev => { ev.preventDefault(); showRules(g.id); } }, t("Rules"))));
  }
  const standIn = $("#stand-in"), level = standIn.value || "medium";
  standIn.replaceChildren(...BOT_LEVELS.map(v => h("option", { value: v, selected: v === level }, botLabel(v))));
  const filter = $("#filter-game"), shown = filter.value;
  filter.replaceChildren(filter.options[0], ...games.map(gameInfo).map(g => h("option", { value: g.id, selected: g.id === shown }, g.name)));
}

function redraw() {
  drawChoices();
  youPanel($("#you"), refreshMine);
  leaderboard($("#leaderboard"), games);
  const target = $("#target").value;
  gameChanged();
  $("#target").value = target;
  refresh();
}

function gameChanged() {
  const g = gameOf();
  const target = g.options.find(o => o.name === "target") || {};
  $("#target").value = target.default ?? 40;
  if (target.min !== undefined) $("#target").min = target.min;
  if (target.max !== undefined) $("#target").max = target.max;
  const extra = $("#game-options");
  extra.replaceChildren();
  for (const o of g.options) if (EDITORS[o.type]) extra.append(EDITORS[o.type].show(g, o));
  seatsChanged();
}

// A deck (type "deck"): a count for each card code, from `min` to `max`.
const deckEditor = {
  show(g, o) {
    const grid = h("div", { class: "deck", dataset: { option: o.name } });
    for (const [code, n] of Object.entries(o.default || {})) {
      grid.append(h("label", {}, h("span", { class: "card" }, cardFace(code, g.llama, g.cardOf.get(code)?.effect)), h("input", { type: "number", min: o.min ?? 0, max: o.max, value: n, "data-code": code, "data-default": n, "aria-label": t("Number of cards: {card}", { card: cardName(code, g.id) }) })));
    }
    return h("details", {}, h("summary", {}, t("Deck: how many of each card")), grid);
  },
  value(o) {
    const inputs = [...document.querySelectorAll(`.deck[data-option="${o.name}"] input`)];
    return inputs.some(i => i.value !== i.dataset.default) ? Object.fromEntries(inputs.map(i => [i.dataset.code, Number(i.value)])) : undefined;
  },
};

// Dice (type "faces"): each face of each die, one of the codes `codes`.
const facesEditor = {
  show(g, o) {
    const wrap = h("div", { class: "dice-faces", dataset: { option: o.name } });
    (o.default || []).forEach((d, i) => {
      const row = h("div", { class: "die-row" }, h("span", {}, t("Die {number}:", { number: i + 1 })));
      d.forEach((f, j) => row.append(h("select", { "aria-label": t("Die {number}, face {face}", { number: i + 1, face: j + 1 }), "data-die": i, "data-face": j, "data-default": f },
        (o.codes || []).map(v => h("option", { value: v, selected: v === f }, cardName(v, g.id))))));
      wrap.append(row);
    });
    return h("details", {}, h("summary", {}, t("Dice: the faces of each die")), wrap);
  },
  value(o) {
    const sels = [...document.querySelectorAll(`.dice-faces[data-option="${o.name}"] select`)];
    if (!sels.some(s => s.value !== s.dataset.default)) return undefined;
    const dice = (o.default || []).map(() => []);
    sels.forEach(s => { dice[Number(s.dataset.die)][Number(s.dataset.face)] = s.value; });
    return dice;
  },
};

// A yes or no (type "boolean"): a checkbox named by the option's `label` (or its name), sent
// only when it differs from the default.
const booleanEditor = {
  show(g, o) {
    const box = h("input", { type: "checkbox", dataset: { option: o.name } });
    box.checked = !!o.default;
    return h("label", { class: "check option-boolean" }, box, " ", t(o.label || o.name));
  },
  value(o) {
    const box = document.querySelector(`input[type="checkbox"][data-option="${o.name}"]`);
    return box && box.checked !== !!o.default ? box.checked : undefined;
  },
};

// Editors of the options beyond the target, by the option's type (its bounds come with it).
const EDITORS = { deck: deckEditor, faces: facesEditor, boolean: booleanEditor };

function seatsChanged() {
  const n = Number($("#players").value);
  const list = $("#seat-list");
  const old = [...list.querySelectorAll("select")].map(s => s.value);
  list.replaceChildren(h("li", {}, h("span", { class: "who" }, t("Seat {number}", { number: 1 })), h("span", {}, t("You"))));
  for (let s = 1; s < n; s++) {
    const sel = h("select", { "aria-label": t("Seat {number}", { number: s + 1 }), "data-seat": s },
      h("option", { value: "human" }, t("A person (send them a link)")),
      BOT_LEVELS.map(v => h("option", { value: v }, botLabel(v))));
    sel.value = old[s - 1] || "medium";
    list.append(h("li", {}, h("span", { class: "who" }, t("Seat {number}", { number: s + 1 })), sel));
  }
}

$("#create").addEventListener("submit", async ev => {
  ev.preventDefault();
  const err = $("#create-error");
  err.textContent = "";
  const name = nameInput.value.trim();
  if (!name) { err.textContent = t("Please write your name first."); nameInput.focus(); return; }
  device.name = name;
  const g = gameOf();
  const players = Number($("#players").value);
  const seats = [{ kind: "human" }, ...[...document.querySelectorAll("#seat-list select")].map(s => s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value })];
  const options = {};
  const targetText = $("#target").value.trim();
  if (!/^\d+$/.test(targetText) || Number(targetText) < 1) {  // an empty box would read as 0
    err.textContent = t("The game ends at how many points? Write a whole number, 1 or more.");
    $("#target").focus();
    return;
  }
  const target = Number(targetText);
  if (target !== option(g, "target")) options.target = target;
  for (const o of g.options) {
    const value = EDITORS[o.type] ? EDITORS[o.type].value(o) : undefined;
    if (value !== undefined) options[o.name] = value;
  }
  try {
    const rated = $("#rated").checked;
    const body = { game: g.id, players, seats, options, name, hints: !rated && $("#hints").checked, rated, chat: $("#chat").checked, visibility: $("#public").checked ? "public" : "private", stand_in_level: $("#stand-in").value };
    const clock = $("#turn-seconds").value;
    if (clock !== "auto") body.turn_seconds = clock === "off" ? null : Number(clock);
    const r = await api("/api/tables", body);
    device.setToken(r.table, r.token);
    location.href = `/tables/${encodeURIComponent(r.table)}#token=${encodeURIComponent(r.token)}`;
  } catch (e) { err.textContent = e.message; }
});

// -- the tables: this device's own, and the public ones a page at a time --------------------------
let pages = [null];  // the cursor of each page shown so far (null: the first)

async function refresh() {
  await Promise.all([refreshMine(), refreshPublic()]);
}

// "Your tables": the signed-in player's, from the server (the same on every device), and the
// seats this device took without signing in.
async function refreshMine() {
  const box = $("#my-tables");
  const ids = device.tables().slice(-50);
  const me = device.player;
  if (!ids.length && !me) { box.replaceChildren(h("p", { class: "muted" }, t("The tables you sit at on this device show here, with their results once they are over."))); return; }
  let tables;
  try {
    const [own, here] = await Promise.all([me ? api("/api/players/me/tables") : { tables: [] },
      ids.length ? api(`/api/tables?ids=${ids.map(encodeURIComponent).join(",")}`) : { tables: [] }]);
    const seen = new Set(own.tables.map(x => x.id));
    tables = [...own.tables, ...here.tables.filter(x => !seen.has(x.id))];
  } catch (e) {
    if (me && !device.player) { youPanel($("#you"), refreshMine); refreshMine(); return; }  // signed out meanwhile
    box.replaceChildren(h("p", { class: "error" }, e.message)); return;
  }
  const order = { running: 0, waiting: 1, finished: 2 };
  tables.sort((a, b) => order[a.status] - order[b.status] || b.created - a.created);
  box.replaceChildren(tables.length ? h("ul", { class: "table-list" }, tables.slice(0, 20).map(x => tableItem(x, true))) : h("p", { class: "muted" }, t("None yet.")));
}

async function refreshPublic() {
  const box = $("#tables");
  const params = new URLSearchParams({ limit: "10" });
  if ($("#filter-game").value) params.set("game", $("#filter-game").value);
  if ($("#filter-free").checked) params.set("free", "1");
  const cursor = pages[pages.length - 1];
  if (cursor) params.set("cursor", cursor);
  let page;
  try { page = await api(`/api/tables?${params}`); } catch (e) { box.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const nav = h("div", { class: "buttons pager" },
    pages.length > 1 ? h("button", { type: "button", class: "small", onclick: () => { pages.pop(); refreshPublic(); } }, t("← Newer tables")) : null,
    page.next_cursor ? h("button", { type: "button", class: "small", onclick: () => { pages.push(page.next_cursor); refreshPublic(); } }, t("Older tables →")) : null);
  if (!page.tables.length) { box.replaceChildren(h("p", { class: "muted" }, t("No public table now. Start one: tables are private unless you list them.")), nav); return; }
  box.replaceChildren(h("ul", { class: "table-list" }, page.tables.map(x => tableItem(x, false))), nav);
}

const status = s => ({ waiting: t("waiting for players"), running: t("playing"), finished: t("over") })[s] || s;

function tableItem(table, mine) {
  const base = `${location.origin}/tables/${table.id}`;
  const token = device.token(table.id) || (table.mine && table.mine.length ? table.mine[0].token : null);
  // one's seat: by its token, or (a player's seat whose token no device can make) the table's own
  // address, where the page finds the signed-in player's seat
  const seat = token ? `/tables/${table.id}#token=${encodeURIComponent(token)}` : table.mine && table.mine.length ? `/tables/${table.id}` : null;
  const seats = h("ul"), names = seatNames(table.seats);
  for (const s of table.seats) {
    const number = `${s.seat + 1}. `, star = table.status === "finished" && (table.winners || []).includes(s.seat) ? " ★" : "";
    if (s.taken) seats.append(h("li", {}, number, s.kind === "bot" ? t("{name} ({level})", { name: names[s.seat], level: botLabel(s.bot) }) : s.name, star));
    else if (s.reserved) seats.append(h("li", {}, number, t("{name}: kept for them", { name: s.name })));
    else if (table.visibility === "public") seats.append(h("li", {}, number, t("free seat"), h("a", { class: "button small", href: `/tables/${table.id}#join=${s.seat}` }, t("Join"))));
    else seats.append(h("li", {}, number, t("free seat (by invitation)")));
  }
  const buttons = h("div", { class: "buttons" });
  if (seat && table.status !== "finished") buttons.append(h("a", { class: "button small primary", href: seat }, t("Back to my seat")));
  if (table.status === "finished") {
    buttons.append(h("a", { class: "button small", href: seat || `/tables/${table.id}#watch` }, t("Result")),
      h("a", { class: "button small", href: `/tables/${table.id}/replay` }, t("Replay")),
      h("a", { class: "button small", href: `/api/tables/${table.id}/record?download=1`, download: `lama-${table.game}-${table.id}.record.json` }, t("Download the record")));
  } else buttons.append(h("a", { class: "button small", href: `/tables/${table.id}#watch` }, t("Watch")), copyButton(base, t("Copy the spectators' link of this {game} table", { game: gameInfo(table.game).name })));
  return h("li", { class: `table-item${mine ? " mine" : ""}` },
    h("div", { class: "top" }, h("strong", {}, gameInfo(table.game).name), h("span", { class: `status ${table.status}` }, table.broken ? t("out of play: it cannot be rebuilt") : table.expired ? t("expired: nobody came") : status(table.status)),
      table.visibility === "private" ? h("span", { class: "muted" }, t("private")) : null),
    seats, buttons);
}

init();
