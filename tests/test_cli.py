"""The `cardboard` command: sim, rules, errors."""
import json

import pytest

from cardboard.cli import main
from cardboard.sim import simulate


def test_sim_reports_every_agent(capsys):
    assert main(["sim", "aban", "--games", "6", "--agents", "random,greedy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "greedy" in out and "win rate" in out and "game length" in out


def test_sim_rotates_seats_and_greedy_beats_random():
    report = simulate("aban", ["random", "greedy"], games=20, seed=1)
    r = report["results"]
    assert r["random"]["seats"] == r["greedy"]["seats"] == 20
    assert abs(r["random"]["win_rate"] + r["greedy"]["win_rate"] - 1) < 1e-9
    assert r["greedy"]["win_rate"] > 0.8 and r["greedy"]["mean_score"] > r["random"]["mean_score"]
    assert report == simulate("aban", ["random", "greedy"], games=20, seed=1) | {"seconds": report["seconds"]}


def test_sim_solo_and_options(capsys):
    assert main(["sim", "aban", "--games", "3", "--agents", "greedy", "--option", "expansion=true"]) == 0
    assert "1 seats" in capsys.readouterr().out


def test_rules_prints_coverage(capsys):
    assert main(["rules", "aban"]) == 0
    out = capsys.readouterr().out
    assert "AB-PL-4" in out and "coverage:" in out and "(100%)" in out


@pytest.mark.parametrize("argv,message", [
    (["sim", "aban", "--agents", "nobody", "--games", "1"], "unknown agent 'nobody'"),
    (["sim", "aban", "--games", "1", "--option", "colour=red"], "option 'colour'"),
    (["sim", "aban", "--games", "1", "--players", "7"], "1 to 5 players"),
    (["play", "aban", "--players", "2", "--bots", "3"], "--bots"),
])
def test_bad_input_is_a_clear_error(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err
