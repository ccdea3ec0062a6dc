// Who sits where, and for how long: the clock of the person to move, who is away and who plays
// for them, the links that bring a seat back or invite others, and the rematch offer. The server
// says how long is left (`seconds_left`, `stand_in_in`); the page counts down from when it heard.

import { andList, copyButton, h, t } from "./common.js";

// "1:05" for 65 seconds; "2 h 05 min" for long clocks.
export function duration(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 3600) return t("{hours} h {minutes} min", { hours: Math.floor(s / 3600), minutes: String(Math.floor(s / 60) % 60).padStart(2, "0") });
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
  const mine = c.seat === m.seat;
  const clock = countdown(c.seconds_left, heard);
  // "{time}" stands where the countdown goes
  const [before, after] = (own || mine ? t("{time} left") : t("{name}: {time} left", { name: names[c.seat] })).split("{time}");
  return h("span", { class: "clock", role: "timer", "aria-label": mine ? t("Your time left") : t("{name}'s time left", { name: names[c.seat] }) },
    h("span", { class: "clock-who" }, before), clock, after);  // (a long name is cut, never the countdown)
}

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
        h("p", {}, s.stand_in_why === "time" ? t("{bot} is playing for you: your time ran out.", { bot: aBot(s.stand_in) }) : t("{bot} is playing for you: you were away.", { bot: aBot(s.stand_in) })),
        h("button", { type: "button", class: "primary", dataset: { key: "back" }, onclick: () => send({ type: "stand_in", seat: me, bot: null }) }, t("I'm back: let me play"))));
      continue;
    }
    if (s.stand_in) {
      out.push(h("div", { class: "panel away" }, h("p", {}, standIn(s.stand_in, names[s.seat], s.stand_in_why))));
    } else if (s.away) {
      const box = h("div", { class: "panel away" });
      const [before, after] = t("A bot takes over in {time}.").split("{time}");
      box.append(h("p", {}, t("{name} is away.", { name: names[s.seat] }), s.stand_in_in !== null ? h("span", {}, " ", before, countdown(s.stand_in_in, heard), after) : null));
      box.append(h("button", { type: "button", class: "small", onclick: () => send({ type: "stand_in", seat: s.seat, bot: level }) }, t("Let a bot play for {name} now", { name: names[s.seat] })));
      out.push(box);
    }
  }
  return out;
}

// "A medium bot": a bot of `level`, at the start of a sentence.
function aBot(level) {
  return { easy: t("An easy bot"), medium: t("A medium bot"), hard: t("A hard bot"), neural: t("A neural bot"), random: t("A random bot") }[level] || t("A bot");
}

// "A medium bot plays for Bob (their time ran out) until they come back."
function standIn(level, name, why) {
  const p = { bot: aBot(level), name };
  if (why === "time") return t("{bot} plays for {name} (their time ran out) until they come back.", p);
  if (why === "away") return t("{bot} plays for {name} (they left the table) until they come back.", p);
  if (why === "asked") return t("{bot} plays for {name} (the table asked for it) until they come back.", p);
  return t("{bot} plays for {name} for now, until they come back.", p);
}

// A link in a box (`key` names its input), with Copy and (where the device can) Share.
function linkBox(key, label, copyLabel, url, note) {
  const id = `link-${key}`;
  const share = navigator.share ? h("button", { type: "button", class: "small", onclick: () => navigator.share({ url }).catch(() => {}) }, t("Share")) : null;
  return h("div", { class: "link-box" }, h("label", { for: id }, label),
    h("span", { class: "invite" }, h("input", { id, readonly: true, value: url, onfocus: e => e.target.select() }), copyButton(url, copyLabel), share),
    note ? h("p", { class: "muted small-print" }, note) : null);
}

// The link of the viewer's own seat: it opens the seat on any device (keep it to yourself).
export function seatLink(tableId, token) {
  return linkBox("your-seat-s-link", t("Your seat's link"), t("Copy your seat's link"), `${location.origin}/tables/${encodeURIComponent(tableId)}#token=${encodeURIComponent(token)}`,
    t("Open it on another device to play from there. It is yours: do not share it."));
}

// The table's invitation: whoever opens it may take a free seat.
export function inviteLink(tableId, invite) {
  return linkBox("invitation-link", t("Invitation link"), t("Copy the invitation link"), `${location.origin}/tables/${encodeURIComponent(tableId)}#invite=${encodeURIComponent(invite)}`,
    t("Send it to the people you want at the table: it takes a free seat."));
}

// The rematch offer on a finished table: who asked, and the button that takes one's own seat.
// `next`: the next table's facts where known (GET /api/tables/{id}): a seat there that went to a
// bot (nobody came for it in time) is offered to watch, not to join.
export function rematchOffer(m, names, playAgain, next = null) {
  const r = m.rematch;
  if (m.seat === null) return null;
  if (!r) return h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: playAgain }, t("Play again"));
  const others = r.seats.filter(s => s !== m.seat).map(s => names[s]);
  if (r.seats.includes(m.seat)) return h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: playAgain }, t("Go to the next game"));
  if (next && next.id === r.table && next.seats[m.seat] && next.seats[m.seat].kind === "bot")
    return h("div", { class: "rematch", role: "status" }, h("span", {}, t("Your seat at the next game went to a bot: nobody came for it in time.")),
      h("a", { class: "button primary", href: `/tables/${encodeURIComponent(r.table)}#watch`, dataset: { key: "watch-next" } }, t("Watch the next game")));
  return h("div", { class: "rematch", role: "status" }, h("span", {}, t("{names} wants a rematch.", { n: others.length, names: andList(others) }, "{names} want a rematch.")),
    h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: playAgain }, t("Join the rematch")));
}
