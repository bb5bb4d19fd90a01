"""bulk_play: the cyclic collector is paused while a game is played, what survives is frozen, and a
sweep now and then (or after an error) frees the cycles frozen meanwhile."""
import gc
import time
import weakref

import pytest

import cardboard
from cardboard.agents.arena import play_game
from cardboard.agents import make_agent
from cardboard.engine import collector
from cardboard.engine.collector import bulk_play


def test_the_collector_is_paused_inside_and_restored_after_even_on_error():
    assert gc.isenabled()
    with bulk_play():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError):
        with bulk_play():
            raise ValueError("a bug in a game")
    assert gc.isenabled()
    gc.disable()
    try:
        with bulk_play():
            pass
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


def test_survivors_are_frozen_and_a_cycle_made_meanwhile_is_freed_by_the_next_sweep(monkeypatch):
    class Node:
        pass

    def a_game_with_a_cycle():
        with bulk_play():
            a, b = Node(), Node()
            a.other, b.other = b, a  # a cycle, dropped at once: only the cyclic collector frees it
            ref = weakref.ref(a)
            del a, b
            kept = Node()
        return ref, kept

    monkeypatch.setattr(collector, "_next_sweep", float("inf"))  # no sweep due: the exit only freezes
    first, kept = a_game_with_a_cycle()
    try:
        assert not any(o is kept for o in gc.get_objects())  # the survivor left the collector's generations
        gc.collect()
        assert first() is not None  # and so did the cycle: no collection sees it ...
        monkeypatch.setattr(collector, "_next_sweep", 0.0)
        second, _ = a_game_with_a_cycle()
        assert first() is None and second() is None  # ... until a sweep is due at a game's end
    finally:
        gc.unfreeze()


def test_a_sweep_is_spaced_by_its_own_cost_and_an_error_sweeps_at_once(monkeypatch):
    collector.sweep()
    assert collector._next_sweep > time.perf_counter()  # the next one waits, 100 times this one's time
    swept = []
    monkeypatch.setattr(collector, "sweep", lambda: swept.append(1))
    with bulk_play():
        pass
    assert swept == []  # frozen only
    with pytest.raises(ValueError):
        with bulk_play():
            raise ValueError("a bug in a game")  # a traceback is a cycle of frames: swept now
    assert swept == [1]
    gc.unfreeze()


def test_the_arena_plays_each_game_with_the_collector_paused(monkeypatch):
    seen = []
    agent = make_agent("random", seed=1)
    choose = agent.choose
    monkeypatch.setattr(agent, "choose", lambda state: seen.append(gc.isenabled()) or choose(state))
    game = cardboard.load_game("pig", players=2, seed=3)
    state, _, moves = play_game(game, [agent, agent])
    assert state.is_terminal() and seen and not any(seen) and gc.isenabled()


def test_settle_freezes_what_is_alive_or_sweeps_when_one_is_due(monkeypatch):
    class Node:
        pass

    monkeypatch.setattr(collector, "_next_sweep", float("inf"))
    kept = Node()
    collector.settle()
    assert not any(o is kept for o in gc.get_objects())  # frozen: out of every generation
    swept = []
    monkeypatch.setattr(collector, "sweep", lambda: swept.append(1))
    monkeypatch.setattr(collector, "_next_sweep", 0.0)
    collector.settle()
    assert swept == [1]
    gc.unfreeze()
