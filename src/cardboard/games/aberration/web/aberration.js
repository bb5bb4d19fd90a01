// Aberration, drawn from the view alone (see cardboard/games/aberration/view.py and PROTOCOL.md).
// render(view, root, ui) draws the Survival and Fear tracks, the Great Beast (deck, known cards, the five
// enemies with level, HP and keywords), the objective, the map (the four boards around the Village Center
// in compass order, each from its edge down its fork's two branches to the Village, with what stands on
// every space: heroes, monsters with HP, face-down shadows shown only as face down, villagers, Fire,
// Influence, traps, Vantage Point entries), the Village spots and the Vantage Points, the decision, and
// each hero's boards in the player panels. Legal moves map to clicks: a map space (step, attack, place,
// move a monster, reveal a shadow, choose a monster or the hero attacked), a board's title (remove
// Influence), a Village spot (assign) and a Vantage Point (pay toward it). Several moves on one thing open a
// chooser beside it. The shell's move buttons stay as the fallback for all.
import {Picker, h, hideTip, injectCss, onEscape, seatMark, tipsOn} from "/static/common.js";

injectCss("cardboard-css-aberration", new URL("./aberration.css", import.meta.url).href);

const STATS = [["INT", "B", "Intellect"], ["STR", "R", "Strength"], ["SPD", "G", "Speed"], ["CMD", "Y", "Command"]];
const CHIP = {B: "Intellect (blue)", R: "Strength (red)", G: "Speed (green)", Y: "Command (yellow)", H: "Hero chip (any colour)",
  X: "Aberration chip", any: "any chip"};
const COLOUR_STAT = {B: "Intellect", R: "Strength", G: "Speed", Y: "Command", grey: "general"};
const COMPASS = {N: "North", E: "East", S: "South", W: "West"};
const CHIP_GLYPH = {B: "◆", R: "▲", G: "●", Y: "★", H: "✦", X: "✖"};
const FACE = [["□", "blank"], ["◐", "graze"], ["✹", "hit"]];
const PHASE = {setup: "Set-up", village: "Village phase", hero: "Hero phase", beast: "Great Beast phase", over: "Game over"};
const KEYWORDS = {
  herald: "When revealed: this monster levels up.", incite: "When revealed: a Monstrosity advances (or this one).",
  leap: "When revealed: advance 2.", spawn: "When revealed: spawn monster III in this space.",
  aggressive: "When activated: activate twice.", parasite: "When activated: a Thornlamm token on its card.",
  regenerate: "When activated: remove all its damage.", armour: "Takes at most 2 damage an attack.",
  flying: "Only Ranged attacks damage it.", ranged: "Counter-attacks Heroes' Ranged attacks.",
  stealthy: "Only Melee attacks damage it.", plague: "Its damage that transforms a hero also gives Plague.",
};
const DOING = {
  turn: ["Take actions on your hero board (your panel), or End the turn.", "is taking a turn…"],
  predraw: ["Spend Experience on your hero board (raise, unlock, attune), or Draw chips.", "is spending Experience before drawing…"],
  walk: ["Step: click a highlighted space (or Stop).", "is moving…"],
  target: ["Attack: click a highlighted space (several targets there open a choice).", "is choosing what to attack…"],
  place: ["Click a highlighted space to place it.", "is choosing a space…"],
  assign: ["Assign a villager: click a highlighted Village spot.", "is assigning a villager…"],
  pick_monster: ["Choose a monster: click a highlighted space.", "is choosing a monster…"],
  pick_hero: ["Choose a hero (buttons above).", "is choosing a hero…"],
  pick_shadow: ["Choose a shadow to reveal: click a highlighted space.", "is choosing a shadow to reveal…"],
  pick_board: ["Choose a board: click a highlighted board's title.", "is choosing a board…"],
  block: ["You take damage: block with an Item, or take it.", "may block damage with an Item…"],
  reroll: ["Reroll the dice with a Lucky Item or power, or pass.", "may reroll the dice…"],
  smite: ["Add damage to the attack with a Smite Item, or pass.", "may add damage to the attack…"],
  support: ["Help the hero on turn with an Item, or pass.", "may help the hero on turn with an Item…"],
  keep: ["Choose the Item to keep.", "is choosing an Item to keep…"],
  shove: ["Move the monster: click a highlighted space.", "is moving a monster…"],
  foresee: ["Arrange the top Great Beast cards.", "is arranging the Great Beast cards…"],
  one_of: ["Choose one option.", "is choosing an option…"],
  fortify: ["Fortify: pay chips toward a Vantage Point (click it), or stop.", "is fortifying a Vantage Point…"],
  victim: ["Choose which hero the monster attacks.", "is choosing which hero the monster attacks…"],
};

const plural = (n, word, many = word + "s") => `${n} ${n === 1 ? word : many}`;
const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : "");
const short = (s) => (String(s).includes(".") ? String(s).split(".")[1] : String(s));
const nameOf = (ui, s) => (ui.names && ui.names[s]) || `Seat ${s + 1}`;
const heroName = (view, s) => ((view.heroes || [])[s] || {}).name || `Hero ${s}`;

/** Titles of the move kinds for the shell's grouped lists. */
export const kinds = {
  use: "Actions", wield: "Item actions", item: "Play an Item", exploit: "Exploit an Item", attune: "Attune an Item",
  upgrade: "Raise an ability", unlock: "Unlock an advanced action", secure: "Pay toward a Vantage Point", end: "End the turn",
  draw: "Draw", step: "Step", stop: "Stop", target: "Attack", place: "Place", assign: "Assign a villager",
  board: "Remove Influence", redraw: "Redraw a chip", pass: "Pass", take: "Take the damage", block: "Block", smite: "Smite",
  reroll: "Reroll", pick: "Choose a hero", victim: "Hero attacked", monster: "Choose a monster", reveal: "Reveal a shadow",
  keep: "Keep an Item", shove: "Move a monster", arrange: "Arrange Great Beast cards", choose: "Choose",
};

/** Move kinds the board takes (PROTOCOL.md): the map (step, attack, place, move a monster, reveal, choose a
 *  monster or the hero attacked), the Village spots, the Vantage Points, the boards' titles, and the hero
 *  board in the player's panel (actions, Items, abilities and their locks, the bag, the hand's chips, End
 *  the turn). The shell lists them only in its folded "All moves". */
export const boardKinds = ["step", "target", "place", "shove", "reveal", "monster", "victim", "assign", "secure", "board",
  "use", "wield", "item", "exploit", "attune", "upgrade", "unlock", "end", "draw", "redraw"];

// ------------------------------------------------------------------ words and tooltips
/** Where on its board a space lies: "path 1", "fork", "left branch 2", "right branch 1", "glade". */
function spotWords(part) {
  const m = /^([a-z]+)(\d*)$/.exec(part || "");
  if (!m) return part;
  const [, k, n] = m;
  return {fk: "fork", g: `glade${n ? " " + n : ""}`, a: `path ${n}`, l: `left branch ${n}`, r: `right branch ${n}`}[k] || part;
}
/** A space in words ("the Village Center", "Hollowroot Wood left branch 2"), as the labels say it. */
function spaceWords(view, name) {
  if (name === "VC") return "the Village Center";
  const [tile, part] = String(name).split(".");
  const b = ((view.map || {}).boards || []).find((x) => String(x.tile) === tile);
  const where = spotWords(part);
  const board = b ? b.name : `board ${tile}`;
  return where === "fork" || where.startsWith("glade") ? `the ${board} ${where}` : `${board} ${where}`;
}
const shortSpot = (name) => (name === "VC" ? "Village Center" : spotWords(String(name).split(".")[1])
  .replace("left branch ", "left ").replace("right branch ", "right "));

// On hover, keyboard focus and a long-press (contextmenu); closed by Esc, blur or leaving: never a
// mouse-only `title` (ux-conventions §3). The words are the element's description for screen readers.
/** Words for `el` in the shell's tooltip (common.js tipsOn: hover, keyboard focus, tap or long-press;
 *  Esc closes; the element's description while open); `focusable` puts it in the Tab order. */
function tipOn(el, text, {focusable = false} = {}) {
  if (!text) return el;
  el.dataset.tip = text;
  if (focusable && !el.hasAttribute("tabindex")) el.tabIndex = 0;
  return el;
}

/** A board target that is not legal now: the engine says why, with its rule id (never a silent click). */
function whyTarget(el, move, label, ui) {
  if (!ui.legal || !ui.legal.length || typeof ui.whyNot !== "function") return el;
  el.classList.add("ab-why");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", `${label} (not possible now: press to hear why)`);
  el.dataset.why = JSON.stringify(move);
  const act = (e) => { e.stopPropagation(); if (!(ui.locked && ui.locked())) ui.whyNot(move); };
  el.addEventListener("click", act);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); } });
  return el;
}

/** The end-of-game table: cooperative, so one outcome for the whole team, with its reason and the tracks. */
export function scoreRows(breakdown) {
  const col = (k) => breakdown.map((b) => b[k]);
  const first = breakdown[0] || {};
  return [
    {label: `${first.outcome || "Outcome"} for the whole team${first.cause ? ": " + first.cause : ""}`, values: col("won"), kind: "sub"},
    {label: `Survival track (of ${first.survival_track})`, values: col("survival"), kind: "row"},
    {label: `Fear track (of ${first.fear_track})`, values: col("fear"), kind: "row"},
    {label: "Vantage Points secured", values: col("vantage_points"), kind: "row"},
    {label: "Rounds played", values: col("round"), kind: "row"},
    {label: "Team score (1 victory, 0 defeat)", values: col("total"), kind: "total"},
  ];
}

// ------------------------------------------------------------------ prompt
export function prompt(view, ui) {
  const asked = view.asked || {};
  const who = asked.seat !== undefined && asked.seat !== null ? `${heroName(view, asked.seat)} (${nameOf(ui, asked.seat)})` : "";
  const d = DOING[asked.kind] || ["Your move.", "is playing…"];
  let you = d[0];
  if (asked.kind === "walk" && asked.steps) you = `Step (${plural(asked.steps, "step")} left): click a highlighted space, or Stop.`;
  if (asked.kind === "target") you = `${cap(asked.attack || "")} attack with ${plural(asked.dice || 0, "die", "dice")}${asked.area ? " (area)" : ""}: click a highlighted space.`;
  if (asked.kind === "block") you = `${plural(asked.damage || 0, "damage", "damage")} coming: block with an Item, or take it.`;
  if (asked.kind === "place") {
    you = {start: "Choose your hero's starting space: click a highlighted space.", fire: "Place a Fire: click a highlighted space.",
      trap: "Place a trap: click a highlighted space."}[asked.what] || "Click a highlighted space.";
  }
  return {you, others: `${who} ${d[1]}`};
}

// ------------------------------------------------------------------ clickable pieces and the chooser
const picker = new Picker("ab", draw, choiceText);
const {movesWhere} = picker;
/** The Picker's clickable, its label kept as the accessible name only (no mouse-only title). */
function clickable(el, idx, title, key, opts) {
  picker.clickable(el, idx, title, key, opts);
  el.removeAttribute("title");
  return el;
}

/** " (1 of 2)" when several face-down shadows share the space (they look alike). */
function shadowNo(view, id) {
  const sh = (view.shadows || []).find((x) => x.id === id);
  if (!sh) return "";
  const here = (view.shadows || []).filter((x) => x.space === sh.space);
  return here.length > 1 ? ` (${here.indexOf(sh) + 1} of ${here.length}, at ${spaceWords(view, sh.space)})` : ` at ${spaceWords(view, sh.space)}`;
}

/** A chooser line in words: the monster, shadow or hero a move names, as the board shows it. */
function choiceText(view, m, label) {
  const mon = (view.monsters || []).find((x) => x.id === m.monster);
  const monWords = mon ? `${mon.name} (monster ${mon.id}, ${mon.hp} of ${mon.max_hp} HP) at ${spaceWords(view, mon.space)}` : null;
  if (m.kind === "target") {
    if (mon) return `Attack ${monWords}`;
    if (m.shadow !== undefined && m.shadow !== null) return `Attack a face-down shadow${shadowNo(view, m.shadow)}`;
    return "Attack the whole space (area)";
  }
  if (m.kind === "monster" && mon) return `Choose ${monWords}`;
  if (m.kind === "shove" && mon) return `Move ${mon.name} (monster ${mon.id}) to ${spaceWords(view, typeof m.to === "number" ? view.map.spaces[m.to] : m.to)}`;
  if (m.kind === "reveal") return `Reveal a face-down shadow${shadowNo(view, m.shadow)}`;
  if (m.kind === "victim") return `The monster attacks ${heroName(view, m.hero)}`;
  return label;
}

// ------------------------------------------------------------------ small pieces
function chipEl(c) {
  const base = String(c).split(">").pop();
  const text = String(c).includes(">") ? `${c[0]}→${base}` : base;
  const words = String(c).includes(">") ? `${CHIP[c[0]] || c[0]} paying as ${CHIP[base] || base}` : (CHIP[base] || base);
  return tipOn(h("span", {class: `ab-chip c-${base}`, role: "img", "aria-label": words},
    h("span", {"aria-hidden": "true"}, CHIP_GLYPH[base] || ""), text), `${words} chip`);
}

function trackEl(label, at, end, cls) {
  const boxes = [];
  for (let k = 0; k <= end; k++) {
    boxes.push(h("span", {class: `ab-step${k === at ? " ab-here" : k < at ? " ab-past" : ""}${k === end ? " ab-end" : ""}`,
      "aria-hidden": "true"}, k === at ? String(k) : k === end ? (cls === "fear" ? "☠" : "☀") : ""));
  }
  return h("div", {class: `ab-track ab-${cls}`, role: "img", "aria-label": `${label} ${at} of ${end}`},
    h("span", {class: "ab-tlabel"}, `${label} ${at} of ${end}`), h("span", {class: "ab-steps"}, boxes));
}

function heroToken(view, hero, ui) {
  const mk = seatMark(hero.seat);
  const words = `${hero.name} (${nameOf(ui, hero.seat)}), HP ${hero.hp}`;
  return tipOn(h("span", {class: "ab-tok ab-hero", style: {"--seat": mk.colour}, "data-hero": hero.seat},
    h("span", {"aria-hidden": "true"}, mk.glyph), ` ${hero.name.split(" ")[0]}`), words);
}

function monsterToken(m) {
  const kw = (m.keywords || []).map((k) => k[0].toUpperCase() + k.slice(1));
  const words = `Monster ${m.id}: ${m.name} (enemy ${m.slot}, a ${m.type}), ${m.hp} of ${m.max_hp} HP${m.frozen ? ", frozen" : ""}${kw.length ? "; " + kw.join(", ") : ""}. Moves name it "monster ${m.id}".`;
  return tipOn(h("span", {class: `ab-tok ab-monster${m.type === "monstrosity" ? " ab-big" : ""}${m.frozen ? " ab-frozen" : ""}`,
    "data-monster": m.id},
  h("span", {class: "ab-slot"}, m.slot), h("b", {}, ` ${m.hp}/${m.max_hp}`), ` ${m.name}`, m.frozen ? " ❄" : "",
  h("span", {class: "ab-id"}, ` ${m.id}`)), words);
}

// ------------------------------------------------------------------ render
export function render(view, root, ui) {
  if (heroPick && (heroPick.n !== ui.n || !(ui.legal || []).length)) heroPick = null;
  if (armed && (armed.n !== ui.n || !(ui.legal || []).length)) armed = null;
  hideTip();
  tipsOn(root);   // the board's [data-tip] (the shell covers the panels)
  picker.render(view, root, ui);
  revealTarget(view, root, ui);
}

// On a narrow screen the map is one long column: a new decision on the map brings its first lit
// target into view (once per decision; the reader's own scrolling is left alone after that).
const MAP_ASKS = new Set(["walk", "target", "place", "assign", "shove", "pick_monster", "pick_shadow", "pick_board", "victim", "fortify"]);
let revealedAt = -1;
function revealTarget(view, root, ui) {
  if (revealedAt === ui.n || !(ui.legal || []).length || innerWidth >= 800) return;
  if (!MAP_ASKS.has((view.asked || {}).kind)) return;
  revealedAt = ui.n;
  requestAnimationFrame(() => {
    const el = root.querySelector(".ab-map .ab-click, .ab-vps .ab-click");
    if (!el) return;
    const r = el.getBoundingClientRect();
    const bar = document.getElementById("status");
    const top = bar ? bar.getBoundingClientRect().bottom : 0;
    if (r.top < top || r.bottom > innerHeight) el.scrollIntoView({block: "center"});
  });
}

function draw(view, root, ui) {
  const wrap = h("div", {class: "ab-root"});
  root.append(wrap);
  wrap.append(mapEl(view, ui, headStrip(view, ui)));
  wrap.append(h("div", {class: "ab-lower"}, vantageEl(view, ui),
    h("div", {class: "ab-zone ab-small ab-muted ab-stacks"}, `Shadow stack ${view.shadow_stack} · revealed ${view.shadow_discard} · Items ${view.items_left} · Objectives ${view.objectives_left}`)));
  const fallback = [];
  for (const hero of view.heroes || []) {
    const target = ui.panel ? ui.panel(hero.seat) : null;
    const info = heroInfo(view, hero, ui);
    if (target) target.replaceChildren(info);
    else fallback.push(h("section", {class: "ab-zone ab-herozone"}, info));
  }
  if (fallback.length) wrap.append(h("div", {class: "ab-heroes"}, fallback));
  picker.drawChooser(wrap);
}

function headStrip(view, ui) {
  const gb = view.great_beast || {};
  const obj = view.objective;
  const roll = view.roll || [];
  const asked = view.asked || {};
  const over = view.phase === "over";
  const status = over
    ? h("div", {class: `ab-result ${view.result === "win" ? "ab-win" : "ab-loss"}`},
      view.result === "win" ? "Victory" : "Defeat", h("span", {class: "ab-muted"}, ` — ${view.cause || ""}`))
    : h("div", {class: "ab-deciding"}, `${PHASE[view.phase] || view.phase} · `,
      asked.seat !== undefined ? h("span", {class: "ab-who", style: {"--seat": seatMark(asked.seat).colour}},
        `${seatMark(asked.seat).glyph} ${heroName(view, asked.seat)}`) : "", " decides",
      roll.length ? tipOn(h("span", {class: "ab-dice"}, " · last roll ",
        roll.map((f) => tipOn(h("span", {class: `ab-die f${f}`}, (FACE[f] || ["?"])[0], " ", (FACE[f] || ["", "?"])[1]), (FACE[f] || ["?", "?"])[1]))), "The dice last rolled") : "");
  return h("section", {class: "ab-head"},
    h("div", {class: "ab-titlebox"}, h("div", {}, h("b", {}, `Round ${view.round}`), h("span", {class: "ab-muted"}, ` · ${view.scenario_name || view.scenario}`)), status),
    h("div", {class: "ab-tracks"}, trackEl("Survival", view.survival, view.survival_track, "survival"),
      trackEl("Fear", view.fear, view.fear_track, "fear")),
    tipOn(h("div", {class: "ab-beast"},
      h("span", {class: "ab-deck", "aria-hidden": "true"}), h("span", {}, h("b", {}, "Great Beast "), `${plural(gb.left || 0, "card")} left`),
      (gb.known_cards || []).length ? h("span", {class: "ab-known"}, " · next: ",
        gb.known_cards.map((c, i) => tipOn(h("span", {}, `${i ? ", " : ""}${c.name}`), `${c.name}: levels up ${c.level_up}; ${c.text}`))) : "",
      (gb.known_bottom_cards || []).length ? h("span", {class: "ab-known"}, " · at the bottom: ",
        gb.known_bottom_cards.map((c, i) => tipOn(h("span", {}, `${i ? ", " : ""}${c.name}`), `${c.name}: levels up ${c.level_up}; ${c.text}`))) : ""), "The Great Beast deck: the heroes lose if it must be drawn from when empty"),
    obj ? tipOn(h("div", {class: "ab-objective"},
      h("b", {}, "Objective: "), obj.name, obj.kind === "tokens" ? ` (${obj.tokens}/${obj.needed})` : "",
      h("span", {class: "ab-small ab-muted"}, ` — ${obj.text}`)), `${obj.name}: ${obj.text} (+${obj.survival} Survival)`) : h("div", {class: "ab-objective ab-muted"}, "No objective left"),
    view.extra_goal ? h("div", {class: "ab-small ab-muted ab-goal"}, view.extra_goal) : "");
}

// ------------------------------------------------------------------ the map
function spaceMoves(view, name) {
  const names = (view.map || {}).spaces || [];
  const shadowAt = Object.fromEntries((view.shadows || []).map((s) => [s.id, s.space]));
  const monsterAt = Object.fromEntries((view.monsters || []).map((m) => [m.id, m.space]));
  const at = (x) => (typeof x === "number" ? names[x] : x);   // moves name a space by index or by name
  return movesWhere((m) => {
    switch (m.kind) {
      case "step": return at(m.to) === name;
      case "target": case "place": return at(m.space) === name;
      case "shove": return at(m.to) === name;
      case "reveal": return shadowAt[m.shadow] === name;
      case "monster": return monsterAt[m.monster] === name;
      case "victim": return ((view.heroes || [])[m.hero] || {}).space === name;
      default: return false;
    }
  });
}

/** " · joins Drowned Fen right branch 2": the spaces of other boards next to this one, in words. */
function acrossWords(view, name) {
  const links = ((view.map || {}).links || {})[name] || [];
  const other = links.filter((x) => x !== "VC" && name !== "VC" && x.split(".")[0] !== name.split(".")[0]);
  return other.length ? ` · joins ${other.map((x) => spaceWords(view, x)).join(" and ")}` : "";
}

/** The map decisions whose moves name a space: the field that does, for "why not?" on the others. */
const SPACE_FIELD = {step: "to", target: "space", place: "space", shove: "to"};

function spaceEl(view, ui, name, {tail = "", cls = ""} = {}) {
  const inside = [];
  const words = [];
  for (const hero of view.heroes || []) if (hero.space === name) { inside.push(heroToken(view, hero, ui)); words.push(hero.name); }
  for (const m of view.monsters || []) if (m.space === name) { inside.push(monsterToken(m)); words.push(`${m.name} (monster ${m.id}) ${m.hp} of ${m.max_hp} HP`); }
  const here = (view.shadows || []).filter((s) => s.space === name);
  const shadows = here.length;
  if (shadows) {
    const ids = here.map((s) => s.id).join(", ");
    inside.push(tipOn(h("span", {class: "ab-tok ab-shadow"},
      h("span", {"aria-hidden": "true"}, "◼"), ` shadow${shadows > 1 ? "s" : ""} ${ids}`),
    `${plural(shadows, "face-down shadow")} (numbered ${ids}): revealed by Fire, or by a hero or villager in or next to its space`));
    words.push(`${plural(shadows, "face-down shadow")}`);
  }
  const vill = (view.villagers || {})[name] || 0;
  if (vill) { inside.push(tipOn(h("span", {class: "ab-tok ab-villager"}, h("span", {"aria-hidden": "true"}, "☺"), vill > 1 ? `×${vill}` : "", h("span", {class: "sr-only"}, plural(vill, " villager"))), plural(vill, "villager"))); words.push(plural(vill, "villager")); }
  if ((view.fire || []).includes(name)) { inside.push(tipOn(h("span", {class: "ab-tok ab-fire"}, "♨ Fire"), "Fire: reveals shadows here; negates Influence")); words.push("Fire"); }
  if ((view.influence || []).includes(name)) { inside.push(tipOn(h("span", {class: "ab-tok ab-influence"}, "✦ Influence"), "Influence: nothing may move in")); words.push("Influence"); }
  for (const t of view.traps || []) if (t.space === name) {
    const mk = seatMark(t.owner);
    inside.push(tipOn(h("span", {class: "ab-tok ab-trap", style: {"--seat": mk.colour}}, `⚙ trap ${mk.glyph}`), `${heroName(view, t.owner)}'s trap`));
    words.push("trap");
  }
  for (const vp of view.vantage_points || []) {
    if (vp.state === "corrupted" || !(vp.entries || []).includes(name)) continue;
    inside.push(tipOn(h("span", {class: `ab-tok ab-vp${vp.state === "secured" ? " ab-secured" : ""}`}, `⌂ ${vp.spot}`),
      `An entry to the Vantage Point ${vp.name} (${vp.state}): pay its chips from here`));
    words.push(`an entry to ${vp.name}`);
  }
  const full = spaceWords(view, name);
  const el = tipOn(h("div", {class: `ab-space ${cls}${(view.influence || []).includes(name) ? " ab-infl" : ""}`, "data-space": name},
    h("span", {class: "ab-sname"}, shortSpot(name)), inside, tail ? h("span", {class: "ab-tail"}, tail) : ""),
  `${full}: ${words.join(", ") || "empty"}${tail ? " · " + tail.replace("↔", "next to the board") : ""}${acrossWords(view, name)}`);
  const idx = spaceMoves(view, name);
  if (idx.length) return clickable(el, idx, `At ${full}`, `space:${name}`);
  // a space the decision could name but not this one: "why not?" with the rule
  const kind = Object.keys(SPACE_FIELD).find((k) => (ui.legal || []).some((l) => l.kind === k));
  if (kind) {
    const template = ui.legal.find((l) => l.kind === kind).move;
    whyTarget(el, {...template, [SPACE_FIELD[kind]]: name}, full, ui);
  }
  return el;
}

function boardEl(view, ui, b, cross) {
  const sp = (name, tail = "") => spaceEl(view, ui, name, {tail: [tail, cross[name] ? "↔ " + cross[name].map((c) => COMPASS[c] || c).join(", ") : ""].filter(Boolean).join(" · ")});
  const rows = Math.max(b.left.length, b.right.length);
  const branchRows = [];
  for (let i = 0; i < rows; i++) {
    const l = b.left[i], r = b.right[i];
    branchRows.push(h("div", {class: "ab-row"},
      l ? sp(l, i === b.left.length - 1 ? "→ Village" : "") : h("div", {class: "ab-space ab-none"}),
      r ? sp(r, i === b.right.length - 1 ? "→ Village" : "") : h("div", {class: "ab-space ab-none"})));
  }
  const compass = COMPASS[b.compass] || b.compass;
  const title = tipOn(h("h3", {class: "ab-btitle", "data-board": b.compass},
    h("span", {class: "ab-compass", "aria-hidden": "true"}, b.compass), ` ${b.name}`, h("span", {class: "sr-only"}, `, the ${compass} board`)),
  `The ${compass} board: ${b.name} (map tile ${b.tile})`);
  clickable(title, movesWhere((m) => m.kind === "board" && m.board === b.compass), `The ${compass} board`, `board:${b.compass}`);
  const links = (b.extra_links || []).map((x) => x.split("-").map(shortSpot).join("–"));
  return h("section", {class: `ab-board ab-b-${b.compass}`, "aria-label": `The ${compass} board, ${b.name}`},
    title,
    h("div", {class: "ab-trunk"}, b.trunk.map((s) => sp(s, s === b.spawn ? "spawn" : ""))),
    branchRows,
    (b.glades || []).map((g) => h("div", {class: "ab-glade"}, sp(g, `off ${((b.glade_links || {})[g] || []).map(shortSpot).join(" & ")}`))),
    links.length ? h("div", {class: "ab-small ab-muted"}, `a path joins ${links.join(", ")}`) : "");
}

function villageEl(view, ui) {
  const spots = (view.village_spots || []).map((s) => {
    const el = tipOn(h("div", {class: `ab-spot${s.manned ? " ab-manned" : ""}`, "data-spot": s.id},
      s.manned ? "☺ " : "· ", s.name), s.manned ? `${s.name}: a villager works here this round` : `${s.name}: a free Village spot`);
    const idx = movesWhere((m) => m.kind === "assign" && m.spot === s.id);
    if (idx.length) return clickable(el, idx, s.name, `spot:${s.id}`);
    const tpl = (ui.legal || []).find((l) => l.kind === "assign");
    return tpl ? whyTarget(el, {...tpl.move, spot: s.id}, s.name, ui) : el;
  });
  const vc = spaceEl(view, ui, "VC", {cls: "ab-vcspace"});
  return h("section", {class: "ab-vc", "aria-label": "Village Center"},
    h("h3", {}, "Village Center"), vc, h("div", {class: "ab-pool"}, `☺ Pool: ${plural(view.pool || 0, "villager")}`),
    h("div", {class: "ab-spots"}, spots));
}

/** The map, with the head strip in its free top-left corner (so the whole map fits a 768-px-high screen). */
function mapEl(view, ui, head) {
  const m = view.map || {boards: []};
  const boardOf = {};
  for (const b of m.boards) for (const s of [...b.trunk, ...b.left, ...b.right, ...(b.glades || [])]) boardOf[s] = b.compass;
  const cross = {};
  for (const [a, b] of m.cross || []) {
    (cross[a] = cross[a] || []).push(boardOf[b]);
    (cross[b] = cross[b] || []).push(boardOf[a]);
  }
  const grid = h("div", {class: "ab-map", role: "group", "aria-label": "The map"});
  if (head) grid.append(head);
  grid.append(enemiesEl(view));
  for (const b of m.boards) grid.append(boardEl(view, ui, b, cross));
  grid.append(villageEl(view, ui));
  return grid;
}

// ------------------------------------------------------------------ Vantage Points, enemies
function vantageEl(view, ui) {
  const rows = (view.vantage_points || []).map((vp) => {
    const cost = [...(vp.cost || "")];
    const paid = [...(vp.paid || "")];
    const el = tipOn(h("div", {class: `ab-vprow ab-${vp.state}`, "data-vp": vp.spot},
      h("b", {}, `⌂ ${vp.spot} `), vp.name, h("span", {class: "ab-muted"}, ` (${COMPASS[vp.board] || vp.board})`), " ",
      vp.state === "standing" ? h("span", {class: "ab-cost"}, cost.map((c, i) => h("span", {class: i < paid.length ? "ab-paid" : ""}, chipEl(c))),
        h("span", {class: "ab-muted ab-small"}, ` paid ${paid.length} of ${cost.length}`))
        : h("span", {class: vp.state === "secured" ? "ab-ok" : "ab-bad"}, vp.state === "secured" ? `✔ secured · ${vp.spot_name}` : "✖ corrupted")), `${vp.name}: pay its chips from an entry space (${(vp.entries || []).map((x) => spaceWords(view, x)).join(", ")}); reward ${vp.reward || "?"}; opens the Village spot ${vp.spot_name}`);
    const idx = movesWhere((m) => m.kind === "secure" && m.vp === vp.spot);
    if (idx.length) return clickable(el, idx, `Pay toward ${vp.name}`, `vp:${vp.spot}`);
    const tpl = (ui.legal || []).find((l) => l.kind === "secure") || ((ui.legal || []).some((l) => l.kind === "end")
      ? {move: {kind: "secure", vp: vp.spot, chip: "H"}} : null);
    return tpl && vp.state === "standing" ? whyTarget(el, {...tpl.move, vp: vp.spot}, `Pay toward ${vp.name}`, ui) : el;
  });
  return h("section", {class: "ab-zone ab-vps"}, h("h3", {}, "Vantage Points"), rows);
}

/** The Great Beast board's five enemies, one line each: it sits in the map's free top-right corner. */
function enemiesEl(view) {
  const rows = (view.enemies || []).map((e) => h("tr", {},
    h("td", {}, h("span", {class: "ab-slot"}, e.slot)), tipOn(h("td", {class: "ab-ename"}, e.name), `${e.name} (${e.type}): ${e.text}`),
    h("td", {}, `${e.level} of ${e.max_level}`), h("td", {}, e.hp), h("td", {}, e.dmg), h("td", {}, e.acts),
    h("td", {}, `${e.on_map} of ${e.figures}`),
    h("td", {class: "ab-kws"}, (e.keywords || []).map((k, i) => tipOn(h("span", {}, `${i ? ", " : ""}${k[0].toUpperCase()}${k.slice(1)}`), KEYWORDS[k] || k)),
      e.thornlamm ? h("span", {class: "ab-warnkw"}, ` Thornlamm ${e.thornlamm}`) : "")));
  return h("section", {class: "ab-enemies"}, h("h3", {}, "Enemies"),
    h("table", {}, h("thead", {}, h("tr", {}, [["", ""], ["Enemy", ""], ["Lv", "Level"], ["HP", "Hit points"], ["Dm", "Damage"],
      ["Acts", "Activations an Encroach (one space each)"], ["Map", "Figures on the map"], ["Keywords", ""]].map(([t, w]) => tipOn(h("th", {}, t), w || t)))),
    h("tbody", {}, rows)));
}

// ------------------------------------------------------------------ the heroes (player panels)
// The hero board of the deciding seat is played in its panel: an action (several ways to pay open a
// choice below it), an Item, an ability (raise it) and its lock (unlock the advanced action), the bag
// (draw), a chip of the hand (end the turn holding it, or Resourceful's redraw) and End the turn.
let heroPick = null;   // {n, key}: the choice open below a piece of the hero board
// Ending the turn cannot be undone (the Great Beast acts next): it waits for a Confirm
let armed = null;      // {n, i}

onEscape(() => { if (heroPick || armed) { heroPick = null; armed = null; picker.redraw(); } });

/** Play legal[i]; an end of the turn first asks for a Confirm. */
function pickOrArm(ui, i) {
  if (ui.legal[i].kind === "end" && !(armed && armed.n === ui.n && armed.i === i)) {
    armed = {n: ui.n, i};
    heroPick = null;
    picker.redraw();
    queueMicrotask(() => { const b = document.querySelector(".ab-confirm-go"); if (b) b.focus({preventScroll: true}); });
    return;
  }
  armed = null;
  heroPick = null;
  ui.pick(i);
}

function confirmBar(ui) {
  if (!armed || armed.n !== ui.n || !ui.legal[armed.i]) return null;
  const label = ui.describe(ui.legal[armed.i].label);
  return h("div", {class: "ab-confirm", role: "group", "aria-label": "Confirm the end of the turn"},
    h("span", {}, `${label}? The Great Beast acts next: no undo.`),
    h("button", {type: "button", class: "ab-bigbtn ab-confirm-go", "data-i": armed.i, "data-kind": "end",
      disabled: ui.locked && ui.locked(), onclick: () => pickOrArm(ui, armed.i)}, "Confirm"),
    h("button", {type: "button", class: "ab-cancel", onclick: () => { armed = null; picker.redraw(); }}, "Cancel ", h("kbd", {}, "Esc")));
}

function heroClick(el, idx, ui, key, label, words = null) {
  if (!idx.length) return el;
  const direct = idx.length === 1;
  el.classList.add("ab-click");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", direct ? ui.describe(ui.legal[idx[0]].label) : `${label} (${idx.length} choices)`);
  el.dataset.moves = idx.join(" ");
  el.dataset.hk = key;
  if (heroPick && heroPick.key === key) el.classList.add("ab-chosen");
  const act = (e) => {
    e.stopPropagation();
    if (ui.locked && ui.locked()) return;
    if (direct) { pickOrArm(ui, idx[0]); return; }
    armed = null;
    heroPick = heroPick && heroPick.key === key ? null : {n: ui.n, key, idx, words};
    picker.redraw();
  };
  el.addEventListener("click", act);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); } });
  return el;
}

function heroChoices(ui, key) {
  if (!heroPick || heroPick.key !== key) return null;
  const list = heroPick.idx.map((i) => {
    const label = ui.describe(ui.legal[i].label);
    return h("button", {type: "button", class: "ab-choice", "data-i": i, "data-kind": ui.legal[i].kind,
      disabled: ui.locked && ui.locked(), onclick: () => pickOrArm(ui, i)},
    heroPick.words ? heroPick.words(ui.legal[i].move, label) : label);
  });
  queueMicrotask(() => { const b = document.querySelector(`.ab-herochoices[data-for="${CSS.escape(key)}"] .ab-choice`); if (b) b.focus({preventScroll: true}); });
  return h("div", {class: "ab-herochoices", role: "group", "data-for": key, "aria-label": "Choose one"},
    list, h("button", {type: "button", class: "ab-cancel", onclick: () => { heroPick = null; picker.redraw(); }}, "Cancel ", h("kbd", {}, "Esc")));
}

function payWords(m) {
  const pay = m.pay || [];
  if (!pay.length) return "pay nothing";
  return h("span", {}, "pay ", pay.map(chipEl));
}

function heroInfo(view, hero, ui) {
  const mk = seatMark(hero.seat);
  const deciding = (view.asked || {}).seat === hero.seat && view.phase !== "over";
  const mine = deciding && ui.seat === hero.seat && (ui.legal || []).length > 0;
  const hpPct = hero.track_top ? Math.round(100 * hero.hp / hero.track_top) : 0;
  const bagN = Object.values(hero.bag || {}).reduce((a, b) => a + b, 0);
  const has = (kind) => mine && ui.legal.some((l) => l.kind === kind);
  const turnLike = has("end") || has("draw");   // a decision of the hero's own turn
  const why = (el, move, label) => (mine && turnLike ? whyTarget(el, move, label, ui) : el);
  // another seat's hero in its panel: the same facts, shorter (the bag's chips and locks in tooltips)
  const brief = !!ui.panel && ui.seat !== null && ui.seat !== undefined && ui.seat !== hero.seat;

  // abilities: raise one (Experience), unlock its advanced action
  const stats = STATS.map(([st, c, word]) => {
    const open = (hero.unlocked || []).includes(c);
    let el = tipOn(h("span", {class: `ab-stat c-${c}`}, `${word} ${hero.levels[st]}`),
      `${word} ${hero.levels[st]}: raise it with Experience`);
    const up = mine ? movesWhere((m) => m.kind === "upgrade" && m.stat === st) : [];
    el = up.length ? heroClick(el, up, ui, `up:${st}`, `Raise ${word}`) : why(el, {kind: "upgrade", stat: st}, `Raise ${word}`);
    let lock = tipOn(h("span", {class: `ab-lock c-${c}${open ? " ab-open" : ""}`}, open ? "open" : "locked",
      h("span", {class: "sr-only"}, open ? `: the ${word} advanced action is unlocked` : `: the ${word} advanced action`)),
    open ? `The ${word} advanced action is unlocked` : `Unlock the ${word} advanced action with 1 Experience`);
    const un = mine ? movesWhere((m) => m.kind === "unlock" && m.colour === c) : [];
    if (!open) lock = un.length ? heroClick(lock, un, ui, `unlock:${c}`, `Unlock the ${word} advanced action`)
      : why(lock, {kind: "unlock", colour: c}, `Unlock the ${word} advanced action`);
    if (brief) return tipOn(h("span", {class: `ab-stat c-${c}`}, `${word} ${hero.levels[st]}`, open ? " (open)" : ""),
      `${word} ${hero.levels[st]}; its advanced action ${open ? "unlocked" : "locked"}`);
    return h("span", {class: "ab-statbox"}, el, lock);
  });

  // the hero board's actions (general, then the class's by colour); the locked ones in one line
  const locked = (hero.actions || []).filter((a) => !a.open).map((a, k) => tipOn(h("span", {class: `ab-lockedact s-${a.section}`},
    k ? ", " : "", a.name), `${a.name} (${COLOUR_STAT[a.section] || a.section} advanced action, locked until unlocked with 1 Experience${a.mode !== "action" ? `; ${a.mode === "unlock" ? "happens once when unlocked" : "a standing ability once unlocked"}` : ""}): ${a.text}${a.cost.length ? `; costs ${a.cost.length} chip${a.cost.length === 1 ? "" : "s"}` : ""}`, {focusable: true}));
  const actions = (hero.actions || []).filter((a) => a.open).map((a) => {
    const cost = a.cost.length ? a.cost.map(chipEl) : [h("span", {class: "ab-muted"}, a.mode === "action" ? "Vantage Point's chips" : a.mode === "unlock" ? "on unlocking" : "always on")];
    const section = a.section === "grey" ? "general action" : `${COLOUR_STAT[a.section] || a.section} action${a.locked ? ", advanced" : ""}`;
    let el = tipOn(h("div", {class: `ab-action s-${a.section}${a.open ? "" : " ab-locked"}`, "data-action": a.id},
      h("b", {}, a.name), a.locked && !a.open ? h("span", {class: "ab-muted"}, " (locked)") : "", " ", h("span", {class: "ab-cost"}, cost)),
    `${a.name} (${section}${a.locked && !a.open ? ", locked" : ""}${a.mode !== "action" ? `, ${a.mode}` : ""}): ${a.text}`);
    const idx = mine ? movesWhere((m) => m.kind === "use" && m.action === a.id) : [];
    if (idx.length) el = heroClick(el, idx, ui, `use:${a.id}`, a.name, (m) => payWords(m));
    else if (a.mode === "action" && a.id !== "secure") el = why(el, {kind: "use", action: a.id, pay: []}, a.name);
    return [el, heroChoices(ui, `use:${a.id}`)];
  });

  // Items: play, exploit, attune, wield
  const items = (hero.item_cards || []).map((c) => {
    let el = tipOn(h("span", {class: `ab-item${c.attuned ? " ab-attuned" : ""}`, "data-item": c.index}, c.attuned ? "✔ " : "", c.name),
      `${c.name} (${c.type === "single" ? "single use" : "attunable"}${c.attuned ? ", attuned" : ""}; exploit: ${c.exploit}): ${c.text}`);
    const idx = mine ? movesWhere((m) => ["item", "exploit", "attune", "wield"].includes(m.kind) && m.item === c.index) : [];
    if (idx.length) el = heroClick(el, idx, ui, `item:${c.index}`, c.name);
    return [el, heroChoices(ui, `item:${c.index}`)];
  });

  // the hand: a chip held at the end of the turn, or returned by Resourceful
  const hand = (hero.hand || []).map((chip, k) => {
    let el = chipEl(chip);
    const idx = mine ? movesWhere((m) => (m.kind === "end" && m.hold === chip) || (m.kind === "redraw" && m.chip === chip)) : [];
    if (idx.length) el = heroClick(h("span", {class: "ab-chipbtn"}, el), idx, ui, `chip:${chip}:${k}`, `The ${CHIP[String(chip).split(">").pop()] || chip} chip`);
    return [el, heroChoices(ui, `chip:${chip}:${k}`)];
  });

  // the bag: draw
  let bag = brief ? tipOn(h("div", {class: "ab-small ab-muted ab-bag"}, `Bag ${bagN} · discard ${(hero.discard || []).length}`,
    hero.traps ? ` · traps ${hero.traps}` : ""), `In the bag: ${Object.entries(hero.bag || {}).map(([c, n]) => `${n} ${CHIP[c] || c}`).join(", ") || "nothing"}`)
    : h("div", {class: "ab-small ab-bag"}, h("span", {class: "ab-muted"}, `Bag ${bagN}: `),
    Object.entries(hero.bag || {}).map(([c, n]) => h("span", {class: "ab-bagc"}, chipEl(c), `×${n} `)),
    h("span", {class: "ab-muted"}, ` · discard ${(hero.discard || []).length}`), hero.traps ? h("span", {class: "ab-muted"}, ` · traps ${hero.traps}`) : "");
  const draw = mine ? movesWhere((m) => m.kind === "draw") : [];
  if (draw.length) bag = heroClick(bag, draw, ui, "bag", "Draw chips");

  const end = mine ? movesWhere((m) => m.kind === "end" && !m.hold) : [];
  const drawBtn = draw.length ? h("button", {type: "button", class: "ab-bigbtn", "data-i": draw[0], "data-kind": "draw",
    disabled: ui.locked && ui.locked(), onclick: () => ui.pick(draw[0])}, "Draw chips") : null;
  const endBtn = end.length ? h("button", {type: "button", class: "ab-bigbtn", "data-i": end[0], "data-kind": "end",
    disabled: ui.locked && ui.locked(), onclick: () => pickOrArm(ui, end[0])}, "End the turn") : null;

  return h("div", {class: `ab-heroinfo${deciding ? " ab-deciding-hero" : ""}`, "data-seat": hero.seat},
    tipOn(h("div", {class: "ab-hname"}, h("span", {class: "ab-glyph", style: {"--seat": mk.colour}, "aria-hidden": "true"}, mk.glyph),
      h("b", {}, hero.name), ` · ${hero.class_name}`, h("span", {class: "sr-only"}, `, at ${spaceWords(view, hero.space)}`)),
    `${hero.name} (${hero.species || "hero"}, ${hero.class_name}) is at ${spaceWords(view, hero.space)}${hero.special ? `. ${hero.special.name}: ${hero.special.text}` : ""}`),
    tipOn(h("div", {class: "ab-hp", role: "img", "aria-label": `HP ${hero.hp} of ${hero.track_top}`},
      h("span", {class: "ab-hpbar"}, h("span", {style: {width: `${hpPct}%`}})), ` HP ${hero.hp} of ${hero.track_top}`,
      h("span", {class: "ab-xp"}, ` · Experience ${hero.xp}`), hero.shield ? ` · shield ${hero.shield}` : "", hero.plague ? h("span", {class: "ab-bad"}, ` · Plague ${hero.plague}`) : ""),
    `Aberration track ${hero.aberration_track} of ${hero.track_top}: at the top the hero transforms`),
    h("div", {class: "ab-stats"}, stats, heroChoices(ui, "up")),
    h("div", {class: "ab-chips"}, h("span", {class: "ab-muted"}, "Hand "), hand.length ? hand : h("span", {class: "ab-muted"}, "none"),
      h("span", {class: "ab-muted"}, " · held "), hero.held ? chipEl(hero.held) : h("span", {class: "ab-muted"}, "none")),
    bag,
    mine ? confirmBar(ui) : null,
    drawBtn || endBtn ? h("div", {class: "ab-turnbtns"}, drawBtn, endBtn ? tipOn(endBtn, "End the turn holding no chip; or click a chip of your hand to end holding it") : null) : "",
    ui.seat === hero.seat || ui.seat === null || ui.seat === undefined || !ui.panel
      ? [h("div", {class: "ab-actions", role: "group", "aria-label": `${hero.name}'s actions`}, actions),
        locked.length ? h("div", {class: "ab-small ab-muted"}, "Locked: ", locked) : ""] : "",
    items.length ? h("div", {class: "ab-items"}, items) : "",
    (hero.transformations || []).map((t) => tipOn(h("div", {class: "ab-small ab-bad"}, `Aberration: ${t.name}`), t.text)),
    hero.special && !brief ? h("div", {class: "ab-small ab-muted"}, "Special: ", tipOn(h("b", {class: "ab-special"}, hero.special.name),
      `${hero.special.name}: ${hero.special.text}`, {focusable: true})) : "");
}
