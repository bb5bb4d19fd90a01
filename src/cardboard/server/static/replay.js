// The replay viewer: a finished game's public views, step by step (GET /api/tables/{id}/replay).
import {$, api, describer, h, loadRenderer, renderTree, seatChip, seatNames, tipsOn} from "/static/common.js";

const TABLE_ID = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const els = {
  title: $("#replay-title"), label: $("#step-label"), board: $("#replay-board"), log: $("#replay-log"),
  scrub: $("#scrub"), first: $("#first"), prev: $("#prev"), next: $("#next"), last: $("#last"),
};
let steps = [];
let at = 0;
let names = [];
let describe = (x) => x;
let renderer = null;
let table = null;

function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[at];
  els.scrub.value = at;
  els.first.disabled = els.prev.disabled = at === 0;
  els.next.disabled = els.last.disabled = at === steps.length - 1;
  const who = step.seat === null || step.seat === undefined ? null : step.seat;
  els.label.replaceChildren(`Move ${at}/${steps.length - 1}: `,
    ...(who === null ? [] : [seatChip(who, names[who]), " "]), describe(step.label));
  document.body.dataset.step = at;
  history.replaceState(null, "", `#${at}`);

  const root = h("div", {class: `board board-${table.game}`});
  const ui = {seat: null, legal: [], pick: () => {}, names, describe, panel: null, table, toMove: null,
    last: who === null ? null : {seat: who, n: at - 1}, n: at, over: at === steps.length - 1, result: null, locked: () => true};
  let drawn = false;
  if (renderer) {
    try { renderer.render(step.view, root, ui); drawn = true; } catch (e) {
      console.error(e);
      root.replaceChildren(h("p", {class: "error"}, `The drawing failed (${e.message}); showing the raw view.`));
    }
  }
  if (!drawn) {
    root.className = "board board-generic";
    renderTree(step.view, root);
  }
  const winners = step.view && Array.isArray(step.view.winners) ? step.view.winners : null;
  els.board.replaceChildren(...[
    winners ? h("p", {class: "final-banner"}, h("b", {}, "★ Game over: "),
      winners.map((s) => names[s]).join(" and ") + (winners.length === 1 ? " wins." : " share the win.")) : null,
    root].filter(Boolean));
  for (const li of els.log.children) li.classList.toggle("current", +li.dataset.step === at);
  const cur = els.log.querySelector("li.current");
  if (cur) cur.scrollIntoView({block: "nearest"});
}

for (const [el, f] of [[els.first, () => 0], [els.prev, () => at - 1], [els.next, () => at + 1], [els.last, () => steps.length - 1]]) {
  el.addEventListener("click", () => show(f()));
}
els.scrub.addEventListener("input", () => show(+els.scrub.value));
tipsOn(document.querySelector(".replay-bar"));  // the step buttons' words: hover, focus, tap, Esc closes
document.addEventListener("keydown", (ev) => {
  if (ev.target && ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
  const map = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1};
  if (ev.key in map && ev.target !== els.scrub) { ev.preventDefault(); show(map[ev.key]); }
});

(async () => {
  let doc;
  try {
    doc = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/replay`);
  } catch (e) {
    els.label.textContent = e.code === "running"
      ? "The replay opens when the game is over." : `No replay: ${e.message}`;
    els.board.replaceChildren(h("p", {}, h("a", {href: `/table/${encodeURIComponent(TABLE_ID)}`}, "Back to the table"), " · ",
      h("a", {href: "/"}, "Lobby")));
    for (const b of [els.first, els.prev, els.next, els.last]) b.disabled = true;
    return;
  }
  table = doc.table;
  steps = doc.steps;
  names = seatNames(table);
  describe = describer(names);
  renderer = await loadRenderer(table.game);
  els.title.textContent = `Replay: ${table.name}`;
  document.title = `Replay · ${table.name} · cardboard`;
  els.scrub.max = steps.length - 1;
  els.log.replaceChildren(...steps.map((s, i) => h("li", {value: i, "data-step": i, tabindex: 0,
    onclick: () => show(i), onkeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); show(i); } }},
  s.seat === null || s.seat === undefined ? "" : `${names[s.seat]}: `, describe(s.label))));
  const fromHash = parseInt(location.hash.slice(1), 10);
  show(Number.isInteger(fromHash) ? fromHash : steps.length - 1);
})();
