"""bulk_play: the cyclic collector is paused while a game is played, and what survives is frozen."""
import gc

import pytest

import cardboard
from cardboard.agents.arena import play_game
from cardboard.agents import make_agent
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


def test_survivors_are_frozen_and_cycles_made_meanwhile_are_freed():
    gc.unfreeze()
    before = gc.get_freeze_count()

    class Node:
        pass

    with bulk_play():
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle, dropped at once: only the cyclic collector frees it
        del a, b
        kept = [Node() for _ in range(100)]
    assert gc.get_freeze_count() >= before + 100  # the survivors left the collector's generations
    assert gc.collect() == 0  # and the cycle was collected on the way out
    assert len(kept) == 100
    gc.unfreeze()


def test_the_arena_plays_each_game_with_the_collector_paused(monkeypatch):
    seen = []
    agent = make_agent("random", seed=1)
    choose = agent.choose
    monkeypatch.setattr(agent, "choose", lambda state: seen.append(gc.isenabled()) or choose(state))
    game = cardboard.load_game("pig", players=2, seed=3)
    state, _, moves = play_game(game, [agent, agent])
    assert state.is_terminal() and seen and not any(seen) and gc.isenabled()
