// Cards, chips, dice and card backs drawn in SVG (no images to load). Every drawing is
// decorative (aria-hidden): the control around it carries the accessible name.

const NS = "http://www.w3.org/2000/svg";
export const COLORS = { 1: "#d9412f", 2: "#ee8a12", 3: "#d2a90b", 4: "#2f9a44", 5: "#1f74c9", 6: "#7a4ad8" };

function svg(viewBox, inner, cls) {
  const el = document.createElementNS(NS, "svg");
  el.setAttribute("viewBox", viewBox);
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("focusable", "false");
  if (cls) el.setAttribute("class", cls);
  el.innerHTML = inner;
  return el;
}

// A llama standing, facing left, about 70 units high, centred on (0, 0).
export const LLAMA = `
<g stroke="#4b3422" stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round">
  <rect x="-14" y="10" width="6" height="24" rx="2.5" fill="#efe2c6"/>
  <rect x="16" y="10" width="6" height="24" rx="2.5" fill="#efe2c6"/>
  <rect x="-6" y="12" width="6" height="23" rx="2.5" fill="#fffaf0"/>
  <rect x="24" y="12" width="6" height="23" rx="2.5" fill="#fffaf0"/>
  <path d="M-20 -2 C-22 -12 -14 -16 -4 -14 L22 -14 C34 -14 38 -4 34 8 C32 16 24 18 12 18 L-8 18 C-18 18 -20 10 -20 -2 Z" fill="#fffaf0"/>
  <path d="M34 -8 C40 -10 42 -4 38 0" fill="none"/>
  <path d="M-20 0 L-22 -34 C-22 -40 -12 -40 -11 -34 L-8 -4 Z" fill="#fffaf0"/>
  <path d="M-20 -44 L-22 -56 L-15 -47 Z M-12 -45 L-9 -57 L-6 -44 Z" fill="#f3c9b5"/>
  <path d="M-24 -44 C-22 -50 -8 -50 -6 -42 C-5 -36 -10 -33 -14 -33 L-30 -33 C-36 -33 -37 -40 -32 -42 Z" fill="#fffaf0"/>
  <path d="M-14 -20 C-10 -22 -10 -14 -14 -16 M-14 -8 C-10 -10 -10 -2 -14 -4" fill="none" stroke="#c2410c" stroke-width="3"/>
</g>
<circle cx="-18" cy="-40" r="2.3" fill="#2b1d12"/>
<path d="M-34 -37 l3 0" stroke="#2b1d12" stroke-width="2" stroke-linecap="round"/>`;

// A mosquito (Lato z Komarami), about 70 units wide, centred on (0, 0).
export const MOSQUITO = `
<g stroke="#2c2c2c" stroke-width="2" stroke-linecap="round" fill="none">
  <path d="M-6 4 L-22 22 L-28 34 M0 6 L-4 26 L-10 38 M6 4 L18 22 L30 30 M-8 0 L-26 6 L-34 2 M8 0 L26 4 L34 -2"/>
  <path d="M-14 -14 L-36 -24" stroke-width="2.2"/>
</g>
<ellipse cx="-16" cy="-22" rx="16" ry="8" transform="rotate(-40 -16 -22)" fill="#cfe6f7" fill-opacity=".85" stroke="#54708a" stroke-width="1.6"/>
<ellipse cx="14" cy="-22" rx="16" ry="8" transform="rotate(40 14 -22)" fill="#cfe6f7" fill-opacity=".85" stroke="#54708a" stroke-width="1.6"/>
<ellipse cx="12" cy="6" rx="20" ry="6" transform="rotate(20 12 6)" fill="#6b4f3a" stroke="#2c2c2c" stroke-width="2"/>
<path d="M16 6 l0 -4 M22 8 l0 -4 M28 10 l0 -4" stroke="#e9d7b8" stroke-width="1.6"/>
<circle cx="-6" cy="-2" r="8" fill="#5b4331" stroke="#2c2c2c" stroke-width="2"/>
<circle cx="-13" cy="-10" r="6" fill="#5b4331" stroke="#2c2c2c" stroke-width="2"/>
<circle cx="-15" cy="-12" r="2" fill="#e44"/>`;

const STAR = (x, y, r, fill = "#ffd43b") => {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = Math.PI / 5 * i - Math.PI / 2, rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${fill}" stroke="#7a5a00" stroke-width="1.6" stroke-linejoin="round"/>`;
};

// A drawn label: the text is kept in <defs> and drawn by a <use>, so it is a picture, not text of the
// page (a card button's visible text would otherwise be "555", not the "Play 5" its name says).
let drawn = 0;
function drawnText(attrs, text) {
  const id = `drawn-${++drawn}`;
  return `<defs><text id="${id}" ${attrs}>${text}</text></defs><use href="#${id}"/>`;
}

function num(text, x, y, size, fill = "#fff") {
  return drawnText(`x="${x}" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central" font-weight="800" fill="${fill}" stroke="rgba(0,0,0,.45)" stroke-width="${size / 14}" paint-order="stroke" font-family="system-ui, sans-serif"`, text);
}

function corners(label, color = "#fff") {
  return num(label, 17, 20, 17, color) + num(label, 83, 120, 17, color);
}

const FRAME = `<rect x="1.5" y="1.5" width="97" height="137" rx="10" fill="#fffdf8" stroke="#2d2d2d" stroke-width="2"/>`;

// The party llama's hat and confetti, drawn over LLAMA (its coordinates).
const PARTY_HAT = `
<path d="M-22 -46 L-13 -74 L-6 -46 Z" fill="#ffd43b" stroke="#4b3422" stroke-width="2.2" stroke-linejoin="round"/>
<path d="M-19 -54 L-8 -56 M-17 -63 L-10 -64" stroke="#d6336c" stroke-width="3" stroke-linecap="round"/>
<circle cx="-13" cy="-75" r="4" fill="#d6336c" stroke="#4b3422" stroke-width="1.6"/>`;
const CONFETTI = [[18, 22, "#ffd43b"], [80, 30, "#1f74c9"], [14, 112, "#2f9a44"], [84, 114, "#ffd43b"], [74, 16, "#fff"],
  [24, 40, "#fff"], [86, 72, "#7a4ad8"], [12, 78, "#ee8a12"]]
  .map(([x, y, c], i) => `<rect x="${x - 3}" y="${y - 1.5}" width="6" height="3" rx="1" fill="${c}" transform="rotate(${i * 47} ${x} ${y})"/>`).join("");

// A plus card's sign (P3): a white badge under the number.
const PLUS_SIGN = (color) => `<circle cx="50" cy="106" r="15" fill="#fffdf8" stroke="rgba(0,0,0,.35)" stroke-width="1.5"/>
  <path d="M50 97 V115 M41 106 H59" stroke="${color}" stroke-width="6" stroke-linecap="round"/>`;

// One card face: codes "1".."6", "L", "2/3", "4/5", "N*", "N+", and a card of a game's own such as
// "P"; `llama` is what the game's L card is (its `llama` in GET /api/games): a llama, or a
// mosquito (Lato z Komarami). `effect` is what the card does in its game (its `effect` there):
// a code's `+` is a rectangle in one game and a plus in another ("plus"), and "wild" is the
// pink party llama.
export function cardFace(code, llama = "llama", effect = "") {
  let inner = FRAME;
  if (effect === "wild") {
    inner += `<rect x="7" y="7" width="86" height="126" rx="7" fill="#f06ba8"/>
      <circle cx="50" cy="74" r="38" fill="#ffc2dd"/>${CONFETTI}
      <g transform="translate(54 80) scale(.86)">${LLAMA}${PARTY_HAT}</g>`;
    return svg("0 0 100 140", inner, "card-svg party");
  }
  if (code === "L") {
    if (llama === "mosquito") {
      inner += `<rect x="7" y="7" width="86" height="126" rx="7" fill="#d8ecd2"/><g transform="translate(50 74) scale(1.05)">${MOSQUITO}</g>`;
    } else {
      inner += `<rect x="7" y="7" width="86" height="126" rx="7" fill="#f6d7a7"/>
        <circle cx="50" cy="70" r="40" fill="#fbe7c6"/><g transform="translate(54 74) scale(.95)">${LLAMA}</g>`;
    }
    return svg("0 0 100 140", inner, "card-svg");
  }
  const m = /^(\d)\/(\d)$/.exec(code);
  if (m) {
    const [a, b] = [m[1], m[2]];
    inner += `<path d="M7 14 Q7 7 14 7 L93 7 L7 133 Z" fill="${COLORS[a]}"/>
      <path d="M93 7 L93 126 Q93 133 86 133 L7 133 Z" fill="${COLORS[b]}"/>
      <path d="M93 7 L7 133" stroke="#fffdf8" stroke-width="4"/>
      ${num(a, 34, 44, 42)}${num(b, 66, 98, 42)}
      ${num(a, 82, 20, 15)}${num(b, 18, 120, 15)}`;
    return svg("0 0 100 140", inner, "card-svg");
  }
  const n = code[0], mark = code[1] || "";
  inner += `<rect x="7" y="7" width="86" height="126" rx="7" fill="${COLORS[n] || "#888"}"/>`;
  if (mark === "+" && effect === "plus") {
    inner += `<ellipse cx="50" cy="62" rx="30" ry="38" fill="rgba(255,255,255,.18)"/>`;
    inner += num(n, 50, 60, 54);
    inner += PLUS_SIGN(COLORS[n] || "#888");
    inner += corners(n + "+");
  } else if (mark === "+") {
    inner += `<rect x="20" y="32" width="60" height="76" rx="4" fill="none" stroke="#fffdf8" stroke-width="6"/>
      <rect x="20" y="32" width="60" height="76" rx="4" fill="none" stroke="rgba(0,0,0,.35)" stroke-width="1.5"/>`;
    inner += num(n, 50, 70, 54);
    inner += corners(n + "+");
  } else if (mark === "*") {
    inner += STAR(50, 70, 40, "rgba(255,212,59,.95)");
    inner += num(n, 50, 73, 46);
    inner += corners(n + "★");
  } else {
    inner += `<ellipse cx="50" cy="70" rx="34" ry="46" fill="rgba(255,255,255,.18)"/>`;
    inner += num(n, 50, 72, 62);
    inner += corners(n);
  }
  return svg("0 0 100 140", inner, "card-svg");
}

export function cardBack() {
  return svg("0 0 100 140", `<rect x="1.5" y="1.5" width="97" height="137" rx="10" fill="#fffdf8" stroke="#2d2d2d" stroke-width="2"/>
    <rect x="7" y="7" width="86" height="126" rx="7" fill="#3a3f8f"/>
    <rect x="13" y="13" width="74" height="114" rx="5" fill="none" stroke="#9aa3ff" stroke-width="2" stroke-dasharray="4 4"/>
    ${drawnText(`x="50" y="72" text-anchor="middle" dominant-baseline="central" font-size="20" font-weight="800" fill="#cfd4ff" font-family="system-ui, sans-serif" transform="rotate(-60 50 70)"`, "L.A.M.A.")}`, "card-svg back");
}

// A chip of `colour` (a game's `chips`, lama.core.display: worth `points`, written on it; a chip
// worth nothing, such as a mark's, shows a star). Its colours are style.css's, by its class
// `chip-<colour>`: a new game's chip is a rule there.
export function chip(colour, points = null) {
  const label = points === null ? STAR(20, 20, 10, "inherit")
    : drawnText(`x="20" y="20.5" font-size="${String(points).length > 1 ? 13 : 15}" text-anchor="middle" dominant-baseline="central" font-weight="800" font-family="system-ui, sans-serif"`, points);
  const el = svg("0 0 40 40", `<circle class="chip-face" cx="20" cy="20" r="18" stroke-width="1.6"/>
    <circle class="chip-ring" cx="20" cy="20" r="13.5" fill="none" stroke-width="2.4" stroke-dasharray="5 3"/><g class="chip-label">${label}</g>`, `chip chip-${colour}`);
  el.dataset.colour = colour;
  return el;
}

// A die showing one face ("1".."6" or "L"), or "?" when not rolled.
export function die(face) {
  let inner = `<rect x="2" y="2" width="56" height="56" rx="11" fill="#fffdf8" stroke="#2d2d2d" stroke-width="2.5"/>`;
  if (face === "L") inner += `<g transform="translate(33 36) scale(.62)">${LLAMA}</g>`;
  else if (face === "?" || face == null) inner += num("?", 30, 31, 30, "#999");
  else inner += `<rect x="9" y="9" width="42" height="42" rx="7" fill="${COLORS[face]}"/>` + num(face, 30, 31, 32);
  return svg("0 0 60 60", inner, "die-svg");
}

// The top tools' icons: "sound" (a speaker) and "bell", struck through when `off`.
const ICONS = {
  sound: '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  bell: '<path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6z" fill="currentColor"/><path d="M10 19a2 2 0 0 0 4 0" fill="none" stroke="currentColor" stroke-width="2"/>',
};
export function icon(name, off = false) {
  return svg("0 0 24 24", ICONS[name] + (off ? '<path d="M3 3l18 18" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>' : ""), "tool-icon");
}
