"""A server that can face the internet (issue #24): each test names the finding it guards."""
from __future__ import annotations

import asyncio
import json
import logging
import sqlite3

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardboard.server.app import create_app, json_depth
from cardboard.server.bots import BotPool, Job, check_level, decide
from cardboard.server.guard import Guard
from cardboard.server.store import SeatRecord, SQLiteStore, StoreConflict, TableRecord
from cardboard.server.tables import TableService

from .conftest import join, new_table, recv_state, test_settings


def _app(tmp_path, **changes):
    return TestClient(create_app(settings=test_settings(tmp_path, **changes)))


def _service(tmp_path, **changes) -> TableService:
    s = test_settings(tmp_path, **changes)
    return TableService(SQLiteStore(s.db, "NORMAL"), s)


async def _two_humans(service, game="abyss"):
    rec, creator = await service.create(game, 2, {}, [{"kind": "human"}, {"kind": "human"}])
    tokens = [(await service.join(rec.id, n))[1] for n in "AB"]
    return rec, tokens, creator


async def _play_first_legal(service, table_id, tokens, moves):
    for _ in range(moves):
        live = service.table(table_id)
        seat = live.state.current_player
        move = live.state.legal_actions()[0].to_json()
        await asyncio.wait_for(service.play(table_id, tokens[seat], move, len(live.log)), 2)


# ---------------------------------------------------------------- 1. a reader that never reads
def test_1_a_socket_that_never_reads_freezes_nothing_and_is_dropped(tmp_path):
    async def main():
        service = _service(tmp_path, send_timeout=0.3)
        rec, tokens, _ = await _two_humans(service)
        stuck = service.subscribe(rec.id, None, "10.0.0.9")
        never = asyncio.Event()

        async def blocked(text):  # a socket whose reader never reads: every send waits forever
            await never.wait()

        stuck_pump = asyncio.create_task(stuck.pump(blocked, 0.3))
        sent = []

        async def honest(text):
            sent.append(json.loads(text))

        player = service.subscribe(rec.id, tokens[0], "10.0.0.1")
        player_pump = asyncio.create_task(player.pump(honest, 0.3))
        await _play_first_legal(service, rec.id, tokens, 30)  # each move answers at once (before: hung here)
        await asyncio.sleep(0.05)
        assert sent[-1]["n"] == 30
        why = await asyncio.wait_for(stuck_pump, 2)
        assert "more than 0.3 s" in why
        service.unsubscribe(rec.id, stuck)
        assert stuck not in service.table(rec.id).subscribers and player in service.table(rec.id).subscribers
        player_pump.cancel()
        await service.close()

    asyncio.run(main())


def test_1_an_outbox_keeps_the_newest_picture_and_drops_a_reader_far_behind(tmp_path):
    async def main():
        service = _service(tmp_path, outbox=4)
        rec, tokens, _ = await _two_humans(service)
        sub = service.subscribe(rec.id, None, "x")
        await _play_first_legal(service, rec.id, tokens, 10)
        assert len(sub.queue) == 1 and json.loads(sub.queue[0][0])["n"] == 10  # state messages coalesce
        for _ in range(5):  # errors do not: a client that sends and never reads is dropped
            sub.push('{"type":"error"}')
        assert sub.dropped and not sub.queue
        await service.close()

    asyncio.run(main())


# ---------------------------------------------------------------- 2. bot budgets
@pytest.mark.parametrize("level", ["hard:100000", "mcts:inf", "mcts:nan", "mcts:1e308", "mcts:0", "mcts:-1",
                                   "hard:5.01", "genius", "mcts:"])
def test_2_levels_are_from_the_list_with_a_capped_finite_budget(client, level):
    r = client.post("/api/tables", json={"game": "abyss", "players": 2,
                                         "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]})
    assert r.status_code == 400 and "seat 1" in r.json()["message"], r.text
    with pytest.raises(Exception):
        check_level(level, 5.0)


def test_2_make_agent_refuses_non_finite_budgets():
    from cardboard.agents import make_agent
    from cardboard.engine import ConfigError

    for name in ("mcts:inf", "mcts:nan", "hard:-inf"):
        with pytest.raises(ConfigError, match="finite"):
            make_agent(name, game_id="abyss")
    assert check_level("hard:5", 5.0) == "hard:5" and check_level("mcts:0.25", 5.0) == "mcts:0.25"


def test_2_bots_think_only_while_a_person_is_connected(client):
    t = new_table(client, game="abyss", seats=[{"kind": "bot", "level": "random"}, {"kind": "human"}],
                  options={"first_player": 0})
    a = join(client, t["id"], "Ana")
    import time
    time.sleep(0.3)
    assert client.get(f"/api/tables/{t['id']}").json()["moves"] == 0  # nobody connected: the bot waits
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        while m["to_move"] != 1:
            m = recv_state(ws)
        assert m["n"] >= 1
    # a table of bots runs while someone watches, and stops when nobody does
    bots = new_table(client, game="abyss", seats=[{"kind": "bot", "level": "random"}] * 2)
    time.sleep(0.2)
    assert client.get(f"/api/tables/{bots['id']}").json()["moves"] == 0
    with client.websocket_connect(f"/ws/tables/{bots['id']}") as ws:
        assert max(recv_state(ws)["n"] for _ in range(5)) >= 3
    time.sleep(0.3)
    n = client.get(f"/api/tables/{bots['id']}").json()["moves"]
    time.sleep(0.3)
    assert client.get(f"/api/tables/{bots['id']}").json()["moves"] <= n + 1


def test_2_waiting_decisions_go_to_tables_with_people_first():
    order = []

    async def main():
        pool = BotPool(1, "thread")
        gate = asyncio.Event()
        await pool._acquire(0)  # the only worker is busy
        async def ask(name, priority):
            await pool._acquire(priority)
            order.append(name)
            pool._release()
        tasks = [asyncio.create_task(ask("bots only", 1)), asyncio.create_task(ask("bots only 2", 1))]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(ask("with a person", 0)))
        await asyncio.sleep(0)
        gate.set()
        pool._release()
        await asyncio.gather(*tasks)
        assert pool.busy == 0

    asyncio.run(main())
    assert order == ["with a person", "bots only", "bots only 2"]


def test_2_a_decision_is_the_same_on_any_worker_and_in_a_process_pool():
    import cardboard

    game = cardboard.load_game("hideous-abomination", players=2, seed=4)
    state = game.new_initial_state()
    moves = []
    for i in range(6):
        a = state.legal_actions()[i % len(state.legal_actions())]
        state.apply(a)
        moves.append(json.dumps(a.to_json()))
    job = Job("hideous-abomination", 2, 4, json.dumps(game.options_json(), sort_keys=True), tuple(moves),
              "easy", 99)
    here = decide(job)
    assert decide(job) == here  # the worker's cached position gives the same answer

    async def main():
        return await BotPool(1, "process").decide(job)

    assert asyncio.run(main()) == here


# ---------------------------------------------------------------- 3. a chosen seed is public
def test_3_a_seed_is_chosen_only_at_a_table_of_one_person_and_shown_to_all(client):
    r = client.post("/api/tables", json={"game": "abyss", "players": 2, "seed": 777,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 400 and r.json()["error"] == "seed"
    assert client.get("/api/tables").json() == []
    solo = new_table(client, game="abyss", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=777)
    assert solo["seed"] == 777 and solo["seed_chosen"]
    with client.websocket_connect(f"/ws/tables/{solo['id']}") as spectator:
        assert recv_state(spectator)["table"]["seed"] == 777
    dealt = new_table(client, game="abyss", seed=None)
    assert dealt["seed"] is None and not dealt["seed_chosen"]
    assert all(t["seed"] is None for t in client.get("/api/tables").json() if t["id"] == dealt["id"])


# ---------------------------------------------------------------- 4. bodies counted while read
def test_4_a_chunked_body_is_refused_at_the_limit_without_reading_the_rest(tmp_path):
    settings = test_settings(tmp_path, max_body=1024)
    called = []

    async def app(scope, receive, send):  # pragma: no cover - must not be reached
        called.append(scope)

    guard = Guard(app, settings)
    chunks_read = []

    async def receive():
        chunks_read.append(1)
        return {"type": "http.request", "body": b"x" * 512, "more_body": len(chunks_read) < 80_000}

    sent = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "client": ("1.2.3.4", 5),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"transfer-encoding", b"chunked")]}
    asyncio.run(guard(scope, receive, send))
    assert sent[0]["status"] == 413 and not called
    assert len(chunks_read) == 3  # 1.5 KB read of a 40 MB upload
    # a declared length over the limit is refused before any byte is read
    chunks_read.clear()
    scope["headers"] = [(b"host", b"testserver"), (b"content-type", b"application/json"),
                        (b"content-length", b"41943040")]
    sent.clear()
    asyncio.run(guard(scope, receive, send))
    assert sent[0]["status"] == 413 and not chunks_read


def test_4_oversized_and_slow_bodies_over_http(tmp_path):
    with _app(tmp_path, max_body=2048, header_timeout=0.3) as c:
        r = c.post("/api/tables", content=(b"x" * 1024 for _ in range(100)), headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"] == "too_large"


# ---------------------------------------------------------------- 5. spectators, silent connections
def test_5_a_change_builds_each_viewpoint_once_whatever_the_number_of_sockets(tmp_path):
    async def main():
        service = _service(tmp_path)
        rec, tokens, _ = await _two_humans(service)
        subs = [service.subscribe(rec.id, None, f"10.0.{i // 250}.{i % 250}") for i in range(200)]
        subs += [service.subscribe(rec.id, tok, "10.1.0.1") for tok in tokens]
        built = []
        real = service.message
        service.message = lambda live, seat: built.append(seat) or real(live, seat)
        await _play_first_legal(service, rec.id, tokens, 3)
        assert sorted(built, key=str) == sorted([0, 1, None] * 3, key=str)
        assert all(json.loads(s.queue[-1][0])["n"] == 3 for s in subs)
        await service.close()

    asyncio.run(main())


def test_5_silent_websockets_are_closed_and_sockets_are_limited(tmp_path):
    with _app(tmp_path, idle_timeout=0.4, sockets_per_address=2) as c:
        t = new_table(c)
        with c.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            recv_state(ws)
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            with c.websocket_connect(f"/ws/tables/{t['id']}") as second:
                recv_state(second)
                with c.websocket_connect(f"/ws/tables/{t['id']}") as third:
                    m = third.receive_json()
                    assert m["type"] == "error" and m["code"] == "busy"
                    assert third.receive()["code"] == 1013
            m = ws.receive()  # silent for 0.4 s: closed with the code the page reconnects after
            assert m["type"] == "websocket.close" and m["code"] == 4008


def test_5_a_connection_without_request_headers_is_dropped(tmp_path):
    import socket
    import threading
    import time

    import uvicorn

    from cardboard.server.serving import uvicorn_config

    settings = test_settings(tmp_path, header_timeout=0.5)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(create_app(settings=settings), settings, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(100):
            if server.started:
                break
            time.sleep(0.05)
        silent = socket.create_connection(("127.0.0.1", port))
        half = socket.create_connection(("127.0.0.1", port))
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        ok = socket.create_connection(("127.0.0.1", port))
        ok.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n\r\n")
        start = time.monotonic()
        for sock in (silent, half):
            sock.settimeout(5)
            try:
                assert sock.recv(100) == b""  # closed by the server
            except ConnectionResetError:
                pass
        assert time.monotonic() - start < 3
        ok.settimeout(5)
        assert ok.recv(12).startswith(b"HTTP/1.1 200")
        for sock in (silent, half, ok):
            sock.close()
    finally:
        server.should_exit = True
        thread.join(timeout=10)


# ---------------------------------------------------------------- 6. a bot racing an undo
class HeldPool:
    """Bot decisions held until released: the test changes the table while a bot thinks."""

    def __init__(self):
        self.asked = []
        self.hold = False
        self.release = asyncio.Event()

    async def decide(self, job, priority=0):
        self.asked.append(len(job.moves))
        if self.hold:
            await self.release.wait()
        return decide(job)


def test_6_a_bot_whose_position_changed_while_it_thought_thinks_again(tmp_path, caplog):
    async def main():
        service = _service(tmp_path)
        pool = service.bots = HeldPool()
        for seed in range(40):
            rec, _ = await service.create("hideous-abomination", 2, {"first_player": 0},
                                          [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=seed)
            _, tok = await service.join(rec.id, "Ana")
            sub = service.subscribe(rec.id, tok, "x")
            live = service.table(rec.id)
            for _ in range(30):
                while live.bot_task and not live.bot_task.done():
                    await asyncio.sleep(0.01)
                if live.state.is_terminal():
                    break
                legal = live.state.legal_actions()
                for choice in legal:  # a move of the person after which a bot decides and undo is possible
                    trial = live.state.clone()
                    trial.apply(choice)
                    if trial.current_player == 1:
                        break
                pool.hold = True
                pool.release.clear()
                n = len(live.log)
                await service.play(rec.id, tok, choice.to_json(), n)
                await asyncio.sleep(0.01)
                if service.undo_point(live, 0) is None or live.state.current_player != 1:
                    pool.hold = False
                    pool.release.set()
                    continue
                asked = len(pool.asked)
                await service.undo(rec.id, tok)  # while the bot thinks on move n + 1
                other = [a for a in live.state.legal_actions() if a != choice]
                await service.play(rec.id, tok, (other or [choice])[-1].to_json(), n)
                pool.hold = False
                pool.release.set()
                for _ in range(200):
                    await asyncio.sleep(0.01)
                    if live.state.current_player != 1 or live.state.is_terminal():
                        break
                assert len(pool.asked) > asked  # it thought again on the new position
                replayed = live.state.game.replay([e["move"] for e in live.log])
                assert replayed.to_json() == live.state.to_json()
                assert not live.bot_task or not live.bot_task.done() or live.bot_task.exception() is None
                service.unsubscribe(rec.id, sub)
                await service.close()
                return True
            service.unsubscribe(rec.id, sub)
        return False

    assert asyncio.run(main()), "no undoable move before a bot's turn was found"
    assert not [r for r in caplog.records if r.exc_info]


# ---------------------------------------------------------------- 8. quotas, memory, pages
def test_8_tables_per_address_per_hour(tmp_path):
    with _app(tmp_path, tables_per_hour=3) as c:
        for _ in range(3):
            new_table(c)
        r = c.post("/api/tables", json={"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2})
        assert r.status_code == 429 and r.json()["error"] == "quota"
        assert len(c.get("/api/tables").json()) == 3


def test_8_idle_tables_leave_memory_and_come_back_from_the_store(tmp_path):
    with _app(tmp_path, live_tables=2) as c:
        service = c.app.state.service
        ids = []
        for i in range(5):
            t = new_table(c, seed=None)
            a, b = join(c, t["id"], "A"), join(c, t["id"], "B")
            with c.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
                m = recv_state(ws)
                if m["to_move"] == 0:
                    ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": 0})
                    m = recv_state(ws)
            ids.append((t["id"], m["view"], a["token"]))
        assert len(service.live) <= 2
        tid, view, tok = ids[0]
        assert tid not in service.live
        with c.websocket_connect(f"/ws/tables/{tid}?token={tok}") as ws:
            assert recv_state(ws)["view"] == view


def test_8_the_lobby_comes_in_pages(client):
    made = [new_table(client)["id"] for _ in range(5)]
    first = client.get("/api/tables?limit=2").json()
    assert [t["id"] for t in first] == made[::-1][:2]
    second = client.get(f"/api/tables?limit=2&before={first[-1]['created']}").json()
    assert [t["id"] for t in second] == made[::-1][2:4]
    assert client.get("/api/tables?limit=1000").status_code == 422


# ---------------------------------------------------------------- 9. unhandled input
def test_9_deep_binary_and_out_of_range_input_is_refused_in_one_line(client, caplog):
    caplog.set_level(logging.INFO, logger="cardboard.server")
    assert json_depth('{"a": [[["]]]]]"]]], "b": {}}') == 4
    t = new_table(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        recv_state(ws)
        ws.send_text("[" * 900 + "]" * 900)
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "too_deep"
        ws.send_text('{"type": "move", "n": 1' + "0" * 5000 + "}")
        assert ws.receive_json()["code"] == "bad_message"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # the socket still works
        ws.send_bytes(b"\x00\x01binary")
        m = ws.receive()
        assert m["type"] == "websocket.close" and m["code"] == 1003
    for body in ({"game": "abyss", "players": 1, "seed": 2 ** 63, "seats": [{"kind": "human"}]},
                 {"game": "abyss", "players": 10 ** 30, "seats": []},
                 {"game": "abyss", "players": 2, "seed": -1, "seats": [{"kind": "human"}]},
                 {"game": "abyss", "players": 2, "options": {"first_player": 10 ** 40}, "seats": [{"kind": "human"}] * 2}):
        r = client.post("/api/tables", json=body)
        assert r.status_code in (400, 422), (body, r.status_code, r.text)
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": "x", "seat": 2 ** 70})
    assert r.status_code == 422
    r = client.post("/api/tables", content=b"[" * 900 + b"]" * 900, headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert not [r for r in caplog.records if r.exc_info], "a refusal logged a traceback"
    assert all(len(r.getMessage()) < 400 for r in caplog.records if r.name == "cardboard.server")
    assert any("too_deep" in r.getMessage() for r in caplog.records)


# ---------------------------------------------------------------- 10. host, origin, headers
def test_10_host_origin_and_json_only_posts(client):
    body = json.dumps({"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2})
    r = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json",
                                                          "origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "bad_origin"
    r = client.get("/api/games", headers={"host": "rebound.evil.example"})
    assert r.status_code == 400 and r.json()["error"] == "bad_host"
    assert client.get("/api/tables").json() == []
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json",
                                                          "origin": "http://testserver"})
    assert r.status_code == 200  # the page's own origin
    t = r.json()
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()
    assert refused.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://testserver"}) as ws:
        recv_state(ws)
    for path in ("/", "/api/games", f"/table/{t['id']}", "/static/table.js", "/api/tables/nope"):
        h = client.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"] and "default-src 'self'" in h[
            "content-security-policy"], path
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"


def test_10_an_allowed_origin_may_post(tmp_path):
    with _app(tmp_path, allowed_origins=("https://games.example",)) as c:
        body = {"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2}
        assert c.post("/api/tables", json=body, headers={"origin": "https://games.example"}).status_code == 200
        assert c.post("/api/tables", json=body, headers={"origin": "https://other.example"}).status_code == 403


# ---------------------------------------------------------------- 11. atomic writes
def _failing(store: SQLiteStore, column: str) -> None:
    store._db.execute(f"CREATE TRIGGER fail_{column} BEFORE UPDATE OF {column} ON tables "
                      "BEGIN SELECT RAISE(ABORT, 'the disk failed'); END")


def test_11_a_move_and_its_status_are_one_write(tmp_path):
    store = SQLiteStore(str(tmp_path / "t.sqlite"))
    store.create(TableRecord("t1", "abyss", 2, 1, {}, [SeatRecord("human"), SeatRecord("human")], status="running"))
    store.append_move("t1", 0, {"move": {"kind": "x"}, "seat": 0}, status=None)
    _failing(store, "status")
    with pytest.raises(sqlite3.DatabaseError):
        store.append_move("t1", 1, {"move": {"kind": "last"}, "seat": 1}, status="over")
    assert store.move_count("t1") == 1 and store.get("t1").status == "running"  # neither half stored
    with pytest.raises(StoreConflict):
        store.append_move("t1", 0, {"move": {}, "seat": 0})


def test_11_a_rematch_is_one_write_and_only_one(tmp_path):
    store = SQLiteStore(str(tmp_path / "t.sqlite"))
    old = TableRecord("t1", "abyss", 2, 1, {}, [SeatRecord("human"), SeatRecord("human")], status="over")
    store.create(old)
    _failing(store, "next")
    new = TableRecord("t2", "abyss", 2, 5, {}, [SeatRecord("human"), SeatRecord("human")], previous="t1")
    with pytest.raises(sqlite3.DatabaseError):
        store.rematch("t1", new)
    assert store.get("t2") is None and store.get("t1").next is None
    store._db.execute("DROP TRIGGER fail_next")
    assert store.rematch("t1", new) == "t2"
    other = TableRecord("t3", "abyss", 2, 6, {}, [SeatRecord("human"), SeatRecord("human")], previous="t1")
    assert store.rematch("t1", other) == "t2" and store.get("t3") is None


def test_11_synchronous_is_a_setting_full_by_default_and_old_files_open(tmp_path):
    path = str(tmp_path / "old.sqlite")
    con = sqlite3.connect(path)  # a file of the first release: no seed_chosen, no creator_hash
    con.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, seed INTEGER NOT NULL,
            options TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL, status TEXT NOT NULL, previous TEXT, next TEXT);
        CREATE TABLE moves (table_id TEXT NOT NULL, n INTEGER NOT NULL, move TEXT NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (table_id, n));
        INSERT INTO tables VALUES ('old', 'abyss', 2, 9, '{}', '[{"kind": "human", "token_hash": "h"}]', 1.0, 'running', NULL, NULL);
    """)
    con.close()
    store = SQLiteStore(path)
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    rec = store.get("old")
    assert rec.seed == 9 and rec.seed_chosen is False and rec.seats[0].token_hash == "h" and not rec.seats[0].left
    assert store.integrity() == "ok"
    assert SQLiteStore(str(tmp_path / "n.sqlite"), "NORMAL")._db.execute("PRAGMA synchronous").fetchone()[0] == 1
    assert create_app(settings=test_settings(tmp_path, db=str(tmp_path / "f.sqlite"), synchronous="FULL")
                      ).state.service.store._db.execute("PRAGMA synchronous").fetchone()[0] == 2


# ---------------------------------------------------------------- 12. seats and rematches
def test_12_a_seat_left_mid_game_opens_only_to_its_credential_or_an_invitation(client):
    r = client.post("/api/tables", json={"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2})
    t = r.json()
    creator = t.pop("creator_token")
    a, b = join(client, t["id"], "Ana"), join(client, t["id"], "Ben")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        if m["to_move"] == 0:
            ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": 0})
            recv_state(ws)
    assert client.post(f"/api/tables/{t['id']}/leave", json={"token": a["token"]}).json() == {"ok": True}
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["status"] == "open" and info["seats"][0]["left"] and info["seats"][0]["taken"]
    for body in ({"name": "Cy"}, {"name": "Cy", "seat": 0}):
        r = client.post(f"/api/tables/{t['id']}/join", json=body)
        assert r.status_code == 409 and r.json()["error"] in ("full", "reserved"), r.text
    # Ben (or anyone) cannot invite; the creator can
    r = client.post(f"/api/tables/{t['id']}/invite", json={"creator_token": b["token"], "seat": 0})
    assert r.status_code == 403
    # the leaver comes back with their own credential
    back = client.post(f"/api/tables/{t['id']}/join", json={"token": a["token"]}).json()
    assert back == {"seat": 0, "token": a["token"]}
    assert client.get(f"/api/tables/{t['id']}").json()["status"] == "running"
    client.post(f"/api/tables/{t['id']}/leave", json={"token": a["token"]})
    code = client.post(f"/api/tables/{t['id']}/invite", json={"creator_token": creator, "seat": 0}).json()["invite"]
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": "Cy", "invite": "forged"})
    assert r.status_code == 403
    cy = client.post(f"/api/tables/{t['id']}/join", json={"name": "Cy", "invite": code}).json()
    assert cy["seat"] == 0 and cy["token"] != a["token"]
    assert client.post(f"/api/tables/{t['id']}/join", json={"name": "Dee", "invite": code}).status_code == 403
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        assert ws.receive_json()["code"] == "auth"  # the leaver's credential is dead now


def test_12_a_rematch_only_after_the_end(client):
    t = new_table(client, game="aban", players=1, seats=[{"kind": "human"}], seed=3)
    a = join(client, t["id"], "Ana")
    r = client.post(f"/api/tables/{t['id']}/again", json={"token": a["token"]})
    assert r.status_code == 409 and r.json()["error"] == "running"
    assert client.get(f"/api/tables/{t['id']}").json()["next"] is None


def test_10_the_hosts_served_follow_the_address_listened_on():
    from cardboard.server.settings import LOOPBACK, ServerSettings

    assert ServerSettings.hosts_for("127.0.0.1") == LOOPBACK == ServerSettings().allowed_hosts
    assert ServerSettings.hosts_for("games.example.org") == ("games.example.org",)
    every = ServerSettings.hosts_for("0.0.0.0")
    assert every[:3] == LOOPBACK and "*" not in every


def test_2_bots_that_do_not_search_never_wait_behind_a_search():
    async def main():
        pool = BotPool(1, "process")
        await pool._acquire(0)  # the one search worker is busy
        import cardboard

        game = cardboard.load_game("abyss", players=2, seed=1)
        job = Job("abyss", 2, 1, json.dumps(game.options_json(), sort_keys=True), (), "random", 5)
        return await asyncio.wait_for(pool.decide(job), 5)

    assert "kind" in asyncio.run(main())


def test_7_the_undo_check_runs_in_a_worker_and_the_page_hears_when_undo_is_possible(tmp_path):
    """On a server the undo check (32 re-deals a move) is off the event loop: the move's own
    picture says can_undo false, and a new picture at the same move says true once a worker found
    that nothing was revealed; undo then works as before."""
    with _app(tmp_path, undo_check="process") as c:
        t = new_table(c, game="hideous-abomination", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
                      seed=3)
        a = join(c, t["id"], "Ana")
        live = c.app.state.service.table(t["id"])
        import time
        with c.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
            m = recv_state(ws)
            for _ in range(200):
                if m["legal"] and m["n"] > 0:  # the person's turn: give the worker a moment
                    for _ in range(200):
                        if live.undo_task is None or live.undo_task.done():
                            break
                        time.sleep(0.02)
                    known = live.undo_known
                    if known and known[0] == live.version:
                        m = recv_state(ws)  # the same move, now undoable (or saying why not)
                        assert m["n"] == len(live.log)
                if m["can_undo"]:
                    break
                if m["legal"]:
                    before = m
                    ws.send_json({"type": "move", "move": m["legal"][-1]["move"], "n": m["n"]})
                m = recv_state(ws)
            assert m["can_undo"], "no undoable move was announced"
            ws.send_json({"type": "undo"})
            back = recv_state(ws)
            while back["n"] > before["n"] or back["legal"] != before["legal"]:
                back = recv_state(ws)
            assert back["view"] == before["view"]


def test_9_a_client_gone_mid_send_ends_its_writer_quietly():
    """A send to a socket whose client left raises: the writer ends (no 'Task exception was
    never retrieved' traceback) and says the client went away."""
    from cardboard.server.tables import GONE, Subscriber

    async def main():
        sub = Subscriber(None, "x", 4)

        async def gone(text):
            raise ConnectionResetError("the client left")

        task = asyncio.create_task(sub.pump(gone, 1.0))
        sub.push('{"type":"state"}', state=True)
        return await asyncio.wait_for(task, 2)

    assert asyncio.run(main()) == GONE


def test_8_the_table_just_opened_is_never_the_one_evicted(tmp_path):
    async def main():
        service = _service(tmp_path, live_tables=1)
        first, _, _ = await _two_humans(service)
        sub = service.subscribe(first.id, None, "x")  # busy: cannot leave memory
        second, _, _ = await _two_humans(service)
        live = service.table(second.id)
        assert service.live.get(second.id) is live  # not a detached copy
        service.unsubscribe(first.id, sub)
        await service.close()

    asyncio.run(main())
