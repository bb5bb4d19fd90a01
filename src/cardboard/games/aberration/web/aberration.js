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
import {Picker, h, injectCss, seatMark} from "/static/common.js";

injectCss("cardboard-css-aberration", new URL("./aberration.css", import.meta.url).href);

const STATS = [["INT", "B", "Intellect"], ["STR", "R", "Strength"], ["SPD", "G", "Speed"], ["CMD", "Y", "Command"]];
const CHIP = {B: "Intellect (blue)", R: "Strength (red)", G: "Speed (green)", Y: "Command (yellow)", H: "Hero chip (any colour)",
  X: "Aberration chip"};
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
  turn: ["Spend chips on actions (buttons above), click the map, play Items, or end the turn.", "is taking a turn…"],
  predraw: ["Spend XP before drawing (raise an ability, unlock, attune), or draw your chips.", "is spending XP before drawing…"],
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

/** Move kinds the board maps to clicks: the shell keeps their long lists folded (PROTOCOL.md). */
export const boardKinds = ["step", "target", "place", "shove", "reveal", "monster", "assign", "secure", "board"];

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
const {clickable, movesWhere} = picker;

/** " (1 of 2)" when several face-down shadows share the space (they look alike). */
function shadowNo(view, id) {
  const sh = (view.shadows || []).find((x) => x.id === id);
  if (!sh) return "";
  const here = (view.shadows || []).filter((x) => x.space === sh.space);
  return here.length > 1 ? ` (${here.indexOf(sh) + 1} of ${here.length}, at ${sh.space})` : ` at ${sh.space}`;
}

/** A chooser line in words: the monster, shadow or hero a move names, as the board shows it. */
function choiceText(view, m, label) {
  const mon = (view.monsters || []).find((x) => x.id === m.monster);
  const monWords = mon ? `${mon.name} ${mon.slot} (${mon.hp}/${mon.max_hp} HP) at ${mon.space}` : null;
  if (m.kind === "target") {
    if (mon) return `Attack ${monWords}`;
    if (m.shadow !== undefined && m.shadow !== null) return `Attack a face-down shadow${shadowNo(view, m.shadow)}`;
    return "Attack the whole space (area)";
  }
  if (m.kind === "monster" && mon) return `Choose ${monWords}`;
  if (m.kind === "shove" && mon) return label.replace(`monster #${m.monster}`, monWords);
  if (m.kind === "reveal") return `Reveal a face-down shadow${shadowNo(view, m.shadow)}`;
  if (m.kind === "victim") return `The monster attacks ${heroName(view, m.hero)}`;
  return label;
}

// ------------------------------------------------------------------ small pieces
function chipEl(c) {
  const base = String(c).split(">").pop();
  const text = String(c).includes(">") ? `${c[0]}→${base}` : base;
  const words = String(c).includes(">") ? `${CHIP[c[0]] || c[0]} paying as ${CHIP[base] || base}` : (CHIP[base] || base);
  return h("span", {class: `ab-chip c-${base}`, title: words, "aria-label": words},
    h("span", {"aria-hidden": "true"}, CHIP_GLYPH[base] || ""), text);
}

function trackEl(label, at, end, cls) {
  const boxes = [];
  for (let k = 0; k <= end; k++) {
    boxes.push(h("span", {class: `ab-step${k === at ? " ab-here" : k < at ? " ab-past" : ""}${k === end ? " ab-end" : ""}`,
      "aria-hidden": "true"}, k === at ? String(k) : k === end ? (cls === "fear" ? "☠" : "☀") : ""));
  }
  return h("div", {class: `ab-track ab-${cls}`, role: "img", "aria-label": `${label} ${at} of ${end}`, title: `${label}: ${at} of ${end}`},
    h("span", {class: "ab-tlabel"}, `${label} ${at}/${end}`), h("span", {class: "ab-steps"}, boxes));
}

function heroToken(view, hero, ui) {
  const mk = seatMark(hero.seat);
  const words = `${hero.name} (${nameOf(ui, hero.seat)}), HP ${hero.hp}`;
  return h("span", {class: "ab-tok ab-hero", style: {"--seat": mk.colour}, title: words, "data-hero": hero.seat},
    h("span", {"aria-hidden": "true"}, mk.glyph), ` ${hero.name.split(" ")[0]}`);
}

function monsterToken(m) {
  const kw = (m.keywords || []).map((k) => k[0].toUpperCase() + k.slice(1));
  const words = `Monster #${m.id}: ${m.name} (${m.slot}, ${m.type}) ${m.hp}/${m.max_hp} HP${m.frozen ? ", frozen" : ""}${kw.length ? "; " + kw.join(", ") : ""}`;
  return h("span", {class: `ab-tok ab-monster${m.type === "monstrosity" ? " ab-big" : ""}${m.frozen ? " ab-frozen" : ""}`,
    title: words, "data-monster": m.id},
  h("span", {class: "ab-slot"}, m.slot), h("b", {}, ` ${m.hp}/${m.max_hp}`), ` ${m.name}`, m.frozen ? " ❄" : "",
  h("span", {class: "ab-id"}, ` #${m.id}`));
}

// ------------------------------------------------------------------ render
export function render(view, root, ui) {
  picker.render(view, root, ui);
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
      roll.length ? h("span", {class: "ab-dice", title: "The dice last rolled"}, " · last roll ",
        roll.map((f) => h("span", {class: `ab-die f${f}`, title: (FACE[f] || ["?", "?"])[1]}, (FACE[f] || ["?"])[0], " ", (FACE[f] || ["", "?"])[1]))) : "");
  return h("section", {class: "ab-head"},
    h("div", {class: "ab-titlebox"}, h("div", {}, h("b", {}, `Round ${view.round}`), h("span", {class: "ab-muted"}, ` · ${view.scenario_name || view.scenario}`)), status),
    h("div", {class: "ab-tracks"}, trackEl("Survival", view.survival, view.survival_track, "survival"),
      trackEl("Fear", view.fear, view.fear_track, "fear")),
    h("div", {class: "ab-beast", title: "The Great Beast deck: the heroes lose if it must be drawn from when empty"},
      h("span", {class: "ab-deck", "aria-hidden": "true"}), h("span", {}, h("b", {}, "Great Beast "), `${plural(gb.left || 0, "card")} left`),
      (gb.known_cards || []).length ? h("span", {class: "ab-known"}, " · next: ",
        gb.known_cards.map((c, i) => h("span", {title: `${c.name}: levels up ${c.level_up}; ${c.text}`}, `${i ? ", " : ""}${c.name}`))) : "",
      (gb.known_bottom_cards || []).length ? h("span", {class: "ab-known"}, " · at the bottom: ",
        gb.known_bottom_cards.map((c, i) => h("span", {title: `${c.name}: levels up ${c.level_up}; ${c.text}`}, `${i ? ", " : ""}${c.name}`))) : ""),
    obj ? h("div", {class: "ab-objective", title: `${obj.name}: ${obj.text} (+${obj.survival} Survival)`},
      h("b", {}, "Objective: "), obj.name, obj.kind === "tokens" ? ` (${obj.tokens}/${obj.needed})` : "",
      h("span", {class: "ab-small ab-muted"}, ` — ${obj.text}`)) : h("div", {class: "ab-objective ab-muted"}, "No objective left"),
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

function spaceEl(view, ui, name, {tail = "", cls = ""} = {}) {
  const inside = [];
  const words = [];
  for (const hero of view.heroes || []) if (hero.space === name) { inside.push(heroToken(view, hero, ui)); words.push(hero.name); }
  for (const m of view.monsters || []) if (m.space === name) { inside.push(monsterToken(m)); words.push(`${m.name} ${m.hp}/${m.max_hp} HP`); }
  const here = (view.shadows || []).filter((s) => s.space === name);
  const shadows = here.length;
  if (shadows) {
    const ids = here.map((s) => `#${s.id}`).join(" ");
    inside.push(h("span", {class: "ab-tok ab-shadow", title: `${plural(shadows, "face-down shadow")} (${ids}): revealed by Fire, or by a hero or villager in or next to its space`},
      h("span", {"aria-hidden": "true"}, "◼"), ` shadow${shadows > 1 ? "s" : ""} ${ids}`));
    words.push(`${plural(shadows, "face-down shadow")}`);
  }
  const vill = (view.villagers || {})[name] || 0;
  if (vill) { inside.push(h("span", {class: "ab-tok ab-villager", title: plural(vill, "villager")}, h("span", {"aria-hidden": "true"}, "☺"), vill > 1 ? `×${vill}` : "")); words.push(plural(vill, "villager")); }
  if ((view.fire || []).includes(name)) { inside.push(h("span", {class: "ab-tok ab-fire", title: "Fire: reveals shadows here; negates Influence"}, "♨ Fire")); words.push("Fire"); }
  if ((view.influence || []).includes(name)) { inside.push(h("span", {class: "ab-tok ab-influence", title: "Influence: nothing may move in"}, "✦ Influence")); words.push("Influence"); }
  for (const t of view.traps || []) if (t.space === name) {
    const mk = seatMark(t.owner);
    inside.push(h("span", {class: "ab-tok ab-trap", style: {"--seat": mk.colour}, title: `${heroName(view, t.owner)}'s trap`}, `⚙ trap ${mk.glyph}`));
    words.push("trap");
  }
  for (const vp of view.vantage_points || []) {
    if (vp.state === "corrupted" || !(vp.entries || []).includes(name)) continue;
    inside.push(h("span", {class: `ab-tok ab-vp${vp.state === "secured" ? " ab-secured" : ""}`, title: `Entry to ${vp.name} (${vp.state})`}, `⌂ ${vp.spot}`));
  }
  const el = h("div", {class: `ab-space ${cls}${(view.influence || []).includes(name) ? " ab-infl" : ""}`, "data-space": name,
    title: `${name}: ${words.join(", ") || "empty"}${tail ? " · " + tail : ""}`},
  h("span", {class: "ab-sname"}, name), inside, tail ? h("span", {class: "ab-tail"}, tail) : "");
  clickable(el, spaceMoves(view, name), `At ${name}`, `space:${name}`);
  return el;
}

function boardEl(view, ui, b, cross) {
  const sp = (name, tail = "") => spaceEl(view, ui, name, {tail: [tail, cross[name] ? "↔ " + cross[name].join(", ") : ""].filter(Boolean).join(" · ")});
  const rows = Math.max(b.left.length, b.right.length);
  const branchRows = [];
  for (let i = 0; i < rows; i++) {
    const l = b.left[i], r = b.right[i];
    branchRows.push(h("div", {class: "ab-row"},
      l ? sp(l, i === b.left.length - 1 ? "→ Village" : "") : h("div", {class: "ab-space ab-none"}),
      r ? sp(r, i === b.right.length - 1 ? "→ Village" : "") : h("div", {class: "ab-space ab-none"})));
  }
  const title = h("h3", {class: "ab-btitle", "data-board": b.compass, title: `Board ${b.compass}: tile ${b.tile}, ${b.name}`},
    h("span", {class: "ab-compass"}, b.compass), ` ${b.tile} · ${b.name}`);
  clickable(title, movesWhere((m) => m.kind === "board" && m.board === b.compass), `Board ${b.compass}`, `board:${b.compass}`);
  const links = (b.extra_links || []).map((x) => x.split("-").map(short).join("–"));
  return h("section", {class: `ab-board ab-b-${b.compass}`, "aria-label": `${b.compass} board, ${b.name}`},
    title,
    h("div", {class: "ab-trunk"}, b.trunk.map((s) => sp(s, s === b.spawn ? "spawn" : ""))),
    branchRows,
    (b.glades || []).map((g) => h("div", {class: "ab-glade"}, sp(g, `glade, off ${((b.glade_links || {})[g] || []).map(short).join(" & ")}`))),
    links.length ? h("div", {class: "ab-small ab-muted"}, `rung ${links.join(", ")}`) : "");
}

function villageEl(view, ui) {
  const spots = (view.village_spots || []).map((s) => {
    const el = h("div", {class: `ab-spot${s.manned ? " ab-manned" : ""}`, "data-spot": s.id, title: s.manned ? `${s.name}: a villager works here this round` : s.name},
      s.manned ? "☺ " : "· ", s.name);
    return clickable(el, movesWhere((m) => m.kind === "assign" && m.spot === s.id), s.name, `spot:${s.id}`);
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
    (cross[a] = cross[a] || []).push(`${b} (${boardOf[b]})`);
    (cross[b] = cross[b] || []).push(`${a} (${boardOf[a]})`);
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
    const el = h("div", {class: `ab-vprow ab-${vp.state}`, "data-vp": vp.spot, title: `${vp.name}: entries ${(vp.entries || []).join(", ")}; reward ${vp.reward || "?"}; opens ${vp.spot_name}`},
      h("b", {}, `⌂ ${vp.spot} `), vp.name, h("span", {class: "ab-muted"}, ` (${vp.board})`), " ",
      vp.state === "standing" ? h("span", {class: "ab-cost"}, cost.map((c, i) => h("span", {class: i < paid.length ? "ab-paid" : ""}, chipEl(c))),
        h("span", {class: "ab-muted ab-small"}, ` paid ${paid.length}/${cost.length}`))
        : h("span", {class: vp.state === "secured" ? "ab-ok" : "ab-bad"}, vp.state === "secured" ? `✔ secured · ${vp.spot_name}` : "✖ corrupted"));
    return clickable(el, movesWhere((m) => m.kind === "secure" && m.vp === vp.spot), `Pay toward ${vp.name}`, `vp:${vp.spot}`);
  });
  return h("section", {class: "ab-zone ab-vps"}, h("h3", {}, "Vantage Points"), rows);
}

/** The Great Beast board's five enemies, one line each: it sits in the map's free top-right corner. */
function enemiesEl(view) {
  const rows = (view.enemies || []).map((e) => h("tr", {title: `${e.name} (${e.type}): ${e.text}`},
    h("td", {}, h("span", {class: "ab-slot"}, e.slot)), h("td", {class: "ab-ename"}, e.name),
    h("td", {}, `${e.level}/${e.max_level}`), h("td", {}, e.hp), h("td", {}, e.dmg), h("td", {}, e.acts),
    h("td", {}, `${e.on_map}/${e.figures}`),
    h("td", {class: "ab-kws"}, (e.keywords || []).map((k, i) => h("span", {title: KEYWORDS[k] || k}, `${i ? ", " : ""}${k[0].toUpperCase()}${k.slice(1)}`)),
      e.thornlamm ? h("span", {class: "ab-warnkw"}, ` Thornlamm ${e.thornlamm}`) : "")));
  return h("section", {class: "ab-enemies"}, h("h3", {}, "Enemies"),
    h("table", {}, h("thead", {}, h("tr", {}, [["", ""], ["Enemy", ""], ["Lv", "Level"], ["HP", "Hit points"], ["Dm", "Damage"],
      ["Acts", "Activations an Encroach (one space each)"], ["Map", "Figures on the map"], ["Keywords", ""]].map(([t, w]) => h("th", {title: w || t}, t)))),
    h("tbody", {}, rows)));
}

// ------------------------------------------------------------------ the heroes (player panels)
function heroInfo(view, hero, ui) {
  const mk = seatMark(hero.seat);
  const deciding = (view.asked || {}).seat === hero.seat && view.phase !== "over";
  const hpPct = hero.track_top ? Math.round(100 * hero.hp / hero.track_top) : 0;
  const bagN = Object.values(hero.bag || {}).reduce((a, b) => a + b, 0);
  return h("div", {class: `ab-heroinfo${deciding ? " ab-deciding-hero" : ""}`, "data-seat": hero.seat},
    h("div", {class: "ab-hname"}, h("span", {class: "ab-glyph", style: {"--seat": mk.colour}, "aria-hidden": "true"}, mk.glyph),
      h("b", {}, hero.name), ` · ${hero.class_name}`, h("span", {class: "ab-muted"}, ` at ${hero.space}`)),
    h("div", {class: "ab-hp", role: "img", "aria-label": `HP ${hero.hp} of ${hero.track_top}`, title: `Aberration track ${hero.aberration_track} of ${hero.track_top}: at the top the hero transforms`},
      h("span", {class: "ab-hpbar"}, h("span", {style: {width: `${hpPct}%`}})), ` HP ${hero.hp}/${hero.track_top}`,
      h("span", {class: "ab-xp"}, ` · XP ${hero.xp}`), hero.shield ? ` · shield ${hero.shield}` : "", hero.plague ? h("span", {class: "ab-bad"}, ` · Plague ${hero.plague}`) : ""),
    h("div", {class: "ab-stats"}, STATS.map(([st, c, word]) => h("span", {class: `ab-stat c-${c}`, title: `${word} ${hero.levels[st]}${(hero.unlocked || []).includes(c) ? ", advanced action unlocked" : ""}`},
      `${st} ${hero.levels[st]}`, (hero.unlocked || []).includes(c) ? " ✔adv" : ""))),
    h("div", {class: "ab-chips"}, h("span", {class: "ab-muted"}, "Hand "), (hero.hand || []).length ? hero.hand.map(chipEl) : h("span", {class: "ab-muted"}, "—"),
      h("span", {class: "ab-muted"}, " · held "), hero.held ? chipEl(hero.held) : h("span", {class: "ab-muted"}, "—")),
    h("div", {class: "ab-small"}, h("span", {class: "ab-muted"}, `Bag ${bagN}: `),
      Object.entries(hero.bag || {}).map(([c, n]) => h("span", {class: "ab-bagc"}, chipEl(c), `×${n} `)),
      h("span", {class: "ab-muted"}, ` · discard ${(hero.discard || []).length}`), hero.traps ? h("span", {class: "ab-muted"}, ` · traps ${hero.traps}`) : ""),
    (hero.item_cards || []).length ? h("div", {class: "ab-items"}, hero.item_cards.map((c) => h("span", {class: `ab-item${c.attuned ? " ab-attuned" : ""}`,
      title: `${c.name} (${c.type}${c.attuned ? ", attuned" : ""}; exploit: ${c.exploit}): ${c.text}`}, c.attuned ? "✔ " : "", c.name))) : "",
    (hero.transformations || []).map((t) => h("div", {class: "ab-small ab-bad", title: t.text}, `Aberration: ${t.name}`)),
    hero.special ? h("div", {class: "ab-small ab-muted", title: hero.special.text}, `${hero.special.name}: ${hero.special.text}`) : "");
}
