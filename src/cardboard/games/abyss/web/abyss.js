// Abyss: draws a view (see cardboard/games/abyss/view.py) and makes the pieces that match legal
// moves clickable. Renderer contract: PROTOCOL.md (render, prompt; plus the optional kinds and scoreRows).
import {h, hideTip, injectCss, tipsOn} from "/static/common.js";

injectCss("cardboard-css-abyss", new URL("./abyss.css", import.meta.url).href);

const RACES = ["squid", "shellfish", "crab", "seahorse", "jellyfish"];
const RACE_GLYPH = {squid: "✱", shellfish: "◒", crab: "♋", seahorse: "♞", jellyfish: "☂", all: "✶"};
const GUILD_GLYPH = {military: "⚔", merchant: "⚖", farmer: "⚘", mage: "✦", politician: "♛", ambassador: "✉"};
const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : "");
const plural = (n, word, many = word + "s") => `${n} ${n === 1 ? word : many}`;
const allyName = (c) => (c.monster ? "a Monster" : `${cap(c.race)} ${c.value}`);

/** Titles of the move kinds for the shell's grouped lists. */
export const kinds = {
  recruit: "Recruit a Lord", request: "Request Support", explore: "Explore", plot: "Plot at Court",
  buy: "Buy", decline: "Decline", take: "Take the Ally", explore_on: "Keep exploring", fight: "Fight",
  reward: "Reward", use_keys: "Use keys", location: "Control a Location", draw: "Draw Locations",
  keep: "Keep a Location", keep_smokers: "Keep Black Smokers", smokers_swap: "Swap Black Smokers",
  discard: "Discard an Ally", assassinate: "Assassinate", hunt: "Steal a token", take_stack: "Take a stack",
  swap_location: "Swap a Location", corrupt: "Corrupt a Lord", betray: "Betray (discard a Lord for a Court Lord)",
  scheme: "Scheme", sell: "Sell an Ally", oracle: "Oracle", opportunist: "Opportunist",
  skip: "Skip", end_turn: "End the turn", pass: "Pass",
};

/** Move kinds the board takes (PROTOCOL.md): the shell lists them only in its folded "All moves". An
 *  offer to buy stays in the status bar too (Buy / Decline: an out-of-turn prompt, ux-conventions §2);
 *  the offered card takes the Buy as well. */
export const boardKinds = ["explore", "explore_on", "take", "fight", "request", "plot", "recruit", "location",
  "keep", "smokers_swap", "discard", "sell", "assassinate", "hunt", "take_stack", "oracle", "swap_location", "corrupt",
  "betray", "scheme", "opportunist", "use_keys"];

// ------------------------------------------------------------------ tooltips
// On hover, keyboard focus and a long-press (contextmenu), closed by Esc, blur or leaving: never a
// mouse-only `title` (ux-conventions §3). The words are the element's description for screen readers.
/** Words for `el` in the shell's tooltip (common.js tipsOn: hover, keyboard focus, tap or long-press;
 *  Esc closes; the element's description while open); `focusable` puts it in the Tab order. */
function tipOn(el, text, {focusable = true} = {}) {
  if (!text) return el;
  el.dataset.tip = text;
  if (focusable && !el.hasAttribute("tabindex")) el.tabIndex = 0;
  return el;
}

// ------------------------------------------------------------------ prompt
export function prompt(view, ui) {
  const names = ui.names;
  const cur = view.current_player;
  const turn = view.turn_player;
  const who = names[cur] ?? `Seat ${cur}`;
  const card = view.track && view.track.length ? view.track[view.track.length - 1] : null;
  const pearls = (n) => plural(n, "pearl");
  const kindsNow = new Set((ui.legal || []).map((l) => l.kind));
  switch (view.phase) {
    case "offer":
      return {
        you: `${names[turn]} offers you ${card ? allyName(card) : "an Ally"} for ${pearls(view.price)}: Buy or Decline?`,
        others: `${who} may buy ${card ? allyName(card) : "the Ally"} from ${names[turn]} for ${pearls(view.price)}…`,
      };
    case "ally":
      return {you: `Take ${card ? allyName(card) : "the Ally"} (ends your turn) or keep exploring?`,
        others: `${who} decides: take ${card ? allyName(card) : "the Ally"} or keep exploring…`};
    case "monster":
      return {you: `A Monster! Fight it (Threat ${view.threat}) or keep exploring?`,
        others: `${who} decides whether to fight the Monster…`};
    case "reward":
      return {you: "Choose your reward for fighting the Monster.", others: `${who} is choosing a reward…`};
    case "keys":
      return {you: "Choose which keys control the Location.", others: `${who} is choosing keys for a Location…`};
    case "where":
      return {you: "Control a face-up Location, or draw 1 to 4 from the stack.",
        others: `${who} is choosing a Location to control…`};
    case "keep":
      return {you: "Keep one of the drawn Locations.", others: `${who} is choosing which drawn Location to keep…`};
    case "smokers":
      return {you: "Keep Black Smokers, or swap it for a Location of the stack.",
        others: `${who} looks through the Location stack (Black Smokers)…`};
    case "discard":
      return {you: "Discard an Ally from your hand.", others: `${who} must discard an Ally…`};
    case "assassinate":
      return {you: "Choose an opponent's Lord to assassinate (it loses its power and keys).",
        others: `${who} is choosing a Lord to assassinate…`};
    case "hunt":
      return {you: "Choose whom to steal a Monster token from.", others: `${who} is choosing whom to rob…`};
    case "take_stack":
      return {you: "Take a Council stack (The Apprentice).", others: `${who} is taking a Council stack…`};
    case "illusion":
      return {you: "Swap one of your Locations for a face-up one, or skip.", others: `${who} may swap a Location…`};
    case "corrupt":
      return {you: "Recruit a second Lord for pearls, or skip.", others: `${who} may recruit a second Lord…`};
    case "betray":
      return {you: "Discard one of your Lords to take one of the Court, or skip.", others: `${who} may discard a Lord for one of the Court…`};
    case "scheme":
      return {you: "Discard one of your Lords for the top of the Lord deck, or skip.", others: `${who} may swap a Lord…`};
    case "turn": {
      // the others' words come from the view (the turn player's own moves are not theirs to see):
      // before the turn's one action [AY-T-2] the player chooses it; after it, Lords' powers or the end
      const others = view.action_taken
        ? `${who} may use a Lord's power, then ends the turn…`
        : `${who} is choosing an action: explore the Depths, request support, recruit a Lord or plot at Court…`;
      const acts = [];
      if (kindsNow.has("plot")) acts.push("plot at Court");
      if (kindsNow.has("explore")) acts.push("explore the Depths");
      if (kindsNow.has("request")) acts.push("request support");
      if (kindsNow.has("recruit")) acts.push("recruit a Lord");
      const extra = [...kindsNow].some((k) => !["plot", "explore", "request", "recruit", "end_turn"].includes(k));
      if (acts.length) {
        const list = acts.length === 1 ? acts[0] : `${acts.slice(0, -1).join(", ")} or ${acts[acts.length - 1]}`;
        return {you: `Your turn: ${list}.`, others};
      }
      return {you: kindsNow.has("end_turn") ? (extra ? "Use a Lord's power or end your turn." : "End your turn.") : "Your turn.",
        others};
    }
    default:
      return {you: "Your move.", others: `${who} is playing…`};
  }
}

// ------------------------------------------------------------------ pieces
function raceTag(race, text = cap(race)) {
  return h("span", {class: `race-tag r-${race}`},
    h("span", {"aria-hidden": "true"}, RACE_GLYPH[race] || "?"), text);
}

function allyCard(c, {small = false, cls = "", label = null} = {}) {
  if (!c || c.monster) {
    return h("div", {class: `ally monster${small ? " small" : ""} ${cls}`, role: "img", "aria-label": "Monster"},
      h("span", {class: "glyph", "aria-hidden": "true"}, "☠"), h("span", {class: "val"}, "Monster"));
  }
  const name = label || allyName(c);
  return h("div", {class: `ally r-${c.race}${small ? " small" : ""} ${cls}`, role: "img", "aria-label": name,
    "data-race": c.race, "data-value": c.value},
  h("span", {class: "glyph", "aria-hidden": "true"}, RACE_GLYPH[c.race]),
  h("span", {class: "val"}, c.value),
  h("span", {class: "rname"}, cap(c.race)));
}

function lordCard(l, {small = false} = {}) {
  const guild = h("span", {class: "guild"}, h("span", {class: "gglyph", "aria-hidden": "true"}, GUILD_GLYPH[l.guild] || "?"), cap(l.guild));
  const req = l.required_race === "all" ? raceTag("all", "all") : raceTag(l.required_race);
  if (small) {
    return tipOn(h("div", {class: `lord small g-${l.guild}${l.disabled ? " disabled" : ""}`, "data-lord": l.id},
      h("span", {class: "lname"}, l.name), " ", h("span", {class: "muted-dark"}, `${l.influence}✪${l.keys ? ` · ${l.keys}⚷` : ""}`),
      l.disabled ? h("span", {class: "disabled-mark"}, " ✖ disabled") : null),
    `${l.name} (${l.guild}) · ${l.influence} influence · ${plural(l.keys, "key")}${l.disabled ? " · disabled: no power, no keys" : ""}. ${l.power}`);
  }
  const costWords = `Cost: Allies of exactly ${plural(l.races, "race")}${l.required_race === "all" ? "" : `, including a ${cap(l.required_race)}`}, worth ${l.cost} in total (pearls pay what is missing)`;
  const el = h("div", {class: `lord g-${l.guild}${l.disabled ? " disabled" : ""}`, "data-lord": l.id},
    h("div", {class: "lname"}, l.name),
    h("div", {class: "lline"}, guild,
      h("span", {class: "stat"}, `${l.influence}✪`, h("span", {class: "sr-only"}, " influence")),
      h("span", {class: "stat"}, `${l.keys}⚷`, h("span", {class: "sr-only"}, l.keys === 1 ? " key" : " keys"))),
    h("div", {class: "cost"},
      `${plural(l.races, "race")} ·`, req, h("b", {}, `· ${l.cost}`)),
    h("div", {class: "power"}, l.power),
    l.disabled ? h("div", {class: "disabled-mark"}, "✖ Disabled: no power, no keys") : null);
  return tipOn(el, `${l.name} (${l.guild}): ${l.influence} influence, ${plural(l.keys, "key")}. ${costWords}. ${l.power}`);
}

function locationCard(loc, under = null) {
  return h("div", {class: "location", "data-location": loc.id},
    h("div", {class: "locname"}, loc.name),
    h("div", {class: "formula"}, loc.formula),
    under && under.length ? h("div", {class: "under"}, h("span", {class: "muted-dark"}, "Lords under it:"),
      under.map((l) => lordCard(l, {small: true}))) : null);
}

function sortHand(hand) {
  return hand.slice().sort((a, b) => (RACES.indexOf(a.race) - RACES.indexOf(b.race)) || (b.value - a.value));
}

// ------------------------------------------------------------------ clickable pieces and the chooser
let ctx = null;       // {view, root, ui}
let chooser = null;   // {n, title, idx}
// a recruit built on the board [AY-R-1..7]: the Allies chosen from the hand, then the Lord; sent with
// Confirm (recruiting cannot be undone)
let build = null;     // {n, lord: id | null, sel: [hand positions]}
// the keys that control a Location [AY-L-5], chosen on your free Lords; Confirm sends them
let keysSel = null;   // {n, lords: [ids]}

document.addEventListener("cardboard:escape", () => {
  if ((chooser || build || keysSel) && ctx) { chooser = null; build = null; keysSel = null; redraw(); }
});

/** A board target that is not legal now: the engine says why (with its rule id), never a silent click. */
function whyTarget(el, move, label) {
  const ui = ctx.ui;
  if (!ui.legal || !ui.legal.length || typeof ui.whyNot !== "function") return el;
  el.classList.add("why-target");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", `${label} (not possible now: press to hear why)`);
  el.dataset.why = JSON.stringify(move);
  const act = () => { if (!(ui.locked && ui.locked())) ui.whyNot(move); };
  el.addEventListener("click", act);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
  return el;
}

function redraw() {
  if (!ctx) return;
  ctx.root.replaceChildren();
  draw(ctx.view, ctx.root, ctx.ui);
}

function movesWhere(pred) {
  const out = [];
  (ctx.ui.legal || []).forEach((l, i) => { if (pred(l.move, l)) out.push(i); });
  return out;
}

function clickable(el, idx, title, {confirm = false} = {}) {
  if (!idx.length) return el;
  const ui = ctx.ui;
  const direct = idx.length === 1 && !confirm;
  const label = direct ? ui.describe(ui.legal[idx[0]].label) : `${title} (${plural(idx.length, "choice")})`;
  el.classList.add("clickable");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.moves = idx.join(" ");
  const act = () => {
    if (ui.locked && ui.locked()) return;
    if (direct) ui.pick(idx[0]);
    else { chooser = {n: ui.n, title, idx}; redraw(); }
  };
  el.addEventListener("click", act);
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); }
  });
  return el;
}

function choiceContent(l) {
  const m = l.move;
  if (m.kind === "recruit") {
    return [h("span", {}, "Pay"), m.pay.map(([race, value]) => allyCard({race, value}, {small: true})),
      m.pearls ? h("b", {}, `+ ${plural(m.pearls, "pearl")}`) : null,
      h("span", {}, "· affiliate"), allyCard({race: m.affiliate[0], value: m.affiliate[1]}, {small: true})];
  }
  return [ctx.ui.describe(l.label)];
}

function drawChooser(root) {
  const ui = ctx.ui;
  const {title, idx} = chooser;
  const list = h("div", {class: "choices"}, idx.map((i) => {
    const l = ui.legal[i];
    const label = ui.describe(l.label);
    return h("button", {type: "button", class: "move choice", "data-kind": l.kind, "data-i": i, "aria-label": label,
      disabled: ui.locked && ui.locked(), onclick: () => { chooser = null; ui.pick(i); }}, choiceContent(l));
  }));
  let filter = null;
  if (idx.length > 8) {
    filter = h("input", {type: "search", "aria-label": "Filter the choices", placeholder: "Filter, e.g. crab 4 or pearl"});
    filter.addEventListener("input", () => {
      const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      for (const b of list.children) b.hidden = !words.every((w) => b.getAttribute("aria-label").toLowerCase().includes(w));
    });
  }
  const box = h("section", {class: "chooser", "aria-label": title},
    h("header", {}, h("h3", {}, `${title} — ${plural(idx.length, "choice")}`), filter,
      h("button", {type: "button", class: "cancel", onclick: () => { chooser = null; redraw(); }}, "Cancel", h("kbd", {}, "Esc"))),
    list);
  root.append(box);
  queueMicrotask(() => (filter || list.querySelector("button"))?.focus({preventScroll: false}));
}

// ------------------------------------------------------------------ render
export function render(view, root, ui) {
  ctx = {view, root, ui};
  if (chooser && (chooser.n !== ui.n || !ui.legal.length)) chooser = null;
  if (build && (build.n !== ui.n || !ui.legal.some((l) => l.kind === "recruit"))) build = null;
  if (keysSel && (keysSel.n !== ui.n || !ui.legal.some((l) => l.kind === "use_keys"))) keysSel = null;
  hideTip();
  tipsOn(root);   // the board's [data-tip] (the shell covers the panels)
  draw(view, root, ui);
}

// ------------------------------------------------------------------ the recruit, built on the board
const allyKey = (race, value) => `${race}:${value}`;
const bagOf = (list) => list.map(([r, v]) => allyKey(r, v)).sort().join(",");

function recruitMoves(lord = null) {
  return movesWhere((m) => m.kind === "recruit" && (lord === null || m.lord === lord));
}

function selectedAllies(hand) {
  return (build ? build.sel : []).map((k) => hand[k]).filter(Boolean);
}

/** The recruits of the Lord chosen whose payment is exactly the Allies chosen. */
function recruitMatches(hand) {
  if (!build || !build.lord) return [];
  const want = bagOf(selectedAllies(hand).map((c) => [c.race, c.value]));
  return recruitMoves(build.lord).filter((i) => bagOf(ctx.ui.legal[i].move.pay) === want);
}

/** The fullest recruit the choices name (for "why not?"): the lowest Ally affiliated [AY-R-7]. */
function recruitGuess(hand) {
  const pay = selectedAllies(hand).map((c) => [c.race, c.value]);
  const low = pay.slice().sort((a, b) => a[1] - b[1])[0] || ["crab", 0];
  return {kind: "recruit", lord: build.lord, pay, pearls: 0, affiliate: low};
}

function recruitPanel(view, hand) {
  const ui = ctx.ui;
  const lord = view.court.find((l) => l.id === build.lord);
  if (!lord) return null;
  const chosen = selectedAllies(hand);
  const matches = recruitMatches(hand);
  const cancel = h("button", {type: "button", class: "cancel", onclick: () => { build = null; redraw(); }}, "Cancel ", h("kbd", {}, "Esc"));
  const need = `${plural(lord.races, "race")}${lord.required_race === "all" ? "" : ` including a ${cap(lord.required_race)}`}, worth ${lord.cost}`;
  const paying = chosen.length ? chosen.map(allyName).join(" + ") : "no Allies yet";
  const confirms = matches.map((i) => {
    const m = ui.legal[i].move;
    const extra = m.pearls ? ` + ${plural(m.pearls, "pearl")}` : "";
    return h("button", {type: "button", class: "move confirm", "data-i": i, "data-kind": "recruit",
      disabled: ui.locked && ui.locked(), onclick: () => { build = null; ui.pick(i); }},
    `Confirm: recruit ${lord.name}${extra ? `, paying ${extra.slice(3)} too` : ""}, affiliating ${allyName({race: m.affiliate[0], value: m.affiliate[1]})}`);
  });
  const tryIt = matches.length ? null : h("button", {type: "button", class: "confirm-not", onclick: () => {
    if (typeof ui.whyNot === "function") ui.whyNot(recruitGuess(hand));
  }}, `Recruit ${lord.name} with these`);
  return h("section", {class: "recruit-build", role: "group", "aria-label": `Recruit ${lord.name}`},
    h("div", {}, h("b", {}, `Recruit ${lord.name}`), ` — needs Allies of ${need}. `,
      h("span", {class: "muted"}, `Chosen: ${paying}. Click Allies in your hand to choose them.`)),
    h("div", {class: "recruit-buttons"}, confirms, tryIt, cancel));
}

function cardBack(text, sub, {small = false} = {}) {
  return h("div", {class: `ally back${small ? " small" : ""}`, "aria-hidden": "true"},
    h("span", {class: "val"}, text), h("span", {class: "rname"}, sub));
}

function draw(view, root, ui) {
  const names = ui.names;
  const me = view.viewer;
  const phase = view.phase;
  const mine = (kind, pred = () => true) => movesWhere((m) => m.kind === kind && pred(m));

  if (chooser) drawChooser(root);

  if (view.last_round && phase !== "over") {
    const why = view.last_round.reason === "seventh_lord" ? "a 7th Lord was recruited" : "the Court cannot be refilled";
    root.append(h("div", {class: "ab-zone last-round"}, h("b", {}, "Last round: "), `${why}; still to play: `,
      view.last_round.still_to_play.map((s) => names[s]).join(", ") || "nobody"));
  }

  // --- row 1: exploration track, council, threat
  const exploreIdx = mine("explore").concat(mine("explore_on"));
  let deck = h("div", {class: "pile deck"}, cardBack("⇣", "Deck"), `${view.deck_size} left`);
  deck = exploreIdx.length ? clickable(deck, exploreIdx, "Explore")
    : whyTarget(deck, {kind: "explore"}, "The Exploration deck: explore the Depths");
  const slots = [];
  for (let i = 0; i < view.track_size; i++) {
    const c = view.track[i];
    if (!c) {
      slots.push(h("div", {class: "track-slot", role: "img", "aria-label": `space ${i + 1}, empty`}, `${i + 1}`,
        i === view.track_size - 1 ? h("span", {}, "last") : null));
      continue;
    }
    const isLast = i === view.track.length - 1;
    const live = isLast && ["offer", "ally", "monster"].includes(phase);
    const card = allyCard(c, {cls: live ? "offered" : ""});
    if (isLast) clickable(card, mine("buy").concat(mine("take"), mine("fight")), "The revealed card");
    slots.push(h("div", {class: "track-slot"}, card));
  }
  const priceText = view.price === null ? "No more purchases this turn." : `Next purchase: ${plural(view.price, "pearl")}.`;
  const council = h("div", {class: "council"}, view.council.map((st) => {
    const r = st.race;
    const box = h("div", {class: `stack r-${r}${st.size ? "" : " empty"}`, "data-race": r, role: "img",
      "aria-label": `${cap(r)} stack, ${plural(st.size, "card")}`},
    h("span", {class: "glyph", "aria-hidden": "true"}, RACE_GLYPH[r]),
    h("span", {class: "size"}, st.size),
    h("span", {class: "rname"}, cap(r)));
    const req = mine("request", (m) => m.races.includes(r));
    const other = mine("take_stack", (m) => m.race === r).concat(mine("oracle", (m) => m.race === r));
    tipOn(box, `The ${cap(r)} stack of the Council: ${plural(st.size, "card")}, face down (request support to take it all)`, {focusable: false});
    if (!req.length && !other.length) return whyTarget(box, {kind: "request", races: [r]}, `${cap(r)} stack`);
    return clickable(box, req.length ? req : other, `${cap(r)} stack`);
  }));
  root.append(h("div", {class: "ab-row"},
    h("section", {class: "ab-zone", "aria-label": "Exploration track"},
      h("h3", {}, "Exploration"),
      h("div", {class: "track"}, deck, slots),
      h("div", {class: "small-note"}, `${view.discard_size} discarded · ${priceText}`)),
    h("section", {class: "ab-zone", "aria-label": "Council"}, h("h3", {}, "Council"), council,
      h("div", {class: "small-note"}, "Face-down stacks: sizes only.")),
    h("section", {class: "ab-zone ab-grow", "aria-label": "Threat track and supply"},
      h("h3", {}, "Threat"),
      h("div", {class: "threat"}, Array.from({length: view.threat_spaces}, (_, k) => {
        const here = view.threat === k + 1;
        return h("div", {class: `threat-space${here ? " here" : ""}`, role: "img", "aria-label": `Threat ${k + 1}${here ? ", the token is here" : ""}`},
          k + 1, here ? h("span", {class: "tok"}, "▲") : null);
      })),
      h("div", {class: "supply"},
        h("span", {}, "Treasury ", h("b", {}, `${view.treasury}`), " ◉"),
        h("span", {}, "Keys ", h("b", {}, `${view.key_supply}`), " ⚷"),
        h("span", {}, "Tokens ", h("b", {}, `${view.token_pool}`), " ☠"),
        h("span", {}, "Turn ", h("b", {}, `${view.turn}`)),
        view.extra_turn ? h("b", {}, "Extra turn") : null))));

  // --- row 2: the Court, with the Lord deck (plot)
  const lordDeck = clickable(h("span", {class: "pile-chip"}, h("span", {"aria-hidden": "true"}, "♛ "),
    `Lord deck: ${view.lord_deck_size} left`), mine("plot"), "Plot at Court");
  root.append(h("section", {class: "ab-zone", "aria-label": "The Court"},
    h("div", {class: "zone-head"}, h("h3", {}, `Court · ${view.court.length}/${view.court_size} Lords`), lordDeck,
      view.lord_discard.length ? h("span", {class: "muted small-note"}, `${view.lord_discard.length} Lords discarded`) : null),
    build && build.lord ? recruitPanel(view, sortHand((meSeatOf(view) || {}).hand || [])) : null,
    h("div", {class: "lords court"}, view.court.map((l) => {
      const card = lordCard(l);
      const rec = recruitMoves(l.id);
      if (rec.length) {
        // a Lord you can recruit: choose it (then the Allies, or the Allies first), Confirm sends it
        const on = build && build.lord === l.id;
        card.classList.add("clickable", "recruitable");
        if (on) card.classList.add("chosen");
        card.tabIndex = 0;
        card.setAttribute("role", "button");
        card.setAttribute("aria-pressed", String(!!on));
        card.setAttribute("aria-label", `Recruit ${l.name}: choose the Allies to pay with`);
        card.dataset.moves = rec.join(" ");
        const act = () => {
          if (ui.locked && ui.locked()) return;
          if (on) build.lord = null; else build = {n: ui.n, lord: l.id, sel: build ? build.sel : []};
          redraw();
        };
        card.addEventListener("click", act);
        card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
        return card;
      }
      const idx = movesWhere((m) => (m.kind === "corrupt" && m.lord === l.id)
        || (m.kind === "betray" && m.take === l.id) || (m.kind === "opportunist" && m.court === l.id));
      if (idx.length) return clickable(card, idx, l.name, {confirm: idx.length > 1});
      const hand = sortHand((meSeatOf(view) || {}).hand || []);
      const pay = selectedAllies(hand).map((c) => [c.race, c.value]);
      const low = pay.slice().sort((a, b) => a[1] - b[1])[0] || ["crab", 0];
      return whyTarget(card, {kind: "recruit", lord: l.id, pay, pearls: 0, affiliate: low}, `Recruit ${l.name}`);
    }))));

  // --- your area and the Locations
  const meSeat = me === null || me === undefined ? null : view.seats[me];
  const locZone = h("section", {class: "ab-zone loc-zone", "aria-label": "Face-up Locations"},
    h("h3", {}, `Locations · ${view.location_deck_size} in the stack`),
    h("div", {class: "locations"},
      view.locations_open.length ? view.locations_open.map((loc) => clickable(locationCard(loc),
        mine("location", (m) => m.location === loc.id).concat(mine("swap_location", (m) => m.take === loc.id)),
        loc.name)) : h("span", {class: "muted"}, "None face up.")),
    Array.isArray(view.drawn) && view.drawn.length ? h("div", {}, h("h3", {}, "Drawn: keep one"),
      h("div", {class: "locations"}, view.drawn.map((loc) => clickable(locationCard(loc), mine("keep", (m) => m.location === loc.id), loc.name))))
      : typeof view.drawn === "number" && view.drawn > 0 ? h("p", {class: "muted"}, `${plural(view.drawn, "Location")} drawn (face down to you).`) : null,
    Array.isArray(view.location_deck) ? h("div", {}, h("h3", {}, "The Location stack (Black Smokers)"),
      h("div", {class: "locations"}, view.location_deck.map((loc) => clickable(locationCard(loc), mine("smokers_swap", (m) => m.location === loc.id), loc.name))))
      : null);
  root.append(h("div", {class: "ab-row"}, meSeat ? myArea(view, meSeat, ui) : null, locZone));

  // --- everyone's summary in the player panels (or on the board without panels: the replay)
  const fallback = [];
  for (const seat of view.seats) {
    const target = ui.panel ? ui.panel(seat.seat) : null;
    const info = seatInfo(view, seat, ui);
    if (target) target.replaceChildren(info);
    else fallback.push(h("section", {class: "ab-zone seat-zone"}, h("h3", {}, names[seat.seat]), info));
  }
  if (fallback.length) root.append(h("div", {class: "ab-row"}, fallback));
}

function meSeatOf(view) {
  const me = view.viewer;
  return me === null || me === undefined ? null : view.seats[me];
}

function myArea(view, seat, ui) {
  const hand = sortHand(seat.hand || []);
  const recruits = recruitMoves(build && build.lord ? build.lord : null);
  const usable = new Set(recruits.flatMap((i) => ui.legal[i].move.pay.map(([r, v]) => allyKey(r, v))));
  const handEl = h("div", {class: "hand", "data-hand-seat": seat.seat, role: "group", "aria-label": "Your hand"},
    hand.length ? hand.map((c, k) => {
      const el = allyCard(c, {cls: "in-hand"});
      el.dataset.pos = k;
      const other = movesWhere((m) => (m.kind === "discard" || m.kind === "sell") && m.ally[0] === c.race && m.ally[1] === c.value);
      // choosing the Allies of a recruit (ghosted while chosen; Confirm sends it); a Lord's power that
      // sells an Ally is on the Lord then
      const on = !!build && build.sel.includes(k);
      if (!recruits.length || c.monster || (!usable.has(allyKey(c.race, c.value)) && !on)) return clickable(el, other, allyName(c));
      el.classList.add("clickable", "pickable");
      if (on) el.classList.add("picked");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", String(on));
      el.setAttribute("aria-label", `${allyName(c)}: ${on ? "chosen to pay a Lord (press to put back)" : "choose it to pay a Lord"}`);
      const act = () => {
        if (ui.locked && ui.locked()) return;
        if (!build) build = {n: ui.n, lord: null, sel: []};
        build.sel = on ? build.sel.filter((x) => x !== k) : build.sel.concat([k]);
        redraw();
      };
      el.addEventListener("click", act);
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
      return el;
    }) : h("span", {class: "muted"}, "No Allies in hand."));
  const keyMoves = movesWhere((m) => m.kind === "use_keys");
  const keyLords = new Set(keyMoves.flatMap((i) => ui.legal[i].move.lords));
  const lords = seat.lords.map((l) => {
    if (!keyLords.has(l.id)) {
      return clickable(lordCard(l), movesWhere((m) => ((m.kind === "scheme" || m.kind === "betray") && m.give === l.id)
        || (["sell", "oracle", "opportunist"].includes(m.kind) && m.lord === l.id)), `${l.name}'s power`);
    }
    // choosing the Lords whose keys control the Location (chosen ones raised; Confirm sends it)
    const el = lordCard(l);
    const on = !!keysSel && keysSel.lords.includes(l.id);
    el.classList.add("clickable", "key-lord");
    if (on) el.classList.add("chosen");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.setAttribute("aria-pressed", String(on));
    el.setAttribute("aria-label", `${l.name}, ${plural(l.keys, "key")}: ${on ? "its keys are used (press to take them back)" : "use its keys"}`);
    const act = () => {
      if (ui.locked && ui.locked()) return;
      if (!keysSel) keysSel = {n: ui.n, lords: []};
      keysSel.lords = on ? keysSel.lords.filter((x) => x !== l.id) : keysSel.lords.concat([l.id]);
      redraw();
    };
    el.addEventListener("click", act);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
    return el;
  });
  const keysBox = keyMoves.length ? keysPanel(seat, keyMoves, ui) : null;
  const limit = seat.hand_limit !== null && seat.hand_limit !== undefined ? ` · limit ${seat.hand_limit}` : "";
  return h("section", {class: "ab-zone ab-grow mine-area", "aria-label": "Your area"},
    h("div", {class: "ab-row"},
      h("div", {class: "hand-zone"}, h("h3", {}, `Your hand · ${plural(hand.length, "Ally", "Allies")}${limit}`), handEl),
      lords.length ? h("div", {}, h("h3", {}, "Your free Lords"), keysBox, h("div", {class: "lords"}, lords)) : keysBox,
      seat.locations.length ? h("div", {}, h("h3", {}, "Your Locations"), h("div", {class: "locations"},
        seat.locations.map((x) => clickable(locationCard(x.location, x.lords),
          movesWhere((m) => m.kind === "swap_location" && m.give === x.location.id), x.location.name)))) : null));
}

/** The keys that control a Location: the Lords chosen, the key tokens that make up the rest, Confirm. */
function keysPanel(seat, keyMoves, ui) {
  const chosen = (keysSel ? keysSel.lords : []).slice().sort().join(",");
  const match = keyMoves.filter((i) => ui.legal[i].move.lords.slice().sort().join(",") === chosen);
  const names = (keysSel ? keysSel.lords : []).map((id) => (seat.lords.find((l) => l.id === id) || {}).name || id);
  const confirms = match.map((i) => h("button", {type: "button", class: "move confirm", "data-i": i, "data-kind": "use_keys",
    disabled: ui.locked && ui.locked(), onclick: () => { keysSel = null; ui.pick(i); }}, `Confirm: ${ui.describe(ui.legal[i].label)}`));
  const tryIt = match.length ? null : h("button", {type: "button", class: "confirm-not", onclick: () => {
    if (typeof ui.whyNot === "function") ui.whyNot({kind: "use_keys", lords: keysSel ? keysSel.lords : [], tokens: 0});
  }}, "Use these keys");
  return h("section", {class: "recruit-build", role: "group", "aria-label": "The keys that control a Location"},
    h("div", {}, h("b", {}, "Control a Location: 3 keys"), " — click your free Lords whose keys you use; key tokens make up the rest. ",
      h("span", {class: "muted"}, `Chosen: ${names.length ? names.join(", ") : "no Lords (key tokens only)"}.`)),
    h("div", {class: "recruit-buttons"}, confirms, tryIt,
      keysSel ? h("button", {type: "button", class: "cancel", onclick: () => { keysSel = null; redraw(); }}, "Cancel ", h("kbd", {}, "Esc")) : null));
}

// "Crab 1 4"-like tags, one per race in the Council's order, values rising.
function raceGroups(cards) {
  const byRace = {};
  for (const c of cards) (byRace[c.race] ||= []).push(c.value);
  return RACES.filter((r) => byRace[r]).map((r) => raceTag(r, `${cap(r)} ${byRace[r].sort((a, b) => a - b).join(" ")}`));
}

// Allies this hand took in everyone's sight (bought or taken from the track) and still holds (AY-D-20).
function seenLine(cards) {
  return h("div", {class: "affil seen", role: "group", "aria-label": "Allies seen going into the hand"},
    tipOn(h("span", {}, "Seen in hand:"), "bought or taken from the track in everyone's sight; the rest of the hand is face down", {focusable: false}),
    raceGroups(cards));
}

// Allies this hand took in a Council stack: their races are known, not their values (AY-D-21).
function councilLine(groups) {
  return h("div", {class: "affil seen", role: "group", "aria-label": "Allies taken from the Council"},
    tipOn(h("span", {}, "From the Council:"), "taken in a Council stack: the race is known, the value was never shown", {focusable: false}),
    groups.map((g) => raceTag(g.race, `${cap(g.race)} ×${g.count}`)));
}

function seatInfo(view, seat, ui) {
  const s = seat.seat;
  const me = view.viewer === s;
  const sc = seat.score || {};
  const total = sc.total !== null && sc.total !== undefined ? `${sc.total} pts`
    : `${sc.visible_total ?? 0} pts${seat.monster_tokens ? " + tokens" : ""}`;
  const backs = h("span", {class: "backs", "data-hand-size": seat.hand_size, role: "img", "aria-label": `${plural(seat.hand_size, "Ally", "Allies")} in hand`},
    Array.from({length: Math.min(seat.hand_size, 12)}, () => h("span", {class: "cardback", "aria-hidden": "true"})),
    ` ${seat.hand_size}`);
  const tokens = tipOn(h("span", {class: "ab-stat"}, "☠ ",
    plural(seat.monster_tokens, "token"), seat.token_values && seat.token_values.length ? ` (${seat.token_values.join(" + ")})` : ""), "Monster tokens (values face down to the others)", {focusable: false});
  clickable(tokens, movesWhere((m) => m.kind === "hunt" && m.seat === s), `Steal from ${ui.names[s]}`);
  return h("div", {class: "ab-seat", "data-seat-info": s},
    h("div", {class: "ab-stats"},
      tipOn(h("span", {class: "ab-stat"}, "◉ ", `${seat.pearls} pearl${seat.pearls === 1 ? "" : "s"}`), "pearls", {focusable: false}),
      tipOn(h("span", {class: "ab-stat"}, "Hand", backs), "Allies in hand", {focusable: false}),
      tipOn(h("span", {class: "ab-stat"}, "⚷ ", `${seat.keys} key${seat.keys === 1 ? "" : "s"}`), "keys: key tokens plus free Lords' keys", {focusable: false}),
      tokens,
      tipOn(h("span", {class: "ab-stat"}, "✪ ", total), me ? "your score" : "visible score (Monster tokens stay face down)", {focusable: false})),
    seat.affiliated.length ? h("div", {class: "affil", role: "group", "aria-label": "affiliated Allies"}, h("span", {}, "Affiliated:"),
      raceGroups(seat.affiliated)) : null,
    !me && seat.hand_seen && seat.hand_seen.length ? seenLine(seat.hand_seen) : null,
    !me && seat.hand_from_council && seat.hand_from_council.length ? councilLine(seat.hand_from_council) : null,
    seat.lords.length ? h("div", {class: "lords", role: "group", "aria-label": "free Lords"},
      seat.lords.map((l) => clickable(lordCard(l, {small: true}), movesWhere((m) => m.kind === "assassinate" && m.lord === l.id && !me),
        `Assassinate ${l.name}`))) : null,
    seat.locations.length ? h("div", {role: "group", "aria-label": "Locations"}, seat.locations.map((x) => h("div", {class: "loc-line"},
      h("b", {}, x.location.name), ` (${x.location.formula})`,
      x.lords.length ? ` · under it: ${x.lords.map((l) => l.name).join(", ")}` : ""))) : null);
}

// ------------------------------------------------------------------ end of game
export function scoreRows(breakdown) {
  const rows = [];
  const vals = (f) => breakdown.map(f);
  rows.push({label: "Lords (influence)", values: vals((b) => b.lords), kind: "row"});
  rows.push({label: "Affiliated Allies", values: vals((b) => b.allies), kind: "row"});
  for (const r of RACES) {
    if (breakdown.some((b) => b.ally_detail && b.ally_detail[r])) {
      rows.push({label: `${RACE_GLYPH[r]} ${cap(r)}`, values: vals((b) => (b.ally_detail || {})[r] ?? 0), kind: "sub"});
    }
  }
  rows.push({label: "Locations", values: vals((b) => b.locations), kind: "row"});
  const locs = [];
  for (const b of breakdown) for (const d of b.location_detail || []) if (!locs.includes(d.location)) locs.push(d.location);
  for (const id of locs) {
    rows.push({label: id.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()),
      values: vals((b) => { const d = (b.location_detail || []).find((x) => x.location === id); return d ? d.points : null; }), kind: "sub"});
  }
  rows.push({label: "Monster tokens", values: vals((b) => b.tokens), kind: "row"});
  rows.push({label: "Total", values: vals((b) => b.total), kind: "total"});
  rows.push({label: "Tie-breaker: best Lord's influence", values: vals((b) => b.best_lord), kind: "tie"});
  return rows;
}
