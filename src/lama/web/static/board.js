// The table's public parts, shared by the live table and the replay viewer: a panel per seat
// (name, cards, chips, points, status) and the middle (draw pile, top card, the stage, the llama
// row and the dice). `hands` (replay only) shows every seat's cards face up.

import { cardBack, cardFace, chip, die } from "./cards.js";
import { cardName, chipsOf, gameInfo, h, isCardGame } from "./common.js";

export function cardEl(code, game, attrs = {}, tag = "span") {
  const el = h(tag, { class: "card", ...attrs });
  if (tag === "span") {  // a picture named as it reads (a button's name is its caller's)
    el.setAttribute("role", "img");
    if (!attrs["aria-label"]) el.setAttribute("aria-label", cardName(code, game));
  }
  el.dataset.code = code;
  el.append(cardFace(code, gameInfo(game).llama));
  return el;
}

export function chipsEl(points, { magic = false, label = true } = {}) {
  const { black, white } = chipsOf(points);
  const words = [];
  const el = h("span", { class: "chips" });
  const stack = (kind, n) => {
    if (!n) return;
    const g = h("span", { class: "chip-stack" });
    for (let i = 0; i < Math.min(n, 5); i++) g.append(chip(kind));
    el.append(g);
    if (n > 1) el.append(h("span", { class: "times" }, `×${n}`));
  };
  stack("black", black); stack("white", white);
  if (black) words.push(`${black} black`);
  if (white) words.push(`${white} white`);
  if (magic) { el.append(h("span", { class: "chip-stack magic", title: "the magic chip" }, chip("magic"))); words.push("the magic chip"); }
  if (!black && !white && !magic) el.append(h("span", { class: "muted" }, "no chips"));
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", words.length ? `chips: ${words.join(", ")}` : "no chips");
  if (label) el.title = `${points} point${points === 1 ? "" : "s"}`;
  return el;
}

function backs(n, max = 9) {
  const el = h("span", { class: "backs", role: "img", "aria-label": `${n} card${n === 1 ? "" : "s"} face down` });
  for (let i = 0; i < Math.min(n, max); i++) el.append(h("span", { class: "card mini" }, cardBack()));
  if (n > max) el.append(h("span", { class: "more" }, `+${n - max}`));
  return el;
}

function smallCards(codes, game, label) {
  const el = h("span", { class: "small-cards", role: "group", "aria-label": label });
  for (const c of codes) el.append(cardEl(c, game, { class: "card small" }));
  if (!codes.length) el.append(h("span", { class: "muted" }, "no cards"));
  return el;
}

// One seat's panel. opts: names, seats (the state's seat facts), me, hands (all face up, or null), moved (seat that just moved)
export function seatPanel(view, s, opts) {
  const { names, seats, me, hands, moved, presence = true } = opts;  // presence: who is here (not in a replay)
  const fact = (seats && seats[s]) || {};
  const quit = view.quit[s];
  const dice = !isCardGame(view.game) && !(quit && s !== me);  // displays lie face up, until their seat quits (D3)
  const toMove = view.to_move === s && !view.finished;
  const n = dice ? (view.displays[s] || []).length : (view.hand_sizes[s] || 0);
  const bits = [];
  const tags = h("span", { class: "tags" });
  if (s === me) tags.append(h("span", { class: "tag you" }, "you"));
  if (fact.kind === "bot") tags.append(h("span", { class: "tag bot" }, `bot · ${fact.bot}`));
  if (fact.stand_in && presence) tags.append(h("span", { class: "tag bot" }, `${fact.stand_in} bot stands in`));
  if (fact.kind === "human" && !fact.stand_in && presence) {
    const on = fact.connected;
    tags.append(h("span", { class: `tag ${on ? "online" : "away"}`, title: on ? "connected" : "not connected" }, on ? "● online" : fact.taken ? "○ away" : "○ free seat"));
    if (!on) bits.push(fact.taken ? "away" : "free seat");
  }
  const status = h("div", { class: "badges" });
  if (toMove) { status.append(h("span", { class: "badge turn" }, "▶ to move")); bits.push("to move"); }
  if (quit) { status.append(h("span", { class: "badge quit" }, "quit")); bits.push("quit"); }
  if (view.magic_chip === s) bits.push("holds the magic chip");
  if (view.forced_draw === s) { status.append(h("span", { class: "badge forced" }, "must draw first")); bits.push("must draw first"); }
  const cards = hands && hands[s] && !dice ? smallCards(hands[s], view.game, `${names[s]}'s cards`)
    : dice ? smallCards(view.displays[s] || [], view.game, `${names[s]}'s display`) : backs(n);
  const pts = view.points[s];
  const label = `${names[s]}${s === me ? " (you)" : ""}${fact.kind === "bot" ? `, ${fact.bot} bot` : ""}: ${n} card${n === 1 ? "" : "s"}, ${pts} point${pts === 1 ? "" : "s"}${bits.length ? ", " + bits.join(", ") : ""}`;
  return h("article", { class: `seat${toMove ? " to-move" : ""}${quit ? " is-quit" : ""}${s === me ? " me" : ""}${moved === s ? " moved" : ""}`, "aria-label": label, dataset: { seat: s } },
    h("header", {}, h("span", { class: "seat-name" }, names[s]), tags),
    h("div", { class: "seat-cards" }, cards, dice ? null : h("span", { class: "count" }, `${n}`)),
    h("div", { class: "seat-foot" }, chipsEl(pts, { magic: view.magic_chip === s }), h("span", { class: "points" }, h("b", {}, pts), pts === 1 ? " pt" : " pts")),
    status);
}

// The middle of the table. opts: names, legal, actButton(action, el) to make a control live, fresh (top card changed), caption
export function middle(view, opts) {
  const { names, caption, fresh } = opts;
  const el = h("div", { class: "middle-inner" }, h("h2", { class: "sr-only" }, "On the table"));  // (h1, then h2: no level skipped)
  if (!isCardGame(view.game)) {  // the llama row and the dice
    const takes = new Map((opts.legal || []).filter(a => "take" in a).map(a => [a.take, a]));
    const row = h("div", { class: "row-cards", role: "group", "aria-label": "The llama row" });
    for (const c of view.row) {
      const a = takes.get(c);
      if (a && opts.actButton) row.append(opts.actButton(a, cardEl(c, view.game, { class: "card playable", "aria-label": `Take ${cardName(c, view.game)} from the llama row` }, "button")));
      else row.append(cardEl(c, view.game, { class: `card${takes.size ? " dim" : ""}` }));
    }
    if (!view.row.length) row.append(h("span", { class: "muted" }, "empty"));
    const roll = view.roll || [null, null, null];
    const dice = h("div", { class: `dice${fresh ? " fresh" : ""}`, role: "group", "aria-label": view.roll ? `The dice show ${view.roll.map(f => cardName(f, view.game)).join(", ")}` : "The dice have not been rolled yet" });
    roll.forEach((f, i) => dice.append(h("span", { class: "die", role: "img", "aria-label": `Die ${i + 1}: ${f ? cardName(f, view.game) : "not rolled"}` }, die(f))));
    const faces = h("details", { class: "faces" }, h("summary", {}, "Dice faces"),
      h("ul", {}, view.dice.map((d, i) => h("li", {}, `Die ${i + 1}: ${d.map(f => cardName(f, view.game)).join(" ")}`))));
    el.append(h("section", { class: "zone" }, h("h3", {}, "Llama row"), row),
      h("section", { class: "zone" }, h("h3", {}, view.roll ? "Last roll" : "Dice"), dice, faces));
  } else {
    const pile = h("div", { class: "pile", role: "img", "aria-label": `Draw pile: ${view.pile_size} card${view.pile_size === 1 ? "" : "s"}` });
    const depth = Math.min(4, Math.ceil(view.pile_size / 10));
    for (let i = 0; i < Math.max(1, depth); i++) pile.append(h("span", { class: "card", style: `--i:${i}` }, cardBack()));
    if (!view.pile_size) pile.classList.add("empty");
    const top = view.top ? cardEl(view.top, view.game, { class: `card top${fresh ? " fresh" : ""}`, "aria-label": `Top card: ${cardName(view.top, view.game)}`, id: "top-card" }) : h("span", { class: "card placeholder" });
    el.append(h("section", { class: "zone" }, h("h3", {}, "Draw pile"), pile, h("div", { class: "under" }, `${view.pile_size} card${view.pile_size === 1 ? "" : "s"}`)),
      h("section", { class: "zone" }, h("h3", {}, "Top card"), top, h("div", { class: "under" }, view.show ? `magic show: only a ${gameInfo(view.game).llama}` : view.top ? `play ${nextWords(view.top, view.game)}` : "")));
    if (view.stage) {
      const [w, b] = view.stage;
      const stage = h("div", { class: `stage${view.show ? " show" : ""}`, role: "img", "aria-label": `The stage: ${w + b} chip${w + b === 1 ? "" : "s"} (${w} white, ${b} black)${view.show ? "; a magic show is on" : ""}` });
      for (let i = 0; i < b; i++) stage.append(chip("black"));
      for (let i = 0; i < w; i++) stage.append(chip("white"));
      if (!w && !b) stage.append(h("span", { class: "muted" }, "empty"));
      const centre = view.magic_chip === null ? h("div", { class: "magic-centre", title: "The magic chip lies in the centre" }, chip("magic"), h("span", {}, "magic chip: free")) : h("div", { class: "magic-centre muted" }, `magic chip: ${names[view.magic_chip]}`);
      el.append(h("section", { class: "zone stage-zone" }, h("h3", {}, "Stage"), stage,
        h("div", { class: "under" }, view.show ? h("strong", { class: "show-note" }, "★ Magic show! Play a llama, take the stage or skip") : `${w + b}/5 chips until the show`), centre));
    }
  }
  if (caption) el.append(h("p", { class: "caption", "aria-live": "polite" }, caption));
  return el;
}

// What may go on the top card, in words ("5 or 6", "2, 3 or 4"): the values the game serves as its `next`.
export function nextWords(top, game) {
  const card = gameInfo(game).cardOf.get(top);
  const names = (card ? card.next : []).map(c => cardName(c, game));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names.join("");
}
