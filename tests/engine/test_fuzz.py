"""Engine fuzzing, the short form (benchmarks/fuzz.py runs 1,000,000 actions): random and
adversarial moves against every game, 0 crashes (issue #24)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import cardboard

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"
_spec = importlib.util.spec_from_file_location("cardboard_bench_fuzz", _PATH)
fuzz_mod = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = fuzz_mod
_spec.loader.exec_module(fuzz_mod)


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_random_and_adversarial_moves_crash_nothing(game_id):
    report = fuzz_mod.fuzz(game_id, actions=600, seed=1)
    assert not report.crashes, "\n".join(report.crashes)
    assert report.refused > 50 and report.legal > 200, report.line()
