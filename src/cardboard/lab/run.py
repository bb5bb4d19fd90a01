"""Running a campaign: plan what the store lacks, send it in batches to a backend, append
each finished game to the store, show progress with the campaign's leading figure."""
from __future__ import annotations

import math
import time
from collections import defaultdict
from pathlib import Path

from cardboard.engine import ConfigError

from .backends import make_backend
from .campaign import BASE, Campaign
from .content import check_patch
from .stats import proportion_ci
from .store import Store


def focus_value(record: dict, focus, outcome: str) -> float | None:
    """A game's result for a variant's focus: its seat's, or the mean of the seats holding the
    feature (None when no seat holds it)."""
    values = record["shares"] if outcome == "win" else record["scores"]
    if focus is None:
        return None
    if focus.seat is not None:
        return values[focus.seat] if focus.seat < len(values) else None
    seats = [s for s, f in enumerate(record["features"] or []) if _num(f.get(focus.feature)) > 0]
    return sum(values[s] for s in seats) / len(seats) if seats else None


def _num(value) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


class Leader:
    """The campaign's leading figure, kept up to date as games end (for the progress line)."""

    def __init__(self, campaign: Campaign):
        self.campaign = campaign
        cls = campaign.game_class()
        self.coop = cls.cooperative
        self.first = next((v for v in campaign.variants if v.focus is not None), None)
        self.games = self.team = 0
        self.seat0 = 0.0
        self.fair = 0.0
        self.agent = defaultdict(lambda: [0.0, 0])
        self.pairs: dict = {BASE: {}, "variant": {}}

    def add(self, r: dict) -> None:
        if r["error"]:
            return
        if self.first is not None and r["variant"] in (BASE, self.first.name):
            v = focus_value(r, self.first.focus, self.campaign.report.outcome)
            if v is not None:
                self.pairs[BASE if r["variant"] == BASE else "variant"][(r["cell"].split(" | ")[0], r["k"])] = v
        if r["variant"] != BASE:
            return
        self.games += 1
        self.team += 1 if r["winners"] else 0
        self.seat0 += r["shares"][0]
        self.fair += 1 / r["players"]
        for name, share in zip(r["agents"], r["shares"]):
            self.agent[name][0] += share
            self.agent[name][1] += 1

    def text(self) -> str:
        if self.first is not None:
            both = self.pairs[BASE].keys() & self.pairs["variant"].keys()
            if both:
                d = sum(self.pairs["variant"][k] - self.pairs[BASE][k] for k in both) / len(both)
                unit = "points of win rate" if self.campaign.report.outcome == "win" else "points"
                scale = 100 if self.campaign.report.outcome == "win" else 1
                return f"{self.first.name}: {d * scale:+.1f} {unit} ({len(both)} pairs)"
        if not self.games:
            return ""
        if self.coop:
            rate, lo, hi = proportion_ci(self.team, self.games)
            return f"team wins {rate:.1%} ({lo:.0%}–{hi:.0%})"
        if len(self.agent) > 1:
            name, (wins, seats) = max(self.agent.items(), key=lambda kv: kv[1][0] / kv[1][1])
            return f"{name} wins {wins / seats:.1%} of its seats"
        return f"first seat wins {self.seat0 / self.games:.1%} (fair {self.fair / self.games:.1%})"


def plan(campaign: Campaign, done: set) -> list[tuple[str, int]]:
    """Every game the store lacks, index-major (game 0 of every cell, then game 1, ...), so a
    run stopped early has every cell equally far along."""
    cells = campaign.cells()
    return [(c.key, k) for k in range(campaign.games) for c in cells if (c.key, k) not in done]


def default_store(campaign_path: str | Path, campaign: Campaign) -> Path:
    return Path(campaign_path).resolve().parent / f"{campaign.name}.sqlite"


def run_campaign(campaign: Campaign, store_path: str | Path, backend: str = "local", workers: int | None = None,
                 address: str | None = None, batch_seconds: float = 1.0, show: bool = True,
                 console=None, stop_after: int | None = None) -> dict:
    """Play the games the store lacks. Returns {"played", "stored", "planned", "errors", "seconds",
    "backend", "workers", "leading"}. `stop_after`: stop once that many games were stored (tests)."""
    cls = campaign.game_class()
    for variant in campaign.variants:
        if variant.content is not None:
            check_patch(cls, variant.content)
    store = Store(store_path)
    try:
        store.bind(campaign)
        todo = plan(campaign, store.done())
        leader = Leader(campaign)
        existing = store.rows(times=True)
        for r in existing:
            leader.add(r)
        summary = {"planned": len(todo), "played": 0, "stored": len(existing), "errors": 0, "backend": backend,
                   "workers": 0, "seconds": 0.0, "leading": leader.text()}
        if not todo:
            summary["backend"] = "none: every game is in the store"
            return summary
        started = time.perf_counter()
        engine = make_backend(backend, campaign, workers, address)
        summary["workers"] = engine.capacity
        summary["startup"] = time.perf_counter() - started  # the backend's own start (Ray's connection)
        walls = [r["wall"] for r in existing if not r["error"]]
        try:
            _drive(engine, todo, store, leader, summary, walls, batch_seconds, show, console, stop_after, campaign)
        finally:
            engine.close()
            summary["seconds"] = time.perf_counter() - started
            summary["stored"] = store.count()
            summary["leading"] = leader.text()
        return summary
    finally:
        store.close()


def _batch_size(walls: list, batch_seconds: float, left: int, capacity: int) -> int:
    if not walls:
        return 1
    per_game = max(sum(walls[-200:]) / len(walls[-200:]), 1e-5)
    size = max(1, min(2000, int(batch_seconds / per_game)))
    share = max(1, math.ceil(left / (2 * capacity)))  # leave enough batches for the last workers
    return min(size, share)


def _drive(engine, todo, store, leader, summary, walls, batch_seconds, show, console, stop_after, campaign):
    from contextlib import nullcontext

    progress = _progress(console) if show else None
    with progress or nullcontext():
        task = progress.add_task(campaign.name, total=len(todo), rate="", lead=leader.text()) if progress else None
        queue = list(reversed(todo))
        in_flight: dict = {}
        next_id = 0
        started = time.perf_counter()
        finished = 0
        while queue or in_flight:
            while queue and len(in_flight) < 2 * engine.capacity:
                size = _batch_size(walls, batch_seconds, len(queue), engine.capacity)
                items = [queue.pop() for _ in range(min(size, len(queue)))]
                engine.submit(next_id, items)
                in_flight[next_id] = items
                next_id += 1
            fresh = []
            for kind, value in engine.events(timeout=0.5):
                if kind == "game":
                    fresh.append(value)
                else:
                    in_flight.pop(value, None)
            if fresh:
                store.add(fresh)
                for r in fresh:
                    leader.add(r)
                    walls.append(r["wall"])
                    summary["errors"] += 1 if r["error"] else 0
                finished += len(fresh)
                summary["played"] = finished
                if progress:
                    rate = finished / max(time.perf_counter() - started, 1e-9)
                    progress.update(task, completed=finished, rate=f"{rate:,.1f} games/s", lead=leader.text())
                if stop_after is not None and store.count() >= stop_after:
                    return


def _progress(console):
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"),
                    TimeRemainingColumn(), TextColumn("[cyan]{task.fields[lead]}"), console=console)


__all__ = ["run_campaign", "plan", "Leader", "focus_value", "default_store", "ConfigError"]
