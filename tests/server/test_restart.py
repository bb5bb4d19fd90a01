"""Kill the server mid-game, start it again: the game goes on from the identical state."""
from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

import cardboard


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(port: int, db: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardboard.cli", "serve", "--port", str(port), "--db", str(db), "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=os.environ | {"PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail(f"the server did not start: {proc.stdout.read().decode(errors='replace')}")


def _state_msg(ws) -> dict:
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] == "state":
            return m
        assert m["type"] != "error", m


def test_a_killed_server_comes_back_with_the_same_game(tmp_path):
    port = _free_port()
    db = tmp_path / "tables.sqlite"
    base = f"http://127.0.0.1:{port}"
    proc = _start(port, db)
    try:
        t = httpx.post(f"{base}/api/tables", json={"game": "abyss", "players": 2,
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        with sqlite3.connect(db) as con:  # the server dealt: its seed, to replay the game here
            seed = con.execute("SELECT seed FROM tables WHERE id = ?", (t["id"],)).fetchone()[0]
        tokens = [httpx.post(f"{base}/api/tables/{t['id']}/join", json={"name": n}).json()["token"] for n in "AB"]
        url = f"ws://127.0.0.1:{port}/ws/tables/{t['id']}?token="
        played = []
        with connect(url + tokens[0]) as w0, connect(url + tokens[1]) as w1:
            socks = [w0, w1]
            last = [_state_msg(w) for w in socks]
            for _ in range(40):
                mover = last[0]["to_move"]
                move = last[mover]["legal"][len(played) % len(last[mover]["legal"])]["move"]
                socks[mover].send(json.dumps({"type": "move", "move": move, "n": last[mover]["n"]}))
                played.append(move)
                last = [_state_msg(w) for w in socks]
        before = last
    finally:
        proc.send_signal(signal.SIGKILL)  # no clean shutdown: only what was stored survives
        proc.wait(timeout=10)

    proc = _start(port, db)
    try:
        listed = {x["id"]: x for x in httpx.get(f"{base}/api/tables").json()}
        assert listed[t["id"]]["moves"] == 40 and listed[t["id"]]["status"] == "running"  # from the store alone
        with connect(url + tokens[0]) as w0, connect(url + tokens[1]) as w1:
            socks = [w0, w1]
            after = [_state_msg(w) for w in socks]
            for b, a in zip(before, after):
                assert a["n"] == b["n"] == 40
                assert a["view"] == b["view"] and a["legal"] == b["legal"] and a["to_move"] == b["to_move"]
            # the same game as a local replay of the moves
            state = cardboard.load_game("abyss", players=2, seed=seed).replay(played)
            assert after[0]["view"] == state.view(0)
            # and it goes on
            mover = after[0]["to_move"]
            socks[mover].send(json.dumps({"type": "move", "move": after[mover]["legal"][0]["move"], "n": 40}))
            assert _state_msg(socks[mover])["n"] == 41
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
