// The lobby (/): start a table (game, seats, target, Kadabra deck, Dice faces) and see the open
// and running tables, with a link for each free seat and for spectators.

import { cardFace, die } from "./cards.js";
import { $, BOT_LEVELS, GAME_NAMES, api, applyTheme, copyButton, device, h, showRules, themeButton } from "./common.js";

applyTheme();
$("#top-tools").append(themeButton());
let games = [];
const nameInput = $("#name");
nameInput.value = device.name;
nameInput.addEventListener("change", () => { device.name = nameInput.value.trim(); });

const PICS = {
  lama: () => [cardFace("3"), cardFace("4"), cardFace("L", "lama")],
  komarami: () => [cardFace("5"), cardFace("6"), cardFace("L", "komarami")],
  kadabra: () => [cardFace("2/3"), cardFace("5*"), cardFace("4+")],
  dice: () => [die("L"), die("3"), die("5")],
};

function gameOf() { return games.find(g => g.id === (document.querySelector("input[name=game]:checked") || {}).value) || games[0]; }
function option(g, name) { return (g.options.find(o => o.name === name) || {}).default; }

async function init() {
  try { games = (await api("/api/games")).games; } catch (e) { $("#create-error").textContent = e.message; return; }
  const box = $("#games");
  for (const g of games) {
    const pics = h("span", { class: "pics" }, PICS[g.id] ? PICS[g.id]().map(s => s.classList.contains("die-svg") ? s : h("span", { class: "card" }, s)) : []);
    box.append(h("label", { class: "game-choice" }, h("input", { type: "radio", name: "game", value: g.id, checked: g.id === "lama" }), pics, h("span", {}, g.name),
      h("button", { type: "button", class: "small", "aria-label": `Rules of ${g.name}`, onclick: ev => { ev.preventDefault(); showRules(g.id); } }, "Rules")));
  }
  box.addEventListener("change", gameChanged);
  const players = $("#players");
  for (let n = 2; n <= 6; n++) players.append(h("option", { value: n, selected: n === 4 }, n));
  players.addEventListener("change", seatsChanged);
  gameChanged();
  refresh();
  setInterval(refresh, 5000);
}

function gameChanged() {
  const g = gameOf();
  $("#target").value = option(g, "target") ?? 40;
  const extra = $("#game-options");
  extra.replaceChildren();
  if (g.id === "kadabra") {
    const deck = option(g, "deck") || {};
    const grid = h("div", { class: "deck" });
    for (const [code, n] of Object.entries(deck)) {
      grid.append(h("label", {}, h("span", { class: "card" }, cardFace(code, "kadabra")), h("input", { type: "number", min: 0, max: 60, value: n, "data-code": code, "data-default": n, "aria-label": `Number of ${code} cards` })));
    }
    extra.append(h("details", {}, h("summary", {}, "Deck (provisional: change the counts if you know the real split)"), grid));
  }
  if (g.id === "dice") {
    const faces = option(g, "dice") || [];
    const wrap = h("div", { class: "dice-faces" });
    faces.forEach((d, i) => {
      const row = h("div", { class: "die-row" }, h("span", {}, `Die ${i + 1}:`));
      d.forEach((f, j) => row.append(h("select", { "aria-label": `Die ${i + 1}, face ${j + 1}`, "data-die": i, "data-face": j, "data-default": f },
        ["1", "2", "3", "4", "5", "6", "L"].map(v => h("option", { value: v, selected: v === f }, v === "L" ? "llama" : v)))));
      wrap.append(row);
    });
    extra.append(h("details", {}, h("summary", {}, "Dice faces (provisional)"), wrap));
  }
  seatsChanged();
}

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
  if (g.id === "kadabra") {
    const inputs = [...document.querySelectorAll(".deck input")];
    if (inputs.some(i => i.value !== i.dataset.default)) options.deck = Object.fromEntries(inputs.map(i => [i.dataset.code, Number(i.value)]));
  }
  if (g.id === "dice") {
    const sels = [...document.querySelectorAll(".dice-faces select")];
    if (sels.some(s => s.value !== s.dataset.default)) {
      const dice = [[], [], []];
      sels.forEach(s => { dice[Number(s.dataset.die)][Number(s.dataset.face)] = s.value; });
      options.dice = dice;
    }
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
      h("div", { class: "top" }, h("strong", {}, t.name || GAME_NAMES[t.game]), h("span", { class: `status ${t.status}` }, t.status === "waiting" ? "waiting for players" : "playing")),
      seats,
      h("div", { class: "buttons" }, mine ? h("a", { class: "button small primary", href: `/tables/${t.id}#token=${encodeURIComponent(mine)}` }, "Back to my seat") : null,
        h("a", { class: "button small", href: `/tables/${t.id}#watch` }, "Watch"), copyButton(base, `the spectators' link of this ${t.name} table`))));
  }
  box.replaceChildren(list);
}

init();
