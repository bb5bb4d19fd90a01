"""The examples in examples/interop/, each in a short form."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import cardboard

EXAMPLES = Path(__file__).parents[2] / "examples" / "interop"


def load(name):
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pettingzoo_random_rollout_of_each_game():
    rollout = load("pettingzoo_rollout").rollout
    for game_id in cardboard.list_games():
        steps, totals = rollout(game_id, 0)
        assert steps > 0 and totals


def test_openspiel_mcts_against_cardboards_hard_at_a_table():
    play = load("openspiel_mcts_vs_hard").play
    returns = play("abyss", 0, simulations=2, hard="hard:0.01", rollout=4)
    assert sorted(returns) in ([-1.0, 1.0], [1.0, 1.0])


def test_the_learner_runs(tmp_path, monkeypatch):
    learner = load("learn_solo")
    png = tmp_path / "curve.png"
    monkeypatch.setattr(sys, "argv", ["learn_solo", "--minutes", "0.2", "--episodes", "120", "--eval", "10",
                                      "--png", str(png)])
    learner.main()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
