// The replay of a finished table (/tables/{ID}/replay): every move, every hand face up.

import { cardEl, middle, seatPanel } from "./board.js";
import { className, classOf, reviewPanel } from "./review.js";
import {
  $, andList, api, applyTheme, endedText, gameInfo, h, languageSwitch, loadGames, moveText, seatNames, showRules, startLanguage, t, themeButton,
} from "./common.js";

applyTheme();
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
let steps = [], names = [], at = 0, timer = 0, facts = null;
let moveAt = [], dealAt = [];  // the step of each record move (0-based over all rounds), of each round's deal

function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[at], v = step.view, game = v.game;
  document.documentElement.dataset.step = at;
  $("#slider").value = at;
  const prev = at > 0 ? steps[at - 1].view : null;
  const ended = prev && v.history.length > prev.history.length ? v.history[v.history.length - 1] : null;
  const movedSeat = step.move ? step.move.seat : null;
  $("#seats").replaceChildren(...names.map((_, s) => seatPanel(v, s, { names, seats: facts.seats, me: null, hands: ended ? null : v.hands, moved: movedSeat, presence: false })));
  const parts = [];
  if (ended) {
    const r = v.history.length - 1;
    const start = gameInfo(game).start_points;
    const before = r > 0 ? v.history[r - 1].scores : ended.scores.map(() => start);
    parts.push(h("section", { class: "panel" }, h("h2", {}, t("Round {round}: {ended}", { round: r + 1, ended: endedText(ended, null, names, game) })),
      h("div", { class: "recap-wrap" }, h("table", { class: "recap" },
        h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Cards left")), h("th", {}, t("Penalty")), h("th", {}, t("Points")))),
        h("tbody", {}, ended.scores.map((s, k) => h("tr", {}, h("th", { scope: "row" }, names[k]),
          h("td", {}, h("span", { class: "small-cards" }, (ended.hands[k] || []).map(c => cardEl(c, game, { class: "card small" })))),
          h("td", { class: "num" }, `+${ended.penalties[k]}`), h("td", { class: "num" }, `${before[k]} → `, h("b", {}, s)))))))));
    if (v.finished) {
      const p = { n: v.points[v.winners[0]], winner: names[v.winners[0]], winners: andList(v.winners.map(w => names[w])) };
      parts.push(h("p", { class: "caption" }, v.winners.length === 1 ? t("Game over. {winner} wins with {n} point.", p, "Game over. {winner} wins with {n} points.")
        : t("Game over. {winners} win with {n} point.", p, "Game over. {winners} win with {n} points.")));
    }
  }
  parts.push(middle(v, { names, legal: [], caption: moveText(step.move, game, names) || t("Round {round} is dealt.", { round: step.round + 1 }) }));
  $("#middle").replaceChildren(...parts);
  const where = { round: step.round + 1, move: steps.slice(0, at + 1).filter(s => s.round === step.round && s.move).length, step: at + 1, steps: steps.length };
  $("#where").textContent = step.move ? t("Round {round}, move {move} · step {step} of {steps}", where) : t("Round {round}, the deal · step {step} of {steps}", where);
  $("#title").replaceChildren(h("span", { class: "game-name" }, t("Replay: {game}", { game: gameInfo(game).name })), h("span", { class: "sub" }, names.join(", ")));
  const log = $("#log");
  log.replaceChildren(...steps.map((s, k) => [s, k]).filter(([s, k]) => s.round === step.round && s.move && k <= at).map(([s, k]) => {
    const c = classOf(moveAt.indexOf(k));  // (its class, once the game is reviewed)
    return h("li", {}, moveText(s.move, game, names), c ? h("span", { class: `tag class-${c}` }, " ", className(c)) : null);
  }));
  log.scrollTop = log.scrollHeight;
  $("#first").disabled = $("#prev").disabled = at === 0;
  $("#last").disabled = $("#next").disabled = at === steps.length - 1;
}

function play() {
  if (timer) { clearInterval(timer); timer = 0; } else timer = setInterval(() => { if (at >= steps.length - 1) play(); else show(at + 1); }, 900);
  playButton();
}

function playButton() {
  $("#play").textContent = timer ? t("❚❚ Pause") : t("▶ Play");
  $("#play").setAttribute("aria-label", timer ? t("Pause the automatic play") : t("Play automatically"));  // (a name says what the button shows)
}

async function start() {
  await startLanguage();
  $("#top-tools").append(languageSwitch(() => { playButton(); if (steps.length) { show(at); words(); } }), themeButton());
  try {
    facts = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
    steps = data.steps;
  steps.forEach((s, k) => { if (s.move) moveAt.push(k); else dealAt[s.round] = k; });
    const players = data.record.players;  // the record's names; the seats' facts say which are bots
    names = seatNames(facts.seats && facts.seats.length === players.length ? facts.seats : players.map(name => ({ name })));
    await loadGames();
  } catch (e) {
    document.documentElement.dataset.status = "missing";
    $("#middle").replaceChildren(h("div", { class: "panel" }, h("h2", {}, t("No replay")), h("p", {}, e.code === "not_finished" ? t("The game is still being played: the replay opens once it is over.") : e.message),
      h("p", {}, h("a", { href: `/tables/${tableId}` }, t("Go to the table")), " · ", h("a", { href: "/" }, t("the lobby")))));
    return;
  }
  document.documentElement.dataset.status = "finished";
  $("#top-tools").prepend(h("button", { type: "button", class: "icon-btn", id: "rules-button", onclick: () => showRules(facts.game) }, "?"));
  $("#mine").append(h("p", { class: "buttons", id: "download" }));
  words();
  $("#slider").max = steps.length - 1;
  $("#slider").addEventListener("input", e => show(Number(e.target.value)));
  $("#first").onclick = () => show(0);
  $("#prev").onclick = () => show(at - 1);
  $("#next").onclick = () => show(at + 1);
  $("#last").onclick = () => show(steps.length - 1);
  $("#play").onclick = play;
  document.addEventListener("keydown", ev => {
    if (ev.target && ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 }[ev.key];
    if (to !== undefined) { show(to); ev.preventDefault(); }
    else if (ev.key === " ") { play(); ev.preventDefault(); }
  });
  reviewPanel($("#review"), tableId, names, (move, round) => show(move !== null && move !== undefined ? moveAt[move] : dealAt[round]), () => show(at));
  show(0);
}

// The words drawn once (again after a switch of language).
function words() {
  document.title = t("Replay · {game} · lama", { game: gameInfo(facts.game).name });
  $("#rules-button").setAttribute("aria-label", t("Rules"));
  $("#download").replaceChildren(
    h("a", { class: "button", href: `/api/tables/${encodeURIComponent(tableId)}/record?download=1`, download: `lama-${facts.game}-${tableId}.record.json` }, t("Download the record")),
    h("span", { class: "muted" }, " ", t("(lama replay reads it in the terminal)")));
}

start();
