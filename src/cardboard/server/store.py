"""Where tables live between moves: set-up (game, players, seed, options, seats) and the log.

The live state is never stored: it is rebuilt by replaying the log, so a table survives a
restart exactly. `Store` is the one small interface the server uses; `SQLiteStore` is the
embedded implementation (a server database can implement the same methods later).
Every write is committed before the call returns, so a move is durable before it is
acknowledged to anyone.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from typing import Protocol


@dataclass
class SeatRecord:
    kind: str                      # "human" or "bot"
    level: str | None = None       # the bot's agent or level name
    name: str | None = None        # the human's display name, once seated
    token_hash: str | None = None  # sha256 of the seat's secret credential; None = free

    def to_json(self) -> dict:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token_hash": self.token_hash}

    @staticmethod
    def from_json(doc: dict) -> "SeatRecord":
        return SeatRecord(doc["kind"], doc.get("level"), doc.get("name"), doc.get("token_hash"))


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict
    seats: list[SeatRecord]
    created: float = field(default_factory=time.time)
    status: str = "open"           # open (seats free), running, over
    previous: str | None = None    # the table this one is a rematch of
    next: str | None = None        # its rematch, once made


class Store(Protocol):
    def create(self, table: TableRecord) -> None: ...
    def get(self, table_id: str) -> TableRecord | None: ...
    def list(self, limit: int = 100) -> list[TableRecord]: ...
    def update(self, table: TableRecord) -> None: ...
    def moves(self, table_id: str) -> list[dict]: ...
    def move_count(self, table_id: str) -> int: ...
    def append_move(self, table_id: str, n: int, move: dict) -> None: ...
    def truncate(self, table_id: str, n: int) -> None: ...
    def close(self) -> None: ...


class StoreConflict(Exception):
    """A write that would break the log (a move number already taken)."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, seed INTEGER NOT NULL,
    options TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL, status TEXT NOT NULL,
    previous TEXT, next TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, n INTEGER NOT NULL, move TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


class SQLiteStore:
    """One SQLite file (or ':memory:'); safe to call from several threads."""

    def __init__(self, path: str = ":memory:"):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if path != ":memory:":
                # WAL with synchronous=NORMAL: each write is in the log file before the call
                # returns, so a killed server loses nothing; only a power cut could lose the
                # last moves. FULL would fsync every move (~10 ms each here) on the event loop.
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def _row(self, row) -> TableRecord:
        return TableRecord(id=row[0], game=row[1], players=row[2], seed=row[3], options=json.loads(row[4]),
                           seats=[SeatRecord.from_json(s) for s in json.loads(row[5])], created=row[6],
                           status=row[7], previous=row[8], next=row[9])

    def create(self, table: TableRecord) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?)",
                (table.id, table.game, table.players, table.seed, json.dumps(table.options),
                 json.dumps([s.to_json() for s in table.seats]), table.created, table.status,
                 table.previous, table.next))

    def get(self, table_id: str) -> TableRecord | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
        return self._row(row) if row else None

    def list(self, limit: int = 100) -> list[TableRecord]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM tables ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
        return [self._row(r) for r in rows]

    def update(self, table: TableRecord) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE tables SET seats = ?, status = ?, next = ? WHERE id = ?",
                (json.dumps([s.to_json() for s in table.seats]), table.status, table.next, table.id))

    def moves(self, table_id: str) -> list[dict]:
        with self._lock:
            rows = self._db.execute("SELECT n, move FROM moves WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
        for i, (n, _) in enumerate(rows):
            if n != i:
                raise StoreConflict(f"table {table_id}: the log has a gap at move {i}")
        return [json.loads(m) for _, m in rows]

    def move_count(self, table_id: str) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()[0]

    def append_move(self, table_id: str, n: int, move: dict) -> None:
        with self._lock:
            try:
                self._db.execute("INSERT INTO moves VALUES (?,?,?,?)", (table_id, n, json.dumps(move), time.time()))
            except sqlite3.IntegrityError:
                raise StoreConflict(f"table {table_id}: move {n} is already recorded") from None

    def truncate(self, table_id: str, n: int) -> None:
        """Forget moves n and later (undo)."""
        with self._lock:
            self._db.execute("DELETE FROM moves WHERE table_id = ? AND n >= ?", (table_id, n))

    def close(self) -> None:
        with self._lock:
            self._db.close()
