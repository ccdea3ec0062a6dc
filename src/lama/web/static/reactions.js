// Quick reactions (PROTOCOL: `react`, `reaction`): a fixed set of codes, never free text, shown
// for a few seconds at the sender's seat; the reactions of a seat can be muted on this device.

import { device, h, t } from "./common.js";

// code (as the server knows it), what it shows, what it says
export const REACTIONS = [["thumbs_up", "👍"], ["well_played", "👏"], ["good_luck", "🍀"], ["oops", "😬"], ["laugh", "😄"]];
const BY_CODE = new Map(REACTIONS);
const saying = code => ({ thumbs_up: t("Thumbs up"), well_played: t("Well played"), good_luck: t("Good luck"), oops: t("Oops"), laugh: t("Ha ha") })[code];
const SHOWN_MS = 4000;
const showing = new Map();  // seat -> {code, until (performance.now())}

// The buttons that send a reaction (`send`: a WebSocket message to the server).
export function reactionBar(send) {
  return h("div", { class: "reactions", role: "group", "aria-label": t("React") },
    REACTIONS.map(([code, icon]) => [code, icon, saying(code)]).map(([code, icon, words]) => h("button", {
      type: "button", class: "small react", title: words, "aria-label": t("React: {reaction}", { reaction: words }), dataset: { reaction: code },
      onclick: () => send({ type: "react", reaction: code }),
    }, `${icon} ${words}`)));
}

// A `reaction` heard from the server: shown at its seat for a few seconds, unless muted.
export function heard(table, message, me) {
  if (!BY_CODE.has(message.reaction) || device.muted(table).includes(message.seat)) return;
  showing.set(message.seat, { code: message.reaction, until: performance.now() + SHOWN_MS });
  place(table, me);
  setTimeout(() => place(table, me), SHOWN_MS + 50);
}

// Put the reactions still showing at their seats' panels (after every drawing of the table).
export function place(table, me) {
  document.querySelectorAll(".reaction-bubble").forEach(el => el.remove());
  const now = performance.now(), muted = device.muted(table);
  for (const [seat, r] of showing) {
    if (r.until <= now || muted.includes(seat)) { showing.delete(seat); continue; }
    const at = seat === me ? document.querySelector("#mine .my-head") : document.querySelector(`#seats [data-seat="${seat}"]`);
    if (at) at.append(h("span", { class: "reaction-bubble", role: "status", dataset: { reaction: r.code } }, `${BY_CODE.get(r.code)} ${saying(r.code)}`));
  }
}

// The switch that mutes (or unmutes) the reactions and chat lines of `seat` (called `name`) on
// this device (`muted()`: after a switch, e.g. the chat drawn again).
export function muteButton(table, seat, name, me, muted = () => {}) {
  const b = h("button", { type: "button", class: "small mute" });
  const show = () => {
    const on = device.muted(table).includes(seat);
    b.textContent = on ? t("Mute ✓") : t("Mute");  // (its name, "Mute Ann's reactions", holds what it shows)
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.setAttribute("aria-label", t("Mute {name}'s reactions and chat", { name }));
    b.title = on ? t("{name}'s reactions and chat are muted on this device", { name }) : t("Mute {name}'s reactions and chat on this device", { name });
  };
  b.addEventListener("click", () => { device.setMuted(table, seat, !device.muted(table).includes(seat)); show(); place(table, me); muted(); });
  show();
  return b;
}
