"""The soak's short form (benchmarks/soak.py; `make soak` runs the full one): honest play with
bots, watchers that never read, a creation flood, malformed frames and oversized bodies, and
kill -9 mid-burst twice. Correctness only (the latency target needs an idle machine)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"
_spec = importlib.util.spec_from_file_location("cardboard_bench_soak", _PATH)
soak_mod = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = soak_mod
_spec.loader.exec_module(soak_mod)


def test_soak_short_loses_nothing_and_stalls_nothing():
    r = soak_mod.soak(tables=4, spectators=10, silent=2, rounds=2, seconds=3, log=lambda *a: None)
    assert r["moves"] > 20, r
    assert r["acked_moves_lost"] == 0, r
    assert r["rebuild_differs"] == 0 and r["store_integrity"] == "ok", r
    assert r["stalled_tables"] == 0, r
    assert r["abuse"]["bodies_413"] > 0 and r["flood"]["other"] == 0, r
    assert r["idle_connections"]["still_open"] == 0 and r["server_log"]["tracebacks"] == 0, r
