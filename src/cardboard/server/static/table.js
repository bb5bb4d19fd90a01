// The table shell: one websocket, the status bar (prompt + every legal move), the game area
// (drawn by the game's own web/<game>.js, or a generic tree of the view), player panels, the log,
// and the end-of-game score table. See PROTOCOL.md.
import {
  $, $$, api, copyText, creatorKey, describer, h, loadRenderer, NAME_KEY, openHowTo, pretty, renderTree, scoreTable,
  seatChip, seatNames, tipsOn, tokenKey, winnersText,
} from "/static/common.js";
import {clockArrived, showClocks} from "/static/clock.js";

const TABLE_ID = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const RETRY_FIRST = 500;   // ms before the first reconnection; doubled each time, up to RETRY_CAP
const RETRY_CAP = 10000;
const DEAD_AFTER = 60000;  // a socket that heard nothing this long (pings every 25 s) is given up

let token = localStorage.getItem(tokenKey(TABLE_ID));
let ws = null;
let retries = 0;           // failed connections in a row (the backoff's exponent)
let retryTimer = null;     // the next attempt, while disconnected
let retryAt = 0;
let countdown = null;      // the "next try in N s" ticker
let helloPending = false;  // a seat's picture is awaited: the spectator's one before it is not drawn
let closingOnPurpose = false;
let invite = null;         // an invitation code from the address (#invite=CODE), until used
let msg = null;            // the last state message
let renderer;              // undefined: not loaded yet; null: generic tree
let busy = false;          // input locked until the server answers
let pendingN = null;       // the n a sent move/undo was made on
let busyTimer = null;
let groupState = {n: -1, open: new Set(), filter: {}};
let clientLog = [];        // for games whose view has no log of words
let logRendered = [];

const els = {
  prompt: $("#prompt"), notice: $("#notice"), actions: $("#actions"), join: $("#join"),
  undo: $("#undo"), board: $("#board"), players: $("#players"), log: $("#log"), logLines: $("#log-lines"),
  logbox: $("#logbox"), final: $("#final"),
};

function setLogOpen(open) {
  const t = $("#log-toggle");
  t.setAttribute("aria-expanded", String(open));
  els.logbox.classList.toggle("collapsed", !open);
  if (open) els.log.scrollTop = els.log.scrollHeight;
}
$("#log-toggle").addEventListener("click", () => setLogOpen($("#log-toggle").getAttribute("aria-expanded") !== "true"));
if (matchMedia("(max-width: 799px)").matches) setLogOpen(false);

// ------------------------------------------------------------------ connection
// The credential never goes in the socket's URL (proxies and access logs keep URLs): it is the
// first message, {"type": "hello", "token": ...}. A lost connection is tried again for as long
// as the page is open, with a capped, jittered backoff; the server's picture resumes the page.
function connect() {
  clearTimeout(retryTimer);
  retryTimer = null;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  closingOnPurpose = false;
  const sock = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(TABLE_ID)}`);
  ws = sock;
  let heard = Date.now();
  helloPending = !!token;
  sock.onopen = () => {
    if (token) sock.send(JSON.stringify({type: "hello", token}));
  };
  // the server closes a socket silent for its idle timeout (90 s by default): a ping keeps a watcher's open;
  // a socket that hears nothing back (a server gone without closing it) is given up and tried again
  const pinger = setInterval(() => {
    if (sock.readyState !== WebSocket.OPEN) return;
    if (Date.now() - heard > DEAD_AFTER && ws === sock) {
      ws = null;
      sock.close();
      lost(sock, 1006);
      return;
    }
    sock.send('{"type":"ping"}');
  }, 25000);
  sock.addEventListener("close", () => clearInterval(pinger));
  sock.onmessage = (ev) => {
    heard = Date.now();
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    if (m.type === "state") onState(m);
    else if (m.type === "why") onWhy(m);
    else if (m.type === "error") onError(m);
  };
  sock.onclose = (ev) => {
    if (ws !== sock || closingOnPurpose) return;
    ws = null;
    lost(sock, ev.code);
  };
}

function lost(sock, code) {
  clearInterval(countdown);
  if (code === 4404) {
    lock();
    setConn(null);
    setPrompt("There is no table here.");
    notice("This table does not exist (or was removed). Go back to the lobby.");
    return;
  }
  if (code === 4403) return;  // handled by the auth error
  // a move on its way is either stored (the next picture shows it) or lost: nothing to wait for
  pendingN = null;
  clearTimeout(busyTimer);
  lock();
  document.body.classList.add("offline");
  if (retries === 0) setPrompt("Connection lost: reconnecting…");
  const step = Math.min(RETRY_CAP, RETRY_FIRST * 2 ** Math.min(retries, 20));
  const wait = Math.round(step / 2 + Math.random() * step / 2);  // jitter: many pages do not return at once
  retries += 1;
  retryAt = Date.now() + wait;
  retryTimer = setTimeout(connect, wait);
  const tick = () => {
    const left = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
    setConn(retryTimer === null ? "Reconnecting…" : `Connection lost. Reconnecting… next try in ${left} s`);
  };
  tick();
  countdown = setInterval(() => {
    if (ws !== null) { clearInterval(countdown); setConn("Reconnecting…"); return; }
    tick();
  }, 1000);
}

/** The connection bar: null hides it (connected); otherwise the words and a "Try now" button. */
function setConn(text) {
  const bar = $("#conn");
  if (text === null) {
    bar.hidden = true;
    return;
  }
  const words = $("#conn-text");
  if (words.textContent !== text) words.textContent = text;
  $("#conn-now").hidden = retryTimer === null;
  bar.hidden = false;
}

function tryNow() {
  if (ws !== null) return;
  clearInterval(countdown);
  setConn("Reconnecting…");
  connect();
}
$("#conn-now").addEventListener("click", tryNow);
// back online, or the page shown again: no need to wait for the next try
addEventListener("online", tryNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && retryTimer !== null) tryNow(); });

function reconnect() {
  closingOnPurpose = true;
  if (ws) ws.close();
  ws = null;
  retries = 0;
  connect();
}

function send(doc) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    notice("Not connected: the move was not sent.");
    return false;
  }
  ws.send(JSON.stringify(doc));
  return true;
}

// ------------------------------------------------------------------ input lock
function lock() {
  busy = true;
  document.body.classList.add("locked");
  for (const b of $$("button.move, #undo")) b.disabled = true;
}

function unlock() {
  busy = false;
  pendingN = null;
  clearTimeout(busyTimer);
  document.body.classList.remove("locked");
  for (const b of $$("button.move, #undo")) b.disabled = false;
}

function pick(i) {
  if (busy || !msg || !msg.legal[i]) return;
  lock();
  pendingN = msg.n;
  if (!send({type: "move", move: msg.legal[i].move, n: msg.n})) { unlock(); return; }
  if (!msg.view || !Array.isArray(msg.view.log)) clientLog.push({n: msg.n, seat: msg.seat, label: msg.legal[i].label});
  busyTimer = setTimeout(() => { if (busy) { unlock(); notice("The server did not answer; try again."); } }, 15000);
}

function undo() {
  if (busy || !msg) return;
  if (!msg.can_undo) { showUndoWhy(true); return; }
  lock();
  pendingN = msg.n;
  if (!send({type: "undo"})) unlock();
}

function notice(text) {
  els.notice.textContent = text || "";
}

// ------------------------------------------------------------------ why not? (issue #23)
// A click on a board target that is not legal now asks the server why ({"type": "why", "move", "id"}):
// the answer is the refusal sending that move would get (null: it is legal). Shown in #notice.
const WHY_WAIT = 10000;
const whyAsked = new Map();  // id -> {resolve, timer}
let whyId = 0;

/** The engine's refusal without its technical head ("illegal move {...} for seat 0: "), the
 *  players' names for "seat N". */
function plainReason(text) {
  const names = msg ? seatNames(msg.table) : [];
  const t = String(text || "").replace(/^illegal move .*? for seat \d+: /s, "");
  const said = describer(names)(t);
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** Why `move` (a JSON move, {kind, ...fields}) is not legal now: shows the reason in the status bar
 *  and resolves with it (null when the move is legal after all). */
function whyNot(move) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    const text = "Not connected: the reason cannot be asked now.";
    notice(text);
    return Promise.resolve(text);
  }
  const id = ++whyId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      whyAsked.delete(id);
      notice("The server did not say why: try again.");
      resolve(null);
    }, WHY_WAIT);
    whyAsked.set(id, {resolve, timer});
    send({type: "why", move, id});
  });
}

function onWhy(m) {
  const asked = whyAsked.get(m.id);
  const text = m.reason === null || m.reason === undefined
    ? "That move is legal now: choose it again to play it." : plainReason(m.reason);
  notice(text);
  if (!asked) return;
  whyAsked.delete(m.id);
  clearTimeout(asked.timer);
  asked.resolve(m.reason === null || m.reason === undefined ? null : text);
}

function onError(m) {
  if (m.code === "auth" && token && (helloPending || !msg || msg.seat === null)) {
    // the stored credential opens no seat here (left, given to someone invited, or mistyped): watch instead
    localStorage.removeItem(tokenKey(TABLE_ID));
    token = null;
    helloPending = false;
    notice("Your seat's credential no longer works at this table: you are watching.");
    reconnect();
    return;
  }
  notice(m.code === "illegal" ? plainReason(m.message) : m.message || m.code);
  if (busy) unlock();
  if (msg) render(msg);  // redraw with the input open again
}

// ------------------------------------------------------------------ state
async function onState(m) {
  clockArrived(m);  // the clocks count down from the moment the server's reading arrived
  if (helloPending && m.seat === null) return;  // the public picture sent before the hello was read
  helloPending = false;
  if (renderer === undefined) renderer = await loadRenderer(m.table.game);
  if (retries || document.body.classList.contains("offline")) {
    retries = 0;
    clearInterval(countdown);
    setConn(null);
    notice("Connected again.");
  }
  document.body.classList.remove("offline");
  if (busy && pendingN !== null && m.n === pendingN) {
    msg = m;  // someone else's change (a join) at the same move: stay locked until our answer
    return;
  }
  if (!msg || msg.n !== m.n) notice("");
  msg = m;
  if (viewing && m.n < viewing.n) viewing = null;  // an undo took the viewed moment back
  mergeTail(m);
  unlock();
  render(m);
}

function setPrompt(text, who = null) {
  els.prompt.replaceChildren(...(who === null ? [] : [seatChip(who, msg ? seatNames(msg.table)[who] : ""), " "]), text);
}

function render(m) {
  const names = seatNames(m.table);
  const describe = describer(names);
  const view = m.view;
  const deciding = m.legal.length > 0;
  const over = !!m.result;
  const focusWasInside = document.activeElement && (els.actions.contains(document.activeElement)
    || els.board.contains(document.activeElement) || document.activeElement === document.body);

  document.body.dataset.n = m.n;
  document.body.dataset.seat = m.seat === null ? "spectator" : m.seat;
  document.body.dataset.game = m.table.game;
  document.body.classList.toggle("my-turn", deciding);
  document.body.classList.toggle("game-over", over);

  if (groupState.n !== m.n) groupState = {n: m.n, open: new Set(), filter: {}};
  else {  // a redraw at the same move (a second picture of it) keeps the folds as the reader left
    // them, even one opened a moment ago whose toggle event has not fired yet
    const shown = els.actions.querySelectorAll("details.movegroup");
    if (shown.length) groupState.open = new Set([...shown].filter((d) => d.open).map((d) => d.dataset.kind));
  }

  // player panels first: the renderer may fill their bodies (ui.panel)
  const bodies = renderPlayers(viewing ? {...m, to_move: viewing.to_move, last: viewing.last, result: null} : m, names);

  const ui = {
    seat: m.seat, legal: m.legal, pick, names, describe,
    panel: (s) => bodies[s] || null,
    table: m.table, toMove: m.to_move, last: m.last, n: m.n, over, result: m.result || null,
    locked: () => busy,
    whyNot,
  };

  // prompt
  let p = null;
  if (renderer && typeof renderer.prompt === "function") {
    try { p = renderer.prompt(view, ui); } catch (e) { console.warn("prompt failed", e); }
  }
  const seatInfo = m.table.seats[m.to_move];
  if (over) {
    setPrompt(winnersText(m.result, names) + ".");
  } else if (m.table.status === "open") {
    const free = m.table.seats.filter((s) => s.kind === "human" && !s.taken).length;
    setPrompt(`Waiting for ${free} more player${free === 1 ? "" : "s"} to join before the game starts: send them the invite link.`);
  } else if (deciding) {
    setPrompt(describe((p && p.you) || "You must choose a move."), m.seat);
  } else if (m.to_move !== null && m.to_move !== undefined) {
    const bot = seatInfo && seatInfo.kind === "bot";
    const text = (p && p.others) || (bot ? `${names[m.to_move]} is playing…` : `${names[m.to_move]} must choose a move…`);
    setPrompt(describe(text) + (m.seat === null ? "" : ""), m.to_move);
  } else {
    setPrompt("Waiting…");
  }
  document.title = `${deciding ? "⯈ " : ""}${m.table.name} · ${over ? "game over" : deciding ? "your move"
    : m.to_move !== null && m.to_move !== undefined ? names[m.to_move] + " to move" : "table"} · cardboard`;

  $("#watching").hidden = m.seat !== null;
  renderJoin(m);
  renderUndo(m, over);
  renderViewing(m);
  $("#leave").hidden = m.seat === null || over;
  renderShareButtons(m);

  // the board
  const root = h("div", {class: `board board-${m.table.game}`});
  let drawn = false;
  if (renderer) {
    try {
      renderer.render(viewing ? viewing.view : view, root, viewing ? {...ui, legal: [], pick: () => {},
        whyNot: () => { notice(`This is move ${viewing.n}, not the live game: Back to live to play.`); return Promise.resolve(null); },
        toMove: viewing.to_move, last: viewing.last, n: viewing.n, over: false, result: null, locked: () => true} : ui);
      drawn = true;
    } catch (e) {
      console.error("renderer failed", e);
      root.replaceChildren(h("p", {class: "error"}, `The ${m.table.name} drawing failed (${e.message}); showing the raw view.`));
    }
  }
  if (!drawn) {
    root.className = "board board-generic";
    renderTree(viewing ? viewing.view : view, root);
  }
  els.board.replaceChildren(root);
  renderActions(viewing ? {...m, legal: []} : m, describe, drawn);

  renderLog(m, names, describe);
  renderFinal(m, names);
  showClocks(m);  // each seat's clock on its panel, the running one in the bar
  fitActions();   // last: everything the bar holds is in it (the prompt, the tools, a clock)

  if (busy) lock();
  if (deciding && keyboardMode && focusWasInside && !els.actions.contains(document.activeElement)) {
    const first = $(":scope > button.move", els.actions) || $(".allmoves > summary", els.actions);
    if (first && document.activeElement === document.body) first.focus({preventScroll: true});
  }
}

function renderPlayers(m, names) {
  const n = m.table.players;
  const order = [];
  const me = m.seat;
  for (let k = 0; k < n; k++) order.push(me === null ? k : (me + k) % n);
  const bodies = {};
  const panels = order.map((s) => {
    const seat = m.table.seats[s] || {};
    const deciding = m.to_move === s && !m.result && m.table.status === "running";
    const body = h("div", {class: "panel-body"});
    bodies[s] = body;
    const won = m.result && (m.result.winners || []).includes(s);
    const badges = [];
    if (s === me) badges.push(h("span", {class: "badge you"}, "You"));
    if (seat.kind === "bot") badges.push(h("span", {class: "badge bot", "data-tip": `A computer player, level ${seat.level}`}, "Bot"));
    if (seat.kind === "human" && !seat.taken) badges.push(h("span", {class: "badge free"}, "Free seat"));
    if (seat.kind === "human" && seat.left) badges.push(h("span", {class: "badge free"}, "Left"));
    // the table's creator may invite someone to a seat left mid-game (a one-time link)
    if (seat.kind === "human" && seat.left && !m.result && creatorToken()) {
      badges.push(h("button", {type: "button", class: "invite-seat", "data-seat": s,
        onclick: () => inviteTo(s, names[s])}, "Invite someone"));
    }
    if (deciding) badges.push(h("span", {class: "badge turn"}, h("span", {"aria-hidden": "true"}, "▶ "), "Deciding"));
    if (won) badges.push(h("span", {class: "badge won"}, h("span", {"aria-hidden": "true"}, "★ "), "Winner"));
    if (m.last && m.last.seat === s && !deciding && !m.result) badges.push(h("span", {class: "badge last"}, "Moved last"));
    const score = m.result ? m.result.scores[s] : null;
    return h("section", {class: `panel${deciding ? " deciding" : ""}${s === me ? " mine" : ""}`, "data-seat": s,
      "aria-label": `${names[s]}${s === me ? " (you)" : ""}`},
      h("header", {}, seatChip(s, names[s]), h("span", {class: "badges"}, badges),
        score !== null ? h("span", {class: "panel-score"}, `${score} pt${score === 1 ? "" : "s"}`) : null),
      body);
  });
  els.players.replaceChildren(...panels);
  return bodies;
}

// ------------------------------------------------------------------ links: invite, another device, invitations
const tableUrl = () => `${location.origin}/table/${encodeURIComponent(TABLE_ID)}`;
const creatorToken = () => localStorage.getItem(creatorKey(TABLE_ID));
const INVITE_KEY = `cardboard:invite:${TABLE_ID}`;

/** A seat's credential (#seat=TOKEN) or an invitation (#invite=CODE) in the address: kept by the
 * page and removed from the address bar (a fragment never reaches the server). */
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  const code = params.get("invite");
  if (seat) {
    token = seat;
    localStorage.setItem(tokenKey(TABLE_ID), seat);
  }
  if (code) sessionStorage.setItem(INVITE_KEY, code);
  invite = sessionStorage.getItem(INVITE_KEY);
  if (seat || code) history.replaceState(history.state, "", location.pathname + location.search);
}
addEventListener("hashchange", () => {
  if (!/[#&](seat|invite)=/.test(location.hash)) return;
  readFragment();
  reconnect();
});

function renderShareButtons(m) {
  const over = !!m.result;
  const free = m.table.seats.some((s) => s.kind === "human" && !s.taken);
  $("#invite-link").hidden = over || m.table.status !== "open" || !free;
  $("#other-device").hidden = over || m.seat === null || !token;
  // a phone folds the seldom used tools under "More" (a wide screen shows them, and no More)
  $("#more-tools").hidden = $$("#more-menu > button").every((b) => b.hidden);
}

function setMoreOpen(open) {
  const b = $("#more-tools");
  b.setAttribute("aria-expanded", String(open));
  $(".status-tools").classList.toggle("more-open", open);
}
$("#more-tools").addEventListener("click", () => setMoreOpen($("#more-tools").getAttribute("aria-expanded") !== "true"));
$("#more-menu").addEventListener("click", () => setMoreOpen(false));
document.addEventListener("cardboard:escape", () => setMoreOpen(false));
document.addEventListener("pointerdown", (ev) => {
  if (!ev.target.closest || !ev.target.closest("#more-tools, #more-menu")) setMoreOpen(false);
});

/** The share panel: a link to copy, with what it does (and a warning when it carries a seat). */
function showShare(title, link, warning, copyNow = false) {
  const box = $("#share");
  const field = h("input", {id: "share-link", type: "text", readonly: true, value: link, "aria-label": title,
    onfocus: (ev) => ev.target.select()});
  const said = h("span", {id: "share-said", role: "status"});
  const copy = async () => {
    said.textContent = (await copyText(link, field)) ? "Copied." : "Select the link and copy it.";
  };
  box.replaceChildren(
    h("b", {}, title),
    field,
    h("button", {type: "button", id: "share-copy", onclick: copy}, "Copy"),
    said,
    warning ? h("p", {class: "share-warning"}, h("span", {"aria-hidden": "true"}, "⚠ "), warning) : null,
    h("button", {type: "button", class: "share-close", "aria-label": "Close the link",
      onclick: () => { box.hidden = true; box.replaceChildren(); }}, "Close"));
  box.hidden = false;
  if (copyNow) copy(); else field.focus();
}

$("#invite-link").addEventListener("click", () => showShare("Invite link", tableUrl(),
  "Whoever opens it can take a free seat at this table.", true));
$("#other-device").addEventListener("click", () => {
  if (!token) return;
  showShare("Open my seat on another device", `${tableUrl()}#seat=${encodeURIComponent(token)}`,
    "Anyone with this link plays your seat: open it only on your own devices, and never post it.");
});

async function inviteTo(s, name) {
  try {
    const r = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/invite`, {creator_token: creatorToken(), seat: s});
    showShare(`Invitation to ${name}'s seat`, `${tableUrl()}#invite=${encodeURIComponent(r.invite)}`,
      "Whoever opens this link first takes this seat and sees its hand. It works once; a new one replaces it.");
  } catch (e) {
    notice(`No invitation: ${e.message}`);
  }
}

function renderInvited(m) {
  if (!els.join.hidden && els.join.contains(document.activeElement)) return;  // typing a name
  const name = h("input", {id: "join-name", type: "text", maxlength: 40, autocomplete: "nickname",
    value: localStorage.getItem(NAME_KEY) || "", placeholder: "Your name"});
  const take = h("button", {type: "button", id: "take-invite", class: "primary", onclick: async (ev) => {
    ev.currentTarget.disabled = true;
    try {
      localStorage.setItem(NAME_KEY, name.value.trim());
      const r = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/join`, {name: name.value.trim(), invite});
      token = r.token;
      localStorage.setItem(tokenKey(TABLE_ID), token);
      notice("");
    } catch (e) {
      notice(`The invitation no longer opens a seat (${e.message}).`);
    }
    invite = null;
    sessionStorage.removeItem(INVITE_KEY);
    reconnect();
  }}, "Take the seat");
  els.join.replaceChildren(h("span", {class: "muted"}, "You are invited to a seat at this table. "),
    h("label", {for: "join-name"}, "Name "), name, take);
  els.join.hidden = false;
}

function renderJoin(m) {
  if (invite && m.seat === null && !m.result) return renderInvited(m);
  const free = m.table.seats.filter((s) => s.kind === "human" && !s.taken);
  if (m.seat !== null || token || !free.length || m.result) {
    els.join.hidden = true;
    els.join.replaceChildren();
    return;
  }
  if (!els.join.hidden && els.join.contains(document.activeElement)) return;  // typing a name
  const name = h("input", {id: "join-name", type: "text", maxlength: 40, autocomplete: "nickname",
    value: localStorage.getItem(NAME_KEY) || "", placeholder: "Your name"});
  const buttons = free.map((s) => h("button", {type: "button", class: "join-seat", "data-seat": s.seat,
    onclick: async (ev) => {
      ev.currentTarget.disabled = true;
      try {
        localStorage.setItem(NAME_KEY, name.value.trim());
        const r = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/join`, {name: name.value.trim(), seat: s.seat});
        token = r.token;
        localStorage.setItem(tokenKey(TABLE_ID), token);
        notice("");
        reconnect();
      } catch (e) {
        notice(`Could not join: ${e.message}`);
        ev.currentTarget.disabled = false;
      }
    }}, `Join as ${seatNames(m.table)[s.seat]}`));
  els.join.replaceChildren(h("span", {class: "muted"}, "You are watching. "),
    h("label", {for: "join-name"}, "Name "), name, ...buttons);
  els.join.hidden = false;
}

function kindTitle(kind) {
  if (renderer && renderer.kinds && renderer.kinds[kind]) return renderer.kinds[kind];
  return pretty(kind);
}

// The status bar is board first (issue #23): moves of the renderer's `boardKinds` get no button of
// their own (the board takes them); the other moves are compact buttons, at most what fits the bar's
// limit (2 lines of buttons, <= 120 px at 1366x768; a quarter of the height on a phone); every legal
// move stays reachable, by keyboard too, in one folded "All moves (N)" list with a filter, which opens
// over the board and never makes the bar taller.
const BAR_DESKTOP = 120;   // px: the bar's limit on a wide screen
const bar = () => document.getElementById("status");
const barLimit = () => (innerWidth >= 800 ? BAR_DESKTOP : Math.floor(innerHeight / 4));

function kindOf(l) {
  return l.kind || (l.move && l.move.kind) || "move";
}

function boardKindsOf(drawn) {
  return drawn && renderer && Array.isArray(renderer.boardKinds) ? new Set(renderer.boardKinds) : new Set();
}

function renderActions(m, describe, drawn = true) {
  const legal = m.legal;
  if (!legal.length) {
    els.actions.replaceChildren();
    return;
  }
  const onBoard = boardKindsOf(drawn);
  const groups = new Map();  // kind -> indices, in the order the kinds first come
  legal.forEach((l, i) => {
    const k = kindOf(l);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(i);
  });
  let key = 0;
  const moveButton = (i, inline) => {
    const label = describe(legal[i].label);
    const shortcut = inline && key < 9 ? String(++key) : null;
    return h("button", {type: "button", class: inline ? "move move-inline" : "move", "data-kind": legal[i].kind,
      "data-i": i, "data-key": shortcut, "aria-keyshortcuts": shortcut, disabled: busy,
      onclick: () => pick(i)},
    h("span", {class: "move-label"}, label), shortcut ? h("kbd", {"aria-hidden": "true"}, shortcut) : null);
  };
  const inline = [];
  for (const [kind, idx] of groups) if (!onBoard.has(kind)) for (const i of idx) inline.push(moveButton(i, true));

  // the whole list, folded: by kind, with a filter
  const lists = [...groups].map(([kind, idx]) => h("div", {class: "movelist", role: "group", "aria-label": kindTitle(kind),
    "data-kind": kind}, groups.size > 1 ? h("h3", {class: "movelist-title", "aria-hidden": "true"}, kindTitle(kind)) : null,
  idx.map((i) => moveButton(i, false))));
  const count = h("span", {class: "filter-count", "aria-live": "polite"});
  const filter = h("input", {type: "search", class: "move-filter", "aria-label": `Filter the ${legal.length} moves`,
    placeholder: `Filter ${legal.length} moves… (words, e.g. a name or "row 2")`, value: groupState.filter.all || ""});
  const apply = () => {
    groupState.filter.all = filter.value;
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const list of lists) {
      let here = 0;
      for (const b of list.querySelectorAll("button.move")) {
        const ok = words.every((w) => b.textContent.toLowerCase().includes(w));
        b.hidden = !ok;
        here += ok;
      }
      list.hidden = !here;
      shown += here;
    }
    count.textContent = words.length ? `${shown} of ${legal.length} shown` : "";
  };
  filter.addEventListener("input", apply);
  filter.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && filter.value) { filter.value = ""; apply(); ev.stopPropagation(); }
    if (ev.key === "Enter") {
      const b = lists.flatMap((l) => [...l.querySelectorAll("button.move")]).find((x) => !x.hidden);
      if (b) b.click();
    }
  });
  if (filter.value) queueMicrotask(apply);
  const all = h("details", {class: "movegroup allmoves", "data-kind": "all", open: groupState.open.has("all")},
    h("summary", {}, h("span", {}, "All moves"), h("span", {class: "count"}, `(${legal.length})`)),
    h("div", {class: "allmoves-panel"}, h("div", {class: "filter-row"}, filter, count), lists));
  // arrows walk the list (the filter first), as in a menu
  all.addEventListener("keydown", (ev) => {
    if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
    const stops = [filter, ...lists.flatMap((l) => [...l.querySelectorAll("button.move")]).filter((b) => !b.hidden)];
    const k = stops.indexOf(document.activeElement);
    if (k < 0) return;
    ev.preventDefault();
    stops[Math.max(0, Math.min(stops.length - 1, k + (ev.key === "ArrowDown" ? 1 : -1)))].focus();
  });
  all.addEventListener("toggle", () => {
    if (all.open) {
      groupState.open.add("all");
      if (keyboardMode) filter.focus({preventScroll: true});
    } else groupState.open.delete("all");
  });
  allMoves = all;
  // a redraw at the same move keeps the keyboard's place (the filter being typed in, a focused move)
  const active = els.actions.contains(document.activeElement) ? document.activeElement : null;
  const place = !active ? null : active.classList.contains("move-filter") ? ".move-filter"
    : active.tagName === "SUMMARY" ? ".allmoves > summary"
      : active.dataset.i !== undefined ? `${active.classList.contains("move-inline") ? ":scope > " : ".allmoves "}button.move[data-i="${active.dataset.i}"]` : null;
  const caret = active && active.classList.contains("move-filter") ? active.selectionStart : null;
  // every move has its button: nothing to fold (fitActions adds the list if a button must fold)
  els.actions.replaceChildren(...inline, ...(inline.length === legal.length ? [] : [all]));
  refocus = place && actionsN === m.n ? {place, caret} : null;  // done by fitActions, once the list is in
  actionsN = m.n;
}
let allMoves = null;  // the "All moves" list of the last renderActions (in the bar or not yet)
let actionsN = -1;    // the move count the bar's moves were last drawn for
let refocus = null;   // {place, caret}: where the keyboard was in the bar before a redraw

/** Fold the buttons that make the bar taller than its limit into "All moves" (last first). */
function fitActions() {
  const status = bar();
  if (!status) return;
  const limit = barLimit();
  const inline = [...els.actions.querySelectorAll(":scope > button.move-inline")];
  while (inline.length && status.getBoundingClientRect().height > limit + 0.5) {
    inline.pop().remove();
    if (allMoves && !allMoves.isConnected) els.actions.append(allMoves);
  }
  if (refocus) {
    const again = els.actions.querySelector(refocus.place);
    if (again) {
      again.focus({preventScroll: true});
      if (refocus.caret !== null && refocus.caret !== undefined) again.setSelectionRange(refocus.caret, refocus.caret);
    }
    refocus = null;
  }
}

// "All moves" lies over the board: a press anywhere else folds it; the notice (over the board too)
// goes with a click on it or Esc
document.addEventListener("pointerdown", (ev) => {
  if (allMoves && allMoves.open && !allMoves.contains(ev.target)) allMoves.open = false;
}, true);
els.notice.addEventListener("click", () => notice(""));
document.addEventListener("cardboard:escape", () => notice(""));

let refit = null;
addEventListener("resize", () => {
  clearTimeout(refit);
  refit = setTimeout(() => { if (msg) render(msg); }, 100);
});

// for the games' browser tests: the status bar's height now, and its limit at this size
window.cardboardBarHeight = () => bar().getBoundingClientRect().height;
window.cardboardBarLimit = barLimit;

// ------------------------------------------------------------------ the whole log and the history
// The server keeps every line this seat's views ever showed (a game's view keeps only its newest
// lines): the page fetches them once (POST .../history) and each state message's log_tail appends
// the lines of its move. A line is [n, words]: n moves were played when it appeared.
let hist = {seat: undefined, upto: null, lines: [], loading: false, again: false};
let viewing = null;        // {n, total, view, to_move, last}: the board at a past moment (read-only)

function mergeTail(m) {
  if (hist.seat !== m.seat) hist = {seat: m.seat, upto: null, lines: [], loading: hist.loading, again: hist.loading};
  const t = m.log_tail;
  if (t && hist.upto !== null && t.from <= hist.upto) {
    hist.lines = hist.lines.filter((e) => e[0] <= t.from).concat(t.lines);
    hist.upto = m.n;
    return;
  }
  if (t && t.from === -1) {  // the set-up: nothing to fetch
    hist.lines = t.lines.slice();
    hist.upto = m.n;
    return;
  }
  loadHistory(hist.upto === null ? -1 : Math.min(hist.upto, m.n));
}

async function loadHistory(since) {
  if (hist.loading) { hist.again = true; return; }
  hist.loading = true;
  const seat = hist.seat;
  try {
    const r = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/history`, {token: token || "", since});
    if (hist.seat === seat) {
      hist.lines = hist.lines.filter((e) => e[0] <= since).concat(r.lines);
      hist.upto = r.n;
    }
  } catch (e) {
    console.warn("the log could not be fetched", e);
  }
  hist.loading = false;
  if (hist.again && msg) { hist.again = false; mergeTail(msg); }
  if (msg) { const names = seatNames(msg.table); renderLog(msg, names, describer(names)); }
}

function renderLog(m, names, describe) {
  const lines = hist.lines.map(([n, l]) => {
    const t = describe(l);
    return [n, t.charAt(0).toUpperCase() + t.slice(1)];
  });
  const key = (e) => `${e[0]}|${e[1]}`;
  const log = els.logLines;  // the list (in #log, role=log, which scrolls: a list keeps its list role)
  const same = logRendered.length <= lines.length && logRendered.every((l, i) => l === key(lines[i]));
  if (!same) {
    log.replaceChildren();
    logRendered = [];
  }
  for (let i = logRendered.length; i < lines.length; i++) {
    const [n, text] = lines[i];
    log.append(h("li", {"data-n": n}, h("button", {type: "button", class: "logline", "data-n": n,
      "data-tip": `Show the board after move ${n}`, onclick: () => viewAt(n)}, text)));
  }
  logRendered = lines.map(key);
  $$("li.newest", log).forEach((li) => li.classList.remove("newest"));
  if (log.lastElementChild) log.lastElementChild.classList.add("newest");
  for (const li of log.children) {
    const on = !!viewing && +li.dataset.n === viewing.n;
    li.classList.toggle("viewed", on);
    if (on) li.firstChild.setAttribute("aria-current", "true"); else li.firstChild.removeAttribute("aria-current");
  }
  if (logStick || !same) els.log.scrollTop = els.log.scrollHeight;
}

async function viewAt(n) {
  if (!msg) return;
  if (n >= msg.n) { backToLive(); return; }
  try {
    const r = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/at`, {token: token || "", n});
    viewing = r;
    logStick = false;  // the reader is in the past: the log stays where it is
    render(msg);
  } catch (e) {
    notice(`Could not show move ${n}: ${e.message}`);
  }
}

function backToLive() {
  viewing = null;
  logStick = true;
  if (msg) render(msg);
}
$("#back-live").addEventListener("click", backToLive);
document.addEventListener("cardboard:escape", () => { if (viewing) backToLive(); });

function renderViewing(m) {
  const box = $("#viewing");
  box.hidden = !viewing;
  document.body.classList.toggle("viewing-past", !!viewing);
  if (viewing) $("#viewing-text").textContent = `Viewing move ${viewing.n}/${m.n}`;
}

// the log follows the newest line unless the reader has scrolled up
let logStick = true;
els.log.addEventListener("scroll", () => {
  logStick = els.log.scrollHeight - els.log.scrollTop - els.log.clientHeight < 24;
});
new ResizeObserver(() => { if (logStick) els.log.scrollTop = els.log.scrollHeight; }).observe(els.log);

// The results panel sits over the page (fixed: in view however the board is scrolled); hidden, it
// reopens from the status bar's "Results" button.
let finalShut = false;
function setFinalOpen(open) {
  finalShut = !open;
  els.final.hidden = !open || !msg || !msg.result;
  $("#results-open").hidden = open || !msg || !msg.result;
  $("#results-open").setAttribute("aria-expanded", String(!els.final.hidden));
  if (open && !els.final.hidden) els.final.focus({preventScroll: true});
}
$("#results-open").addEventListener("click", () => setFinalOpen(true));

function renderFinal(m, names) {
  if (!m.result) {
    els.final.hidden = true;
    els.final.replaceChildren();
    $("#results-open").hidden = true;
    return;
  }
  const next = m.table.next;
  const rematch = h("button", {id: "rematch", type: "button", onclick: async (ev) => {
    ev.currentTarget.disabled = true;
    try {
      const t = next ? {id: next} : await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/again`, {token: token || ""});
      if (token) localStorage.setItem(tokenKey(t.id), token);  // the humans keep their seats
      location.href = `/table/${encodeURIComponent(t.id)}`;
    } catch (e) {
      notice(`No rematch: ${e.message}`);
      ev.currentTarget.disabled = false;
    }
  }}, next ? "Go to the rematch" : "Rematch");
  els.final.replaceChildren(
    h("div", {class: "final-head"},
      h("h2", {id: "final-title"}, h("span", {"aria-hidden": "true"}, "★ "), winnersText(m.result, names)),
      h("button", {type: "button", id: "final-hide", class: "final-hide", "aria-label": "Hide the results",
        "data-tip": "Hide the results (the Results button brings them back)", onclick: () => { setFinalOpen(false); $("#results-open").focus(); }},
      h("span", {"aria-hidden": "true"}, "✕"))),
    h("div", {class: "final-scroll", tabindex: 0, role: "region", "aria-label": "Final scores"}, scoreTable(m.result, names, renderer, m.seat)),
    h("div", {class: "final-buttons"}, rematch,
      h("a", {class: "button", id: "replay", href: `/replay/${encodeURIComponent(TABLE_ID)}`}, "Replay"),
      h("a", {class: "button", id: "lobby", href: "/"}, "Lobby")));
  els.final.hidden = finalShut;
  $("#results-open").hidden = !finalShut;
}

// ------------------------------------------------------------------ keyboard
// Keyboard users get the focus on the first move when their turn comes; pointer users do not.
let keyboardMode = false;
addEventListener("keydown", (ev) => { if (ev.key === "Tab" || ev.key.length === 1 || ev.key === "Enter") keyboardMode = true; }, true);
addEventListener("pointerdown", () => { keyboardMode = false; }, true);
document.addEventListener("keydown", (ev) => {
  const t = ev.target;
  const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
  if (ev.key === "Escape") {
    document.dispatchEvent(new CustomEvent("cardboard:escape"));
    for (const d of $$("details.movegroup[open]", els.actions)) d.open = false;
    if (typing) t.blur();
    return;
  }
  if (typing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (/^[1-9]$/.test(ev.key)) {
    const b = $(`button.move[data-key="${ev.key}"]`, els.actions);
    if (b && !b.disabled) { ev.preventDefault(); b.click(); }
  } else if (ev.key === "z" || ev.key === "Z") {
    if (!els.undo.hidden) { ev.preventDefault(); undo(); }
  }
});

els.undo.addEventListener("click", undo);

// ------------------------------------------------------------------ undo: available, or greyed with the server's reason
function renderUndo(m, over) {
  const b = els.undo;
  b.hidden = m.seat === null || over;
  const why = m.can_undo ? "" : (m.undo && m.undo.why) || "";
  b.setAttribute("aria-disabled", String(!m.can_undo));
  b.classList.toggle("unavailable", !m.can_undo);
  // available: its words in a tooltip; unavailable: the reason in #undo-why (hover, focus, tap)
  if (m.can_undo) b.dataset.tip = "Take back your last move (Z)"; else delete b.dataset.tip;
  const tipEl = $("#undo-why");
  tipEl.textContent = why ? `Undo unavailable: ${why}` : "";
  if (!why) tipEl.hidden = true;
  b.disabled = busy;
}

function showUndoWhy(open) {
  const tipEl = $("#undo-why");
  tipEl.hidden = !(open && els.undo.getAttribute("aria-disabled") === "true" && tipEl.textContent);
}
els.undo.addEventListener("mouseenter", () => showUndoWhy(true));
els.undo.addEventListener("mouseleave", () => { if (document.activeElement !== els.undo) showUndoWhy(false); });
els.undo.addEventListener("focus", () => showUndoWhy(true));
els.undo.addEventListener("blur", () => showUndoWhy(false));
document.addEventListener("cardboard:escape", () => showUndoWhy(false));

// Leaving frees the seat for someone else (the game waits for them) and makes this page a spectator's.
$("#leave").addEventListener("click", async () => {
  if (!token || !window.confirm("Leave your seat? The game waits until someone takes it.")) return;
  try {
    await api(`/api/tables/${encodeURIComponent(TABLE_ID)}/leave`, {token});
  } catch (e) {
    notice(`Could not leave: ${e.message}`);
    return;
  }
  localStorage.removeItem(tokenKey(TABLE_ID));
  window.location.reload();
});

// ------------------------------------------------------------------ tooltips
// Every [data-tip] of the shell (status tools, panels, log, results) opens on hover, focus, tap or
// long-press; a game's board has its own (common.js `tip()`, or `tipsOn(root)` for its [data-tip]).
tipsOn(document.body, (el) => !!el.closest("#board"));

// ------------------------------------------------------------------ start
(async () => {
  if (!TABLE_ID) { setPrompt("No table id in the address."); return; }
  readFragment();
  try {
    const summary = await api(`/api/tables/${encodeURIComponent(TABLE_ID)}`);
    renderer = await loadRenderer(summary.game);
    document.title = `${summary.name} · cardboard`;
    const howto = $("#howto-button");  // the game's How-to-play panel (goal, turn, scoring, rules index)
    howto.addEventListener("click", () => openHowTo(summary.game, howto));
    howto.hidden = false;
  } catch (e) {
    setPrompt("There is no table here.");
    notice(`${e.message}. Go back to the lobby.`);
    return;
  }
  connect();
})();

// for tests and debugging: the last state message (what this page was sent, nothing more)
window.cardboardTable = {get state() { return msg; }, get busy() { return busy; }, get viewing() { return viewing; },
  get history() { return hist.lines; }};
