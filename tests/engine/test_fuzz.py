"""Engine fuzzing, the short form (benchmarks/fuzz.py runs 1,000,000 actions): random and
adversarial moves against every game, each game's invariants checked after every applied move,
re-deals checked now and then: 0 crashes, 0 invariants broken (issue #24)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import cardboard
from cardboard.engine import game_class

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"
_spec = importlib.util.spec_from_file_location("cardboard_bench_fuzz", _PATH)
fuzz_mod = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = fuzz_mod
_spec.loader.exec_module(fuzz_mod)


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_random_and_adversarial_moves_crash_nothing(game_id):
    report = fuzz_mod.fuzz(game_id, actions=1500, seed=1)
    assert not report.crashes, "\n".join(report.crashes)
    assert report.refused > 100 and report.legal > 500, report.line()
    assert report.checked > report.legal and report.redeals > 10, report.line()


def test_a_broken_invariant_is_reported_like_a_crash(monkeypatch):
    """The check can fail: a game whose invariants break at its 5th move is reported with the
    game, the seed, the move and the game's words."""
    cls = type(cardboard.load_game("pig", players=2, seed=0).new_initial_state())
    monkeypatch.setattr(cls, "_invariants", lambda self: ["chips: 9 counted, 10 in the game"] if len(self) >= 5 else [])
    report = fuzz_mod.fuzz("pig", actions=200, seed=1)
    assert report.broken == len(report.crashes) > 0
    first = report.crashes[0]
    assert first.startswith("pig players=") and " seed=" in first and " move 5 " in first, first
    assert first.endswith("invariant broken: chips: 9 counted, 10 in the game"), first
    assert "0 crashes, " in report.line() and f"{report.broken} invariants broken" in report.line()


def test_a_redeal_keeping_the_real_games_moves_is_reported(monkeypatch):
    """A re-deal that lists the moves of the real game, not its own (Abomination's bug: the
    clone kept the cached list, seen only in another seat's re-deal), is a crash with where it
    happened. Pig's stand-in: another seat's re-deal whose list offers Hold before any roll."""
    from pig_game.game import HOLD, ROLL

    cls = type(cardboard.load_game("pig", players=2, seed=0).new_initial_state())

    def stale(self, seat, seed):
        world = self.clone()
        if seat != self.current_player:
            world._legal = [ROLL, HOLD]
        return world

    monkeypatch.setattr(cls, "determinize", stale)
    report = fuzz_mod.fuzz("pig", actions=1500, seed=1)
    assert report.crashes, report.line()
    assert all("re-deal lists the moves of another position" in c for c in report.crashes), report.crashes[:3]
    assert report.crashes[0].startswith("pig players="), report.crashes[0]


def test_every_game_has_invariants():
    """Each game states its own (the engine's default finds nothing broken)."""
    from cardboard.engine import State

    for game_id in cardboard.list_games():
        state = cardboard.load_game(game_id, players=game_class(game_id).min_players, seed=0).new_initial_state()
        assert type(state)._invariants is not State._invariants, game_id
