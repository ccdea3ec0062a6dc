// A player's page (/players/{handle}): their rating in each game with its curve over their rated
// games, and their recent finished games with results and replays (GET /api/players/{handle}).

import { $, api, applyTheme, gameInfo, h, languageSwitch, loadGames, startLanguage, t, themeButton } from "./common.js";

applyTheme();
const handle = decodeURIComponent(location.pathname.split("/")[2] || "");
const SVG = "http://www.w3.org/2000/svg";
let page = null;

async function init() {
  await startLanguage();
  $("#top-tools").append(languageSwitch(draw), themeButton());
  try {
    [page] = await Promise.all([api(`/api/players/${encodeURIComponent(handle)}`), loadGames()]);
  } catch (e) {
    document.documentElement.dataset.status = "missing";
    $("#title").textContent = t("No such player");
    $("#ratings").replaceChildren(h("p", {}, e.message), h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))));
    $("#games").remove();
    return;
  }
  document.documentElement.dataset.status = "ready";
  draw();
}

function draw() {
  if (!page) return;
  document.title = t("{name} · lama", { name: page.name });
  $("#title").replaceChildren(h("span", { class: "player-name" }, page.name), " ", h("span", { class: "muted handle" }, `@${page.player}`));
  const box = $("#ratings");
  if (!page.ratings.length) {
    box.replaceChildren(h("h2", { id: "ratings-title" }, t("Ratings")), h("p", { class: "muted" }, t("No rated game yet. A table made with “Rated game” counts.")),
      h("p", {}, h("a", { href: "/#leaderboard" }, t("The leaderboard"))));
  } else {
    box.replaceChildren(h("h2", { id: "ratings-title" }, t("Ratings")), h("ul", { class: "rating-list" }, page.ratings.map(r => {
      const points = [0, ...page.history.filter(x => x.game === r.game).map(x => x.rating)];  // (a new player's: 0)
      return h("li", {}, h("div", { class: "rating-head" }, h("strong", {}, gameInfo(r.game).name), h("span", { class: "rating" }, r.rating.toFixed(1)),
        h("span", { class: "muted" }, t("{n} rated game", { n: r.games }, "{n} rated games"))), curve(points, gameInfo(r.game).name));
    })), h("p", {}, h("a", { href: "/#leaderboard" }, t("The leaderboard"))));
  }
  const games = $("#games");
  if (!games) return;
  const when = s => new Date(s * 1000).toLocaleDateString(document.documentElement.lang || undefined);
  games.replaceChildren(h("h2", { id: "games-title" }, t("Recent games")), page.games.length ? h("ul", { class: "table-list" }, page.games.map(g => h("li", { class: "table-item" },
    h("div", { class: "top" }, h("strong", {}, gameInfo(g.game).name), h("span", { class: "muted" }, g.finished ? when(g.finished) : ""),
      g.rated ? h("span", { class: "status" }, t("rated")) : null),
    h("p", {}, g.won ? h("strong", {}, t("Won ★")) : g.place ? t("Place {place} of {seats}", { place: g.place, seats: g.seats }) : t("Not won"), " · ",
      t("{n} point", { n: g.points }, "{n} points"), g.rating !== null ? " · " : "", g.rating !== null ? t("rating {rating}", { rating: g.rating.toFixed(1) }) : ""),
    h("p", { class: "muted players" }, g.players.filter(Boolean).join(" · ")),
    h("div", { class: "buttons" }, h("a", { class: "button small", href: `/tables/${encodeURIComponent(g.table)}/replay` }, t("Replay")))))) : h("p", { class: "muted" }, t("No finished game yet.")));
}

// The rating from a new player's 0 through each rated game, as a small line: the lowest and
// highest shown beside it.
function curve(points, gameName) {
  const w = 300, hgt = 80, pad = 6;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
  svg.setAttribute("class", "rating-curve");
  svg.setAttribute("role", "img");
  const low = Math.min(...points), high = Math.max(...points);
  svg.setAttribute("aria-label", t("{game}: the rating from 0 to {last} over {n} rated games (lowest {low}, highest {high})",
    { game: gameName, n: points.length - 1, last: points[points.length - 1].toFixed(1), low: low.toFixed(1), high: high.toFixed(1) }));
  const span = high - low || 1;
  const x = i => pad + (points.length === 1 ? (w - 2 * pad) / 2 : i * (w - 2 * pad) / (points.length - 1));
  const y = v => hgt - pad - (v - low) * (hgt - 2 * pad) / span;
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  line.setAttribute("class", "curve-line");
  svg.append(line);
  points.forEach((v, i) => {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(i).toFixed(1)); dot.setAttribute("cy", y(v).toFixed(1)); dot.setAttribute("r", "2.5");
    dot.setAttribute("class", "curve-dot");
    svg.append(dot);
  });
  return h("div", { class: "curve-box" }, svg, h("div", { class: "curve-scale muted", "aria-hidden": "true" }, h("span", {}, high.toFixed(1)), h("span", {}, low.toFixed(1))));
}

init();
