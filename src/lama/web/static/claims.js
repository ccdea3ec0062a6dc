// A seat claimed from another device (PROTOCOL: `claim`, `confirm`; docs/server.md, "Claiming a
// seat from another device"): the spectator who asks and the seated people who answer (the
// device whose seat moved away hears the error `seat_moved`: table.js's onError).

import { device, h, seatNames, t } from "./common.js";

// The claims of one table page. `page` lends what they need of it: send (a WebSocket message;
// false when not sent), toast (a passing notice), render (the table drawn again), seated (the
// claimed seat is this device's now: its new token, and a connection as the seat), state (the
// last state heard, or null).
export function seatClaims(page) {
  const asked = {};  // claim id: a seat claimed from another device, for this seated person to answer
  let mine = null;  // the seat this spectator asked the table for

  function claimSeat(seat) {
    if (page.send({ type: "claim", seat, ...(device.name ? { name: device.name } : {}) })) { mine = seat; page.render(); }
  }

  // A `claim…` message heard from the server.
  function heard(m) {
    if (m.type === "claim_sent") { page.toast(t("The table is asked. Wait here for their answer.")); return; }
    if (m.type === "claimed") {  // the seat is ours now: its new token, and a connection as the seat
      mine = null;
      page.toast(t("The table let you in: the seat is yours on this device."));
      page.seated(m.token);
      return;
    }
    if (m.type === "claim_refused") {
      mine = null;
      page.toast(m.lapsed ? t("Nobody answered in time. Ask again, or ask them for your seat's link.") : t("The table did not let you in."));
      page.render();
      return;
    }
    if (m.type === "claim") asked[m.claim] = m;
    if (m.type === "claim_over") delete asked[m.claim];
    askBox();
  }

  // The question to the seated people: "Bob says the seat of Bob is theirs: let them in?"
  function askBox() {
    document.querySelectorAll(".claim-ask").forEach(el => el.remove());
    const state = page.state();
    const names = state ? seatNames(state.seats) : [];
    for (const c of Object.values(asked)) {
      const answer = accept => { page.send({ type: "confirm", claim: c.claim, accept }); delete asked[c.claim]; askBox(); };
      const id = `claim-${c.claim}`;
      document.body.append(h("div", { class: "panel claim-ask", role: "alertdialog", "aria-labelledby": id },
        h("p", { id }, c.seat === (state && state.seat)
          ? t("Someone on another device (“{name}”) says your seat is theirs. Let them take it? This device would lose it.", { name: c.name })
          : t("{name} says the seat of {seat} is theirs, on another device. Let them in?", { name: c.name, seat: names[c.seat] || c.seat + 1 })),
        h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", onclick: () => answer(true) }, t("Yes, let them in")),
          h("button", { type: "button", onclick: () => answer(false) }, t("No")))));
    }
  }

  // A spectator whose seat is at this table (taken on another device, without signing in) asks
  // for it: the box under the spectator's note, or null.
  function box(m) {
    const taken = m.seats.filter(s => s.kind === "human" && s.taken);
    if (m.status === "finished" || !taken.length) return null;
    if (mine !== null && mine !== undefined) return h("p", { class: "muted", role: "status" }, t("You asked for a seat: waiting for the table's answer…"));
    return h("details", { class: "claim" }, h("summary", {}, t("One of these seats is mine (I took it on another device)")),
      h("p", { class: "muted" }, t("The people at the table are asked to confirm it. Your other device loses the seat.")),
      h("div", { class: "buttons" }, taken.map(s => h("button", { type: "button", class: "small", onclick: () => claimSeat(s.seat) }, t("{name}'s seat is mine", { name: s.name })))));
  }

  return { heard, box };
}
