// Hideous Abomination: the table drawn from the view alone (see PROTOCOL.md).
//
// render(view, root, ui) draws the die, the buffet piles and the deck, the Awards and Grand
// Prizes, your hand and every seat's abomination on its slab; prompt(view, ui) names who
// must do what. The board takes every move (`boardKinds`): a pile or the deck (draw, dig), a
// hand tile then a highlighted cell, ghosted there, turned and placed with Confirm (play), a
// hand tile then a pile and Confirm (discard), an opponent's tile (steal), a seam (bolt), dug
// tiles (dig). A target that is not legal asks the server why (`ui.whyNot`). The shell's
// folded list of all moves stays as the fallback.

import {h, hideTip, injectCss, keepFocus, onEscape, seatMark, svg as s, tipsOn} from "/static/common.js";

injectCss("cardboard-css-ha", new URL("./hideous-abomination.css", import.meta.url).href);

// Tile colours: a fill dark enough for white text (≥4.5:1) AND a 2-letter code.
const COLOURS = {
  red: {fill: "#b3261e", code: "Re", family: "Beasts"},
  orange: {fill: "#a64b00", code: "Or", family: "Demons"},
  yellow: {fill: "#7a5c00", code: "Ye", family: "Swarm"},
  green: {fill: "#1e7b34", code: "Gr", family: "Trolls"},
  teal: {fill: "#0f6b64", code: "Te", family: "Deep Ones"},
  blue: {fill: "#1f5fbf", code: "Bl", family: "Night-Fliers"},
  purple: {fill: "#6d3fb5", code: "Pu", family: "Eldritch"},
  pink: {fill: "#b0246a", code: "Pi", family: "Stitched"},
  wild: {fill: "#3a3340", code: "Wi", family: "wild (any colour)"},
};
const colourOf = (c) => COLOURS[c] || {fill: "#555", code: (c || "??").slice(0, 2), family: c || "?"};
const SIDES = ["N", "E", "S", "W"];
const SIDE_WORD = {N: "top", E: "right", S: "bottom", W: "left"};
const STEP = {N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1]};
const OPP = {N: "S", E: "W", S: "N", W: "E"};
const DIE = {draw: "Draw", dig: "Dig", award: "Award", steal: "Steal", go_mad: "Go Mad!"};
const DIE_GLYPH = {draw: "⇩", dig: "⤓", award: "◆", steal: "⇆", go_mad: "✺"};
const DIE_TEXT = {
  draw: "Draw two tiles, from the tops of the piles or blind from the deck.",
  dig: "Take one buffet pile and pick any two of its tiles.",
  award: "Reveal an Award, then Draw.",
  steal: "Take a body part from another's abomination; its owner gets two bolts.",
  go_mad: "Choose any of the four actions.",
};
const ENDED = {completion: "an abomination is complete", exhaustion: "the deck ran out", safety: "the turn limit was reached"};

/** Printed sides turned clockwise by quarter turns (N -> E -> S -> W). */
function rotateSides(sides, quarter) {
  const set = new Set([...(sides || "")].map((x) => SIDES[(SIDES.indexOf(x) + quarter) % 4]));
  return SIDES.filter((x) => set.has(x)).join("");
}

const nameOf = (ui, seat) => (ui.names && ui.names[seat]) || `Seat ${seat + 1}`;
const who = (ui, seat) => (seat === ui.seat ? "You" : nameOf(ui, seat));
const describe = (ui, text) => (ui && typeof ui.describe === "function" ? ui.describe(text) : text);
const ck = (at) => `${at[0]},${at[1]}`;
/** A cell counted from the torso, as the move labels and the log name it. */
function cellText([r, c]) {
  if (!r && !c) return "the torso's cell";
  const parts = [];
  if (r) parts.push(`${Math.abs(r)} ${r < 0 ? "above" : "below"}`);
  if (c) parts.push(`${Math.abs(c)} ${c < 0 ? "left" : "right"}`);
  return parts.join(" and ") + (c ? " of the torso" : " the torso");
}
/** The cell a log line names ("2 above and 1 left of the torso"). */
function parseWhere(text) {
  if (/^the torso's cell/.test(text)) return [0, 0];
  const v = /(\d+) (above|below)/.exec(text), h2 = /(\d+) (left|right)/.exec(text);
  if (!v && !h2) return null;
  return [v ? (v[2] === "above" ? -v[1] : +v[1]) : 0, h2 ? (h2[2] === "left" ? -h2[1] : +h2[1]) : 0];
}
const ICON_ONE = {eyes: "eye", teeth: "tooth", ears: "ear", noses: "nose", horns: "horn", digits: "digit", spikes: "spike",
  tentacles: "tentacle"};
/** A tile by what is printed on it, as the move labels name it ("the red fur head (2 eyes)"). */
function tileName(tile, icons = true) {
  if (!tile) return "a tile";
  const at = Object.entries(tile.attributes || {}).filter(([, v]) => v).map(([k, v]) => `${v} ${v === 1 ? ICON_ONE[k] || k : k}`);
  return `the ${tile.colour} ${tile.texture ? tile.texture + " " : ""}${tile.type}` + (icons && at.length ? ` (${at.join(", ")})` : "");
}

function tileWords(tile, loose) {
  if (!tile) return "empty";
  const c = colourOf(tile.colour);
  const attrs = Object.entries(tile.attributes || {}).filter(([, v]) => v).map(([k, v]) => `${k} ${v}`).join(", ");
  const sides = loose ?? tile.sides ?? "";
  const name = tileName(tile, false);
  return name.charAt(0).toUpperCase() + name.slice(1) +
    `, loose ends ${sides ? [...sides].map((x) => SIDE_WORD[x]).join(", ") : "none"}` +
    (attrs ? `; ${attrs}` : "") + (tile.colour !== "wild" && c.family ? `; ${c.family}` : "");
}

const typeName = (tile) => (tile ? (tile.torso ? "torso" : tile.type || "?") : "?");

/** A tile's face: colour fill (patchwork for wild), a limb from the centre to each loose
 *  side ending in a notch on the edge, then its colour code and type as text. */
function tileFace(tile, loose, opts = {}) {
  const c = colourOf(tile && tile.colour);
  const wild = tile && tile.colour === "wild";
  const svg = s("svg", {viewBox: "0 0 100 100", class: "ha-tile-svg", "aria-hidden": "true", focusable: "false",
    preserveAspectRatio: "none"});
  if (wild) {
    const fills = ["#7d2a6e", "#2a4f7d", "#2f6b3a", "#7a4a12"];
    [[0, 0], [50, 0], [0, 50], [50, 50]].forEach(([x, y], i) =>
      svg.append(s("rect", {x, y, width: 50, height: 50, fill: fills[i]})));
  } else {
    svg.append(s("rect", {x: 0, y: 0, width: 100, height: 100, fill: c.fill}));
  }
  svg.append(s("rect", {x: 1, y: 1, width: 98, height: 98, fill: "none", stroke: "rgba(0,0,0,.55)", "stroke-width": 2}));
  const sides = loose ?? (tile && tile.sides) ?? "";
  for (const side of sides) {
    const [dx, dy] = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]}[side];
    svg.append(s("line", {x1: 50, y1: 50, x2: 50 + dx * 50, y2: 50 + dy * 50, stroke: "rgba(255,255,255,.33)",
      "stroke-width": 30, "stroke-linecap": "butt"}));
    // the notch: a bright bar across the edge where the artwork meets it
    const nx = 50 + dx * 47, ny = 50 + dy * 47;
    svg.append(s("line", {x1: nx - (dy ? 17 : 0), y1: ny - (dx ? 17 : 0), x2: nx + (dy ? 17 : 0), y2: ny + (dx ? 17 : 0),
      stroke: "#fff", "stroke-width": 6, "stroke-linecap": "round"}));
  }
  svg.append(s("circle", {cx: 50, cy: 50, r: sides.length ? 19 : 24, fill: "rgba(0,0,0,.28)"}));
  const kids = [svg,
    h("span", {class: "ha-code" + (wild ? " ha-code-wild" : "")}, c.code),
    h("span", {class: "ha-type"}, h("span", {class: "ha-type-full"}, typeName(tile)),
      h("span", {class: "ha-type-abbr", "aria-hidden": "true"}, typeName(tile).slice(0, 3)))];
  return kids;
}

/** Cells not joined to the torso (0,0) by loose-to-loose seams: cut off by thievery. */
function cutOff(seat) {
  const cells = new Map((seat.abomination || []).map((p) => [ck(p.at), {at: p.at, loose: p.loose || ""}]));
  if (!cells.has("0,0")) return new Set();
  const seen = new Set(["0,0"]), todo = ["0,0"];
  while (todo.length) {
    const cur = cells.get(todo.pop());
    for (const side of cur.loose) {
      const [dr, dc] = STEP[side];
      const k = ck([cur.at[0] + dr, cur.at[1] + dc]);
      const next = cells.get(k);
      if (next && !seen.has(k) && next.loose.includes(OPP[side])) { seen.add(k); todo.push(k); }
    }
  }
  return new Set([...cells.keys()].filter((k) => !seen.has(k)));
}

/** The last move in the log: what kind, who, where. */
function lastMove(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const line = log[i];
    let m;
    if ((m = /^seat (\d+) plays .+ on seat (\d+)'s abomination, (.+)$/.exec(line)) && parseWhere(m[3])) {
      return {kind: "play", actor: +m[1], seat: +m[2], at: parseWhere(m[3]), text: line};
    }
    if ((m = /^seat (\d+) steals .+ from seat (\d+)'s abomination, (.+?);/.exec(line)) && parseWhere(m[3])) {
      return {kind: "steal", actor: +m[1], seat: +m[2], at: parseWhere(m[3]), text: line};
    }
    if ((m = /^seat (\d+) bolts (the torso|the part (.+?)) to the part (.+)$/.exec(line))) {
      const p = m[3] ? parseWhere(m[3]) : [0, 0], q = parseWhere(m[4]);
      if (p && q) return {kind: "bolt", actor: +m[1], seat: +m[1], seam: [p, q], text: line};
    }
    if ((m = /^seat (\d+) (?:draws .+ from|discards .+ onto|digs through) pile (\d+)/.exec(line))) {
      return {kind: "pile", actor: +m[1], pile: +m[2] - 1, text: line};
    }
    if ((m = /^seat (\d+) (draws blind|discards |cannot play)/.exec(line))) {
      return {kind: "other", actor: +m[1], text: line};
    }
  }
  return null;
}

// ------------------------------------------------------------------ local selection
const sel = {sig: null, tile: null, cell: null, rot: 0, dig: [], pile: null};
let current = null;
const ZOOMS = [0.6, 0.75, 0.9, 1, 1.2, 1.45];
let zoom = 3;
try { const z = +localStorage.getItem("cardboard:ha:zoom"); if (z >= 0 && z < ZOOMS.length && localStorage.getItem("cardboard:ha:zoom") !== null) zoom = z; } catch { /* no storage */ }
const scrollMemo = new Map(); // seat -> {left, top} of its viewport, kept across redraws

function resetIfNew(view, ui) {
  const sig = JSON.stringify([view.turn, view.phase, view.current_player, (ui.legal || []).map((l) => l.move)]);
  if (sig !== sel.sig) {
    sel.sig = sig;
    sel.tile = null;
    sel.cell = null;
    sel.dig = [];
    sel.pile = null;
  }
}

function analyse(view, ui) {
  const legal = (ui.legal || []).map((l, i) => ({...l, i, kind: l.kind || l.move.kind}));
  const of = (k) => legal.filter((l) => l.kind === k);
  const a = {legal, plays: of("play"), discards: of("discard"), draws: of("draw"), digs: of("dig"),
    digTake: of("dig_take"), digTop: of("dig_top"), steals: of("steal"), bolts: of("bolt"), chooses: of("choose"),
    forfeit: of("forfeit")};
  const handMoves = a.plays.length ? a.plays : a.discards;
  a.handTiles = new Set(handMoves.map((l) => l.move.tile));
  if (sel.tile && !a.handTiles.has(sel.tile)) { sel.tile = null; sel.cell = null; sel.pile = null; }
  if (!sel.tile) sel.pile = null;
  if (!sel.tile && a.handTiles.size === 1) sel.tile = [...a.handTiles][0];
  // cell targets of the chosen tile: "seat|r,c" -> [moves, one per rotation]
  a.targets = new Map();
  if (sel.tile) {
    for (const l of a.plays.filter((x) => x.move.tile === sel.tile)) {
      const k = `${l.move.seat}|${ck(l.move.at)}`;
      if (!a.targets.has(k)) a.targets.set(k, []);
      a.targets.get(k).push(l);
    }
  }
  if (sel.cell && !a.targets.has(`${sel.cell.seat}|${ck(sel.cell.at)}`)) sel.cell = null;
  a.pileMoves = new Map(); // pile index or "deck" -> move
  for (const l of a.draws) a.pileMoves.set(l.move.source, l);
  for (const l of a.digs) a.pileMoves.set(l.move.pile, l);
  if (sel.tile) {
    for (const l of a.discards.filter((x) => x.move.tile === sel.tile)) a.pileMoves.set(l.move.pile ?? "deck", l);
  }
  a.steal = new Map(a.steals.map((l) => [`${l.move.seat}|${ck(l.move.at)}`, l]));
  a.bolt = new Map(a.bolts.map((l) => [l.move.seam.map(ck).sort().join("|"), l]));
  if (a.digTake.length === 1 && !sel.dig.length) sel.dig = [...a.digTake[0].move.tiles];
  a.discardChosen = sel.pile !== null ? a.discards.find((l) => l.move.tile === sel.tile && (l.move.pile ?? "deck") === sel.pile) || null : null;
  if (!a.discardChosen) sel.pile = null;
  return a;
}

/** A click on a board target that is not legal now: the server says why (the rule's id). */
function whyNot(ui, move) {
  if (ui && typeof ui.whyNot === "function") ui.whyNot(move);
}


function redraw(focusKey) {
  if (!current) return;
  const {view, root, ui} = current;
  keepFocus(root, () => draw(view, root, ui), focusKey);
}

let escInstalled = false;
/** Esc steps back out of a half-made move (a cell chosen, then a tile or dug tiles). */
function installEsc() {
  if (escInstalled) return;
  escInstalled = true;
  onEscape(() => {
    if (!current || !current.root.isConnected) return;
    if (sel.cell) { const back = `cell${sel.cell.seat}|${ck(sel.cell.at)}`; sel.cell = null; redraw(back); }
    else if (sel.pile !== null) { const back = sel.pile === "deck" ? "deck" : `pile${sel.pile}`; sel.pile = null; redraw(back); }
    else if (sel.tile || sel.dig.length) { sel.tile = null; sel.dig = []; redraw(); }
  });
}

// ------------------------------------------------------------------ public
export function render(view, root, ui) {
  installEsc();
  // the shell's tooltip for the board's [data-tip] (hover, focus, tap, long-press; Esc closes);
  // a press of a board button closes it (the board redraws; the words would cover the next target)
  tipsOn(root, null, {pressCloses: true});
  hideTip();
  // keep each viewport's scroll across redraws of the same table
  if (current && current.root.isConnected) {
    for (const vp of current.root.querySelectorAll(".ha-viewport[data-seat]")) {
      scrollMemo.set(vp.dataset.seat, {left: vp.scrollLeft, top: vp.scrollTop});
    }
  }
  current = {view, root, ui};
  resetIfNew(view, ui);
  draw(view, root, ui);
}

const DOING = {
  choose: ["went mad: you must choose an action", "went mad and must choose an action"],
  draw: ["must draw a tile", "must draw a tile"],
  dig: ["must choose a pile to dig through", "must choose a pile to dig through"],
  dig_take: ["must take two of the dug tiles", "must take two of the dug tiles"],
  dig_top: ["must choose the pile's new top tile", "must choose the pile's new top tile"],
  steal: ["must steal a tile", "must steal a tile"],
  play: ["must play a tile", "must play a tile"],
  discard: ["must discard down to three tiles", "must discard down to three tiles"],
  bolt: ["must place bolts", "must place bolts"],
};

export function prompt(view, ui) {
  if (view.phase === "over") {
    const w = (view.winners || []).map((x) => (x === ui.seat ? "you" : nameOf(ui, x)));
    const why = ENDED[view.ended_by] ? ` (${ENDED[view.ended_by]})` : "";
    const text = !w.length ? `Game over${why}` : w.length === 1
      ? `Game over${why}: ${w[0] === "you" ? "you win" : w[0] + " wins"}` : `Game over${why}: ${w.join(" and ")} share the win`;
    return {you: text, others: text};
  }
  const cur = view.current_player;
  const seat = view.seats.find((x) => x.seat === cur);
  let [you, others] = DOING[view.phase] || ["must move", "must move"];
  if (view.phase === "bolt" && seat && seat.pending_bolts) {
    you = `must place ${seat.pending_bolts === 1 ? "a bolt" : seat.pending_bolts + " bolts"}`;
    others = you;
  }
  const onlyForfeit = (ui.legal || []).length && (ui.legal || []).every((l) => (l.kind || l.move.kind) === "forfeit");
  if (view.phase === "play" && onlyForfeit) you = "cannot fit any tile: you must forfeit the play";
  return {you: `You ${you}`, others: `${nameOf(ui, cur)} ${others}`};
}

/** Every kind of move has its place on the board: the shell lists them only in its folded list. */
export const boardKinds = ["play", "discard", "draw", "dig", "dig_take", "dig_top", "steal", "bolt", "choose", "forfeit"];

/** Titles of the shell's move groups. */
export const kinds = {
  play: "Play a tile", discard: "Discard", draw: "Draw", dig: "Dig", dig_take: "Take dug tiles",
  dig_top: "Pile's new top", steal: "Steal", bolt: "Bolt", choose: "Go Mad!", forfeit: "Forfeit",
};

/** Rows of the final score table (the shell's end-of-game table): numbers only. */
export function scoreRows(breakdown) {
  const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1).replace(/_/g, " ");
  const view = current && current.view;
  const cards = new Map([...((view && view.grand_prizes) || []), ...((view && view.awards_revealed) || [])].map((c) => [c.id, c]));
  const rows = [{label: "Consistency (dominant colour + wilds)", values: breakdown.map((b) => b.consistency ?? 0), kind: "row"}];
  const held = new Set(breakdown.flatMap((b) => b.cards || []));
  const won = [...[...cards.keys()].filter((id) => held.has(id)), ...[...held].filter((id) => !cards.has(id))];
  for (const id of won) {
    const c = cards.get(id);
    const vp = c ? c.vp : null;
    rows.push({label: `${c && c.kind === "grand_prize" ? "★" : "◆"} ${c ? c.name : cap(id)}`,
      values: breakdown.map((b) => ((b.cards || []).includes(id) ? (vp ?? 1) : 0)), kind: "sub"});
  }
  rows.push({label: "Grand Prizes & Awards", values: breakdown.map((b) => b.prizes ?? 0), kind: "row"});
  rows.push({label: "Total", values: breakdown.map((b) => b.total ?? 0), kind: "total"});
  rows.push({label: "Tie-breaker: cards won", values: breakdown.map((b) => (b.cards || []).length), kind: "tie"});
  return rows;
}

// ------------------------------------------------------------------ drawing
function draw(view, root, ui) {
  const a = analyse(view, ui);
  const last = lastMove(view);
  root.replaceChildren();
  root.classList.add("ha-root");
  root.style.setProperty("--ha-zoom", ZOOMS[zoom]);
  root.classList.remove(...ZOOMS.map((_, i) => `ha-z${i}`));
  root.classList.add(`ha-z${zoom}`);
  const mine = ui.seat !== null && ui.seat !== undefined && view.current_player === ui.seat && a.legal.length > 0;
  const standard = (view.variant || "standard") === "standard";

  root.append(drawStatus(view, ui));
  const side = h("div", {class: "ha-side"});
  const table = h("div", {class: "ha-table"});
  table.append(drawDie(view, ui, a));
  if ((view.buffet || []).length || view.variant === "ages_4_5") table.append(drawBuffet(view, ui, a, last));
  side.append(table);
  if (view.dig) side.append(drawDig(view, ui, a));
  const hand = drawHand(view, ui, a, mine);
  if (hand) side.append(hand);
  if (last) {
    side.append(h("p", {class: "ha-lastline"}, h("span", {class: "ha-lastkey", "aria-hidden": "true"}, "◌"), " Last move: ",
      describe(ui, last.text)));
  }
  const order = [...view.seats].sort((x, y) => (x.seat === ui.seat ? -1 : y.seat === ui.seat ? 1 : x.seat - y.seat));
  const [first, ...rest] = order;
  root.append(h("div", {class: "ha-main"}, side, h("div", {class: "ha-primary"}, drawSeat(first, view, ui, a, last, standard))));
  if (rest.length) {
    const slabs = h("div", {class: "ha-slabs"});
    for (const seat of rest) slabs.append(drawSeat(seat, view, ui, a, last, standard));
    root.append(slabs);
  }
  if (standard) root.append(drawCards(view, ui));
  root.append(drawLegend());
  // restore the viewports' scroll (or centre the torso the first time)
  requestAnimationFrame(() => {
    for (const vp of root.querySelectorAll(".ha-viewport[data-seat]")) {
      const memo = scrollMemo.get(vp.dataset.seat);
      if (memo) { vp.scrollLeft = memo.left; vp.scrollTop = memo.top; } else centre(vp);
    }
  });
}

function centre(vp) {
  const torso = vp.querySelector("[data-torso]");
  if (!torso) return;
  vp.scrollLeft = torso.offsetLeft + torso.offsetWidth / 2 - vp.clientWidth / 2;
  vp.scrollTop = torso.offsetTop + torso.offsetHeight / 2 - vp.clientHeight / 2;
}

function drawStatus(view, ui) {
  const bits = [];
  if (view.phase === "over") {
    bits.push(h("strong", {}, `Game over after ${view.turn} turns`));
    if (ENDED[view.ended_by]) bits.push(h("span", {}, `(${ENDED[view.ended_by]})`));
    const w = (view.winners || []).map((x) => who(ui, x));
    if (w.length) bits.push(h("span", {class: "ha-badge ha-badge-win"}, `★ ${w.join(" & ")} ${w.length > 1 || w[0] === "You" ? "win" : "wins"}`));
  } else {
    bits.push(h("span", {}, `Turn ${view.turn}`));
    bits.push(h("span", {}, h("strong", {}, `${who(ui, view.turn_player)}`), view.turn_player === ui.seat ? "r turn" : "'s turn"));
  }
  bits.push(h("span", {"data-tip": "Tiles left in the draw pile", tabindex: "0"}, "Deck ", h("strong", {}, view.deck_size)));
  bits.push(h("span", {"data-tip": "Bolts left in the shared supply", tabindex: "0"}, "⊕ Bolts in supply ", h("strong", {}, view.bolt_supply)));
  const standard = (view.variant || "standard") === "standard";
  if (!standard) {
    bits.push(h("span", {class: "ha-badge"}, view.variant === "ages_4_5" ? "Simplified (ages 4-5): first to complete wins" : "Simplified (ages 6-7): first to complete wins"));
  } else if (view.phase !== "over") {
    const shown = (view.awards_revealed || []).length, need = view.threshold ?? view.players;
    bits.push(shown > need
      ? h("span", {class: "ha-badge ha-badge-hot", tabindex: "0", "data-tip": "More Awards are revealed than there are players"}, `Awards ${shown}, more than ${need} players: completing an abomination ends the game`)
      : h("span", {tabindex: "0", "data-tip": "An abomination may be completed only once more Awards are revealed than there are players"}, `Awards revealed ${shown} (need more than ${need} to finish)`));
  }
  return h("div", {class: "ha-status"}, bits);
}

function drawDie(view, ui, a) {
  const box = h("section", {class: "ha-die-box", "aria-label": "The die"});
  box.append(h("div", {class: "ha-box-title"}, "Die"));
  if (view.variant === "ages_4_5") {
    box.append(h("p", {class: "ha-muted ha-small"}, "No die: every turn draws the top tile of the deck."));
    return box;
  }
  const face = view.die;
  if (a.chooses.length) {
    box.append(h("div", {class: "ha-die ha-die-rolled", tabindex: "0", "data-tip": DIE_TEXT.go_mad}, h("span", {class: "ha-die-glyph", "aria-hidden": "true"}, DIE_GLYPH.go_mad), "Go Mad!"));
    const row = h("div", {class: "ha-choose", role: "group", "aria-label": "Go Mad!: choose an action"});
    for (const act of ["draw", "dig", "award", "steal"]) {
      const l = a.chooses.find((x) => x.move.action === act);
      const face = [h("span", {class: "ha-die-glyph", "aria-hidden": "true"}, DIE_GLYPH[act]), DIE[act]];
      if (l) {
        row.append(h("button", {type: "button", class: "ha-die ha-legal", "aria-label": describe(ui, l.label), "data-tip": `${DIE[act]}: ${DIE_TEXT[act]}`,
          "data-fk": `choose-${act}`, onclick: () => ui.pick(l.i)}, face));
      } else {  // not open now (nothing to steal, say): a click asks why
        row.append(h("button", {type: "button", class: "ha-die ha-dim ha-asks", "aria-disabled": "true", "aria-label": `${DIE[act]}: not possible now (ask why)`,
          "data-tip": `${DIE[act]}: ${DIE_TEXT[act]}`, "data-fk": `choose-${act}`, onclick: () => whyNot(ui, {kind: "choose", action: act})}, face));
      }
    }
    box.append(row);
    return box;
  }
  if (!face && !view.action) {
    box.append(h("div", {class: "ha-die ha-die-blank"}, view.phase === "over" ? "—" : "not rolled"));
    return box;
  }
  const shown = face || view.action;
  box.append(h("div", {class: "ha-die ha-die-rolled", tabindex: "0", "data-tip": `${DIE[shown] || shown}: ${DIE_TEXT[shown] || ""}`},
    h("span", {class: "ha-die-glyph", "aria-hidden": "true"}, DIE_GLYPH[shown] || "?"), DIE[shown] || shown));
  if (!face && view.action) box.append(h("div", {class: "ha-small ha-muted"}, "first turn: Draw, no roll"));
  else if (view.action && view.action !== face) box.append(h("div", {class: "ha-small"}, `→ ${DIE[view.action] || view.action}`));
  return box;
}

function tileCardContent(tile) {
  const attrs = Object.entries(tile.attributes || {}).filter(([, v]) => v);
  const c = colourOf(tile.colour);
  return [
    h("div", {class: "ha-card-pic"}, h("div", {class: "ha-tile ha-tile-static"}, tileFace(tile))),
    h("div", {class: "ha-card-text"},
      h("div", {}, h("strong", {}, tile.colour), ` ${tile.type}`),
      h("div", {class: "ha-small ha-muted"}, `${tile.texture || ""}${tile.colour !== "wild" ? " · " + c.family : ""}`),
      attrs.length ? h("div", {class: "ha-small"}, attrs.map(([k, v]) => `${k} ${v}`).join(" · ")) : null),
  ];
}

function drawBuffet(view, ui, a, last) {
  const box = h("section", {class: "ha-buffet", "aria-label": "Spare parts buffet and deck"});
  box.append(h("div", {class: "ha-box-title"}, (view.buffet || []).length ? "Spare parts buffet" : "Draw pile"));
  const row = h("div", {class: "ha-piles"});
  const discarding = a.discards.length > 0 && sel.tile;
  const pending = a.discardChosen;
  const ghostOn = (key, kids) => {  // the chosen tile ghosted on the pile it goes to
    if (!pending || sel.pile !== key) return kids;
    const tile = findHandTile(view, ui, sel.tile);
    return [...kids, h("div", {class: "ha-pile-ghost", "aria-hidden": "true"}, tile ? tileCardContent(tile) : null)];
  };
  const pileClick = (key, move, fk) => {
    if (move.kind === "discard") {
      if (sel.pile === key) { ui.pick(move.i); return; }  // a second click on the chosen pile confirms
      sel.pile = key;
      redraw("discard-ok");
      return;
    }
    ui.pick(move.i);
  };
  const whyPile = (key) => {  // a pile or the deck that is not legal now
    if (a.draws.length) return {kind: "draw", source: key};
    if (a.digs.length && key !== "deck") return {kind: "dig", pile: key};
    if (discarding) return {kind: "discard", tile: sel.tile, pile: key === "deck" ? null : key};
    return null;
  };
  (view.buffet || []).forEach((pile, i) => {
    const move = a.pileMoves.get(i);
    const isLast = last && last.kind === "pile" && last.pile === i;
    const head = h("div", {class: "ha-pile-head"}, `Pile ${i + 1}`, h("span", {class: "ha-muted"}, ` · ${pile.size} tile${pile.size === 1 ? "" : "s"}`));
    const dug = view.dig && view.dig.pile === i;  // in the digger's hands: its top is not on show
    const body = h("div", {class: "ha-pile-body"}, pile.top ? tileCardContent(pile.top) : h("div", {class: "ha-muted ha-small"}, dug ? "being dug" : "empty"));
    const title = `Pile ${i + 1}, ${pile.size} tile${pile.size === 1 ? "" : "s"}; top: ${pile.top ? tileWords(pile.top) : "none"}` + (isLast ? " · last move" : "");
    const chosen = pending && sel.pile === i;
    const cls = "ha-pile" + (move ? " ha-legal" : "") + (isLast ? " ha-last" : "") + (dug ? " ha-digging" : "") + (chosen ? " ha-chosen" : "");
    const why = !move && whyPile(i);
    if (move) {
      const label = move.kind === "discard" ? (chosen ? `Confirm: ${describe(ui, move.label)}` : `${describe(ui, move.label)} (then Confirm)`) : describe(ui, move.label);
      row.append(h("button", {type: "button", class: cls, "aria-label": label, "aria-pressed": move.kind === "discard" ? String(!!chosen) : null,
        "data-tip": `${describe(ui, move.label)}. ${title}`, "data-fk": `pile${i}`, onclick: () => pileClick(i, move)}, ghostOn(i, [head, body])));
    } else if (why) {
      row.append(h("button", {type: "button", class: cls + " ha-asks", "aria-disabled": "true", "aria-label": `${title}: not possible now (ask why)`,
        "data-tip": title, "data-fk": `pile${i}`, onclick: () => whyNot(ui, why)}, head, body));
    } else {
      row.append(h("div", {class: cls, "data-tip": title, tabindex: "0", role: "group", "aria-label": title}, head, body));
    }
  });
  const deckMove = a.pileMoves.get("deck");
  const deckKids = [h("div", {class: "ha-pile-head"}, "Deck"), h("div", {class: "ha-pile-body"},
    h("div", {class: "ha-deck-back", "aria-hidden": "true"}, "?"), h("div", {class: "ha-small"}, `${view.deck_size} tiles face down`))];
  const deckTitle = `The deck: ${view.deck_size} tiles face down`;
  const deckWhy = !deckMove && (a.draws.length ? whyPile("deck") : null);
  if (deckMove) {
    const chosen = pending && sel.pile === "deck";
    const label = deckMove.kind === "discard" ? (chosen ? `Confirm: ${describe(ui, deckMove.label)}` : `${describe(ui, deckMove.label)} (then Confirm)`) : describe(ui, deckMove.label);
    row.append(h("button", {type: "button", class: "ha-pile ha-deck ha-legal" + (chosen ? " ha-chosen" : ""), "aria-label": label,
      "data-tip": `${describe(ui, deckMove.label)}. ${deckTitle}`, "data-fk": "deck", onclick: () => pileClick("deck", deckMove)}, ghostOn("deck", deckKids)));
  } else if (deckWhy) {
    row.append(h("button", {type: "button", class: "ha-pile ha-deck ha-asks", "aria-disabled": "true", "aria-label": `${deckTitle}: not possible now (ask why)`,
      "data-tip": deckTitle, "data-fk": "deck", onclick: () => whyNot(ui, deckWhy)}, deckKids));
  } else {
    row.append(h("div", {class: "ha-pile ha-deck", "data-tip": deckTitle, tabindex: "0", role: "group", "aria-label": deckTitle}, deckKids));
  }
  box.append(row);
  return box;
}

function drawDig(view, ui, a) {
  const dig = view.dig;
  const box = h("section", {class: "ha-digbox", "aria-label": "Dig"});
  const digger = who(ui, view.turn_player);
  if (!dig.tiles) {
    box.append(h("div", {class: "ha-box-title"}, `${digger} is digging through pile ${dig.pile + 1} (${dig.size} tiles)`));
    return box;
  }
  const taking = a.digTake.length > 0, topping = a.digTop.length > 0;
  box.append(h("div", {class: "ha-box-title"}, `${digger === "You" ? "You are" : digger + " is"} digging through pile ${dig.pile + 1}: `,
    h("span", {class: "ha-muted"}, taking ? "choose two tiles to take" : topping ? ((dig.placed || []).length ? `choose the next tile to put back, under ${dig.placed.map((x) => tileName(x, false)).join(", ")}` : "choose the tile to put back on top") : `${dig.tiles.length} tiles`)));
  const row = h("div", {class: "ha-hand-row"});
  dig.tiles.forEach((tile, idx) => {
    const fk = `dug${idx}`;
    if (topping) {
      const move = a.digTop.find((l) => l.move.tile === tile.id);
      if (move) {
        row.append(h("button", {type: "button", class: "ha-card ha-legal", "aria-label": describe(ui, move.label), "data-tip": `${describe(ui, move.label)}. ${tileWords(tile)}`,
          "data-fk": fk, onclick: () => ui.pick(move.i)}, tileCardContent(tile)));
        return;
      }
    }
    if (taking) {
      const on = sel.dig.includes(tile.id);
      const can = a.digTake.some((l) => l.move.tiles.includes(tile.id));
      if (can) {
        row.append(h("button", {type: "button", class: "ha-card" + (on ? " ha-selected" : " ha-legal"), "aria-pressed": String(on),
          "aria-label": `${on ? "Selected" : "Select"} ${tileName(tile)} to take`, "data-tip": tileWords(tile), "data-fk": fk,
          onclick: () => {
            sel.dig = on ? sel.dig.filter((x) => x !== tile.id) : [...sel.dig, tile.id].slice(-2);
            redraw();
          }}, tileCardContent(tile)));
        return;
      }
    }
    row.append(h("div", {class: "ha-card", "data-tip": tileWords(tile), tabindex: "0", role: "img", "aria-label": tileWords(tile)}, tileCardContent(tile)));
  });
  box.append(row);
  if (taking) {
    const want = [...sel.dig].sort().join("|");
    const move = a.digTake.find((l) => [...l.move.tiles].sort().join("|") === want);
    const bar = h("div", {class: "ha-bar"});
    bar.append(h("button", {type: "button", class: "ha-btn ha-primary" + (move ? " ha-legal" : ""), disabled: !move, "data-fk": "dig-ok",
      "aria-label": move ? describe(ui, move.label) : "Take: choose two tiles first", onclick: () => move && ui.pick(move.i)},
    move ? `✓ Confirm: ${describe(ui, move.label)}` : `Take: choose two tiles (${sel.dig.length} of 2 chosen)`));
    if (sel.dig.length) bar.append(h("button", {type: "button", class: "ha-btn", "data-fk": "dig-clear", onclick: () => { sel.dig = []; redraw(); }}, "Clear (Esc)"));
    box.append(bar);
  }
  return box;
}

function drawHand(view, ui, a, mine) {
  const me = view.seats.find((x) => x.seat === ui.seat);
  if (!me || !me.hand) return null;
  const box = h("section", {class: "ha-hand", "aria-label": "Your hand", "data-hand-seat": String(ui.seat)});
  const playing = a.plays.length > 0, discarding = a.discards.length > 0;
  let hint = "";
  if (playing) hint = sel.tile ? (sel.cell ? "turn it if you like, then Place" : "now choose a highlighted cell") : "choose a tile to play";
  else if (discarding) hint = sel.tile ? (a.discardChosen ? "Confirm the discard" : "now choose a highlighted pile") : "choose a tile to discard";
  box.append(h("div", {class: "ha-box-title"}, `Your hand (${me.hand.length})`, hint ? h("span", {class: "ha-hint"}, ` — ${hint}`) : null));
  const row = h("div", {class: "ha-hand-row"});
  if (!me.hand.length) row.append(h("span", {class: "ha-muted"}, "empty"));
  me.hand.forEach((tile, idx) => {
    const can = a.handTiles.has(tile.id);
    const on = sel.tile === tile.id;
    if (can && mine) {
      row.append(h("button", {type: "button", class: "ha-card in-hand" + (on ? " ha-selected" : " ha-legal"), "aria-pressed": String(on),
        "aria-label": `${on ? "Chosen" : "Choose"} ${tileName(tile)} to ${playing ? "play" : "discard"}`,
        "data-tip": tileWords(tile), "data-fk": `hand-${tile.id}`,
        onclick: () => { sel.tile = on ? null : tile.id; sel.cell = null; sel.pile = null; redraw(); }}, tileCardContent(tile)));
    } else if (mine && playing) {  // fits nowhere now: a click asks why
      const spot = firstSpot(view, ui.seat);
      row.append(h("button", {type: "button", class: "ha-card in-hand ha-dim ha-asks", "aria-disabled": "true",
        "aria-label": `${tileName(tile)}: fits nowhere now (ask why)`, "data-tip": `${tileWords(tile)}: fits nowhere now`, "data-fk": `hand-${tile.id}`,
        onclick: () => whyNot(ui, {kind: "play", tile: tile.id, seat: ui.seat, at: spot, rotation: 0})}, tileCardContent(tile)));
    } else {
      row.append(h("div", {class: "ha-card in-hand" + (mine && discarding ? " ha-dim" : ""), "data-tip": tileWords(tile), tabindex: "0",
        role: "img", "aria-label": tileWords(tile)}, tileCardContent(tile)));
    }
  });
  box.append(row);
  if (mine && (sel.tile || a.forfeit.length)) {
    const bar = h("div", {class: "ha-bar"});
    if (a.discardChosen) {
      const l = a.discardChosen;
      bar.append(h("button", {type: "button", class: "ha-btn ha-primary", "data-fk": "discard-ok", "aria-label": `Confirm: ${describe(ui, l.label)}`,
        onclick: () => ui.pick(l.i)}, `✓ Confirm: ${describe(ui, l.label)}`));
    }
    for (const l of a.forfeit) {
      bar.append(h("button", {type: "button", class: "ha-btn ha-legal", "aria-label": describe(ui, l.label), "data-fk": "forfeit",
        onclick: () => ui.pick(l.i)}, "No tile fits: forfeit the play"));
    }
    if (sel.tile && a.handTiles.size > 1) {
      bar.append(h("button", {type: "button", class: "ha-btn", "data-fk": "hand-cancel", onclick: () => { sel.tile = null; sel.cell = null; sel.pile = null; redraw(); }}, "Cancel (Esc)"));
    }
    if (bar.childNodes.length) box.append(bar);
  }
  return box;
}

/** An empty cell a loose end of `seat`'s abomination faces (the cell a "why not" names), else beside the torso. */
function firstSpot(view, seatNo) {
  const seat = view.seats.find((x) => x.seat === seatNo);
  const cells = new Set(((seat && seat.abomination) || []).map((p) => ck(p.at)));
  for (const p of (seat && seat.abomination) || []) {
    for (const side of p.loose || "") {
      const [dr, dc] = STEP[side];
      const at = [p.at[0] + dr, p.at[1] + dc];
      if (!cells.has(ck(at))) return at;
    }
  }
  return [0, 1];
}

function drawSeat(seat, view, ui, a, last, standard) {
  const mark = seatMark(seat.seat);
  const over = view.phase === "over";
  const deciding = !over && view.current_player === seat.seat;
  const turn = !over && view.turn_player === seat.seat;
  const won = over && (view.winners || []).includes(seat.seat);
  const title = h("h3", {class: "ha-seat-title"},
    h("span", {class: "ha-seatglyph", style: {color: mark.colour}, "aria-hidden": "true"}, mark.glyph), " ",
    nameOf(ui, seat.seat), seat.seat === ui.seat ? h("span", {class: "ha-muted"}, " (you)") : null,
    deciding ? h("span", {class: "ha-badge ha-badge-turn"}, `▶ ${view.phase === "bolt" ? "bolting" : "to move"}`)
      : turn ? h("span", {class: "ha-badge"}, "▷ their turn") : null,
    won ? h("span", {class: "ha-badge ha-badge-win"}, "★ winner") : null,
    standard && seat.score ? h("span", {class: "ha-vp"}, `${seat.score.total} VP`) : null);
  const facts = h("div", {class: "ha-facts"});
  facts.append(h("span", {class: "ha-chip", tabindex: "0", "data-tip": `${seat.hand_size} tiles in hand`},
    h("span", {class: "ha-backs", "aria-hidden": "true"}, "▮".repeat(Math.min(seat.hand_size, 6))), ` hand ${seat.hand_size}`));
  facts.append(seat.complete
    ? h("span", {class: "ha-chip ha-chip-done", tabindex: "0", "data-tip": "No loose end faces an empty cell"}, "✓ complete")
    : h("span", {class: "ha-chip", tabindex: "0", "data-tip": "Loose ends that face an empty cell"}, `open loose ends ${seat.open_loose_ends}`));
  facts.append(h("span", {class: "ha-chip", tabindex: "0", "data-tip": "Bolts on this abomination"}, `⊕ ${seat.bolts_placed} placed`));
  if (seat.pending_bolts) facts.append(h("span", {class: "ha-chip ha-chip-hot", tabindex: "0", "data-tip": "Bolts waiting for unsecured tiles"}, `⊕ ${seat.pending_bolts} to place`));
  if (standard && seat.score) {
    const sc = seat.score;
    const dom = sc.dominant ? colourOf(sc.dominant) : null;
    facts.append(h("span", {class: "ha-chip", tabindex: "0", "data-tip": "Consistency: tiles of the dominant colour plus one per wild tile"},
      "consistency ", h("strong", {}, sc.consistency),
      dom ? [" (", h("span", {class: "ha-swatch", style: {background: dom.fill}}, dom.code), ` ${sc.dominant})`] : null,
      ` + cards ${sc.prizes}`));
  }
  const lost = cutOff(seat);
  if (lost.size) facts.append(h("span", {class: "ha-chip", tabindex: "0", "data-tip": "Tiles no longer joined to the torso; they still count"}, `cut off ${lost.size}`));

  const zoomBar = h("div", {class: "ha-zoom", role: "group", "aria-label": "Zoom"},
    h("button", {type: "button", class: "ha-btn ha-btn-small", "aria-label": "Zoom out", disabled: zoom === 0,
      onclick: () => setZoom(zoom - 1)}, "−"),
    h("button", {type: "button", class: "ha-btn ha-btn-small", "aria-label": "Zoom in", disabled: zoom === ZOOMS.length - 1,
      onclick: () => setZoom(zoom + 1)}, "+"),
    h("button", {type: "button", class: "ha-btn ha-btn-small", "aria-label": "Re-centre: scroll back to the torso",
      onclick: (e) => centre(e.target.closest(".ha-seat").querySelector(".ha-viewport"))}, "◎ Re-centre"));

  const cards = standard && seat.score && (seat.score.cards || []).length
    ? h("div", {class: "ha-small ha-won"}, over ? "Won: " : "Would win now: ", seat.score.cards.map((c) => cardName(view, c)).join(", ")) : null;
  return h("section", {class: "ha-seat" + (deciding ? " ha-tomove" : "") + (seat.seat === ui.seat ? " ha-mine" : ""),
    "aria-label": `${nameOf(ui, seat.seat)}'s abomination`},
  h("div", {class: "ha-seat-head"}, title, zoomBar), facts, cards, slabWithBar(seat, view, ui, a, last, lost));
}

function slabWithBar(seat, view, ui, a, last, lost) {
  pendingBar = null;
  const vp = drawSlab(seat, view, ui, a, last, lost);
  const bar = pendingBar;
  pendingBar = null;
  return bar ? [vp, bar] : vp;
}

function setZoom(z) {
  zoom = Math.max(0, Math.min(ZOOMS.length - 1, z));
  try { localStorage.setItem("cardboard:ha:zoom", String(zoom)); } catch { /* no storage */ }
  if (current) for (const vp of current.root.querySelectorAll(".ha-viewport[data-seat]")) scrollMemo.delete(vp.dataset.seat);
  redraw();
}

function cardName(view, id) {
  const c = [...(view.grand_prizes || []), ...(view.awards_revealed || [])].find((x) => x.id === id);
  return c ? c.name : id;
}

let pendingBar = null;  // the open cell's Place / turn / Cancel buttons, drawn under its slab

function drawSlab(seat, view, ui, a, last, lost) {
  const cells = new Map((seat.abomination || []).map((p) => [ck(p.at), p]));
  const spots = new Set();
  for (const p of seat.abomination || []) {
    for (const side of p.loose || "") {
      const [dr, dc] = STEP[side];
      const k = ck([p.at[0] + dr, p.at[1] + dc]);
      if (!cells.has(k)) spots.add(k);
    }
  }
  const targets = new Map([...a.targets].filter(([k]) => k.startsWith(`${seat.seat}|`)).map(([k, v]) => [k.split("|")[1], v]));
  const stolenAt = last && last.kind === "steal" && last.seat === seat.seat ? ck(last.at) : null;
  const all = [...cells.keys(), ...spots, ...targets.keys(), "0,0", ...(stolenAt ? [stolenAt] : [])].map((k) => k.split(",").map(Number));
  const r0 = Math.min(...all.map((x) => x[0])), r1 = Math.max(...all.map((x) => x[0]));
  const c0 = Math.min(...all.map((x) => x[1])), c1 = Math.max(...all.map((x) => x[1]));
  const grid = h("div", {class: "ha-grid", role: "group", "aria-label": `${nameOf(ui, seat.seat)}'s slab, cells named from the torso`,
    style: {"--cols": c1 - c0 + 1, "--rows": r1 - r0 + 1}});
  const pos = (r, c) => ({"--x": c - c0, "--y": r - r0});
  // marks counted from the torso, as the moves name cells: ←2 is 2 left of it, ↑1 one above
  const mark = (n, neg, plus) => (n ? `${n < 0 ? neg : plus}${Math.abs(n)}` : "0");
  for (let c = c0; c <= c1; c++) grid.append(h("div", {class: "ha-lab ha-lab-col", style: pos(r0, c), "aria-hidden": "true"}, mark(c, "←", "→")));
  for (let r = r0; r <= r1; r++) grid.append(h("div", {class: "ha-lab ha-lab-row", style: pos(r, c0), "aria-hidden": "true"}, mark(r, "↑", "↓")));
  const mine = ui.seat !== null && ui.seat !== undefined && view.current_player === ui.seat;
  const stealing = mine && a.steals.length > 0;
  const playingTile = mine && sel.tile && a.plays.length > 0;

  const owner = nameOf(ui, seat.seat);
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const k = ck([r, c]);
      const placed = cells.get(k);
      const fk = `cell${seat.seat}|${k}`;
      const isLast = last && last.kind === "play" && last.seat === seat.seat && ck(last.at) === k;
      if (placed) {
        const steal = a.steal.get(`${seat.seat}|${k}`);
        const cut = lost.has(k);
        const words = `${owner}'s ${cellText([r, c])}: ${tileWords(placed.tile, placed.loose)}` +
          (placed.rotation ? `, turned ${placed.rotation * 90}°` : "") + (placed.bolted ? ", bolted" : ", not bolted") +
          (cut ? ", cut off from the torso" : "") + (isLast ? " · last move" : "");
        const cls = "ha-tile ha-at" + (steal ? " ha-legal" : "") + (isLast ? " ha-last" : "") + (cut ? " ha-cut" : "") + (placed.tile.torso ? " ha-torso" : "");
        const kids = tileFace(placed.tile, placed.loose);
        const attrs = {class: cls, style: pos(r, c), "data-tip": steal ? `${describe(ui, steal.label)}. ${words}` : words, "data-fk": fk,
          "data-r": r, "data-c": c, "data-torso": r === 0 && c === 0 ? "1" : null};
        if (steal) grid.append(h("button", {...attrs, type: "button", "aria-label": describe(ui, steal.label), onclick: () => ui.pick(steal.i)}, kids));
        else if (stealing) {  // not this one: a click asks why (a torso, bolted, your own)
          grid.append(h("button", {...attrs, type: "button", class: cls + " ha-asks", "aria-disabled": "true", "aria-label": `${words}; cannot be stolen (ask why)`,
            onclick: () => whyNot(ui, {kind: "steal", seat: seat.seat, at: [r, c]})}, kids));
        } else grid.append(h("div", {...attrs, role: "img", tabindex: r === 0 && c === 0 ? "0" : "-1", "aria-label": words}, kids));
        continue;
      }
      const moves = targets.get(k);
      if (moves) {
        const tile = findHandTile(view, ui, moves[0].move.tile);
        const open = sel.cell && sel.cell.seat === seat.seat && ck(sel.cell.at) === k;
        if (open) {
          const idx = ((sel.rot % moves.length) + moves.length) % moves.length;
          const l = moves[idx];
          const loose = tile ? rotateSides(tile.sides, l.move.rotation) : "";
          grid.append(h("button", {type: "button", class: "ha-empty ha-at ha-open ha-legal", style: pos(r, c), "data-fk": fk, "data-r": r, "data-c": c,
            "aria-label": `Confirm: ${describe(ui, l.label)}`, "data-tip": `${describe(ui, l.label)} (click again or ✓ Place to confirm)`, onclick: () => ui.pick(l.i)},
          h("span", {class: "ha-ghost", "aria-hidden": "true"}, tile ? tileFace(tile, loose) : null)));
          pendingBar = placeBar(moves, idx, ui, fk);
        } else {
          const label = moves.length === 1 ? `${describe(ui, moves[0].label)} (then Confirm)`
            : `Play ${tileName(tile)} on ${owner}'s abomination, ${cellText([r, c])}: ${moves.length} ways to turn it (then Confirm)`;
          grid.append(h("button", {type: "button", class: "ha-empty ha-at ha-legal", style: pos(r, c), "data-fk": fk, "data-r": r, "data-c": c,
            "aria-label": label, "data-tip": label,
            onclick: () => { sel.cell = {seat: seat.seat, at: [r, c]}; sel.rot = 0; redraw("place-ok"); }},
          h("span", {class: "ha-plus", "aria-hidden": "true"}, "+")));
        }
        continue;
      }
      if (spots.has(k) || k === stolenAt) {
        const stolen = k === stolenAt;
        const words = `${owner}'s abomination, ${cellText([r, c])}: empty` + (spots.has(k) ? ", a loose end faces it" : "") + (stolen ? " · last move: a tile was stolen from here" : "");
        if (playingTile) {  // the chosen tile does not fit here: a click asks why
          grid.append(h("button", {type: "button", class: "ha-empty ha-at ha-spot ha-asks" + (stolen ? " ha-last" : ""), style: pos(r, c), "data-fk": fk,
            "data-r": r, "data-c": c, "data-tip": words, "aria-disabled": "true", "aria-label": `${words}; the chosen tile does not fit (ask why)`,
            onclick: () => whyNot(ui, {kind: "play", tile: sel.tile, seat: seat.seat, at: [r, c], rotation: 0})},
          h("span", {"aria-hidden": "true"}, stolen ? "∅" : "·")));
        } else {
          grid.append(h("div", {class: "ha-empty ha-at ha-spot" + (stolen ? " ha-last" : ""), style: pos(r, c), "data-tip": words, tabindex: "-1",
            "data-r": r, "data-c": c, role: "img", "aria-label": words}, h("span", {"aria-hidden": "true"}, stolen ? "∅" : "·")));
        }
      }
    }
  }
  // bolts on seams, and seams where a bolt may go
  const drawn = new Set();
  for (const [p, q] of seat.bolts || []) {
    const k = [ck(p), ck(q)].sort().join("|");
    drawn.add(k);
    const isLast = last && last.kind === "bolt" && last.seat === seat.seat && [ck(last.seam[0]), ck(last.seam[1])].sort().join("|") === k;
    grid.append(seamEl(p, q, pos, {cls: "ha-bolt" + (isLast ? " ha-last" : ""), title: `Bolt between ${cellText(p)} and ${cellText(q)}` + (isLast ? " · last move" : "")}));
  }
  if (seat.seat === view.current_player) {
    for (const [k, l] of a.bolt) {
      if (drawn.has(k)) continue;
      const [p, q] = l.move.seam;
      if (!cells.has(ck(p)) || !cells.has(ck(q))) continue;
      grid.append(seamEl(p, q, pos, {cls: "ha-seam ha-legal", label: describe(ui, l.label), onclick: () => ui.pick(l.i), fk: `seam${k}`}));
    }
  }
  grid.addEventListener("keydown", (e) => arrowNav(e, grid));
  const vp = h("div", {class: "ha-viewport", "data-seat": String(seat.seat), tabindex: "-1"}, grid);
  return vp;
}

function findHandTile(view, ui, id) {
  const me = view.seats.find((x) => x.seat === ui.seat);
  return me && me.hand ? me.hand.find((t) => t.id === id) : null;
}

function seamEl(p, q, pos, {cls, title, label, onclick, fk}) {
  const [a, b] = [p, q].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const vertical = a[0] === b[0]; // side by side: the seam is a vertical edge
  const style = {...pos(a[0], a[1]), "--sx": vertical ? 1 : 0.5, "--sy": vertical ? 0.5 : 1};
  if (onclick) {
    return h("button", {type: "button", class: `ha-seamel ${cls}`, style, "aria-label": label, "data-tip": label, "data-fk": fk, onclick},
      h("span", {"aria-hidden": "true"}, "⊕"));
  }
  return h("span", {class: `ha-seamel ${cls}`, style, "data-tip": title, role: "img", "aria-label": title}, h("span", {"aria-hidden": "true"}, "⊕"));
}

/** The pending placement: the tile is ghosted in its cell; turn it through its legal
 *  rotations, then place it (or cancel with Esc). */
function placeBar(moves, idx, ui, backFk) {
  const l = moves[idx];
  const turn = (d) => { sel.rot = idx + d; redraw(d > 0 ? "place-cw" : "place-ccw"); };
  const bar = h("div", {class: "ha-placestrip", role: "group", "aria-label": "Place the tile"});
  bar.append(h("span", {class: "ha-place-what"}, describe(ui, l.label)));
  if (moves.length > 1) {
    bar.append(h("button", {type: "button", class: "ha-btn ha-icon", "aria-label": "Turn anticlockwise (to the previous way that fits)",
      "data-fk": "place-ccw", onclick: () => turn(-1)}, "↺"));
    bar.append(h("button", {type: "button", class: "ha-btn ha-icon", "aria-label": "Turn clockwise (to the next way that fits)",
      "data-fk": "place-cw", onclick: () => turn(1)}, "↻"));
  }
  bar.append(h("button", {type: "button", class: "ha-btn ha-primary ha-icon", "aria-label": `Confirm: ${describe(ui, l.label)}`, "data-tip": describe(ui, l.label),
    "data-fk": "place-ok", onclick: () => ui.pick(l.i)}, "✓ Place"));
  bar.append(h("button", {type: "button", class: "ha-btn ha-icon", "aria-label": "Cancel (Esc)", "data-fk": "place-cancel",
    onclick: () => { sel.cell = null; redraw(backFk); }}, "✕"));
  if (moves.length > 1) bar.append(h("span", {class: "ha-rot-note"}, `turned ${l.move.rotation * 90}° · way ${idx + 1} of ${moves.length}`));
  return bar;
}

function arrowNav(e, grid) {
  const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[e.key];
  const from = e.target.closest("[data-r]");
  if (!step || !from) return;
  let r = +from.dataset.r, c = +from.dataset.c;
  for (let n = 0; n < 30; n++) {
    r += step[0];
    c += step[1];
    const next = grid.querySelector(`button[data-r="${r}"][data-c="${c}"]`);
    if (next) { next.focus(); e.preventDefault(); return; }
  }
}

function drawCards(view, ui) {
  const holders = new Map();
  for (const seat of view.seats) for (const c of (seat.score && seat.score.cards) || []) {
    if (!holders.has(c)) holders.set(c, []);
    holders.get(c).push(seat.seat);
  }
  const box = h("section", {class: "ha-cards", "aria-label": "Grand Prizes and Awards"});
  box.append(h("div", {class: "ha-box-title"}, "Grand Prizes & Awards",
    h("span", {class: "ha-muted"}, ` · ${view.awards_left} Award${view.awards_left === 1 ? "" : "s"} left in the deck`)));
  const list = h("div", {class: "ha-cardlist"});
  const over = view.phase === "over";
  for (const card of [...(view.grand_prizes || []), ...(view.awards_revealed || [])]) {
    const grand = card.kind === "grand_prize";
    const hold = holders.get(card.id) || [];
    const now = hold.length ? `${over ? "Won by" : "Now"}: ${hold.map((x) => who(ui, x)).join(", ")}` : (over ? "Nobody" : "Nobody yet");
    list.append(h("div", {class: "ha-prize" + (grand ? " ha-grand" : ""), tabindex: "0", "data-tip": `${grand ? "Grand Prize" : "Award"} ${card.name} (${card.vp} VP): ${card.text}. ${now}`},
      h("div", {class: "ha-prize-head"}, h("span", {class: "ha-prize-glyph", "aria-hidden": "true"}, grand ? "★" : "◆"),
        h("strong", {}, card.name), h("span", {class: "ha-prize-vp"}, `${card.vp} VP`)),
      h("div", {class: "ha-small"}, card.text),
      h("div", {class: "ha-small ha-holders"}, now)));
  }
  if (!(view.awards_revealed || []).length) list.append(h("div", {class: "ha-prize ha-muted ha-small"}, "No Award revealed yet (roll Award to reveal one)."));
  box.append(list);
  return box;
}

function drawLegend() {
  const items = Object.entries(COLOURS).map(([name, c]) =>
    h("span", {class: "ha-legend-item"}, h("span", {class: "ha-swatch" + (name === "wild" ? " ha-swatch-wild" : ""), style: {background: c.fill}}, c.code), ` ${name}`));
  items.push(h("span", {class: "ha-legend-item"}, h("span", {class: "ha-lg-notch", "aria-hidden": "true"}), " loose end"));
  items.push(h("span", {class: "ha-legend-item"}, h("span", {class: "ha-lg-bolt", "aria-hidden": "true"}, "⊕"), " bolt"));
  items.push(h("span", {class: "ha-legend-item"}, h("span", {class: "ha-lg-spot", "aria-hidden": "true"}, "·"), " free cell by a loose end"));
  items.push(h("span", {class: "ha-legend-item"}, h("span", {class: "ha-lg-legal", "aria-hidden": "true"}), " you can choose it"));
  items.push(h("span", {class: "ha-legend-item"}, h("span", {class: "ha-lg-last", "aria-hidden": "true"}), " last move"));
  items.push(h("span", {class: "ha-legend-item ha-muted"}, "marks count cells from the torso: ↑2 is 2 above it, ←1 one left of it"));
  return h("p", {class: "ha-legend"}, items);
}
