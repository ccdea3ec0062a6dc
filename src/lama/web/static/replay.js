// The replay of a finished table (/tables/{ID}/replay): every move, every hand face up.

import { cardEl, middle, seatPanel } from "./board.js";
import { $, aCard, api, applyTheme, cardName, endedText, gameInfo, h, loadGames, plural, seatNames, showRules, themeButton } from "./common.js";

applyTheme();
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
let steps = [], names = [], at = 0, timer = 0, facts = null;

function moveText(move, game) {
  if (!move) return null;
  const n = names[move.seat];
  if ("play" in move) return `${n} played ${aCard(move.play, game)}` + (move.give !== undefined && move.give !== null ? ` and gave a chip to ${names[move.give]}` : "") + ".";
  if ("draw" in move) return `${n} drew ${aCard(move.draw, game)}.`;
  if (move.quit) return `${n} quit the round.`;
  if (move.skip) return `${n} skipped with the magic chip.`;
  if (move.take_stage) return `${n} took the stage.`;
  if ("roll" in move) {
    let t = `${n} rolled ${move.roll.map(f => cardName(f, game)).join(", ")}`;
    if (move.discard) t += ` and discarded ${move.discard.map(c => cardName(c, game)).join(", ")}`;
    else if (move.take) t += ` and took ${aCard(move.take, game)} from the row`;
    else if (move.roll.every(f => f === "L")) t += ": three llamas!";
    else t += ": bust!";
    return t + ".";
  }
  return JSON.stringify(move);
}

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
    parts.push(h("section", { class: "panel" }, h("h2", {}, `Round ${r + 1}: ${endedText(ended, null, names, game)}`),
      h("div", { class: "recap-wrap" }, h("table", { class: "recap" },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Cards left"), h("th", {}, "Penalty"), h("th", {}, "Points"))),
        h("tbody", {}, ended.scores.map((s, k) => h("tr", {}, h("th", { scope: "row" }, names[k]),
          h("td", {}, h("span", { class: "small-cards" }, (ended.hands[k] || []).map(c => cardEl(c, game, { class: "card small" })))),
          h("td", { class: "num" }, `+${ended.penalties[k]}`), h("td", { class: "num" }, `${before[k]} → `, h("b", {}, s)))))))));
    if (v.finished) parts.push(h("p", { class: "caption" }, `Game over. ${v.winners.map(w => names[w]).join(" and ")} ${v.winners.length === 1 ? "wins" : "win"} with ${plural(v.points[v.winners[0]], "point")}.`));
  }
  parts.push(middle(v, { names, legal: [], caption: moveText(step.move, game) || `Round ${step.round + 1} is dealt.` }));
  $("#middle").replaceChildren(...parts);
  $("#where").textContent = `Round ${step.round + 1}, ${step.move ? `move ${steps.slice(0, at + 1).filter(s => s.round === step.round && s.move).length}` : "the deal"} · step ${at + 1} of ${steps.length}`;
  $("#title").replaceChildren(h("span", { class: "game-name" }, `Replay: ${gameInfo(game).name}`), h("span", { class: "sub" }, names.join(", ")));
  const log = $("#log");
  log.replaceChildren(...steps.map((s, k) => [s, k]).filter(([s, k]) => s.round === step.round && s.move && k <= at).map(([s]) => h("li", {}, moveText(s.move, game))));
  log.scrollTop = log.scrollHeight;
  $("#first").disabled = $("#prev").disabled = at === 0;
  $("#last").disabled = $("#next").disabled = at === steps.length - 1;
}

function play() {
  if (timer) { clearInterval(timer); timer = 0; $("#play").textContent = "▶ Play"; $("#play").setAttribute("aria-label", "Play automatically"); return; }
  $("#play").textContent = "❚❚ Pause";
  $("#play").setAttribute("aria-label", "Pause the automatic play");  // (a name says what the button shows)
  timer = setInterval(() => { if (at >= steps.length - 1) play(); else show(at + 1); }, 900);
}

async function start() {
  $("#top-tools").append(themeButton());
  try {
    facts = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
    steps = data.steps;
    names = seatNames(data.record.players.map(name => ({ name })));
    await loadGames();
  } catch (e) {
    document.documentElement.dataset.status = "missing";
    $("#middle").replaceChildren(h("div", { class: "panel" }, h("h2", {}, "No replay"), h("p", {}, e.code === "not_finished" ? "The game is still being played: the replay opens once it is over." : e.message),
      h("p", {}, h("a", { href: `/tables/${tableId}` }, "Go to the table"), " · ", h("a", { href: "/" }, "the lobby"))));
    return;
  }
  document.documentElement.dataset.status = "finished";
  document.title = `Replay · ${facts.name} · lama`;
  $("#top-tools").prepend(h("button", { type: "button", class: "icon-btn", "aria-label": "Rules", onclick: () => showRules(facts.game) }, "?"));
  $("#mine").append(h("p", { class: "buttons" },
    h("a", { class: "button", href: `/api/tables/${encodeURIComponent(tableId)}/record?download=1`, download: `lama-${facts.game}-${tableId}.record.json` }, "Download the record"),
    h("span", { class: "muted" }, " (lama replay reads it in the terminal)")));
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
  show(0);
}

start();
