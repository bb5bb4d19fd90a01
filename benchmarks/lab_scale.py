"""The lab's parallel efficiency: one campaign played at 1 and 2 workers on the local backend
and on Ray (a local Ray instance with that many CPUs), on this machine.

    .venv/bin/python benchmarks/lab_scale.py [--games 300] [--json benchmarks/lab-scale.json]

Efficiency at 2 workers = time at 1 / (2 x time at 2), on the time after the backend is up
(Ray's start-up is reported apart). Each game's CPU seconds are recorded too: CPU seconds of
play / (wall seconds x workers) is how much of the workers' time went to games, so a figure
taken on a busy machine can be told from one on an idle one (the load average is kept).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cardboard.lab import Store, parse_campaign, run_campaign  # noqa: E402


def campaign(games: int):
    return parse_campaign({"name": "scale", "game": "abyss", "players": [3], "games": games, "seed": 7,
                           "agents": ["heuristic"]})


def one(backend: str, workers: int, games: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.sqlite"
        load = os.getloadavg()[0]
        if backend == "ray":
            import ray

            ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        try:
            t0 = time.perf_counter()
            s = run_campaign(campaign(games), path, backend=backend, workers=workers, show=False, batch_seconds=1.0)
            wall = time.perf_counter() - t0
        finally:
            if backend == "ray":
                ray.shutdown()
        store = Store(path)
        rows = store.rows()
        store.close()
    cpu = sum(r["cpu"] for r in rows)
    play = wall - s.get("startup", 0.0)
    return {"backend": backend, "workers": workers, "games": len(rows), "wall": round(wall, 2),
            "startup": round(s.get("startup", 0.0), 2), "play_wall": round(play, 2), "cpu_of_games": round(cpu, 2),
            "games_per_second": round(len(rows) / play, 2), "busy": round(cpu / (play * workers), 3),
            "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "lab-scale.json"))
    ap.add_argument("--backends", default="local,ray")
    args = ap.parse_args(argv)
    runs = []
    for backend in args.backends.split(","):
        for workers in (1, 2):
            r = one(backend, workers, args.games)
            runs.append(r)
            print(json.dumps(r), flush=True)
    out = {"cpus": os.cpu_count(), "runs": runs, "efficiency": {}}
    for backend in args.backends.split(","):
        t1 = next(r for r in runs if r["backend"] == backend and r["workers"] == 1)
        t2 = next(r for r in runs if r["backend"] == backend and r["workers"] == 2)
        out["efficiency"][backend] = {"wall": round(t1["play_wall"] / (2 * t2["play_wall"]), 3),
                                      "busy_ratio": round(t2["busy"] / t1["busy"]
                                                          if t1["busy"] else 0, 3)}
    print(json.dumps(out["efficiency"]))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
