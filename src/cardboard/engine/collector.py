"""Playing games in bulk without the cyclic garbage collector walking the content caches.

Games and searches make no reference cycles (tests/engine/test_properties.py and
tests/agents/test_search.py check every game), so reference counting frees everything a
game discards. The cyclic collector would only walk the long-lived content and caches
(hundreds of thousands of entries in a card game's recruit cache) at every full collection:
it halves the speed of random playouts in the largest game. `bulk_play()` pauses it while a
game is played, then collects once and freezes what survived (the content and caches), so
later collections skip it. For programs that play many games in one process: the arena,
`sim`, the lab, the research adapters. A long-lived server should not freeze: it pauses the
collector only while a bot thinks (see agents/mcts.py).
"""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def bulk_play():
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect()  # whatever cycle a game's callers made (an exception's traceback) is freed here
        gc.freeze()
        if enabled:
            gc.enable()
