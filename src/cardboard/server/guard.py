"""What every request passes before the app sees it (a pure ASGI middleware):

- the Host header names an allowed host (DNS rebinding), and a browser's Origin is the
  server's own or an allowed one (cross-site posts and websockets);
- a request body is counted while it is read: 413 at the limit, chunked or not, 408 when it
  comes too slowly; a POST is JSON (415 otherwise: no cross-site "simple" form posts);
- every response carries the security headers (CSP, no framing, no sniffing, no referrer).

Each refusal is one short log line on the "cardboard.server" logger.
"""
from __future__ import annotations

import asyncio
import json
import logging
from urllib.parse import urlsplit

from .settings import ServerSettings

log = logging.getLogger("cardboard.server")

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def _hostname(host: str) -> str:
    """'example.org:8000' -> 'example.org', '[::1]:8000' -> '::1'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


class Guard:
    def __init__(self, app, settings: ServerSettings):
        self.app = app
        self.settings = settings
        self.hosts = {h.lower() for h in settings.allowed_hosts}
        self.origins = {o.lower().rstrip("/") for o in settings.allowed_origins}

    def host_ok(self, host: str | None) -> bool:
        if "*" in self.hosts:
            return True
        return host is not None and _hostname(host) in self.hosts

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """No Origin (a program, not a page) is fine; a page's must be this server or allowed."""
        if origin is None:
            return True
        origin = origin.lower().rstrip("/")
        if origin in self.origins or "*" in self.origins:
            return True
        parts = urlsplit(origin)
        return (parts.scheme in ("http", "https") and host is not None and parts.netloc == host.strip().lower()
                and self.host_ok(parts.netloc))

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {}
        for k, v in scope.get("headers", ()):
            headers.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
        host, origin = headers.get("host"), headers.get("origin")
        client = (scope.get("client") or ("?", 0))[0]
        if kind == "websocket":
            if not self.host_ok(host) or not self.origin_ok(origin, host):
                log.warning("refused a websocket from %s: host %r, origin %r not allowed", client, host, origin)
                await send({"type": "websocket.close", "code": 4403})  # before accepting: HTTP 403
                return
            return await self.app(scope, receive, send)

        async def secure_send(message):
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        method = scope.get("method", "GET")
        if not self.host_ok(host):
            return await self.refuse(secure_send, client, 400, "bad_host",
                                     f"this server does not answer to the host {host!r}")
        if method in BODY_METHODS:
            if not self.origin_ok(origin, host):
                return await self.refuse(secure_send, client, 403, "bad_origin",
                                         f"requests from the page {origin!r} are not allowed")
            ctype = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if ctype != "application/json":
                return await self.refuse(secure_send, client, 415, "bad_type",
                                         "requests are JSON: send Content-Type: application/json")
            limit = self.settings.max_body
            size = headers.get("content-length")
            if size is not None and (not size.isdigit() or int(size) > limit):
                return await self.refuse(secure_send, client, 413, "too_large", f"requests are limited to {limit} bytes")
            body = bytearray()
            more = True
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.settings.header_timeout  # for the whole body, however it trickles
            while more:
                try:
                    message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
                except asyncio.TimeoutError:
                    return await self.refuse(secure_send, client, 408, "too_slow",
                                             f"the request's body took more than {self.settings.header_timeout:g} s")
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                if len(body) > limit:
                    return await self.refuse(secure_send, client, 413, "too_large",
                                             f"requests are limited to {limit} bytes")
                more = message.get("more_body", False)
            replayed = False

            async def replay():
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": bytes(body), "more_body": False}
                return await receive()

            return await self.app(scope, replay, secure_send)
        return await self.app(scope, receive, secure_send)

    @staticmethod
    async def refuse(send, client: str, status: int, code: str, message: str) -> None:
        log.warning("refused a request from %s: %s (%s)", client, code, message)
        body = json.dumps({"error": code, "message": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


__all__ = ["Guard", "CSP", "SECURITY_HEADERS"]
