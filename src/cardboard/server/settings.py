"""Every limit of the web table in one place, with the defaults a public server wants.

`create_app(settings=ServerSettings(...))` takes them; `cardboard serve` has a flag for each
(`--max-body`, `--send-timeout`, ...: the field name with dashes). PROTOCOL.md lists them.
"""
from __future__ import annotations

import os
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

LOOPBACK = ("localhost", "127.0.0.1", "::1")


def default_bot_workers() -> int:
    """Bot decisions run on this many processes: one core is left to the event loop."""
    return max(1, (os.cpu_count() or 1) - 1)


class ServerSettings(BaseModel):
    """The web table's limits. Each field is a `cardboard serve` flag of the same name."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # ---- storage
    db: str = Field(":memory:", description="SQLite file keeping every table (':memory:' for none)")
    synchronous: Literal["OFF", "NORMAL", "FULL", "EXTRA"] = Field(
        "FULL", description="SQLite's synchronous setting: FULL makes a stored move survive a power cut, NORMAL "
                "only a killed process (moves stored at once share a commit either way)")

    # ---- input
    max_body: int = Field(64 * 1024, ge=256, description="bytes of an HTTP request body (counted while reading)")
    max_message: int = Field(16 * 1024, ge=256, description="characters of a websocket message from a client")
    max_json_depth: int = Field(32, ge=2, le=200, description="nesting of a websocket message's JSON")

    # ---- sockets
    outbox: int = Field(16, ge=2, description="messages waiting for one socket before it is dropped "
                                               "(state messages replace each other, so only a silent reader fills it)")
    send_timeout: float = Field(5.0, gt=0, description="seconds one send may take before the socket is dropped")
    sockets_per_table: int = Field(300, ge=1, description="websockets open on one table")
    sockets_per_address: int = Field(100, ge=1, description="websockets open from one client address")
    header_timeout: float = Field(10.0, gt=0, description="seconds a connection may take to send a request's "
                                                           "headers (and a request its body)")
    idle_timeout: float = Field(90.0, gt=0, description="seconds a websocket may stay silent (the page pings "
                                                         "every 25 s)")
    limit_concurrency: int = Field(2000, ge=10, description="connections the server holds at once (503 beyond)")
    ws_deflate: bool = Field(False, description="compress websocket messages (permessage-deflate): less traffic, "
                                                "but every socket compresses its own copy of each picture")

    # ---- quotas and memory
    tables_per_hour: int = Field(60, ge=1, description="tables one client address may create an hour")
    page_size: int = Field(100, ge=1, le=100, description="tables in a page of the lobby (at most 100)")
    live_tables: int = Field(500, ge=1, description="tables kept in memory; idle ones are rebuilt from the store")
    idle_table_seconds: float = Field(300.0, gt=0, description="a table nobody watches leaves memory after this")

    # ---- bots
    bot_delay: float = Field(0.6, ge=0, le=10, description="seconds a bot waits before its move")
    bot_workers: int = Field(default_factory=default_bot_workers, ge=1, le=64,
                             description="processes thinking for bots (default: cores - 1)")
    bot_pool: Literal["process", "thread"] = Field(
        "process", description="'thread' keeps bots in the server's process (tests; cheap bots only)")
    worker_nice: int = Field(10, ge=0, le=19, description="how far below the server's priority the bot and "
                                                      "undo-check workers run (os.nice): people's moves first")
    max_bot_seconds: float = Field(5.0, gt=0, le=60, description="the largest time budget a seat's level may ask")
    # ---- clocks (a table's creator may set one: clocks.py)
    clock_min_time: float = Field(5.0, gt=0, description="the least time per decision (each seat's bank) a clock may have, s")
    clock_max_time: float = Field(3600.0, gt=0, description="the most time per decision a clock may have, s")
    clock_max_increment: float = Field(600.0, ge=0, description="the most time a clock may add after each decision, s")
    undo_check: Literal["process", "inline"] = Field(
        "process", description="where a one-person table's undo check runs: a worker process (its state "
                               "message says can_undo a moment later) or inline on the event loop (tests)")

    # ---- who may talk to the server
    allowed_hosts: tuple[str, ...] = Field(LOOPBACK, description="Host header names served ('*' for any)")
    allowed_origins: tuple[str, ...] = Field((), description="origins besides the server's own that may "
                                                             "post and open websockets")

    @staticmethod
    def hosts_for(bind: str) -> tuple[str, ...]:
        """The Host names a server bound to `bind` answers to by default."""
        if bind in LOOPBACK or bind.startswith("127."):
            return LOOPBACK
        if bind in ("0.0.0.0", "::", ""):
            # every interface: this machine's own names and addresses (a public name is added
            # with --allow-host); a name some other DNS points here (rebinding) stays refused
            import socket

            names = {socket.gethostname(), socket.getfqdn()}
            try:
                names |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)}
            except OSError:
                pass
            return LOOPBACK + tuple(sorted(n.lower() for n in names if n and n not in LOOPBACK))
        return (bind,)


__all__ = ["ServerSettings", "LOOPBACK", "default_bot_workers"]
