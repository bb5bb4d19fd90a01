"""Honest statistics: a planted effect is found, an A/A comparison finds nothing (at the rate
a 95% interval promises), and the intervals are the documented ones."""
from __future__ import annotations

import math

import pytest

from cardboard.lab import Store, run_campaign
from cardboard.lab.report import analyse
from cardboard.lab.stats import mean_ci, t975, welch_ci, within_effect

from .helpers import plant


def analysis(c, path):
    run_campaign(c, path, workers=0, show=False)
    store = Store(path)
    try:
        return analyse(c, store.rows())
    finally:
        store.close()


def test_a_planted_ten_points_for_a_seat_is_found_with_an_interval_excluding_zero(tmp_path):
    c = plant(games=40, variants=[{"name": "plus10", "label": "seat 1 starts with 10 points",
                                   "content": {"file": "plant_content.toml", "set": {"bonus.0": 10}},
                                   "focus": {"seat": 0}},
                                  {"name": "plus10-own-deals", "paired": False, "focus": {"seat": 0},
                                   "content": {"file": "plant_content.toml", "set": {"bonus.0": 10}}}])
    a = analysis(c, tmp_path / "p.sqlite")
    paired, unpaired = a["variants"]
    assert paired["diff"] == pytest.approx(10) and paired["low"] == pytest.approx(10) and paired["n"] == 40
    assert paired["excludes_zero"] and "seat 1 starts with 10 points: seat 0's score +10.0" in paired["sentence"]
    assert unpaired["excludes_zero"] and unpaired["low"] > 3 and unpaired["low"] < 10 < unpaired["high"]


def test_an_a_a_variant_finds_no_effect_in_at_least_18_of_20_small_campaigns(tmp_path):
    found = 0
    for seed in range(20):
        c = plant(games=30, seed=seed, variants=[
            {"name": "aa", "paired": False, "focus": {"seat": 0},
             "content": {"file": "plant_content.toml", "set": {"bonus.0": 0}}}])
        a = analysis(c, tmp_path / f"aa{seed}.sqlite")
        v = a["variants"][0]
        assert v["n"] == 30 and not math.isnan(v["low"])
        found += v["excludes_zero"]
    assert found <= 2, f"{found} of 20 A/A campaigns found an effect"


def test_paired_a_a_on_the_same_deals_differs_by_exactly_nothing(tmp_path):
    c = plant(games=20, variants=[{"name": "same", "focus": {"seat": 0},
                                   "content": {"file": "plant_content.toml", "set": {"bonus.0": 0}}}])
    v = analysis(c, tmp_path / "s.sqlite")["variants"][0]
    assert (v["diff"], v["low"], v["high"], v["excludes_zero"]) == (0, 0, 0, False)


def test_the_intervals_are_the_textbook_ones():
    assert t975(1) == 12.706 and abs(t975(30) - 2.042) < 0.002 and abs(t975(1000) - 1.962) < 0.001
    m, lo, hi = mean_ci([1, 2, 3, 4, 5])
    assert m == 3 and abs(hi - 3 - 2.776 * math.sqrt(2.5 / 5)) < 1e-9
    d, lo, hi = welch_ci([1, 2, 3, 4], [1, 2, 3, 4])
    assert d == 0 and lo < 0 < hi
    # a 0/1 feature's effect within strata: the difference between holders and the rest
    x = [1, 0, 1, 0] * 10
    y = [1.0, 0.0, 1.0, 0.0] * 10
    b, lo, hi, g = within_effect(x, y, ["s"] * 40, list(range(20)) * 2)
    assert b == pytest.approx(1.0) and g == 20
    assert within_effect([1] * 10, y[:10], ["s"] * 10, range(10)) is None  # no variation: no estimate
