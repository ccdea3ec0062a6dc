// How the table page comes to hold a seat: a signed-in player's own seat here, the form that
// takes a free seat by name, and the address bar cleared of a seat's token once it is read.

import { $, andList, api, device, gameInfo, h, t } from "./common.js";

// The address bar of a seat is the table's plain address: the seat's token (and the invitation
// it came by) leave it once read, so a person who copies the address to invite a friend does not
// hand over their seat. The device keeps the token (device.setToken), so a reload finds the seat,
// and the seat's own link stays shown in its panel (seating.js's seatLink).
export function seatedAddress() {
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

// A signed-in player's seat here, whatever link they came by (the table's, the invitation, their
// list of tables on another device): the seat ({ token } where the server made one for this
// device, kept by it; without a token the hello's player_key proves it), or null.
export async function playerSeat(tableId) {
  let found;
  try { found = (await api(`/api/players/me/tables?table=${encodeURIComponent(tableId)}`)).tables[0]; } catch (e) { return null; }
  const seat = found && found.mine[0];
  if (!seat) return null;
  if (seat.token) device.setToken(tableId, seat.token);
  seatedAddress();
  return seat;
}

// The form that takes a seat (`seat`, or any free one) under a name, at the table of `facts`
// (its invitation `invite`, where the link had one); `joined(token, facts)` once seated, with
// the table's facts read again.
export function joinForm(tableId, facts, invite, seat, joined) {
  const free = facts.seats.filter(s => s.kind === "human" && !s.taken && !s.reserved).map(s => s.seat);
  const closed = facts.visibility === "private" && !invite;
  const name = h("input", { id: "join-name", name: "name", maxlength: 40, required: true, autocomplete: "nickname", value: device.player ? device.player.name : device.name });
  const msg = h("p", { class: "error", role: "alert" });
  const go = h("button", { type: "submit", class: "primary" }, t("Take the seat"));
  const seated = facts.seats.filter(s => s.taken).map(s => s.name);
  const gameName = gameInfo(facts.game).name;
  const form = h("form", { class: "panel join" },
    h("h2", {}, t("Join {game}", { game: gameName })),
    closed ? h("p", {}, t("This table is private: a seat is taken with the invitation link its players send. Ask them for it, or watch."))
      : free.length ? h("p", {}, seated.length ? t("{names} is at the table.", { n: seated.length, names: andList(seated) }, "{names} are at the table.") : t("Nobody is at the table."))
        : h("p", {}, t("Every seat is taken; you can still watch.")),
    closed ? null : h("label", { for: "join-name" }, t("Your name")), closed ? null : name, msg,
    h("div", { class: "buttons" }, free.length && !closed ? go : null, h("a", { class: "button", href: `/tables/${tableId}#watch` , onclick: () => setTimeout(() => location.reload(), 0) }, t("Just watch"))));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    device.name = name.value.trim();
    try {
      const body = { name: name.value };
      if (free.includes(seat)) body.seat = seat;
      if (invite) body.invite = invite;
      const r = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, body);
      device.setToken(tableId, r.token);
      seatedAddress();
      joined(r.token, await api(`/api/tables/${encodeURIComponent(tableId)}`));
    } catch (e) { msg.textContent = e.message; }
  });
  $("#mine").replaceChildren(form);
  $("#title").textContent = t("Join {game}", { game: gameName });
  if (!closed) name.focus();
}
