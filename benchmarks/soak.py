"""Soak: the web table under honest play and abuse at once, killed with `kill -9` mid-burst.

On loopback, bounded in time and count: `cardboard serve` in a subprocess; `--tables` tables
(half of two people, half of one person and a bot), their players moving as soon as it is
their turn and, when a game ends, asking for the rematch and playing on there (each table slot
stays in play for the whole soak; its watchers follow it); `--spectators` watchers of which `--silent` complete the websocket handshake and
never read; a flood of table creation; malformed frames (deep JSON, binary, oversized) and
oversized chunked bodies. Each of `--rounds` rounds runs `--seconds` of that, then kills the
server with SIGKILL in a burst of moves, starts it again on the same file and checks that no
acknowledged move was lost. At the end every table's state as the server sends it is compared
with a replay of its stored log, and SQLite checks the file.

Prints moves/s, p50/p95/p99 move latency of the honest players (move sent -> its state
received), the server's peak memory, errors, acknowledged moves lost (must be 0), the store's
integrity, tables whose rebuild differs (must be 0) and tables that stalled (must be 0).

The honest players and the lobby probe run in this process; the rest of the load (spectators,
silent watchers, the flood, malformed frames and bodies) in a second one (`--load-nice` lowers
its priority), so the figure is the latency an honest client sees, not the time its own event
loop spent reading 180 spectators' copies of every picture. The CPU seconds each process used
are reported (`cpu_s`).

    python benchmarks/soak.py [--tables 50] [--spectators 200] [--silent 20] [--rounds 5]
                              [--seconds 20] [--load-nice 0] [--json PATH]
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

GAME = "abyss"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, port: int, db: str, bot_workers: int):
        self.port, self.db, self.bot_workers = port, db, bot_workers
        self.proc: subprocess.Popen | None = None
        self.peak_rss = 0
        self.log = str(Path(db).with_suffix(".log"))  # the server's own lines (one a refusal)

    def log_counts(self) -> dict:
        text = Path(self.log).read_text(errors="replace") if Path(self.log).exists() else ""
        return {"lines": text.count("\n"), "tracebacks": text.count("Traceback"),
                "slow_sockets_dropped": text.count("(4008)"), "binary_frames_closed": text.count("(1003)"),
                "refused_requests": text.count("refused a request"),
                "traceback_samples": [text[i:i + 1500] for i in
                                      [text.find("Traceback")] if i >= 0]}

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardboard.cli", "serve", "--port", str(self.port), "--db", self.db,
             "--bot-delay", "0", "--sockets-per-address", "5000", "--sockets-per-table", "1000",
             "--tables-per-hour", "400", "--send-timeout", "2", "--bot-workers", str(self.bot_workers),
             "--limit-concurrency", "5000", "--max-body", "65536", "--header-timeout", "3"],
            stdout=subprocess.DEVNULL, stderr=open(self.log, "a"), env=os.environ | {"PYTHONUNBUFFERED": "1"})
        for _ in range(300):
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.proc.kill()
        raise SystemExit("the server did not start")

    def rss(self) -> int:
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    kb = int(line.split()[1])
                    self.peak_rss = max(self.peak_rss, kb * 1024)
                    return kb * 1024
        except OSError:
            pass
        return 0

    def cpu(self) -> tuple[float, float]:
        """CPU seconds the server's process and its worker processes have used so far."""
        tick = os.sysconf("SC_CLK_TCK")
        main = workers = 0.0
        pids = [self.proc.pid]
        try:
            pids += [int(p) for p in Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()]
        except OSError:
            pass
        for pid in pids:
            try:
                f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                used = (int(f[11]) + int(f[12])) / tick
            except (OSError, IndexError):
                continue
            if pid == self.proc.pid:
                main += used
            else:
                workers += used
        return main, workers

    def kill9(self) -> None:
        main, workers = self.cpu()
        self.server_cpu = getattr(self, "server_cpu", 0.0) + main
        self.worker_cpu = getattr(self, "worker_cpu", 0.0) + workers
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.settled: list[float] = []  # the moves sent 2 s or more after their round began (reconnections done)
        self.round_start = 0.0
        self.moves = 0
        self.errors: list[str] = []
        self.acked: dict[str, int] = {}      # table -> the most moves any client saw stored
        self.progress: dict[str, float] = {}  # table -> when its move count last grew
        self.over: set[str] = set()
        self.last_view: dict[str, tuple[int, dict]] = {}
        self.flood = {"created": 0, "refused": 0, "other": 0}
        self.abuse = {"frames": 0, "bodies_413": 0, "other": 0}
        self.killing = False  # errors after the round's kill -9 are the kill's, not the server's
        self.api_latencies: list[float] = []
        self.idle = {"opened": 0, "still_open": 0}
        self.cpu = {"server": 0.0, "honest": 0.0, "load": 0.0}  # CPU seconds of each process
        self.stall_notes: list[str] = []
        self.played: dict[str, None] = {}  # every table played at (the slots' first tables and their rematches)

    def saw(self, table: str, m: dict) -> None:
        n = m.get("n", 0)
        if n > self.acked.get(table, -1):
            self.acked[table] = n
            self.progress[table] = time.monotonic()
        if "result" in m:
            self.over.add(table)

    def error(self, what: str) -> None:
        if not self.killing and len(self.errors) < 200:
            self.errors.append(what)


async def play_game(url: str, table: str, rnd: random.Random, stop: float, stats: Stats) -> bool:
    """One honest seat at one table: moves as soon as it may, times each move until its state
    arrives. True when the game ended (the seat then asks for the rematch)."""
    try:
        async with connect(url, max_size=2 ** 24, open_timeout=10) as ws:
            m = None
            while time.monotonic() < stop:
                if m is None:
                    try:
                        m = json.loads(await asyncio.wait_for(ws.recv(), max(0.05, stop - time.monotonic())))
                    except asyncio.TimeoutError:
                        return False
                if m["type"] == "state":
                    stats.saw(table, m)
                    if "result" in m:
                        return True
                if m["type"] != "state" or not m["legal"]:
                    m = None
                    continue
                move = rnd.choice(m["legal"])["move"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move, "n": m["n"]}))
                while True:
                    r = json.loads(await ws.recv())
                    if r["type"] == "state":
                        stats.saw(table, r)
                    if r["type"] == "error" or r.get("n", -1) > m["n"]:
                        break
                if r["type"] == "error":
                    if r["code"] != "stale":
                        stats.error(f"{table}: move refused: {r['code']} {r['message'][:80]}")
                    m = None
                    continue
                stats.latencies.append(time.perf_counter() - sent)
                if time.monotonic() - stats.round_start >= 2.0:
                    stats.settled.append(stats.latencies[-1])
                stats.moves += 1
                m = r
    except (OSError, asyncio.TimeoutError) as exc:
        if time.monotonic() < stop - 0.5:
            stats.error(f"{table}: player connection: {type(exc).__name__}: {exc}")
    except Exception as exc:  # a close the server chose (killed ones end the round)
        if time.monotonic() < stop - 0.5:
            stats.error(f"{table}: player socket closed: {type(exc).__name__}: {str(exc)[:100]}")
    return False


async def player(port: int, slot: dict, token: str, rnd: random.Random, stop: float, stats: Stats,
                 http: httpx.AsyncClient) -> None:
    """One honest seat of a table slot: plays its game, and when the game ends asks for the
    rematch (both seats get the same one) and plays on there, so the slot keeps moving for the
    whole soak; the slot's `id` follows."""
    while time.monotonic() < stop:
        table = slot["id"]
        if not await play_game(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}", table, rnd, stop, stats):
            return
        try:
            r = await http.post(f"/api/tables/{table}/again", json={"token": token})
        except httpx.HTTPError as exc:
            if time.monotonic() < stop - 0.5:
                stats.error(f"{table}: rematch: {type(exc).__name__}: {exc}")
            return
        if r.status_code != 200:
            stats.error(f"{table}: rematch refused: {r.status_code} {r.text[:80]}")
            return
        new = r.json()["id"]
        stats.played.setdefault(new, None)
        if slot["id"] == table:
            slot["id"] = new
            slot.setdefault("round_ids", set()).add(new)
            stats.progress[new] = time.monotonic()


async def spectator(url: str, table: str, stop: float, stats: Stats) -> None:
    """A watcher that reads every picture; when its table's rematch is made it watches that."""
    while time.monotonic() < stop:
        follow = None
        try:
            async with connect(url, max_size=2 ** 24, open_timeout=10) as ws:
                while time.monotonic() < stop and follow is None:
                    try:
                        m = json.loads(await asyncio.wait_for(ws.recv(), max(0.05, stop - time.monotonic())))
                    except asyncio.TimeoutError:
                        return
                    if m["type"] == "state":
                        stats.saw(table, m)
                        follow = (m.get("table") or {}).get("next")
        except Exception as exc:
            if time.monotonic() < stop - 0.5:
                stats.error(f"{table}: spectator: {type(exc).__name__}: {str(exc)[:80]}")
            return
        if follow is None:
            return
        table, url = follow, url.rsplit("/", 1)[0] + "/" + follow


def silent_watcher(port: int, table: str) -> socket.socket:
    """A websocket that completes the handshake and never reads a byte more."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.sendall((f"GET /ws/tables/{table} HTTP/1.1\r\nHost: localhost:{port}\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    s.recv(200)  # the 101 and perhaps a little more; then never again
    return s


async def flood(base: str, stop: float, stats: Stats) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        while time.monotonic() < stop:
            try:
                r = await http.post("/api/tables", json={"game": GAME, "players": 2,
                                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
                key = "created" if r.status_code == 200 else "refused" if r.status_code == 429 else "other"
                stats.flood[key] += 1
                if key == "other":
                    stats.error(f"flood: {r.status_code} {r.text[:80]}")
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.02)


async def abuse(base: str, port: int, table: str, stop: float, stats: Stats) -> None:
    """Malformed frames and oversized bodies, over and over."""
    async def big_body():
        async def chunks():
            for _ in range(64):  # 4 MB, chunked: refused at 64 KB
                yield b"x" * 65536
        try:
            async with httpx.AsyncClient(base_url=base, timeout=10) as http:
                r = await http.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
                stats.abuse["bodies_413" if r.status_code == 413 else "other"] += 1
        except httpx.HTTPError:
            stats.abuse["bodies_413"] += 1  # the server closed on the upload: refused early

    while time.monotonic() < stop:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=10) as ws:
                await ws.recv()
                for frame in ("[" * 900 + "]" * 900, "{not json", json.dumps({"type": "move", "move": "x" * 20000})):
                    await ws.send(frame)
                    m = json.loads(await ws.recv())
                    stats.abuse["frames"] += 1
                    if m.get("type") != "error":
                        stats.abuse["other"] += 1
                await ws.send(b"\x00binary")
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except Exception:
                    stats.abuse["frames"] += 1  # closed (1003), as it should
        except Exception:
            pass
        await asyncio.gather(*(big_body() for _ in range(2)))
        await asyncio.sleep(0.5)


async def lobby_latency(base: str, stop: float, stats: Stats) -> None:
    """GET /api/games twice a second: how long the event loop makes a request wait."""
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        while time.monotonic() < stop - 0.5:
            t0 = time.perf_counter()
            try:
                r = await http.get("/api/games")
                if r.status_code == 200:
                    stats.api_latencies.append(time.perf_counter() - t0)
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.5)


async def idle_connections(port: int, stop: float, stats: Stats, count: int = 50) -> None:
    """`count` connections that send nothing and `count` that send half a request's headers,
    held until `stop`: each must be closed by the server within its header timeout (3 s here)."""
    socks = []
    for i in range(2 * count):
        s = socket.socket()
        s.setblocking(False)
        try:
            await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port))
            if i % 2:
                s.send(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Half: ")
            socks.append(s)
        except OSError:
            s.close()
    stats.idle["opened"] += len(socks)
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    for s in socks:
        try:
            still = s.recv(1) != b""
        except BlockingIOError:
            still = True  # nothing to read and not closed
        except OSError:
            still = False  # reset: closed
        if still and not stats.killing:
            stats.idle["still_open"] += 1
        s.close()


async def make_tables(base: str, n: int) -> list[dict]:
    out = []
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        for i in range(n):
            seats = [{"kind": "human"}, {"kind": "human"}] if i % 2 == 0 else \
                [{"kind": "human"}, {"kind": "bot", "level": "random"}]
            r = await http.post("/api/tables", json={"game": GAME, "players": 2, "seats": seats})
            r.raise_for_status()
            t = r.json()
            tokens = [(await http.post(f"/api/tables/{t['id']}/join", json={"name": f"P{k}"})).json()["token"]
                      for k in range(sum(s["kind"] == "human" for s in seats))]
            out.append({"id": t["id"], "tokens": tokens})
    return out


async def make_bot_tables(base: str, n: int, level: str) -> list[str]:
    out = []
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        for _ in range(n):
            r = await http.post("/api/tables", json={"game": GAME, "players": 2,
                                                     "seats": [{"kind": "bot", "level": level}] * 2})
            r.raise_for_status()
            out.append(r.json()["id"])
    return out


async def load_part(port: int, tables: list[str], bot_tables: list[str], spectators: int, silent: int,
                    stop: float, kill_at: float, stats: Stats) -> None:
    """Everything but the honest players: reading spectators, silent watchers, the flood, abuse."""
    base = f"http://127.0.0.1:{port}"
    tasks = []
    for i in range(spectators - silent):  # the first watch the bot-only tables (their bots run while watched)
        t = bot_tables[i] if i < len(bot_tables) else tables[i % len(tables)]
        tasks.append(spectator(f"ws://127.0.0.1:{port}/ws/tables/{t}", t, stop, stats))
    silent_socks = [silent_watcher(port, tables[i % len(tables)]) for i in range(silent)]
    tasks.append(flood(base, stop, stats))
    tasks.append(abuse(base, port, tables[0], stop, stats))

    async def mark_kill():  # errors after the kill -9 are the kill's
        await asyncio.sleep(max(0.0, kill_at - time.monotonic()))
        stats.killing = True

    await asyncio.gather(mark_kill(), *tasks, return_exceptions=True)
    for s in silent_socks:
        s.close()


def freeze_heap() -> None:
    """The load generator's own full collections would stop its event loop (and count as the
    server's latency): what it loaded at start is frozen out of the collector's reach."""
    gc.collect()
    gc.freeze()


def load_main(spec: str) -> None:
    """The second process of a round (`--load-part JSON`): says when its clock starts, runs the
    load, and prints what it saw as one JSON line."""
    a = json.loads(spec)
    if a.get("nice"):
        os.nice(a["nice"])
    freeze_heap()
    stats = Stats()
    start = time.monotonic()
    stop = start + a["seconds"]
    print(json.dumps({"stop": stop}), flush=True)
    c0 = time.process_time()
    asyncio.run(load_part(a["port"], a["tables"], a["bot_tables"], a["spectators"], a["silent"], stop,
                          start + a["seconds"] * 0.8, stats))
    print(json.dumps({"flood": stats.flood, "abuse": stats.abuse, "errors": stats.errors, "acked": stats.acked,
                      "cpu_s": time.process_time() - c0}), flush=True)


def start_load(port: int, tables: list[dict], bot_tables: list[str], spectators: int, silent: int,
               seconds: float, nice: int) -> tuple[subprocess.Popen, float]:
    spec = json.dumps({"port": port, "tables": [t["id"] for t in tables], "bot_tables": list(bot_tables),
                       "spectators": spectators, "silent": silent, "seconds": seconds, "nice": nice})
    proc = subprocess.Popen([sys.executable, __file__, "--load-part", spec], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line:
        raise SystemExit("the load process did not start")
    return proc, json.loads(line)["stop"]


def finish_load(proc: subprocess.Popen, stats: Stats) -> None:
    out, _ = proc.communicate(timeout=120)
    r = json.loads(out.strip().splitlines()[-1])
    for k, v in r["flood"].items():
        stats.flood[k] += v
    for k, v in r["abuse"].items():
        stats.abuse[k] += v
    for e in r["errors"]:
        if len(stats.errors) < 200:
            stats.errors.append(e)
    for tid, n in r["acked"].items():
        stats.acked[tid] = max(stats.acked.get(tid, -1), n)
    stats.cpu["load"] += r["cpu_s"]


async def round_(server: Server, tables: list[dict], spectators: int, silent: int, seconds: float, stats: Stats,
                 rnd: random.Random, kill: bool, bot_tables: list[str] = (), load_nice: int = 0) -> dict:
    port = server.port
    base = f"http://127.0.0.1:{port}"
    load, stop = start_load(port, tables, bot_tables, spectators, silent, seconds, load_nice)
    seconds = stop - time.monotonic()
    stats.round_start = time.monotonic()
    stats.killing = False
    at_start = dict(stats.acked)
    for t in tables:
        stats.progress[t["id"]] = time.monotonic()
        t["round_ids"] = {t["id"]}  # the slot's tables this round (its game's rematch joins them)
    tasks = []
    http = httpx.AsyncClient(base_url=base, timeout=10)  # one for every seat's rematch call
    for t in tables:
        for tok in t["tokens"]:
            tasks.append(player(port, t, tok, random.Random(rnd.random()), stop, stats, http))
    tasks.append(lobby_latency(base, stop, stats))

    async def sample():
        stalls = set()
        while time.monotonic() < stop:
            await asyncio.sleep(0.5)
            server.rss()
            now = time.monotonic()
            for t in tables:  # a slot whose game is over moves on to its rematch at once
                tid = t["id"]
                if now - stats.progress.get(tid, now) > 10 and tid not in stalls:
                    stalls.add(tid)
                    stats.stall_notes.append(f"{tid}: no new move for 10 s (at {now - stats.round_start:.1f} s "
                                             f"into the round; seen n={stats.acked.get(tid)}, "
                                             f"over={tid in stats.over})")
        return stalls

    killer = None
    if kill:
        async def kill_in_burst():
            await asyncio.sleep(seconds * 0.8)  # players are moving as fast as they can
            stats.killing = True
            server.kill9()
        killer = asyncio.create_task(kill_in_burst())
    results = await asyncio.gather(sample(), *tasks, return_exceptions=True)
    if killer:
        await killer
    await asyncio.to_thread(finish_load, load, stats)
    await http.aclose()
    stalls = results[0] if isinstance(results[0], set) else set()
    # a slot none of whose tables made a move in the whole round (and whose game is not over)
    # stalled too (a rematch made just before the kill, not yet joined, is not a stall)
    for t in tables:
        if t["id"] not in stats.over and all(stats.acked.get(i, -1) <= at_start.get(i, -1) for i in t["round_ids"]):
            stalls.add(t["id"])
            stats.stall_notes.append(f"{t['id']}: no move in the whole round (seen n={stats.acked.get(t['id'])})")
    return {"stalls": stalls}


async def final_views(port: int, stats: Stats) -> None:
    for tid in stats.played:
        async with connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}", max_size=2 ** 24) as ws:
            m = json.loads(await ws.recv())
            stats.last_view[tid] = (m["n"], m["view"])


def rebuild_check(db: str, stats: Stats) -> tuple[int, str]:
    import cardboard

    con = sqlite3.connect(db)
    integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
    differ = 0
    for tid, (n, view) in stats.last_view.items():
        row = con.execute("SELECT game, players, seed, options FROM tables WHERE id = ?", (tid,)).fetchone()
        moves = [json.loads(m)["move"] for (m,) in
                 con.execute("SELECT move FROM moves WHERE table_id = ? ORDER BY n", (tid,))]
        state = cardboard.load_game(row[0], players=row[1], seed=row[2], options=json.loads(row[3])).replay(moves)
        if len(moves) != n or state.view(None) != view:
            differ += 1
    con.close()
    return differ, integrity


def stored_moves(db: str) -> dict[str, int]:
    con = sqlite3.connect(db)
    out = dict(con.execute("SELECT table_id, COUNT(*) FROM moves GROUP BY table_id").fetchall())
    con.close()
    return out


def soak(tables: int = 50, spectators: int = 200, silent: int = 20, rounds: int = 5, seconds: float = 20,
         bot_workers: int = 1, seed: int = 0, log=print, bot_tables: int = 6, bot_level: str = "mcts:2",
         load_nice: int = 0) -> dict:
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "soak.sqlite")
        server = Server(free_port(), db, bot_workers)
        server.start()
        stats = Stats()
        lost = 0
        stalls: set[str] = set()
        started = time.monotonic()
        try:
            made = asyncio.run(make_tables(f"http://127.0.0.1:{server.port}", tables))
            stats.played.update((t["id"], None) for t in made)
            freeze_heap()
            bots = asyncio.run(make_bot_tables(f"http://127.0.0.1:{server.port}", bot_tables, bot_level))
            load_time = 0.0
            for r in range(rounds):
                t0, c0 = time.monotonic(), time.process_time()
                res = asyncio.run(round_(server, made, spectators, silent, seconds, stats, rnd, kill=True,
                                         bot_tables=bots, load_nice=load_nice))
                load_time += time.monotonic() - t0
                stats.cpu["honest"] += time.process_time() - c0
                stalls |= res["stalls"]
                server.start()  # on the same file, after kill -9
                have = stored_moves(db)
                lost_now = sum(max(0, n - have.get(tid, 0)) for tid, n in stats.acked.items())
                lost += lost_now
                log(f"round {r + 1}/{rounds}: {stats.moves} moves so far, killed and restarted, "
                    f"{lost_now} acknowledged moves lost, peak RSS {server.peak_rss / 2 ** 20:.0f} MB")
            # after the last restart: silent and half-sent connections, each closed within 3 s
            asyncio.run(idle_connections(server.port, time.monotonic() + 4.5, stats))
            asyncio.run(final_views(server.port, stats))
        finally:
            server.stop()
        differ, integrity = rebuild_check(db, stats)
        server_log = server.log_counts()
    def pick(q, values=stats.latencies):
        v = sorted(values)
        return round(v[min(len(v) - 1, int(q * len(v)))] * 1000, 1) if v else None

    return {
        "tables": tables, "spectators": spectators, "silent": silent, "rounds": rounds, "seconds_per_round": seconds,
        "moves": stats.moves, "moves_per_s": round(stats.moves / max(load_time, 1e-9), 1),
        "p50_ms": pick(0.50), "p95_ms": pick(0.95), "p99_ms": pick(0.99),
        # the same without each round's first 2 s, when every client connects again after the restart
        "settled_p50_ms": pick(0.50, stats.settled), "settled_p99_ms": pick(0.99, stats.settled),
        "lobby_p50_ms": pick(0.5, stats.api_latencies), "lobby_p99_ms": pick(0.99, stats.api_latencies),
        "bot_tables": f"{bot_tables} at {bot_level}", "idle_connections": stats.idle,
        "peak_rss_mb": round(server.peak_rss / 2 ** 20, 1), "errors": len(stats.errors),
        "error_samples": stats.errors[:10], "acked_moves_lost": lost, "store_integrity": integrity,
        "rebuild_differs": differ, "stalled_tables": len(stalls), "stall_notes": stats.stall_notes[:10],
        "tables_over": len(stats.over),
        "tables_played": len(stats.played),
        "flood": stats.flood, "abuse": stats.abuse, "server_log": server_log, "wall_s": round(time.monotonic() - started, 1),
        "load_nice": load_nice,
        "cpu_s": {"server": round(getattr(server, "server_cpu", 0.0), 1),
                  "bot and undo workers": round(getattr(server, "worker_cpu", 0.0), 1),
                  "honest players and lobby probe": round(stats.cpu["honest"], 1),
                  "spectators, flood, abuse": round(stats.cpu["load"], 1)},
        "load_average": os.getloadavg(),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--spectators", type=int, default=200)
    p.add_argument("--silent", type=int, default=20)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--bot-workers", type=int, default=1)
    p.add_argument("--bot-tables", type=int, default=6, help="tables of bots only, each watched by one spectator")
    p.add_argument("--bot-level", default="mcts:2")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--load-nice", type=int, default=0,
                   help="lower the priority of the process of spectators, flood and abuse by this much")
    p.add_argument("--json", default=None, help="also write the figures here")
    p.add_argument("--load-part", default=None, help=argparse.SUPPRESS)  # the second process of a round
    args = p.parse_args()
    if args.load_part:
        load_main(args.load_part)
        return 0
    result = soak(args.tables, args.spectators, args.silent, args.rounds, args.seconds, args.bot_workers, args.seed,
                  bot_tables=args.bot_tables, bot_level=args.bot_level, load_nice=args.load_nice)
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))
    ok = result["acked_moves_lost"] == 0 and result["rebuild_differs"] == 0 and result["stalled_tables"] == 0 \
        and result["store_integrity"] == "ok" and result["idle_connections"]["still_open"] == 0 \
        and result["server_log"]["tracebacks"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
