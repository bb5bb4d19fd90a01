"""Playing games in bulk without the cyclic garbage collector walking the content caches.

Games and searches make no reference cycles (tests/engine/test_properties.py and
tests/agents/test_search.py check every game), so reference counting frees everything a
game discards. The cyclic collector would only walk the long-lived content and caches
(hundreds of thousands of entries in a card game's recruit cache) at every full collection:
it halves the speed of random playouts in the largest game. `bulk_play()` pauses it while a
game is played, then freezes what survived (the content, the caches and what the game added
to them), so later collections skip it. For programs that play many games in one process:
the arena, `sim`, the lab, the research adapters. A long-lived server should not freeze: it
pauses the collector only while a bot thinks (see agents/mcts.py).

Collecting after every game cost 9% and 18% of two card games' random playouts (issue #27):
each game's new cache entries and moves were walked once before being frozen. Instead a sweep (`sweep()`: unfreeze, one full collection, freeze again) frees any
cycle a caller made, at most once per SWEEP_SPACING times the last sweep's own duration, so
sweeping costs about 1% of the time; and at once when a game ends in an exception, whose
traceback is the likeliest cycle. `settle()` is the same freeze-or-sweep for programs that keep
the collector on: the research adapters call it as each new game is set up.
"""
from __future__ import annotations

import gc
import time
from contextlib import contextmanager

SWEEP_SPACING = 100  # a sweep that took s seconds waits 100 s before the next one

_next_sweep = 0.0  # perf_counter time from which the next game's end sweeps


def sweep() -> int:
    """Every object back within the collector's reach, one full collection, then everything
    that survived frozen again: a cycle frozen since the last sweep is freed now. Returns
    what the collection found unreachable."""
    global _next_sweep
    start = time.perf_counter()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    now = time.perf_counter()
    _next_sweep = now + SWEEP_SPACING * (now - start)
    return found


def settle() -> None:
    """Freeze what is alive now (a game just set up, its content and caches), or sweep when one
    is due: for programs that set up game after game with the collector on, like the research
    adapters at every reset (heaps that keep growing with new moves and caches made it run full
    collections again and again: a third of a card game's PettingZoo steps). A cycle that becomes
    garbage after being frozen waits for the next sweep."""
    if time.perf_counter() >= _next_sweep:
        sweep()
    else:
        gc.freeze()  # out of the collector's generations, without a walk


@contextmanager
def bulk_play():
    enabled = gc.isenabled()
    gc.disable()
    failed = True
    try:
        yield
        failed = False
    finally:
        if failed:
            sweep()
        else:
            settle()
        if enabled:
            gc.enable()
