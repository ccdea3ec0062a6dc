// Who sits where, and for how long: the clock of the person to move, who is away and who plays
// for them, the links that bring a seat back or invite others, and the rematch offer. The server
// says how long is left (`seconds_left`, `stand_in_in`); the page counts down from when it heard.

import { copyButton, h } from "./common.js";

// "1:05" for 65 seconds; "2 h 05 min" for long clocks.
export function duration(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor(s / 60) % 60).padStart(2, "0")} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// An element counting down from `seconds` left when the state was heard (`heard`, performance.now()).
function countdown(seconds, heard, cls = "countdown") {
  const end = heard + 1000 * seconds;
  const el = h("span", { class: cls, dataset: { end: String(end) } }, duration(seconds));
  tickOne(el, performance.now());
  return el;
}

function tickOne(el, now) {
  const left = (Number(el.dataset.end) - now) / 1000;
  el.textContent = duration(left);
  el.classList.toggle("low", left <= 10);
}

// Every countdown on the page, four times a second.
export function startCountdowns() {
  setInterval(() => { const now = performance.now(); document.querySelectorAll("[data-end]").forEach(el => tickOne(el, now)); }, 250);
}

// The clock of the person to move: "Bob: 1:23 left", or "1:23 left" on one's own place
// (`own`); null when no clock runs.
export function clockEl(m, heard, names, own = false) {
  const c = m.clock;
  if (!c || m.status !== "running") return null;
  const whose = c.seat === m.seat ? "your time" : `${names[c.seat]}'s time`;
  return h("span", { class: "clock", role: "timer", "aria-label": `${whose} left` },
    own ? null : `${c.seat === m.seat ? "You" : names[c.seat]}: `, countdown(c.seconds_left, heard), " left");
}

const WHY = { time: "their time ran out", away: "they left the table", asked: "the table asked for it" };

// What the people at the table should know of each person's seat: who is away, who plays for
// whom, and what they can do about it (`send`: a WebSocket message to the server; `level`: the
// table's stand-in bot).
export function seatNotes(m, heard, names, send, level) {
  const me = m.seat;
  if (me === null || m.status !== "running") return [];
  const out = [];
  for (const s of m.seats) {
    if (s.kind !== "human" || !s.taken) continue;
    if (s.seat === me) {
      if (s.stand_in) out.push(h("div", { class: "panel away mine-away", role: "status" },
        h("p", {}, `A ${s.stand_in} bot is playing for you: ${s.stand_in_why === "time" ? "your time ran out" : "you were away"}.`),
        h("button", { type: "button", class: "primary", dataset: { key: "back" }, onclick: () => send({ type: "stand_in", seat: me, bot: null }) }, "I'm back: let me play")));
      continue;
    }
    if (s.stand_in) {
      out.push(h("div", { class: "panel away" }, h("p", {}, `A ${s.stand_in} bot plays for ${names[s.seat]} (${WHY[s.stand_in_why] || "for now"}) until they come back.`)));
    } else if (s.away) {
      const box = h("div", { class: "panel away" });
      box.append(h("p", {}, `${names[s.seat]} is away.`, s.stand_in_in !== null ? h("span", {}, " A bot takes over in ", countdown(s.stand_in_in, heard), ".") : null));
      box.append(h("button", { type: "button", class: "small", onclick: () => send({ type: "stand_in", seat: s.seat, bot: level }) }, `Let a bot play for ${names[s.seat]} now`));
      out.push(box);
    }
  }
  return out;
}

// A link in a box, with Copy and (where the device can) Share.
function linkBox(label, url, note) {
  const id = `link-${label.replace(/\W+/g, "-").toLowerCase()}`;
  const share = navigator.share ? h("button", { type: "button", class: "small", onclick: () => navigator.share({ url }).catch(() => {}) }, "Share") : null;
  return h("div", { class: "link-box" }, h("label", { for: id }, label),
    h("span", { class: "invite" }, h("input", { id, readonly: true, value: url, onfocus: e => e.target.select() }), copyButton(url, label.toLowerCase()), share),
    note ? h("p", { class: "muted small-print" }, note) : null);
}

// The link of the viewer's own seat: it opens the seat on any device (keep it to yourself).
export function seatLink(tableId, token) {
  return linkBox("Your seat's link", `${location.origin}/tables/${encodeURIComponent(tableId)}#token=${encodeURIComponent(token)}`,
    "Open it on another device to play from there. It is yours: do not share it.");
}

// The table's invitation: whoever opens it may take a free seat.
export function inviteLink(tableId, invite) {
  return linkBox("Invitation link", `${location.origin}/tables/${encodeURIComponent(tableId)}#invite=${encodeURIComponent(invite)}`,
    "Send it to the people you want at the table: it takes a free seat.");
}

// The rematch offer on a finished table: who asked, and the button that takes one's own seat.
export function rematchOffer(m, names, playAgain) {
  const r = m.rematch;
  if (m.seat === null) return null;
  if (!r) return h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: playAgain }, "Play again");
  const others = r.seats.filter(s => s !== m.seat).map(s => names[s]);
  if (r.seats.includes(m.seat)) return h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: playAgain }, "Go to the next game");
  return h("div", { class: "rematch", role: "status" }, h("span", {}, `${others.join(" and ")} ${others.length === 1 ? "wants" : "want"} a rematch.`),
    h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: playAgain }, "Join the rematch"));
}
