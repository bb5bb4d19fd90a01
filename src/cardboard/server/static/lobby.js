// The lobby: a card per game (/api/games) with its How-to-play panel, a form for a new table
// built from each game's options schema, and the list of tables with Join / Watch / Replay.
import {$, api, creatorKey, h, NAME_KEY, openHowTo, pretty, seatChip, seatMark, tip, tokenKey} from "/static/common.js";

const LEVELS = ["easy", "medium", "hard", "random"];
// what each level plays like, shown as the option's tooltip
const LEVEL_HINTS = {
  easy: "Looks one move ahead on the score",
  medium: "Plays by rules of thumb from the rulebook's strategy, at once",
  hard: "Searches about a second a move, starting from the rules of thumb",
  random: "Any legal move",
};
let games = [];
const els = {
  form: $("#create"), game: $("#game"), players: $("#players"), name: $("#name"), seats: $("#seats"),
  options: $("#options"), raw: $("#raw-options"), rawHint: $("#raw-hint"), rawBox: $("#raw-box"), seed: $("#seed"),
  error: $("#create-error"), tables: $("#tables"), cards: $("#games"), noTables: $("#no-tables"), tablesError: $("#tables-error"),
};
els.name.value = localStorage.getItem(NAME_KEY) || "";

// the clock: off by default; on, its time per decision, increment and the level of the bot that decides on a time-out
const clockEls = {on: $("#clock-on"), fields: $("#clock-fields"), time: $("#clock-time"), increment: $("#clock-increment"),
  level: $("#clock-level")};
if (clockEls.on) {
  clockEls.level.replaceChildren(...LEVELS.map((l) => h("option", {value: l}, pretty(l))));
  clockEls.level.value = "easy";
  const syncClock = () => { clockEls.fields.hidden = !clockEls.on.checked; };
  clockEls.on.addEventListener("change", syncClock);
  syncClock();
}

/** The clock the form asks for, or null (none); an Error naming the field when a number is missing. */
function collectClock() {
  if (!clockEls.on || !clockEls.on.checked) return null;
  const num = (el, what) => {
    const v = Number(el.value);
    if (el.value.trim() === "" || !Number.isFinite(v)) throw new Error(`the clock's ${what} must be a number of seconds`);
    return v;
  };
  return {time: num(clockEls.time, "time per decision"), increment: num(clockEls.increment, "increment"),
    level: clockEls.level.value};
}
els.name.addEventListener("change", () => localStorage.setItem(NAME_KEY, els.name.value.trim()));

const game = () => games.find((g) => g.id === els.game.value);

function fillPlayers() {
  const g = game();
  const keep = +els.players.value;
  els.players.replaceChildren(...Array.from({length: g.max_players - g.min_players + 1}, (_, k) => {
    const n = g.min_players + k;
    return h("option", {value: n}, `${n} player${n === 1 ? "" : "s"}`);
  }));
  const want = keep >= g.min_players && keep <= g.max_players ? keep : Math.max(g.min_players, Math.min(2, g.max_players));
  els.players.value = want;
  fillSeats();
}

function fillSeats() {
  const n = +els.players.value;
  const old = [...els.seats.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value, level: row.querySelector(".seat-level").value}));
  els.seats.replaceChildren(...Array.from({length: n}, (_, s) => {
    const prev = old[s] || {kind: s === 0 ? "human" : "bot", level: "easy"};
    const kind = h("select", {class: "seat-kind", id: `seat-${s}-kind`, name: `seat-${s}-kind`, "aria-label": `Seat ${s + 1}: who plays`},
      h("option", {value: "human"}, s === 0 ? "Human (you)" : "Human"), h("option", {value: "bot"}, "Bot"));
    kind.value = prev.kind;
    const level = h("select", {class: "seat-level", id: `seat-${s}-level`, name: `seat-${s}-level`, "aria-label": `Seat ${s + 1}: bot level`},
      LEVELS.map((l) => h("option", {value: l}, pretty(l))));
    level.value = prev.level;
    const help = tip(h("span", {}, LEVELS.map((l) => h("span", {class: "tip-line"}, h("b", {}, pretty(l)), `: ${LEVEL_HINTS[l]}`))),
      `Seat ${s + 1}: what the bot levels play like`);
    const sync = () => { level.hidden = help.hidden = kind.value !== "bot"; };
    kind.addEventListener("change", sync);
    sync();
    return h("div", {class: "seat-row", "data-seat": s}, seatChip(s, `Seat ${s + 1}`), kind, level, help);
  }));
  fillSeatOptions();
}

/** An integer option that names a seat (`*_player`, `*_seat`, or marked "seat": true in its
 *  schema) is a choice of the seats, labelled 1..n like everywhere else; its value stays 0-based. */
const isSeatOption = (key, p, t) => t.type === "integer" && (p.seat === true || /(^|_)(player|seat)$/.test(key));

function fillSeatOptions() {
  const n = +els.players.value;
  for (const sel of els.options.querySelectorAll("select[data-seat-option]")) {
    const keep = sel.value;
    const nullable = sel.dataset.nullable === "1";
    sel.replaceChildren(...(nullable ? [h("option", {value: ""}, "Random")] : []),
      ...Array.from({length: n}, (_, s) => h("option", {value: JSON.stringify(s)}, `${seatMark(s).glyph} Seat ${s + 1}`)));
    const def = JSON.parse(sel.dataset.default);
    sel.value = keep !== "" && +keep < n ? keep : def === null || def >= n ? (nullable ? "" : "0") : JSON.stringify(def);
  }
}

/** The JSON schema type of a property, with nullable anyOf unwrapped. */
function schemaType(p) {
  if (p.enum) return {type: "enum", values: p.enum, nullable: false};
  if (p.type) return {type: p.type, nullable: false};
  if (Array.isArray(p.anyOf)) {
    const types = p.anyOf.filter((x) => x.type !== "null");
    if (types.length === 1) {
      const t = schemaType(types[0]);
      return {...t, nullable: p.anyOf.length > types.length, sub: types[0]};
    }
  }
  return {type: "other"};
}

function fillOptions() {
  const g = game();
  const props = (g.options && g.options.properties) || {};
  const rows = [];
  const rest = [];
  for (const [key, p] of Object.entries(props)) {
    const t = schemaType(p);
    const id = `opt-${key}`;
    const title = p.title || pretty(key);
    const label = () => (p.description ? h("div", {class: "opt-label"}, h("label", {for: id}, title), tip(p.description, `About ${title}`))
      : h("label", {for: id}, title));
    if (isSeatOption(key, p, t)) {
      rows.push(label(), h("select", {id, "data-option": key, "data-seat-option": "1", "data-nullable": t.nullable ? "1" : "",
        "data-default": JSON.stringify(p.default ?? null)}));
    } else if (t.type === "enum") {
      const sel = h("select", {id, "data-option": key, "data-default": JSON.stringify(p.default ?? null)},
        t.nullable ? h("option", {value: ""}, "(default)") : null,
        t.values.map((v) => h("option", {value: JSON.stringify(v)}, pretty(v))));
      if (p.default !== undefined && p.default !== null) sel.value = JSON.stringify(p.default);
      rows.push(label(), sel);
    } else if (t.type === "boolean" && !t.nullable) {
      const box = h("input", {id, type: "checkbox", "data-option": key, "data-default": JSON.stringify(!!p.default)});
      box.checked = !!p.default;
      rows.push(label(), h("div", {}, box));
    } else if (t.type === "integer") {
      const s = t.sub || p;
      const inp = h("input", {id, type: "number", step: 1, "data-option": key, "data-integer": "1",
        "data-default": JSON.stringify(p.default ?? null), min: s.minimum ?? p.minimum, max: s.maximum ?? p.maximum,
        placeholder: p.default === null || p.default === undefined ? "default" : String(p.default)});
      if (p.default !== null && p.default !== undefined) inp.value = p.default;
      rows.push(label(), inp);
    } else {
      rest.push(`${key} (${title}${p.default !== undefined ? `, default ${JSON.stringify(p.default)}` : ""})`);
    }
  }
  els.options.replaceChildren(...(rows.length ? rows : [h("span", {class: "muted"}, "No simple options.")]));
  els.rawBox.hidden = !rest.length;
  els.rawHint.textContent = rest.length ? `Set these as a JSON object, e.g. {"${rest[0].split(" ")[0]}": …}: ${rest.join("; ")}.` : "";
  els.raw.value = "{}";
  fillSeatOptions();
}

function collectOptions() {
  const out = {};
  for (const el of els.options.querySelectorAll("[data-option]")) {
    const key = el.dataset.option;
    const def = JSON.parse(el.dataset.default);
    let v;
    if (el.type === "checkbox") v = el.checked;
    else if (el.dataset.integer) {
      if (el.value.trim() === "") continue;
      v = Number(el.value);
      if (!Number.isInteger(v)) throw new Error(`${key} must be a whole number`);
    } else {
      if (el.value === "") continue;
      v = JSON.parse(el.value);
    }
    if (JSON.stringify(v) !== JSON.stringify(def)) out[key] = v;
  }
  if (!els.rawBox.hidden && els.raw.value.trim()) {
    let extra;
    try { extra = JSON.parse(els.raw.value); } catch (e) { throw new Error(`Other options: not JSON (${e.message})`); }
    if (!extra || typeof extra !== "object" || Array.isArray(extra)) throw new Error("Other options must be a JSON object");
    Object.assign(out, extra);
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  els.error.textContent = "";
  const button = $("#create-button");
  button.disabled = true;
  try {
    const seats = [...els.seats.querySelectorAll(".seat-row")].map((row) => {
      const kind = row.querySelector(".seat-kind").value;
      return kind === "bot" ? {kind, level: row.querySelector(".seat-level").value} : {kind};
    });
    const body = {game: els.game.value, players: +els.players.value, seats, options: collectOptions()};
    const clock = collectClock();
    if (clock) body.clock = clock;
    if (els.seed.value.trim() !== "") body.seed = Number(els.seed.value);
    const name = els.name.value.trim();
    localStorage.setItem(NAME_KEY, name);
    const t = await api("/api/tables", body);
    localStorage.setItem(creatorKey(t.id), t.creator_token);  // invitations to seats left mid-game
    if (seats.some((s) => s.kind === "human")) {
      const r = await api(`/api/tables/${encodeURIComponent(t.id)}/join`, {name});
      localStorage.setItem(tokenKey(t.id), r.token);
    }
    location.href = `/table/${encodeURIComponent(t.id)}`;
  } catch (e) {
    els.error.textContent = `Could not create the table: ${e.message}`;
    button.disabled = false;
  }
}

async function join(t, seat) {
  els.tablesError.textContent = "";
  try {
    const name = els.name.value.trim();
    localStorage.setItem(NAME_KEY, name);
    const r = await api(`/api/tables/${encodeURIComponent(t.id)}/join`, seat === undefined ? {name} : {name, seat});
    localStorage.setItem(tokenKey(t.id), r.token);
    location.href = `/table/${encodeURIComponent(t.id)}`;
  } catch (e) {
    els.tablesError.textContent = `Could not join: ${e.message}`;
    refresh();
  }
}

function tableRow(t) {
  const mine = !!localStorage.getItem(tokenKey(t.id));
  const free = t.seats.filter((s) => s.kind === "human" && !s.taken);
  const seats = h("div", {class: "seat-list"}, t.seats.map((s) => seatChip(s.seat,
    s.kind === "bot" ? `${s.name || "Bot"}` : s.taken ? (s.name || `Player ${s.seat + 1}`) : `Seat ${s.seat + 1}: free`)));
  const actions = [];
  if (mine && t.status !== "over") actions.push(h("a", {class: "button primary", href: `/table/${encodeURIComponent(t.id)}`}, "Resume"));
  if (!mine && t.status === "open" && free.length) {
    actions.push(h("button", {type: "button", class: "primary join", "data-table": t.id, onclick: () => join(t)}, "Join"));
  }
  if (t.status !== "over" && !mine) actions.push(h("a", {class: "button watch", href: `/table/${encodeURIComponent(t.id)}`}, "Watch"));
  if (t.status === "over") {
    actions.push(h("a", {class: "button", href: `/table/${encodeURIComponent(t.id)}`}, "Scores"));
    actions.push(h("a", {class: "button replay", href: `/replay/${encodeURIComponent(t.id)}`}, "Replay"));
  }
  const status = {open: "Open: waiting for players", running: "Running", over: "Over"}[t.status] || t.status;
  return h("tr", {"data-table": t.id, "data-game": t.game, "data-status": t.status},
    h("td", {}, h("b", {}, t.name), h("div", {class: "hint"}, `table ${t.id}`,
      t.clock ? h("span", {class: "table-clock"}, ` · clock ${t.clock.time / 1000} s + ${t.clock.increment / 1000} s`) : null)),
    h("td", {}, h("span", {class: `status-badge status-${t.status}`}, status)),
    h("td", {}, seats),
    h("td", {class: "moves"}, t.moves === null || t.moves === undefined ? "" : `${t.moves} move${t.moves === 1 ? "" : "s"}`),
    h("td", {class: "actions"}, actions));
}

/** A card per game: its players, length and one line, a How-to-play link and a New table button. */
function renderCards() {
  els.cards.replaceChildren(...games.map((g) => {
    const players = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players}–${g.max_players}`;
    const howto = h("a", {class: "button howto-open", href: `#howto=${encodeURIComponent(g.id)}`, "data-game": g.id,
      onclick: (ev) => { ev.preventDefault(); openHowTo(g.id, ev.currentTarget); }},
    "How to play", h("span", {class: "sr-only"}, ` ${g.name}`));
    const play = h("button", {type: "button", class: "primary play", "data-game": g.id, onclick: () => {
      els.game.value = g.id;
      fillPlayers();
      fillOptions();
      $("#create").scrollIntoView({block: "start"});
      els.game.focus({preventScroll: true});
    }}, "New table", h("span", {class: "sr-only"}, ` of ${g.name}`));
    return h("li", {class: "game-card", "data-game": g.id},
      h("h3", {}, g.name),
      h("p", {class: "game-facts"},
        h("span", {class: "game-players"}, `${players} player${g.max_players === 1 ? "" : "s"}`),
        g.playing_time ? h("span", {class: "game-time"}, g.playing_time) : null),
      g.summary ? h("p", {class: "game-summary"}, g.summary) : null,
      h("div", {class: "game-buttons"}, howto, play));
  }));
}

async function refresh() {
  try {
    const list = await api("/api/tables");
    els.tables.replaceChildren(...list.map(tableRow));
    els.noTables.hidden = list.length > 0;
    els.tablesError.textContent = "";
  } catch (e) {
    els.tablesError.textContent = `Could not list the tables: ${e.message}`;
  }
}

(async () => {
  try {
    games = await api("/api/games");
  } catch (e) {
    els.error.textContent = `Could not load the games: ${e.message}`;
    return;
  }
  renderCards();
  $("#game-howto").addEventListener("click", (ev) => openHowTo(els.game.value, ev.currentTarget));
  // a link to a game's panel (#howto=<id>) opens it, on arrival or later
  const followHash = () => {
    const asked = /^#howto=(.+)$/.exec(location.hash);
    const id = asked ? decodeURIComponent(asked[1]) : null;
    if (id && games.some((g) => g.id === id)) openHowTo(id);
  };
  addEventListener("hashchange", followHash);
  followHash();
  els.game.replaceChildren(...games.map((g) => h("option", {value: g.id}, `${g.name} (${g.min_players}–${g.max_players} players)`)));
  els.game.addEventListener("change", () => { fillPlayers(); fillOptions(); });
  els.players.addEventListener("change", fillSeats);
  els.form.addEventListener("submit", create);
  fillPlayers();
  fillOptions();
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, 4000);
})();
