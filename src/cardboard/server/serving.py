"""Running the app under uvicorn with the settings' connection limits.

uvicorn closes an idle keep-alive connection but has no limit on how long a client may take to
send a request's headers: `TimedH11Protocol` arms a timer when a connection opens (and after
each response) and drops the connection unless a request's headers have arrived when it fires.
A request's body has its own deadline in the app (guard.py); a websocket its idle timeout.
"""
from __future__ import annotations

import asyncio
import gc
import logging

from uvicorn.protocols.http.h11_impl import H11Protocol

from .settings import ServerSettings

log = logging.getLogger("cardboard.server")


class TimedH11Protocol(H11Protocol):
    header_timeout = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
        self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            client = "%s:%d" % self.client if self.client else "?"
            log.info("dropped a connection from %s: no request headers within %g s", client, self.header_timeout)
            self.transport.abort()

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not before:  # a request's headers arrived
            self._disarm()

    def handle_websocket_upgrade(self, event) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        self._arm()  # the next request's headers are on the same clock (a pipelined one disarms it)
        super().on_response_complete()
        if self.transport.is_closing():
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def freeze_startup_heap() -> None:
    """Move everything loaded at start (modules, the app, the games' data and schemas: never
    garbage) out of the cyclic collector's reach: a full collection then walks only what the
    tables made since, and stops the event loop for that long instead of for the whole heap.
    The games (registered as entry points, imported on first use) and the agents are loaded
    first, so the lobby's first request does not import them either."""
    import cardboard.agents  # noqa: F401  (cheap bots decide in the server's threads)

    from .tables import TableService

    TableService.games()
    gc.collect()
    gc.freeze()


def uvicorn_config(app, settings: ServerSettings, host: str, port: int, log_level: str = "warning",
                   freeze_heap: bool = True):
    """uvicorn's configuration for `app` under `settings`. With `freeze_heap` (`cardboard serve`
    builds the app, then this, then serves) the heap loaded so far is frozen first."""
    import uvicorn

    if freeze_heap:
        freeze_startup_heap()

    protocol = type("TimedH11Protocol", (TimedH11Protocol,), {"header_timeout": settings.header_timeout})
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, http=protocol,
                          ws_max_size=settings.max_message * 4, limit_concurrency=settings.limit_concurrency,
                          timeout_keep_alive=5, ws_ping_interval=20.0, ws_ping_timeout=20.0, access_log=False,
                          ws_per_message_deflate=settings.ws_deflate)


__all__ = ["TimedH11Protocol", "freeze_startup_heap", "uvicorn_config"]
