"""What keeps honest players' moves quick under load (issue #24's soak target): bot and undo
workers think at a lower priority than the event loop, and moves stored at the same time share
one durable commit."""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

from cardboard.server.bots import BotPool
from cardboard.server.settings import ServerSettings
from cardboard.server.store import SeatRecord, SQLiteStore, StoreConflict, TableRecord
from cardboard.server.tables import TableService


def _priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def test_bot_and_undo_workers_run_niced_below_the_server():
    """A search (mcts:2 is two CPU-seconds a move) or an undo check never competes as an equal
    with the process that answers people's moves: the pool's workers lower their own priority."""
    settings = ServerSettings(db=":memory:", worker_nice=7, bot_workers=1)
    service = TableService(SQLiteStore(), settings)
    here = _priority()
    assert service.bots.nice == 7
    for pool in (service.bots.search_executor(), service.bots.undo_executor()):
        assert pool.submit(os.getpriority, os.PRIO_PROCESS, 0).result(timeout=60) == min(19, here + 7)
    assert _priority() == here  # the server itself keeps its priority
    assert ServerSettings().worker_nice == 10  # the default


def _decide_and_look(job):
    """(in a worker) A bot's decision, then whether the collector is on and the position the
    worker keeps is still in the collector's generations."""
    import gc

    from cardboard.server import bots

    move = bots.decide(job)
    kept = bots._CACHE[(job.game, job.players, job.seed, job.options)][1]
    return move, gc.isenabled(), any(o is kept for o in gc.get_objects())


def test_a_worker_decides_as_bulk_play_does_and_the_server_process_keeps_its_collector():
    """Issue #27: in a worker process a decision pauses the collector and freezes what it leaves
    (the kept position, the games' caches), so later collections skip them; in the server's own
    process (a thread pool, as tests run) the collector is left as it was."""
    import gc

    from cardboard.server import bots

    job = bots.Job("abyss", 2, 5, "{}", (), "medium", 3)
    settings = ServerSettings(db=":memory:", worker_nice=0, bot_workers=1)
    service = TableService(SQLiteStore(), settings)
    move, enabled, tracked = service.bots.search_executor().submit(_decide_and_look, job).result(timeout=120)
    assert move["kind"] and enabled and not tracked
    assert _decide_and_look(job)[1:] == (True, True)  # here: nothing paused, nothing frozen
    assert gc.isenabled()


def _table(tid: str) -> TableRecord:
    return TableRecord(id=tid, game="abyss", players=2, seed=1, options={}, seats=[SeatRecord("human")] * 2)


def test_moves_stored_at_once_share_one_commit_each_durable_and_separate(tmp_path):
    """Group commit: writes that arrive while a commit is syncing go together in the next one
    (FULL keeps its meaning: each returns only once its commit is on disk); one refused write
    (a move number taken) fails alone and the others of its commit stay."""
    store = SQLiteStore(str(tmp_path / "t.sqlite"), "FULL")
    for t in "abcdefgh":
        store.create(_table(t))
    store.append_move("a", 0, {"move": {"kind": "x"}, "seat": 0})
    before = store.commits
    errors: dict[str, Exception] = {}

    def write(t):
        try:
            store.append_move(t, 0, {"move": {"kind": "y"}, "seat": 0}, "running" if t == "b" else None)
        except Exception as exc:
            errors[t] = exc

    threads = [threading.Thread(target=write, args=(t,)) for t in "abcdefgh"]
    with store._lock:  # a commit under way: the first write leads the next and the others wait for it
        for th in threads:
            th.start()
        deadline = time.monotonic() + 10
        while len(store._pending) < 7 and time.monotonic() < deadline:
            time.sleep(0.005)
        assert store._leading and len(store._pending) == 7
    for th in threads:
        th.join(10)
    assert store.commits - before == 2  # 8 writes: the leader's, then the 7 that waited, together
    assert list(errors) == ["a"] and isinstance(errors["a"], StoreConflict)
    assert store.moves("a") == [{"move": {"kind": "x"}, "seat": 0}]
    for t in "bcdefgh":
        assert store.moves(t) == [{"move": {"kind": "y"}, "seat": 0}]
    assert store.get("b").status == "running" and store.get("c").status == "open"
    store.close()
    again = SQLiteStore(str(tmp_path / "t.sqlite"), "FULL")  # on disk, as a restart reads it
    assert again.move_counts(list("abcdefgh")) == {t: 1 for t in "abcdefgh"}
    assert again.integrity() == "ok"


def test_lobby_reads_do_not_wait_for_a_commit(tmp_path):
    """The lobby's page and a table's record come from the read connection: a commit syncing
    (or a write under way) does not hold them up."""
    store = SQLiteStore(str(tmp_path / "t.sqlite"), "FULL")
    store.create(_table("a"))
    store.append_move("a", 0, {"move": {"kind": "x"}, "seat": 0})
    got = {}

    def read():
        got["list"] = [r.id for r in store.list(10)]
        got["get"] = store.get("a").id
        got["moves"] = store.moves("a")
        got["count"] = store.move_count("a")

    with store._lock:  # the writer is busy
        th = threading.Thread(target=read)
        th.start()
        th.join(5)
        assert not th.is_alive(), "a read waited for the writer"
    assert got == {"list": ["a"], "get": "a", "moves": [{"move": {"kind": "x"}, "seat": 0}], "count": 1}


def test_an_outbox_sends_in_the_turn_of_the_loop_it_wakes_in():
    """Each turn of the event loop a message waits is a turn of every other table's work: a
    picture put in an outbox reaches a transport that takes it at once in the pump's first turn
    (asyncio.wait_for took two more, and a task, per message)."""
    import asyncio

    from cardboard.server.tables import Subscriber

    async def main():
        sent = []

        async def send(text):  # a transport that takes the bytes at once (as uvicorn's does)
            sent.append(text)

        sub = Subscriber(None)
        pump = asyncio.create_task(sub.pump(send, 5.0))
        await asyncio.sleep(0)  # the pump waits for its outbox
        sub.push("a", state=True)
        await asyncio.sleep(0)  # one turn
        first = list(sent)
        sub.push("b")
        sub.push("c")
        await asyncio.sleep(0)
        both = list(sent)
        sub.drop("done")
        assert await pump == "done"
        return first, both

    first, both = asyncio.run(main())
    assert first == ["a"]
    assert both == ["a", "b", "c"]


def test_serving_freezes_the_heap_loaded_at_start():
    """A full collection of the cyclic GC stops the event loop while it walks every tracked
    object: `cardboard serve` freezes what was loaded at start (modules, the app, schemas), so a
    collection walks only what the tables made since."""
    import gc

    from cardboard.server.app import create_app
    from cardboard.server.serving import uvicorn_config

    settings = ServerSettings(db=":memory:", bot_pool="thread")
    gc.unfreeze()
    try:
        config = uvicorn_config(create_app(settings=settings), settings, "127.0.0.1", 0)
        assert config.port == 0
        assert gc.get_freeze_count() > 10_000  # the imports and the app
        from cardboard.server.tables import TableService

        assert TableService._games  # every game imported and described before the freeze
    finally:
        gc.unfreeze()


def test_a_picture_mid_game_does_not_replay_the_game_on_the_event_loop(tmp_path):
    """After a restart every socket comes back at once; each viewpoint's first picture used to
    replay up to 64 moves (a view each) on the event loop for its whole log. Now, beyond the
    first few moves, that history is built in a thread: the first picture has no tail (the page
    asks for the history, as beyond 64 moves), and the pictures after it bring their lines."""
    import asyncio
    import random

    from cardboard.server import tables as tables_mod

    async def main():
        settings = ServerSettings(db=str(tmp_path / "t.sqlite"), synchronous="NORMAL", bot_pool="thread",
                                  bot_delay=0, undo_check="inline")
        svc = TableService(SQLiteStore(settings.db, "NORMAL"), settings)
        rec, _ = await svc.create("abyss", 2, {}, [{"kind": "human"}, {"kind": "human"}])
        toks = [(await svc.join(rec.id, f"P{k}"))[1] for k in range(2)]
        live = svc.table(rec.id)
        rnd = random.Random(3)
        while len(live.log) < 20:
            seat = live.state.current_player
            await svc.play(rec.id, toks[seat], rnd.choice(live.state.legal_actions()).to_json(), len(live.log))
        live.history.clear()  # as after a restart
        replayed = []
        real_extend = tables_mod.History.extend

        def extend(self, seat, log, upto, view_now=None):
            replayed.append(upto - self.n)
            return real_extend(self, seat, log, upto, view_now)

        tables_mod.History.extend = extend
        try:
            sub = svc.subscribe(rec.id, None)
            first = __import__("json").loads(sub.queue[-1][0])
            assert first["n"] == 20 and first["log_tail"] is None
            assert replayed == []  # nothing replayed on the event loop
            while None not in live.history:
                await asyncio.sleep(0.01)
            assert live.history[None].n == 20  # built in a thread
            seat = live.state.current_player
            await svc.play(rec.id, toks[seat], rnd.choice(live.state.legal_actions()).to_json(), 20)
            after = __import__("json").loads(sub.queue[-1][0])
            assert after["n"] == 21 and after["log_tail"]["from"] == 20
            assert replayed[-1] == 1  # the picture extended the history by its one move
        finally:
            tables_mod.History.extend = real_extend
            await svc.close()

    asyncio.run(main())
