// The lobby's "You" panel and leaderboard: a player made from this device (its key kept here),
// another device signed in with a one-time link and its QR code, this player's devices, signing
// out and deleting oneself; the players and bot levels of a game by rating. The server is
// lama-web/1's players' additions (docs/server.md, "Players, sign-in and ratings").

import { $, api, botLabel, copyButton, device, deviceLabel, gameInfo, h, t } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";

// The "You" panel, drawn again after every change (`changed`: the lobby's tables follow the player).
export function youPanel(box, changed) {
  const me = device.player;
  if (!me) { box.replaceChildren(...newPlayer(box, changed).filter(Boolean)); return; }
  box.replaceChildren(
    h("h2", { id: "you-title" }, t("You")),
    h("p", {}, t("Signed in as {name}", { name: me.name }), " ", h("a", { href: `/players/${encodeURIComponent(me.player)}` }, `@${me.player}`)),
    h("p", { class: "muted" }, t("Your seats and games follow you on every device where you are signed in.")),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "small", onclick: () => signInLink(box) }, t("Sign in another device")),
      h("button", { type: "button", class: "small", onclick: () => devices(box, changed) }, t("Your devices")),
      h("button", { type: "button", class: "small", onclick: () => { device.player = null; youPanel(box, changed); changed(); } }, t("Sign out on this device"))),
    h("div", { id: "you-more" }));
}

// Not signed in: make a player (a handle and a name), or how to sign in with another device's link.
function newPlayer(box, changed) {
  const handle = h("input", { id: "you-handle", maxlength: 20, autocomplete: "username", pattern: "[A-Za-z0-9_\\-]{3,20}", spellcheck: "false", autocapitalize: "none" });
  const name = h("input", { id: "you-name", maxlength: 40, autocomplete: "nickname", value: device.name });
  const msg = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "you-form", novalidate: true },
    h("label", { for: "you-handle" }, t("Handle (3 to 20 letters, digits, _ or -)")), handle,
    h("label", { for: "you-name" }, t("Name shown at the table")), name, msg,
    h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, t("Create my player"))));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    msg.textContent = "";
    try {
      const r = await api("/api/players", { handle: handle.value.trim(), name: name.value.trim(), device: deviceLabel() });
      device.player = { player: r.player, name: r.name, key: r.key };
      device.signedOut = false;
      device.name = r.name;
      youPanel(box, changed);
      changed();
      $("#you-more").replaceChildren(h("p", { class: "notice-ok", role: "status" }, t("Done: this device stays signed in. To play from another device too, use “Sign in another device” here.")));
    } catch (e) { msg.textContent = e.message; }
  });
  const gone = device.signedOut ? h("p", { class: "error", role: "status" }, t("You were signed out on this device (its key was revoked, or the player deleted).")) : null;
  return [h("h2", { id: "you-title" }, t("Be known on every device")), gone,
    h("p", { class: "muted" }, t("Anyone can play without this. A player keeps your seats, games and ratings on all your devices; no password, no e-mail.")),
    form,
    h("p", { class: "muted small-print" }, t("Signed in on another device already? There, choose “Sign in another device” and open its link or QR code here."))];
}

// A one-time sign-in link with its QR code, and the minutes it has left.
async function signInLink(box) {
  const more = $("#you-more", box);
  more.replaceChildren(h("p", { class: "muted" }, t("Loading…")));
  let r;
  try { r = await api("/api/players/me/links", {}); } catch (e) { more.replaceChildren(h("p", { class: "error", role: "alert" }, e.message)); return; }
  const left = h("span", {}, "");
  const tick = () => {
    const s = Math.max(0, Math.round(r.expires - Date.now() / 1000));
    left.textContent = s > 0 ? t("It works once, for {n} more minute.", { n: Math.ceil(s / 60) }, "It works once, for {n} more minutes.") : t("It has expired: make a new one.");
    if (s <= 0) clearInterval(timer);
  };
  const timer = setInterval(tick, 10_000);
  tick();
  more.replaceChildren(h("div", { class: "signin-link" },
    h("p", {}, t("Open this link on your other device, or scan the code with its camera:")),
    qrCode(r.qr, t("QR code of the sign-in link")),
    h("span", { class: "invite" }, h("input", { readonly: true, value: r.link, "aria-label": t("Sign-in link"), onfocus: e => e.target.select() }), copyButton(r.link, t("Copy the sign-in link"))),
    h("p", { class: "muted small-print" }, left, " ", t("Whoever opens it is signed in as you: send it only to yourself."))));
}

// The QR code's modules (rows of "0"/"1") as an SVG, with its quiet zone (drawn by the page: the
// CSP allows no image made elsewhere).
export function qrCode(rows, label) {
  const n = rows.length, quiet = 4, size = n + 2 * quiet;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", size); back.setAttribute("height", size); back.setAttribute("class", "qr-back");
  svg.append(back);
  let d = "";
  rows.forEach((row, y) => {  // one path: each run of dark modules a rectangle
    for (let x = 0; x < row.length; x++) {
      if (row[x] !== "1") continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1] === "1") end++;
      d += `M${x + quiet} ${y + quiet}h${end - x + 1}v1h-${end - x + 1}z`;
      x = end;
    }
  });
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", d); dark.setAttribute("class", "qr-dark");
  svg.append(dark);
  return svg;
}

// This player's devices: each with when it was last used, the others revocable; and deleting oneself.
async function devices(box, changed) {
  const more = $("#you-more", box);
  let keys;
  try { keys = (await api("/api/players/me/keys")).keys; } catch (e) { more.replaceChildren(h("p", { class: "error", role: "alert" }, e.message)); if (!device.player) youPanel(box, changed); return; }
  const when = s => new Date(s * 1000).toLocaleDateString(document.documentElement.lang || undefined);
  const list = h("ul", { class: "device-list" }, keys.map(k => h("li", {},
    h("span", {}, k.device, k.this ? h("strong", {}, " ", t("(this device)")) : null, h("span", { class: "muted" }, " · ", t("last used {date}", { date: when(k.used) }))),
    k.this ? null : h("button", { type: "button", class: "small", onclick: async () => {
      try { await api(`/api/players/me/keys/${encodeURIComponent(k.id)}`, undefined, "DELETE"); devices(box, changed); } catch (e) { more.append(h("p", { class: "error", role: "alert" }, e.message)); }
    } }, t("Sign out this device")))));
  const sure = h("button", { type: "button", class: "small danger", onclick: async () => {
    if (!window.confirm(t("Delete your player {handle}? Your ratings and devices go; your finished games stay, with “Seat N” for your name. This cannot be undone.", { handle: device.player.player }))) return;
    try { await api("/api/players/me", undefined, "DELETE"); device.player = null; youPanel(box, changed); changed(); } catch (e) { more.append(h("p", { class: "error", role: "alert" }, e.message)); }
  } }, t("Delete my player"));
  more.replaceChildren(h("h3", {}, t("Your devices")), list, h("div", { class: "buttons" }, sure));
}

// -- the leaderboard ------------------------------------------------------------------------------
export async function leaderboard(box, games) {
  const choose = h("select", { id: "board-game", "aria-label": t("Game") }, games.map(id => h("option", { value: id }, gameInfo(id).name)));
  const list = h("div", { "aria-live": "polite" });
  const show = async () => {
    const game = choose.value;
    let board;
    try { board = await api(`/api/leaderboard?game=${encodeURIComponent(game)}`); } catch (e) { if (game === choose.value) list.replaceChildren(h("p", { class: "error" }, e.message)); return; }
    if (game !== choose.value) return;  // another game was chosen meanwhile: its answer shows, not this late one
    if (!board.players.length) { list.replaceChildren(h("p", { class: "muted" }, t("Nobody is listed yet: a player is listed after {n} rated games of this game.", { n: board.min_games }))); return; }
    list.replaceChildren(h("table", { class: "board" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("Player")), h("th", { scope: "col", class: "num" }, t("Rating")), h("th", { scope: "col", class: "num" }, t("Games")))),
      h("tbody", {}, board.players.map(p => h("tr", {}, h("td", { class: "num" }, p.place),
        h("td", { class: "who" }, p.player ? h("a", { href: `/players/${encodeURIComponent(p.player)}` }, p.name) : botLabel(p.bot)),
        h("td", { class: "num" }, p.rating.toFixed(1)), h("td", { class: "num" }, p.games))))),
    h("p", { class: "muted small-print" }, t("Players and bots with {n} or more rated games of this game. The rating is a careful estimate (μ − 3σ): it starts at 0 and grows as you win and as the server gets to know you.", { n: board.min_games })));
  };
  choose.addEventListener("change", show);
  box.replaceChildren(h("h2", { id: "board-title" }, t("Leaderboard")), h("div", { class: "row" }, h("label", { for: "board-game" }, t("Game")), choose), list);
  await show();
}
