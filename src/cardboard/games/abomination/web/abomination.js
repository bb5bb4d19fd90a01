// Abomination: The Heir of Frankenstein, drawn from the view alone (see cardboard/games/abomination/view.py
// and PROTOCOL.md). render(view, root, ui) draws the round, the story track and the event, the Paris
// board by location (spaces, meeples, police and event markers, cadavers, card rows), the Bribe & Bump
// track, your laboratory (dials, decomposition track, operating table, hand) and, in the player panels,
// every seat's lab in short. Legal moves map to clicks: a Paris space or a lab space (place), a part of
// the operating table (mark, build), a cube on the track (preserve, make fresher, keep fresh), a cadaver
// (resolve, take), a face-up card (hire, take), a card in hand (play, block, cancel, dice), a story
// entry's choice, a player panel (target), a Market item (buy), your jars (throw), bone (sell), police
// markers (pay off), the Bribe & Bump track (stay). Placing a meeple ends the city turn and cannot be
// taken back: it is built on the board (the space, then the meeple and whom to bump, a ghost shows it)
// and sent with Confirm; Esc cancels. A board target that is not legal now asks the server why
// (ui.whyNot), never a silent click. Tooltips are common.js's tip(), never a title.
import {Picker, h, injectCss, onEscape, seatMark, tip} from "/static/common.js";

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
const MAT = {muscle: {word: "muscle"}, organ: {word: "organ"}, blood: {word: "blood"}, animal: {word: "animal"}, bone: {word: "bone"}};
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

/** Move kinds the board takes (PROTOCOL.md): every one has a place on the board. The status bar keeps
 *  only pass, done, decline, accept, let be, hear, no switch, done buying and pay. */
export const boardKinds = ["place", "build", "mark", "preserve", "restore", "keep_fresh", "discard_cube", "resolve", "take",
  "draw_card", "hire", "research_dice", "reroll", "choose", "target", "play", "block", "cancel", "buy", "sell_bone",
  "throw", "stay", "pay_police"];

// ------------------------------------------------------------------ prompt
export function prompt(view, ui) {
  const who = nameOf(ui, view.to_move);
  const d = view.decision || {};
  const legalKinds = new Set((ui.legal || []).map((l) => l.kind));
  const fam = cardFamily(view, ui);
  switch (view.deciding) {
    case "turn":
      return {you: legalKinds.has("place") ? "Place a meeple: click a lit space in Paris or in your lab."
        : "No meeple or no space to go to: pass (or play a card).",
      others: `${who} is placing a meeple…`};
    case "replace":
      return {you: "Your meeple was bumped: place it again, or click the Bribe & Bump track to leave it.",
        others: `${who} may place a bumped meeple again…`};
    case "block":
      return {you: d.space_name
        ? `${nameOf(ui, d.placer)} went to ${d.space_name}, an immoral space: let it be, or block it with a lit card.`
        : "A meeple went to an immoral space: let it be, or block it with a lit card.",
        others: `${who} may answer the placement with a card…`};
    case "vigil":
      return {you: `An encounter (${d.encounter || "?"}): hear it, or cancel it with a lit card.`,
        others: `${who} is about to hear an encounter…`};
    case "entry": {
      const e = d.entry || {};
      return {you: `Story entry ${e.number ?? "?"}, ${e.title || ""}: click your choice.`,
        others: `${who} is choosing in a story entry…`};
    }
    case "target":
      return {you: "As First Player, choose the target: click a player's panel.", others: `${who} (First Player) is choosing a target…`};
    case "may_pay":
      return {you: "Pay for the extra effect, or decline.", others: `${who} may pay for an extra effect…`};
    case "restore":
      return {you: "Make a cube one stage fresher: click it on your track, or Done.", others: `${who} is making cubes fresher…`};
    case "skip":
      return {you: "Keep a cube fresh: click it on your track, or Done.", others: `${who} is keeping cubes fresh…`};
    case "cadavers":
      return {you: "Resolve the cadavers you drew (option or materials), then Done.",
        others: `${who} is looking at the cadavers drawn…`};
    case "take_cadaver":
      return {you: "Take a lit face-up cadaver: for its option or its materials.", others: `${who} is taking a cadaver…`};
    case "card":
      return {you: fam ? `Take a ${fam} card: click a face-up one or the deck, or decline.` : "Take a card: click a lit card or deck, or decline.",
        others: `${who} is taking a card…`};
    case "hire":
      return {you: "Hire a scoundrel: click a lit one at the Docks, or decline.", others: `${who} is hiring a scoundrel…`};
    case "market":
      return {you: "Buy at the Market: click a lit item, then Done buying.", others: `${who} is buying at the Market…`};
    case "sell_bone":
      return {you: "Sell bone for francs: click your bone, then how many francs.", others: `${who} is selling bone…`};
    case "build":
      return {you: "Build parts: click a lit part of your operating table, then Done.", others: `${who} is working in the lab…`};
    case "switch":
      return {you: "Throw the switch: click your jars (1 to 3 charged), or do not.", others: `${who} is working in the lab…`};
    case "dice":
      return {you: "The shock dice: accept them, or click a lit die or card to reroll.", others: `${who} is working in the lab…`};
    case "marker":
      return {you: d.marker
        ? `Choose the part of your operating table that takes the ${d.marker} marker${d.markers_left > 1 ? ` (${d.markers_left} to place)` : ""}.`
        : "Choose the part of your operating table that takes the marker.", others: `${who} is placing markers on the operating table…`};
    case "preserve":
      return {you: "Preserve muscle and organ cubes: click them on your track, then Done.", others: `${who} is working in the lab…`};
    case "overflow":
      return {you: `Stage ${ROMAN[d.stage] || "?"} holds ${d.cubes ?? "too many"} cubes, ${d.limit ?? 15} at most: click one there to discard it.`,
        others: `${who} is discarding cubes from a full stage…`};
    case "lab":   // another seat's lab turn: its decisions stay hidden until the phase ends
      return {you: "Your move.", others: `${who} is working in the lab…`};
    case "reset_cards":
      return {you: "Play lit cards before the reset, or Done.", others: `${who} may play cards before the reset…`};
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

/** A piece with its tooltip beside it (never inside: a button in a button is not allowed). */
function tipped(el, text, label, cls = "") {
  return h("div", {class: `am-tipped ${cls}`}, el, tip(text, label));
}

/** A board target that is not legal now: a click asks the server why (the reason and its rule id go
 *  to the status bar). `move` is the fullest move the click names. Legal targets are left alone. */
function why(el, move) {
  const ui = picker.ctx.ui;
  if (!move || el.classList.contains("am-click") || ui.seat === null || ui.seat === undefined || ui.over || !ui.whyNot) return el;
  el.classList.add("am-why");
  el.dataset.why = move.kind;
  el.addEventListener("click", (e) => { e.stopPropagation(); ui.whyNot(move); });
  return el;
}

/** A lit target with its own action (not one of the Picker's): keyboard and pointer alike. */
function lit(el, label, key, act) {
  const ui = picker.ctx.ui;
  el.classList.add("am-click");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.ck = key;
  const go = (e) => { e.stopPropagation(); if (!(ui.locked && ui.locked())) act(); };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
  return el;
}

// --- a placement being built: the space chosen, then which meeple and whom to bump; Confirm sends it
let pending = null;  // {n, key, space, name, idx: [legal indices], sel: legal index}
onEscape(() => { if (pending) { const key = pending.key; pending = null; picker.redraw(); refocus(key); } });

function refocus(key) {
  requestAnimationFrame(() => {
    const el = document.querySelector(`.am-root [data-ck="${CSS.escape(key)}"]`);
    if (el) el.focus({preventScroll: true});
  });
}

function startPlacing(key, space, name, idx) {
  const ui = picker.ctx.ui;
  pending = {n: ui.n, key, space, name, idx, sel: idx[0]};
  picker.redraw();
}

/** The words of a placement choice: the meeple, and whom it bumps. */
function placeWords(view, ui, m) {
  const s = ((view.board || {}).spaces || []).find((x) => x.id === m.space);
  let t = cap(m.meeple);
  if (m.bump !== undefined && m.bump !== null && s) {
    const o = s.meeples[m.bump];
    const bump = (view.board || {}).bump_track || {costs: [], meeples: []};
    const cost = bump.costs[bump.meeples.length];
    t += o ? `, bumping ${nameOf(ui, o.seat)}'s ${o.meeple}${cost !== undefined ? ` (${cost} ₣ to them)` : ""}` : ", bumping";
  }
  return t;
}

function confirmBox(view, ui) {
  if (!pending) return null;
  const moves = pending.idx.map((i) => ({i, m: ui.legal[i].move}));
  const sel = moves.find((x) => x.i === pending.sel) || moves[0];
  const cost = (((view.board || {}).spaces || []).find((x) => x.id === pending.space) || {}).cost;
  const options = moves.length > 1 ? h("div", {class: "am-choices", role: "group", "aria-label": "Which meeple"},
    moves.map(({i, m}) => h("button", {type: "button", class: "am-choice am-option", "data-i": i, "aria-pressed": String(i === sel.i),
      onclick: () => { pending.sel = i; picker.redraw(); requestAnimationFrame(() => {
        const b = document.querySelector(`.am-confirm .am-option[data-i="${i}"]`); if (b) b.focus({preventScroll: true}); }); }},
    i === sel.i ? "● " : "○ ", placeWords(view, ui, m)))) : null;
  const words = `Place your ${sel.m.meeple} at ${pending.name}${cost ? ` (${cost} ₣)` : ""}`
    + (sel.m.bump !== undefined && sel.m.bump !== null ? `, ${placeWords(view, ui, sel.m).split(", ").slice(1).join(", ")}` : "");
  return h("section", {class: "am-confirm", role: "dialog", "aria-label": "Confirm the placement", "data-for": pending.key},
    h("div", {class: "am-confirm-text"}, h("b", {}, words), h("span", {class: "am-small am-muted"}, " · this ends your turn")),
    options,
    h("div", {class: "am-confirm-buttons"},
      h("button", {type: "button", class: "am-ok", "data-i": sel.i, disabled: ui.locked && ui.locked(),
        onclick: () => { const i = sel.i; pending = null; ui.pick(i); }}, "Confirm"),
      h("button", {type: "button", class: "am-cancel", onclick: () => { const key = pending.key; pending = null; picker.redraw(); refocus(key); }},
        "Cancel ", h("kbd", {}, "Esc"))));
}

function placeConfirm(root) {
  const box = confirmBox(picker.ctx.view, picker.ctx.ui);
  if (!box) return;
  root.append(box);
  requestAnimationFrame(() => {
    const anchor = root.querySelector(`[data-ck="${CSS.escape(pending ? pending.key : "")}"]`);
    if (anchor) {
      const r = root.getBoundingClientRect();
      const a = anchor.getBoundingClientRect();
      const w = Math.min(box.offsetWidth, r.width);
      box.style.top = `${a.bottom - r.top + 4}px`;
      box.style.left = `${Math.max(0, Math.min(a.left - r.left, r.width - w))}px`;
    }
    box.scrollIntoView({block: "nearest"});
    const ok = box.querySelector(".am-option[aria-pressed=true]") || box.querySelector(".am-ok");
    if (ok && !document.activeElement.closest?.(".am-confirm")) ok.focus({preventScroll: true});
  });
}

/** The placement a click on a space that is not lit would have asked for (for ui.whyNot). */
function placeGuess(view, ui, space, meeples = [], slots = 1) {
  const me = (view.players || [])[ui.seat] || {};
  const on = me.on_card || {};
  const d = view.decision || {};
  const meeple = view.deciding === "replace" && d.meeple ? d.meeple : on.scientists ? "scientist" : "assistant";
  const move = {kind: "place", space, meeple};
  const bumps = (ui.legal || []).some((l) => l.move.kind === "place" && l.move.bump !== undefined);
  if (meeples.length >= slots && bumps) {
    const k = meeples.findIndex((m) => m.seat !== ui.seat);
    move.bump = k >= 0 ? k : 0;
  }
  return move;
}

// ------------------------------------------------------------------ small pieces
function meepleEl(m, ui, extra = "") {
  const mk = seatMark(m.seat);
  const word = m.meeple === "scientist" ? "scientist" : "assistant";
  return h("span", {class: `am-meeple am-${word}${extra}`, style: {"--seat": mk.colour},
    role: "img", "aria-label": `${nameOf(ui, m.seat)}'s ${word}`},
  h("span", {class: "am-mglyph", "aria-hidden": "true"}, mk.glyph), h("span", {class: "am-mletter", "aria-hidden": "true"},
    word === "scientist" ? "S" : "a"));
}

function cube(material, count, stage = null) {
  const m = MAT[material] || {word: material};
  const words = `${count} ${m.word}${stage ? ` at stage ${ROMAN[stage]}` : ""}`;
  return h("span", {class: `am-cube m-${material}`, role: "img", "aria-label": words},
    `${count} ${m.word}${stage ? " " + ROMAN[stage] : ""}`);
}

function cadaverText(c) {
  const cost = [];
  if (c.cost && c.cost.humanity) cost.push(`−${c.cost.humanity} Humanity`);
  if (c.cost && c.cost.francs) cost.push(`${c.cost.francs} ₣`);
  const opt = c.option || {};
  const optText = `${signed(opt.amount || 0)} ${cap(opt.attribute || "?")}`;
  const matText = (c.materials || []).map((m) => `${m.count} ${m.material}${m.stage ? " at stage " + ROMAN[m.stage] : ""}`).join(", ");
  return {cost, optText, full: `${c.name}, a cadaver. Cost: ${cost.join(", ") || "none"}. Then either ${optText} or the materials: ${matText}.`};
}

function cadaverEl(c, {moves = [], key = null, note = null, whyMove = null} = {}) {
  const {cost, optText} = cadaverText(c);
  const mats = (c.materials || []).map((m) => cube(m.material, m.count, m.stage));
  const el = h("div", {class: "am-cadaver", "data-cadaver": c.id},
    h("div", {class: "am-cname"}, c.name, note ? h("span", {class: "am-note"}, ` ${note}`) : null),
    h("div", {class: "am-cline"}, h("span", {class: "am-cost"}, cost.length ? cost.join(", ") : "free"),
      h("span", {class: "am-or"}, "→"), h("span", {class: "am-opt"}, optText), h("span", {class: "am-or"}, "or"), mats));
  if (moves.length) {
    const ui = picker.ctx.ui;
    const buttons = moves.map((i) => {
      const m = ui.legal[i].move;
      const label = ui.describe(ui.legal[i].label);
      return h("button", {type: "button", class: "am-choice am-inline", "data-kind": m.kind, "data-i": i, "aria-label": label,
        disabled: ui.locked && ui.locked(), onclick: () => ui.pick(i)},
      m.take === "option" ? optText : "Materials");
    });
    el.classList.add("am-live");
    el.append(h("div", {class: "am-cbuttons"}, buttons));
    if (key) el.dataset.ck = key;
  } else if (whyMove) {
    why(el, whyMove);
  }
  return el;
}

function cardEl(card, family) {
  if (!card) return h("div", {class: "am-card am-empty"}, "empty");
  return h("div", {class: `am-card f-${family}`, "data-card": card.card, "data-family": family},
    h("div", {class: "am-cardname"}, card.name, card.cost ? h("span", {class: "am-price"}, ` · ${card.cost} ₣`) : null),
    h("div", {class: "am-cardtext"}, card.text));
}

const FAMILY_WORD = {scoundrels: "scoundrel", research: "research", humanity: "humanity"};
function cardTip(card, family) {
  const cost = card.cost ? ` Hiring costs ${card.cost} francs.` : "";
  return `${card.name} (${FAMILY_WORD[family] || family} card): ${card.text}${cost}`;
}

function deckEl(n, label) {
  return h("span", {class: "am-deck", role: "img", "aria-label": `${label}: ${plural(n, "card")} face down`},
    h("span", {class: "am-back", "aria-hidden": "true"}), `${n}`);
}

// ------------------------------------------------------------------ render
export function render(view, root, ui) {
  if (view.deciding === "turn" && ui.seat !== null && ui.seat !== undefined && view.to_move === ui.seat) {
    lastTurn = {table: ui.table ? ui.table.id : null, round: view.round, meeples: myMeeples(view, ui.seat)};
  }
  if (pending && (pending.n !== ui.n || !pending.idx.every((i) => ui.legal[i] && ui.legal[i].move.kind === "place"))) pending = null;
  picker.render(view, root, ui);
}

function spaceKeys(view) {
  const out = {};
  for (const s of ((view.board || {}).spaces || [])) out[s.id] = s.meeples.map((m) => `${m.seat}:${m.meeple}`).join(",");
  return out;
}

let shownLab = null;  // the move number at which the lab was last brought into sight

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
  const mine = me !== null ? (view.players || [])[me] : null;
  // your lab first when the decision is made there (the lab phase, the cubes, the switch, the dice)
  const labFirst = mine && ["build", "marker", "preserve", "restore", "skip", "overflow", "switch", "sell_bone", "dice", "reset_cards"].includes(view.deciding)
    && view.to_move === me;
  if (labFirst) {
    const lab = myLab(view, mine, ui);
    wrap.append(lab);
    if (shownLab !== ui.n) {  // a new decision in the lab: bring the lab into sight (once, not on every redraw)
      shownLab = ui.n;
      requestAnimationFrame(() => { if (lab.isConnected) lab.scrollIntoView({block: "nearest"}); });
    }
  }
  wrap.append(paris(view, ui));
  if (mine && !labFirst) wrap.append(myLab(view, mine, ui));
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
  placeConfirm(wrap);
}

// --- the top strip: round, story track, event, objectives
function headStrip(view, ui) {
  const last = view.story_track || 13;
  const track = h("div", {class: "am-story", role: "img", "aria-label": `Story track: the Captain is on space ${view.captain} of ${last}; the skull at ${last} ends the game`},
    Array.from({length: last}, (_, k) => {
      const at = k + 1 === view.captain;
      return h("span", {class: `am-step${at ? " am-here" : ""}${k + 1 === last ? " am-skull" : ""}`, "aria-hidden": "true"},
        k + 1 === last ? "☠" : String(k + 1), at ? h("span", {class: "am-captain"}, "⚓") : null);
    }));
  const ev = view.event;
  const icons = ((ev && ev.icons) || []).map((i) => {
    const [glyph, words] = ICONS[i] || ["•", cap(String(i).replace(/_/g, " "))];
    return tipped(h("span", {class: "am-icon"}, `${glyph} ${words.split(":")[0]}`), words, `About ${words.split(":")[0]}`, "am-inline");
  });
  const event = h("section", {class: "am-event", "aria-label": "Event in play"},
    ev ? [h("div", {class: "am-evname"}, h("b", {}, ev.name), h("span", {class: "am-muted"}, ` · ${ev.side} side · ${plural(view.event_deck, "card")} left in the event deck`), icons),
      h("div", {class: "am-evtext"}, ev.text),
      ev.rules && ev.rules.length ? h("div", {class: "am-evrules"}, h("b", {}, "This round: "), ev.rules.map((r) => RULES[r] || r.replace(/_/g, " ")).join("; ")) : null]
      : h("div", {class: "am-muted"}, `No event in play this round · ${plural(view.event_deck, "card")} left in the event deck`));
  const objectives = h("section", {class: "am-objectives", "aria-label": "Bonus objectives, 10 VP each"},
    h("div", {class: "am-label"}, "Objectives · 10 VP each"),
    (view.objectives || []).map((o) => {
      const how = o.timing === "first" ? "the first player to meet it claims it" : "the player with the most at the end of the game claims it";
      const who = o.claimed_by.length ? ` Claimed by ${o.claimed_by.map((s) => nameOf(ui, s)).join(", ")}.` : "";
      return tipped(h("div", {class: `am-obj${o.claimed_by.length ? " am-claimed" : ""}`},
        h("span", {}, o.name), h("span", {class: "am-muted"}, o.timing === "first" ? " · first" : " · most"),
        o.claimed_by.map((s) => h("span", {class: "am-claim", style: {"--seat": seatMark(s).colour}, role: "img", "aria-label": `claimed by ${nameOf(ui, s)}`}, seatMark(s).glyph))),
      `${o.name}: ${how}, for 10 VP.${who}`, `About the objective ${o.name}`);
    }));
  const first = view.first_player;
  return h("div", {class: "am-head"},
    h("section", {class: "am-roundbox", "aria-label": "Round and story track"},
      h("div", {class: "am-round"}, h("b", {}, `Round ${view.round}`), ` · ${cap(view.phase)} phase`,
        first !== null && first !== undefined ? h("span", {class: "am-first"}, " · First Player: ", nameOf(ui, first)) : null),
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
      const el = h("span", {class: `am-die am-${r.colour} am-f-${r.face}`, "data-die": i, role: "img", "aria-label": `${r.colour} die: ${f.word}`},
        h("span", {class: "am-dglyph", "aria-hidden": "true"}, f.glyph), h("span", {class: "am-dword"}, f.word));
      // a die is a target of the rerolls that include it (one move: at once; several: a chooser)
      const idx = rerolls.filter((k) => ui.legal[k].move.dice.includes(i));
      return clickable(el, idx, `Reroll the ${r.colour} ${f.word}`, `die:${i}`, {choiceText: (m) => diceText(m, roll)});
    })), h("div", {class: "am-small"}, "An eye brings a completed part alive; a bolt damages a part (and gives 1 Expertise)."
      + (rerolls.length ? " Click a lit die to reroll it." : "")));
  } else if (d.kind === "entry") {
    const e = d.entry || {};
    const byChoice = {};
    movesWhere((m) => m.kind === "choose").forEach((i) => { byChoice[ui.legal[i].move.choice] = i; });
    parts.push(h("h3", {}, `Story entry ${e.number}: ${e.title}`), h("p", {class: "am-entry"}, e.text),
      h("div", {class: "am-entry-choices"}, (e.choices || []).map((text, k) => {
        const i = byChoice[k];
        const b = h("button", {type: "button", class: "am-choice", "data-i": i, "data-kind": "choose",
          "aria-disabled": String(i === undefined), disabled: ui.locked && ui.locked(),
          onclick: () => { if (i !== undefined) ui.pick(i); else if (ui.whyNot) ui.whyNot({kind: "choose", entry: e.number, choice: k}); }}, text);
        return i === undefined ? tipped(b, "You do not meet this choice's condition.", "Why this choice is closed", "am-inline") : b;
      })));
  } else if (d.kind === "vigil") {
    parts.push(h("h3", {}, "An encounter"), h("p", {}, h("b", {}, d.encounter), " is about to be read to you. A card that cancels an encounter is lit in your hand."));
  } else if (d.kind === "target") {
    parts.push(h("h3", {}, "Choose the target"), h("p", {}, "Candidates: ", (d.candidates || []).map((s) => nameOf(ui, s)).join(", "), ". Click a lit player panel."));
  } else if (d.kind === "cadavers" && Array.isArray(board.drawn)) {
    parts.push(h("h3", {}, `You drew ${plural(board.drawn.length, "cadaver")}`),
      h("div", {class: "am-cadavers"}, board.drawn.map((c) => cadaverEl(c, {
        moves: movesWhere((m) => m.kind === "resolve" && m.card === c.id), key: `drawn:${c.id}`,
        whyMove: {kind: "resolve", card: c.id, take: "option"}}))),
      h("div", {class: "am-small"}, "Each is resolved by paying its cost, then taking its option or its materials. Done puts the rest back under the deck."));
  } else if (d.kind === "marker") {
    parts.push(h("p", {}, `Click a lit part of your operating table for the ${d.marker || ""} marker.`));
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
    for (const s of here) body.push(spaceEl(view, s, ui));
    body.push(...locationExtras(view, loc, ui));
    return h("section", {class: `am-loc loc-${loc}${closed ? " am-closed" : ""}`, "data-location": loc, "aria-label": locName(loc)},
      h("header", {}, h("span", {class: "am-locname"}, locName(loc)),
        markers.has(loc) ? tipped(h("span", {class: "am-evmark"}, "⚑ event"), "An event marker: this round's event changes something here.", `About the event marker at ${locName(loc)}`, "am-inline") : null,
        closed ? tipped(h("span", {class: "am-police"}, "⊘ police"), "A police marker closes this location this round.", `About the police at ${locName(loc)}`, "am-inline") : null),
      body);
  });
  // the Bribe & Bump track: a bumped meeple may stay on it (the "stay" move)
  const track = h("div", {class: "am-bumps"}, bump.costs.map((cost, i) => h("div", {class: "am-bumpslot", "aria-label": `Bumping costs ${cost} francs here`},
    h("span", {class: "am-bcost"}, `${cost} ₣`), bump.meeples[i] ? meepleEl(bump.meeples[i], ui) : h("span", {class: "am-free", "aria-hidden": "true"}))));
  const stay = movesWhere((m) => m.kind === "stay");
  const trackEl = stay.length ? clickable(track, stay, "Leave the meeple on the track", "bump:stay") : why(track, {kind: "stay"});
  const bumpEl = h("section", {class: "am-loc am-bump", "aria-label": "Bribe and Bump track"},
    h("header", {}, h("span", {class: "am-locname"}, "Bribe & Bump")),
    tipped(trackEl, "Bumping a meeple off a full space costs the next price on this track, paid to the bumped meeple's owner; the bumped meeple may be placed again at once or stay here.", "About the Bribe & Bump track"),
    h("div", {class: "am-small am-muted"}, nextBump === undefined ? "Full: no more bumping this round." : `Next bump costs ${nextBump} ₣.`),
    h("div", {class: "am-label"}, "Supply"),
    h("div", {class: "am-supply am-small"}, Object.entries(board.supply || {}).map(([k, v]) => h("span", {}, `${SUPPLY[k] || cap(k)}: ${v}`))),
    legend());
  return h("section", {class: "am-paris", "aria-label": "Paris"}, tiles, bumpEl);
}

const SUPPLY = {jars: "Leyden jars", ice: "Ice blocks", police: "Police markers", alive: "Alive markers", damage: "Damage markers"};

/** The board's few symbols, in words. */
function legend() {
  return h("div", {class: "am-legend am-small", "aria-label": "Key to the symbols"},
    h("div", {class: "am-label"}, "Key"),
    h("span", {}, h("b", {}, "S"), " scientist · ", h("b", {}, "a"), " assistant (in the seat's colour and mark)"),
    h("span", {}, "₣ francs · VP victory points · ⚓ the Captain · ☠ the game ends"),
    h("span", {}, "I–IV decomposition stages, I the freshest"));
}

function spaceEl(view, s, ui) {
  const isPending = pending && pending.space === s.id;
  const sel = isPending ? ui.legal[pending.sel].move : null;
  const slots = [];
  for (let k = 0; k < s.slots; k++) {
    const m = s.meeples[k];
    const bumped = sel && sel.bump === k;
    slots.push(m ? meepleEl(m, ui, bumped ? " am-bumped" : "") : h("span", {class: "am-free", "aria-hidden": "true"}));
  }
  if (isPending) slots.push(meepleEl({seat: ui.seat, meeple: sel.meeple}, ui, " am-ghost"));
  const sciOnly = s.who === "scientist";
  const fresh = seenSpaces && seenSpaces.changed && seenSpaces.changed.has(s.id);
  const el = h("div", {class: `am-space${s.closed ? " am-closed" : ""}${fresh ? " am-fresh" : ""}${isPending ? " am-pending" : ""}`, "data-space": s.id},
    h("span", {class: "am-sname"}, s.name),
    h("span", {class: "am-sinfo"},
      sciOnly ? h("span", {class: "am-sci"}, "scientists only") : null,
      s.cost ? h("span", {class: "am-price"}, `${s.cost} ₣`) : null,
      h("span", {class: "am-slots"}, slots)));
  const idx = movesWhere((m) => m.kind === "place" && m.space === s.id);
  const key = `space:${s.id}`;
  const name = `${s.location_name || locName(s.location)}: ${s.name}`;
  if (idx.length) lit(el, `Place a meeple at ${name}${s.cost ? ` (${s.cost} francs)` : ""}`, key, () => startPlacing(key, s.id, name, idx));
  else why(el, placeGuess(view, ui, s.id, s.meeples, s.slots));
  if (isPending) el.classList.add("am-chosen");
  const who = sciOnly ? " Scientists only." : "";
  const cost = s.cost ? ` Costs ${s.cost} francs.` : "";
  return tipped(el, `${name}: ${s.text || ""}${cost}${who}${s.immoral ? " An immoral space." : ""}`, `About ${s.name}`, "am-spacewrap");
}

const MARKET = [["jar", "Leyden jar", "A Leyden jar for your lab; charged jars power the switch."],
  ["ice", "Ice block", "An ice block stops decomposition while it lasts."],
  ["animal", "Animal cubes", "Animal cubes, fresh, for the decomposition track; a few a visit."]];

function locationExtras(view, loc, ui) {
  const board = view.board || {};
  const out = [];
  if (loc === "market") {
    out.push(h("div", {class: "am-shop", "aria-label": "The Market's goods"}, MARKET.map(([item, word, text]) => {
      const idx = movesWhere((m) => m.kind === "buy" && m.item === item);
      const el = h("div", {class: "am-good", "data-item": item}, word);
      if (idx.length) clickable(el, idx, `Buy ${word}`, `buy:${item}`);
      else why(el, {kind: "buy", item});
      return tipped(el, text, `About the ${word.toLowerCase()}`, "am-inline");
    })));
  }
  const decks = board.cadavers || {};
  const deck = decks[loc];
  if (deck) {
    const bits = [deckEl(deck.cards, `${locName(loc)} cadavers`)];
    if (deck.top) out.push(tipped(cadaverEl(deck.top, {note: "· top of the deck"}), cadaverText(deck.top).full, `About ${deck.top.name}`));
    const shown = deck.display || [];
    const stack = loc === "hospital";  // a face-up stack: its top is taken first
    shown.forEach((c, i) => {
      if (stack && i > 0) return;
      const take = movesWhere((m) => m.kind === "take" && m.card === c.id);
      out.push(tipped(cadaverEl(c, {moves: take, key: `shown:${c.id}`, note: stack ? "· top of the stack" : null,
        whyMove: {kind: "take", card: c.id, take: "option"}}), cadaverText(c).full, `About ${c.name}`));
    });
    if (stack && shown.length > 1) {
      out.push(h("div", {class: "am-under am-small"}, "Under it: ", shown.slice(1).map((c, k) => [k ? ", " : "",
        h("span", {class: "am-uname"}, c.name)])));
    }
    out.push(h("div", {class: "am-deckline am-small"}, bits, " cadavers in the deck"));
  }
  const row = ROWS[loc];
  if (row) {
    const [family, title] = row;
    const r = (board.rows || {})[family];
    const moveFamily = family === "scoundrels" ? "scoundrel" : family;
    if (r) {
      const fam = cardFamily(view, ui);
      const cards = r.slots.map((c, slot) => {
        const el = cardEl(c, family);
        if (!c) return el;
        const idx = family === "scoundrels" ? movesWhere((m) => m.kind === "hire" && m.slot === slot)
          : fam === family ? movesWhere((m) => m.kind === "draw_card" && m.source === "row" && m.slot === slot) : [];
        clickable(el, idx, `Take ${c.name}`, `row:${family}:${slot}`, {choiceText: (m) => discardText(view, ui, family, m)});
        why(el, family === "scoundrels" ? {kind: "hire", slot} : {kind: "draw_card", source: "row", slot, family: moveFamily});
        return tipped(el, cardTip(c, family), `About ${c.name}`);
      });
      const deckIdx = fam === family ? movesWhere((m) => m.kind === "draw_card" && m.source === "deck") : [];
      const d = clickable(h("div", {class: "am-deckline am-small"}, deckEl(r.deck, `${title} deck`), ` ${title.toLowerCase()} in the deck`),
        deckIdx, `Take the top of the ${title.toLowerCase()} deck`, `deck:${family}`, {choiceText: (m) => discardText(view, ui, family, m)});
      if (family !== "scoundrels") why(d, {kind: "draw_card", source: "deck", slot: 0, family: moveFamily});
      out.push(h("div", {class: "am-row"}, cards), d);
    }
  }
  return out;
}

function discardText(view, ui, family, m) {
  const where = m.source === "deck" ? "The deck's top card" : "This card";
  if (m.discard === undefined || m.discard === null) return where;
  const me = (view.players || [])[ui.seat] || {};
  const hand = family === "research" ? me.research : me.humanity_cards;
  const card = (hand || []).find((c) => c.card === m.discard);
  return `${where}, discarding ${card ? card.name : "a card"}`;
}

// --- your laboratory
function dial(name, value, cls) {
  return h("div", {class: `am-dial ${cls}`, role: "img", "aria-label": `${name} ${value}`},
    h("span", {class: "am-dname", "aria-hidden": "true"}, name), h("span", {class: "am-dval", "aria-hidden": "true"}, cls === "d-humanity" ? signed(value) : String(value)));
}

function myLab(view, p, ui) {
  const s = p.seat;
  const score = (view.scores || [])[s];
  const lab = p.lab_spaces || {};
  const labSpace = (id) => {
    const occ = lab[id];
    const isPending = pending && pending.space === id;
    const sel = isPending ? ui.legal[pending.sel].move : null;
    const el = h("div", {class: `am-labspace${isPending ? " am-pending am-chosen" : ""}`, "data-space": id},
      h("span", {class: "am-sname"}, cap(id)), occ ? meepleEl({seat: s, meeple: occ}, ui)
        : isPending ? meepleEl({seat: s, meeple: sel.meeple}, ui, " am-ghost") : h("span", {class: "am-free", "aria-hidden": "true"}));
    const idx = movesWhere((m) => m.kind === "place" && m.space === id);
    const key = `lab:${id}`;
    const name = `your lab's ${cap(id)}`;
    if (idx.length) lit(el, `Place a meeple in ${name}`, key, () => startPlacing(key, id, name, idx));
    else why(el, placeGuess(view, ui, id, occ ? [{seat: s}] : [], 1));
    return tipped(el, id === "study" ? "Study: gain 1 Expertise, 2 with a scientist." : "Generator: charge 1 Leyden jar, 2 with a scientist.",
      `About the ${cap(id)}`, "am-inline");
  };
  const on = p.on_card || {};
  const onCard = [];
  for (let k = 0; k < on.scientists; k++) onCard.push(meepleEl({seat: s, meeple: "scientist"}, ui));
  for (let k = 0; k < on.assistants; k++) onCard.push(meepleEl({seat: s, meeple: "assistant"}, ui));
  const jars = p.jars || {};
  const pres = p.preserved || {};

  const police = h("span", {class: `am-stat${p.police ? " am-warn" : ""}`}, `Police markers: ${p.police}`);
  const payPolice = movesWhere((m) => m.kind === "pay_police");
  if (payPolice.length) clickable(police, payPolice, "Pay off a police marker", "lab:police");
  else if (p.police) why(police, {kind: "pay_police"});
  const jarEl = h("span", {class: "am-stat"}, `Leyden jars: ${jars.charged} charged, ${jars.uncharged} empty`);
  const throws = movesWhere((m) => m.kind === "throw");
  if (throws.length) clickable(jarEl, throws, "Throw the switch", "lab:jars", {choiceText: (m) => `With ${plural(m.jars, "jar")}`});
  else if (jars.charged) why(jarEl, {kind: "throw", jars: 1});
  const boneEl = h("span", {class: "am-stat"}, cube("bone", p.bone), " bone");
  const sells = movesWhere((m) => m.kind === "sell_bone");
  if (sells.length) clickable(boneEl, sells, "Sell bone", "lab:bone", {choiceText: (m) => (m.francs ? `For ${plural(m.francs, "franc")}` : "Sell none")});

  const left = h("div", {class: "am-labcol"},
    h("div", {class: "am-dials"}, dial("Humanity", p.humanity, "d-humanity"), dial("Reputation", p.reputation, "d-reputation"),
      dial("Expertise", p.expertise, "d-expertise")),
    h("div", {class: "am-stats"},
      h("span", {class: "am-stat"}, h("b", {}, `${p.francs} ₣`)),
      h("span", {class: "am-stat"}, "Score ", h("b", {}, score ? String(score.total) : "?")),
      h("span", {class: "am-stat"}, `VP from builds: ${p.vp_track}`)),
    h("div", {class: "am-oncard", "aria-label": "Meeples on your character card"}, h("span", {class: "am-label"}, "On your card"),
      onCard.length ? onCard : h("span", {class: "am-muted am-small"}, "none")),
    h("div", {class: "am-labspaces"}, labSpace("study"), labSpace("generator")));

  const mid = h("div", {class: "am-labcol"}, h("div", {class: "am-label"}, "Decomposition track"),
    h("div", {class: "am-trackrow"}, trackGrid(view, p, ui, true),
      h("div", {class: "am-stats am-col am-small"},
        boneEl,
        h("span", {class: "am-stat"}, `Preserved: ${pres.muscle} muscle, ${pres.organ} organ`),
        p.kept_fresh ? h("span", {class: "am-stat"}, `Kept fresh: ${p.kept_fresh}`) : null,
        jarEl,
        h("span", {class: "am-stat"}, `Ice block: ${p.ice}`),
        police)));

  const right = h("div", {class: "am-labcol"}, h("div", {class: "am-label"}, "Operating table"), operatingTable(view, p, ui, true));

  const hand = h("div", {class: "am-labcol am-handcol", "data-hand-seat": s, "aria-label": "Your hand"},
    h("div", {class: "am-label"}, `Your hand · ${(p.research || []).length} research · ${(p.humanity_cards || []).length} humanity (3 of each at most)`),
    h("div", {class: "am-hand"},
      (p.research || []).map((c) => handCard(c, "research", ui, view)),
      (p.humanity_cards || []).map((c) => handCard(c, "humanity", ui, view)),
      !(p.research || []).length && !(p.humanity_cards || []).length ? h("span", {class: "am-muted am-small"}, "No cards.") : null),
    (p.held || []).length ? h("div", {class: "am-held"}, h("span", {class: "am-label"}, "Encounters you hold secretly"),
      p.held.map((e) => h("div", {class: "am-enc"},
        h("b", {}, e.name), ` · triggers when another player goes to ${e.trigger === "now" ? "any space (now)" : locName(e.trigger)}`))) : null);

  return h("section", {class: "am-zone am-lab", "aria-label": "Your laboratory"},
    h("h3", {}, "Your laboratory · ", p.character_name, p.first_player ? " · ♛ First Player" : ""),
    p.character_text ? h("div", {class: "am-small am-muted"}, p.character_text) : null,
    h("div", {class: "am-labrow"}, left, mid, right, hand));
}

function handCard(c, family, ui, view) {
  const el = cardEl(c, family);
  el.classList.add("in-hand");
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
  clickable(el, idx, c.name, `hand:${family}:${c.card}`, {choiceText: words});
  const kind = family === "humanity" && view.deciding === "block" ? "block" : family === "humanity" && view.deciding === "vigil" ? "cancel" : "play";
  why(el, kind === "play" ? {kind, family, card: c.card} : {kind, card: c.card});
  return tipped(el, cardTip(c, family), `About ${c.name}`);
}

const CUBE_KIND = {preserve: "preserve", restore: "restore", skip: "keep_fresh", overflow: "discard_cube"};

function trackGrid(view, p, ui, mine) {
  const track = p.track || {};
  const cells = [h("span", {class: "am-th", "aria-hidden": "true"}, "")];
  for (let st = 1; st <= 4; st++) cells.push(h("span", {class: "am-th", "aria-hidden": "true"}, ROMAN[st]));
  const kind = CUBE_KIND[view.deciding] || "preserve";
  for (const m of MATERIALS) {
    cells.push(h("span", {class: `am-th am-mat m-${m}`, "aria-hidden": "true"}, MAT[m].word));
    (track[m] || [0, 0, 0, 0]).forEach((n, k) => {
      const st = k + 1;
      const el = h("span", {class: `am-cell${n ? " am-has m-" + m : ""}`, "data-material": m, "data-stage": st, role: "img",
        "aria-label": `${n} ${m} at stage ${ROMAN[st]}`}, n ? String(n) : "·");
      if (mine) {
        const idx = movesWhere((mv) => ["preserve", "restore", "keep_fresh", "discard_cube"].includes(mv.kind) && mv.material === m && mv.stage === st);
        clickable(el, idx, `${m} at stage ${ROMAN[st]}`, `cube:${m}:${st}`);
        why(el, {kind, material: m, stage: st});
      }
      cells.push(el);
    });
  }
  return h("div", {class: `am-track${mine ? "" : " am-mini"}`, role: "group", "aria-label": `${mine ? "Your" : nameOf(ui, p.seat) + "'s"} decomposition track: material by stage, I freshest`}, cells);
}

const BODY = [[null, 0, null], [2, 1, 3], [4, null, 5]];  // slots: head, torso, arm, arm, leg, leg
const PART_WORD = {empty: "empty", muscle: "muscle side", skin: "skin side", alive: "alive"};

function operatingTable(view, p, ui, mine) {
  const table = p.table || [];
  const grid = [];
  for (const row of BODY) {
    for (const slot of row) {
      if (slot === null || !table[slot]) { grid.push(h("span", {class: "am-gap"})); continue; }
      const t = table[slot];
      const dmg = t.damage ? `, ${plural(t.damage, "damage marker")}` : "";
      const el = h("div", {class: `am-part st-${t.state}${t.damage ? " am-damaged" : ""}`, "data-slot": slot,
        role: "img", "aria-label": `${cap(t.part)}: ${PART_WORD[t.state] || t.state}${dmg}`},
      h("span", {class: "am-pname", "aria-hidden": "true"}, cap(t.part)),
      h("span", {class: "am-pstate", "aria-hidden": "true"}, PART_GLYPH[t.state] ? PART_GLYPH[t.state] + " " : null, t.state === "empty" ? "—" : PART_WORD[t.state]),
      t.damage ? h("span", {class: "am-dmg", "aria-hidden": "true"}, "✖".repeat(t.damage)) : null);
      if (mine) {
        const idx = movesWhere((m) => (m.kind === "mark" || m.kind === "build") && m.slot === slot);
        clickable(el, idx, `${cap(t.part)}: build`, `part:${slot}`, {choiceText: (m) => buildText(m)});
        why(el, view.deciding === "marker" ? {kind: "mark", slot}
          : {kind: "build", slot, side: t.state === "empty" ? "start" : "complete", stage: 1, animal: [0, 0, 0]});
      }
      grid.push(el);
    }
  }
  return h("div", {class: `am-optable${mine ? "" : " am-mini"}`, role: "group", "aria-label": "Operating table"}, grid);
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
  return `${m.side === "start" ? "Start (muscle side)" : "Complete (skin side)"} with stage ${ROMAN[m.stage]} materials${subs.length ? ` (${subs.join(", ")})` : ""}`;
}

// --- every seat in short (the player panels)
function seatInfo(view, p, ui) {
  const s = p.seat;
  const score = (view.scores || [])[s];
  const hiddenLab = view.phase === "lab" && !view.over && score === null;
  const on = p.on_card || {};
  const jars = p.jars || {};
  const lab = p.lab_spaces || {};
  const backs = (n, fam) => h("span", {class: `am-backs f-${fam}`, "data-hand-size": n, role: "img", "aria-label": `${plural(n, fam + " card")} in hand`},
    Array.from({length: Math.min(n, 6)}, () => h("span", {class: "am-cardback", "aria-hidden": "true"})), h("span", {"aria-hidden": "true"}, ` ${n} ${fam}`));
  const target = movesWhere((m) => m.kind === "target" && m.seat === s);
  const info = h("div", {class: "am-seat", "data-seat-info": s},
    h("div", {class: "am-stats"},
      h("span", {class: "am-stat"}, h("i", {}, p.character_name)),
      p.first_player ? h("span", {class: "am-stat"}, "♛ First Player") : null,
      h("span", {class: "am-stat"}, h("b", {}, `${p.francs} ₣`)),
      h("span", {class: "am-stat"}, "Score ", h("b", {}, score ? String(score.total) : "?"))),
    h("div", {class: "am-stats"},
      h("span", {class: "am-stat"}, `Humanity ${signed(p.humanity)}`),
      h("span", {class: "am-stat"}, `Reputation ${p.reputation}`),
      h("span", {class: "am-stat"}, `Expertise ${p.expertise}`)),
    h("div", {class: "am-stats am-small"},
      h("span", {class: "am-stat"}, `On the card: ${on.scientists} of ${plural(p.scientists, "scientist")}, ${on.assistants} of ${plural(p.assistants, "assistant")}`)),
    h("div", {class: "am-seatlab"}, trackGrid(view, p, ui, false), operatingTable(view, p, ui, false),
      h("div", {class: "am-stats am-col am-small"},
        h("span", {}, `Bone ${p.bone}`), h("span", {}, `Preserved ${p.preserved.muscle + p.preserved.organ}`),
        h("span", {}, `Jars ${jars.charged} charged of ${jars.charged + jars.uncharged}`), h("span", {}, `Ice ${p.ice}`),
        h("span", {class: p.police ? "am-warn" : ""}, `Police ${p.police}`),
        lab.study || lab.generator ? h("span", {}, "In the lab: " + [lab.study ? "Study" : null, lab.generator ? "Generator" : null].filter(Boolean).join(", ")) : null)),
    h("div", {class: "am-stats am-small"}, backs(p.research_count, "research"), backs(p.humanity_count, "humanity"),
      p.held_encounters ? h("span", {class: "am-stat"}, `✉ ${plural(p.held_encounters, "encounter")} held secretly`) : null),
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
    h("span", {class: "am-muted"}, "Seen in hand: "),
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
