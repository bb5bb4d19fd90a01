// Helpers shared by the lobby, the table shell and the replay viewer (no dependencies).

/** Make an element: h("button", {class: "move", "data-kind": k, onclick: f}, "label", child, ...) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "style" && typeof v === "object") {
      for (const [prop, val] of Object.entries(v)) {
        if (prop.includes("-")) el.style.setProperty(prop, val); else el.style[prop] = val;
      }
    }
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Make an SVG element: svg("circle", {cx: 5, cy: 5, r: 2}, child, ...) */
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/** Add a renderer's stylesheet to the page once (id names it). */
export function injectCss(id, href) {
  if (typeof document === "undefined" || document.getElementById(id)) return;
  document.head.append(Object.assign(document.createElement("link"), {id, rel: "stylesheet", href}));
}

/** Redraw `root` with `draw()`, giving focus back to the element with the same data-fk
 *  (`focusKey`, or the one focused now): a board redraw must not lose the keyboard's place. */
export function keepFocus(root, draw, focusKey = null) {
  const active = document.activeElement;
  const focused = focusKey || (active && active.dataset ? active.dataset.fk : null);
  draw();
  if (focused) {
    const el = root.querySelector(`[data-fk="${CSS.escape(focused)}"]`);
    if (el) el.focus();
  }
}

/** Call `cancel()` on Esc: the shell's "cardboard:escape" event or a plain keydown (the replay
 *  page has no shell), once per key press however many of the two arrive. */
export function onEscape(cancel) {
  if (typeof document === "undefined") return;
  let busy = false;
  const handler = (e) => {
    if (busy || (e.type === "keydown" && e.key !== "Escape")) return;
    busy = true;
    setTimeout(() => { busy = false; }, 0);
    cancel();
  };
  document.addEventListener("keydown", handler);
  document.addEventListener("cardboard:escape", handler);
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

/** JSON over HTTP; a refusal throws an Error carrying the server's message and code. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new Error("the server does not answer (" + e.message + ")");
  }
  let doc = null;
  try { doc = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const err = new Error((doc && doc.message) || `${res.status} ${res.statusText}`);
    err.code = doc && doc.error;
    err.status = res.status;
    throw err;
  }
  return doc;
}

export const tokenKey = (id) => `cardboard:token:${id}`;
/** The creator's credential of a table (it invites people to seats left mid-game). */
export const creatorKey = (id) => `cardboard:creator:${id}`;

/** Put text on the clipboard (the field's selection and execCommand where the Clipboard API is
 * missing); true if it worked. */
export async function copyText(text, field = null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch { /* no Clipboard API (an insecure origin) or no permission */ }
  if (!field) return false;
  field.focus();
  field.select();
  try { return document.execCommand("copy"); } catch { return false; }
}
export const NAME_KEY = "cardboard:name";

/** Seat markers: a colour AND a glyph, never a hue alone. */
export const SEAT_MARKS = [
  {glyph: "●", colour: "#1d4ed8", word: "circle"},
  {glyph: "▲", colour: "#b45309", word: "triangle"},
  {glyph: "■", colour: "#047857", word: "square"},
  {glyph: "◆", colour: "#be185d", word: "diamond"},
  {glyph: "★", colour: "#6d28d9", word: "star"},
  {glyph: "✚", colour: "#374151", word: "cross"},
];
export const seatMark = (s) => SEAT_MARKS[s % SEAT_MARKS.length];

export function seatChip(s, name) {
  const m = seatMark(s);
  return h("span", {class: "seatchip", style: {"--seat": m.colour}},
    h("span", {class: "seatglyph", "aria-hidden": "true"}, m.glyph), name);
}

/** Display names per seat from a table summary. */
export function seatNames(summary) {
  return (summary.seats || []).map((s, i) => s.name || `Player ${i + 1}`);
}

/** Replace the engine's "seat N" in a text with the players' names. */
export function describer(names) {
  return (text) => String(text ?? "").replace(/\b[Ss]eat (\d+)/g, (m, d) => names[+d] ?? m);
}

export function pretty(key) {
  const s = String(key).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The renderer module of a game (`web/<id>.js` in the game's own folder, served under /games/<id>/),
 *  or null: then the generic tree view is used. */
const modules = new Map();
export async function loadRenderer(game) {
  if (!modules.has(game)) {
    modules.set(game, import(`/games/${encodeURIComponent(game)}/${encodeURIComponent(game)}.js`).then(
      (m) => (m && typeof m.render === "function" ? m : null),
      (e) => { console.warn(`no renderer for ${game}:`, e); return null; }));
  }
  return modules.get(game);
}

/** The generic renderer: a readable, collapsible tree of the view. */
export function renderTree(view, root) {
  root.classList.add("tree-view");
  root.append(h("p", {class: "muted"}, "This game has no board drawing here yet: its view is shown as a tree."));
  root.append(treeNode("view", view, 0));
}

function treeNode(key, value, depth) {
  if (value === null || typeof value !== "object") {
    return h("div", {class: "tree-leaf"}, h("span", {class: "tree-key"}, key + ": "),
      h("span", {class: "tree-val tree-" + (value === null ? "null" : typeof value)},
        value === null ? "—" : String(value)));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const simple = entries.every(([, v]) => v === null || typeof v !== "object");
  if (Array.isArray(value) && simple && entries.length <= 24) {
    return h("div", {class: "tree-leaf"}, h("span", {class: "tree-key"}, key + ": "),
      h("span", {class: "tree-val"}, entries.length ? "[" + value.map((v) => v === null ? "—" : v).join(", ") + "]" : "[]"));
  }
  if (!Array.isArray(value) && simple && entries.length <= 8) {
    return h("div", {class: "tree-leaf"}, h("span", {class: "tree-key"}, key + ": "),
      h("span", {class: "tree-val"}, "{ " + entries.map(([k, v]) => `${k}: ${v === null ? "—" : v}`).join(", ") + " }"));
  }
  const name = !Array.isArray(value) && (value.name || value.id || value.label);
  const summary = Array.isArray(value) ? `${key} (${entries.length})` : name ? `${key} · ${name}` : key;
  return h("details", {class: "tree-node", open: depth < 2},
    h("summary", {}, summary),
    h("div", {class: "tree-children"}, entries.map(([k, v]) => treeNode(k, v, depth + 1))));
}

/** Rows of the final score table: the renderer's own (scoreRows) or a generic reading of the breakdown.
 *  A row is {label, values: [per seat], kind: "row" | "sub" | "total" | "tie"}. */
export function scoreRows(result, module) {
  const breakdown = result.breakdown;
  if (module && typeof module.scoreRows === "function" && breakdown) {
    try { return module.scoreRows(breakdown, result); } catch (e) { console.warn(e); }
  }
  const n = result.scores.length;
  const rows = [];
  const ties = [];
  if (Array.isArray(breakdown) && breakdown.length === n && breakdown.every((b) => b && typeof b === "object")) {
    const keys = Object.keys(breakdown[0]).filter((k) => !["seat", "total", "visible_total"].includes(k));
    for (const k of keys) {
      const vals = breakdown.map((b) => b[k]);
      if (vals.every((v) => typeof v === "number" || v === null)) {
        (/best|tie/i.test(k) ? ties : rows).push({label: pretty(k), values: vals, kind: /best|tie/i.test(k) ? "tie" : "row"});
      } else if (vals.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
        const subs = Object.keys(vals[0]);
        if (subs.every((s) => vals.every((v) => typeof v[s] === "number" || v[s] === undefined))) {
          for (const s of subs) rows.push({label: `${pretty(k)}: ${pretty(s)}`, values: vals.map((v) => v[s] ?? 0), kind: "sub"});
        }
      }
    }
  }
  const totals = Array.isArray(breakdown) && breakdown.every((b) => b && typeof b.total === "number")
    ? breakdown.map((b) => b.total) : result.scores;
  rows.push({label: "Total", values: totals, kind: "total"});
  for (const t of ties) rows.push({...t, label: "Tie-breaker: " + t.label});
  return rows;
}

/** The end-of-game table: one column per player, one row per category, bold total, winner marked. */
export function scoreTable(result, names, module, mySeat = null) {
  const n = result.scores.length;
  const winners = new Set(result.winners || []);
  const fmt = (v) => (v === null || v === undefined ? "—" : Number.isInteger(v) ? String(v) : String(+v.toFixed(2)));
  const head = h("tr", {}, h("th", {scope: "col"}, "Category"),
    Array.from({length: n}, (_, s) => h("th", {scope: "col", class: winners.has(s) ? "winner" : null},
      seatChip(s, names[s] + (s === mySeat ? " (you)" : "")))));
  const body = scoreRows(result, module).map((r) => h("tr", {class: "row-" + r.kind},
    h("th", {scope: "row"}, r.label),
    r.values.map((v, s) => h("td", {class: winners.has(s) ? "winner" : null}, fmt(v)))));
  const win = h("tr", {class: "row-winner"}, h("th", {scope: "row"}, "Result"),
    Array.from({length: n}, (_, s) => h("td", {class: winners.has(s) ? "winner" : null},
      winners.has(s) ? h("span", {class: "win-mark"}, h("span", {"aria-hidden": "true"}, "★ "), winners.size > 1 ? "Winner (tie)" : "Winner") : "")));
  return h("table", {class: "scores"},
    h("caption", {}, "Final scores"),
    h("thead", {}, head), h("tbody", {}, body, win));
}

export function winnersText(result, names) {
  const w = (result.winners || []).map((s) => names[s]);
  if (result.cooperative) return w.length ? "Game over: the team wins" : "Game over: the team loses";
  if (!w.length) return "Game over: nobody wins";
  return w.length === 1 ? `Game over: ${w[0]} wins` : `Game over: ${w.join(" and ")} share the win`;
}

/** Clickable board pieces, and the chooser a click opens when a piece stands for several moves.
 *  `prefix` names the game's CSS classes (`-click`, `-chosen`, `-chooser`, `-choices`, `-choice`,
 *  `-cancel`); `draw(view, root, ui)` draws the board; `text(view, move, label)` words a move (a
 *  `clickable` call's own `choiceText(move)` wins in its chooser). A chooser is keyed by its piece,
 *  so it survives a redraw; it closes on Esc, on a pick, and when the state moves on. The methods are
 *  bound: `const {clickable, movesWhere, redraw} = picker` works. */
export class Picker {
  constructor(prefix, draw, text = null) {
    this.ctx = null;       // {view, root, ui} of the last render
    this.chooser = null;   // {n, key, title, idx, choiceText}
    const p = prefix;
    this.render = (view, root, ui) => {
      this.ctx = {view, root, ui};
      if (this.chooser && (this.chooser.n !== ui.n || !ui.legal.length)) this.chooser = null;
      draw(view, root, ui);
    };
    this.redraw = () => {
      if (!this.ctx) return;
      this.ctx.root.replaceChildren();
      draw(this.ctx.view, this.ctx.root, this.ctx.ui);
    };
    this.movesWhere = (pred) => {
      const out = [];
      ((this.ctx && this.ctx.ui.legal) || []).forEach((l, i) => { if (pred(l.move, l)) out.push(i); });
      return out;
    };
    const words = (move, label, own) => (own ? own(move) : text ? text(this.ctx.view, move, label) : label);
    this.clickable = (el, idx, title, key, {choiceText = null} = {}) => {
      if (!idx.length) return el;
      const ui = this.ctx.ui;
      const direct = idx.length === 1;
      const label = direct ? words(ui.legal[idx[0]].move, ui.describe(ui.legal[idx[0]].label), null)
        : `${title} (${idx.length} choice${idx.length === 1 ? "" : "s"})`;
      el.classList.add(`${p}-click`);
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", label);
      el.title = `${label}${el.title ? "\n" + el.title : ""}`;
      el.dataset.moves = idx.join(" ");
      el.dataset.ck = key;
      if (this.chooser && this.chooser.key === key) el.classList.add(`${p}-chosen`);
      const act = (e) => {
        e.stopPropagation();
        if (ui.locked && ui.locked()) return;
        if (direct) { this.chooser = null; ui.pick(idx[0]); return; }
        this.chooser = {n: ui.n, key, title, idx, choiceText};
        this.redraw();
      };
      el.addEventListener("click", act);
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); }
      });
      return el;
    };
    this.drawChooser = (root) => {
      if (!this.chooser) return;
      const ui = this.ctx.ui;
      const {title, idx, key, choiceText} = this.chooser;
      const list = idx.map((i) => {
        const l = ui.legal[i];
        const label = ui.describe(l.label);
        return h("button", {type: "button", class: `${p}-choice`, "data-kind": l.kind, "data-i": i, title: label,
          "aria-label": label, disabled: ui.locked && ui.locked(), onclick: () => { this.chooser = null; ui.pick(i); }},
        words(l.move, label, choiceText));
      });
      const box = h("section", {class: `${p}-chooser`, "aria-label": title, role: "dialog"},
        h("header", {}, h("b", {}, title),
          h("button", {type: "button", class: `${p}-cancel`, onclick: () => { this.chooser = null; this.redraw(); }}, "Cancel ", h("kbd", {}, "Esc"))),
        h("div", {class: `${p}-choices`}, list));
      root.append(box);
      // beside the piece it belongs to (the root is the positioning box), its first choice focused
      requestAnimationFrame(() => {
        const anchor = root.querySelector(`[data-ck="${CSS.escape(key)}"]`);
        if (anchor) {
          const r = root.getBoundingClientRect();
          const a = anchor.getBoundingClientRect();
          const w = Math.min(box.offsetWidth, r.width);
          box.style.top = `${a.bottom - r.top + 4}px`;
          box.style.left = `${Math.max(0, Math.min(a.left - r.left, r.width - w))}px`;
        }
        box.scrollIntoView({block: "nearest"});
        const first = box.querySelector(`.${p}-choice`);
        if (first) first.focus({preventScroll: true});
      });
    };
    onEscape(() => { if (this.chooser && this.ctx) { this.chooser = null; this.redraw(); } });
  }
}

// ------------------------------------------------------------------ tooltips and the How-to-play panel
/** A toggletip: a "?" button whose words open on hover, on keyboard focus, and on a tap or a
 *  long-press (Esc or a second tap closes them). The words are the button's description too. */
let tipCount = 0;
export function tip(text, label = "Explain") {
  const id = `tip-${++tipCount}`;
  const bubble = h("span", {class: "tip-bubble", role: "tooltip", id}, text);
  const button = h("button", {type: "button", class: "tip-button", "aria-label": label, "aria-describedby": id,
    "aria-expanded": "false"}, h("span", {"aria-hidden": "true"}, "?"));
  const wrap = h("span", {class: "tip"}, button, bubble);
  const set = (open) => {
    wrap.classList.toggle("open", open);
    wrap.classList.toggle("shut", !open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", (e) => { e.preventDefault(); set(!wrap.classList.contains("open")); });
  button.addEventListener("contextmenu", (e) => { e.preventDefault(); set(true); });  // a long-press
  button.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !wrap.classList.contains("shut")) { e.stopPropagation(); set(false); }
  });
  button.addEventListener("focus", () => wrap.classList.remove("shut"));
  wrap.addEventListener("mouseenter", () => wrap.classList.remove("shut"));
  button.addEventListener("blur", () => set(false));
  return wrap;
}

/** Tooltips for every `[data-tip]` element inside `container` (a delegated handler: elements drawn
 *  later count too). One bubble for the page (role=tooltip, the target's description while open):
 *  it opens on hover, on keyboard focus, on a long-press (a touch held 0.5 s, or the context menu)
 *  and on a tap of an element that does nothing else (not a button, link or field); it stays open
 *  while the pointer is over it, and closes with Esc, a tap elsewhere, a scroll or the pointer
 *  leaving. `skip(el)` leaves some elements out (a zone whose drawing has its own tooltips).
 *  `pressCloses`: a press of a button inside `container` closes the bubble too (a board that redraws
 *  on each press: the words of what was pressed would cover the next target). */
let tipEl = null;
let tipOwner = null;
let tipTimer = null;
let tipGlobals = false;
let tipTapped = false;  // the open tip was opened by a tap (a second tap closes it)
const TIP_ID = "cardboard-tip";
const INTERACTIVE = "button, a[href], input, select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";

function tipBubbleEl() {
  if (tipEl && tipEl.isConnected) return tipEl;
  tipEl = h("div", {id: TIP_ID, class: "cardboard-tip", role: "tooltip", hidden: true});
  tipEl.addEventListener("mouseenter", () => clearTimeout(tipTimer));
  tipEl.addEventListener("mouseleave", () => hideTipSoon());
  tipEl.addEventListener("click", () => hideTip());
  document.body.append(tipEl);
  return tipEl;
}

export function showTip(el, hover = false) {
  const text = el && el.dataset ? el.dataset.tip : null;
  if (!text) return;
  clearTimeout(tipTimer);
  const b = tipBubbleEl();
  // a pointer may move onto the words it opened (they stay); words opened by focus or a tap never
  // stand between the pointer and what lies under them
  b.classList.toggle("hoverable", hover);
  if (tipOwner !== el) tipTapped = false;
  if (tipOwner && tipOwner !== el) unlinkTip(tipOwner);
  b.textContent = text;
  b.hidden = false;
  tipOwner = el;
  const ids = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
  if (!ids.includes(TIP_ID)) el.setAttribute("aria-describedby", [...ids, TIP_ID].join(" "));
  const r = el.getBoundingClientRect();
  const w = Math.min(340, innerWidth - 16);
  b.style.maxWidth = `${w}px`;
  const bw = Math.min(b.offsetWidth, w);
  b.style.left = `${Math.max(8, Math.min(r.left + r.width / 2 - bw / 2, innerWidth - bw - 8))}px`;
  const bh = b.offsetHeight;
  const below = r.bottom + 6;
  b.style.top = `${below + bh > innerHeight && r.top - bh - 6 > 0 ? r.top - bh - 6 : below}px`;
}

function unlinkTip(el) {
  const ids = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter((x) => x && x !== TIP_ID);
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" ")); else el.removeAttribute("aria-describedby");
}

export function hideTip(el = null) {
  if (!tipEl || (el && el !== tipOwner)) return;
  clearTimeout(tipTimer);
  tipEl.hidden = true;
  if (tipOwner) unlinkTip(tipOwner);
  tipOwner = null;
  tipTapped = false;
}

function hideTipSoon(el = null) {
  clearTimeout(tipTimer);
  tipTimer = setTimeout(() => hideTip(el), 150);  // time to reach the bubble (it stays open while hovered)
}

export function tipsOn(container, skip = null, {pressCloses = false} = {}) {
  if (!container || container.dataset.tipsOn) return container;
  container.dataset.tipsOn = "1";
  const of = (e) => {
    const el = e.target && e.target.closest ? e.target.closest("[data-tip]") : null;
    return el && container.contains(el) && !(skip && skip(el)) ? el : null;
  };
  container.addEventListener("mouseover", (e) => { const el = of(e); if (el) showTip(el, true); });
  container.addEventListener("mouseout", (e) => {
    const el = of(e);
    if (el && !el.contains(e.relatedTarget)) hideTipSoon(el);
  });
  container.addEventListener("focusin", (e) => { const el = of(e); if (el) showTip(el); });
  container.addEventListener("focusout", (e) => { const el = of(e); if (el) hideTip(el); });
  container.addEventListener("contextmenu", (e) => { const el = of(e); if (el) { e.preventDefault(); showTip(el); } });
  let press = null;
  container.addEventListener("pointerdown", (e) => {
    const el = of(e);
    if (!el || e.pointerType !== "touch") return;
    clearTimeout(press);
    press = setTimeout(() => showTip(el), 500);  // a long-press
  });
  for (const ev of ["pointerup", "pointercancel", "pointermove"]) {
    container.addEventListener(ev, (e) => { if (ev !== "pointermove" || e.pointerType === "touch") clearTimeout(press); });
  }
  container.addEventListener("click", (e) => {  // a tap on words that do nothing else shows (or hides) them
    if (pressCloses && e.target.closest && e.target.closest("button")) { hideTip(); return; }
    const el = of(e);
    if (!el || el.closest(INTERACTIVE)) return;
    if (tipOwner === el && !tipEl.hidden && tipTapped) { hideTip(el); return; }
    showTip(el);
    tipTapped = true;  // (a hover opened it a moment before the click: the click keeps it open)
  });
  if (!tipGlobals) {
    tipGlobals = true;
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && tipOwner) hideTip(); });
    document.addEventListener("cardboard:escape", () => hideTip());
    document.addEventListener("pointerdown", (e) => {
      if (tipOwner && !tipOwner.contains(e.target) && !(tipEl && tipEl.contains(e.target))) hideTip();
    }, true);
    document.addEventListener("scroll", () => hideTip(), true);
  }
  return container;
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
let howto = null;  // the panel, made once per page

function makeHowto() {
  const title = h("h2", {id: "howto-title"}, "How to play");
  const close = h("button", {type: "button", class: "howto-close", "aria-label": "Close How to play"},
    h("span", {"aria-hidden": "true"}, "✕"), h("kbd", {"aria-hidden": "true"}, "Esc"));
  const facts = h("p", {class: "howto-facts"});
  const text = h("div", {class: "howto-text"});
  const search = h("input", {id: "howto-search", type: "search", autocomplete: "off", spellcheck: "false",
    placeholder: "e.g. a rule id, a word, “tie”", "aria-describedby": "howto-count"});
  const count = h("p", {id: "howto-count", class: "hint", role: "status", "aria-live": "polite"});
  const list = h("ol", {class: "rules-list", "aria-labelledby": "howto-rules-h"});
  const rules = h("section", {class: "howto-rules", "aria-labelledby": "howto-rules-h"},
    h("h3", {id: "howto-rules-h"}, "The full rules index"),
    h("p", {class: "hint"}, "Every rule sentence of the rulebook with its id, as ", h("code", {}, "cardboard rules"),
      " prints it. A refused move names the id of the rule it breaks."),
    h("div", {class: "howto-search"}, h("label", {for: "howto-search"}, "Search the rules"), search), count, list);
  const body = h("div", {class: "howto-body", tabindex: "-1"}, facts, text, rules);
  const dialog = h("dialog", {id: "howto", class: "howto", "aria-labelledby": "howto-title", "aria-modal": "true"},
    h("div", {class: "howto-head"}, title, close), body);
  document.body.append(dialog);
  const panel = {dialog, title, facts, text, search, count, list, body, opener: null, game: null, rules: []};

  const filter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const li of list.children) {
      const ok = words.every((w) => li.dataset.search.includes(w));
      li.hidden = !ok;
      shown += ok;
    }
    const n = list.children.length;
    count.textContent = !n ? "" : words.length ? `${shown} of ${n} rules match` : `${n} rules`;
  };
  panel.filter = filter;
  search.addEventListener("input", filter);
  close.addEventListener("click", () => dialog.close());
  // a click on the backdrop (the dialog box itself, outside its content) closes it
  dialog.addEventListener("click", (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) dialog.close();
  });
  dialog.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      if (e.target === search && search.value) { search.value = ""; filter(); } else dialog.close();
    } else if (e.key === "Tab") {  // keep the focus inside the panel
      const items = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        e.preventDefault(); last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        e.preventDefault(); first.focus();
      }
    }
    e.stopPropagation();  // the page's own keys (move shortcuts, Esc handlers) stay out of the panel
  });
  dialog.addEventListener("close", () => {
    document.documentElement.classList.remove("howto-open");
    const back = panel.opener;
    panel.opener = null;
    if (back && back.isConnected) back.focus();
  });
  return panel;
}

/** Open the accessible "How to play" dialog of a game: the goal, a turn, scoring and the end
 *  (the game's HOWTO.md, rendered safely by the server), then its rules index with a search box.
 *  The focus stays inside until Esc, the close button or a click outside; then it returns. */
export async function openHowTo(gameId, opener = document.activeElement) {
  if (!howto) howto = makeHowto();
  const p = howto;
  p.opener = opener;
  if (!p.dialog.open) p.dialog.showModal();
  document.documentElement.classList.add("howto-open");
  p.dialog.dataset.game = gameId;
  if (p.game !== gameId) {
    p.game = gameId;
    p.title.textContent = "How to play";
    p.facts.textContent = "Loading…";
    p.text.replaceChildren();
    p.list.replaceChildren();
    p.search.value = "";
    p.count.textContent = "";
    delete p.dialog.dataset.ready;
    try {
      const id = encodeURIComponent(gameId);
      const [about, index] = await Promise.all([api(`/api/games/${id}/howto`), api(`/api/games/${id}/rules`)]);
      if (p.game !== gameId) return;
      p.title.textContent = `How to play ${about.name}`;
      const players = about.min_players === about.max_players ? `${about.min_players}` : `${about.min_players}–${about.max_players}`;
      p.facts.replaceChildren(...[
        h("span", {}, `${players} player${about.max_players === 1 ? "" : "s"}`),
        about.playing_time ? h("span", {}, about.playing_time) : null,
        about.summary ? h("span", {class: "howto-summary"}, about.summary) : null].filter(Boolean));
      // the server's HTML: Markdown with raw HTML escaped and unsafe links refused
      p.text.innerHTML = about.html || "<p>This game has no how-to-play page yet: its rules index follows.</p>";
      p.list.replaceChildren(...index.rules.map((r) => h("li", {"data-rule": r.id,
        "data-search": `${r.id} ${r.section} ${r.text}`.toLowerCase()},
      h("code", {class: "rule-id"}, r.id), " ", h("span", {class: "rule-section"}, r.section), " ",
      h("span", {class: "rule-text"}, r.text))));
      p.filter();
      p.dialog.dataset.ready = "1";
    } catch (e) {
      p.game = null;
      p.facts.textContent = `Could not load the rules: ${e.message}`;
      return;
    }
  }
  p.body.scrollTop = 0;
  p.dialog.querySelector(".howto-close").focus();
}
