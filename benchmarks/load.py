"""Load on the web table: N tables played at once over websockets on loopback.

Starts `cardboard serve` in a subprocess (its own process, as in use), creates N tables of two
human seats, and drives every seat from one asyncio client: each move is sent when the seat is to
decide and timed until the mover receives the new state. Prints moves/s and latency percentiles.

    python benchmarks/load.py [--tables 50] [--game abyss] [--seconds 20] [--json PATH]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "cardboard.cli", "serve", "--port", str(port), "--db", db,
                             "--bot-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=os.environ | {"PYTHONUNBUFFERED": "1"})
    for _ in range(200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat(url: str, rnd: random.Random, stop: float, latencies: list[float], done: list[int]) -> None:
    async with connect(url, max_size=2**24) as ws:
        m = None
        while time.monotonic() < stop:
            if m is None:
                m = json.loads(await ws.recv())
            if m["type"] != "state" or "result" in m:
                if m.get("result") is not None:
                    return
                m = None
                continue
            if not m["legal"]:
                m = None
                continue
            move = rnd.choice(m["legal"])["move"]
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "move": move, "n": m["n"]}))
            while True:  # until this seat sees its move applied (or refused)
                r = json.loads(await ws.recv())
                if r["type"] == "error" or r.get("n", -1) > m["n"]:
                    break
            latencies.append(time.perf_counter() - sent)
            done[0] += 1
            m = r if r["type"] == "state" else None  # the answer is the next picture


async def run(port: int, tables: int, game: str, seconds: float) -> dict:
    base = f"http://127.0.0.1:{port}"
    urls = []
    async with httpx.AsyncClient(base_url=base) as http:
        for i in range(tables):
            t = (await http.post("/api/tables", json={"game": game, "players": 2,
                                                      "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
            for name in ("A", "B"):
                tok = (await http.post(f"/api/tables/{t['id']}/join", json={"name": name})).json()["token"]
                urls.append(f"ws://127.0.0.1:{port}/ws/tables/{t['id']}?token={tok}")
    latencies: list[float] = []
    done = [0]
    started = time.monotonic()
    stop = started + seconds
    await asyncio.gather(*(seat(u, random.Random(i), stop, latencies, done) for i, u in enumerate(urls)))
    elapsed = time.monotonic() - started
    lat = sorted(latencies)
    pick = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    return {"tables": tables, "game": game, "seconds": round(elapsed, 2), "moves": done[0],
            "moves_per_s": round(done[0] / elapsed, 1), "p50_ms": round(pick(0.50), 1),
            "p99_ms": round(pick(0.99), 1), "mean_ms": round(statistics.fmean(lat) * 1000, 1) if lat else None}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--game", default="abyss")
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--json", default=str(Path(__file__).with_name("load-results.json")))
    args = p.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, str(Path(tmp) / "load.sqlite"))
        try:
            result = asyncio.run(run(port, args.tables, args.game, args.seconds))
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print(json.dumps(result, indent=2))
    Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
