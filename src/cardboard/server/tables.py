"""Tables in play: the lobby's operations, seats and credentials, moves, bots and undo.

A `LiveTable` holds the state rebuilt from the store's log; every change goes to the store
first (one transaction) and is broadcast after. Everything a client receives is built from
`view(seat)` (or `view(None)` for spectators), so no message can hold what its reader may not
see. A change builds each viewpoint's message once and puts the text in the outbox of every
socket of that viewpoint: nothing here ever waits for a socket.
"""
from __future__ import annotations

import asyncio
import difflib
import hashlib
import heapq
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

import cardboard
from cardboard.engine import Action, ConfigError, IllegalAction, State, game_class, list_games
from cardboard.engine.rng import derive_seed

from . import clocks
from .bots import BotPool, Job, UndoJob, check_level, executor, reveal_reason, reveals, undo_reason
from .settings import ServerSettings
from .store import SeatRecord, Store, StoreConflict, TableRecord

log = logging.getLogger("cardboard.server")

SEED_LIMIT = 1 << 63  # a seed is an integer in [0, 2^63)

# Why undo is unavailable: a code for programs and words for people (each state message's `undo`).
UNDO_WHY = {
    "spectator": "spectators have no move to take back",
    "waiting": "the game has not started",
    "over": "the game is over",
    "others": "another person plays at this table",
    "nothing": "you have no move to take back yet",
    "checking": "the undo check is still running",
    "roll": "no undo after a roll: your move drew chance",
    "shown": "your move showed you something new",
    "bot_chance": "a bot's move drew chance (a roll or a card)",
    "bot_shown": "a bot's move showed something new",
}
HISTORY_CATCH_UP = 64  # a state message brings its viewpoint's history up to date by at most this many moves
HISTORY_INLINE = 8     # a viewpoint with no history yet: built in the picture only this near the start, else in a thread
AT_CACHE = 32          # past views kept per table ("Viewing move k/n")


def log_lines_of(view: Any) -> list[str] | None:
    """The view's log in words, if it has one (a list of strings)."""
    lines = view.get("log") if isinstance(view, dict) else None
    if isinstance(lines, list) and all(isinstance(x, str) for x in lines):
        return lines
    return None


def new_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines `after` adds to `before`, where each is a view's log that may keep only its newest
    lines: the shortest tail of `after` whose removal leaves a tail of `before` (the usual case,
    found from one new line up); if none does (lines inserted mid-log, as when hidden lines are
    shown at the end of a phase), every line of `after` not matched in `before`, in order."""
    if not before:
        return list(after)
    for k in range(min(len(after), len(before)), 0, -1):
        if after[:k] == before[len(before) - k:]:
            return after[k:]
    out = []
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag in ("insert", "replace"):
            out.extend(after[j1:j2])
    return out


class History:
    """One viewpoint's whole log: (moves played when the line appeared, line) for every line its
    views ever showed, as of `n` moves, with the state after them (never mutated: every state
    the table had is replaced, not changed) and the view's log then."""

    __slots__ = ("n", "state", "last", "entries")

    def __init__(self, n: int, state: State, last: list[str] | None, entries: list):
        self.n, self.state, self.last, self.entries = n, state, last, entries

    def copy(self) -> "History":
        return History(self.n, self.state, self.last, list(self.entries))

    def extend(self, seat: int | None, log: list[dict], upto: int, view_now: Any = None) -> None:
        """Play the moves from `n` to `upto` (of `log`, the table's) on a copy and record the lines
        each showed this viewpoint; `view_now` is the view after `upto` when the caller has it."""
        state = self.state
        for i in range(self.n, upto):
            nxt = state.clone()
            nxt.apply_json(log[i]["move"])
            view = view_now if i == upto - 1 and view_now is not None else nxt.view(seat)
            note = clocks.timeout_line(log[i], seat)
            if note:
                self.entries.append((i + 1, note))
            self.add(i + 1, log[i]["seat"], log_lines_of(view))
            state = nxt
        self.state = state
        self.n = upto

    def add(self, n: int, mover: int | None, lines: list[str] | None) -> None:
        if lines is None:  # a game whose view has no log: the move and its seat (public) only
            self.entries.append((n, f"seat {mover}: move {n}"))
            return
        self.entries.extend((n, t) for t in new_lines(self.last or [], lines))
        self.last = lines

    @classmethod
    def start(cls, state: State, seat: int | None) -> "History":
        """At the set-up (`state`: no move played)."""
        lines = log_lines_of(state.view(seat))
        return cls(0, state, lines, [(0, t) for t in lines or []])


class TableError(Exception):
    """A request the lobby or table refuses: `code` for programs, the message for people."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def dumps(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"))


GONE = "the client went away"


class Subscriber:
    """One open socket: its viewpoint and its outbox. A state message is a whole picture, so a
    pending one is replaced by a newer one; other messages (errors, pongs) queue in order. An
    outbox holding more than `bound` messages drops the socket (its reader fell behind)."""

    __slots__ = ("seat", "address", "bound", "queue", "wake", "dropped")

    def __init__(self, seat: int | None, address: str = "", bound: int = 16):
        self.seat = seat
        self.address = address
        self.bound = bound
        self.queue: deque[tuple[str, bool]] = deque()
        self.wake = asyncio.Event()
        self.dropped: str | None = None

    def push(self, text: str, state: bool = False) -> None:
        if self.dropped:
            return
        q = self.queue
        if state and q and q[-1][1]:
            q[-1] = (text, True)
        else:
            q.append((text, state))
            if len(q) > self.bound:
                self.drop(f"more than {self.bound} messages waited for it")
                return
        self.wake.set()

    def drop(self, why: str) -> None:
        if not self.dropped:
            self.dropped = why
            self.queue.clear()
        self.wake.set()

    async def pump(self, send, timeout: float) -> str:
        """Send the outbox in order until the socket is dropped; returns why it was. A send the
        transport takes at once completes in this turn of the loop (a timeout scope, not a task
        per send: wait_for would cost a task and two turns of the loop a message)."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.queue and not self.dropped:
                text, _ = self.queue.popleft()
                try:
                    async with asyncio.timeout(timeout):
                        await send(text)
                except TimeoutError:
                    self.drop(f"a send took more than {timeout:g} s")
                except Exception:  # the client went away meanwhile: nothing to tell it
                    self.drop(GONE)
            if self.dropped:
                return self.dropped


@dataclass
class LiveTable:
    rec: TableRecord
    state: State
    log: list[dict]  # {"move": json, "seat": s, "label": ...} per move, as stored
    texts: list[str] = field(default_factory=list)  # each logged move's JSON (a bot job's log)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    bot_task: asyncio.Task | None = None
    version: int = 0  # bumped by every change: a bot's decision made on an older version is thought again
    cache: dict = field(default_factory=dict)  # viewpoint -> (version, message text)
    used: float = field(default_factory=time.monotonic)
    # The undo check, kept up to date move by move instead of replaying the game per message:
    # (k, state before move k, log length checked, state after the checked moves, nothing revealed)
    undo_scan: tuple[int, State, int, State, bool] | None = None
    undo_known: tuple[int, int | None] | None = None  # (version, undo point or None) found by a worker
    undo_task: asyncio.Task | None = None
    scan_why: str | None = None  # the reason code the inline scan (undo_scan) found undo refused for
    undo_why: tuple[int, str] | None = None  # (version, reason code) a worker found undo refused for
    history: dict = field(default_factory=dict)  # viewpoint -> History (the whole log, as it saw it)
    history_building: dict = field(default_factory=dict)  # viewpoint -> the task building its History off the loop
    past: OrderedDict = field(default_factory=OrderedDict)  # (viewpoint, n) -> a past view (bounded)
    undos: int = 0  # bumped by every undo: work begun before one is not kept
    clock_task: asyncio.Task | None = None  # a clock that waited at zero starting again (someone came back)

    def changed(self) -> None:
        self.version += 1
        self.cache.clear()


class TableService:
    """The lobby and the tables, within the limits of `settings`."""

    def __init__(self, store: Store, settings: ServerSettings | None = None, bot_delay: float | None = None,
                 clock=None):
        settings = settings or ServerSettings()
        if bot_delay is not None:
            settings = settings.model_copy(update={"bot_delay": bot_delay})
        self.settings = settings
        self.store = store
        self.bot_delay = settings.bot_delay
        self.bots = BotPool(settings.bot_workers, settings.bot_pool, settings.worker_nice)
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        self.sockets: dict[str, int] = {}           # open websockets per client address
        self._created: dict[str, deque] = {}         # creation times per client address (the quota)
        self._sweeper: asyncio.Task | None = None
        # clocks: the wall clock (injectable for tests), and one scheduler for every table's deadline
        self.now = clock or time.time
        self._armed: dict[str, float] = {}                # table id -> its stored deadline
        self._clock_heap: list[tuple[float, str]] = []    # (deadline, table id); stale entries skipped
        self._clock_wake: asyncio.Event | None = None
        self._clock_loop_task: asyncio.Task | None = None
        self._timeouts: set[asyncio.Task] = set()         # time-outs being decided

    async def _write(self, fn, *args):
        """A store write off the event loop (callers hold the table's lock: per-table order)."""
        return await asyncio.to_thread(fn, *args)

    # ------------------------------------------------------------------ lobby
    _games: dict = {}

    @classmethod
    def games(cls) -> list[dict]:
        """Every registered game with its options' JSON schema (built once per set of games)."""
        key = tuple(list_games())
        hit = cls._games.get(key)
        if hit is None:
            hit = cls._games[key] = cls._describe(key)
        return hit

    @staticmethod
    def _describe(ids) -> list[dict]:
        out = []
        for gid in ids:
            cls = game_class(gid)
            doc = {"id": gid, "name": cls.name, "min_players": cls.min_players, "max_players": cls.max_players}
            opts = getattr(cls, "options_model", None)
            if opts is not None:
                doc["options"] = opts.model_json_schema()
            out.append(doc)
        return out

    def _record(self, game: str, players: int, options: dict | None, seats: list[dict],
                seed: int | None = None, previous: str | None = None, clock: Any = None) -> TableRecord:
        """A new table's record, checked (nothing stored)."""
        if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
            raise TableError("bad_table", f"a seed is an integer from 0 to 2^63 - 1, not {seed!r}")
        if not isinstance(seats, list) or len(seats) != players:
            raise TableError("bad_table", f"{players} players need {players} seats, not "
                                          f"{len(seats) if isinstance(seats, list) else seats!r}")
        humans = sum(1 for s in seats if isinstance(s, dict) and s.get("kind") == "human")
        if seed is not None and humans > 1:
            raise TableError("seed", "a seed may be chosen only at a table with one human seat (it would show "
                                     "the cards to whoever chose it): leave it out and the server deals")
        try:
            g = cardboard.load_game(game, players=players, seed=seed, options=options or {})
        except ConfigError as exc:
            raise TableError("bad_table", str(exc)) from None
        records = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind") if isinstance(seat, dict) else None
            if kind == "bot":
                level = seat.get("level") or "medium"
                try:
                    check_level(level, self.settings.max_bot_seconds)
                except ConfigError as exc:
                    raise TableError("bad_table", f"seat {i}: {exc}") from None
                records.append(SeatRecord("bot", level=level, name=f"Bot {i + 1} ({level})"))
            elif kind == "human":
                records.append(SeatRecord("human"))
            else:
                raise TableError("bad_table", f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
        s = self.settings
        try:
            table_clock = clocks.check_clock(clock, [r.kind for r in records], s.clock_min_time, s.clock_max_time,
                                             s.clock_max_increment, s.max_bot_seconds)
        except ConfigError as exc:
            raise TableError("bad_clock", str(exc)) from None
        rec = TableRecord(id=secrets.token_urlsafe(6), game=game, players=players, seed=g.seed,
                          options=g.options_json(), seats=records, previous=previous,
                          seed_chosen=seed is not None, clock=table_clock)
        rec.status = self._status(rec, None)
        return rec

    def _quota(self, address: str) -> None:
        now = time.monotonic()
        times = self._created.setdefault(address, deque())
        while times and now - times[0] > 3600:
            times.popleft()
        if len(times) >= self.settings.tables_per_hour:
            raise TableError("quota", f"at most {self.settings.tables_per_hour} new tables an hour from one "
                                      "address: join an open table or try later", 429)
        times.append(now)

    async def create(self, game: str, players: int, options: dict | None, seats: list[dict],
                     seed: int | None = None, address: str = "", clock: Any = None) -> tuple[TableRecord, str]:
        """A new table and its creator's credential (it invites people to seats left mid-game);
        `clock` ({time, increment, level}, seconds) gives it a clock (clocks.py)."""
        rec = self._record(game, players, options, seats, seed, clock=clock)
        self._quota(address)
        creator = secrets.token_urlsafe(24)
        rec.creator_hash = token_hash(creator)
        await self._write(self.store.create, rec)
        return rec, creator

    def tables(self, limit: int | None = None, before: float | None = None) -> list[dict]:
        limit = min(limit or self.settings.page_size, self.settings.page_size)
        recs = self.store.list(limit, before)
        counts = getattr(self.store, "move_counts", None)
        counts = counts([r.id for r in recs if r.id not in self.live]) if counts else None
        return [self.summary(rec, None if counts is None else counts.get(rec.id, 0)) for rec in recs]

    def record(self, table_id: str) -> TableRecord:
        rec = self.live[table_id].rec if table_id in self.live else self.store.get(table_id)
        if rec is None:
            raise TableError("no_table", f"no table '{table_id}'", 404)
        return rec

    def table(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the store's log on first use (after a restart or an
        eviction too)."""
        live = self.live.get(table_id)
        if live is not None:
            live.used = time.monotonic()
            self.live.move_to_end(table_id)
            return live
        rec = self.record(table_id)
        game = cardboard.load_game(rec.game, players=rec.players, seed=rec.seed, options=rec.options)
        log_ = self.store.moves(table_id)
        state = game.replay([entry["move"] for entry in log_])
        live = self.live[table_id] = LiveTable(rec, state, log_, [dumps(e["move"]) for e in log_])
        self.evict()
        return live

    def evict(self) -> int:
        """Forget live tables nobody uses: the least recently used beyond `live_tables`, and any
        idle for `idle_table_seconds`. A table with a socket, a bot thinking or a change under
        way stays. Returns how many left memory."""
        now = time.monotonic()
        gone = 0
        for tid, live in list(self.live.items())[:-1]:  # least recently used first; never the one in use now
            over = len(self.live) > self.settings.live_tables
            idle = now - live.used >= self.settings.idle_table_seconds
            if not over and not idle:
                break
            busy = live.subscribers or live.lock.locked() or any(
                t is not None and not t.done() for t in (live.bot_task, live.undo_task))
            if not busy:
                del self.live[tid]
                gone += 1
        for address in [a for a, t in self._created.items() if not t or time.monotonic() - t[-1] > 3600]:
            del self._created[address]
        return gone

    def start(self) -> None:
        """Begin the periodic eviction and the clocks' scheduler, re-armed from the store's deadlines
        (call from the running event loop)."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if self._clock_loop_task is None:
            for table_id, deadline in self.store.deadlines():
                self._arm_at(table_id, deadline)
            self._clock_wake = asyncio.Event()
            self._clock_loop_task = asyncio.get_running_loop().create_task(self._clock_loop())

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, self.settings.idle_table_seconds / 2))
            try:
                self.evict()
            except Exception as exc:  # pragma: no cover - never expected
                log.error("eviction failed: %s: %s", type(exc).__name__, exc)

    def summary(self, rec: TableRecord, moves: int | None = None) -> dict:
        """A table for the lobby and every picture (`moves`: its count when the caller knows it)."""
        live = self.live.get(rec.id)
        state = live.state if live else None
        if live is not None:
            moves = len(live.log)
        elif moves is None:
            moves = self.store.move_count(rec.id)
        return {
            "id": rec.id, "game": rec.game, "name": game_class(rec.game).name, "players": rec.players,
            "status": rec.status, "created": rec.created, "previous": rec.previous, "next": rec.next,
            "moves": moves,
            "to_move": state.current_player if state is not None else None,
            # a seed the creator chose is everyone's to know; the server's own shows once the game is over
            "seed": rec.seed if rec.seed_chosen or rec.status == "over" else None,
            "seed_chosen": rec.seed_chosen,
            "clock": clocks.settings_of(rec.clock),
            "seats": [{"seat": i, "kind": s.kind, "level": s.level, "name": s.name, "left": s.left,
                       "taken": s.kind == "bot" or s.token_hash is not None} for i, s in enumerate(rec.seats)],
        }

    @staticmethod
    def _status(rec: TableRecord, state: State | None) -> str:
        if state is not None and state.is_terminal():
            return "over"
        if any(s.kind == "human" and (s.token_hash is None or s.left) for s in rec.seats):
            return "open"
        return "running"

    def seat_of(self, rec: TableRecord, token: str | None) -> int | None:
        """The seat a credential opens; None for no credential (a spectator)."""
        if not token:
            return None
        h = token_hash(token)
        for i, s in enumerate(rec.seats):
            if s.token_hash and hmac.compare_digest(s.token_hash, h):
                return i
        raise TableError("auth", "this credential opens no seat at this table", 403)

    async def join(self, table_id: str, name: str, seat: int | None = None, token: str | None = None,
                   invite: str | None = None) -> tuple[int, str]:
        """Take a free seat; or, with `token`, come back to the seat one left; or, with `invite`,
        take the seat the table's creator invited to."""
        live = self.table(table_id)
        async with live.lock:
            rec = live.rec
            if token:
                seat = self.seat_of(rec, token)
                rec.seats[seat].left = False
                if name:
                    rec.seats[seat].name = name[:40]
            elif invite:
                h = token_hash(invite)
                match = [i for i, s in enumerate(rec.seats) if s.invite_hash and hmac.compare_digest(s.invite_hash, h)]
                if not match or (seat is not None and seat != match[0]):
                    raise TableError("auth", "this invitation opens no seat at this table", 403)
                seat = match[0]
                token = secrets.token_urlsafe(24)
                s = rec.seats[seat]
                s.token_hash, s.invite_hash, s.left = token_hash(token), None, False
                s.name = (name or f"Player {seat + 1}")[:40]
            else:
                free = [i for i, s in enumerate(rec.seats) if s.kind == "human" and s.token_hash is None]
                if seat is None:
                    if not free:
                        raise TableError("full", "no free seat at this table", 409)
                    seat = free[0]
                elif seat not in free:
                    if 0 <= seat < len(rec.seats) and rec.seats[seat].left:
                        raise TableError("reserved", f"seat {seat} is kept for the player who left it: it opens to "
                                                     "their credential or to the table creator's invitation", 409)
                    raise TableError("taken", f"seat {seat} is not a free human seat", 409)
                token = secrets.token_urlsafe(24)
                rec.seats[seat].token_hash = token_hash(token)
                rec.seats[seat].name = (name or f"Player {seat + 1}")[:40]
            rec.status = self._status(rec, live.state)
            self._clock_follow(live)
            await self._write(self.store.update, rec)
            self._arm(rec)
            live.changed()
        self._changed(live)
        return seat, token

    async def invite(self, table_id: str, creator: str, seat: int) -> str:
        """A one-time code for `seat` (a human seat free or left mid-game), for the table's creator
        to hand to someone: it replaces the leaver's credential when used."""
        live = self.table(table_id)
        async with live.lock:
            rec = live.rec
            if not creator or not rec.creator_hash or not hmac.compare_digest(rec.creator_hash, token_hash(creator)):
                raise TableError("auth", "only the table's creator (with the credential the table was created "
                                         "with) invites to a seat", 403)
            if not 0 <= seat < len(rec.seats) or rec.seats[seat].kind != "human":
                raise TableError("bad_request", f"seat {seat} is not a human seat of this table", 422)
            s = rec.seats[seat]
            if s.token_hash is not None and not s.left:
                raise TableError("taken", f"seat {seat} has its player", 409)
            code = secrets.token_urlsafe(24)
            s.invite_hash = token_hash(code)
            await self._write(self.store.update, rec)
        return code

    async def leave(self, table_id: str, token: str) -> None:
        """Give up a seat. Before the game starts it is free again; once it has started, it is kept
        for the leaver's credential (or the creator's invitation): whoever takes it sees its hand."""
        live = self.table(table_id)
        async with live.lock:
            rec = live.rec
            seat = self.seat_of(rec, token)
            if seat is None:
                raise TableError("auth", "leaving needs the seat's credential", 403)
            s = rec.seats[seat]
            started = rec.status != "open" or bool(live.log)
            if started and not live.state.is_terminal():
                s.left = True
            else:
                s.token_hash, s.name, s.left = None, None, False
            rec.status = self._status(rec, live.state)
            self._clock_follow(live)
            await self._write(self.store.update, rec)
            self._arm(rec)
            live.changed()
            for sub in live.subscribers:
                if sub.seat == seat:
                    sub.drop("its seat was left")
        self._changed(live)

    async def again(self, table_id: str, token: str | None) -> TableRecord:
        """A rematch with the same game, options and seats, once the game is over; its humans keep
        their credentials. One rematch however many ask; the dealing is the server's."""
        live = self.table(table_id)
        async with live.lock:
            rec = live.rec
            if self.seat_of(rec, token) is None:
                raise TableError("auth", "a rematch is asked for by a seated player", 403)
            if not live.state.is_terminal():
                raise TableError("running", "a rematch is asked for once the game is over", 409)
            if rec.next:
                return self.record(rec.next)
            new = self._record(rec.game, rec.players, rec.options,
                               [{"kind": s.kind, "level": s.level} for s in rec.seats], previous=rec.id)
            new.creator_hash = rec.creator_hash
            new.clock = clocks.fresh(rec.clock) if rec.clock is not None else None
            for old, seat in zip(rec.seats, new.seats):
                if old.kind == "human" and not old.left:
                    seat.token_hash, seat.name = old.token_hash, old.name
            new.status = self._status(new, None)
            rec.next = await self._write(self.store.rematch, rec.id, new)
            live.changed()
        self._changed(live)
        return self.record(rec.next)

    # ------------------------------------------------------------------ play
    async def play(self, table_id: str, token: str | None, move: Any, n: Any) -> None:
        live = self.table(table_id)
        async with live.lock:
            seat = self.seat_of(live.rec, token)
            self._check_turn(live, seat, n)
            await self._apply(live, move, seat)
        self._changed(live)

    def why(self, table_id: str, token: str | None, move: Any) -> str | None:
        """Why `move` (a JSON move) would be refused now, in the very words a refusal of it would
        carry (the turn checks, the engine's shape checks, then the game's `_why_illegal_json`),
        or None if it is legal now. It reasons on the seat's own state, as sending the move would:
        it tells nothing the seat would not be told. Nothing changes."""
        live = self.table(table_id)
        seat = self.seat_of(live.rec, token)
        if seat is None:
            return "you are watching: spectators have no moves (join a seat to play)"
        state = live.state
        try:
            self._check_turn(live, seat, len(live.log))
        except TableError as exc:
            return str(exc)
        if not isinstance(move, dict):
            return "a move is a JSON object with a 'kind'"
        key = Action.key_of_json(move)
        if key is not None and any(a.json_key() == key for a in state.legal_actions()):
            return None
        try:
            state.clone().apply_json(move)  # refused before it changes anything (the clone, even)
        except IllegalAction as exc:
            return str(exc)
        return None

    def _check_turn(self, live: LiveTable, seat: int | None, n: Any) -> None:
        state = live.state
        if seat is None:
            raise TableError("auth", "spectators cannot move: join a seat first", 403)
        if state.is_terminal():
            raise TableError("over", "the game is over: no move can be made", 409)
        if live.rec.status != "running":
            raise TableError("waiting", "the game goes on when every seat is taken", 409)
        if type(n) is not int or n != len(live.log):
            shown = n if type(n) is int and abs(n) < 10**9 else "?"
            raise TableError("stale", f"stale move: it was made at move {shown}, the game is at move {len(live.log)}", 409)
        if state.current_player != seat:
            raise TableError("not_your_turn", f"it is seat {state.current_player}'s decision, not seat {seat}'s", 409)

    async def _apply(self, live: LiveTable, move: Any, seat: int, timeout: dict | None = None) -> None:
        """Try the move on a copy, store it (with the status it leads to, and the clock), then make
        it live: a refused move changes nothing. `timeout`: a bot decided for the seat, whose clock
        ran out ({name, level}: the log says so)."""
        if not isinstance(move, dict):
            raise TableError("bad_message", "a move is a JSON object with a 'kind'")
        trial = live.state.clone()
        try:
            action = trial.apply_json(move)
        except IllegalAction as exc:
            raise TableError("illegal", str(exc)) from None
        entry = {"move": action.to_json(), "seat": seat, "label": str(action)}
        if timeout:
            entry["timeout"] = timeout
        status = "over" if trial.is_terminal() else None
        rec = live.rec
        clock = None
        if rec.clock is not None:
            clock = clocks.advance(rec.clock, rec.deadline, self.now(), seat,
                                   self._decider(rec, trial, status or rec.status))
        try:
            await self._write(self.store.append_move, live.rec.id, len(live.log), entry, status, clock)
        except StoreConflict as exc:
            raise TableError("stale", str(exc), 409) from None
        if live.rec.seats[seat].kind == "human":  # a possible undo point: keep the state before it
            live.undo_scan = (len(live.log), live.state, len(live.log), live.state, True)
        live.state = trial
        live.log.append(entry)
        live.texts.append(dumps(entry["move"]))
        if status:
            live.rec.status = status
        if clock is not None:
            rec.clock, rec.deadline = clock
            self._arm(rec)
        live.changed()

    def _undo_candidate(self, live: LiveTable, seat: int | None) -> int | None:
        """The log length an undo would go back to, before asking whether anything was revealed:
        this seat's last move, at a running table with no other human seat."""
        return self._undo_blocked(live, seat)[0]

    @staticmethod
    def _undo_blocked(live: LiveTable, seat: int | None) -> tuple[int | None, str | None]:
        """(the candidate, None), or (None, the reason code of UNDO_WHY there is none)."""
        rec = live.rec
        if seat is None:
            return None, "spectator"
        if live.state.is_terminal():
            return None, "over"
        if rec.status != "running":
            return None, "waiting"
        if any(s.kind == "human" and i != seat for i, s in enumerate(rec.seats)):
            return None, "others"
        for i in range(len(live.log) - 1, -1, -1):
            if live.log[i]["seat"] == seat:
                return i, None
        return None, "nothing"

    def undo_status(self, live: LiveTable, seat: int | None, compute: bool = True) -> tuple[int | None, str | None]:
        """(the undo point, None) or (None, why not: a code of UNDO_WHY), as `undo_point` finds it."""
        k, why = self._undo_blocked(live, seat)
        if k is None:
            return None, why
        point = self.undo_point(live, seat, compute)
        if point is not None:
            return point, None
        known = live.undo_known
        if known is not None and known[0] == live.version:
            w = live.undo_why
            return None, w[1] if w is not None and w[0] == live.version else "shown"
        scan = live.undo_scan
        if compute or (scan is not None and scan[0] == k and scan[2] == len(live.log) and not scan[4]):
            return None, live.scan_why or "shown"
        # chance drawn needs no worker: the state before the seat's move, that move played, and now
        if scan is not None and scan[0] == k:
            before = scan[1]
            if before.rng.state != live.state.rng.state:
                after = before.clone()
                after.apply_json(live.log[k]["move"])
                return None, reveal_reason(before, after, True) if after.rng.state != before.rng.state \
                    else "bot_chance"
        return None, "checking"

    def undo_point(self, live: LiveTable, seat: int | None, compute: bool = True) -> int | None:
        """[server] Undo is for a table with no other human seat: it takes back this seat's last
        move and the bots' moves after it, unless any of them showed the seat something new
        (chance drawn, a reveal, a card drawn: see `reveals`). Returns the log length to go back
        to, or None. With `compute` False, only what a worker already found for this version
        (the state messages' `can_undo`, off the event loop); with True, checked here if need be."""
        k = self._undo_candidate(live, seat)
        if k is None:
            return None
        known = live.undo_known
        if known is not None and known[0] == live.version:
            return known[1]
        if not compute:
            return None
        scan = live.undo_scan
        if scan is None or scan[0] != k:  # after a restart or an undo: rebuild from the log
            before = live.state.game.replay([e["move"] for e in live.log[:k]])
            scan = (k, before, k, before, True)
        k, before, upto, state, ok = scan
        if ok and upto < len(live.log):
            for i in range(upto, len(live.log)):
                entry = live.log[i]
                after = state.clone()
                after.apply_json(entry["move"])
                if reveals(state, after, entry["move"], seat):
                    ok = False
                    live.scan_why = reveal_reason(state, after, i == k)
                    break
                state = after
        live.undo_scan = (k, before, len(live.log), state, ok)
        return k if ok else None

    def _check_undo_soon(self, live: LiveTable) -> None:
        """At a table of one person, find off the event loop whether their last move can be undone;
        when it can, their sockets get a new picture saying so."""
        if self.settings.undo_check != "process" or (live.undo_task is not None and not live.undo_task.done()):
            return
        humans = [i for i, s in enumerate(live.rec.seats) if s.kind == "human"]
        if len(humans) != 1 or self._undo_candidate(live, humans[0]) is None:
            return
        known = live.undo_known
        if known is not None and known[0] == live.version:
            return
        live.undo_task = asyncio.get_running_loop().create_task(self._undo_check(live, humans[0]))

    async def _undo_check(self, live: LiveTable, seat: int) -> None:
        rec = live.rec
        try:
            while True:
                version = live.version
                k = self._undo_candidate(live, seat)
                if k is None:
                    return
                job = UndoJob(rec.game, rec.players, rec.seed, json.dumps(rec.options, sort_keys=True),
                              tuple(live.texts), k, seat)
                why = await self.bots.undo_reason(job)  # a niced worker process
                if live.version != version:
                    continue  # the table moved on meanwhile: check the new position
                live.undo_known = (version, None if why else k)
                live.undo_why = (version, why) if why else None
                # a new picture either way: the button's words change from "still running"
                live.cache.pop(seat, None)
                for sub in live.subscribers:
                    if sub.seat == seat and not sub.dropped:
                        sub.push(self.text(live, seat), state=True)
                return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("table %s: the undo check failed (%s: %s)", rec.id, type(exc).__name__, exc)

    async def undo(self, table_id: str, token: str | None) -> None:
        live = self.table(table_id)
        async with live.lock:
            seat = self.seat_of(live.rec, token)
            k = self.undo_point(live, seat)
            if k is None:
                raise TableError("no_undo", "nothing to undo: only your own last move (and the bots' after it), "
                                            "at a table without other people, before anything was revealed", 409)
            scan = live.undo_scan
            # the state before move k, never changed since (or, after a restart, rebuilt)
            before = scan[1] if scan is not None and scan[0] == k else \
                live.state.game.replay([e["move"] for e in live.log[:k]])
            rec = live.rec
            clock = None if rec.clock is None else \
                clocks.advance(rec.clock, rec.deadline, self.now(), None, self._decider(rec, before, rec.status))
            await self._write(self.store.truncate, live.rec.id, k, clock)
            if clock is not None:
                rec.clock, rec.deadline = clock
                self._arm(rec)
            del live.log[k:]
            del live.texts[k:]
            live.state = before
            live.undo_scan = live.undo_known = None
            live.undos += 1
            live.past.clear()
            for who, hist in list(live.history.items()):  # the lines up to move k stay, read from k on
                live.history[who] = History(k, before, None, [e for e in hist.entries if e[0] <= k]) \
                    if hist.n >= k else None
                if live.history[who] is None:
                    del live.history[who]
                else:
                    live.history[who].last = log_lines_of(before.view(who))
            live.changed()
        self._changed(live)

    # ------------------------------------------------------------------ bots
    @staticmethod
    def _human_connected(live: LiveTable) -> bool:
        seats = live.rec.seats
        return any(sub.seat is not None and seats[sub.seat].kind == "human" and not sub.dropped
                   for sub in live.subscribers)

    def _bots_may_run(self, live: LiveTable) -> bool:
        """A bot decides when it is its turn in a running game and a seated person is connected
        (at a table of bots only: while someone watches)."""
        state = live.state
        if live.rec.status != "running" or state.is_terminal():
            return False
        seat = state.current_player
        if seat is None or live.rec.seats[seat].kind != "bot":
            return False
        if any(s.kind == "human" for s in live.rec.seats):
            return self._human_connected(live)
        return any(not sub.dropped for sub in live.subscribers)

    def _kick_bots(self, live: LiveTable) -> None:
        if live.bot_task is not None and not live.bot_task.done():
            return
        if self._bots_may_run(live):
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(live))

    async def _bot_turns(self, live: LiveTable) -> None:
        failures = 0
        rec = live.rec
        try:
            while self._bots_may_run(live):
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                    if not self._bots_may_run(live):
                        return
                seat = live.state.current_player
                version = live.version
                job = Job(rec.game, rec.players, rec.seed, json.dumps(rec.options, sort_keys=True),
                          tuple(live.texts), rec.seats[seat].level or "medium",
                          derive_seed(rec.seed, "bot", seat, len(live.log)))
                priority = 0 if self._human_connected(live) else 1
                try:
                    move = await self.bots.decide(job, priority)
                except Exception as exc:
                    failures += 1
                    log.error("table %s: the bot of seat %d failed (%s: %s)%s", rec.id, seat, type(exc).__name__,
                              exc, "; it tries again" if failures < 3 else "; it stops until the next change")
                    if failures >= 3:
                        return
                    await asyncio.sleep(0.5 * failures)
                    continue
                async with live.lock:
                    if live.version != version:
                        continue  # the table changed while it thought (an undo, a leave): think again
                    try:
                        await self._apply(live, move, seat)
                    except TableError as exc:
                        failures += 1
                        log.error("table %s: the bot of seat %d chose a refused move (%s)", rec.id, seat, exc)
                        if failures >= 3:
                            return
                        continue
                failures = 0
                self._broadcast(live)
                self._check_undo_soon(live)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # never leaves the table hung without a word
            log.error("table %s: the bots stopped (%s: %s)", rec.id, type(exc).__name__, exc)

    # ------------------------------------------------------------------ messages
    def subscribe(self, table_id: str, token: str | None, address: str = "") -> Subscriber:
        """A new socket on a table, with its first picture in its outbox."""
        live = self.table(table_id)
        seat = self.seat_of(live.rec, token)
        if len(live.subscribers) >= self.settings.sockets_per_table:
            raise TableError("busy", f"this table has {self.settings.sockets_per_table} sockets open: try later", 503)
        if self.sockets.get(address, 0) >= self.settings.sockets_per_address:
            raise TableError("busy", f"{self.settings.sockets_per_address} sockets are open from your address: "
                                     "close some", 503)
        sub = Subscriber(seat, address, self.settings.outbox)
        self.sockets[address] = self.sockets.get(address, 0) + 1
        live.subscribers.append(sub)
        if live.rec.deadline is not None:  # a running clock: the picture reads it now
            live.cache.pop(seat, None)
        sub.push(self.text(live, seat), state=True)
        self._kick_bots(live)
        self._kick_clock(live)
        return sub

    def authenticate(self, table_id: str, sub: Subscriber, token: str | None) -> int | None:
        """A socket's credential, sent in a message ('hello') rather than in its URL (proxies and
        access logs keep URLs): the socket takes the seat's viewpoint and its picture replaces the
        one waiting. A credential that opens no seat raises `auth` and changes nothing."""
        live = self.table(table_id)
        seat = self.seat_of(live.rec, token)
        sub.seat = seat
        if live.rec.deadline is not None:  # a running clock: the picture reads it now
            live.cache.pop(seat, None)
        sub.push(self.text(live, seat), state=True)
        self._kick_bots(live)
        self._kick_clock(live)
        return seat

    def unsubscribe(self, table_id: str, sub: Subscriber) -> None:
        sub.drop(sub.dropped or "closed")
        live = self.live.get(table_id)
        if live and sub in live.subscribers:
            live.subscribers.remove(sub)
            n = self.sockets.get(sub.address, 0) - 1
            if n > 0:
                self.sockets[sub.address] = n
            else:
                self.sockets.pop(sub.address, None)

    def text(self, live: LiveTable, seat: int | None) -> str:
        """The state message of a viewpoint, built once per change."""
        hit = live.cache.get(seat)
        if hit is not None and hit[0] == live.version:
            return hit[1]
        text = dumps(self.message(live, seat))
        live.cache[seat] = (live.version, text)
        return text

    def message(self, live: LiveTable, seat: int | None) -> dict:
        """One seat's picture of the table: its view, and its legal moves if it decides now."""
        state = live.state
        over = state.is_terminal()
        deciding = seat is not None and not over and live.rec.status == "running" and state.current_player == seat
        view = state.view(seat)
        point, why = self.undo_status(live, seat, compute=self.settings.undo_check == "inline")
        doc = {
            "type": "state", "table": self.summary(live.rec), "seat": seat, "n": len(live.log),
            "view": view, "to_move": state.current_player,
            "legal": [{"move": a.to_json(), "label": str(a), "kind": a.kind} for a in state.legal_actions()]
            if deciding else [],
            "can_undo": point is not None,
            "undo": None if point is not None else {"code": why, "why": UNDO_WHY[why]},
            "last": self._last_move(live),
            "log_tail": self._log_tail(live, seat, view),
            "clock": clocks.public(live.rec.clock, live.rec.deadline, self.now()),
        }
        if over:
            breakdown = getattr(state, "score_breakdown", None)
            doc["result"] = {"scores": state.scores(), "winners": state.winners(),
                             "cooperative": state.game.cooperative,
                             "breakdown": breakdown() if breakdown else None}
        return doc

    def _log_tail(self, live: LiveTable, seat: int | None, view: Any) -> dict | None:
        """The lines this viewpoint's whole log gained with the last move: {"from": n - 1, "lines":
        [[n, line], ...]} (a page that has the log up to move n - 1 or later appends them), or None
        when the server has no history for it yet (the page asks GET .../history). A viewpoint's
        first picture a few moves into a game (a socket after a restart) does not replay the game
        on the event loop: its history is built in a thread and later pictures bring the tails."""
        n = len(live.log)
        hist = live.history.get(seat)
        if hist is None and n <= HISTORY_CATCH_UP:
            if n > HISTORY_INLINE and self._history_soon(live, seat):
                return None
            hist = live.history[seat] = History.start(live.state.game.new_initial_state(), seat)
        if hist is None or hist.n > n or n - hist.n > HISTORY_CATCH_UP:
            return None
        if hist.n < n:
            hist.extend(seat, live.log, n, view)
        lines = []
        for entry in reversed(hist.entries):
            if entry[0] < n:
                break
            lines.append(entry)
        lines.reverse()
        return {"from": n - 1, "lines": [list(e) for e in lines]}

    @staticmethod
    def _history_soon(live: LiveTable, seat: int | None) -> bool:
        """Build this viewpoint's history in a thread (once at a time); False without a running
        event loop (the caller builds it there and then)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if seat in live.history_building:
            return True
        n, undos, log_, game = len(live.log), live.undos, list(live.log), live.state.game

        def build() -> History:
            h = History.start(game.new_initial_state(), seat)
            h.extend(seat, log_, n)
            return h

        async def run() -> None:
            try:
                hist = await asyncio.to_thread(build)
                cur = live.history.get(seat)
                if live.undos == undos and len(live.log) >= n and (cur is None or cur.n < n):
                    live.history[seat] = hist
            except Exception as exc:  # pragma: no cover - the page asks for the history instead
                log.error("table %s: the history of viewpoint %s failed (%s: %s)", live.rec.id, seat,
                          type(exc).__name__, exc)
            finally:
                live.history_building.pop(seat, None)

        live.history_building[seat] = loop.create_task(run())
        return True

    async def history(self, table_id: str, token: str | None, since: Any = -1) -> dict:
        """A viewpoint's whole log from move `since` on: {"n": moves, "lines": [[n, line], ...]},
        each line with the number of moves played when its view first showed it. Built by replay
        off the event loop once per viewpoint, then kept up to date move by move."""
        live = self.table(table_id)
        seat = self.seat_of(live.rec, token)
        if type(since) is not int or since < -1:
            raise TableError("bad_request", f"since is a move number from -1 on, not {since!r}", 422)
        hist = live.history.get(seat)
        n, undos = len(live.log), live.undos
        if hist is None or hist.n > n or hist.n < n:
            log_ = list(live.log)
            base = hist.copy() if hist is not None and hist.n <= n else None

            def build() -> History:
                h = base or History.start(live.state.game.new_initial_state(), seat)
                h.extend(seat, log_, n)
                return h

            hist = await asyncio.to_thread(build)
            cur = live.history.get(seat)
            if live.undos == undos and len(live.log) >= n and (cur is None or cur.n < n):
                live.history[seat] = hist
        return {"n": hist.n, "lines": [list(e) for e in hist.entries if e[0] > since]}

    async def at(self, table_id: str, token: str | None, n: Any) -> dict:
        """This viewpoint's view after `n` moves (a seat's own view then: it saw it; a spectator's the
        public one), by replay off the event loop, the last few kept."""
        live = self.table(table_id)
        seat = self.seat_of(live.rec, token)
        total = len(live.log)
        if type(n) is not int or not 0 <= n <= total:
            raise TableError("bad_request", f"n is a move number from 0 to {total}, not {n!r}", 422)
        key = (seat, n)
        hit = live.past.get(key)
        if hit is None:
            moves = [e["move"] for e in live.log[:n]]
            game, undos = live.state.game, live.undos

            def build() -> dict:
                state = game.replay(moves)
                return {"view": state.view(seat), "to_move": None if state.is_terminal() else state.current_player}

            hit = await asyncio.to_thread(build)
            if live.undos == undos:
                live.past[key] = hit
                while len(live.past) > AT_CACHE:
                    live.past.popitem(last=False)
        else:
            live.past.move_to_end(key)
        last = live.log[n - 1] if n else None
        return {"n": n, "total": total, "seat": seat, **hit,
                "last": {"seat": last["seat"], "n": n - 1} if last else None}

    @staticmethod
    def _last_move(live: LiveTable) -> dict | None:
        if not live.log:
            return None
        entry = live.log[-1]
        # no label: a move's words may name what others may not see (a card taken from a dug pile)
        return {"seat": entry["seat"], "n": len(live.log) - 1}

    def _broadcast(self, live: LiveTable) -> None:
        """Each viewpoint's picture built once, its text put in every socket's outbox."""
        for sub in list(live.subscribers):
            if not sub.dropped:
                sub.push(self.text(live, sub.seat), state=True)

    def _changed(self, live: LiveTable) -> None:
        self._broadcast(live)
        self._kick_bots(live)
        self._check_undo_soon(live)

    # ------------------------------------------------------------------ replay
    def replay(self, table_id: str) -> dict:
        """A finished game step by step, in public views (a running game has no replay: it
        would show what the seats may not yet see)."""
        live = self.table(table_id)
        if not live.state.is_terminal():
            raise TableError("running", "a replay opens when the game is over", 409)
        game = live.state.game
        state = game.new_initial_state()
        steps = [{"n": 0, "seat": None, "label": "set-up", "view": state.view(None)}]
        for i, entry in enumerate(live.log):
            action = state.apply_json(entry["move"])
            steps.append({"n": i + 1, "seat": entry["seat"], "label": str(action), "view": state.view(None)})
        breakdown = getattr(state, "score_breakdown", None)
        result = {"scores": state.scores(), "winners": state.winners(), "cooperative": state.game.cooperative,
                  "breakdown": breakdown() if breakdown else None}
        return {"table": self.summary(live.rec), "steps": steps, "result": result}

    async def close(self) -> None:
        tasks = [t for t in [self._sweeper, self._clock_loop_task, *self._timeouts,
                             *(live.bot_task for live in self.live.values()),
                             *(live.undo_task for live in self.live.values()),
                             *(live.clock_task for live in self.live.values())] if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except BaseException:
                pass
        self._sweeper = None
        self._clock_loop_task = None

    # ------------------------------------------------------------------ clocks
    # A table's clock lives in its record (clocks.py): every change that moves it is stored with
    # the change (a move, a join or leave, an undo), with the absolute deadline of the clock that
    # runs. One scheduler sleeps until the earliest deadline of all tables; at a deadline a bot of
    # the clock's level decides for the seat, unless the seat's own move came first (one of the
    # two applies: the bot's is applied only if nothing changed while it thought). A clock runs
    # out only while a seated person is connected (as bots move only then): at a deadline with
    # nobody there, the seat's clock waits at zero and starts again when someone comes back.
    @staticmethod
    def _decider(rec: TableRecord, state: State, status: str) -> int | None:
        """The seat whose clock runs in `state`: a human's decision at a running table with a clock."""
        if rec.clock is None or status != "running" or state.is_terminal():
            return None
        seat = state.current_player
        if seat is None or rec.seats[seat].kind != "human":
            return None
        return seat

    def _clock_follow(self, live: LiveTable) -> None:
        """(under the lock, before a store write of the record) The clock after a change that is no
        decision: a seat joined or left (the table starts, or waits and the clock stops)."""
        rec = live.rec
        if rec.clock is not None:
            rec.clock, rec.deadline = clocks.advance(rec.clock, rec.deadline, self.now(), None,
                                                     self._decider(rec, live.state, rec.status))

    def _arm(self, rec: TableRecord) -> None:
        if rec.deadline is None:
            self._armed.pop(rec.id, None)
        else:
            self._arm_at(rec.id, rec.deadline)

    def _arm_at(self, table_id: str, deadline: float) -> None:
        if self._armed.get(table_id) == deadline:
            return
        self._armed[table_id] = deadline
        heapq.heappush(self._clock_heap, (deadline, table_id))
        if len(self._clock_heap) > 2 * len(self._armed) + 64:  # stale entries never outgrow the armed ones
            self._clock_heap = [(d, t) for t, d in self._armed.items()]
            heapq.heapify(self._clock_heap)
        if self._clock_wake is not None:
            self._clock_wake.set()

    def _due(self) -> list[tuple[str, float]]:
        """The armed deadlines that have passed (each given out once)."""
        now, heap, out = self.now(), self._clock_heap, []
        while heap and (heap[0][0] <= now or self._armed.get(heap[0][1]) != heap[0][0]):
            deadline, table_id = heapq.heappop(heap)
            if self._armed.get(table_id) == deadline:
                del self._armed[table_id]
                out.append((table_id, deadline))
        return out

    async def _clock_loop(self) -> None:
        wake = self._clock_wake
        while True:
            wake.clear()
            try:
                for table_id, deadline in self._due():
                    task = asyncio.get_running_loop().create_task(self._time_out(table_id, deadline))
                    self._timeouts.add(task)
                    task.add_done_callback(self._timeouts.discard)
            except Exception as exc:  # pragma: no cover - never expected
                log.error("the clocks' scheduler failed: %s: %s", type(exc).__name__, exc)
            wait = self._clock_heap[0][0] - self.now() if self._clock_heap else 60.0
            # asyncio.timeout, not wait_for: in Python 3.11, wait_for swallows a cancellation that
            # arrives as the event is set, and close() then waited for this loop forever
            try:
                async with asyncio.timeout(max(0.0, min(wait, 60.0))):
                    await wake.wait()
            except TimeoutError:
                pass

    async def run_due_clocks(self) -> int:
        """Decide every time-out due now, one after the other (tests with an injected clock)."""
        due = self._due()
        for table_id, deadline in due:
            await self._time_out(table_id, deadline)
        return len(due)

    async def _time_out(self, table_id: str, deadline: float) -> None:
        """A seat's clock ran out: a bot of the clock's level decides for it (or, with nobody at the
        table, the clock waits at zero)."""
        try:
            live = self.table(table_id)
        except TableError:
            return
        except Exception as exc:  # a table that cannot be rebuilt: said once, its clock left alone
            log.error("table %s: its clock ran out but the table did not load (%s: %s)", table_id,
                      type(exc).__name__, exc)
            return
        rec = live.rec
        try:
            for attempt in range(3):
                if rec.clock is None or rec.deadline != deadline:
                    return  # the seat decided meanwhile, or its clock was stopped or started again
                seat, n = rec.clock["seat"], len(live.log)
                if seat is None:
                    return
                if not self._human_connected(live):
                    async with live.lock:
                        if rec.deadline != deadline or len(live.log) != n:
                            return
                        self._clock_follow_to(live, None)
                        await self._write(self.store.update, rec)
                        self._arm(rec)
                        live.changed()
                    self._broadcast(live)
                    return
                version, level = live.version, rec.clock["level"]
                job = Job(rec.game, rec.players, rec.seed, json.dumps(rec.options, sort_keys=True), tuple(live.texts),
                          level, derive_seed(rec.seed, "clock", seat, n))
                try:
                    move = await self.bots.decide(job, 0)
                except Exception as exc:
                    log.error("table %s: the clock's bot for seat %d failed (%s: %s)", rec.id, seat,
                              type(exc).__name__, exc)
                    await asyncio.sleep(0.2 * (attempt + 1))
                    continue
                async with live.lock:
                    if rec.deadline != deadline or len(live.log) != n or rec.clock["seat"] != seat:
                        return  # the seat's own move came first: it stands, the bot's is dropped
                    if live.version != version:
                        continue  # something else changed while it thought: think again
                    name = rec.seats[seat].name or f"Player {seat + 1}"
                    try:
                        await self._apply(live, move, seat, timeout={"name": name, "level": level})
                    except TableError as exc:
                        log.error("table %s: the clock's bot for seat %d chose a refused move (%s)", rec.id, seat, exc)
                        continue
                self._changed(live)
                return
            # the bot failed: the seat gets its whole time again rather than a clock stuck at zero
            async with live.lock:
                if rec.deadline == deadline and rec.clock is not None and rec.clock["seat"] is not None:
                    s = rec.clock["seat"]
                    banks = list(rec.clock["banks"])
                    banks[s] = rec.clock["time"]
                    rec.clock = {**rec.clock, "banks": banks}
                    rec.deadline = self.now() + banks[s] / 1000
                    await self._write(self.store.update, rec)
                    self._arm(rec)
                    live.changed()
            self._broadcast(live)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # never leaves a clock stuck without a word
            log.error("table %s: the clock's time-out failed (%s: %s)", rec.id, type(exc).__name__, exc)

    def _clock_follow_to(self, live: LiveTable, decider: int | None) -> None:
        rec = live.rec
        rec.clock, rec.deadline = clocks.advance(rec.clock, rec.deadline, self.now(), None, decider)

    def _kick_clock(self, live: LiveTable) -> None:
        """A clock that waited at zero (nobody was there when it ran out) starts again once a seated
        person is connected."""
        rec = live.rec
        if rec.clock is None or rec.deadline is not None or not self._human_connected(live):
            return
        if self._decider(rec, live.state, rec.status) is None:
            return
        if live.clock_task is not None and not live.clock_task.done():
            return
        live.clock_task = asyncio.get_running_loop().create_task(self._clock_resume(live))

    async def _clock_resume(self, live: LiveTable) -> None:
        rec = live.rec
        try:
            async with live.lock:
                decider = self._decider(rec, live.state, rec.status)
                if rec.clock is None or rec.deadline is not None or decider is None:
                    return
                self._clock_follow_to(live, decider)
                await self._write(self.store.update, rec)
                self._arm(rec)
                live.changed()
            self._broadcast(live)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("table %s: the clock did not start again (%s: %s)", rec.id, type(exc).__name__, exc)


__all__ = ["TableService", "TableError", "LiveTable", "Subscriber", "History", "UNDO_WHY", "new_lines", "reveals", "token_hash", "SEED_LIMIT", "GONE"]
