"""Tables in play: the lobby's operations, seats and credentials, moves, bots and undo.

A `LiveTable` holds the state rebuilt from the store's log; every change goes to the store
first and is broadcast after. Everything a client receives is built from `view(seat)` (or
`view(None)` for spectators), so no message can hold what its reader may not see.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import cardboard
from cardboard.agents import Agent, make_agent
from cardboard.engine import ConfigError, IllegalAction, State, game_class, list_games
from cardboard.engine.rng import derive_seed

from .store import SeatRecord, Store, StoreConflict, TableRecord

Send = Callable[[dict], Awaitable[None]]


class TableError(Exception):
    """A request the lobby or table refuses: `code` for programs, the message for people."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Subscriber:
    send: Send
    seat: int | None


@dataclass
class LiveTable:
    rec: TableRecord
    state: State
    log: list[dict]  # {"move": json, "seat": s} per move, as stored
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task | None = None
    # The undo check, kept up to date move by move instead of replaying the game per message:
    # (k, state before move k, log length checked, state after the checked moves, nothing revealed)
    undo_scan: tuple[int, State, int, State, bool] | None = None


def reveals(state: State, move: dict, seat: int, samples: int = 4) -> bool:
    """Whether a move shows `seat` something it could not have known: played from several
    re-deals of what `seat` cannot see, it must leave `seat`'s view the same in all of them."""
    seen = set()
    for i in range(samples):
        world = state.determinize(seat, derive_seed(state.game.seed, "undo", len(state), i))
        try:
            world.apply_json(move)
        except IllegalAction:
            return True  # the move depended on hidden cards: it showed them
        seen.add(json.dumps(world.view(seat), sort_keys=True))
        if len(seen) > 1:
            return True
    return False


class TableService:
    """The lobby and the tables. `bot_delay` is the visible pause before a bot's move."""

    def __init__(self, store: Store, bot_delay: float = 0.6):
        self.store = store
        self.bot_delay = bot_delay
        self.live: dict[str, LiveTable] = {}

    # ------------------------------------------------------------------ lobby
    @staticmethod
    def games() -> list[dict]:
        out = []
        for gid in list_games():
            cls = game_class(gid)
            doc = {"id": gid, "name": cls.name, "min_players": cls.min_players, "max_players": cls.max_players}
            opts = getattr(cls, "options_model", None)
            if opts is not None:
                doc["options"] = opts.model_json_schema()
            out.append(doc)
        return out

    def create(self, game: str, players: int, options: dict | None, seats: list[dict],
               seed: int | None = None, previous: str | None = None) -> TableRecord:
        try:
            g = cardboard.load_game(game, players=players, seed=seed, options=options or {})
        except ConfigError as exc:
            raise TableError("bad_table", str(exc)) from None
        if len(seats) != players:
            raise TableError("bad_table", f"{players} players need {players} seats, not {len(seats)}")
        records = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind")
            if kind == "bot":
                level = seat.get("level") or "medium"
                try:
                    make_agent(level, seed=0, game_id=game)
                except ConfigError as exc:
                    raise TableError("bad_table", f"seat {i}: {exc}") from None
                records.append(SeatRecord("bot", level=level, name=f"Bot {i + 1} ({level})"))
            elif kind == "human":
                records.append(SeatRecord("human"))
            else:
                raise TableError("bad_table", f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
        rec = TableRecord(id=secrets.token_urlsafe(6), game=game, players=players, seed=g.seed,
                          options=g.options_json(), seats=records, previous=previous)
        rec.status = self._status(rec, None)
        self.store.create(rec)
        return rec

    def tables(self) -> list[dict]:
        return [self.summary(rec) for rec in self.store.list()]

    def record(self, table_id: str) -> TableRecord:
        rec = self.live[table_id].rec if table_id in self.live else self.store.get(table_id)
        if rec is None:
            raise TableError("no_table", f"no table '{table_id}'", 404)
        return rec

    def table(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the store's log on first use (after a restart too)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        rec = self.record(table_id)
        game = cardboard.load_game(rec.game, players=rec.players, seed=rec.seed, options=rec.options)
        log = self.store.moves(table_id)
        state = game.replay([entry["move"] for entry in log])
        live = self.live[table_id] = LiveTable(rec, state, log)
        for seat, s in enumerate(rec.seats):
            if s.kind == "bot":
                live.agents[seat] = make_agent(s.level, seed=derive_seed(rec.seed, "bot", seat), game_id=rec.game)
        return live

    def summary(self, rec: TableRecord) -> dict:
        live = self.live.get(rec.id)
        state = live.state if live else None
        return {
            "id": rec.id, "game": rec.game, "name": game_class(rec.game).name, "players": rec.players,
            "status": rec.status, "created": rec.created, "previous": rec.previous, "next": rec.next,
            "moves": len(live.log) if live else self.store.move_count(rec.id),
            "to_move": state.current_player if state is not None else None,
            "seats": [{"seat": i, "kind": s.kind, "level": s.level, "name": s.name,
                       "taken": s.kind == "bot" or s.token_hash is not None} for i, s in enumerate(rec.seats)],
        }

    @staticmethod
    def _status(rec: TableRecord, state: State | None) -> str:
        if state is not None and state.is_terminal():
            return "over"
        if any(s.kind == "human" and s.token_hash is None for s in rec.seats):
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

    async def join(self, table_id: str, name: str, seat: int | None = None) -> tuple[int, str]:
        live = self.table(table_id)
        async with live.lock:
            rec = live.rec
            free = [i for i, s in enumerate(rec.seats) if s.kind == "human" and s.token_hash is None]
            if seat is None:
                if not free:
                    raise TableError("full", "no free seat at this table", 409)
                seat = free[0]
            elif seat not in free:
                raise TableError("taken", f"seat {seat} is not a free human seat", 409)
            token = secrets.token_urlsafe(24)
            rec.seats[seat].token_hash = token_hash(token)
            rec.seats[seat].name = (name or f"Player {seat + 1}")[:40]
            rec.status = self._status(rec, live.state)
            self.store.update(rec)
        await self._changed(live)
        return seat, token

    async def leave(self, table_id: str, token: str) -> None:
        live = self.table(table_id)
        async with live.lock:
            seat = self.seat_of(live.rec, token)
            if seat is None:
                raise TableError("auth", "leaving needs the seat's credential", 403)
            live.rec.seats[seat].token_hash = None
            live.rec.seats[seat].name = None
            live.rec.status = self._status(live.rec, live.state)
            self.store.update(live.rec)
            live.subscribers = [sub for sub in live.subscribers if sub.seat != seat]
        await self._changed(live)

    async def again(self, table_id: str, token: str | None) -> TableRecord:
        """A rematch with the same game, options and seats; its humans keep their credentials."""
        live = self.table(table_id)
        async with live.lock:
            rec = live.rec
            if self.seat_of(rec, token) is None:
                raise TableError("auth", "a rematch is asked for by a seated player", 403)
            if rec.next:
                return self.record(rec.next)
            new = self.create(rec.game, rec.players, rec.options,
                              [{"kind": s.kind, "level": s.level} for s in rec.seats], previous=rec.id)
            for old, seat in zip(rec.seats, new.seats):
                if old.kind == "human":
                    seat.token_hash, seat.name = old.token_hash, old.name
            new.status = self._status(new, None)
            self.store.update(new)
            rec.next = new.id
            self.store.update(rec)
        await self._changed(live)
        return new

    # ------------------------------------------------------------------ play
    async def play(self, table_id: str, token: str | None, move: Any, n: Any) -> None:
        live = self.table(table_id)
        async with live.lock:
            seat = self.seat_of(live.rec, token)
            self._check_turn(live, seat, n)
            self._apply(live, move, seat)
        await self._changed(live)

    def _check_turn(self, live: LiveTable, seat: int | None, n: Any) -> None:
        state = live.state
        if seat is None:
            raise TableError("auth", "spectators cannot move: join a seat first", 403)
        if state.is_terminal():
            raise TableError("over", "the game is over: no move can be made", 409)
        if live.rec.status != "running":
            raise TableError("waiting", "the game starts when every seat is taken", 409)
        if type(n) is not int or n != len(live.log):
            raise TableError("stale", f"stale move: it was made at move {n!r}, the game is at move {len(live.log)}", 409)
        if state.current_player != seat:
            raise TableError("not_your_turn", f"it is seat {state.current_player}'s decision, not seat {seat}'s", 409)

    def _apply(self, live: LiveTable, move: Any, seat: int) -> None:
        """Try the move on a copy, store it, then make it live: a refused move changes nothing."""
        if not isinstance(move, dict):
            raise TableError("bad_message", "a move is a JSON object with a 'kind'")
        trial = live.state.clone()
        try:
            action = trial.apply_json(move)
        except IllegalAction as exc:
            raise TableError("illegal", str(exc)) from None
        entry = {"move": action.to_json(), "seat": seat, "label": str(action)}
        try:
            self.store.append_move(live.rec.id, len(live.log), entry)
        except StoreConflict as exc:
            raise TableError("stale", str(exc), 409) from None
        if live.rec.seats[seat].kind == "human":  # a possible undo point: keep the state before it
            live.undo_scan = (len(live.log), live.state, len(live.log), live.state, True)
        live.state = trial
        live.log.append(entry)
        if trial.is_terminal():
            live.rec.status = "over"
            self.store.update(live.rec)

    def undo_point(self, live: LiveTable, seat: int | None) -> int | None:
        """[server] Undo is for a table with no other human seat: it takes back this seat's last
        move and the bots' moves after it, unless any of them showed the seat something new
        (a roll, a reveal, a card drawn). Returns the log length to go back to, or None."""
        rec = live.rec
        if seat is None or live.state.is_terminal():
            return None
        if any(s.kind == "human" and i != seat for i, s in enumerate(rec.seats)):
            return None
        mine = [i for i, e in enumerate(live.log) if e["seat"] == seat]
        if not mine:
            return None
        k = mine[-1]
        scan = live.undo_scan
        if scan is None or scan[0] != k:  # after a restart or an undo: rebuild from the log
            before = live.state.game.replay([e["move"] for e in live.log[:k]])
            scan = (k, before, k, before, True)
        k, before, upto, state, ok = scan
        if ok and upto < len(live.log):
            state = state.clone()
            for entry in live.log[upto:]:
                if reveals(state, entry["move"], seat):
                    ok = False
                    break
                state.apply_json(entry["move"])
        live.undo_scan = (k, before, len(live.log), state, ok)
        return k if ok else None

    async def undo(self, table_id: str, token: str | None) -> None:
        live = self.table(table_id)
        async with live.lock:
            seat = self.seat_of(live.rec, token)
            k = self.undo_point(live, seat)
            if k is None:
                raise TableError("no_undo", "nothing to undo: only your own last move (and the bots' after it), "
                                            "at a table without other people, before anything was revealed", 409)
            self.store.truncate(live.rec.id, k)
            live.log = live.log[:k]
            live.state = live.undo_scan[1]  # the state before move k, never changed since
            live.undo_scan = None
        await self._changed(live)

    # ------------------------------------------------------------------ bots
    def _kick_bots(self, live: LiveTable) -> None:
        if live.bot_task is not None and not live.bot_task.done():
            return
        state = live.state
        if live.rec.status == "running" and not state.is_terminal() and state.current_player in live.agents:
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(live))

    async def _bot_turns(self, live: LiveTable) -> None:
        while True:
            state = live.state
            seat = state.current_player
            if live.rec.status != "running" or state.is_terminal() or seat not in live.agents:
                return
            await asyncio.sleep(self.bot_delay)
            at = len(live.log)
            snapshot = state.clone()
            action = await asyncio.to_thread(live.agents[seat].choose, snapshot)
            async with live.lock:
                if len(live.log) != at or live.state.current_player != seat:
                    continue  # undone or changed meanwhile: think again
                self._apply(live, action.to_json(), seat)
            await self._broadcast(live)

    # ------------------------------------------------------------------ messages
    async def subscribe(self, table_id: str, token: str | None, send: Send) -> Subscriber:
        live = self.table(table_id)
        seat = self.seat_of(live.rec, token)
        sub = Subscriber(send, seat)
        live.subscribers.append(sub)
        await send(self.message(live, seat))
        self._kick_bots(live)
        return sub

    def unsubscribe(self, table_id: str, sub: Subscriber) -> None:
        live = self.live.get(table_id)
        if live and sub in live.subscribers:
            live.subscribers.remove(sub)

    def message(self, live: LiveTable, seat: int | None) -> dict:
        """One seat's picture of the table: its view, and its legal moves if it decides now."""
        state = live.state
        over = state.is_terminal()
        deciding = seat is not None and not over and live.rec.status == "running" and state.current_player == seat
        doc = {
            "type": "state", "table": self.summary(live.rec), "seat": seat, "n": len(live.log),
            "view": state.view(seat), "to_move": state.current_player,
            "legal": [{"move": a.to_json(), "label": str(a), "kind": a.kind} for a in state.legal_actions()]
            if deciding else [],
            "can_undo": self.undo_point(live, seat) is not None if seat is not None else False,
            "last": self._last_move(live),
        }
        if over:
            breakdown = getattr(state, "score_breakdown", None)
            doc["result"] = {"scores": state.scores(), "winners": state.winners(),
                             "cooperative": state.game.cooperative,
                             "breakdown": breakdown() if breakdown else None}
        return doc

    @staticmethod
    def _last_move(live: LiveTable) -> dict | None:
        if not live.log:
            return None
        entry = live.log[-1]
        # no label: a move's words may name what others may not see (a card taken from a dug pile)
        return {"seat": entry["seat"], "n": len(live.log) - 1}

    async def _broadcast(self, live: LiveTable) -> None:
        for sub in list(live.subscribers):
            try:
                await sub.send(self.message(live, sub.seat))
            except Exception:  # a closed socket: forget it
                if sub in live.subscribers:
                    live.subscribers.remove(sub)

    async def _changed(self, live: LiveTable) -> None:
        await self._broadcast(live)
        self._kick_bots(live)

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
        for live in self.live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()


__all__ = ["TableService", "TableError", "LiveTable", "reveals", "token_hash"]
