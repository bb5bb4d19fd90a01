// Clocks (a table's option, chosen at creation): each human seat's bank on its panel, and the
// running one in the status bar. The server sends each seat's bank in ms as of its own now
// (`clock.remaining`, `clock.now`) and whose clock runs (`clock.running`); the page counts the
// running one down from the moment the message arrived (performance.now(): no client wall clock,
// so a client clock set wrong changes nothing), and the next message corrects it. See PROTOCOL.md.
import {h, seatChip, seatNames} from "/static/common.js";

const LOW = 10000;           // ms: the last seconds are marked
const arrived = new WeakMap();  // a state message -> when it arrived (performance.now())
let current = null;          // the last message shown
let ticker = null;
let warned = null;           // the decision whose last seconds were announced (once each)

/** Note when a state message arrived (call before anything awaits). */
export function clockArrived(m) {
  if (m && m.clock && !arrived.has(m)) arrived.set(m, performance.now());
}

/** A seat's bank in ms now (counted down if its clock runs), or null (a bot's seat: no clock). */
export function clockLeft(m, s) {
  const c = m && m.clock;
  if (!c || c.remaining[s] === null || c.remaining[s] === undefined) return null;
  if (c.running !== s) return c.remaining[s];
  const since = performance.now() - (arrived.get(m) ?? performance.now());
  return Math.max(0, c.remaining[s] - since);
}

/** 0:27, 4:05, 1:00:00 (rounded up: 0:00 only when the time is out). */
export function clockText(ms) {
  const total = Math.ceil(ms / 1000);
  const hrs = Math.floor(total / 3600), min = Math.floor((total % 3600) / 60), sec = total % 60;
  const two = (x) => String(x).padStart(2, "0");
  return hrs ? `${hrs}:${two(min)}:${two(sec)}` : `${min}:${two(sec)}`;
}

function spoken(ms) {
  const total = Math.ceil(ms / 1000);
  const min = Math.floor(total / 60), sec = total % 60;
  return min ? `${min} min ${sec} s left` : `${sec} s left`;
}

/** The status bar's clock element, made once beside the prompt. */
function barClock() {
  let el = document.getElementById("clock");
  if (!el) {
    el = h("span", {id: "clock", class: "clock bar-clock", role: "timer", hidden: true});
    const prompt = document.getElementById("prompt");
    if (prompt) prompt.after(el); else return null;
  }
  return el;
}

/** Draw the clocks of `m` (after the panels were drawn): a clock on each human seat's panel, the
 *  running one in the bar; then keep them counting. */
export function showClocks(m) {
  current = m;
  const c = m && m.clock;
  const bar = barClock();
  if (!c || m.result) {
    if (bar) { bar.hidden = true; bar.replaceChildren(); }
    for (const el of document.querySelectorAll(".panel .clock")) el.remove();
    clearInterval(ticker);
    ticker = null;
    return;
  }
  const names = seatNames(m.table);
  c.remaining.forEach((r, s) => {
    if (r === null || r === undefined) return;
    const head = document.querySelector(`#players .panel[data-seat="${s}"] header`);
    if (!head) return;
    let el = head.querySelector(".clock");
    if (!el) {
      el = h("span", {class: "clock panel-clock", "data-seat": s, role: "timer"});
      const score = head.querySelector(".panel-score");
      if (score) score.before(el); else head.append(el);
    }
    el.dataset.name = names[s] || `Player ${s + 1}`;
  });
  if (bar) bar.dataset.seat = c.running ?? "";
  tick();
  if (!ticker) ticker = setInterval(tick, 250);
}

function tick() {
  const m = current;
  if (!m || !m.clock) return;
  const c = m.clock;
  for (const el of document.querySelectorAll("#players .panel-clock")) {
    const s = +el.dataset.seat;
    const ms = clockLeft(m, s);
    if (ms === null) continue;
    paint(el, ms, c.running === s, `${el.dataset.name}'s clock`);
  }
  const bar = document.getElementById("clock");
  if (!bar) return;
  if (c.running === null || c.running === undefined) {
    bar.hidden = true;
    return;
  }
  const s = c.running;
  const ms = clockLeft(m, s);
  const name = seatNames(m.table)[s] || `Player ${s + 1}`;
  const you = m.seat === s;
  if (bar.dataset.drawn !== `${s}|${name}`) {
    bar.replaceChildren(h("span", {class: "clock-icon", "aria-hidden": "true"}),
      seatChip(s, you ? "You" : name), h("span", {class: "clock-time"}));
    bar.dataset.drawn = `${s}|${name}`;
  }
  paint(bar, ms, true, you ? "Your clock" : `${name}'s clock`, bar.querySelector(".clock-time"));
  bar.hidden = false;
  // your own last seconds are said once, politely, to screen readers too (the bar turns red as well)
  const key = `${m.table.id}|${m.n}`;
  if (you && ms > 0 && ms <= LOW && warned !== key) {
    warned = key;
    sayer().textContent = `Your clock: ${Math.ceil(ms / 1000)} s left. At 0:00 a bot decides for you.`;
  }
}

function sayer() {
  let el = document.getElementById("clock-say");
  if (!el) {
    el = h("div", {id: "clock-say", class: "sr-only", role: "status", "aria-live": "polite"});
    document.body.append(el);
  }
  return el;
}

function paint(el, ms, running, who, target = el) {
  const text = clockText(ms);
  if (target.textContent !== text) target.textContent = text;
  el.classList.toggle("running", running);
  el.classList.toggle("low", running && ms <= LOW);
  el.classList.toggle("out", ms <= 0);
  const label = `${who}: ${spoken(ms)}${running ? ", running" : ""}`;
  if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
}
