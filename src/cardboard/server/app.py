"""The web table: a FastAPI app with a JSON lobby API, one websocket per open table page,
and the static front end. See PROTOCOL.md for the messages; settings.py for the limits."""
from __future__ import annotations

import asyncio
import json
import logging
import re
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cardboard.engine import ConfigError, game_class
from cardboard.rules_index import parse_index

from .guard import Guard
from .settings import ServerSettings
from .store import SQLiteStore, Store
from .tables import GONE, SEED_LIMIT, Subscriber, TableError, TableService, dumps

log = logging.getLogger("cardboard.server")

STATIC = Path(__file__).with_name("static")
_DEFAULTS = ServerSettings.model_fields
MAX_BODY = _DEFAULTS["max_body"].default        # the defaults, for callers that read them
MAX_MESSAGE = _DEFAULTS["max_message"].default
# what a game's web folder may serve, by suffix
WEB_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png",
             ".webp": "image/webp", ".json": "application/json", ".woff2": "font/woff2"}
# websocket close codes (the page reconnects after any but 4403/4404)
CLOSE_UNSUPPORTED = 1003  # a binary frame
CLOSE_ERROR = 1011        # the server failed
CLOSE_BUSY = 1013         # too many sockets: try again later
CLOSE_SLOW = 4008         # the reader fell behind (or stayed silent): reconnect for the current picture
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """The deepest nesting of brackets in JSON text (outside strings): a cheap look before
    json.loads, which would recurse on it."""
    depth = best = 0
    for ch in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > best:
                best = depth
        else:
            depth -= 1
    return best


class _Refused(Exception):
    """A websocket's hello carried a credential that opens no seat: the socket closes with 4403."""

    def __init__(self, error: TableError):
        super().__init__(str(error))
        self.error = error


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    level: str | None = Field(default=None, max_length=40)


class ClockSpec(BaseModel):
    """A table's clock: each human seat's bank, the time added after each of its decisions, and the
    bot level that decides when a bank runs out (bounds: settings clock_*; clocks.py)."""
    model_config = ConfigDict(extra="forbid")
    time: float = Field(description="seconds: each seat's bank at the start (and after a time-out)")
    increment: float = Field(0, description="seconds added to a seat's bank after each of its decisions")
    level: str = Field("easy", max_length=40, description="the bot level that decides when a clock runs out")


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=60)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = {}
    seats: list[SeatSpec] = Field(max_length=16)
    clock: ClockSpec | None = Field(default=None, description="none (the default): no clock")
    seed: int | None = Field(default=None, ge=0, lt=SEED_LIMIT,
                             description="only at a table with one human seat; shown to everyone")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="", max_length=40)
    seat: int | None = Field(default=None, ge=0, le=15)
    token: str | None = Field(default=None, max_length=100, description="come back to the seat this credential opens")
    invite: str | None = Field(default=None, max_length=100, description="the creator's invitation to a seat")


class Credential(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=100)


class HistoryAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(default="", max_length=100, description="a seat's credential; none for a spectator")
    since: int = Field(default=-1, ge=-1, le=10**9, strict=True)


class AtAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(default="", max_length=100, description="a seat's credential; none for a spectator")
    n: int = Field(ge=0, le=10**9, strict=True)


class Invite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    creator_token: str = Field(max_length=100)
    seat: int = Field(ge=0, le=15)


class Error(BaseModel):
    error: str
    message: str


_ERRORS = {code: {"model": Error} for code in (400, 403, 404, 409, 413, 415, 422, 429)}


def _about(cls) -> dict:
    """What the lobby's card tells of a game beyond its name and player counts."""
    return {"summary": str(getattr(cls, "summary", "") or ""), "playing_time": str(getattr(cls, "playing_time", "") or ""),
            "how_to_play": cls.how_to_play() is not None}


def _rules_of(cls) -> list[dict]:
    path = cls.rules_index()
    return _rules_at(str(path), path.stat().st_mtime_ns) if path.is_file() else []


def _howto_html(cls) -> str:
    path = cls.how_to_play()
    return _markdown_at(str(path), path.stat().st_mtime_ns) if path is not None else ""


@lru_cache(maxsize=64)
def _rules_at(path: str, mtime: int) -> list[dict]:
    rules = parse_index(Path(path).read_text(encoding="utf-8"))
    return [{"id": r.id, "section": r.section, "text": r.text} for r in rules]


@lru_cache(maxsize=64)
def _markdown_at(path: str, mtime: int) -> str:
    """A HOWTO.md rendered by CommonMark with raw HTML off (it is escaped) and unsafe link
    schemes refused; its `##` headings become h3 under the panel's own h2."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False})
    tokens = md.parse(Path(path).read_text(encoding="utf-8"))
    for t in tokens:
        if t.type in ("heading_open", "heading_close"):
            t.tag = f"h{min(int(t.tag[1]) + 1, 6)}"
    return md.renderer.render(tokens, md.options, {})


def create_app(store: Store | None = None, db: str | None = None, bot_delay: float | None = None,
               settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings()
    updates = {k: v for k, v in (("db", db), ("bot_delay", bot_delay)) if v is not None}
    if updates:
        settings = settings.model_copy(update=updates)
    service = TableService(store or SQLiteStore(settings.db, settings.synchronous), settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        service.start()
        yield
        await service.close()

    app = FastAPI(title="cardboard", lifespan=lifespan, responses=_ERRORS)
    app.state.service = service
    app.state.settings = settings

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError):
        if exc.status >= 429 or exc.code in ("quota",):
            log.warning("refused %s %s from %s: %s", request.method, request.url.path, _client(request), exc)
        return JSONResponse({"error": exc.code, "message": str(exc)}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p not in ('body', 'query', 'path')) or 'body'}: {e['msg']}"
            for e in exc.errors())
        return JSONResponse({"error": "bad_request", "message": problems[:1000]}, 422)

    @app.exception_handler(Exception)
    async def failure(request: Request, exc: Exception):
        log.error("%s %s failed: %s: %s", request.method, request.url.path, type(exc).__name__, exc)
        return JSONResponse({"error": "server", "message": "the server failed on this request"}, 500)

    def _client(conn) -> str:
        return conn.client.host if conn.client else "?"

    # ---------------------------------------------------------------- lobby API
    @app.get("/api/games")
    async def games():
        """The games, each with its one-line `summary` and `playing_time` (the lobby's cards)."""
        return [doc | _about(game_class(doc["id"])) for doc in service.games()]

    # ---------------------------------------------------------------- how to play (the lobby's and table's panel)
    def _known_game(game_id: str):
        try:
            return game_class(game_id)
        except ConfigError:
            raise TableError("not_found", f"no game {game_id[:60]!r}", 404) from None

    @app.get("/api/games/{game_id}/rules")
    async def game_rules(game_id: str):
        """The game's rules index, as `cardboard rules` prints it: every rule sentence with its id
        and section (no code or test places)."""
        cls = _known_game(game_id)
        return {"game": cls.id, "name": cls.name, "rules": _rules_of(cls)}

    @app.get("/api/games/{game_id}/howto")
    async def game_howto(game_id: str):
        """The game's HOWTO.md as safe HTML (no raw HTML passes; headings start at h3), with the
        facts of the lobby's card."""
        cls = _known_game(game_id)
        return {"game": cls.id, "name": cls.name, "min_players": cls.min_players, "max_players": cls.max_players,
                **_about(cls), "html": _howto_html(cls)}

    @app.get("/api/tables")
    async def tables(limit: int = Query(settings.page_size, ge=1, le=settings.page_size),
                     before: float | None = Query(None, description="page on: tables created before this time",
                                                  allow_inf_nan=False)):
        """The newest tables first, a page at a time (`before` = the last `created` seen)."""
        return service.tables(limit, before)

    @app.post("/api/tables")
    async def new_table(spec: NewTable, request: Request):
        """A new table; the answer's `creator_token` lets its creator invite to a seat left mid-game."""
        rec, creator = await service.create(spec.game, spec.players, spec.options,
                                            [s.model_dump() for s in spec.seats], spec.seed, _client(request),
                                            clock=spec.clock.model_dump() if spec.clock is not None else None)
        return {**service.summary(rec, moves=0), "creator_token": creator}

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str):
        return service.summary(service.record(table_id))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, spec: Join):
        seat, token = await service.join(table_id, spec.name, spec.seat, spec.token, spec.invite)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/invite")
    async def invite(table_id: str, spec: Invite):
        """The creator's one-time invitation to a seat (free, or left mid-game)."""
        return {"seat": spec.seat, "invite": await service.invite(table_id, spec.creator_token, spec.seat)}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, spec: Credential):
        await service.leave(table_id, spec.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/history")
    async def history(table_id: str, spec: HistoryAsk):
        """The whole log as this seat (or a spectator) saw it, from move `since` on."""
        return await service.history(table_id, spec.token or None, spec.since)

    @app.post("/api/tables/{table_id}/at")
    async def at(table_id: str, spec: AtAsk):
        """This seat's (or the public) view after move `n`: "Viewing move n/total"."""
        return await service.at(table_id, spec.token or None, spec.n)

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, spec: Credential):
        rec = await service.again(table_id, spec.token)
        return service.summary(rec)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str):
        return service.replay(table_id)

    # ---------------------------------------------------------------- play
    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str):
        # the credential comes in the first message ({"type": "hello", "token": ...}); the query's
        # ?token= is still read for old scripts (deprecated: a URL is kept by proxies and access logs)
        token = ws.query_params.get("token")
        address = _client(ws)
        await ws.accept()
        try:
            sub = service.subscribe(table_id, token, address)
        except TableError as exc:
            code = {"auth": 4403, "no_table": 4404}.get(exc.code, CLOSE_BUSY)
            if code == CLOSE_BUSY:
                log.warning("refused a websocket from %s: %s", address, exc)
            await _close(ws, code, {"type": "error", "code": exc.code, "message": str(exc)})
            return
        writer = asyncio.create_task(sub.pump(ws.send_text, settings.send_timeout))
        # This task reads the socket itself (no task and no asyncio.wait per message: a move is
        # handled in the loop's next turn after its frame arrives). A writer that ends (the socket
        # was dropped) interrupts a read under way, never a message being handled.
        me = asyncio.current_task()
        reading = [False, False]  # [a read is under way, the writer interrupted it]

        def writer_done(_task) -> None:
            if reading[0] and not reading[1]:
                reading[1] = True
                me.cancel()

        writer.add_done_callback(writer_done)
        close, why, farewell = 1000, None, None
        try:
            while True:
                if writer.done():  # dropped: too slow, or its seat was left, or the client went away
                    why = writer.result()
                    close = None if why == GONE else CLOSE_SLOW
                    break
                reading[0] = True
                try:
                    async with asyncio.timeout(settings.idle_timeout):
                        msg = await ws.receive()
                except TimeoutError:
                    close, why = CLOSE_SLOW, f"silent for {settings.idle_timeout:g} s"
                    break
                except asyncio.CancelledError:
                    if reading[1] and me.uncancel() == 0:
                        continue  # the writer ended: closed above, as it says
                    raise
                finally:
                    reading[0] = False
                if msg["type"] == "websocket.disconnect":
                    close = None
                    break
                text = msg.get("text")
                if text is None:
                    close, why = CLOSE_UNSUPPORTED, "a binary frame: messages are JSON text"
                    break
                token = await handle(sub, table_id, token, text, address)
        except _Refused as exc:  # a hello whose credential opens no seat: as at the handshake
            close, why = 4403, str(exc.error)
            farewell = {"type": "error", "code": exc.error.code, "message": str(exc.error)}
        except WebSocketDisconnect:
            close = None
        except Exception as exc:
            log.error("websocket of table %s from %s failed: %s: %s", table_id, address, type(exc).__name__, exc)
            close, why = CLOSE_ERROR, "the server failed"
        finally:
            service.unsubscribe(table_id, sub)
            writer.remove_done_callback(writer_done)
            if not writer.done():
                writer.cancel()
        if close is not None:
            if why and close != 1000:
                log.warning("closed a websocket of table %s from %s (%d): %s", table_id, address, close, why)
            await _close(ws, close, farewell, why, abort=close == CLOSE_SLOW)

    async def _close(ws: WebSocket, code: int, message: dict | None, reason: str | None = None,
                     abort: bool = False) -> None:
        """Close a socket without ever waiting on a reader that does not read."""
        try:
            if message is not None:
                await asyncio.wait_for(ws.send_text(dumps(message)), settings.send_timeout)
            if ws.client_state == WebSocketState.CONNECTED:
                await asyncio.wait_for(ws.close(code, (reason or "")[:120]), 1.0 if abort else settings.send_timeout)
        except Exception:
            abort = True
        if abort:  # the server's own transport, when it lets us reach it: drop the connection outright
            transport = getattr(getattr(getattr(ws, "_send", None), "__self__", None), "transport", None)
            if transport is not None and hasattr(transport, "abort"):
                transport.abort()

    async def handle(sub: Subscriber, table_id: str, token: str | None, text: str, address: str) -> str | None:
        """One client message: refusals go back as error messages (one short log line each).
        Returns the socket's credential (a hello changes it)."""
        def refuse(code: str, message: str, level: int = logging.INFO) -> str | None:
            log.log(level, "table %s, %s: refused %s (%s)", table_id, address, code, message)
            sub.push(dumps({"type": "error", "code": code, "message": message}))
            return token

        if len(text) > settings.max_message:
            return refuse("too_large", f"messages are limited to {settings.max_message} characters", logging.WARNING)
        if json_depth(text) > settings.max_json_depth:
            return refuse("too_deep", f"a message nests at most {settings.max_json_depth} levels", logging.WARNING)
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):
            msg = None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            return refuse("bad_message", "a message is a JSON object with a 'type'", logging.WARNING)
        if msg["type"] == "ping":
            sub.push('{"type":"pong"}')
            return token
        if msg["type"] == "hello":
            new = msg.get("token")
            if new is not None and (not isinstance(new, str) or len(new) > 100):
                return refuse("bad_message", "a hello's token is a string (at most 100 characters) or null")
            try:
                service.authenticate(table_id, sub, new or None)
            except TableError as exc:
                if exc.code == "auth":
                    log.info("table %s, %s: refused a hello (%s)", table_id, address, exc)
                    raise _Refused(exc) from None
                return refuse(exc.code, str(exc))
            return new or None
        try:
            if msg["type"] == "move":
                await service.play(table_id, token, msg.get("move"), msg.get("n"))
            elif msg["type"] == "undo":
                await service.undo(table_id, token)
            elif msg["type"] == "why":
                # "why not?": the refusal this move would get, without playing it (None: it is legal)
                ask = msg.get("id")
                answer = {"type": "why", "move": msg.get("move"), "reason": service.why(table_id, token, msg.get("move"))}
                if isinstance(ask, (int, str)) and not isinstance(ask, bool) and len(str(ask)) <= 40:
                    answer["id"] = ask
                sub.push(dumps(answer))
            else:
                kind = msg["type"][:40]
                raise TableError("bad_message", f"unknown message type {kind!r}: use hello, move, undo, why or ping")
        except TableError as exc:
            refuse(exc.code, str(exc))
        return token

    # ---------------------------------------------------------------- pages
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return FileResponse(STATIC / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str):
        return FileResponse(STATIC / "replay.html")

    @app.get("/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_file(game_id: str, path: str):
        """A file of a game's web drawing, from the `web/` folder of the game's own package."""
        try:
            folder = game_class(game_id).web_folder()
        except ConfigError:
            folder = None
        if folder is None:
            raise TableError("not_found", f"game {game_id!r} has no web drawing", 404)
        root = folder.resolve()
        try:
            target = (root / path).resolve()
        except (OSError, ValueError):
            target = root
        if not target.is_relative_to(root) or not target.is_file() or target.suffix not in WEB_TYPES:
            raise TableError("not_found", f"no file {path!r} in the web drawing of {game_id!r}"[:200], 404)
        return FileResponse(target, media_type=WEB_TYPES[target.suffix])

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Guard, settings=settings)
    return app
