"""Clocks (issue #23): off by default; a time per decision (each seat's bank) and an increment;
on a time-out a bot of the chosen level decides and the log says so; the seat's own move just
before the deadline wins the race; bots' seats have no clock; deadlines are stored and re-armed
after a restart; bad options are refused. The wall clock is injected: nothing here sleeps for a
clock to run out."""
from __future__ import annotations

import asyncio

import pytest

from cardboard.server import clocks
from cardboard.server.store import SQLiteStore
from cardboard.server.tables import TableError, TableService

from .conftest import new_table, test_settings

T0 = 1_800_000_000.0


class FakeClock:
    """The server's wall clock, moved by hand."""

    def __init__(self, t: float = T0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def service(tmp_path, clock: FakeClock, name: str = "tables.sqlite") -> TableService:
    settings = test_settings(tmp_path)
    return TableService(SQLiteStore(str(tmp_path / name), "NORMAL"), settings, clock=clock)


@pytest.fixture(name="clock")
def fake_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(name="run")
def run_on_a_service(tmp_path, clock):
    """`run(body)`: a fresh service on the test's store and fake clock, `await body(svc)` in a new
    event loop, then a clean close (`close=False`: none, as a killed server leaves it); gives what
    the body returns."""

    def run_(body, close: bool = True):
        async def main():
            svc = service(tmp_path, clock)
            result = await body(svc)
            if close:
                await svc.close()
            return result

        return asyncio.run(main())

    return run_


async def pig_table(svc: TableService, clock=None, humans: int = 2, target: int = 50, bots: int = 0, seed=None):
    """A running pig table (roll or hold: one move a decision) with `humans` seated people."""
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "level": "random"}] * bots
    rec, _ = await svc.create("pig", humans + bots, {"target": target}, seats, seed=seed, clock=clock)
    tokens = []
    for name in ["Ana", "Ben", "Cy"][:humans]:
        tokens.append((await svc.join(rec.id, name))[1])
    return rec.id, tokens


async def hold_to_the_end(svc: TableService, tid: str, tokens, clock=None, think: float = 0.0) -> None:
    """Each seat holds whenever it may (else rolls), `think` seconds a decision, until Pig ends."""
    live = svc.table(tid)
    while not live.state.is_terminal():
        seat = live.state.current_player
        if clock is not None:
            clock.t += think
        legal = [a.to_json() for a in live.state.legal_actions()]
        move = {"kind": "hold"} if {"kind": "hold"} in legal else {"kind": "roll"}
        await svc.play(tid, tokens[seat], move, len(live.log))


def moves(svc: TableService, table_id: str) -> list[dict]:
    return svc.table(table_id).log


def clock_of(svc: TableService, table_id: str, seat=None) -> dict:
    live = svc.table(table_id)
    return svc.message(live, seat)["clock"]


CLOCK = {"time": 30, "increment": 5, "level": "easy"}


# ---------------------------------------------------------------------------- off by default, bad options
def test_a_table_has_no_clock_unless_its_creator_sets_one(client):
    t = new_table(client, game="pig", players=2)
    assert t["clock"] is None
    app_service = client.app.state.service
    assert app_service.store.get(t["id"]).deadline is None
    with_clock = client.post("/api/tables", json={"game": "pig", "players": 2, "seats": [{"kind": "human"}] * 2,
                                                 "clock": {"time": 60, "increment": 10}})
    assert with_clock.status_code == 200, with_clock.text
    assert with_clock.json()["clock"] == {"time": 60000, "increment": 10000, "level": "easy"}


@pytest.mark.parametrize("clock, words", [
    ({"time": 2}, "from 5 s to 1 h, not 2 s"),
    ({"time": 3601}, "from 5 s to 1 h, not 3601 s"),
    ({"time": 30, "increment": 601}, "from 0 s to 10 min, not 601 s"),
    ({"time": 30, "increment": -1}, "from 0 s to 10 min, not -1 s"),
    ({"time": 30, "level": "godlike"}, "unknown agent 'godlike'"),
    ({"time": 30, "level": "hard:99"}, "at most 5 seconds"),
])
def test_bad_clock_options_are_refused_with_a_clear_error_and_no_table(client, clock, words):
    before = len(client.get("/api/tables").json())
    r = client.post("/api/tables", json={"game": "pig", "players": 2, "seats": [{"kind": "human"}] * 2, "clock": clock})
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "bad_clock"
    assert words in r.json()["message"], r.json()["message"]
    assert len(client.get("/api/tables").json()) == before


def test_a_clock_of_the_wrong_shape_is_refused(client):
    for clock in ({"increment": 5}, {"time": "soon"}, {"time": 30, "extra": 1}):
        r = client.post("/api/tables", json={"game": "pig", "players": 2, "seats": [{"kind": "human"}] * 2,
                                             "clock": clock})
        assert r.status_code == 422, (clock, r.text)
    with pytest.raises(Exception, match="not inf"):
        clocks.check_clock({"time": float("inf")}, ["human"], 5, 3600, 600, 5)


# ---------------------------------------------------------------------------- running, increments
def test_only_the_deciding_seat_s_clock_runs_and_it_gains_the_increment(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        svc.subscribe(tid, tokens[0])
        c = clock_of(svc, tid)
        assert c["running"] == 0 and c["remaining"] == [30000, 30000] and c["now"] == round(T0 * 1000)
        clock.t += 12.5
        assert clock_of(svc, tid)["remaining"] == [17500, 30000]  # counted from the stored deadline
        await svc.play(tid, tokens[0], {"kind": "roll"}, 0)
        seat = svc.table(tid).state.current_player
        c = clock_of(svc, tid)
        # 30 - 12.5 + 5: the increment after the decision; seat 0 decides again unless it rolled the bust face
        assert c["remaining"][0] == 22500 and c["running"] == seat
        clock.t += 3
        c = clock_of(svc, tid)
        assert c["remaining"][seat] == (19500 if seat == 0 else 27000)
        assert c["remaining"][1 - seat] == (30000 if seat == 0 else 22500)  # the other's clock stands still
        rec = svc.store.get(tid)  # stored: the bank and the absolute deadline
        assert rec.clock["banks"][0] == 22500 and rec.deadline == pytest.approx(T0 + 12.5 + 22.5 if seat == 0
                                                                                 else T0 + 12.5 + 30)

    run(body)


def test_the_clock_carries_nothing_hidden_every_viewpoint_gets_the_same(run):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        live = svc.table(tid)
        assert svc.message(live, 0)["clock"] == svc.message(live, 1)["clock"] == svc.message(live, None)["clock"]

    run(body)


# ---------------------------------------------------------------------------- time-out
def test_a_time_out_makes_the_bot_decide_and_the_log_says_so(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        svc.subscribe(tid, tokens[1])  # Ben watches Ana's clock run out
        clock.t += 29.9
        assert await svc.run_due_clocks() == 0 and moves(svc, tid) == []
        clock.t += 0.2
        assert await svc.run_due_clocks() == 1
        log_ = moves(svc, tid)
        assert len(log_) == 1 and log_[0]["seat"] == 0 and log_[0]["move"] == {"kind": "roll"}
        assert log_[0]["timeout"] == {"name": "Ana", "level": "easy"}
        assert svc.store.moves(tid)[0]["timeout"] == {"name": "Ana", "level": "easy"}  # stored with the move
        ben = await svc.history(tid, tokens[1])
        assert [1, "Ana's clock ran out: a bot (easy) decided for them"] in ben["lines"]
        ana = await svc.history(tid, tokens[0])
        assert [1, "Your clock ran out: a bot (easy) played for you: Roll the die"] in ana["lines"] or any(
            line.startswith("Your clock ran out: a bot (easy) played for you: ") for _, line in ana["lines"])
        # the state message's log tail brings the line to the open page too
        tail = svc.message(svc.table(tid), 1)["log_tail"]
        assert [1, "Ana's clock ran out: a bot (easy) decided for them"] in tail["lines"]
        # the seat's bank starts again at the whole time per decision
        assert clock_of(svc, tid)["remaining"][0] == 30000

    run(body)


def test_the_seat_s_own_move_just_before_the_deadline_wins(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        svc.subscribe(tid, tokens[0])
        clock.t += 29.999
        await svc.play(tid, tokens[0], {"kind": "roll"}, 0)
        clock.t += 0.01  # past the old deadline: nothing is due (the deadline moved on)
        assert await svc.run_due_clocks() == 0
        assert len(moves(svc, tid)) == 1 and "timeout" not in moves(svc, tid)[0]

    run(body)


def test_a_move_landing_while_the_clock_s_bot_thinks_wins_and_the_bot_s_is_dropped(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        svc.subscribe(tid, tokens[0])
        thinking, release = asyncio.Event(), asyncio.Event()
        real = svc.bots.decide

        async def slow(job, priority=0):
            thinking.set()
            await release.wait()
            return await real(job, priority)

        svc.bots.decide = slow
        clock.t += 30.5
        timeout = asyncio.create_task(svc.run_due_clocks())
        await thinking.wait()
        await svc.play(tid, tokens[0], {"kind": "roll"}, 0)  # the seat's own (late) move lands first
        release.set()
        assert await timeout == 1
        log_ = moves(svc, tid)
        assert len(log_) == 1 and "timeout" not in log_[0]
        assert len(svc.store.moves(tid)) == 1

    run(body)


def test_a_late_move_after_the_clock_s_bot_decided_is_refused_as_stale(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        svc.subscribe(tid, tokens[0])
        clock.t += 31
        assert await svc.run_due_clocks() == 1
        with pytest.raises(TableError) as err:
            await svc.play(tid, tokens[0], {"kind": "roll"}, 0)
        assert err.value.code == "stale"
        assert len(moves(svc, tid)) == 1 and moves(svc, tid)[0]["timeout"]

    run(body)


def test_bots_seats_have_no_clock(run):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK, humans=1, bots=1)
        c = clock_of(svc, tid)
        assert c["remaining"] == [30000, None] and c["running"] == 0
        live = svc.table(tid)
        # play seat 0's turn out (roll until a hold ends it or the bust face does)
        while live.state.current_player == 0:
            legal = [a.to_json() for a in live.state.legal_actions()]
            move = {"kind": "hold"} if {"kind": "hold"} in legal else {"kind": "roll"}
            await svc.play(tid, tokens[0], move, len(live.log))
        c = clock_of(svc, tid)
        assert c["running"] is None and svc.store.get(tid).deadline is None  # the bot's turn: no clock runs

    run(body)


def test_a_cooperative_table_can_have_a_clock(run, clock):
    async def body(svc):
        rec, _ = await svc.create("aberration", 1, {}, [{"kind": "human"}], seed=3, clock=CLOCK)
        _, token = await svc.join(rec.id, "Ana")
        svc.subscribe(rec.id, token)
        live = svc.table(rec.id)
        assert live.state.game.cooperative and clock_of(svc, rec.id)["running"] == 0
        clock.t += 31
        assert await svc.run_due_clocks() == 1
        assert len(live.log) == 1 and live.log[0]["timeout"]["level"] == "easy"

    run(body)


# ---------------------------------------------------------------------------- stopping
def test_a_finished_game_stops_its_clock(run):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK, target=1)
        live = svc.table(tid)
        await hold_to_the_end(svc, tid, tokens)
        assert live.rec.status == "over" and live.rec.deadline is None and svc.store.get(tid).deadline is None
        assert tid not in svc._armed and clock_of(svc, tid)["running"] is None

    run(body)


def test_a_seat_left_mid_game_stops_the_clock_and_its_return_starts_it_with_the_bank_it_had(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        await svc.play(tid, tokens[0], {"kind": "roll"}, 0)
        seat = svc.table(tid).state.current_player
        clock.t += 10
        await svc.leave(tid, tokens[seat])
        rec = svc.store.get(tid)
        assert rec.status == "open" and rec.deadline is None and tid not in svc._armed
        bank = rec.clock["banks"][seat]
        clock.t += 500  # the table waits: no clock runs
        assert await svc.run_due_clocks() == 0
        await svc.join(tid, "", token=tokens[seat])
        c = clock_of(svc, tid)
        assert c["running"] == seat and c["remaining"][seat] == bank

    run(body)


def test_with_nobody_at_the_table_a_clock_waits_at_zero_until_someone_comes_back(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        clock.t += 31
        assert await svc.run_due_clocks() == 1
        assert moves(svc, tid) == []  # nobody connected: no bot plays an abandoned table
        rec = svc.store.get(tid)
        assert rec.deadline is None and rec.clock["banks"][0] == 0
        svc.subscribe(tid, tokens[1])  # Ben comes back: Ana's clock, at zero, runs out at once
        await svc.table(tid).clock_task
        assert await svc.run_due_clocks() == 1
        assert len(moves(svc, tid)) == 1 and moves(svc, tid)[0]["timeout"]["name"] == "Ana"

    run(body)


# ---------------------------------------------------------------------------- restart, bounds
def test_a_restart_re_arms_the_clock_from_the_store_and_a_deadline_passed_meanwhile_fires_at_once(run, clock):
    async def first(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        await svc.play(tid, tokens[0], {"kind": "roll"}, 0)
        return tid, tokens, svc.table(tid).state.current_player, svc.store.get(tid).deadline
        # no clean shutdown: only the store is left

    tid, tokens, seat, deadline = run(first, close=False)
    clock.t = deadline + 120  # the server was down past the deadline

    async def second(svc):
        svc.start()
        assert svc._armed == {tid: deadline}  # re-armed from the store
        svc.subscribe(tid, tokens[1 - seat])
        for _ in range(200):  # the scheduler fires at once (an easy bot in a thread: milliseconds)
            if len(svc.table(tid).log) == 2:
                break
            await asyncio.sleep(0.01)
        log_ = svc.table(tid).log
        assert len(log_) == 2 and log_[1]["timeout"] and log_[1]["seat"] == seat

    run(second)


def test_one_scheduler_entry_per_table_however_often_its_clock_moves(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, {"time": 30, "increment": 0}, target=1000)
        live = svc.table(tid)
        for _ in range(300):
            seat = live.state.current_player
            clock.t += 0.5
            await svc.play(tid, tokens[seat], {"kind": "roll"}, len(live.log))
        assert len(svc._armed) == 1 and len(svc._clock_heap) <= 2 * len(svc._armed) + 64

    run(body)


def test_a_store_from_before_clocks_is_migrated(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as con:
        con.executescript("""
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
                seed INTEGER NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL,
                status TEXT NOT NULL, previous TEXT, next TEXT, seed_chosen INTEGER NOT NULL DEFAULT 0,
                creator_hash TEXT);
            CREATE TABLE moves (table_id TEXT NOT NULL, n INTEGER NOT NULL, move TEXT NOT NULL, at REAL NOT NULL,
                PRIMARY KEY (table_id, n));
            INSERT INTO tables VALUES ('old', 'pig', 2, 7, '{}', '[{"kind": "human"}, {"kind": "human"}]', 1.0,
                'open', NULL, NULL, 0, NULL);
        """)
    store = SQLiteStore(str(path))
    rec = store.get("old")
    assert rec.clock is None and rec.deadline is None and store.deadlines() == []
    store.close()


def test_undo_at_a_clock_table_gives_the_seat_its_clock_back_from_the_bank_it_has(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK, humans=1, bots=1, seed=7)
        live = svc.table(tid)
        clock.t += 10
        await svc.play(tid, tokens[0], {"kind": "roll"}, 0)  # 30 - 10 + 5 = 25 s left
        assert live.state.current_player == 0  # seed 7: no bust face on the first roll
        clock.t += 4
        svc.undo_point = lambda live, seat, compute=True: 0  # a roll is never undone: the clock's part only
        await svc.undo(tid, tokens[0])
        assert len(live.log) == 0 and live.state.current_player == 0
        c = clock_of(svc, tid)
        assert c["running"] == 0 and c["remaining"][0] == 21000
        assert svc.store.get(tid).deadline == pytest.approx(clock.t + 21)  # stored with the undo

    run(body)


def test_a_rematch_keeps_the_clock_with_full_banks(run, clock):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK, target=1)
        await hold_to_the_end(svc, tid, tokens, clock, think=7)
        new = await svc.again(tid, tokens[0])
        assert svc.summary(new)["clock"] == {"time": 30000, "increment": 5000, "level": "easy"}
        assert new.clock["banks"] == [30000, 30000]
        svc.subscribe(new.id, tokens[0])  # both players kept their seats: the game runs, and so does its clock
        await svc.table(new.id).clock_task
        assert clock_of(svc, new.id)["running"] == svc.table(new.id).state.current_player

    run(body)


def test_a_killed_server_re_arms_a_stored_deadline_and_the_time_out_comes_when_someone_is_back(tmp_path):
    """The real server, killed (no clean shutdown) and started again with the helpers of
    test_restart.py; the stored deadline is moved an hour back while it is down."""
    import json
    import signal
    import sqlite3

    import httpx
    from websockets.sync.client import connect

    from .test_restart import _free_port, _start, _state_msg

    port, db = _free_port(), tmp_path / "tables.sqlite"
    base = f"http://127.0.0.1:{port}"
    proc = _start(port, db)
    try:
        t = httpx.post(f"{base}/api/tables", json={"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2,
                                                   "clock": {"time": 600, "level": "random"}}).json()
        tokens = [httpx.post(f"{base}/api/tables/{t['id']}/join", json={"name": n}).json()["token"]
                  for n in ("Ana", "Ben")]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    with sqlite3.connect(db) as con:
        deadline, clock = con.execute("SELECT deadline, clock FROM tables WHERE id = ?", (t["id"],)).fetchone()
        seat = json.loads(clock)["seat"]
        assert deadline is not None and seat is not None  # stored, not only a timer in memory
        con.execute("UPDATE tables SET deadline = deadline - 3600 WHERE id = ?", (t["id"],))

    proc = _start(port, db)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{t['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": tokens[1 - seat]}))
            for _ in range(20):
                m = _state_msg(ws)
                if m["n"] >= 1:
                    break
            assert m["n"] == 1 and m["last"]["seat"] == seat
            name = ("Ana", "Ben")[seat]
            assert [1, f"{name}'s clock ran out: a bot (random) decided for them"] in m["log_tail"]["lines"]
            assert 590000 < m["clock"]["remaining"][seat] <= 600000  # its bank started again full
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.mark.parametrize("game", ["abyss", "aban", "aberration", "abomination", "hideous-abomination"])
def test_at_every_decision_only_the_seat_the_engine_asks_has_a_running_clock(run, clock, game):
    """Over the first decisions of a random game of each game (Abomination's simultaneous lab
    steps, Aberration's co-operative table included): the running clock is the deciding seat's,
    the others' banks stand still, and the decider's bank is what it had plus the increment."""
    import random

    from cardboard.engine import game_class

    rng = random.Random(5)

    async def body(svc):
        cls = game_class(game)
        players = max(cls.min_players, min(2, cls.max_players))
        rec, _ = await svc.create(game, players, {}, [{"kind": "human"}] * players, clock=CLOCK)
        tokens = [(await svc.join(rec.id, f"P{i}"))[1] for i in range(players)]
        live = svc.table(rec.id)
        for _ in range(60):
            if live.state.is_terminal():
                break
            seat = live.state.current_player
            before = clock_of(svc, rec.id)
            assert before["running"] == seat
            clock.t += 1.25
            await svc.play(rec.id, tokens[seat], rng.choice(live.state.legal_actions()).to_json(), len(live.log))
            after = clock_of(svc, rec.id)
            for s in range(players):
                if s == seat:
                    assert abs(after["remaining"][s] - (before["remaining"][s] - 1250 + 5000)) <= 1
                elif after["running"] != s:
                    assert after["remaining"][s] == before["remaining"][s]

    run(body)


def test_a_time_out_whose_table_cannot_be_rebuilt_is_logged_and_left_alone(run, clock, caplog):
    async def body(svc):
        tid, tokens = await pig_table(svc, CLOCK)
        rec = svc.store.get(tid)
        rec.game = "no-such-game"  # a table the server can no longer rebuild (its game uninstalled)
        svc.store._db.execute("UPDATE tables SET game = 'no-such-game' WHERE id = ?", (tid,))
        svc.live.clear()
        clock.t += 31
        assert await svc.run_due_clocks() == 1  # no exception escapes the scheduler

    run(body)
    assert any("did not load" in r.getMessage() for r in caplog.records)


def test_closing_as_the_scheduler_is_woken_does_not_hang(tmp_path, clock):
    """A close that cancels the clocks' scheduler just as its event is set (a time-out's move
    re-arming the clock) ends it: in Python 3.11 `asyncio.wait_for` swallowed that cancellation,
    the scheduler ran on and close() waited for it forever (a restart test hung, 5 runs in 16 on a
    loaded machine)."""
    async def main():
        svc = service(tmp_path, clock)
        svc.start()
        for _ in range(3):
            await asyncio.sleep(0)  # the scheduler is waiting for its event or its next deadline
        task = svc._clock_loop_task
        svc._clock_wake.set()
        task.cancel()  # in the same turn of the loop, as close() does
        for _ in range(5):
            await asyncio.sleep(0)
        assert task.cancelled()
        await svc.close()

    asyncio.run(main())
