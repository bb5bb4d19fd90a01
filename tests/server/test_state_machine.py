"""A state-machine property test of the table service (issue #24): random interleavings of
moves (good and bad), undos, joins, leaves, rematches, bot turns, sockets opening and closing,
and restarts. After every step every live table equals its replayed log and the store's log,
and every message built for a seat equals that seat's view of a fresh replay: no seat is ever
sent another seat's hidden data."""
from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import cardboard
from cardboard.server.settings import ServerSettings
from cardboard.server.store import SQLiteStore
from cardboard.server.tables import TableError, TableService

# (game, seats, seed): a person and a bot (undo possible), two people, a person and two bots
SETUPS = [("hideous-abomination", ["human", "bot"], 3), ("abyss", ["human", "human"], None),
          ("abyss", ["human", "bot", "bot"], 8)]


class TableMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.dir = tempfile.mkdtemp(prefix="cardboard-sm-")
        self.db = str(Path(self.dir) / "t.sqlite")
        self.loop = asyncio.new_event_loop()
        self.tables: list[str] = []
        self.tokens: dict[str, dict[int, str]] = {}  # table -> seat -> credential
        self.left: dict[str, dict[int, str]] = {}
        self.subs: list[tuple[str, object]] = []
        self.built = 0
        self.service = self._start()

    # ------------------------------------------------------------- plumbing
    def _start(self) -> TableService:
        s = ServerSettings(db=self.db, synchronous="NORMAL", bot_delay=0, bot_pool="thread", bot_workers=1,
                           undo_check="inline")
        service = TableService(SQLiteStore(self.db, "NORMAL"), s)
        real = service.message

        def checked(live, seat):  # every message built is checked against a fresh replay
            doc = real(live, seat)
            replayed = live.state.game.replay([e["move"] for e in live.log])
            assert doc["view"] == replayed.view(seat), "a message differs from the seat's view of the log"
            assert doc["n"] == len(live.log) and doc["seat"] == seat
            if doc["legal"]:
                assert seat == replayed.current_player
            self.built += 1
            return doc

        service.message = checked
        return service

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def settle(self) -> None:
        """Let bots (threads) finish what they may do now."""
        async def wait():
            for _ in range(400):
                busy = [t for t in (live.bot_task for live in self.service.live.values()) if t and not t.done()]
                if not busy:
                    return
                await asyncio.sleep(0.005)
        self.run(wait())

    def teardown(self):
        self.run(self.service.close())
        self.service.store.close()
        self.loop.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    # ------------------------------------------------------------- rules
    @precondition(lambda self: len(self.tables) < 3)
    @rule(which=st.integers(0, len(SETUPS) - 1))
    def create(self, which):
        game, seats, seed = SETUPS[which]
        rec, _ = self.run(self.service.create(game, len(seats), {}, [{"kind": k} for k in seats], seed))
        self.tables.append(rec.id)
        self.tokens[rec.id] = {}
        self.left[rec.id] = {}

    @precondition(lambda self: self.tables)
    @rule(t=st.integers(0, 2))
    def join(self, t):
        tid = self.tables[t % len(self.tables)]
        try:
            seat, token = self.run(self.service.join(tid, "P"))
        except TableError as exc:
            assert exc.code == "full"
            return
        assert seat not in self.tokens[tid]
        self.tokens[tid][seat] = token

    @precondition(lambda self: self.tables)
    @rule(t=st.integers(0, 2), seat=st.integers(0, 2))
    def leave_or_return(self, t, seat):
        tid = self.tables[t % len(self.tables)]
        if seat in self.left[tid]:
            token = self.left[tid].pop(seat)
            assert self.run(self.service.join(tid, "", token=token)) == (seat, token)
            self.tokens[tid][seat] = token
        elif seat in self.tokens[tid]:
            token = self.tokens[tid].pop(seat)
            live = self.service.table(tid)
            started = live.rec.status != "open" or bool(live.log)
            self.run(self.service.leave(tid, token))
            if started and not live.state.is_terminal():
                self.left[tid][seat] = token  # kept for its credential
                try:
                    self.run(self.service.join(tid, "Thief", seat=seat))
                    raise AssertionError("a seat left mid-game was taken by someone else")
                except TableError as exc:
                    assert exc.code in ("reserved", "taken")

    @precondition(lambda self: self.tables)
    @rule(t=st.integers(0, 2), pick=st.integers(0, 1000), bad=st.sampled_from([None, "stale", "turn", "illegal"]))
    def move(self, t, pick, bad):
        tid = self.tables[t % len(self.tables)]
        live = self.service.table(tid)
        seat = live.state.current_player
        if seat is None or seat not in self.tokens[tid] or live.rec.status != "running":
            return
        legal = live.state.legal_actions()
        move, n, token = legal[pick % len(legal)].to_json(), len(live.log), self.tokens[tid][seat]
        before = (len(live.log), live.state.to_json())
        if bad:
            others = [tok for s, tok in self.tokens[tid].items() if s != seat]
            if bad == "turn" and not others:
                return
            args = {"stale": (token, move, n + 1), "turn": ((others or [token])[0], move, n),
                    "illegal": (token, {"kind": "no such move"}, n)}[bad]
            try:
                self.run(self.service.play(tid, *args))
                raise AssertionError(f"a {bad} move was accepted")
            except TableError:
                pass
            assert (len(live.log), live.state.to_json()) == before  # refused: nothing changed
            return
        self.run(self.service.play(tid, token, move, n))

    @precondition(lambda self: self.tables)
    @rule(t=st.integers(0, 2))
    def undo(self, t):
        tid = self.tables[t % len(self.tables)]
        for seat, token in list(self.tokens[tid].items()):
            try:
                self.run(self.service.undo(tid, token))
            except TableError as exc:
                assert exc.code == "no_undo"

    @precondition(lambda self: self.tables)
    @rule(t=st.integers(0, 2))
    def rematch(self, t):
        tid = self.tables[t % len(self.tables)]
        if not self.tokens[tid]:
            return
        live = self.service.table(tid)
        try:
            rec = self.run(self.service.again(tid, next(iter(self.tokens[tid].values()))))
        except TableError as exc:
            assert exc.code == "running" and not live.state.is_terminal()
            return
        assert live.state.is_terminal() and rec.previous == tid

    @precondition(lambda self: self.tables)
    @rule(t=st.integers(0, 2), seat=st.integers(-1, 2))
    def open_socket(self, t, seat):
        tid = self.tables[t % len(self.tables)]
        token = self.tokens[tid].get(seat) if seat >= 0 else None
        if seat >= 0 and token is None:
            return
        async def subscribe():
            return self.service.subscribe(tid, token, "10.0.0.1")

        try:
            sub = self.run(subscribe())
        except TableError as exc:
            assert exc.code == "busy"
            return
        self.subs.append((tid, sub))
        self.settle()  # a person connected: bots may move

    @precondition(lambda self: self.subs)
    @rule(i=st.integers(0, 50))
    def close_socket(self, i):
        tid, sub = self.subs.pop(i % len(self.subs))
        self.service.unsubscribe(tid, sub)

    @rule()
    def bot_turns(self):
        self.settle()

    @rule()
    def restart(self):
        """The server stops (bots cancelled, nothing else written) and starts on the same file."""
        self.run(self.service.close())
        self.service.store.close()
        self.subs.clear()
        self.service = self._start()

    # ------------------------------------------------------------- invariants
    @invariant()
    def every_table_is_its_log(self):
        self.settle()
        for tid in self.tables:
            live = self.service.table(tid)
            stored = self.service.store.moves(tid)
            assert [e["move"] for e in stored] == [e["move"] for e in live.log]
            replayed = live.state.game.replay([e["move"] for e in live.log])
            assert replayed.to_json() == live.state.to_json()
            rec = self.service.store.get(tid)
            assert rec.status == live.rec.status and rec.next == live.rec.next

    @invariant()
    def every_socket_got_only_its_own_pictures(self):
        for tid, sub in self.subs:
            for text, is_state in sub.queue:
                m = json.loads(text)
                if is_state:
                    assert m["seat"] == sub.seat
            sub.queue.clear()


TableMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None,
                                          suppress_health_check=list(HealthCheck))
test_table_service_state_machine = TableMachine.TestCase
