"""The store: one SQLite file, one row per finished game, appended as each game ends.

A game is keyed by its cell and index, so a resumed campaign never plays or keeps a game
twice. `meta` keeps the campaign (as JSON) and its fingerprint: a store answers for one
campaign only."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from cardboard.engine import ConfigError

from .campaign import Campaign

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    cell TEXT NOT NULL, k INTEGER NOT NULL, variant TEXT NOT NULL, players INTEGER NOT NULL,
    grid TEXT NOT NULL, seed TEXT NOT NULL, agents TEXT NOT NULL, scores TEXT, winners TEXT,
    shares TEXT, moves INTEGER NOT NULL, wall REAL NOT NULL, cpu REAL NOT NULL, features TEXT,
    error TEXT, PRIMARY KEY (cell, k)
);
"""
COLUMNS = ("cell", "k", "variant", "players", "grid", "seed", "agents", "scores", "winners", "shares",
           "moves", "wall", "cpu", "features", "error")
JSON_COLUMNS = ("agents", "scores", "winners", "shares", "features")
TIMES = ("wall", "cpu")


class Store:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.db = sqlite3.connect(str(self.path), timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    @classmethod
    def open_existing(cls, path: str | Path) -> "Store":
        if not Path(path).is_file():
            raise ConfigError(f"no store at '{path}'")
        store = cls(path)
        if store.meta("campaign") is None:
            raise ConfigError(f"'{path}' is not a lab store (no campaign in it)")
        return store

    # ------------------------------------------------------------------ the campaign
    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def bind(self, campaign: Campaign) -> None:
        """Keep the campaign in the store; a store made by another campaign is refused."""
        found = self.meta("fingerprint")
        mine = campaign.fingerprint()
        if found is not None and found != mine:
            raise ConfigError(f"the store '{self.path}' holds games of another campaign (or of this one "
                              "before it was changed): give another --store, or delete it to start again")
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (mine,))
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('campaign', ?)",
                            (json.dumps(campaign.model_dump(mode="json")),))

    def campaign(self) -> Campaign:
        return Campaign.model_validate(json.loads(self.meta("campaign")))

    # ------------------------------------------------------------------ games
    def done(self) -> set[tuple[str, int]]:
        return set(self.db.execute("SELECT cell, k FROM games"))

    def add(self, records: list[dict]) -> int:
        """Append finished games (one transaction); a game already stored is kept as it was."""
        rows = [tuple(json.dumps(r[c]) if c in JSON_COLUMNS else str(r[c]) if c == "seed" else r[c]
                      for c in COLUMNS) for r in records]  # seeds are 64-bit unsigned: kept as text
        with self.db:
            before = self.db.total_changes
            self.db.executemany(f"INSERT OR IGNORE INTO games VALUES ({', '.join('?' * len(COLUMNS))})", rows)
            return self.db.total_changes - before

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def rows(self, times: bool = True) -> list[dict]:
        """Every game, ordered by cell and index (so two stores compare row by row)."""
        cols = [c for c in COLUMNS if times or c not in TIMES]
        out = []
        for row in self.db.execute(f"SELECT {', '.join(cols)} FROM games ORDER BY cell, k"):
            doc = dict(zip(cols, row))
            for c in JSON_COLUMNS:
                doc[c] = json.loads(doc[c]) if doc[c] is not None else None
            doc["seed"] = int(doc["seed"])
            out.append(doc)
        return out

    def close(self) -> None:
        self.db.close()


# ---------------------------------------------------------------------- export
def seat_rows(rows: list[dict]) -> list[dict]:
    """One row per seat of each game (the form analysis tools want): the game's columns, the
    seat's agent, score, win share, and each feature as `f.<name>`."""
    out = []
    for r in rows:
        if r["error"]:
            continue
        for s in range(r["players"]):
            doc = {"cell": r["cell"], "k": r["k"], "variant": r["variant"], "players": r["players"],
                   **{f"grid.{key}": value for key, value in json.loads(r["grid"]).items()},
                   "seed": r["seed"], "seat": s, "agent": r["agents"][s], "score": r["scores"][s],
                   "share": r["shares"][s], "winner": int(s in r["winners"]), "moves": r["moves"],
                   "wall": r["wall"], "cpu": r["cpu"]}
            for name, value in (r["features"][s] if r["features"] and s < len(r["features"]) else {}).items():
                doc[f"f.{name}"] = value
            out.append(doc)
    return out


def to_frame(rows: list[dict]):
    import pandas as pd

    frame = pd.DataFrame(seat_rows(rows))
    for col in frame.columns:  # a feature mixing words and numbers is kept as words
        if frame[col].dtype == object:
            kinds = {type(v) for v in frame[col].dropna()}
            if kinds and not kinds <= {int, float}:
                frame[col] = frame[col].map(lambda v: None if v is None or v != v else str(v))
    return frame


def export(store_path: str | Path, out: str | Path, fmt: str = "parquet") -> int:
    """The store's seats as a Parquet (or CSV) table; returns the rows written."""
    store = Store.open_existing(store_path)
    try:
        frame = to_frame(store.rows())
    finally:
        store.close()
    if fmt == "parquet":
        try:
            frame.to_parquet(out, index=False)
        except ImportError:
            raise ConfigError("Parquet needs pyarrow: pip install 'cardboard[lab]'") from None
    else:
        frame.to_csv(out, index=False)
    return len(frame)
