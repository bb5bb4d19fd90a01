"""Where tables live between moves: set-up (game, players, seed, options, seats) and the log.

The live state is never stored: it is rebuilt by replaying the log, so a table survives a
restart exactly. `Store` is the one small interface the server uses; `SQLiteStore` is the
embedded implementation (a server database can implement the same methods later).
Every write is one transaction committed before the call returns (a move and the status it
leads to together; a rematch and the link to it together), so a move is durable before it is
acknowledged to anyone, and a crash never leaves half a change.

Group commit: writes from several threads that arrive while a commit is syncing go together in
the next one, each in its own savepoint (all or nothing, and one refused write fails alone), so
`synchronous=FULL` costs one sync for a batch, not one per move. Reads have their own connection
and never wait for a write's sync.
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
    left: bool = False             # its player left a game under way: kept for their credential
    invite_hash: str | None = None  # sha256 of the creator's one-time invitation to this seat

    def to_json(self) -> dict:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token_hash": self.token_hash,
                "left": self.left, "invite_hash": self.invite_hash}

    @staticmethod
    def from_json(doc: dict) -> "SeatRecord":
        return SeatRecord(doc["kind"], doc.get("level"), doc.get("name"), doc.get("token_hash"),
                          bool(doc.get("left", False)), doc.get("invite_hash"))


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
    seed_chosen: bool = False      # the creator chose the seed: it is shown to everyone
    creator_hash: str | None = None  # sha256 of the creator's credential (invitations)
    clock: dict | None = None      # the table's clock (clocks.py): settings, banks, whose runs; None: none
    deadline: float | None = None  # when the running clock runs out (wall clock, epoch seconds); None: none runs


class Store(Protocol):
    def create(self, table: TableRecord) -> None: ...
    def get(self, table_id: str) -> TableRecord | None: ...
    def list(self, limit: int = 100, before: float | None = None) -> list[TableRecord]: ...
    def update(self, table: TableRecord) -> None: ...
    def moves(self, table_id: str) -> list[dict]: ...
    def move_count(self, table_id: str) -> int: ...
    def move_counts(self, table_ids: list[str]) -> dict[str, int]: ...
    def append_move(self, table_id: str, n: int, move: dict, status: str | None = None,
                    clock: tuple[dict, float | None] | None = None) -> None: ...
    def deadlines(self) -> list[tuple[str, float]]: ...
    def truncate(self, table_id: str, n: int, clock: tuple[dict, float | None] | None = None) -> None: ...
    def rematch(self, old_id: str, new: TableRecord) -> str: ...
    def close(self) -> None: ...


class StoreConflict(Exception):
    """A write that would break the log (a move number already taken)."""


class _Write:
    """One caller's transaction waiting for a commit (group commit)."""

    __slots__ = ("statements", "counts", "error", "done")

    def __init__(self, statements):
        self.statements = statements
        self.counts: list[int] = []
        self.error: BaseException | None = None
        self.done = False


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, seed INTEGER NOT NULL,
    options TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL, status TEXT NOT NULL,
    previous TEXT, next TEXT, seed_chosen INTEGER NOT NULL DEFAULT 0, creator_hash TEXT,
    clock TEXT, deadline REAL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, n INTEGER NOT NULL, move TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE INDEX IF NOT EXISTS tables_created ON tables (created);
"""
# columns added after the first release, with the value existing rows get
_MIGRATIONS = (("seed_chosen", "INTEGER NOT NULL DEFAULT 0"), ("creator_hash", "TEXT"), ("clock", "TEXT"),
               ("deadline", "REAL"))
_COLUMNS = ("id, game, players, seed, options, seats, created, status, previous, next, seed_chosen, "
            "creator_hash, clock, deadline")


class SQLiteStore:
    """One SQLite file (or ':memory:'); safe to call from several threads.

    `synchronous` is SQLite's setting under WAL: FULL (the server's default) syncs the log at
    every commit, so an acknowledged move survives a power cut; NORMAL only a killed process."""

    def __init__(self, path: str = ":memory:", synchronous: str = "FULL"):
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._queue = threading.Condition()  # guards _pending and _leading (group commit)
        self._pending: list[_Write] = []
        self._leading = False
        self.commits = 0  # transactions committed (a batch of writes is one)
        # reads have their own connection (WAL lets them see the last commit without waiting for a
        # write's sync); an in-memory database has only the one
        self._rdb, self._rlock = self._db, self._lock
        with self._lock:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(f"PRAGMA synchronous={synchronous}")
            have = {r[1] for r in self._db.execute("PRAGMA table_info(tables)").fetchall()}
            if have:  # an older file: add the new columns first (the index script names none of them)
                for name, decl in _MIGRATIONS:
                    if name not in have:
                        self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {decl}")
            self._db.executescript(_SCHEMA)
        if path != ":memory:":
            self._rdb = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._rlock = threading.Lock()

    def _row(self, row) -> TableRecord:
        return TableRecord(id=row[0], game=row[1], players=row[2], seed=row[3], options=json.loads(row[4]),
                           seats=[SeatRecord.from_json(s) for s in json.loads(row[5])], created=row[6],
                           status=row[7], previous=row[8], next=row[9], seed_chosen=bool(row[10]),
                           creator_hash=row[11], clock=json.loads(row[12]) if row[12] else None,
                           deadline=row[13])

    def _transaction(self, *statements: tuple[str, tuple]) -> list:
        """Run statements as one transaction (all or nothing), committed before this returns;
        returns their cursors' rowcounts. Writes waiting at the same time share one commit: the
        first waiter to find no commit under way commits every waiting write, each in its own
        savepoint."""
        me = _Write(statements)
        with self._queue:
            self._pending.append(me)
            while self._leading and not me.done:
                self._queue.wait()
            if not me.done:
                self._leading = True
                batch, self._pending = self._pending, []
        if not me.done:
            try:
                with self._lock:
                    self._commit(batch)
            finally:
                with self._queue:
                    self._leading = False
                    self._queue.notify_all()
        if me.error is not None:
            raise me.error
        return me.counts

    def _commit(self, batch: list[_Write]) -> None:
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                for w in batch:
                    db.execute("SAVEPOINT w")
                    try:
                        w.counts = [db.execute(sql, args).rowcount for sql, args in w.statements]
                    except Exception as exc:
                        db.execute("ROLLBACK TO w")
                        w.error, w.counts = exc, []
                    db.execute("RELEASE w")
                db.execute("COMMIT")
                self.commits += 1
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except BaseException as exc:  # nothing of the batch was committed: every write fails
            for w in batch:
                if w.error is None:
                    w.error = exc
        finally:
            for w in batch:
                w.done = True

    @staticmethod
    def _insert(table: TableRecord) -> tuple[str, tuple]:
        return (f"INSERT INTO tables ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (table.id, table.game, table.players, table.seed, json.dumps(table.options),
                 json.dumps([s.to_json() for s in table.seats]), table.created, table.status,
                 table.previous, table.next, int(table.seed_chosen), table.creator_hash,
                 None if table.clock is None else json.dumps(table.clock), table.deadline))

    def create(self, table: TableRecord) -> None:
        self._transaction(self._insert(table))

    def get(self, table_id: str) -> TableRecord | None:
        with self._rlock:
            row = self._rdb.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return self._row(row) if row else None

    def list(self, limit: int = 100, before: float | None = None) -> list[TableRecord]:
        """The newest tables first; `before` pages on (tables created strictly earlier)."""
        with self._rlock:
            if before is None:
                rows = self._rdb.execute(f"SELECT {_COLUMNS} FROM tables ORDER BY created DESC LIMIT ?",
                                         (limit,)).fetchall()
            else:
                rows = self._rdb.execute(f"SELECT {_COLUMNS} FROM tables WHERE created < ? ORDER BY created DESC "
                                        "LIMIT ?", (before, limit)).fetchall()
        return [self._row(r) for r in rows]

    def update(self, table: TableRecord) -> None:
        self._transaction(("UPDATE tables SET seats = ?, status = ?, next = ?, clock = ?, deadline = ? WHERE id = ?",
                           (json.dumps([s.to_json() for s in table.seats]), table.status, table.next,
                            None if table.clock is None else json.dumps(table.clock), table.deadline, table.id)))

    def deadlines(self) -> list[tuple[str, float]]:
        """(table id, deadline) of every table whose clock runs (a restart re-arms them)."""
        with self._lock:
            return self._db.execute("SELECT id, deadline FROM tables WHERE deadline IS NOT NULL").fetchall()

    def moves(self, table_id: str) -> list[dict]:
        with self._rlock:
            rows = self._rdb.execute("SELECT n, move FROM moves WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
        for i, (n, _) in enumerate(rows):
            if n != i:
                raise StoreConflict(f"table {table_id}: the log has a gap at move {i}")
        return [json.loads(m) for _, m in rows]

    def move_count(self, table_id: str) -> int:
        with self._rlock:
            return self._rdb.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()[0]

    def move_counts(self, table_ids: list[str]) -> dict[str, int]:
        """Moves recorded per table, for a page of the lobby in one query (absent: none)."""
        if not table_ids:
            return {}
        marks = ",".join("?" * len(table_ids))
        with self._rlock:
            rows = self._rdb.execute(f"SELECT table_id, COUNT(*) FROM moves WHERE table_id IN ({marks}) "
                                     "GROUP BY table_id", list(table_ids)).fetchall()
        return dict(rows)

    def append_move(self, table_id: str, n: int, move: dict, status: str | None = None,
                    clock: tuple[dict, float | None] | None = None) -> None:
        """Record move n; with `status`, the table's new status, and with `clock`, its clock and
        deadline (clocks.py), in the same transaction."""
        statements = [("INSERT INTO moves VALUES (?,?,?,?)", (table_id, n, json.dumps(move), time.time()))]
        if status is not None:
            statements.append(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id)))
        if clock is not None:
            statements.append(("UPDATE tables SET clock = ?, deadline = ? WHERE id = ?",
                               (json.dumps(clock[0]), clock[1], table_id)))
        try:
            self._transaction(*statements)
        except sqlite3.IntegrityError as exc:
            if "UNIQUE" not in str(exc):
                raise
            raise StoreConflict(f"table {table_id}: move {n} is already recorded") from None

    def truncate(self, table_id: str, n: int, clock: tuple[dict, float | None] | None = None) -> None:
        """Forget moves n and later (undo); with `clock`, the table's clock and deadline in the same
        transaction."""
        statements = [("DELETE FROM moves WHERE table_id = ? AND n >= ?", (table_id, n))]
        if clock is not None:
            statements.append(("UPDATE tables SET clock = ?, deadline = ? WHERE id = ?",
                               (json.dumps(clock[0]), clock[1], table_id)))
        self._transaction(*statements)

    def rematch(self, old_id: str, new: TableRecord) -> str:
        """Create `new` as the rematch of `old_id` and link it, in one transaction; when the old
        table already has a rematch, nothing is written and that rematch's id is returned."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT next FROM tables WHERE id = ?", (old_id,)).fetchone()
                if row is None:
                    raise StoreConflict(f"no table {old_id}")
                if row[0]:
                    self._db.execute("ROLLBACK")
                    return row[0]
                sql, args = self._insert(new)
                self._db.execute(sql, args)
                self._db.execute("UPDATE tables SET next = ? WHERE id = ?", (new.id, old_id))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return new.id

    def integrity(self) -> str:
        """SQLite's own check of the file ('ok' when sound)."""
        with self._rlock:
            return self._rdb.execute("PRAGMA integrity_check").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._rdb is not self._db:
            with self._rlock:
                self._rdb.close()
