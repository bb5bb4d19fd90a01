"""Bot decisions, bounded: a seat's level comes from a fixed list with a capped time budget, and
every decision runs on a small pool of worker processes shared by all tables of the server.

A job carries what a worker needs to rebuild the position by replay (game, players, seed,
options, the move log) and the decision's own seed, derived from (table seed, seat, move
number): the same decision whichever worker makes it, and the same after a restart. Each
worker keeps a few recent positions and extends them by the new moves instead of replaying a
whole game per decision.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import math
import multiprocessing
import os
import threading
from collections import OrderedDict
from contextlib import nullcontext
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from cardboard.agents import NAMES
from cardboard.engine import ConfigError
from cardboard.engine.collector import bulk_play


def check_level(level: str, max_seconds: float) -> str:
    """A seat's level as given (`name` or `name:seconds`), or ConfigError naming the problem:
    the name one of the agents, the budget a finite number of seconds in (0, max_seconds]."""
    if not isinstance(level, str) or not level:
        raise ConfigError("a bot's level is a name such as 'medium' or 'hard:2'")
    base, sep, budget = level.partition(":")
    if base not in NAMES:
        raise ConfigError(f"unknown agent '{level}'; known agents: {', '.join(NAMES)}")
    if sep:
        try:
            seconds = float(budget)
        except ValueError:
            raise ConfigError(f"'{level}': the time budget after ':' must be seconds, e.g. hard:2") from None
        if not math.isfinite(seconds) or not 0 < seconds <= max_seconds:
            raise ConfigError(f"'{level}': the time budget must be more than 0 and at most {max_seconds:g} seconds")
    return level


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    seed: int
    options: str          # JSON, sorted keys: part of the worker's cache key
    moves: tuple[str, ...]  # each move's JSON, as logged
    level: str
    agent_seed: int


_CACHE: "OrderedDict[tuple, tuple[tuple[str, ...], object]]" = OrderedDict()
_IN_WORKER = False  # set by a worker process's start (_warm): decisions then play as bulk play does
_CACHE_SIZE = 64  # positions a worker keeps: one a table it serves (about 30 KB each)
_CACHE_LOCK = threading.Lock()


def _position(job: Job):
    """The state after the job's moves: a cached position of the same game extended by the new
    moves when it is a prefix, a replay otherwise."""
    import cardboard

    key = (job.game, job.players, job.seed, job.options)
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    state = None
    if hit is not None:
        moves, cached = hit
        if len(moves) <= len(job.moves) and job.moves[:len(moves)] == moves:
            state = cached.clone()
            for m in job.moves[len(moves):]:
                state.apply_json(json.loads(m))
    if state is None:
        game = cardboard.load_game(job.game, players=job.players, seed=job.seed, options=json.loads(job.options))
        state = game.replay([json.loads(m) for m in job.moves])
    with _CACHE_LOCK:
        _CACHE[key] = (job.moves, state.clone())
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return state


def reveals(before, after, move: dict, seat: int, samples: int = 32, salt="undo") -> bool:
    """Whether a move (played from `before`, giving `after`) showed `seat` anything it could not
    have known: chance was drawn (the RNG moved: undoing would restore it, and the same move
    would draw the same again), or one of `samples` re-deals of what `seat` cannot see, with the
    move played in it, gives `seat` a view other than the one the real move gave it."""
    from cardboard.engine.rng import derive_seed

    if before.rng.state != after.rng.state:
        return True
    real = after.view(seat)
    for i in range(samples):
        world = before.determinize(seat, derive_seed(before.game.seed, salt, len(before), i))
        try:
            world.apply_json(move)
        except Exception:  # IllegalAction (or a game failing on a re-deal it cannot play the move in)
            return True  # the move depended on hidden cards: it showed them
        if world.view(seat) != real:
            return True
    return False


@dataclass(frozen=True)
class UndoJob:
    game: str
    players: int
    seed: int
    options: str
    moves: tuple[str, ...]
    k: int      # the seat's last move
    seat: int


def undo_check(job: UndoJob) -> bool:
    """(in a worker) Whether none of the moves from k on showed the seat anything."""
    state = _position(Job(job.game, job.players, job.seed, job.options, job.moves[:job.k], "", 0))
    for text in job.moves[job.k:]:
        move = json.loads(text)
        after = state.clone()
        after.apply_json(move)
        if reveals(state, after, move, job.seat):
            return False
        state = after
    return True


def undo_reason(job: UndoJob) -> str | None:
    """(in a worker) Why the moves from k on cannot be undone (a code of `reveal_reason`), or None."""
    state = _position(Job(job.game, job.players, job.seed, job.options, job.moves[:job.k], "", 0))
    for i, text in enumerate(job.moves[job.k:]):
        move = json.loads(text)
        after = state.clone()
        after.apply_json(move)
        if reveals(state, after, move, job.seat):
            return reveal_reason(state, after, i == 0)
        state = after
    return None


def reveal_reason(before, after, own: bool) -> str:
    """The reason code of a move that showed something: chance drawn or not, the seat's own move or a bot's."""
    chance = before.rng.state != after.rng.state
    return ("roll" if chance else "shown") if own else ("bot_chance" if chance else "bot_shown")


def decide(job: Job) -> dict:
    """One bot decision (runs in a worker): the chosen move's JSON. A worker process plays it
    as the arena plays a game (`bulk_play`): the collector paused while it decides, what the
    decision leaves (kept positions, the games' caches) frozen out of later collections (with
    the collector walking them, a worker made 13-16% fewer heuristic decisions a CPU second);
    in the server's own process (thread pools, tests) the collector is left alone."""
    from cardboard.agents import make_agent

    with bulk_play() if _IN_WORKER else nullcontext():
        state = _position(job)
        agent = make_agent(job.level, seed=job.agent_seed, game_id=job.game)
        return agent.choose(state.clone()).to_json()


def _warm(nice: int = 0) -> None:
    """A worker's start: lower its priority by `nice` (a search or an undo check then takes only
    the CPU the server's event loop leaves: people's moves first), and import the games once."""
    global _IN_WORKER
    _IN_WORKER = True
    if nice:
        try:
            os.nice(nice)
        except OSError:  # pragma: no cover - a system that refuses: the worker runs as it is
            pass
    import cardboard  # noqa: F401
    import cardboard.agents  # noqa: F401


_EXECUTORS: dict[tuple[str, int, str, int], Executor] = {}
_EXECUTORS_LOCK = threading.Lock()


def executor(kind: str, workers: int, name: str = "bots", nice: int = 0) -> Executor:
    """The process's shared pool `name` of `workers` (created on first use); a process pool's
    workers run `nice` steps below the server's priority."""
    with _EXECUTORS_LOCK:
        pool = _EXECUTORS.get((kind, workers, name, nice))
        if pool is None:
            if kind == "process":
                pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=_warm, initargs=(nice,))
            else:
                pool = ThreadPoolExecutor(workers, thread_name_prefix="cardboard-bot")
            _EXECUTORS[(kind, workers, name, nice)] = pool
        return pool


CHEAP = ("random", "greedy", "easy")  # levels that do not search: they run beside the pool, in threads


class BotPool:
    """Searching decisions: at most `workers` at once; waiting ones go by priority (0 before 1: tables
    with a person connected before bot-only ones), then in order of arrival."""

    def __init__(self, workers: int, kind: str = "process", nice: int = 10):
        self.workers = workers
        self.kind = kind
        self.nice = nice  # the workers' priority below the server's (ServerSettings.worker_nice)
        self.busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future]] = []
        self._order = itertools.count()

    async def decide(self, job: Job, priority: int = 0) -> dict:
        if job.level.partition(":")[0] in CHEAP:  # no search: a few milliseconds, never behind a search
            return await asyncio.get_running_loop().run_in_executor(executor("thread", 2), decide, job)
        await self._acquire(priority)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.search_executor(), decide, job)
        finally:
            self._release()

    def search_executor(self) -> Executor:
        """The pool searching decisions run on (`workers` processes at `nice`)."""
        return executor(self.kind, self.workers, "bots", self.nice)

    def undo_executor(self) -> Executor:
        """The one process of undo checks (32 re-deals a move), at the same low priority."""
        return executor("process", 1, "undo", self.nice)

    async def undo_reason(self, job: "UndoJob") -> str | None:
        return await asyncio.get_running_loop().run_in_executor(self.undo_executor(), undo_reason, job)

    async def _acquire(self, priority: int) -> None:
        if self.busy < self.workers and self.waiting == 0:
            self.busy += 1
            return
        fut = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), fut))
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # the slot was handed over just now: pass it on
                self._release()
            raise

    def _release(self) -> None:
        while self._waiting:
            _, _, fut = heapq.heappop(self._waiting)
            if not fut.done():
                fut.set_result(None)  # the slot passes to the waiter
                return
        self.busy -= 1

    @property
    def waiting(self) -> int:
        return sum(1 for _, _, f in self._waiting if not f.done())


__all__ = ["BotPool", "Job", "UndoJob", "check_level", "decide", "executor", "reveal_reason", "reveals", "undo_check", "undo_reason"]
