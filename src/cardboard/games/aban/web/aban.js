// Aban!: the board drawn from the view alone (see PROTOCOL.md).
//
// render(view, root, ui) draws the dice, every seat's garden sheet and the plant boards;
// prompt(view, ui) says who must do what. The board takes every move (`boardKinds`): pick a
// die, then (if the die has several uses) a use, then a highlighted square; the plant is
// ghosted there until Confirm (a move passes the turn: it cannot be undone), Esc steps back.
// A square or die that is not legal asks the server why (`ui.whyNot`). Colemo changes the
// selected die; Machonero re-rolls dice picked as toggles. Every move also stays in the
// shell's folded list of all moves.

import {h, hideTip, injectCss, keepFocus, onEscape, seatMark, svg as s, tipsOn} from "/static/common.js";

injectCss("cardboard-css-aban", new URL("./aban.css", import.meta.url).href);

// Die faces: a colour AND pips AND (on plants) a 3-letter code. Dark enough for white
// text at 5:1 or better.
const FACE = {
  1: {colour: "#b3261e", word: "red"},
  2: {colour: "#1e7b34", word: "green"},
  3: {colour: "#a64b00", word: "orange"},
  4: {colour: "#1f5fbf", word: "blue"},
  5: {colour: "#6d3fb5", word: "purple"},
  6: {colour: "#b0246a", word: "pink"},
};
const PIPS = {1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]]};
const COLEMO = {plus_minus_one: "+1 or −1", plus_one_two: "+1 or +2", minus_one_two: "−1 or −2"};

/** A die face as an SVG: coloured square with white pips (the pips are the glyph). */
function dieSvg(value, size = 40) {
  const f = FACE[value] || {colour: "#555"};
  const svg = s("svg", {viewBox: "0 0 40 40", width: size, height: size, class: "ab-die-svg", "aria-hidden": "true",
    focusable: "false"});
  svg.append(s("rect", {x: 1.5, y: 1.5, width: 37, height: 37, rx: 7, fill: f.colour, stroke: "#1b1b1b",
    "stroke-width": 1.5}));
  for (const [x, y] of PIPS[value] || []) svg.append(s("circle", {cx: x * 10, cy: y * 10, r: 3.6, fill: "#fff"}));
  return svg;
}

function plantInfo(view) {
  const out = {};
  for (const [face, b] of Object.entries(view.boards || {})) {
    out[b.id] = {face: +face, name: b.name, code: b.name.slice(0, 3), text: b.text};
  }
  return out;
}

const who = (view, ui, seat) => {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === ui.seat) return "You";
  return (ui.names && ui.names[seat]) || `Seat ${seat + 1}`;
};
const nameOf = (ui, seat) => (ui.names && ui.names[seat]) || `Seat ${seat + 1}`;
const describe = (ui, text) => (ui && typeof ui.describe === "function" ? ui.describe(text) : text);
const cellWords = ([r, c]) => `row ${r + 1}, column ${c + 1}`;
const key = (at) => `${at[0]},${at[1]}`;

/** The last move in the log: who did it, on whose garden, which square. */
function lastMove(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const m = /^(?:seat (\d+)|you): (.*)$/.exec(log[i]);
    if (!m) continue;
    const actor = m[1] !== undefined ? +m[1] : (view.viewer ?? 0);
    const text = m[2];
    const on = /seat (\d+)'s/.exec(text);
    const at = /\brow (-?\d+), column (-?\d+)\b/.exec(text);
    return {actor, target: on ? +on[1] : actor, at: at ? [+at[1] - 1, +at[2] - 1] : null, text};
  }
  return null;
}

// ------------------------------------------------------------------ local selection
// What the reader has half-chosen (a die, a use, dice to re-roll). It belongs to one
// decision: a new list of legal moves resets it.
const sel = {sig: null, die: null, dieIdx: null, mode: null, reroll: null, at: null};
let current = null; // {view, root, ui}: for redrawing after a local choice

function resetIfNew(view, ui) {
  const sig = JSON.stringify([view.round, view.current_player, view.dice, (ui.legal || []).map((l) => l.move)]);
  if (sig !== sel.sig) {
    sel.sig = sig;
    sel.die = null;
    sel.mode = null;
    sel.reroll = null;
    sel.at = null;
  }
}

const DIE_KINDS = ["plant", "espino", "rocky", "radish", "pot", "shovel"];
const MODE_TEXT = {
  plant: (d, p) => `Plant ${p ? p.name : "its plant"}`,
  radish: () => "Radish (Rabamimo)",
  pot: () => "Extra pot (Don maceta)",
  shovel: () => "Shovel a token off",
  espino: () => "Espino on an opponent",
  rocky: () => "Rocky on an opponent",
};
const MODE_HINT = {
  plant: "choose a highlighted empty square of your garden",
  radish: "choose a highlighted empty square for the radish",
  pot: "choose a highlighted spot next to your garden",
  shovel: "choose a highlighted token in your garden",
  espino: "choose a highlighted empty square in an opponent's garden",
  rocky: "choose a highlighted square or plant in an opponent's garden",
};

function analyse(view, ui) {
  const legal = (ui.legal || []).map((l, i) => ({...l, i, kind: l.kind || l.move.kind}));
  const byDie = new Map();
  for (const l of legal) {
    if (l.move.die === undefined) continue;
    if (!byDie.has(l.move.die)) byDie.set(l.move.die, []);
    byDie.get(l.move.die).push(l);
  }
  const food = legal.filter((l) => l.kind === "food");
  const machonero = legal.filter((l) => l.kind === "machonero");
  // a die whose only moves are for it alone: choose it for the reader
  if (sel.die === null && byDie.size === 1 && !machonero.length) sel.die = [...byDie.keys()][0];
  if (sel.die !== null && !byDie.has(sel.die)) sel.die = null;
  const uses = sel.die !== null ? byDie.get(sel.die) : [];
  const modes = DIE_KINDS.filter((k) => uses.some((l) => l.kind === k));
  if (sel.die !== null && !modes.includes(sel.mode)) sel.mode = modes[0] || null;
  if (sel.die === null) sel.at = null;
  const targets = new Map(); // "seat|r,c" -> legal entry, for the selected die and use
  if (sel.mode) {
    for (const l of uses) {
      if (l.kind !== sel.mode) continue;
      const seat = l.move.seat ?? ui.seat;
      targets.set(`${seat}|${key(l.move.at)}`, l);
    }
  }
  const chosen = sel.at ? targets.get(sel.at) || null : null;
  if (!chosen) sel.at = null;
  return {legal, byDie, food, machonero, uses, modes, targets, chosen};
}

function redraw(focusKey = null) {
  if (!current) return;
  const {view, root, ui} = current;
  keepFocus(root, () => draw(view, root, ui), focusKey);
}

/** A click on a board target that is not legal now: the server says why (the rule's id). */
function whyNot(ui, move) {
  if (ui && typeof ui.whyNot === "function") ui.whyNot(move);
}

/** Give `el` the words of a tooltip (returns it). */
function tipOn(el, text) {
  if (text) el.dataset.tip = text;
  return el;
}

let escInstalled = false;
/** Esc cancels a half-made choice (a die picked, dice chosen for a re-roll). */
function installEsc() {
  if (escInstalled) return;
  escInstalled = true;
  onEscape(() => {
    if (!current || !current.root.isConnected || (sel.die === null && !sel.reroll)) return;
    if (sel.at) { const back = `cell${sel.at}`; sel.at = null; redraw(back); return; }
    sel.die = null;
    sel.dieIdx = null;
    sel.mode = null;
    sel.reroll = null;
    redraw();
  });
}

// ------------------------------------------------------------------ public
export function render(view, root, ui) {
  installEsc();
  // the shell's tooltip for the board's [data-tip] (hover, focus, tap, long-press; Esc closes);
  // a press of a board button closes it (the board redraws; the words would cover the next target)
  tipsOn(root, null, {pressCloses: true});
  hideTip();
  current = {view, root, ui};
  resetIfNew(view, ui);
  draw(view, root, ui);
}

export function prompt(view, ui) {
  const cur = view.current_player;
  if (view.phase === "over") {
    const winners = view.winners || [];
    if (view.players === 1) {
      const total = view.seats[0].score.total;
      return {you: `Game over: ${total} VP. ${view.result || ""}`.trim(), others: `Game over: ${total} VP`};
    }
    const names = winners.map((w) => (w === ui.seat ? "you" : nameOf(ui, w)));
    const text = !names.length ? "Game over" : names.length === 1
      ? `Game over: ${names[0] === "you" ? "you win" : names[0] + " wins"}`
      : `Game over: ${names.join(" and ")} share the win`;
    return {you: text, others: text};
  }
  const other = nameOf(ui, cur);
  if (view.phase === "food") {
    return {you: "You must choose your chayote's food number",
      others: `${other} must choose a chayote food number`};
  }
  const last = view.last_round ? " (last round)" : "";
  return {you: `You must choose a die${last}`, others: `${other} must choose a die${last}`};
}

/** Every kind of move has its place on the board: the shell lists them only in its folded list. */
export const boardKinds = ["food", "plant", "espino", "rocky", "shovel", "pot", "radish", "pass", "colemo", "machonero"];

/** Titles of the shell's move groups. */
export const kinds = {
  food: "Chayote food", plant: "Plant", espino: "Espino", rocky: "Rocky", shovel: "Shovel",
  colemo: "Colemo", machonero: "Machonero", radish: "Radish (Rabamimo)", pot: "Extra pot (Don maceta)",
  pass: "Take a die for nothing",
};

/** Rows of the final score table (used by the shell's end-of-game table). */
export function scoreRows(breakdown) {
  const rows = [];
  const plants = Object.keys((breakdown[0] && breakdown[0].plants) || {});
  const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1).replace(/_/g, " ");
  for (const p of plants) rows.push({label: cap(p), values: breakdown.map((b) => b.plants[p] ?? 0), kind: "sub"});
  rows.push({label: "Chayote", values: breakdown.map((b) => b.chayote ?? 0), kind: "row"});
  if (breakdown.some((b) => b.tokens)) rows.push({label: "Espinos / Rockys left", values: breakdown.map((b) => b.tokens ?? 0), kind: "row"});
  if (breakdown.some((b) => b.radishes)) rows.push({label: "Radishes", values: breakdown.map((b) => b.radishes ?? 0), kind: "row"});
  if (breakdown.some((b) => b.rocky_grants)) rows.push({label: "Rockys placed on plants", values: breakdown.map((b) => b.rocky_grants ?? 0), kind: "row"});
  rows.push({label: "Total", values: breakdown.map((b) => b.total), kind: "total"});
  return rows;
}

// ------------------------------------------------------------------ drawing
function draw(view, root, ui) {
  const a = analyse(view, ui);
  const plants = plantInfo(view);
  const last = lastMove(view);
  root.replaceChildren();
  root.classList.add("ab-root");
  const myTurn = ui.seat !== null && ui.seat !== undefined && view.current_player === ui.seat && a.legal.length > 0;

  root.append(drawStatus(view, ui));
  if (view.phase !== "over") root.append(drawTray(view, ui, a, plants, myTurn));
  if (view.kobachan) root.append(drawKobachan(view.kobachan));
  if (last) {
    root.append(h("p", {class: "ab-lastline"}, h("span", {class: "ab-lastkey", "aria-hidden": "true"}, "◌"),
      " Last move: ", h("strong", {}, who(view, ui, last.actor)), " — ", describe(ui, last.text)));
  }
  const order = [...view.seats].sort((x, y) => (x.seat === ui.seat ? -1 : y.seat === ui.seat ? 1 : x.seat - y.seat));
  const gardens = h("div", {class: "ab-gardens"});
  for (const seat of order) gardens.append(drawSeat(seat, view, ui, a, plants, last));
  root.append(gardens);
  root.append(drawBoards(view, plants));
  root.append(drawLegend(view));
}

function drawStatus(view, ui) {
  const bits = [];
  if (view.phase === "over") bits.push(h("strong", {}, "Game over"));
  else if (view.round) bits.push(h("span", {}, `${view.players === 1 ? "Turn" : "Round"} ${view.round}`));
  else bits.push(h("span", {}, "Set-up: choosing chayote food"));
  if (view.players > 1 && view.phase !== "over") {
    bits.push(h("span", {}, "Start player: ", h("strong", {}, nameOf(ui, view.start_player))));
  }
  if (view.last_round && view.phase !== "over") bits.push(h("span", {class: "ab-badge ab-badge-last"}, "⚑ Last round"));
  if (view.token_side) {
    bits.push(h("span", {}, `Token side: `, h("strong", {}, view.token_side === "rocky" ? "● Rocky" : "✱ Espino")));
  } else bits.push(h("span", {}, "Solo: Ko'bachan's Mischief"));
  if (view.phase === "over" && view.players === 1 && view.result) {
    bits.push(h("span", {class: "ab-badge ab-badge-win"}, `★ ${view.seats[0].score.total} VP: ${view.result}`));
  } else if (view.phase === "over") {
    const w = (view.winners || []).map((x) => (x === ui.seat ? "You" : nameOf(ui, x)));
    if (w.length) bits.push(h("span", {class: "ab-badge ab-badge-win"}, `★ ${w.join(" & ")} ${w.length > 1 || w[0] === "You" ? "win" : "wins"}`));
  }
  return h("div", {class: "ab-status"}, bits);
}

function dieButton(value, opts) {
  const {label, pressed, onclick, disabled, title, fk, small, why} = opts;
  const attrs = {class: "ab-die" + (small ? " ab-die-small" : "") + (pressed ? " ab-selected" : "") +
    (onclick && !disabled ? " ab-legal" : "") + (disabled ? " ab-dim" : ""),
    "data-tip": title || `Die ${value}`, "data-fk": fk};
  const kids = [dieSvg(value, small ? 30 : 40), h("span", {class: "ab-die-num", "aria-hidden": "true"}, value)];
  if (onclick && !disabled) {
    return h("button", {...attrs, type: "button", "aria-label": label, "aria-pressed": pressed === undefined ? null : String(!!pressed),
      onclick}, kids);
  }
  if (why) {  // not legal now: a click asks why
    return h("button", {...attrs, type: "button", "aria-disabled": "true", "aria-label": `${title || `Die ${value}`}: not available now`,
      onclick: why}, kids);
  }
  return h("div", {...attrs, role: "img", "aria-label": title || `Die ${value}`}, kids);
}

/** The fullest move a die with no use now would make: its plant (or token) on a square. */
function fullestMove(view, ui, d) {
  const mine = view.seats.find((x) => x.seat === ui.seat);
  const empty = mine && mine.garden.find((sq) => !sq.plant && !sq.token);
  const at = empty ? empty.at : [0, 0];
  if (d === 1 && view.token_side) {
    const opp = view.seats.find((x) => x.seat !== ui.seat);
    return {kind: view.token_side, die: 1, seat: opp ? opp.seat : 0, at};
  }
  return {kind: "plant", die: d, at};
}

function drawTray(view, ui, a, plants, myTurn) {
  const tray = h("section", {class: "ab-tray", "aria-label": "Dice"});
  const faceName = (d) => (d === 1 ? (view.token_board ? view.token_board.name : "no plant")
    : (view.boards[d] ? view.boards[d].name : "?"));

  // set-up: the chayote food number
  if (view.phase === "food") {
    const taken = new Map(view.seats.filter((x) => x.food).map((x) => [x.food, x.seat]));
    const row = h("div", {class: "ab-dice"});
    for (let d = 1; d <= 6; d++) {
      const move = a.food.find((l) => l.move.number === d);
      const by = taken.get(d);
      const title = by !== undefined ? `${d}: taken by ${who(view, ui, by)}` : move ? move.label : `${d}: not available`;
      row.append(dieButton(d, {label: move && describe(ui, move.label), title, fk: `food${d}`,
        onclick: move ? () => ui.pick(move.i) : null, disabled: !move && myTurn,
        why: !move && myTurn ? () => whyNot(ui, {kind: "food", number: d}) : null}));
    }
    tray.append(h("div", {class: "ab-tray-title"}, myTurn ? "Choose your chayote's food: it eats the left-over die of that number"
      : "Chayote food numbers"), row);
    return tray;
  }

  const dice = view.dice || [];
  const row = h("div", {class: "ab-dice"});
  if (!dice.length) row.append(h("span", {class: "ab-muted"}, view.phase === "over" ? "No dice: the game is over" : "No dice rolled"));
  const rerolling = !!sel.reroll;
  dice.forEach((d, idx) => {
    const uses = a.byDie.get(d) || [];
    const usable = myTurn && uses.length > 0;
    const title = `Die ${d}: ${faceName(d)}` + (myTurn && !uses.length ? " (no use for you)" : "");
    if (rerolling) {
      const on = sel.reroll.includes(idx);
      row.append(dieButton(d, {label: `Re-roll die ${d}`, pressed: on, title: `${title}: ${on ? "will be re-rolled" : "keep"}`,
        fk: `die${idx}`, onclick: () => {
          sel.reroll = on ? sel.reroll.filter((x) => x !== idx) : (sel.reroll.length < 3 ? [...sel.reroll, idx] : sel.reroll);
          redraw();
        }}));
      return;
    }
    // dice of one value are one choice: the one clicked (or the first) shows it
    const shown = sel.die === d && (sel.dieIdx === null || dice[sel.dieIdx] !== d ? dice.indexOf(d) === idx : sel.dieIdx === idx);
    row.append(dieButton(d, {
      label: `Choose die ${d} (${faceName(d)})`, pressed: usable ? shown : undefined, title, fk: `die${idx}`,
      onclick: usable ? () => {
        const again = sel.die === d && shown;
        sel.die = again ? null : d;
        sel.dieIdx = again ? null : idx;
        sel.mode = null;
        redraw();
      } : null, disabled: myTurn && !usable, why: myTurn && !usable ? () => whyNot(ui, fullestMove(view, ui, d)) : null}));
  });
  tray.append(h("div", {class: "ab-tray-title"}, dice.length ? `Dice in the pool (${dice.length})` : "Dice"), row);

  if (!myTurn) return tray;

  // what the selected die can do
  const bar = h("div", {class: "ab-actionbar", "aria-label": "Uses of the chosen die"});
  if (rerolling) {
    const values = sel.reroll.map((i) => dice[i]).sort((x, y) => x - y);
    const move = a.machonero.find((l) => JSON.stringify([...l.move.dice].sort((x, y) => x - y)) === JSON.stringify(values));
    bar.append(h("span", {}, "Machonero: pick up to 3 dice to re-roll (1 fertilizer). "));
    bar.append(h("button", {type: "button", class: "ab-btn ab-primary" + (move ? " ab-legal" : ""), disabled: !move, "data-fk": "reroll-ok",
      "aria-label": move ? describe(ui, move.label) : "Re-roll: choose dice first",
      onclick: () => move && ui.pick(move.i)}, move ? `Re-roll ${values.join(", ")}` : "Re-roll"));
    bar.append(h("button", {type: "button", class: "ab-btn", "data-fk": "reroll-cancel",
      onclick: () => { sel.reroll = null; redraw(); }}, "Cancel (Esc)"));
    tray.append(bar);
    return tray;
  }
  if (sel.die !== null && a.chosen) {
    const l = a.chosen;
    bar.append(h("button", {type: "button", class: "ab-btn ab-primary", "data-fk": "confirm",
      "aria-label": `Confirm: ${describe(ui, l.label)}`, onclick: () => ui.pick(l.i)}, `✓ Confirm: ${describe(ui, l.label)}`));
    bar.append(h("button", {type: "button", class: "ab-btn", "data-fk": "cancel-square",
      onclick: () => { const back = `cell${sel.at}`; sel.at = null; redraw(back); }}, "Cancel (Esc)"));
  } else if (sel.die !== null) {
    const d = sel.die;
    bar.append(h("span", {class: "ab-bar-die"}, dieSvg(d, 24), ` Die ${d}: `));
    if (a.modes.length > 1) {
      const group = h("span", {class: "ab-modes", role: "group", "aria-label": "Use the die to"});
      for (const m of a.modes) {
        group.append(h("button", {type: "button", class: "ab-btn ab-mode" + (m === sel.mode ? " ab-selected" : " ab-legal"),
          "aria-pressed": String(m === sel.mode), "data-fk": `mode-${m}`,
          onclick: () => { sel.mode = m; sel.at = null; redraw(); }}, MODE_TEXT[m](d, plants[view.boards[d] && view.boards[d].id])));
      }
      bar.append(group);
    } else if (sel.mode) {
      bar.append(h("strong", {}, MODE_TEXT[sel.mode](d, plants[view.boards[d] && view.boards[d].id])));
    }
    if (sel.mode) bar.append(h("span", {class: "ab-hint"}, ` — ${MODE_HINT[sel.mode]}.`));
    // targets in opponents' gardens may be off screen: a way to reach each
    const seats = [...new Set([...a.targets.values()].map((l) => l.move.seat).filter((x) => x !== undefined && x !== ui.seat))];
    for (const st of seats) {
      bar.append(h("button", {type: "button", class: "ab-btn", "data-fk": `goto${st}`,
        onclick: () => {
          const first = current && current.root.querySelector(`button.ab-cell[data-fk^="cell${st}|"]`);
          if (first) { first.scrollIntoView({block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth"}); first.focus({preventScroll: true}); }
        }}, `Go to ${nameOf(ui, st)}'s garden ↓`));
    }
    for (const l of a.uses.filter((x) => x.kind === "colemo")) {
      const to = d + l.move.change;
      bar.append(h("button", {type: "button", class: "ab-btn ab-legal", "aria-label": describe(ui, l.label),
        "data-fk": `colemo${l.move.change}`, onclick: () => ui.pick(l.i)},
        "Colemo: make it ", h("span", {class: "ab-inline-die"}, dieSvg(to, 18)), ` ${to}`));
    }
    for (const l of a.uses.filter((x) => x.kind === "pass")) {
      bar.append(h("button", {type: "button", class: "ab-btn ab-legal", "aria-label": describe(ui, l.label),
        "data-fk": "pass", onclick: () => ui.pick(l.i)}, `Take the ${d} for nothing`));
    }
    bar.append(h("button", {type: "button", class: "ab-btn", "data-fk": "cancel-die",
      onclick: () => { sel.die = null; sel.mode = null; sel.at = null; redraw(); }}, "Cancel (Esc)"));
  } else {
    bar.append(h("span", {class: "ab-hint"}, "Choose a die, then a highlighted square."));
  }
  if (a.machonero.length) {
    bar.append(h("button", {type: "button", class: "ab-btn ab-legal", "data-fk": "machonero",
      "aria-label": "Machonero: pay a fertilizer token to re-roll up to 3 dice",
      onclick: () => { sel.reroll = []; sel.die = null; redraw(); }}, "Machonero: re-roll dice…"));
  }
  tray.append(bar);
  return tray;
}

function drawKobachan(ko) {
  const track = h("ol", {class: "ab-ko-track", "aria-label": `Ko'bachan's track: step ${ko.step} of ${ko.track_length}`});
  for (let i = 0; i <= ko.track_length; i++) {
    let glyph = "·", cls = "ab-ko-step", what = `step ${i}`;
    if (i === 0) { glyph = "▶"; what = "start"; }
    if (ko.dig_steps.includes(i)) { glyph = "⊗"; cls += " ab-ko-dig"; what = `step ${i}: Ko'bachan digs`; }
    if (i === ko.track_length) { glyph = "✖"; cls += " ab-ko-end"; what = `step ${i}: the game ends`; }
    const here = i === ko.step;
    if (here) { cls += " ab-ko-here"; what += " (Ko'bachan is here)"; }
    track.append(h("li", {class: cls, "data-tip": what, tabindex: "-1"}, h("span", {"aria-hidden": "true"}, here ? "☻" : glyph),
      h("span", {class: "ab-sr"}, what)));
  }
  return h("section", {class: "ab-ko", "aria-label": "Ko'bachan"},
    h("div", {class: "ab-tray-title"}, `Ko'bachan: step ${ko.step} of ${ko.track_length}`,
      h("span", {class: "ab-muted"}, ` · digs at ${ko.dig_steps.join(" and ")} · a 1 rolled moves him`)), track);
}

// Rockys on a square: one marker, with their number when several share it
function rockyMark(sq) {
  const n = sq.rockys || 1;
  return h("span", {class: "ab-rocky", "aria-hidden": "true"}, n > 1 ? `${n}●` : "●");
}

function rockyWords(sq) {
  const n = sq.rockys || 1;
  return n > 1 ? `${n} Rockys (−${2 * n} VP)` : "a Rocky (−2 VP)";
}

function cellContent(sq, plants, view) {
  const p = sq.plant ? plants[sq.plant] || {face: 0, name: sq.plant, code: sq.plant.slice(0, 3), text: ""} : null;
  if (p) {
    const kids = [h("span", {class: "ab-pip", "aria-hidden": "true"}, dieSvg(p.face, 14)),
      h("span", {class: "ab-code"}, p.code)];
    let desc = `${p.name} (die ${p.face})`;
    if (sq.token === "rocky") {
      kids.push(rockyMark(sq));
      desc += `, covered by ${rockyWords(sq)}: it does not score`;
    }
    return {cls: `ab-plant ab-face${p.face}` + (sq.token === "rocky" ? " ab-covered" : ""), kids, desc,
      tip: `${desc}. ${p.text}`};
  }
  if (sq.token === "rocky") { // on an empty square or a radish
    const what = sq.radish ? "a radish" : "an empty square";
    const kids = [rockyMark(sq)];
    if (sq.radish) kids.unshift(h("span", {class: "ab-glyph", "aria-hidden": "true"}, "◆"));
    const desc = `${rockyWords(sq)} on ${what}`;
    return {cls: (sq.radish ? "ab-radish" : "ab-empty") + " ab-covered", kids, desc,
      tip: `${desc}: the square holds nothing else until a shovel takes them off, one a shovel`};
  }
  if (sq.token === "espino") {
    return {cls: "ab-espino", kids: [h("span", {class: "ab-glyph", "aria-hidden": "true"}, "✱"), h("span", {class: "ab-small"}, "Esp")],
      desc: "an Espino", tip: "an Espino: −2 VP at the end unless shovelled off"};
  }
  if (sq.token === "radish") {
    return {cls: "ab-radish", kids: [h("span", {class: "ab-glyph", "aria-hidden": "true"}, "◆"), h("span", {class: "ab-small"}, "Rad")],
      desc: "a radish", tip: "a radish (Rabamimo): stands in for any plant in one pattern; −1 VP"};
  }
  if (sq.token === "dig") {
    return {cls: "ab-dig", kids: [h("span", {class: "ab-small"}, "Dig")], desc: "dug by Ko'bachan",
      tip: "dug by Ko'bachan: no plant can grow here and it cannot be shovelled"};
  }
  const kids = [];
  if (sq.number !== undefined) kids.push(h("span", {class: "ab-num"}, sq.number));
  return {cls: "ab-empty", kids, desc: sq.number !== undefined ? `empty (dig number ${sq.number})` : "empty",
    tip: sq.number !== undefined ? `empty; Ko'bachan digs it on a roll of ${sq.number}` : "empty"};
}

function drawGarden(seat, view, ui, a, plants, last) {
  const squares = new Map(seat.garden.map((sq) => [key(sq.at), sq]));
  const ghosts = new Map(); // pot sites for the chosen die, drawn outside the sheet
  if (sel.mode === "pot" && seat.seat === ui.seat) {
    for (const l of a.targets.values()) ghosts.set(key(l.move.at), l);
  }
  const all = [...seat.garden.map((sq) => sq.at), ...[...ghosts.values()].map((l) => l.move.at)];
  const rows = all.map((x) => x[0]), cols = all.map((x) => x[1]);
  const r0 = Math.min(...rows), r1 = Math.max(...rows), c0 = Math.min(...cols), c1 = Math.max(...cols);
  const owner = nameOf(ui, seat.seat);
  const grid = h("div", {class: "ab-grid", role: "group", "aria-label": `${owner}'s garden: rows ${r0 + 1} to ${r1 + 1} from the top, columns ${c0 + 1} to ${c1 + 1} from the left`,
    style: {"grid-template-columns": `auto repeat(${c1 - c0 + 1}, var(--ab-cell))`}});
  grid.append(h("div", {class: "ab-lab", "aria-hidden": "true"}));
  for (let c = c0; c <= c1; c++) grid.append(h("div", {class: "ab-lab ab-lab-col", "aria-hidden": "true"}, String(c + 1)));
  // which squares of this garden a click may ask about (the chosen die's use decides)
  const mineNow = ui.seat !== null && ui.seat !== undefined && view.current_player === ui.seat && sel.die !== null && sel.mode;
  const onOpponent = sel.mode === "espino" || sel.mode === "rocky";
  const asks = mineNow && (onOpponent ? seat.seat !== ui.seat : seat.seat === ui.seat);
  const whyMove = (at) => (onOpponent ? {kind: sel.mode, die: sel.die, seat: seat.seat, at}
    : {kind: sel.mode, die: sel.die, at});
  let first = true;
  for (let r = r0; r <= r1; r++) {
    grid.append(h("div", {class: "ab-lab ab-lab-row", "aria-hidden": "true"}, String(r + 1)));
    for (let c = c0; c <= c1; c++) {
      const k = `${r},${c}`;
      const sq = squares.get(k);
      const tkey = `${seat.seat}|${k}`;
      const target = a.targets.get(tkey) || ghosts.get(k);
      const isLast = last && last.at && last.target === seat.seat && last.at[0] === r && last.at[1] === c;
      if (!sq && !target) { grid.append(h("div", {class: "ab-gap", "aria-hidden": "true"})); continue; }
      const chosen = target && sel.at === tkey;
      let info = sq ? cellContent(sq, plants, view) : {cls: "ab-ghost", kids: [h("span", {class: "ab-small"}, "pot?")],
        desc: "outside the sheet", tip: "a spot next to the sheet where an extra pot can be drawn"};
      if (chosen) {
        const look = target.kind === "plant" ? `ab-plant ab-face${target.move.die}` : info.cls;
        info = {...info, cls: `${look} ab-pending`, kids: pendingKids(target, plants, view)};
      }
      const where = cellWords([r, c]) + (sq ? "" : " (off the sheet)");
      const tip = `${owner}'s garden, ${where}: ${info.tip}` + (isLast ? " · last move" : "");
      const cls = `ab-cell ${info.cls}` + (isLast ? " ab-last" : "") + (target ? " ab-legal" : "") + (chosen ? " ab-chosen" : "");
      const attrs = {class: cls, "data-tip": target ? `${describe(ui, target.label)}. Now ${info.tip}` : tip,
        "data-r": r, "data-c": c, "data-fk": `cell${tkey}`};
      if (target) {
        const label = chosen ? `Confirm: ${describe(ui, target.label)}` : `${describe(ui, target.label)} (then Confirm)`;
        grid.append(h("button", {...attrs, type: "button", "aria-label": label, "aria-pressed": String(!!chosen),
          onclick: () => {
            if (chosen) { ui.pick(target.i); return; }  // a second click on the chosen square confirms
            sel.at = tkey;
            redraw("confirm");
          }}, info.kids));
      } else if (asks && sq) {
        grid.append(h("button", {...attrs, type: "button", class: `${cls} ab-asks`, "aria-disabled": "true",
          "aria-label": `${where}: ${info.desc}; not possible now (ask why)`,
          onclick: () => whyNot(ui, whyMove([r, c]))}, info.kids));
      } else {
        grid.append(h("div", {...attrs, role: "img", tabindex: first ? "0" : "-1",
          "aria-label": `${where}: ${info.desc}` + (isLast ? ", last move" : "")}, info.kids));
        first = false;
      }
    }
  }
  grid.addEventListener("keydown", (e) => arrowNav(e, grid));
  return h("div", {class: "ab-gridwrap"}, grid);
}

/** What the chosen square will hold once confirmed, ghosted. */
function pendingKids(l, plants, view) {
  const k = l.kind;
  if (k === "plant") {
    const b = view.boards[l.move.die];
    const p = b ? plants[b.id] : null;
    return [h("span", {class: "ab-pip", "aria-hidden": "true"}, dieSvg(l.move.die, 14)),
      h("span", {class: "ab-code"}, p ? p.code : "?")];
  }
  if (k === "espino") return [h("span", {class: "ab-glyph", "aria-hidden": "true"}, "✱"), h("span", {class: "ab-small"}, "Esp")];
  if (k === "rocky") return [h("span", {class: "ab-rocky", "aria-hidden": "true"}, "●")];
  if (k === "radish") return [h("span", {class: "ab-glyph", "aria-hidden": "true"}, "◆"), h("span", {class: "ab-small"}, "Rad")];
  if (k === "pot") return [h("span", {class: "ab-small"}, "pot")];
  if (k === "shovel") return [h("span", {class: "ab-small"}, "dig out")];
  return [];
}

function arrowNav(e, grid) {
  const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[e.key];
  const from = e.target.closest("[data-r]");
  if (!step || !from) return;
  let r = +from.dataset.r, c = +from.dataset.c;
  for (let n = 0; n < 20; n++) {
    r += step[0];
    c += step[1];
    const next = grid.querySelector(`[data-r="${r}"][data-c="${c}"]`);
    if (next) { next.focus(); e.preventDefault(); return; }
  }
}

function drawSeat(seat, view, ui, a, plants, last) {
  const solo = view.players === 1;
  const mark = seatMark(seat.seat);
  const toMove = view.phase !== "over" && view.current_player === seat.seat;
  const won = view.phase === "over" && (view.winners || []).includes(seat.seat) && !solo;
  const title = h("h3", {class: "ab-seat-title"},
    h("span", {class: "ab-seatglyph", style: {color: mark.colour}, "aria-hidden": "true"}, mark.glyph), " ",
    nameOf(ui, seat.seat), seat.seat === ui.seat && !solo ? h("span", {class: "ab-muted"}, " (you)") : null,
    toMove ? h("span", {class: "ab-badge ab-badge-turn"}, "▶ to move") : null,
    won ? h("span", {class: "ab-badge ab-badge-win"}, "★ winner") : null,
    !solo && view.start_player === seat.seat && view.phase !== "over" ? h("span", {class: "ab-badge", "data-tip": "Start player of this round"}, "1st") : null,
    h("span", {class: "ab-vp"}, `${seat.score.total} VP`));

  // chayote: food number and 12 feed boxes
  const feeds = h("span", {class: "ab-feeds", role: "img", "aria-label": `fed ${seat.feeds} times`, "data-tip": `fed ${seat.feeds} of 12 boxes`});
  for (let i = 0; i < 12; i++) feeds.append(h("span", {class: "ab-feed" + (i < seat.feeds ? " ab-fed" : ""), "aria-hidden": "true"}, i < seat.feeds ? "✓" : ""));
  const info = h("div", {class: "ab-info"});
  info.append(h("div", {class: "ab-row", "data-tip": "The left-over die of each round feeds every chayote of that number"},
    h("span", {class: "ab-key"}, "Chayote eats"),
    seat.food ? h("span", {class: "ab-inline-die", "data-tip": `${seat.food}`}, dieSvg(seat.food, 20), ` ${seat.food}`) : h("span", {class: "ab-muted"}, "? (not chosen yet)"),
    h("span", {class: "ab-key ab-fedkey"}, `fed ${seat.feeds}`), feeds));
  if (!solo) {
    const side = view.token_side === "rocky" ? "Rockys" : "Espinos";
    const glyph = view.token_side === "rocky" ? "●" : "✱";
    const marks = h("span", {class: "ab-shovels", role: "img", "aria-label": `shovel spaces used: ${seat.shovel_marks.join(", ") || "none"}`});
    for (let i = 0; i < 4; i++) {
      const m = seat.shovel_marks[i];
      marks.append(h("span", {class: "ab-shovel" + (m ? " ab-fed" : ""), "aria-hidden": "true", "data-tip": m ? `shovel paid with a ${m}` : "free shovel space"}, m || ""));
    }
    info.append(h("div", {class: "ab-row"},
      h("span", {class: "ab-chip", tabindex: "0", "data-tip": `${side} left to place on opponents`}, h("span", {class: "ab-tokglyph", "aria-hidden": "true"}, glyph), ` ${side} ${seat.tokens}`),
      h("span", {class: "ab-chip", tabindex: "0", "data-tip": "Shovel tokens left"}, "Shovels ", seat.shovels), marks));
  }
  if ((view.super_plants || []).length) {
    info.append(h("div", {class: "ab-row"}, h("span", {class: "ab-chip", tabindex: "0", "data-tip": "Fertilizer tokens pay for the super plants"}, "✿ Fertilizer ", seat.fertilizer)));
  }
  // score breakdown
  const sc = seat.score;
  const parts = [];
  for (const [pid, v] of Object.entries(sc.plants || {})) {
    if (!v) continue;
    const p = plants[pid] || {code: pid.slice(0, 3), face: 0, name: pid};
    parts.push(h("span", {class: `ab-scorechip ab-face${p.face}`, tabindex: "0", "data-tip": `${p.name}: ${v} VP`}, `${p.code} ${v}`));
  }
  for (const [k, name] of [["chayote", "Chayote"], ["tokens", view.token_side === "rocky" ? "Rockys" : "Espinos"], ["radishes", "Radishes"],
    ["rocky_grants", "Rockys placed"]]) {
    if (sc[k]) parts.push(h("span", {class: "ab-scorechip", tabindex: "0", "data-tip": `${name}: ${sc[k]} VP`}, `${name} ${sc[k]}`));
  }
  info.append(h("div", {class: "ab-row ab-score"}, h("span", {class: "ab-key"}, "Score"), parts.length ? parts : h("span", {class: "ab-muted"}, "nothing yet")));

  return h("section", {class: "ab-seat" + (toMove ? " ab-tomove" : "") + (seat.seat === ui.seat ? " ab-mine" : ""),
    "aria-label": `${nameOf(ui, seat.seat)}'s garden sheet`},
    title, drawGarden(seat, view, ui, a, plants, last), info);
}

function drawBoards(view, plants) {
  const list = h("div", {class: "ab-boards"});
  if (view.token_board) {
    list.append(h("div", {class: "ab-board", "data-tip": view.token_board.text},
      h("div", {class: "ab-board-head"}, dieSvg(1, 22), h("span", {class: "ab-code ab-face1"}, view.token_side === "rocky" ? "●" : "✱"),
        h("strong", {}, view.token_board.name)),
      h("div", {class: "ab-board-text"}, view.token_board.text)));
  }
  for (const [face, b] of Object.entries(view.boards || {}).sort((x, y) => +x[0] - +y[0])) {
    list.append(h("div", {class: "ab-board", "data-tip": `${b.name} (die ${face}): ${b.text}`},
      h("div", {class: "ab-board-head"}, dieSvg(+face, 22), h("span", {class: `ab-code ab-face${face}`}, plants[b.id].code),
        h("strong", {}, b.name)),
      h("div", {class: "ab-board-text"}, b.text)));
  }
  for (const sp of view.super_plants || []) {
    let text = sp.text;
    if (sp.id === "colemo" && view.colemo_variant) text += ` Variant: ${COLEMO[view.colemo_variant] || view.colemo_variant}.`;
    const used = (view.powers_used || {})[sp.id];
    list.append(h("div", {class: "ab-board ab-super", "data-tip": `${sp.name}: ${text}`},
      h("div", {class: "ab-board-head"}, h("span", {class: "ab-star", "aria-hidden": "true"}, "★"), h("strong", {}, sp.name),
        used ? h("span", {class: "ab-badge"}, "used this turn") : null),
      h("div", {class: "ab-board-text"}, text)));
  }
  return h("section", {class: "ab-reference", "aria-label": "Plant boards"}, h("h3", {class: "ab-ref-title"}, "Plant boards"), list);
}

function drawLegend(view) {
  const items = [[h("span", {class: "ab-lg ab-empty"}), "empty"]];
  if (view.token_side === "espino") items.push([h("span", {class: "ab-lg ab-espino"}, "✱"), "Espino (−2 VP)"]);
  if (view.token_side === "rocky") items.push([h("span", {class: "ab-lg ab-plant ab-face2 ab-covered"}, "●"), "Rocky on a square or plant (−2 VP each; 2● two of them)"]);
  if ((view.super_plants || []).some((x) => x.id === "rabamimo")) items.push([h("span", {class: "ab-lg ab-radish"}, "◆"), "radish (wild, −1 VP)"]);
  if (view.kobachan) items.push([h("span", {class: "ab-lg ab-dig"}), "Ko'bachan's dig"]);
  items.push([h("span", {class: "ab-lg ab-lg-legal"}), "you can choose it (then Confirm)"]);
  items.push([h("span", {class: "ab-lg ab-lg-last"}), "last move"]);
  items.push([h("span", {class: "ab-lg"}, "1"), "rows counted from the top, columns from the left"]);
  return h("p", {class: "ab-legend"}, items.map(([sym, text]) => h("span", {class: "ab-legend-item"}, sym, " ", text)));
}
