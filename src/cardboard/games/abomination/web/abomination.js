// Abomination: The Heir of Frankenstein, drawn from the view alone (see cardboard/games/abomination/view.py
// and PROTOCOL.md). render(view, root, ui) draws the round, the story track and the event, the Paris
// board by location (spaces, meeples, police and event markers, cadavers, card rows), the Bribe & Bump
// track, your laboratory (dials, decomposition track, operating table, hand) and, in the player panels,
// every seat's lab in short. Legal moves map to clicks: a Paris space or a lab space (place), a part of
// the operating table (mark, build), a cube on the track (preserve, make fresher, keep fresh), a cadaver
// (resolve, take), a face-up card (hire, take), a card in hand (play, block, cancel, dice), a story
// entry's choice, a player panel (target). The shell's move buttons stay as the fallback for all.
import {Picker, h, injectCss, seatMark} from "/static/common.js";

injectCss("cardboard-css-abomination", new URL("./abomination.css", import.meta.url).href);

const LOCATIONS = {
  cemetery: "Cemetery", morgue: "Morgue", hospital: "Hospital", public_square: "Public Square", docks: "Docks",
  academy: "Academy of Science", saint_roch: "Saint-Roch", market: "Market", dark_alley: "Dark Alley",
};
// The order the locations are packed into the board's columns: tall ones beside short ones, so the
// columns come out about even (any other location of a user's content file goes at the end).
const PACK = ["hospital", "cemetery", "docks", "public_square", "academy", "dark_alley", "saint_roch", "market", "morgue"];
const ROWS = {docks: ["scoundrels", "Scoundrels"], academy: ["research", "Research"], saint_roch: ["humanity", "Humanity"]};
const MATERIALS = ["muscle", "organ", "blood", "animal"];
const MAT = {
  muscle: {code: "Mu", word: "muscle"}, organ: {code: "Or", word: "organ"}, blood: {code: "Bl", word: "blood"},
  animal: {code: "An", word: "animal"}, bone: {code: "Bo", word: "bone"},
};
const ROMAN = ["", "I", "II", "III", "IV"];
const FACE = {eye: {glyph: "◉", word: "eye"}, bolt: {glyph: "ϟ", word: "bolt"}, blank: {glyph: "□", word: "blank"}};
const PART_GLYPH = {empty: "", muscle: "▥", skin: "▣", alive: "★"};
const RULES = {
  space_cost_change: "a location's spaces cost more or less", market_price_change: "Market prices change",
  location_bonus: "a location gives a bonus", scientists_only: "only scientists may go to a location",
  no_bumping: "no meeple may be bumped", no_decay: "no decomposition at the reset",
  extra_decay: "labs without ice decompose twice at the reset",
};
const ICONS = {
  execution: ["⚔", "Execution: Public Square cadavers revealed"],
  lightning_storm: ["ϟ", "Lightning Storm: jars charged; jars bought this round come charged"],
};
const SCORE_ROWS = [["builds", "Parts built"], ["alive", "Alive parts"], ["objectives", "Objectives"],
  ["reputation", "Reputation dial"], ["expertise", "Expertise dial"], ["humanity", "Humanity dial"],
  ["humanity_bonus", "Humanity bonus"]];

const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : "");
const plural = (n, word, many = word + "s") => `${n} ${n === 1 ? word : many}`;
const signed = (n) => (n > 0 ? `+${n}` : String(n));
const locName = (id) => LOCATIONS[id] || String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
const nameOf = (ui, s) => (ui.names && ui.names[s]) || `Seat ${s + 1}`;

/** Titles of the move kinds for the shell's grouped lists. */
export const kinds = {
  place: "Place a meeple", pass: "Pass", pay_police: "Pay off a police marker", play: "Play a card",
  stay: "Leave it on the track", let_be: "Let it be", block: "Block the placement", hear: "Hear the encounter",
  cancel: "Cancel the encounter", target: "Choose the target", choose: "Choose", pay: "Pay", decline: "Decline",
  resolve: "Resolve a cadaver", take: "Take a cadaver", done: "Done", draw_card: "Take a card", hire: "Hire a scoundrel",
  buy: "Buy", done_buying: "Done buying", sell_bone: "Sell bone", restore: "Make a cube fresher",
  keep_fresh: "Keep a cube fresh", preserve: "Preserve a cube", mark: "Mark a part", build: "Build a part",
  throw: "Throw the switch", no_switch: "Do not throw the switch", accept: "Accept the roll",
  research_dice: "A research card on the dice", reroll: "Reroll", discard_cube: "Discard a cube",
};

/** Move kinds the board maps to clicks: the shell keeps their long lists folded (PROTOCOL.md). */
export const boardKinds = ["place", "build", "mark", "preserve", "restore", "keep_fresh", "discard_cube", "resolve", "take",
  "draw_card", "hire", "research_dice", "reroll", "choose", "target"];

// ------------------------------------------------------------------ prompt
export function prompt(view, ui) {
  const who = nameOf(ui, view.to_move);
  const d = view.decision || {};
  const legalKinds = new Set((ui.legal || []).map((l) => l.kind));
  const fam = cardFamily(view, ui);
  switch (view.deciding) {
    case "turn":
      return {you: legalKinds.has("place") ? "Place a meeple: click a highlighted space in Paris or in your lab."
        : "You have no meeple to place or no space to go to: pass (or play a card).",
      others: `${who} is placing a meeple…`};
    case "replace":
      return {you: "Your meeple was bumped: place it again at once, or leave it on the Bribe & Bump track.",
        others: `${who} may place a bumped meeple again…`};
    case "block":
      return {you: d.space_name
        ? `${nameOf(ui, d.placer)} placed ${d.meeple === "assistant" ? "an assistant" : "a scientist"} at ${d.space_name}, an immoral space: let it be, or send it back with a humanity card.`
        : "A meeple was placed at an immoral space: let it be, or send it back with a humanity card.",
        others: `${who} may answer the placement with a card…`};
    case "vigil":
      return {you: `An encounter is about to be read to you (${d.encounter || "?"}): hear it, or cancel it with a card.`,
        others: `${who} is about to hear an encounter…`};
    case "entry": {
      const e = d.entry || {};
      return {you: `Story entry ${e.number ?? "?"}, ${e.title || ""}: make your choice.`,
        others: `${who} is choosing in a story entry…`};
    }
    case "target":
      return {you: "As First Player, choose the target (click a player panel).", others: `${who} (First Player) is choosing a target…`};
    case "may_pay":
      return {you: "Pay for the extra effect, or decline.", others: `${who} may pay for an extra effect…`};
    case "restore":
      return {you: "Make a cube one stage fresher: click it on your decomposition track (or Done).", others: `${who} is making cubes fresher…`};
    case "skip":
      return {you: "Keep a cube fresh through the next decomposition: click it on your track (or Done).", others: `${who} is keeping cubes fresh…`};
    case "cadavers":
      return {you: "Resolve the cadavers you drew: each for its option or its materials. Done puts the rest back.",
        others: `${who} is looking at the cadavers drawn…`};
    case "take_cadaver":
      return {you: "Take a face-up cadaver: for its option or its materials.", others: `${who} is taking a cadaver…`};
    case "card":
      return {you: fam ? `Take a ${fam} card: click a face-up one or the deck, or decline.` : "Take a card from the row or the deck, or decline.",
        others: `${who} is taking a card…`};
    case "hire":
      return {you: "Hire a scoundrel: click one at the Docks, or decline.", others: `${who} is hiring a scoundrel…`};
    case "market":
      return {you: "Buy at the Market, then Done buying.", others: `${who} is buying at the Market…`};
    case "sell_bone":
      return {you: "Sell bone for francs: choose how many francs.", others: `${who} is selling bone…`};
    case "build":
      return {you: "Build monster parts: click a part of your operating table, then Done.", others: `${who} is working in the lab…`};
    case "switch":
      return {you: "Throw the switch with 1 to 3 charged jars, or not.", others: `${who} is working in the lab…`};
    case "dice":
      return {you: "The shock dice are rolled: accept them, or play a card to reroll.", others: `${who} is working in the lab…`};
    case "marker":
      return {you: d.marker
        ? `Choose the part of your operating table that takes the ${d.marker} marker${d.markers_left > 1 ? ` (${d.markers_left} to place)` : ""}.`
        : "Choose the part of your operating table that takes the marker.", others: `${who} is placing markers on the operating table…`};
    case "preserve":
      return {you: "Preserve muscle and organ cubes: click them on your track, then Done.", others: `${who} is working in the lab…`};
    case "overflow":
      return {you: `Stage ${ROMAN[d.stage] || "?"} of your decomposition track holds ${d.cubes ?? "too many"} cubes, ${d.limit ?? 15} at most: click a cube there to discard it.`,
        others: `${who} is discarding cubes from a full stage…`};
    case "lab":   // another seat's lab turn: its decisions stay hidden until the phase ends
      return {you: "Your move.", others: `${who} is working in the lab…`};
    case "reset_cards":
      return {you: "Play cards before the reset, or Done.", others: `${who} may play cards before the reset…`};
    default:
      return {you: "Your move.", others: `${who} is playing…`};
  }
}

/** Where the viewer's meeples stand (space id -> count), to see where its last one went. */
function myMeeples(view, seat) {
  const out = {};
  for (const s of ((view.board || {}).spaces || [])) out[s.id] = s.meeples.filter((m) => m.seat === seat).length;
  return out;
}
let lastTurn = null;  // {table, round, meeples}: the board as the viewer's last city turn began
let seenSpaces = null;  // {table, n, spaces: {id: "seat:meeple,..."}}: the last drawing's board, to mark what changed

/** The card family a "card" decision draws from. The view does not name it (decision.family is
 *  read if a later view adds it); else it is the one row the legal moves fit, or the row at the
 *  location where the viewer's last meeple went this city phase. null when unsure: then only the
 *  move buttons act, never a guess. */
function cardFamily(view, ui) {
  if (view.deciding !== "card" || !ui.legal) return null;
  const named = view.decision && view.decision.family;
  if (named) return named === "scoundrel" ? "scoundrels" : named;
  const draws = ui.legal.map((l) => l.move).filter((m) => m.kind === "draw_card");
  if (!draws.length) return null;
  const slots = new Set(draws.filter((m) => m.source === "row").map((m) => m.slot));
  const deck = draws.some((m) => m.source === "deck");
  const discards = new Set(draws.filter((m) => m.discard !== undefined && m.discard !== null).map((m) => m.discard));
  const me = (view.players || [])[ui.seat] || {};
  const fits = ["scoundrels", "research", "humanity"].filter((f) => {
    const row = ((view.board || {}).rows || {})[f];
    if (!row) return false;
    const filled = row.slots.map((c, i) => (c ? i : -1)).filter((i) => i >= 0);
    if (filled.length !== slots.size || !filled.every((i) => slots.has(i)) || deck !== row.deck > 0) return false;
    if (discards.size) {
      const hand = f === "research" ? me.research : f === "humanity" ? me.humanity_cards : null;
      if (!hand || ![...discards].every((c) => hand.some((x) => x.card === c))) return false;
    }
    return true;
  });
  if (fits.length === 1) return fits[0];
  if (fits.length > 1 && lastTurn && ui.table && lastTurn.table === ui.table.id && lastTurn.round === view.round
      && view.phase === "city") {
    const now = myMeeples(view, ui.seat);
    const added = Object.keys(now).filter((id) => now[id] > (lastTurn.meeples[id] || 0));
    const space = added.length === 1 ? ((view.board || {}).spaces || []).find((x) => x.id === added[0]) : null;
    const row = space && ROWS[space.location];
    if (row && fits.includes(row[0])) return row[0];
  }
  return null;
}

// ------------------------------------------------------------------ clickable pieces and the chooser
const picker = new Picker("am", draw);
const {clickable, movesWhere} = picker;

// ------------------------------------------------------------------ small pieces
function meepleEl(m, ui) {
  const mk = seatMark(m.seat);
  const word = m.meeple === "scientist" ? "scientist" : "assistant";
  return h("span", {class: `am-meeple am-${word}`, style: {"--seat": mk.colour}, title: `${nameOf(ui, m.seat)}'s ${word}`,
    role: "img", "aria-label": `${nameOf(ui, m.seat)}'s ${word}`},
  h("span", {class: "am-mglyph", "aria-hidden": "true"}, mk.glyph), h("span", {class: "am-mletter", "aria-hidden": "true"},
    word === "scientist" ? "S" : "a"));
}

function cube(material, count, stage = null) {
  const m = MAT[material] || {code: material.slice(0, 2), word: material};
  const words = `${count} ${m.word}${stage ? ` at stage ${ROMAN[stage]}` : ""}`;
  return h("span", {class: `am-cube m-${material}`, title: words, "aria-label": words},
    `${count} ${m.code}${stage ? " " + ROMAN[stage] : ""}`);
}

function cadaverEl(c, {moves = [], key = null, note = null} = {}) {
  const cost = [];
  if (c.cost && c.cost.humanity) cost.push(`−${c.cost.humanity} Humanity`);
  if (c.cost && c.cost.francs) cost.push(`${c.cost.francs} ₣`);
  const opt = c.option || {};
  const optText = `${signed(opt.amount || 0)} ${cap(opt.attribute || "?")}`;
  const short = (t) => t.replace("Humanity", "Hum").replace("Reputation", "Rep").replace("Expertise", "Exp");
  const mats = (c.materials || []).map((m) => cube(m.material, m.count, m.stage));
  const matText = (c.materials || []).map((m) => `${m.count} ${m.material}${m.stage ? " " + ROMAN[m.stage] : ""}`).join(", ");
  const full = `${c.name} — cost: ${cost.join(", ") || "none"}; then either ${optText} or ${matText}`;
  const el = h("div", {class: "am-cadaver", "data-cadaver": c.id, title: full},
    h("div", {class: "am-cname"}, c.name, note ? h("span", {class: "am-note"}, ` ${note}`) : null),
    h("div", {class: "am-cline"}, h("span", {class: "am-cost", title: "cost"}, cost.length ? short(cost.join(" ")) : "free"),
      h("span", {class: "am-or"}, "→"), h("span", {class: "am-opt", title: optText}, short(optText)), h("span", {class: "am-or"}, "or"), mats));
  if (moves.length) {
    const ui = picker.ctx.ui;
    const buttons = moves.map((i) => {
      const m = ui.legal[i].move;
      return h("button", {type: "button", class: "am-choice am-inline", "data-kind": m.kind, "data-i": i,
        title: ui.describe(ui.legal[i].label), disabled: ui.locked && ui.locked(), onclick: () => ui.pick(i)},
      m.take === "option" ? short(optText) : "Materials");
    });
    el.classList.add("am-live");
    el.append(h("div", {class: "am-cbuttons"}, buttons));
    if (key) el.dataset.ck = key;
  }
  return el;
}

function cardEl(card, family, {cls = "", hand = false} = {}) {
  if (!card) return h("div", {class: "am-card am-empty"}, "empty");
  return h("div", {class: `am-card f-${family} ${cls}${hand ? " in-hand" : ""}`, "data-card": card.card, "data-family": family,
    title: `${card.name}: ${card.text}`},
  h("div", {class: "am-cardname"}, card.name), h("div", {class: "am-cardtext"}, card.text));
}

function deckEl(n, label) {
  return h("span", {class: "am-deck", title: `${label}: ${plural(n, "card")} face down`}, h("span", {class: "am-back", "aria-hidden": "true"}), `${n}`);
}

// ------------------------------------------------------------------ render
export function render(view, root, ui) {
  if (view.deciding === "turn" && ui.seat !== null && ui.seat !== undefined && view.to_move === ui.seat) {
    lastTurn = {table: ui.table ? ui.table.id : null, round: view.round, meeples: myMeeples(view, ui.seat)};
  }
  picker.render(view, root, ui);
}

function spaceKeys(view) {
  const out = {};
  for (const s of ((view.board || {}).spaces || [])) out[s.id] = s.meeples.map((m) => `${m.seat}:${m.meeple}`).join(",");
  return out;
}

function draw(view, root, ui) {
  // the spaces whose meeples changed since the last picture (the last moves, marked on the board)
  const tableId = ui.table ? ui.table.id : null;
  const keys = spaceKeys(view);
  if (!seenSpaces || seenSpaces.table !== tableId || seenSpaces.n > ui.n) seenSpaces = {table: tableId, n: ui.n, spaces: keys, changed: new Set()};
  else if (seenSpaces.n !== ui.n) {
    const changed = new Set(Object.keys(keys).filter((id) => keys[id] !== seenSpaces.spaces[id] && keys[id].length >= (seenSpaces.spaces[id] || "").length));
    seenSpaces = {table: tableId, n: ui.n, spaces: keys, changed};
  }
  const wrap = h("div", {class: "am-root"});
  root.append(wrap);
  const me = ui.seat === null || ui.seat === undefined ? null : ui.seat;
  wrap.append(headStrip(view, ui));
  const decision = decisionZone(view, ui);
  if (decision) wrap.append(decision);
  wrap.append(paris(view, ui));
  const mine = me !== null ? (view.players || [])[me] : null;
  if (mine) wrap.append(myLab(view, mine, ui));
  // every seat in short, in the player panels (or on the board where there are none: the replay)
  const fallback = [];
  for (const p of view.players || []) {
    const target = ui.panel ? ui.panel(p.seat) : null;
    const info = seatInfo(view, p, ui);
    if (target) target.replaceChildren(info);
    else fallback.push(h("section", {class: "am-zone am-seatzone"}, h("h3", {}, nameOf(ui, p.seat)), info));
  }
  if (fallback.length) wrap.append(h("div", {class: "am-seats"}, fallback));
  picker.drawChooser(wrap);
}

// --- the top strip: round, story track, event, objectives, supply
function headStrip(view, ui) {
  const last = view.story_track || 13;
  const track = h("div", {class: "am-story", role: "img", "aria-label": `Story track: the Captain is on space ${view.captain} of ${last}; the skull at ${last} ends the game`},
    Array.from({length: last}, (_, k) => {
      const at = k + 1 === view.captain;
      return h("span", {class: `am-step${at ? " am-here" : ""}${k + 1 === last ? " am-skull" : ""}`, title: at ? `The Captain is on ${k + 1}` : `Space ${k + 1}`},
        k + 1 === last ? "☠" : String(k + 1), at ? h("span", {class: "am-captain", "aria-hidden": "true"}, "⚓") : null);
    }));
  const ev = view.event;
  const event = h("section", {class: "am-event", "aria-label": "Event in play"},
    ev ? [h("div", {class: "am-evname"}, h("b", {}, ev.name), h("span", {class: "am-muted"}, ` · ${ev.side} side · event deck ${view.event_deck}`),
      (ev.icons || []).map((i) => h("span", {class: "am-icon", title: (ICONS[i] || [0, i])[1]}, `${(ICONS[i] || ["•"])[0]} ${(ICONS[i] || [0, i])[1].split(":")[0]}`))),
    h("div", {class: "am-evtext"}, ev.text),
    ev.rules && ev.rules.length ? h("div", {class: "am-evrules"}, h("b", {}, "This round: "), ev.rules.map((r) => RULES[r] || r.replace(/_/g, " ")).join("; ")) : null]
      : h("div", {class: "am-muted"}, `No event in play this round · event deck ${view.event_deck}`));
  const objectives = h("section", {class: "am-objectives", "aria-label": "Bonus objectives, 10 VP each"},
    h("div", {class: "am-label"}, "Objectives · 10 VP"),
    (view.objectives || []).map((o) => h("div", {class: `am-obj${o.claimed_by.length ? " am-claimed" : ""}`,
      title: `${o.name}: ${o.timing === "first" ? "the first to meet it claims it" : "the most at the end of the game"}`},
    h("span", {}, o.name), h("span", {class: "am-muted"}, o.timing === "first" ? " first" : " most"),
    o.claimed_by.map((s) => h("span", {class: "am-claim", style: {"--seat": seatMark(s).colour}, title: `claimed by ${nameOf(ui, s)}`}, seatMark(s).glyph)))));
  const first = view.first_player;
  return h("div", {class: "am-head"},
    h("section", {class: "am-roundbox", "aria-label": "Round and story track"},
      h("div", {class: "am-round"}, h("b", {}, `Round ${view.round}`), ` · ${cap(view.phase)}`,
        first !== null && first !== undefined ? h("span", {class: "am-first", title: "First Player (the Creature meeple)"},
          " · ♛ ", nameOf(ui, first)) : null),
      track),
    event, objectives);
}

// --- what the viewer decides now, in full
function decisionZone(view, ui) {
  const d = view.decision;
  const board = view.board || {};
  if (!d) {
    if (typeof board.drawn === "number" && board.drawn > 0) {
      return h("section", {class: "am-zone am-decision am-quiet"}, `${nameOf(ui, view.to_move)} drew ${plural(board.drawn, "cadaver")} (face down to you).`);
    }
    return null;
  }
  const parts = [];
  if (d.kind === "dice") {
    const roll = d.roll || [];
    const rerolls = movesWhere((m) => (m.kind === "reroll" || m.kind === "research_dice") && Array.isArray(m.dice));
    parts.push(h("h3", {}, "Shock dice"), h("div", {class: "am-dice"}, roll.map((r, i) => {
      const f = FACE[r.face] || {glyph: "?", word: r.face};
      const el = h("span", {class: `am-die am-${r.colour} am-f-${r.face}`, "data-die": i, title: `${r.colour} die: ${f.word}`},
        h("span", {class: "am-dglyph", "aria-hidden": "true"}, f.glyph), h("span", {class: "am-dword"}, f.word));
      // a die is a target of the rerolls that include it (one move: at once; several: a chooser)
      const idx = rerolls.filter((k) => ui.legal[k].move.dice.includes(i));
      return clickable(el, idx, `Reroll the ${r.colour} ${f.word}`, `die:${i}`, {choiceText: (m) => diceText(m, roll)});
    })), h("div", {class: "am-small"}, "An eye brings a completed part alive; a bolt damages a part (and gives 1 Expertise)."
      + (rerolls.length ? " Click a die to reroll it." : "")));
  } else if (d.kind === "entry") {
    const e = d.entry || {};
    const byChoice = {};
    movesWhere((m) => m.kind === "choose").forEach((i) => { byChoice[ui.legal[i].move.choice] = i; });
    parts.push(h("h3", {}, `Story entry ${e.number}: ${e.title}`), h("p", {class: "am-entry"}, e.text),
      h("div", {class: "am-entry-choices"}, (e.choices || []).map((text, k) => {
        const i = byChoice[k];
        return h("button", {type: "button", class: "am-choice", "data-i": i, disabled: i === undefined || (ui.locked && ui.locked()),
          title: i === undefined ? "You do not meet this choice's condition" : text, onclick: () => { if (i !== undefined) ui.pick(i); }}, text);
      })));
  } else if (d.kind === "vigil") {
    parts.push(h("h3", {}, "An encounter"), h("p", {}, h("b", {}, d.encounter), " is about to be read to you. A card that cancels an encounter is highlighted in your hand."));
  } else if (d.kind === "target") {
    parts.push(h("h3", {}, "Choose the target"), h("p", {}, "Candidates: ", (d.candidates || []).map((s) => nameOf(ui, s)).join(", "), ". Click a player's panel or a button."));
  } else if (d.kind === "cadavers" && Array.isArray(board.drawn)) {
    parts.push(h("h3", {}, `You drew ${plural(board.drawn.length, "cadaver")}`),
      h("div", {class: "am-cadavers"}, board.drawn.map((c) => cadaverEl(c, {
        moves: movesWhere((m) => m.kind === "resolve" && m.card === c.id), key: `drawn:${c.id}`}))),
      h("div", {class: "am-small"}, "Each is resolved by paying its cost, then taking its option OR its materials. Done puts the rest back under the deck."));
  } else if (d.kind === "marker") {
    parts.push(h("p", {}, "Click a highlighted part of your operating table for the marker."));
  } else {
    return null;
  }
  return h("section", {class: "am-zone am-decision", "aria-label": "Your decision"}, parts);
}

// --- the Paris board
function paris(view, ui) {
  const board = view.board || {};
  const spaces = board.spaces || [];
  const order = PACK.filter((loc) => spaces.some((s) => s.location === loc));
  for (const s of spaces) if (!order.includes(s.location)) order.push(s.location);
  const markers = new Set(board.event_markers || []);
  const closedLocs = new Set(board.police || []);
  const bump = board.bump_track || {costs: [], meeples: []};
  const nextBump = bump.costs[bump.meeples.length];
  const tiles = order.map((loc) => {
    const here = spaces.filter((s) => s.location === loc);
    const closed = closedLocs.has(loc) || here.some((s) => s.closed);
    const body = [];
    for (const s of here) body.push(spaceEl(s, ui, nextBump));
    body.push(...locationExtras(view, loc, ui));
    return h("section", {class: `am-loc loc-${loc}${closed ? " am-closed" : ""}`, "data-location": loc, "aria-label": locName(loc)},
      h("header", {}, h("span", {class: "am-locname"}, locName(loc)),
        markers.has(loc) ? h("span", {class: "am-evmark", title: "Event marker: this round's event changes something here"}, "⚑ event") : null,
        closed ? h("span", {class: "am-police", title: "A police marker closes this location this round"}, "⊘ police") : null),
      body);
  });
  const bumpEl = h("section", {class: "am-loc am-bump", "aria-label": "Bribe and Bump track"},
    h("header", {}, h("span", {class: "am-locname"}, "Bribe & Bump")),
    h("div", {class: "am-bumps"}, bump.costs.map((cost, i) => h("div", {class: "am-bumpslot", title: `Bumping into this space costs ${cost} ₣, paid to the bumped meeple's owner`},
      h("span", {class: "am-bcost"}, `${cost} ₣`), bump.meeples[i] ? meepleEl(bump.meeples[i], ui) : h("span", {class: "am-free"})))),
    h("div", {class: "am-small am-muted"}, nextBump === undefined ? "Full: no more bumping this round." : `Next bump costs ${nextBump} ₣.`),
    h("div", {class: "am-label"}, "Supply"),
    h("div", {class: "am-supply am-small"}, Object.entries(board.supply || {}).map(([k, v]) => h("span", {}, `${cap(k)} ${v}`))));
  return h("section", {class: "am-paris", "aria-label": "Paris"}, tiles, bumpEl);
}

function spaceEl(s, ui, nextBump) {
  const slots = [];
  for (let k = 0; k < s.slots; k++) {
    const m = s.meeples[k];
    slots.push(m ? meepleEl(m, ui) : h("span", {class: "am-free", title: "free"}));
  }
  const sciOnly = s.who === "scientist";
  const fresh = seenSpaces && seenSpaces.changed && seenSpaces.changed.has(s.id);
  const el = h("div", {class: `am-space${s.closed ? " am-closed" : ""}${fresh ? " am-fresh" : ""}`, "data-space": s.id},
    h("span", {class: "am-sname"}, s.name),
    h("span", {class: "am-sinfo"},
      sciOnly ? h("span", {class: "am-sci", title: "Scientists only", role: "img", "aria-label": "scientists only"}, "S only") : null,
      s.cost ? h("span", {class: "am-price", title: `Costs ${s.cost} francs`}, `${s.cost} ₣`) : null,
      h("span", {class: "am-slots"}, slots)));
  const idx = movesWhere((m) => m.kind === "place" && m.space === s.id);
  const words = (m) => {
    let t = cap(m.meeple);
    if (m.bump !== undefined && m.bump !== null) {
      const o = s.meeples[m.bump];
      t += o ? `, bumping ${nameOf(ui, o.seat)}'s ${o.meeple} (${nextBump} ₣ to them)` : ", bumping";
    }
    return t;
  };
  return clickable(el, idx, `Place at ${s.name}`, `space:${s.id}`, {choiceText: words});
}

function locationExtras(view, loc, ui) {
  const board = view.board || {};
  const out = [];
  const decks = board.cadavers || {};
  const deck = decks[loc];
  if (deck) {
    const bits = [deckEl(deck.cards, `${locName(loc)} cadavers`)];
    if (deck.top) out.push(cadaverEl(deck.top, {note: "· top of the deck"}));
    const shown = deck.display || [];
    const stack = loc === "hospital";  // a face-up stack: its top is taken first
    shown.forEach((c, i) => {
      if (stack && i > 0) return;
      const take = movesWhere((m) => m.kind === "take" && m.card === c.id);
      out.push(cadaverEl(c, {moves: take, key: `shown:${c.id}`, note: stack ? "· top of the stack" : null}));
    });
    if (stack && shown.length > 1) {
      out.push(h("div", {class: "am-under am-small"}, "Under it: ", shown.slice(1).map((c, k) => [k ? ", " : "",
        h("span", {class: "am-uname", title: cadaverEl(c).title}, c.name)])));
    }
    out.push(h("div", {class: "am-deckline am-small"}, bits, " cadavers in the deck"));
  }
  const row = ROWS[loc];
  if (row) {
    const [family, title] = row;
    const r = (board.rows || {})[family];
    if (r) {
      const fam = cardFamily(view, ui);
      const cards = r.slots.map((c, slot) => {
        const el = cardEl(c, family);
        if (!c) return el;
        const idx = family === "scoundrels" ? movesWhere((m) => m.kind === "hire" && m.slot === slot)
          : fam === family ? movesWhere((m) => m.kind === "draw_card" && m.source === "row" && m.slot === slot) : [];
        return clickable(el, idx, `Take ${c.name}`, `row:${family}:${slot}`, {choiceText: (m) => discardText(view, ui, family, m)});
      });
      const deckIdx = fam === family ? movesWhere((m) => m.kind === "draw_card" && m.source === "deck") : [];
      const d = clickable(h("div", {class: "am-deckline am-small"}, deckEl(r.deck, `${title} deck`), ` ${title.toLowerCase()} in the deck`),
        deckIdx, `Take the top of the ${title.toLowerCase()} deck`, `deck:${family}`, {choiceText: (m) => discardText(view, ui, family, m)});
      out.push(h("div", {class: "am-row"}, cards), d);
    }
  }
  return out;
}

function discardText(view, ui, family, m) {
  const where = m.source === "deck" ? "The deck's top card" : `Face-up card ${m.slot + 1}`;
  if (m.discard === undefined || m.discard === null) return where;
  const me = (view.players || [])[ui.seat] || {};
  const hand = family === "research" ? me.research : me.humanity_cards;
  const card = (hand || []).find((c) => c.card === m.discard);
  return `${where}, discarding ${card ? card.name : "a card"}`;
}

// --- your laboratory
function dial(name, value, cls) {
  return h("div", {class: `am-dial ${cls}`, title: `${name} ${value}`}, h("span", {class: "am-dname"}, name), h("span", {class: "am-dval"}, cls === "d-humanity" ? signed(value) : String(value)));
}

function myLab(view, p, ui) {
  const s = p.seat;
  const score = (view.scores || [])[s];
  const lab = p.lab_spaces || {};
  const labSpace = (id) => {
    const occ = lab[id];
    const el = h("div", {class: "am-labspace", "data-space": id,
      title: id === "study" ? "Study: gain 1 Expertise, 2 with a scientist" : "Generator: charge 1 Leyden jar, 2 with a scientist"},
    h("span", {class: "am-sname"}, cap(id)), occ ? meepleEl({seat: s, meeple: occ}, ui) : h("span", {class: "am-free"}));
    return clickable(el, movesWhere((m) => m.kind === "place" && m.space === id), `Place in your ${cap(id)}`, `lab:${id}`,
      {choiceText: (m) => cap(m.meeple)});
  };
  const on = p.on_card || {};
  const onCard = [];
  for (let k = 0; k < on.scientists; k++) onCard.push(meepleEl({seat: s, meeple: "scientist"}, ui));
  for (let k = 0; k < on.assistants; k++) onCard.push(meepleEl({seat: s, meeple: "assistant"}, ui));
  const jars = p.jars || {};
  const pres = p.preserved || {};

  const left = h("div", {class: "am-labcol"},
    h("div", {class: "am-dials"}, dial("Humanity", p.humanity, "d-humanity"), dial("Reputation", p.reputation, "d-reputation"),
      dial("Expertise", p.expertise, "d-expertise")),
    h("div", {class: "am-stats"},
      h("span", {class: "am-stat", title: "francs"}, h("b", {}, `${p.francs} ₣`)),
      h("span", {class: "am-stat", title: "score so far"}, "Score ", h("b", {}, score ? String(score.total) : "?")),
      h("span", {class: "am-stat", title: "victory points from builds"}, `builds ${p.vp_track}`)),
    h("div", {class: "am-oncard", "aria-label": "Meeples on your character card"}, h("span", {class: "am-label"}, "On your card"),
      onCard.length ? onCard : h("span", {class: "am-muted am-small"}, "none")),
    h("div", {class: "am-labspaces"}, labSpace("study"), labSpace("generator")));

  const mid = h("div", {class: "am-labcol"}, h("div", {class: "am-label"}, "Decomposition track"),
    h("div", {class: "am-trackrow"}, trackGrid(p, ui, true),
      h("div", {class: "am-stats am-col am-small"},
        h("span", {class: "am-stat"}, cube("bone", p.bone), " bone"),
        h("span", {class: "am-stat", title: "preserved cubes never decay; they are sold at the Market"}, `Preserved: ${pres.muscle} Mu, ${pres.organ} Or`),
        p.kept_fresh ? h("span", {class: "am-stat", title: "cubes that skip the next decomposition"}, `Kept fresh: ${p.kept_fresh}`) : null,
        h("span", {class: "am-stat", title: "Leyden jars: charged ones power the switch"}, `Jars: ${jars.charged} charged, ${jars.uncharged} empty`),
        h("span", {class: "am-stat", title: "an ice block stops decomposition while it lasts"}, `Ice: ${p.ice}`),
        h("span", {class: `am-stat${p.police ? " am-warn" : ""}`, title: "police markers held"}, `Police: ${p.police}`))));

  const right = h("div", {class: "am-labcol"}, h("div", {class: "am-label"}, "Operating table"), operatingTable(p, ui, true));

  const hand = h("div", {class: "am-labcol am-handcol", "data-hand-seat": s, "aria-label": "Your hand"},
    h("div", {class: "am-label"}, `Your hand · ${(p.research || []).length} research · ${(p.humanity_cards || []).length} humanity (3 of each at most)`),
    h("div", {class: "am-hand"},
      (p.research || []).map((c) => handCard(c, "research", ui, view)),
      (p.humanity_cards || []).map((c) => handCard(c, "humanity", ui, view)),
      !(p.research || []).length && !(p.humanity_cards || []).length ? h("span", {class: "am-muted am-small"}, "No cards.") : null),
    (p.held || []).length ? h("div", {class: "am-held"}, h("span", {class: "am-label"}, "Encounters you hold secretly"),
      p.held.map((e) => h("div", {class: "am-enc", title: `${e.name}: triggers when another player goes to ${locName(e.trigger)}`},
        h("b", {}, e.name), ` · ${e.trigger === "now" ? "now" : locName(e.trigger)}`))) : null);

  return h("section", {class: "am-zone am-lab", "aria-label": "Your laboratory"},
    h("h3", {}, "Your laboratory · ", p.character_name, p.first_player ? " · ♛ First Player" : ""),
    h("div", {class: "am-labrow"}, left, mid, right, hand));
}

function handCard(c, family, ui, view) {
  const el = cardEl(c, family, {hand: true});
  const idx = movesWhere((m) => ["play", "block", "cancel", "research_dice"].includes(m.kind) && m.card === c.card
    && (m.kind !== "play" || m.family === family)
    && (m.kind !== "research_dice" || family === "research")
    && (!["block", "cancel"].includes(m.kind) || family === "humanity"));
  const roll = (view.decision && view.decision.roll) || [];
  const words = (m) => {
    if (m.kind === "research_dice") return diceText(m, roll);
    if (m.kind === "play") return `Play it: ${c.text}`;
    return ui.describe(ui.legal.find((l) => l.move === m).label);
  };
  return clickable(el, idx, c.name, `hand:${family}:${c.card}`, {choiceText: words});
}

function trackGrid(p, ui, mine) {
  const track = p.track || {};
  const cells = [h("span", {class: "am-th"}, "")];
  for (let st = 1; st <= 4; st++) cells.push(h("span", {class: "am-th"}, ROMAN[st]));
  for (const m of MATERIALS) {
    cells.push(h("span", {class: `am-th am-mat m-${m}`}, mine ? MAT[m].word : MAT[m].code));
    (track[m] || [0, 0, 0, 0]).forEach((n, k) => {
      const st = k + 1;
      const el = h("span", {class: `am-cell${n ? " am-has m-" + m : ""}`, "data-material": m, "data-stage": st,
        title: `${n} ${m} at stage ${ROMAN[st]}`}, n ? String(n) : "·");
      if (mine) {
        const idx = movesWhere((mv) => ["preserve", "restore", "keep_fresh", "discard_cube"].includes(mv.kind) && mv.material === m && mv.stage === st);
        clickable(el, idx, `${m} at stage ${ROMAN[st]}`, `cube:${m}:${st}`);
      }
      cells.push(el);
    });
  }
  return h("div", {class: `am-track${mine ? "" : " am-mini"}`, role: "table", "aria-label": "Decomposition track: material by stage, I freshest"}, cells);
}

const BODY = [[null, 0, null], [2, 1, 3], [4, null, 5]];  // slots: head, torso, arm, arm, leg, leg

function operatingTable(p, ui, mine) {
  const table = p.table || [];
  const grid = [];
  for (const row of BODY) {
    for (const slot of row) {
      if (slot === null || !table[slot]) { grid.push(h("span", {class: "am-gap"})); continue; }
      const t = table[slot];
      const dmg = t.damage ? ` · ${t.damage} damage` : "";
      const el = h("div", {class: `am-part st-${t.state}${t.damage ? " am-damaged" : ""}`, "data-slot": slot,
        title: `${cap(t.part)}: ${t.state}${dmg}`, "aria-label": `${cap(t.part)}: ${t.state}${dmg}`},
      h("span", {class: "am-pname"}, cap(t.part)),
      h("span", {class: "am-pstate"}, PART_GLYPH[t.state] ? h("span", {"aria-hidden": "true"}, PART_GLYPH[t.state] + " ") : null, t.state === "empty" ? "—" : t.state),
      t.damage ? h("span", {class: "am-dmg", title: plural(t.damage, "damage marker")}, "✖".repeat(t.damage)) : null);
      if (mine) {
        const idx = movesWhere((m) => (m.kind === "mark" || m.kind === "build") && m.slot === slot);
        clickable(el, idx, `${cap(t.part)}: build`, `part:${slot}`, {choiceText: (m) => buildText(m)});
      }
      grid.push(el);
    }
  }
  return h("div", {class: `am-optable${mine ? "" : " am-mini"}`, "aria-label": "Operating table"}, grid);
}

/** A reroll in words: which dice (the labels only count them), and with what. */
function diceText(m, roll) {
  const {ui, view} = picker.ctx;
  const card = m.kind === "research_dice" ? cardName(view, ui, m.card) : null;
  if (!m.dice) return `${card ? card + ": t" : "T"}urn a bolt into a blank`;
  const dice = m.dice.map((i) => (roll[i] ? `the ${roll[i].colour} ${roll[i].face}` : `die ${i + 1}`)).join(" and ");
  return card ? `${card}: reroll ${dice}` : `Your reroll: ${dice}`;
}

function cardName(view, ui, card) {
  const me = (view.players || [])[ui.seat] || {};
  const c = (me.research || []).find((x) => x.card === card);
  return c ? c.name : null;
}

function buildText(m) {
  if (m.kind !== "build") return "Mark it";
  const subs = ["muscle", "organ", "blood"].map((x, k) => (m.animal && m.animal[k] ? `${m.animal[k]} animal for ${x}` : null)).filter(Boolean);
  return `${m.side === "start" ? "Start (muscle)" : "Complete (skin)"} with stage ${ROMAN[m.stage]} materials${subs.length ? ` (${subs.join(", ")})` : ""}`;
}

// --- every seat in short (the player panels)
function seatInfo(view, p, ui) {
  const s = p.seat;
  const score = (view.scores || [])[s];
  const hiddenLab = view.phase === "lab" && !view.over && score === null;
  const on = p.on_card || {};
  const jars = p.jars || {};
  const lab = p.lab_spaces || {};
  const backs = (n, fam) => h("span", {class: `am-backs f-${fam}`, title: `${plural(n, fam + " card")} in hand`, "data-hand-size": n},
    Array.from({length: Math.min(n, 6)}, () => h("span", {class: "am-cardback", "aria-hidden": "true"})), ` ${n} ${fam}`);
  const target = movesWhere((m) => m.kind === "target" && m.seat === s);
  const info = h("div", {class: "am-seat", "data-seat-info": s},
    h("div", {class: "am-stats"},
      h("span", {class: "am-stat", title: "character"}, h("i", {}, p.character_name)),
      p.first_player ? h("span", {class: "am-stat", title: "First Player"}, "♛ First") : null,
      h("span", {class: "am-stat", title: "francs"}, h("b", {}, `${p.francs} ₣`)),
      h("span", {class: "am-stat", title: "score so far"}, "VP ", h("b", {}, score ? String(score.total) : "?"))),
    h("div", {class: "am-stats"},
      h("span", {class: "am-stat", title: "Humanity"}, `Hum ${signed(p.humanity)}`),
      h("span", {class: "am-stat", title: "Reputation"}, `Rep ${p.reputation}`),
      h("span", {class: "am-stat", title: "Expertise"}, `Exp ${p.expertise}`),
      h("span", {class: "am-stat", title: `${p.scientists} scientists, ${p.assistants} assistants; on the card now`},
        `Meeples ${on.scientists}S+${on.assistants}a of ${p.scientists}S+${p.assistants}a`)),
    h("div", {class: "am-seatlab"}, trackGrid(p, ui, false), operatingTable(p, ui, false),
      h("div", {class: "am-stats am-col am-small"},
        h("span", {}, `Bone ${p.bone}`), h("span", {}, `Pres ${p.preserved.muscle}+${p.preserved.organ}`),
        h("span", {}, `Jars ϟ${jars.charged}/${jars.charged + jars.uncharged}`), h("span", {}, `Ice ${p.ice}`),
        h("span", {class: p.police ? "am-warn" : ""}, `Police ${p.police}`),
        lab.study || lab.generator ? h("span", {}, [lab.study ? "Study" : null, lab.generator ? "Generator" : null].filter(Boolean).join(", ")) : null)),
    h("div", {class: "am-stats am-small"}, backs(p.research_count, "research"), backs(p.humanity_count, "humanity"),
      p.held_encounters ? h("span", {class: "am-stat", title: "encounters held secretly"}, `✉ ${p.held_encounters} held`) : null),
    seenInHand(p),
    hiddenLab ? h("div", {class: "am-small am-muted"}, "Lab work is hidden until the lab phase ends (shown as it began).") : null,
    view.over && p.research ? h("div", {class: "am-small"}, "Hand: ", [...p.research, ...(p.humanity_cards || [])].map((c) => c.name).join(", ") || "none") : null);
  if (target.length) {
    info.append(clickable(h("div", {class: "am-target"}, `Target ${nameOf(ui, s)}`), target, `Target ${nameOf(ui, s)}`, `target:${s}`));
  }
  return info;
}

// Cards another seat took from a face-up row in everyone's sight and still holds (AM-D-14).
function seenInHand(p) {
  const seen = [...(p.research_seen || []), ...(p.humanity_seen || [])];
  if (!seen.length) return null;
  return h("div", {class: "am-small", "aria-label": "cards seen going into the hand"},
    h("span", {class: "am-muted", title: "taken from a face-up row in everyone's sight; the rest of the hand is face down"}, "Seen in hand: "),
    seen.map((c) => c.name).join(", "));
}

// ------------------------------------------------------------------ end of game
export function scoreRows(breakdown) {
  const rows = SCORE_ROWS.map(([k, label]) => ({label, values: breakdown.map((b) => b[k] ?? 0), kind: "row"}));
  rows.push({label: "Total", values: breakdown.map((b) => b.total), kind: "total"});
  const players = picker.ctx && picker.ctx.view.over ? picker.ctx.view.players : null;
  if (players && players.length === breakdown.length) {
    rows.push({label: "Tie-breaker: alive parts", values: players.map((p) => (p.table || []).filter((t) => t.state === "alive").length), kind: "tie"});
    rows.push({label: "Tie-breaker: francs", values: players.map((p) => p.francs), kind: "tie"});
  }
  return rows;
}
