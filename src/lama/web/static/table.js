// The table page: /tables/{ID} (a spectator) or /tables/{ID}#token=T (a seat). Talks to the
// server only through lama-web/1: the table's facts over HTTP, then one WebSocket.

import { cardEl, chipsEl, marksOf, middle, seatPanel } from "./board.js";
import { chatForm, drawChat, forgetChat, said } from "./chat.js";
import { seatClaims } from "./claims.js";
import {
  $, actionKey, actionText, andList, api, applyTheme, botLabel, cardName, cardNames, copyButton, device, endedText, eventText, gameInfo, h,
  hasControl, hasMove, isCardGame, languageSwitch, loadGames, notesAt, pickSentence, points, saidText, seatNames, handName, pct, showRules,
  startLanguage, t, themeButton, who,
} from "./common.js";
import { spoken } from "./i18n.js";
import { joinForm, playerSeat, seatedAddress } from "./joining.js";
import { noticeButtons, setTitle, turnNotice } from "./notice.js";
import { heard, muteButton, place, reactionBar } from "./reactions.js";
import { clockEl, inviteLink, rematchOffer, seatLink, seatNotes, startCountdowns } from "./seating.js";

applyTheme();
startCountdowns();
const root = document.documentElement;
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const ui = {
  facts: null, token: null, ws: null, state: null, prev: null, log: [], pending: false, sel: [], chooser: false,
  recap: null, retry: 0, closedForGood: false, help: null, error: null, keybuf: "", keytimer: 0, firstState: true,
  heard: 0,  // when the last state came (performance.now()): the countdowns count from it
  logSeq: 0,  // the number of the log's next line
  next: null, nextAsked: null,  // the next table's facts, when one's rematch seat may have gone to a bot
  // chooser: the card played whose seat is being chosen (a play that names a seat), or false
};

// -- start ------------------------------------------------------------------------------------
async function start() {
  await startLanguage();
  tools();
  const frag = new URLSearchParams(location.hash.slice(1));
  ui.token = frag.get("token");
  ui.invite = frag.get("invite");
  // a device that holds a seat here continues it, whatever link it opened (but "just watch")
  if (!ui.token && !frag.has("watch") && device.token(tableId)) ui.token = device.token(tableId);
  if (ui.token) {
    device.setToken(tableId, ui.token);
    seatedAddress();
  }
  try {
    ui.facts = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    await loadGames();
  } catch (e) {
    root.dataset.status = "missing";
    $("#title").textContent = t("No such table");
    $("#mine").replaceChildren(h("div", { class: "panel notice" }, h("h2", {}, t("No such table")), h("p", {}, e.message), h("p", {}, h("a", { href: "/" }, t("Back to the lobby")))));
    return;
  }
  setTitle(t("{game} · lama", { game: gameInfo(ui.facts.game).name }));
  if (!ui.token && !frag.has("watch") && device.player) {
    const seat = await playerSeat(tableId);
    if (seat && seat.token) ui.token = seat.token;
    else if (seat) ui.playerKey = true;
  }
  if ((frag.has("join") || ui.invite) && !ui.token && !ui.playerKey) { joinTable(frag.has("join") ? Number(frag.get("join")) : null); return; }
  connect();
}

// The top tools: the rules, the language, the theme, the turn's notices (drawn again after a switch
// of language).
function tools() {
  $("#top-tools").replaceChildren(
    h("button", { type: "button", class: "icon-btn", "aria-label": t("Rules (?)"), title: t("Rules (?)"), onclick: () => ui.facts && showRules(ui.facts.game) }, "?"),
    languageSwitch(relabel), themeButton(), ...noticeButtons());
}

// After a switch of language: everything drawn again in it, the game and its connection kept
// (the server's messages follow the new language from the next connection's hello).
function relabel() {
  tools();
  if (ui.facts) setTitle(t("{game} · lama", { game: gameInfo(ui.facts.game).name }));
  if (!ui.state) { if (ui.joinSeat !== undefined) joinTable(ui.joinSeat); return; }
  $("#log").replaceChildren();
  render();
}

// The form that takes a seat (joining.js), drawn again after a switch of language.
function joinTable(seat) {
  ui.joinSeat = seat;
  joinForm(tableId, ui.facts, ui.invite, seat, (token, facts) => {
    ui.token = token;
    ui.facts = facts;
    ui.joinSeat = undefined;
    connect();
  });
}

// -- the connection ---------------------------------------------------------------------------
function connect() {
  // the token goes in the first message (hello), never in the address: no log records it
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  ui.ws = ws;
  ui.firstState = true;
  ws.onmessage = ev => {
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.type === "state" && (ui.token || ui.playerKey) && m.seat === null) return; // the spectator's, before the hello is answered
    if (m.type === "state") onState(m);
    else if (m.type === "error") onError(m);
    else if (m.type === "hint") onHint(m);
    else if (m.type === "odds") onOdds(m);
    else if (m.type === "reaction") heard(tableId, m, ui.state ? ui.state.seat : null);
    else if (m.type.startsWith("claim")) claims.heard(m);
    else if (m.type === "said") { said(m); redrawChat(); }
  };
  // the hello names the page's language: the server's error messages come in it
  const me = device.player;
  const proof = ui.token ? { token: ui.token } : ui.playerKey && me ? { player_key: me.key } : {};
  forgetChat();
  ws.onopen = () => { ui.retry = 0; ws.send(JSON.stringify({ type: "hello", lang: spoken(), ...proof })); };
  ws.onclose = () => {
    if (ui.ws !== ws) return;
    ui.pending = false;
    if (ui.closedForGood) return;
    const wait = Math.min(5000, 400 * 2 ** ui.retry++);
    banner(ui.retry > 1 ? t("Connection lost. Reconnecting (attempt {n})…", { n: ui.retry }) : t("Connection lost. Reconnecting…"));
    setTimeout(connect, wait);
  };
}

function send(msg) {
  if (!ui.ws || ui.ws.readyState !== WebSocket.OPEN) { toast(t("Not connected: the move was not sent. Reconnecting…")); return false; }
  ui.ws.send(JSON.stringify(msg));
  return true;
}

function act(action) {
  if (ui.pending || !ui.state) return;
  if (send({ type: "act", version: ui.state.version, action })) {
    ui.pending = true; ui.chooser = false; ui.help = null; ui.recap = null;
    render();
  }
}

function banner(text) {
  const b = $("#banner");
  b.hidden = !text;
  b.textContent = text || "";
}

function toast(text) {
  const box = $("#toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

// A refused move, by its code: the page's own words, with the server's reason (in the hello's language).
function refused(m) {
  if (m.code === "stale") return t("Someone moved first, so that move was not made. Here is the table as it is now.");
  if (m.code === "not_your_turn") return t("It is not your turn: {why}.", { why: m.message });
  if (m.code === "illegal") return t("That move is not allowed: {why}.", { why: m.message });
  return m.message;
}

// -- the table chat (chat.js) and seats claimed from another device (claims.js) ----------------
function redrawChat() { drawChat(tableId, ui.state, ui.facts); }

chatForm(send);

const claims = seatClaims({ send, toast, render, seated: claimedSeat, state: () => ui.state });

// A seat claimed here is this device's now: its new token, and a connection as the seat.
function claimedSeat(token) {
  ui.token = token;
  device.setToken(tableId, token);
  const old = ui.ws;
  ui.ws = null;
  if (old) old.close();
  connect();
}

function onError(m) {
  ui.pending = false;
  if (m.code === "seat_moved") {
    ui.closedForGood = true;
    banner("");
    $("#title").textContent = t("Your seat moved to another device");
    $("#mine").replaceChildren(h("div", { class: "panel notice" }, h("h2", {}, t("Your seat moved to another device")),
      h("p", {}, m.message), h("p", {}, h("a", { href: `/tables/${tableId}#watch`, onclick: () => setTimeout(() => location.reload(), 0) }, t("Watch the table instead")))));
    return;
  }
  if (m.code === "bad_token") {
    ui.closedForGood = true;
    banner("");
    $("#title").textContent = t("Not a seat here");
    $("#mine").replaceChildren(h("div", { class: "panel notice" }, h("h2", {}, t("This link is not a seat here")),
      h("p", {}, m.message), h("p", {}, h("a", { href: `/tables/${tableId}#watch`, onclick: () => setTimeout(() => location.reload(), 0) }, t("Watch the table instead")))));
    return;
  }
  if (m.code === "no_hints" || m.code === "not_your_turn" && ui.help && ui.help.loading) ui.help = null;
  toast(refused(m));
  render();
}

function onState(m) {
  banner("");
  const first = ui.firstState;
  ui.firstState = false;
  if (!ui.state || ui.state.version !== m.version) ui.sel = [];  // a new position: choose again
  ui.prev = first ? null : ui.state;
  ui.state = m;
  ui.heard = performance.now();
  ui.pending = false;
  if (first) ui.log = [];
  const names = seatNames(m.seats);
  for (const e of m.events) {
    if (e.type === "round_dealt") ui.log.push({ round: e.round, n: ui.logSeq++ });
    // the line's words come at drawing time (in the language of then): its event and who saw it
    const line = { event: e, viewer: m.seat, names, game: m.view.game };
    if (eventText(e, m.seat, names, m.view.game)) ui.log.push({ line, seat: e.seat ?? null, kind: e.type, n: ui.logSeq++ });
    if (e.type === "round_scored" && !first) { ui.recap = e.round; ui.recapOpen = false; }
  }
  if (ui.log.length > 400) ui.log.splice(0, ui.log.length - 400);
  if (m.view.finished) ui.recap = m.view.history.length - 1;
  if (ui.help && ui.help.version !== m.version) ui.help = null;
  if (!m.legal.length) { ui.sel = []; ui.chooser = false; }
  if (ui.facts) ui.facts.status = m.status;
  render();
  turnNotice(m.seat !== null && m.status === "running" && m.legal.length > 0, t("It is your turn at {game}.", { game: gameInfo(m.view.game).name }));
}

function onHint(m) {
  if (!ui.state || m.version !== ui.state.version) return;
  ui.help = { kind: "hint", version: m.version, data: m };
  render();
}

function onOdds(m) {
  if (!ui.state || m.version !== ui.state.version) return;
  ui.help = { kind: "odds", version: m.version, data: m };
  render();
}

function askHint() {
  const m = ui.state;
  if (!m || !m.legal.length || !ui.facts.hints) return;
  ui.help = { kind: "hint", version: m.version, loading: true };
  send({ type: "hint" });
  render();
}

function askOdds() {
  const m = ui.state;
  if (!m || !gameInfo(m.view.game).odds || m.seat === null) return;
  ui.help = { kind: "odds", version: m.version, loading: true };
  send({ type: "odds" });
  render();
}

// -- drawing ----------------------------------------------------------------------------------
function render() {
  const m = ui.state;
  if (!m) return;
  const v = m.view, game = v.game, me = m.seat;
  const names = seatNames(m.seats);
  root.dataset.version = m.version;
  root.dataset.status = m.status;
  root.dataset.game = game;
  const focused = focusMark(document.activeElement);
  $(".keys").textContent = keysLine(m);

  $("#title").replaceChildren(h("span", { class: "game-name" }, gameInfo(game).name || game),
    h("span", { class: "sub" }, m.status === "waiting" ? t("waiting for players") : t("round {round} · game ends at {n} point", { round: v.round + 1, n: v.target }, "round {round} · game ends at {n} points")));

  // the other seats, in turn order after mine
  const order = [];
  for (let i = 0; i < v.players; i++) order.push(me === null ? i : (me + 1 + i) % v.players);
  const moved = lastMover(m);
  const seatsEl = $("#seats");
  seatsEl.replaceChildren(...(m.status === "waiting" ? [] : order.filter(s => s !== me).map(s => {
    const panel = seatPanel(v, s, { names, seats: m.seats, me, moved });
    if (m.seats[s].kind === "human") panel.querySelector("header").append(muteButton(tableId, s, names[s], me, redrawChat));  // bots do not react
    return panel;
  })));

  // the middle
  const mid = $("#middle");
  const fresh = ui.prev && (ui.prev.view.top !== v.top || (ui.prev.view.discard_pile || []).length !== (v.discard_pile || []).length || JSON.stringify(ui.prev.view.roll) !== JSON.stringify(v.roll));
  const parts = [];
  if (m.status === "waiting") parts.push(waitingPanel(m));
  const recap = ui.recap !== null && v.history[ui.recap];
  // the recap in place of the middle, so the hand stays in view; on one's turn a strip over the
  // table instead, which hides nothing one plays on
  const strip = recap && !v.finished && m.legal.length > 0;
  if (recap) parts.push(v.finished ? finalPanel(m) : strip ? recapStrip(m, ui.recap) : recapPanel(m, ui.recap));
  if (m.status !== "waiting" && (!recap || strip)) parts.push(middle(v, { names, legal: m.legal, actButton: liveButton, fresh, caption: caption(m) }), clockLine(m));
  mid.replaceChildren(...parts.filter(Boolean));  // (no clock line: nothing, never "null")

  // my place
  $("#mine").replaceChildren(...(me === null ? [spectatorNote(m)] : m.status === "waiting" ? [] : myPlace(m)));
  $("#mine").hidden = false;

  // help, reactions and log
  $("#help").replaceChildren(...helpPanel(m));
  $("#react").replaceChildren(...(me !== null && m.status !== "waiting" ? [reactionBar(send)] : []));
  redrawChat();
  renderLog(me);
  place(tableId, me);
  settleFocus(m, focused);
}

// -- the focus, after each drawing --------------------------------------------------------------
// What had the focus before a drawing: the element, and how to find its twin in the new drawing
// (its data-key, or its kind, name and text).
function focusMark(el) {
  if (!el || el === document.body || el === root) return null;
  return { el, key: el.dataset ? el.dataset.key : undefined, sig: signature(el) };
}

function signature(el) { return `${el.tagName}|${el.getAttribute("aria-label") || el.textContent}`; }

// The focus stays where it was if the drawing left it alone (an input, the log, the top tools), or
// goes to the same control drawn anew; when the control it was on went with a move (or waits for
// the move to be sent), it goes to the first control of this seat's next decision, or else to the
// line that says whose turn it is. Nothing focused before (a mouse, the page just opened): nothing moves.
function settleFocus(m, was) {
  if (!was || document.querySelector("dialog[open]")) return;
  if (was.el.isConnected && document.activeElement === was.el && !was.el.disabled) return;
  if (was.key !== "park") {
    const twin = was.key ? document.querySelector(`[data-key="${CSS.escape(was.key)}"]`)
      : [...document.querySelectorAll("button, a[href], input, select, textarea, summary, [tabindex]")].find(e => signature(e) === was.sig);
    if (twin && !twin.disabled) { twin.focus({ preventScroll: true }); return; }
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(was.el.tagName)) return;  // someone was typing there: never pulled away
  }
  const next = nextFocus(m);
  if (next) next.focus();
}

function nextFocus(m) {
  const first = sel => document.querySelector(sel);
  const head = first("#middle .recap-panel h2, #middle .final h2");  // a round just ended: what happened
  if (head) return head;
  if (ui.chooser && first(".chooser button")) return first(".chooser button");
  if (m.legal.length && !ui.pending) {
    const control = first("#mine .hand button.card:not([disabled])") || first("#middle [data-action]:not([disabled])");
    if (control) return control;
    const buttons = [...document.querySelectorAll("#mine .actions [data-action]:not([disabled])")];
    const pick = buttons.find(b => b.classList.contains("primary")) || buttons.find(b => !JSON.parse(b.dataset.action).quit) || buttons[0];
    if (pick) return pick;
  }
  return first("#mine .turn-note") || first("#title");
}

// The log grows by its new lines only (a screen reader hears what happened, not the whole log
// again), and follows the newest line unless its reader has scrolled up in it.
// The keys of this table's moves, under the log: a card's value where cards are played, each
// button's key as its button shows it, then the hint, the odds and the rules where there are.
function keysLine(m) {
  const v = m.view, info = gameInfo(v.game), parts = [];
  if (hasControl(v.game, "hand")) parts.push(t("a card's value plays it"));
  if (hasControl(v.game, "choose")) parts.push(t("1–6 and L choose or take a card · Enter discards"));
  for (const { control, label, key, field } of info.moves)
    if (control === "button" && key && !(field && !(field in v))) parts.push(`${key.toUpperCase()} ${t(label)}`);
  if (info.odds) parts.push(`O ${t("Odds")}`);
  if (ui.facts && ui.facts.hints) parts.push(`H ${t("Hint")}`);
  parts.push(`? ${t("Rules")}`);
  return t("Keys: {keys}", { keys: parts.join(" · ") });
}

function renderLog(me) {
  const log = $("#log");
  const following = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  const oldest = ui.log.length ? ui.log[0].n : Infinity;
  while (log.firstChild && !(Number(log.firstChild.dataset.n) >= oldest)) log.firstChild.remove();
  const last = log.lastChild ? Number(log.lastChild.dataset.n) : -1;
  const fresh = ui.log.filter(l => l.n > last);
  log.append(...fresh.map(l => l.round !== undefined ? h("li", { class: "round-sep", dataset: { n: l.n } }, t("Round {round}", { round: l.round + 1 }))
    : h("li", { class: l.seat === me && me !== null ? "mine" : "", dataset: { n: l.n } }, eventText(l.line.event, l.line.viewer, l.line.names, l.line.game))));
  if (fresh.length && following) log.scrollTop = log.scrollHeight;
}

function lastMover(m) {
  for (let i = m.events.length - 1; i >= 0; i--) if (typeof m.events[i].seat === "number" && m.events[i].type !== "round_dealt") return m.events[i].seat;
  return null;
}

function caption(m) {
  const names = seatNames(m.seats);
  // this round's last moves; before its first move, its deal (never the round before's moves)
  const dealt = m.events.map(e => e.type).lastIndexOf("round_dealt");
  const told = e => eventText(e, m.seat, names, m.view.game);
  const moves = m.events.slice(dealt + 1).filter(e => !["round_scored", "game_over"].includes(e.type)).map(told).filter(Boolean);
  const texts = moves.length || dealt < 0 ? moves : [told(m.events[dealt])];
  const v = m.view;
  let turn = "";
  if (m.status === "running" && v.to_move !== null) {
    turn = v.to_move === m.seat ? t("Your turn.") : t("{name}'s turn.", { name: names[v.to_move] });
    const f = m.seats[v.to_move];
    if (v.to_move !== m.seat && f && (f.kind === "bot" || f.stand_in)) turn = t("{name} (bot) is thinking…", { name: names[v.to_move] });
  }
  return [texts.slice(-2).join(" "), turn].filter(Boolean).join(" ");
}

// Whose turn, and their clock (when the table has one).
function clockLine(m) {
  if (!m.clock || m.clock.seat === m.seat) return null;  // one's own clock is at one's place
  return h("p", { class: "clock-line" }, clockEl(m, ui.heard, seatNames(m.seats)));
}

// A control that sends `action`; `el` (a button) is made live, or a new button is made.
function liveButton(action, el, label) {
  const b = el || h("button", { type: "button" }, label || actionText(action, ui.state.view.game, seatNames(ui.state.seats)));
  b.dataset.action = JSON.stringify(action);
  b.dataset.key = "a:" + actionKey(action) + (el && el.dataset.code ? ":" + (el.dataset.idx || "") : "");
  b.type = "button";
  if (ui.pending) b.disabled = true;
  b.addEventListener("click", () => act(action));
  return b;
}

function isLegal(m, kind) { return m.legal.find(a => kind in a); }

function myPlace(m) {
  const v = m.view, game = v.game, me = m.seat;
  const names = seatNames(m.seats);
  const out = [];
  const myTurn = m.legal.length > 0;
  const head = h("div", { class: `my-head${myTurn ? " to-move" : ""}` },
    h("span", { class: "seat-name" }, t("{name} (you)", { name: names[me] })),
    chipsEl(v.points[me], game, { marks: marksOf(v, me) }),
    h("span", { class: "points" }, h("b", {}, v.points[me]), " ", t("pt", { n: v.points[me] }, "pts")),
    h("span", { class: "turn-note", role: "status", tabindex: "-1", dataset: { key: "park" } }, turnNote(m)),
    m.clock && m.clock.seat === me ? clockEl(m, ui.heard, names, true) : null);
  out.push(head);
  if (m.status === "waiting") return out;

  if (hasControl(game, "choose")) out.push(diceHand(m));  // cards chosen one by one (a discard)
  else out.push(cardHand(m));

  // the buttons
  const bar = h("div", { class: "actions", role: "toolbar", "aria-label": t("Your moves") });
  const btn = (action, label, key, extra = {}) => {
    const legal = m.legal.find(a => actionKey(a) === actionKey(action));
    const b = h("button", { type: "button", class: `act${extra.cls ? " " + extra.cls : ""}`, "aria-keyshortcuts": key || null, title: key ? t("{move} ({key})", { move: label, key }) : label }, label, key ? h("kbd", {}, key) : null);
    b.dataset.action = JSON.stringify(legal || action);
    b.dataset.key = "b:" + key;
    if (!legal || ui.pending) b.disabled = true;
    b.addEventListener("click", extra.onclick || (() => act(legal)));
    return b;
  };
  // the game's moves in the order it serves them: a button each, the discard's two buttons
  const info = gameInfo(game);
  const handLegal = info.moves.some(c => c.control === "hand" && isLegal(m, c.kind));
  for (const { kind, control, label, key, primary, field } of info.moves) {
    if (field && !(field in v)) continue;  // a move of an option this table plays without
    if (control === "button") {
      // the move to urge: a legal one, and none while a card of the hand may be played
      const urged = primary && isLegal(m, kind) && !handLegal;
      bar.append(btn({ [kind]: true }, t(label), key, { cls: urged ? "primary" : "", onclick: kind === "quit" ? confirmQuit : null }));
      continue;
    }
    const discards = control === "choose" ? m.legal.filter(a => kind in a) : [];
    if (discards.length) {
      const chosen = ui.sel.map(i => v.displays[me][i]).filter(c => c !== undefined);
      const match = discards.find(a => sameCards(a.discard, chosen));
      const d = h("button", { type: "button", class: "act primary", title: t("Discard the chosen cards (Enter)"), "aria-keyshortcuts": "Enter" },
        chosen.length ? t("Discard {cards}", { cards: cardNames(chosen, game) }) : t("Discard: choose cards"), h("kbd", {}, "⏎"));
      d.dataset.key = "b:discard";
      if (match && !ui.pending) { d.dataset.action = JSON.stringify(match); d.addEventListener("click", () => act(match)); }
      else d.disabled = true;
      const most = discards.reduce((a, b) => b.discard.length > a.discard.length ? b : a);
      const all = h("button", { type: "button", class: "act", dataset: { choice: "most", key: "b:most" }, onclick: () => { ui.sel = pickIndices(v.displays[me], most.discard); render(); } }, t("Choose the most I can"));
      bar.append(d, all);
    }
  }
  if (info.odds) bar.append(h("button", { type: "button", class: "act", title: t("The odds of the next roll (o)"), "aria-keyshortcuts": "o", dataset: { key: "b:o" }, disabled: m.status !== "running" || !isLegal(m, "roll"), onclick: askOdds }, t("Odds"), h("kbd", {}, "o")));
  if (ui.facts.hints) bar.append(h("button", { type: "button", class: "act", title: t("Ask the hard bot to rate every move (h)"), "aria-keyshortcuts": "h", dataset: { key: "b:h" }, disabled: !myTurn || ui.pending, onclick: askHint }, t("Hint"), h("kbd", {}, "h")));
  const chooser = ui.chooser && seatChooser(m);
  if (chooser) out.push(chooser);
  if (m.status !== "finished") out.push(bar);  // no dead controls under the final result
  return out;
}

function turnNote(m) {
  const v = m.view, names = seatNames(m.seats);
  if (m.status === "waiting") return t("Waiting for everyone to sit down…");
  if (m.status === "finished") return t("The game is over.");
  if (ui.pending) return t("Sending…");
  if (m.legal.length) {
    const note = notesAt("turn", v, names)[0];  // the game's own word on this turn, first
    if (note) return note;
    if (hasMove(v.game, "roll")) return v.roll && isLegal(m, "discard") ? t("Choose the cards to discard.") : isLegal(m, "take") ? t("No match: take a card from the llama row.") : t("Your turn: roll or quit.");
    return m.legal.some(a => "play" in a) ? t("Your turn: play a card, draw or quit.") : t("Your turn: nothing fits, draw or quit.");
  }
  if (v.quit[m.seat]) return t("You quit this round.");
  return v.to_move === null ? "" : t("{name} is playing…", { name: names[v.to_move] });
}

function cardHand(m) {
  const v = m.view, game = v.game, me = m.seat;
  const prevHand = ui.prev && ui.prev.seat === me && ui.prev.view.round === v.round ? [...ui.prev.view.hand] : null;
  const plays = m.legal.filter(a => "play" in a);
  const naming = seatControl(game);  // a play that names a seat: the seat is chosen after the card
  const hand = h("div", { class: "hand", role: "group", "aria-label": t("Your {hand}: {n} card", { hand: handName(game), n: v.hand.length }, "Your {hand}: {n} cards"), style: `--n:${Math.max(v.hand.length, 1)}` });
  v.hand.forEach((c, i) => {
    let isNew = false;
    if (prevHand) { const j = prevHand.indexOf(c); if (j >= 0) prevHand.splice(j, 1); else isNew = true; }
    const options = plays.filter(a => a.play === c);
    const notes = [isNew && t("new"), !options.length && t("cannot be played now")].filter(Boolean);  // what the card shows
    const card = options.length ? t("Play {card}", { card: cardName(c, game) }) : cardName(c, game);
    const label = notes.length ? t("{card} ({notes})", { card, notes: notes.join(", ") }) : card;
    const b = cardEl(c, game, { class: `card big${options.length ? " playable" : " dim"}${isNew ? " new" : ""}`, "aria-label": label, dataset: isNew ? { idx: i, note: t("new") } : { idx: i } }, "button");
    b.style.setProperty("--n", v.hand.length);
    b.style.setProperty("--i", i);
    if (!options.length || ui.pending) {
      b.disabled = true;
      b.dataset.action = JSON.stringify({ play: c });
    } else if (options.some(a => namedSeat(a, naming) !== null)) {
      b.dataset.choice = c;
      b.dataset.key = "c:" + c + ":" + i;
      b.setAttribute("aria-haspopup", "true");
      b.addEventListener("click", () => { ui.chooser = c; render(); const f = document.querySelector(".chooser button"); if (f) f.focus(); });
    } else {
      liveButton(options[0], b);
    }
    hand.append(b);
  });
  if (!v.hand.length) hand.append(h("p", { class: "muted" }, v.quit[me] ? "" : t("No cards left!")));
  return hand;
}

// The game's HAND control whose plays name a seat (its `seat`: the action's key holding it), or null.
function seatControl(game) { return gameInfo(game).moves.find(c => c.control === "hand" && c.seat) || null; }

// The seat a play names (by its control `c`), or null.
function namedSeat(a, c) { return c && c.kind in a ? a[c.seat] ?? null : null; }

// The legal plays of the card being played (ui.chooser) that name a seat.
function seatMoves(m) {
  const c = seatControl(m.view.game);
  return c ? m.legal.filter(a => a[c.kind] === ui.chooser && namedSeat(a, c) !== null) : [];
}

// The seats the card chosen may name: the control's `ask`, a button per seat (keys 1-9), cancel.
function seatChooser(m) {
  const names = seatNames(m.seats), game = m.view.game, c = seatControl(game);
  const moves = seatMoves(m);
  if (!moves.length) return null;
  const ask = t(c.ask, { card: cardName(ui.chooser, game) });
  const box = h("div", { class: "chooser panel", role: "group", "aria-label": ask }, h("p", {}, ask));
  // each seat as its button shows it: the name, the points, the key
  const shown = names.map((name, s) => `${name} (${points(m.view.points[s])}) ${s + 1}`);
  for (const a of moves) {
    const s = namedSeat(a, c);
    const score = points(m.view.points[s]);
    box.append(liveButton(a, h("button", { type: "button", class: "act", "aria-label": saidText(pickSentence(c.said, a, false, m.seat, shown, game)) }, `${names[s]} `, h("small", {}, `(${score})`), " ", h("kbd", { title: t("key {key}: {name}", { key: s + 1, name: names[s] }) }, `${s + 1}`))));
  }
  box.append(h("button", { type: "button", class: "act", "aria-label": t("Cancel"), title: t("Cancel"), onclick: () => { ui.chooser = false; render(); } }, "✕"));
  return box;
}

function sameCards(a, b) { return a.length === b.length && [...a].sort().join() === [...b].sort().join(); }

function pickIndices(display, cards) {
  const used = [], left = [...cards];
  display.forEach((c, i) => { const j = left.indexOf(c); if (j >= 0) { left.splice(j, 1); used.push(i); } });
  return used;
}

function diceHand(m) {
  const v = m.view, game = v.game, me = m.seat;
  const display = v.displays[me] || [];
  const discards = m.legal.filter(a => "discard" in a);
  const wrap = h("div", { class: "hand", role: "group", "aria-label": t("Your {hand}: {n} card", { hand: handName(game), n: display.length }, "Your {hand}: {n} cards"), style: `--n:${Math.max(display.length, 1)}` });
  display.forEach((c, i) => {
    const chosen = ui.sel.includes(i);
    const countChosen = ui.sel.filter(j => display[j] === c).length;
    const can = discards.some(a => a.discard.filter(x => x === c).length > countChosen);
    const usable = discards.length && (chosen || can);
    if (!discards.length) { wrap.append(cardEl(c, game, { class: "card big" })); return; }
    const b = cardEl(c, game, { class: `card big${usable ? " playable" : " dim"}${chosen ? " chosen" : ""}`, "aria-pressed": chosen ? "true" : "false", "data-note": chosen ? t("✓ discard") : null, "aria-label": chosen ? t("Chosen to discard: {card}", { card: cardName(c, game) }) : t("Choose to discard: {card}", { card: cardName(c, game) }), dataset: { choice: c, idx: i, key: `s:${i}` } }, "button");
    if (!usable || ui.pending) b.disabled = true;
    b.addEventListener("click", () => { toggleSel(i); });
    wrap.append(b);
  });
  return wrap;
}

function toggleSel(i) {
  ui.sel = ui.sel.includes(i) ? ui.sel.filter(j => j !== i) : [...ui.sel, i];
  render();
}

function confirmQuit() {
  const m = ui.state;
  const quit = m.legal.find(a => a.quit);
  if (!quit) return;
  const plays = m.legal.filter(a => "play" in a);
  if (!plays.length) { act(quit); return; }
  const dlg = $("#confirm");
  const cards = [...new Set(plays.map(a => cardName(a.play, m.view.game)))].join(", ");
  dlg.setAttribute("aria-label", t("Please confirm"));
  dlg.replaceChildren(h("form", { method: "dialog" },
    h("h2", {}, t("Quit this round?")),
    h("p", {}, t("You could still play {cards}. If you quit now, every card left in your hand counts against you.", { cards })),
    h("div", { class: "buttons" },
      h("button", { value: "keep", class: "primary", autofocus: true }, t("Keep playing")),
      h("button", { value: "quit", class: "danger confirm-quit", dataset: { action: JSON.stringify(quit) } }, t("Quit the round")))));
  dlg.onclose = () => { if (dlg.returnValue === "quit") act(quit); };
  dlg.showModal();
}

function spectatorNote(m) {
  if (m.status === "waiting") return h("div", {}, claims.box(m));
  return h("div", { class: "panel spectator" }, h("p", {}, t("You are watching. Nobody's cards are shown to spectators.")),
    m.status === "finished" ? h("p", {}, h("a", { href: `/tables/${tableId}/replay` }, t("Watch the replay with every hand"))) : null, claims.box(m));
}

function waitingPanel(m) {
  const names = seatNames(m.seats);
  const free = m.seats.filter(s => s.kind === "human" && !s.taken && !s.reserved);
  const waitingFor = m.seats.filter(s => s.kind === "human" && !s.taken).length;
  const taken = s => s.seat === m.seat ? t("{name} — you", { name: s.name }) : s.kind === "bot" ? t("{name} ({level})", { name: names[s.seat], level: botLabel(s.bot) }) : s.name;
  const rows = m.seats.map(s => h("li", {}, s.taken ? taken(s)
    : s.reserved ? h("span", {}, t("{name}: kept for them (a rematch)", { name: names[s.seat] }),
      m.seat !== null ? h("button", { type: "button", class: "small", onclick: () => send({ type: "stand_in", seat: s.seat, bot: ui.facts.stand_in_level }) }, t("Let a bot play instead")) : null)
      : t("Seat {number}: free for a person", { number: s.seat + 1 })));
  const panel = h("div", { class: "panel waiting" }, h("h2", {}, t("Waiting for {n} more player", { n: waitingFor }, "Waiting for {n} more players")),
    h("p", {}, t("The game starts as soon as every seat is taken.")), h("ul", { class: "seat-list" }, rows));
  if (m.seat !== null && m.invite && free.length) panel.append(inviteLink(tableId, m.invite));
  if (m.seat !== null && ui.token) panel.append(seatLink(tableId, ui.token));
  const base = `${location.origin}/tables/${tableId}`;
  panel.append(h("p", { class: "invite" }, h("span", {}, t("To watch:")), h("input", { readonly: true, value: base, "aria-label": t("Link for spectators"), onfocus: e => e.target.select() }), copyButton(base, t("Copy the link for spectators"))));
  if (m.seat === null && free.length && (ui.facts.visibility === "public" || ui.invite)) {
    panel.append(h("p", {}, h("a", { class: "button primary", href: ui.invite ? `#invite=${encodeURIComponent(ui.invite)}` : `#join=${free[0].seat}`, onclick: () => setTimeout(() => location.reload(), 0) }, t("Take a free seat"))));
  }
  return panel;
}

function recapTable(v, r, names, me) {
  const hist = v.history[r];
  const start = gameInfo(v.game).start_points;
  const before = r > 0 ? v.history[r - 1].scores : v.history[r].scores.map(() => start);
  const other = hist.scores.map((s, i) => s - before[i] - hist.penalties[i] + hist.returned[i]);
  const showBack = hist.returned.some(x => x), showOther = other.some(x => x);
  const table = h("table", { class: "recap" }, h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, isCardGame(v.game) ? t("Cards left") : t("Display left")),
    h("th", {}, t("Penalty")), showBack ? h("th", {}, t("Chip back")) : null, showOther ? h("th", { title: t("chips given, staged, taken, the magic chip") }, t("Chips")) : null, h("th", {}, t("Points")))));
  const body = h("tbody");
  hist.scores.forEach((s, i) => {
    const hand = hist.hands && hist.hands[i] ? hist.hands[i] : [];
    body.append(h("tr", { class: i === me ? "mine" : "" }, h("th", { scope: "row" }, i === me ? t("{name} (you)", { name: names[i] }) : names[i]),
      h("td", {}, h("span", { class: "small-cards" }, hand.length ? hand.map(c => cardEl(c, v.game, { class: "card small" })) : h("span", { class: "muted" }, t("none")))),
      h("td", { class: "num" }, `+${hist.penalties[i]}`),
      showBack ? h("td", { class: "num" }, hist.returned[i] ? `−${hist.returned[i]}` : "") : null,
      showOther ? h("td", { class: "num" }, other[i] ? (other[i] > 0 ? `+${other[i]}` : `−${-other[i]}`) : "") : null,
      h("td", { class: "num" }, `${before[i]} → `, h("b", {}, s))));
  });
  table.append(body);
  return h("div", { class: "recap-wrap" }, table);
}

function recapPanel(m, r) {
  const v = m.view, names = seatNames(m.seats);
  const hist = v.history[r];
  return h("section", { class: "panel recap-panel", "aria-label": t("Round {round} results", { round: r + 1 }) },
    h("h2", { tabindex: "-1", dataset: { key: "recap-head" } }, t("Round {round}: {ended}", { round: r + 1, ended: endedText(hist, m.seat, names, v.game) })),
    recapTable(v, r, names, m.seat),
    h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", dataset: { key: "recap" }, onclick: () => { ui.recap = null; render(); } }, t("On to round {round}", { round: r + 2 }))));
}

// The recap while the next round is one's turn: a strip that opens to the table of the round.
function recapStrip(m, r) {
  const v = m.view, names = seatNames(m.seats);
  const box = h("details", { class: "panel recap-panel recap-strip", "aria-label": t("Round {round} results", { round: r + 1 }), open: ui.recapOpen,
    ontoggle: e => { ui.recapOpen = e.target.open; } },
  h("summary", {}, h("span", {}, t("Round {round}: {ended}", { round: r + 1, ended: endedText(v.history[r], m.seat, names, v.game) })), h("span", { class: "more-cue" }, t("the scores"))),
  recapTable(v, r, names, m.seat));
  const close = h("button", { type: "button", class: "icon-btn", "aria-label": t("Close the results"), dataset: { key: "recap" }, onclick: () => { ui.recap = null; ui.recapOpen = false; render(); } }, "✕");
  return h("div", { class: "recap-strip-bar" }, box, close);
}

function finalPanel(m) {
  const v = m.view, names = seatNames(m.seats);
  const order = v.points.map((p, i) => i).sort((a, b) => v.points[a] - v.points[b]);
  let rank = 0, last = null;
  const ranking = h("ol", { class: "ranking" });
  order.forEach((s, k) => {
    if (v.points[s] !== last) { rank = k + 1; last = v.points[s]; }
    ranking.append(h("li", { class: v.winners.includes(s) ? "winner" : "" }, h("span", { class: "rank" }, v.winners.includes(s) ? "★" : `${rank}.`),
      h("span", {}, s === m.seat ? t("{name} (you)", { name: names[s] }) : names[s]), h("span", { class: "num" }, [v.points[s], t("pt", { n: v.points[s] }, "pts")].join(" "))));
  });
  const win = v.winners.map(w => who(w, m.seat, names));
  const youWin = v.winners.length === 1 && v.winners[0] === m.seat;
  const r = v.history.length - 1;
  const again = rematchOffer(m, names, playAgain, ui.next);
  if (m.rematch && m.seat !== null && !m.rematch.seats.includes(m.seat) && ui.nextAsked !== m.rematch.table) nextFacts(m.rematch.table);
  return h("section", { class: "panel final", "aria-label": t("The game is over") },
    h("h2", { tabindex: "-1", dataset: { key: "final-head" } }, youWin ? t("You win!") : t("{names} wins!", { n: win.length, names: andList(win) }, "{names} win!")),
    ranking,
    h("h3", {}, t("Last round: {ended}", { ended: endedText(v.history[r], m.seat, names, v.game) })),
    recapTable(v, r, names, m.seat),
    h("div", { class: "buttons" }, again, h("a", { class: "button", href: `/tables/${tableId}/replay` }, t("Watch the replay")),
      h("a", { class: "button", href: `/api/tables/${encodeURIComponent(tableId)}/record?download=1`, download: `lama-${v.game}-${tableId}.record.json` }, t("Download the record")),
      h("a", { class: "button", href: "/" }, t("Back to the lobby"))));
}

async function playAgain() {
  try {
    const r = await api(`/api/tables/${encodeURIComponent(tableId)}/again`, { token: ui.token });
    device.setToken(r.table, r.token);
    location.href = `/tables/${encodeURIComponent(r.table)}#token=${encodeURIComponent(r.token)}`;
  } catch (e) {
    // one's seat there went to a bot meanwhile: the offer says so and offers to watch
    const m = ui.state;
    if (m && m.rematch && await nextFacts(m.rematch.table) && ui.next.seats[m.seat] && ui.next.seats[m.seat].kind === "bot") return;
    toast(e.message);
  }
}

// The next table's public facts (whether one's rematch seat there went to a bot); true once known.
async function nextFacts(id) {
  ui.nextAsked = id;  // (asked once per drawing's table: the answer draws the page again)
  try { ui.next = await api(`/api/tables/${encodeURIComponent(id)}`); } catch (e) { return false; }
  render();
  return true;
}

function helpPanel(m) {
  const out = [];
  const names = seatNames(m.seats);
  const me = m.seat;
  out.push(...seatNotes(m, ui.heard, names, send, ui.facts.stand_in_level));
  if (me !== null && ui.token && m.status === "running") {
    const box = h("details", { class: "panel links", open: ui.linksOpen, ontoggle: e => { ui.linksOpen = e.target.open; } },
      h("summary", {}, t("Your seat's link (to play from another device)")), seatLink(tableId, ui.token));
    out.push(box);
  }
  if (!ui.help) return out;
  const { kind, data, loading } = ui.help;
  const close = h("button", { type: "button", class: "icon-btn", "aria-label": t("Close"), onclick: () => { ui.help = null; render(); } }, "✕");
  if (kind === "hint") {
    const box = h("section", { class: "panel hint", "aria-label": t("Hint") }, h("div", { class: "sheet-head" }, h("h2", {}, t("Hint")), close));
    if (loading) box.append(h("p", {}, t("The hard bot is thinking…")));
    else {
      box.append(h("p", { class: "muted" }, t("Every move you can make, with the hard bot's estimate of your chance to win the game.")));
      const list = h("ol", { class: "hint-list" });
      const rows = [...data.actions].sort((a, b) => (b.win_chance ?? -1) - (a.win_chance ?? -1));
      for (const r of rows) {
        const best = actionKey(r.action) === actionKey(data.choice);
        list.append(h("li", { class: best ? "best" : "" },
          h("span", { class: "what" }, (best ? "★ " : "") + actionText(r.action, m.view.game, names)),
          h("span", { class: "bar", role: "img", "aria-label": t("win chance {percent}", { percent: pct(r.win_chance) }) }, h("span", { style: `width:${Math.round(100 * (r.win_chance || 0))}%` })),
          h("span", { class: "num" }, pct(r.win_chance)),
          h("button", { type: "button", class: "small", "aria-label": t("Do it: {move}", { move: actionText(r.action, m.view.game, names) }), onclick: () => act(r.action) }, t("Do it"))));
      }
      box.append(list);
    }
    out.push(box);
  } else {
    const box = h("section", { class: "panel odds", "aria-label": t("Odds of the next roll") }, h("div", { class: "sheet-head" }, h("h2", {}, t("Odds of your next roll")), close));
    if (loading) box.append(h("p", {}, t("Counting all 216 rolls…")));
    else {
      const row = (label, x, cls) => h("li", { class: cls }, h("span", { class: "what" }, label), h("span", { class: "bar", role: "img", "aria-label": pct(x) }, h("span", { style: `width:${Math.round(100 * x)}%` })), h("span", { class: "num" }, pct(x)));
      box.append(h("ul", { class: "hint-list" }, row(t("Three llamas (a chip back)"), data.three_llamas), row(t("A match: discard"), data.match), row(t("A miss: take a row card"), data.miss), row(t("Bust: take the whole row"), data.bust, "bad")),
        h("p", {}, t("On average you would discard {n} cards.", { n: data.expected_discard.toLocaleString(spoken(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })));
      if (data.last_seat) box.append(h("p", { class: "muted" }, t("You are the last player in: a miss is a bust.")));
    }
    out.push(box);
  }
  return out;
}

// -- keyboard shortcuts, as in the terminal game ------------------------------------------------
document.addEventListener("keydown", ev => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const target = ev.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  if (document.querySelector("dialog[open]")) return;
  const m = ui.state;
  const k = ev.key;
  if (k === "?") { if (ui.facts) showRules(ui.facts.game); ev.preventDefault(); return; }
  if (k === "Escape") { ui.chooser = false; ui.help = null; ui.recap = m && m.view.finished ? ui.recap : null; render(); return; }
  if (!m || m.seat === null) return;
  const legal = m.legal;
  const find = pred => legal.find(pred);
  if (ui.chooser && /^[1-9]$/.test(k)) { const a = seatMoves(m).find(a => namedSeat(a, seatControl(m.view.game)) === Number(k) - 1); if (a) act(a); return; }  // key 1: Seat 1
  if (hasControl(m.view.game, "choose") || hasControl(m.view.game, "row")) {  // a display and the llama row
    if (k === "Enter" && m.legal.some(a => "discard" in a)) { const b = document.querySelector('.actions [data-action*="discard"]'); if (b && !b.disabled) { b.click(); ev.preventDefault(); } return; }
    const code = k === "l" || k === "L" ? "L" : /^[1-6]$/.test(k) ? k : null;
    if (code) {
      const take = find(a => a.take === code);
      if (take) { act(take); return; }
      const display = m.view.displays[m.seat];
      const i = display.findIndex((c, j) => c === code && !ui.sel.includes(j));
      const btn = i >= 0 && document.querySelector(`[data-key="s:${i}"]`);
      if (btn && !btn.disabled) toggleSel(i);
      return;
    }
  }
  if (gameInfo(m.view.game).moves.some(c => c.control === "button" && c.key === k)) {  // a button's key: its button (quitting asks first)
    const b = document.querySelector(`[data-key="${CSS.escape("b:" + k)}"]`);
    if (b && !b.disabled) b.click();
    return;
  }
  if (k === "h") { askHint(); return; }
  if (k === "o") { askOdds(); return; }
  if (!hasMove(m.view.game, "play")) return;
  // a card code: 1-6, l (llama or mosquito), and a game's own: in Kadabra 2/3, 4/5, 5*, 5+, in the
  // Party Edition 3+ and p (the party llama); a letter is its card's capital
  const typed = /^[a-z]$/i.test(k) ? k.toUpperCase() : k;
  if (/^[1-6lL/*+]$/.test(k) || (typed.length === 1 && gameInfo(m.view.game).cards.some(c => c.code.includes(typed)))) {
    ui.keybuf += typed;
    clearTimeout(ui.keytimer);
    const plays = [...new Set(legal.filter(a => "play" in a).map(a => a.play))];
    const exact = plays.includes(ui.keybuf);
    const longer = plays.some(p => p !== ui.keybuf && p.startsWith(ui.keybuf));
    const playIt = () => {
      const code = ui.keybuf; ui.keybuf = "";
      const b = [...document.querySelectorAll(".hand .card")].find(el => el.dataset.code === code && !el.disabled);
      if (b) b.click(); else if (code) toast(t("You cannot play {card} now.", { card: cardName(code, m.view.game) }));
    };
    if (exact && !longer) playIt();
    else if (!exact && !longer) { const code = ui.keybuf; ui.keybuf = ""; toast(t("You cannot play {card} now.", { card: cardName(code, m.view.game) })); }
    else ui.keytimer = setTimeout(playIt, 900);
  } else if (k === "Enter" && ui.keybuf) { clearTimeout(ui.keytimer); const code = ui.keybuf; ui.keybuf = ""; const b = [...document.querySelectorAll(".hand .card")].find(el => el.dataset.code === code && !el.disabled); if (b) { b.click(); ev.preventDefault(); } }
});

start();
