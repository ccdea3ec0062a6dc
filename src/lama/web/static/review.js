// The game review on the replay page (GET /api/tables/{ID}/review, lama.review): each seat's win
// chance over the game drawn as a curve (the page's own SVG), its decisions' classes marked on it
// and beside the log, each seat's luck and decisions in a table; a click on the curve jumps to
// that moment of the replay.

import { api, h, t } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
let review = null, seat = 0;

const percent = x => `${(100 * x).toFixed(0)}%`;

// A class's words: best, good, inaccuracy, mistake, blunder.
export function className(c) {
  return { best: t("best"), good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") }[c] || c;
}

// The class of the decision that is record move `move` (0-based over all rounds), once reviewed.
export function classOf(move) {
  if (!review) return null;
  for (const s of review.seats) for (const d of s.decisions) if (d.move === move && d.class) return d.class;
  return null;
}

// The review's panel: a button that asks for it (it takes some seconds the first time), then the
// curve and the totals. `jump(move, round)`: show that moment of the replay; `drawn()`: after it came.
export function reviewPanel(box, tableId, names, jump, drawn) {
  const ask = h("button", { type: "button", class: "primary", onclick: async () => {
    ask.disabled = true;
    box.replaceChildren(h("h2", { id: "review-title" }, t("Review")), h("p", { class: "muted", role: "status" }, t("Reviewing the game: a few seconds…")));
    try { review = await api(`/api/tables/${encodeURIComponent(tableId)}/review`); } catch (e) {
      box.replaceChildren(h("h2", { id: "review-title" }, t("Review")), h("p", { class: "error", role: "alert" }, e.message)); return;
    }
    draw(box, names, jump);
    drawn();
  } }, t("Review the game"));
  box.replaceChildren(h("h2", { id: "review-title" }, t("Review")),
    h("p", { class: "muted" }, t("Where the game was won and lost, and how much was luck: each seat's win chance over the game.")), ask);
}

function draw(box, names, jump) {
  const choose = h("select", { "aria-label": t("Whose game") }, names.map((n, i) => h("option", { value: i, selected: i === seat }, n)));
  choose.addEventListener("change", () => { seat = Number(choose.value); draw(box, names, jump); });
  const signed = x => `${x >= 0 ? "+" : "−"}${(100 * Math.abs(x)).toFixed(1)}`;
  const totals = h("table", { class: "review-totals" },
    h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", { class: "num" }, t("Start → end")), h("th", { class: "num" }, t("Luck")),
      h("th", { class: "num" }, t("Own moves")), h("th", { class: "num" }, t("Others' moves")))),
    h("tbody", {}, review.seats.map((s, i) => h("tr", { class: i === seat ? "mine" : "" }, h("th", { scope: "row" }, names[i]),
      h("td", { class: "num" }, `${percent(s.start)} → ${percent(s.end)}`), h("td", { class: "num" }, signed(s.luck)),
      h("td", { class: "num" }, signed(s.own)), h("td", { class: "num" }, signed(s.others))))));
  const counts = {};
  for (const d of review.seats[seat].decisions) if (d.class) counts[d.class] = (counts[d.class] || 0) + 1;
  box.replaceChildren(h("h2", { id: "review-title" }, t("Review")), h("label", {}, t("Whose game"), " ", choose), curve(names, jump),
    h("p", { class: "muted small-print" }, t("Win chance in points of percent; luck is what the deals, draws and rolls brought, against their average.")),
    h("div", { class: "review-scroll" }, totals), h("p", {}, Object.entries(counts).map(([c, n]) => h("span", { class: `tag class-${c}` }, `${className(c)}: ${n}`))));
}

// The selected seat's win chance at every point, the others' faint; a mark on each of its
// decisions classed inaccuracy or worse; a click jumps to the nearest moment.
function curve(names, jump) {
  const w = 600, hgt = 160, pad = 8, points = review.curve, n = points.length;
  const x = i => pad + (n === 1 ? 0 : i * (w - 2 * pad) / (n - 1)), y = v => hgt - pad - v * (hgt - 2 * pad);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
  svg.setAttribute("class", "review-curve");
  svg.setAttribute("role", "img");
  const mine = points.map(p => p[seat]);
  const start = percent(mine[0]), end = percent(mine[n - 1]);
  svg.setAttribute("aria-label", t("{name}'s win chance over the game: from {start} to {end}", { name: names[seat], start, end }));
  const half = document.createElementNS(SVG, "line");
  half.setAttribute("x1", pad); half.setAttribute("x2", w - pad); half.setAttribute("y1", y(0.5)); half.setAttribute("y2", y(0.5));
  half.setAttribute("class", "review-half");
  svg.append(half);
  names.forEach((_, s) => {
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", points.map((p, i) => `${x(i).toFixed(1)},${y(p[s]).toFixed(1)}`).join(" "));
    line.setAttribute("class", s === seat ? "review-line mine" : "review-line");
    svg.append(line);
  });
  const moves = new Map(review.steps.map(s => [s.step + 1, s]));  // a point -> the step that led to it
  for (const d of review.seats[seat].decisions) {
    if (!MARKED.has(d.class)) continue;
    const step = review.steps.find(s => s.kind === "decision" && s.move === d.move);
    if (!step) continue;
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(step.step + 1).toFixed(1)); dot.setAttribute("cy", y(points[step.step + 1][seat]).toFixed(1));
    dot.setAttribute("r", d.class === "blunder" ? 6 : 4.5);
    dot.setAttribute("class", `review-mark class-${d.class}`);
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${className(d.class)}: −${(100 * d.lost).toFixed(1)}`;
    dot.append(title);
    svg.append(dot);
  }
  svg.addEventListener("click", ev => {
    const box = svg.getBoundingClientRect();
    const i = Math.round(((ev.clientX - box.left) * w / box.width - pad) * (n - 1) / (w - 2 * pad));
    const step = moves.get(Math.max(1, Math.min(n - 1, i)));
    if (step) jump(step.move, step.round);
  });
  return h("div", { class: "review-curve-box" }, svg);
}
