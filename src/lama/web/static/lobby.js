// The lobby (/): start a table (game, seats, target, and each option the game serves with its
// bounds: a deck's counts, the dice's faces) and see the open and running tables, with a link
// for each free seat and for spectators. The games are what GET /api/games says they are.

import { cardFace, die } from "./cards.js";
import { $, BOT_LEVELS, api, applyTheme, cardName, copyButton, device, gameInfo, h, isCardGame, loadGames, showRules, themeButton } from "./common.js";

applyTheme();
$("#top-tools").append(themeButton());
let games = [];
const nameInput = $("#name");
nameInput.value = device.name;
nameInput.addEventListener("change", () => { device.name = nameInput.value.trim(); });

// A game's pictures: its cards, or (a game of dice) the faces of its dice.
function pictures(g) {
  return g.pictures.map(code => isCardGame(g.id) ? h("span", { class: "card" }, cardFace(code, g.llama)) : die(code));
}

function gameOf() { return games.find(g => g.id === (document.querySelector("input[name=game]:checked") || {}).value) || games[0]; }
function option(g, name) { return (g.options.find(o => o.name === name) || {}).default; }

async function init() {
  try { games = await loadGames(); } catch (e) { $("#create-error").textContent = e.message; return; }
  const box = $("#games");
  for (const [i, g] of games.entries()) {
    const pics = h("span", { class: "pics" }, pictures(g));
    box.append(h("label", { class: "game-choice" }, h("input", { type: "radio", name: "game", value: g.id, checked: i === 0 }), pics, h("span", {}, g.name),
      h("button", { type: "button", class: "small", "aria-label": `Rules of ${g.name}`, onclick: ev => { ev.preventDefault(); showRules(g.id); } }, "Rules")));
  }
  box.addEventListener("change", gameChanged);
  const players = $("#players");
  const low = Math.min(...games.map(g => g.min_players)), high = Math.max(...games.map(g => g.max_players));
  for (let n = low; n <= high; n++) players.append(h("option", { value: n, selected: n === Math.min(high, Math.max(low, 4)) }, n));
  players.addEventListener("change", seatsChanged);
  gameChanged();
  refresh();
  setInterval(refresh, 5000);
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
      grid.append(h("label", {}, h("span", { class: "card" }, cardFace(code, g.llama)), h("input", { type: "number", min: o.min ?? 0, max: o.max, value: n, "data-code": code, "data-default": n, "aria-label": `Number of ${code} cards` })));
    }
    return h("details", {}, h("summary", {}, "Deck (provisional: change the counts if you know the real split)"), grid);
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
      const row = h("div", { class: "die-row" }, h("span", {}, `Die ${i + 1}:`));
      d.forEach((f, j) => row.append(h("select", { "aria-label": `Die ${i + 1}, face ${j + 1}`, "data-die": i, "data-face": j, "data-default": f },
        (o.codes || []).map(v => h("option", { value: v, selected: v === f }, cardName(v, g.id))))));
      wrap.append(row);
    });
    return h("details", {}, h("summary", {}, "Dice faces (provisional)"), wrap);
  },
  value(o) {
    const sels = [...document.querySelectorAll(`.dice-faces[data-option="${o.name}"] select`)];
    if (!sels.some(s => s.value !== s.dataset.default)) return undefined;
    const dice = (o.default || []).map(() => []);
    sels.forEach(s => { dice[Number(s.dataset.die)][Number(s.dataset.face)] = s.value; });
    return dice;
  },
};

// Editors of the options beyond the target, by the option's type (its bounds come with it).
const EDITORS = { deck: deckEditor, faces: facesEditor };

function seatsChanged() {
  const n = Number($("#players").value);
  const list = $("#seat-list");
  const old = [...list.querySelectorAll("select")].map(s => s.value);
  list.replaceChildren(h("li", {}, h("span", { class: "who" }, "Seat 1"), h("span", {}, "You")));
  for (let s = 1; s < n; s++) {
    const sel = h("select", { "aria-label": `Seat ${s + 1}`, "data-seat": s },
      h("option", { value: "human" }, "A person (send them a link)"),
      BOT_LEVELS.map(([v, label]) => h("option", { value: v }, label)));
    sel.value = old[s - 1] || "medium";
    list.append(h("li", {}, h("span", { class: "who" }, `Seat ${s + 1}`), sel));
  }
}

$("#create").addEventListener("submit", async ev => {
  ev.preventDefault();
  const err = $("#create-error");
  err.textContent = "";
  const name = nameInput.value.trim();
  if (!name) { err.textContent = "Please write your name first."; nameInput.focus(); return; }
  device.name = name;
  const g = gameOf();
  const players = Number($("#players").value);
  const seats = [{ kind: "human" }, ...[...document.querySelectorAll("#seat-list select")].map(s => s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value })];
  const options = {};
  const target = Number($("#target").value);
  if (target !== option(g, "target")) options.target = target;
  for (const o of g.options) {
    const value = EDITORS[o.type] ? EDITORS[o.type].value(o) : undefined;
    if (value !== undefined) options[o.name] = value;
  }
  try {
    const r = await api("/api/tables", { game: g.id, players, seats, options, name, hints: $("#hints").checked });
    device.setToken(r.table, r.token);
    location.href = `/tables/${encodeURIComponent(r.table)}#token=${encodeURIComponent(r.token)}`;
  } catch (e) { err.textContent = e.message; }
});

async function refresh() {
  let tables;
  try { tables = (await api("/api/tables")).tables; } catch (e) { $("#tables").replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const box = $("#tables");
  if (!tables.length) { box.replaceChildren(h("p", { class: "muted" }, "No tables yet. Start one, then send the link to the others.")); return; }
  tables.sort((a, b) => (a.status === "waiting" ? 0 : 1) - (b.status === "waiting" ? 0 : 1) || b.created - a.created);
  const list = h("ul", { class: "table-list" });
  for (const t of tables.slice(0, 30)) {
    const base = `${location.origin}/tables/${t.id}`;
    const mine = device.token(t.id);
    const seats = h("ul");
    for (const s of t.seats) {
      if (s.taken) seats.append(h("li", {}, `${s.seat + 1}. ${s.name}${s.kind === "bot" ? ` (${s.bot} bot)` : ""}`));
      else seats.append(h("li", {}, `${s.seat + 1}. free seat`, h("a", { class: "button small", href: `/tables/${t.id}#join=${s.seat}` }, "Join"), copyButton(`${base}#join=${s.seat}`, `the link for seat ${s.seat + 1} of this ${t.name} table`)));
    }
    list.append(h("li", { class: "table-item" },
      h("div", { class: "top" }, h("strong", {}, t.name || gameInfo(t.game).name), h("span", { class: `status ${t.status}` }, t.status === "waiting" ? "waiting for players" : "playing")),
      seats,
      h("div", { class: "buttons" }, mine ? h("a", { class: "button small primary", href: `/tables/${t.id}#token=${encodeURIComponent(mine)}` }, "Back to my seat") : null,
        h("a", { class: "button small", href: `/tables/${t.id}#watch` }, "Watch"), copyButton(base, `the spectators' link of this ${t.name} table`))));
  }
  box.replaceChildren(list);
}

init();
