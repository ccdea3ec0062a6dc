// It tells you it is your turn, outside the page too: the tab's title and icon, a short sound
// (made here with the Web Audio API, nothing fetched; off until the person turns it on) and a
// notification while the tab is hidden (permission asked for only after a click). The choices
// are remembered on the device.

import { icon } from "./cards.js";
import { device, h, t } from "./common.js";

const ICON = "/static/favicon.svg", TURN_ICON = "/static/favicon-turn.svg";
const turnTitle = () => t("● Your turn · lama");
let title = document.title;  // the page's own title, shown when it is not one's turn
let turn = false;
let audio = null;  // made on a person's click or key: browsers start sound only after one
let shown = null;  // the notification on screen

function wake() {
  if (!device.sound) return;
  if (!audio) { try { audio = new AudioContext(); } catch (e) { return; } }
  if (audio.state === "suspended") audio.resume().catch(() => {});
}
document.addEventListener("pointerdown", wake);
document.addEventListener("keydown", wake);

// Two short rising tones.
function chime() {
  if (!device.sound || !audio) return;
  const t = audio.currentTime;
  [[660, 0], [880, 0.13]].forEach(([hz, at]) => {
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, t + at);
    gain.gain.exponentialRampToValueAtTime(0.18, t + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start(t + at);
    osc.stop(t + at + 0.14);
  });
}

const canNotify = () => typeof Notification !== "undefined";

function notify(text) {
  if (!device.notify || !document.hidden || !canNotify() || Notification.permission !== "granted") return;
  try {
    shown = new Notification(turnTitle(), { body: text, tag: "lama-turn", icon: TURN_ICON });
    shown.onclick = () => { window.focus(); shown.close(); };
  } catch (e) { /* a browser that notifies only from a service worker */ }
}

function unnotify() { if (shown) { shown.close(); shown = null; } }
document.addEventListener("visibilitychange", () => { if (!document.hidden) unnotify(); });

// The page's title when it is not one's turn.
export function setTitle(text) {
  title = text;
  if (!turn) document.title = text;
}

// Whether it is the viewer's turn now (`text`: what a notification says); the sound and the
// notification come when the turn begins, not at every state of it.
export function turnNotice(mine, text) {
  document.title = mine ? turnTitle() : title;
  const icon = document.querySelector('link[rel="icon"]');
  if (icon) icon.href = mine ? TURN_ICON : ICON;
  if (mine && !turn) { chime(); notify(text); }
  if (!mine) unnotify();
  turn = mine;
}

function toggle(b, on, name, [onLabel, offLabel]) {
  b.replaceChildren(icon(name, !on));
  b.setAttribute("aria-pressed", on ? "true" : "false");
  b.setAttribute("aria-label", on ? onLabel : offLabel);
  b.title = on ? onLabel : offLabel;
}

// The top tools' two switches: the sound, and the notifications (where the browser has them).
export function noticeButtons() {
  const sound = h("button", { type: "button", class: "icon-btn", id: "sound-toggle" });
  const showSound = () => toggle(sound, device.sound, "sound", [t("Sound on your turn: on"), t("Sound on your turn: off")]);
  sound.addEventListener("click", () => {
    device.sound = !device.sound;
    showSound();
    if (device.sound) { wake(); chime(); }  // what it will sound like
  });
  showSound();
  if (!canNotify()) return [sound];
  const bell = h("button", { type: "button", class: "icon-btn", id: "notify-toggle" });
  const showBell = () => toggle(bell, device.notify && Notification.permission === "granted", "bell",
    [t("Notify me of my turn when this tab is hidden: on"), Notification.permission === "denied"
      ? t("Notifications are blocked for this site in the browser's settings") : t("Notify me of my turn when this tab is hidden: off")]);
  bell.addEventListener("click", async () => {
    if (device.notify) device.notify = false;
    else if (Notification.permission === "granted") device.notify = true;
    else if (Notification.permission === "default") device.notify = (await Notification.requestPermission()) === "granted";
    showBell();
  });
  showBell();
  return [sound, bell];
}
