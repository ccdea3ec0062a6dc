// The table's public parts, shared by the live table and the replay viewer: a panel per seat
// (name, cards, chips, points, status, the game's marks) and the middle (draw pile, top card, the
// game's zones and notes, the llama row and the dice). `hands` (replay only) shows every seat's
// cards face up. A game's own parts are drawn from its declarations (GET /api/games: `chips`,
// `marks`, `zones`, `notes`; lama.core.display), never named here.

import { cardBack, cardFace, chip, die } from "./cards.js";
import { botLevel, cardName, cardNames, chipsOf, gameInfo, h, isCardGame, notesAt, points as pointsText, saidText, t, viewSentence } from "./common.js";

export function cardEl(code, game, attrs = {}, tag = "span") {
  const el = h(tag, { class: "card", ...attrs });
  if (tag === "span") {  // a picture named as it reads (a button's name is its caller's)
    el.setAttribute("role", "img");
    if (!attrs["aria-label"]) el.setAttribute("aria-label", cardName(code, game));
  }
  el.dataset.code = code;
  const info = gameInfo(game);
  el.append(cardFace(code, info.llama, info.cardOf.get(code)?.effect));
  return el;
}

// The marks seat `s` shows (lama.core.display.Mark): those whose View field holds it.
export function marksOf(view, s) { return gameInfo(view.game).marks.filter(mark => view[mark.field] === s); }

// Points as chips of the game's colours (highest first), and a chip for each mark that has one.
export function chipsEl(points, game, { marks = [], label = true } = {}) {
  const words = [];
  const el = h("span", { class: "chips" });
  for (const { colour, points: worth, n } of chipsOf(points, game)) {
    if (!n) continue;
    const g = h("span", { class: "chip-stack" });
    for (let i = 0; i < Math.min(n, 5); i++) g.append(chip(colour, worth));
    el.append(g);
    if (n > 1) el.append(h("span", { class: "times" }, `×${n}`));
    const stack = `{n} ${colour}`;  // "{n} black": each colour's message is in lama.web.vocabulary
    words.push(t(stack, { n }));
  }
  for (const mark of marks.filter(m => m.chip)) {
    el.append(h("span", { class: "chip-stack mark", title: t(mark.label), dataset: { mark: mark.field } }, chip(mark.chip)));
    words.push(t(mark.label));
  }
  if (!words.length) el.append(h("span", { class: "muted" }, t("no chips")));
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", words.length ? t("chips: {chips}", { chips: words.join(", ") }) : t("no chips"));
  if (label) el.title = pointsText(points);
  return el;
}

function backs(n, max = 9) {
  const el = h("span", { class: "backs", role: "img", "aria-label": t("{n} card face down", { n }, "{n} cards face down") });
  for (let i = 0; i < Math.min(n, max); i++) el.append(h("span", { class: "card mini" }, cardBack()));
  if (n > max) el.append(h("span", { class: "more" }, `+${n - max}`));
  return el;
}

function smallCards(codes, game, label) {
  const el = h("span", { class: "small-cards", role: "group", "aria-label": label });
  for (const c of codes) el.append(cardEl(c, game, { class: "card small" }));
  if (!codes.length) el.append(h("span", { class: "muted" }, t("no cards")));
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
  if (s === me) tags.append(h("span", { class: "tag you" }, t("you")));
  if (fact.kind === "bot") tags.append(h("span", { class: "tag bot" }, t("bot · {level}", { level: botLevel(fact.bot) })));
  if (fact.stand_in && presence) tags.append(h("span", { class: "tag bot" }, t("{level} bot stands in", { level: botLevel(fact.stand_in) })));
  if (fact.kind === "human" && !fact.stand_in && presence) {
    const on = fact.connected;
    tags.append(h("span", { class: `tag ${on ? "online" : "away"}`, title: on ? t("connected") : t("not connected") }, on ? t("● online") : fact.taken ? t("○ away") : t("○ free seat")));
    if (!on) bits.push(fact.taken ? t("away") : t("free seat"));
  }
  const status = h("div", { class: "badges" });
  if (toMove) { status.append(h("span", { class: "badge turn" }, t("▶ to move"))); bits.push(t("to move")); }
  if (quit) { status.append(h("span", { class: "badge quit" }, t("quit"))); bits.push(t("quit")); }
  const marks = marksOf(view, s);
  for (const mark of marks) {
    if (mark.badge) status.append(h("span", { class: "badge mark", dataset: { mark: mark.field } }, t(mark.label)));
    bits.push(t(mark.label));
  }
  const cards = hands && hands[s] && !dice ? smallCards(hands[s], view.game, t("{name}'s cards", { name: names[s] }))
    : dice ? smallCards(view.displays[s] || [], view.game, t("{name}'s display", { name: names[s] })) : backs(n);
  const pts = view.points[s];
  const who = s === me ? t("{name} (you)", { name: names[s] }) : fact.kind === "bot" ? t("{name}, {level} bot", { name: names[s], level: botLevel(fact.bot) }) : names[s];
  const label = [t("{name}: {n} card", { name: who, n }, "{name}: {n} cards"), pointsText(pts), ...bits].join(", ");
  return h("article", { class: `seat${toMove ? " to-move" : ""}${quit ? " is-quit" : ""}${s === me ? " me" : ""}${moved === s ? " moved" : ""}`, "aria-label": label, dataset: { seat: s } },
    h("header", {}, h("span", { class: "seat-name" }, names[s]), tags),
    h("div", { class: "seat-cards" }, cards, dice ? null : h("span", { class: "count" }, `${n}`)),
    h("div", { class: "seat-foot" }, chipsEl(pts, view.game, { marks }), h("span", { class: "points" }, h("b", {}, pts), " ", h("span", { class: "unit" }, t("pt", { n: pts }, "pts")))),
    status);
}

// The middle of the table. opts: names, legal, actButton(action, el) to make a control live, fresh (top card changed), caption
export function middle(view, opts) {
  const { names, caption, fresh } = opts;
  const el = h("div", { class: "middle-inner" }, h("h2", { class: "sr-only" }, t("On the table")));  // (h1, then h2: no level skipped)
  if (!isCardGame(view.game)) {  // the llama row and the dice
    const takes = new Map((opts.legal || []).filter(a => "take" in a).map(a => [a.take, a]));
    const row = h("div", { class: "row-cards", role: "group", "aria-label": t("The llama row") });
    for (const c of view.row) {
      const a = takes.get(c);
      if (a && opts.actButton) row.append(opts.actButton(a, cardEl(c, view.game, { class: "card playable", "aria-label": t("Take {card} from the llama row", { card: cardName(c, view.game) }) }, "button")));
      else row.append(cardEl(c, view.game, { class: `card${takes.size ? " dim" : ""}` }));
    }
    if (!view.row.length) row.append(h("span", { class: "muted" }, t("empty")));
    const roll = view.roll || [null, null, null];
    const dice = h("div", { class: `dice${fresh ? " fresh" : ""}`, role: "group", "aria-label": view.roll ? t("The dice show {faces}", { faces: cardNames(view.roll, view.game) }) : t("The dice have not been rolled yet") });
    roll.forEach((f, i) => dice.append(h("span", { class: "die", role: "img", "aria-label": f ? t("Die {number}: {face}", { number: i + 1, face: cardName(f, view.game) }) : t("Die {number}: not rolled", { number: i + 1 }) }, die(f))));
    const faces = h("details", { class: "faces" }, h("summary", {}, t("Dice faces")),
      h("ul", {}, view.dice.map((d, i) => h("li", {}, t("Die {number}: {face}", { number: i + 1, face: d.map(f => cardName(f, view.game)).join(" ") })))));
    el.append(h("section", { class: "zone" }, h("h3", {}, t("Llama row")), row),
      h("section", { class: "zone" }, h("h3", {}, view.roll ? t("Last roll") : t("Dice")), dice, faces));
  } else {
    const pile = h("div", { class: "pile", role: "img", "aria-label": t("Draw pile: {n} card", { n: view.pile_size }, "Draw pile: {n} cards") });
    const depth = Math.min(4, Math.ceil(view.pile_size / 10));
    for (let i = 0; i < Math.max(1, depth); i++) pile.append(h("span", { class: "card", style: `--i:${i}` }, cardBack()));
    if (!view.pile_size) pile.classList.add("empty");
    const top = view.top ? cardEl(view.top, view.game, { class: `card top${fresh ? " fresh" : ""}`, "aria-label": t("Top card: {card}", { card: cardName(view.top, view.game) }), id: "top-card" }) : h("span", { class: "card placeholder" });
    el.append(h("section", { class: "zone" }, h("h3", {}, t("Draw pile")), pile, h("div", { class: "under" }, t("{n} card", { n: view.pile_size }, "{n} cards"))),
      h("section", { class: "zone" }, h("h3", {}, t("Top card")), top, h("div", { class: "under" }, notesAt("top", view, names)[0] || (view.top ? t("play {cards}", { cards: nextWords(view.top, view.game) }) : ""))));
  }
  el.append(...gameInfo(view.game).zones.map(zone => zoneEl(view, zone, names)).filter(Boolean));
  for (const note of notesAt("middle", view, names)) el.append(h("p", { class: "caption note" }, note));
  if (caption) el.append(h("p", { class: "caption", "aria-live": "polite" }, caption));
  return el;
}

// A public part of the middle kept in one View field (lama.core.display.Zone): its chips drawn by
// the declared (index, colour) pairs, named by its `said`; the line under it (its `alert` case
// highlighted, as the whole zone while its `alert` field is true); a sentence beside it, with a
// chip while its field holds no seat.
function zoneEl(view, zone, names) {
  const counts = view[zone.field];
  if (!counts) return null;
  const said = (entry) => saidText(viewSentence(entry, view, names));
  const alert = !!(zone.alert && view[zone.alert]);
  const worth = new Map(gameInfo(view.game).chips.map(c => [c.colour, c.points]));
  const chips = h("div", { class: `zone-chips${alert ? " alert" : ""}`, role: "img", "aria-label": said(zone.said) || t(zone.title) });
  for (const [i, colour] of zone.chips) for (let k = 0; k < (counts[i] || 0); k++) chips.append(chip(colour, worth.get(colour) ?? null));
  if (!chips.children.length) chips.append(h("span", { class: "muted" }, t("empty")));
  const under = zone.under && viewSentence(zone.under, view, names);
  const aside = zone.aside && said(zone.aside);
  const [chipField, chipColour] = zone.aside_chip || [];
  const free = chipField && (view[chipField] ?? null) === null;
  return h("section", { class: "zone chip-zone", dataset: { zone: zone.field } }, h("h3", {}, t(zone.title)), chips,
    under ? h("div", { class: "under" }, under.alert ? h("strong", { class: "alert-note" }, saidText(under)) : saidText(under)) : null,
    aside ? h("div", { class: `zone-aside${free ? "" : " muted"}` }, free ? chip(chipColour) : null, free ? h("span", {}, aside) : aside) : null);
}

// What may go on the top card, in words ("5 or 6", "2, 3 or 4"): the values the game serves as its `next`.
export function nextWords(top, game) {
  const card = gameInfo(game).cardOf.get(top);
  const names = (card ? card.next : []).map(c => cardName(c, game));
  return names.length > 1 ? t("{cards} or {last}", { cards: names.slice(0, -1).join(", "), last: names[names.length - 1] }) : names.join("");
}

