// /signin#code=C: this device signs in as the player who made the link on another device. The
// code leaves the address bar at once (it works once, and only for whoever holds it); the device
// gets a key of its own (POST /api/signin) and keeps it, as the lobby does.

import { $, api, applyTheme, device, deviceLabel, h, languageSwitch, startLanguage, t, themeButton } from "./common.js";

applyTheme();
const code = new URLSearchParams(location.hash.slice(1)).get("code");
if (location.hash) history.replaceState(null, "", location.pathname);

async function init() {
  await startLanguage();
  $("#top-tools").append(languageSwitch(draw), themeButton());
  draw();
}

function draw() {
  const box = $("#signin");
  if (!code) {
    box.replaceChildren(h("h2", {}, t("No sign-in code here")),
      h("p", {}, t("Open the whole link made by “Sign in another device” on a device where you are signed in.")),
      h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))));
    return;
  }
  const msg = h("p", { class: "error", role: "alert" });
  const go = h("button", { type: "button", class: "primary big" }, t("Sign in on this device"));
  const me = device.player;
  go.addEventListener("click", async () => {
    go.disabled = true;
    msg.textContent = "";
    try {
      const r = await api("/api/signin", { code, device: deviceLabel() });
      device.player = { player: r.player, name: r.name, key: r.key };
      device.signedOut = false;
      device.name = r.name;
      box.replaceChildren(h("h2", {}, t("Signed in as {name}", { name: r.name })),
        h("p", {}, t("Your seats and games follow you here now.")), h("p", {}, h("a", { class: "button primary", href: "/" }, t("To the lobby"))));
    } catch (e) { msg.textContent = e.message; go.disabled = false; }
  });
  box.replaceChildren(...[h("h2", {}, t("Sign in on this device")),
    h("p", {}, t("This link signs this device in as the player who made it. It works once.")),
    me ? h("p", { class: "muted" }, t("This device is signed in as {name} now; it will be signed in as the link's player instead.", { name: me.name })) : null,
    go, msg].filter(Boolean));
}

init();
