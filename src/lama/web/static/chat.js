// The table chat (PROTOCOL: `say`, `said`; docs/server.md, "Table chat"): for the seated people
// only, never stored. Each line is shown as text; the lines of a seat muted on this device are
// hidden (its "Mute", reactions.js's muteButton).

import { $, device, h, seatNames, t } from "./common.js";

const KEPT = 100;  // the lines a page keeps
const lines = [];  // the lines heard on this connection

// A new connection: its lines start afresh (a seated connection is sent the table's last lines again).
export function forgetChat() {
  lines.length = 0;
}

// A `said` line heard from the server (drawn by the next drawChat).
export function said(m) {
  lines.push(m);
  if (lines.length > KEPT) lines.shift();
}

// The chat box for the last state `m`: shown to a seated person at a table whose facts
// (`facts`) have the chat, and scrolled to its newest line.
export function drawChat(table, m, facts) {
  const box = $("#chat");
  box.hidden = !(m && m.seat !== null && facts && facts.chat);
  if (box.hidden) return;
  const names = seatNames(m.seats), muted = device.muted(table);
  const shown = lines.filter(l => !muted.includes(l.seat));
  $("#chat-lines").replaceChildren(...shown.map(l => h("li", { class: l.seat === m.seat ? "mine" : "" },
    h("strong", {}, l.seat === m.seat ? t("You") : names[l.seat] || t("Seat {number}", { number: l.seat + 1 })), ": ", l.text)));
  const list = $("#chat-lines");
  list.scrollTop = list.scrollHeight;
}

// The form's line goes to the table by `send` (a WebSocket message; false when not sent, and
// then the line stays in the box).
export function chatForm(send) {
  $("#chat-form").addEventListener("submit", ev => {
    ev.preventDefault();
    const input = $("#chat-text"), text = input.value.trim();
    if (text && send({ type: "say", text })) input.value = "";
  });
}
