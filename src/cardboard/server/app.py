"""The web table: a FastAPI app with a JSON lobby API, one websocket per open table page,
and the static front end. See PROTOCOL.md for the messages."""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardboard.engine import ConfigError, game_class

from .store import SQLiteStore, Store
from .tables import TableError, TableService

STATIC = Path(__file__).with_name("static")
MAX_BODY = 64 * 1024      # bytes of an HTTP request body
MAX_MESSAGE = 16 * 1024   # characters of a websocket message from a client
# what a game's web folder may serve, by suffix
WEB_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png",
             ".webp": "image/webp", ".json": "application/json", ".woff2": "font/woff2"}


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    level: str | None = Field(default=None, max_length=40)


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=60)
    players: int
    options: dict[str, Any] = {}
    seats: list[SeatSpec] = Field(max_length=8)
    seed: int | None = None


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="", max_length=40)
    seat: int | None = None


class Credential(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=100)


def create_app(store: Store | None = None, db: str = ":memory:", bot_delay: float = 0.6) -> FastAPI:
    service = TableService(store or SQLiteStore(db), bot_delay=bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        await service.close()

    app = FastAPI(title="cardboard", lifespan=lifespan)
    app.state.service = service

    @app.middleware("http")
    async def bounded_bodies(request: Request, call_next):
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            return JSONResponse({"error": "too_large", "message": f"requests are limited to {MAX_BODY} bytes"}, 413)
        return await call_next(request)

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError):
        return JSONResponse({"error": exc.code, "message": str(exc)}, exc.status)

    async def body(request: Request, model: type[BaseModel]) -> Any:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise TableError("too_large", f"requests are limited to {MAX_BODY} bytes", 413)
        try:
            return model.model_validate_json(raw or b"{}")
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise TableError("bad_request", problems, 422) from None

    # ---------------------------------------------------------------- lobby API
    @app.get("/api/games")
    async def games():
        return service.games()

    @app.get("/api/tables")
    async def tables():
        return service.tables()

    @app.post("/api/tables")
    async def new_table(request: Request):
        spec: NewTable = await body(request, NewTable)
        rec = service.create(spec.game, spec.players, spec.options, [s.model_dump() for s in spec.seats], spec.seed)
        return service.summary(rec)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str):
        return service.summary(service.table(table_id).rec)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request):
        spec: Join = await body(request, Join)
        seat, token = await service.join(table_id, spec.name, spec.seat)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request):
        spec: Credential = await body(request, Credential)
        await service.leave(table_id, spec.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, request: Request):
        spec: Credential = await body(request, Credential)
        rec = await service.again(table_id, spec.token)
        return service.summary(rec)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str):
        return service.replay(table_id)

    # ---------------------------------------------------------------- play
    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str):
        token = ws.query_params.get("token")
        await ws.accept()
        try:
            sub = await service.subscribe(table_id, token, ws.send_json)
        except TableError as exc:
            await ws.send_json({"type": "error", "code": exc.code, "message": str(exc)})
            await ws.close(code=4403 if exc.code == "auth" else 4404)
            return
        try:
            while True:
                text = await ws.receive_text()
                await handle(ws, table_id, token, text)
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(table_id, sub)

    async def handle(ws: WebSocket, table_id: str, token: str | None, text: str) -> None:
        if len(text) > MAX_MESSAGE:
            return await ws.send_json({"type": "error", "code": "too_large",
                                       "message": f"messages are limited to {MAX_MESSAGE} characters"})
        try:
            msg = json.loads(text)
        except ValueError:
            msg = None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            return await ws.send_json({"type": "error", "code": "bad_message",
                                       "message": "a message is a JSON object with a 'type'"})
        try:
            if msg["type"] == "move":
                await service.play(table_id, token, msg.get("move"), msg.get("n"))
            elif msg["type"] == "undo":
                await service.undo(table_id, token)
            elif msg["type"] == "ping":
                await ws.send_json({"type": "pong"})
            else:
                raise TableError("bad_message", f"unknown message type {msg['type']!r}: use move, undo or ping")
        except TableError as exc:
            await ws.send_json({"type": "error", "code": exc.code, "message": str(exc)})

    # ---------------------------------------------------------------- pages
    @app.get("/")
    async def lobby_page():
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}")
    async def table_page(table_id: str):
        return FileResponse(STATIC / "table.html")

    @app.get("/replay/{table_id}")
    async def replay_page(table_id: str):
        return FileResponse(STATIC / "replay.html")

    @app.get("/games/{game_id}/{path:path}")
    async def game_file(game_id: str, path: str):
        """A file of a game's web drawing, from the `web/` folder of the game's own package."""
        try:
            folder = game_class(game_id).web_folder()
        except ConfigError:
            folder = None
        if folder is None:
            raise TableError("not_found", f"game {game_id!r} has no web drawing", 404)
        root = folder.resolve()
        target = (root / path).resolve()
        if not target.is_relative_to(root) or not target.is_file() or target.suffix not in WEB_TYPES:
            raise TableError("not_found", f"no file {path!r} in the web drawing of {game_id!r}", 404)
        return FileResponse(target, media_type=WEB_TYPES[target.suffix])

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
