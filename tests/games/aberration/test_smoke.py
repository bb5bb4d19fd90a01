"""Random games at 1 to 4 players reach the end with every move legal, and keep the box's pieces."""
import random

import pytest

from cardboard.engine import Rng

from .util import new


def check(s):
    cfg = s.cfg
    comp = cfg.content.components
    assert 0 <= s.fear <= cfg.scenario.fear_track and 0 <= s.survival <= cfg.scenario.survival_track
    assert s.villager_supply() >= 0 and s.pool >= 0 and min(s.villagers) >= 0
    assert len(s.fire) <= comp.fire_tokens and len(s.influence) <= comp.influence_tokens
    assert not (s.fire & s.influence) and 0 not in s.influence
    assert len(s.shadows) + len(s.stack) + len(s.shadow_discard) == comp.shadow_tokens
    for slot in range(5):
        assert 0 <= s.figures_left(slot) <= cfg.enemies[slot].figures
        assert 1 <= s.levels[slot] <= 3
    for m in s.monsters:
        assert 0 <= m[3] < s.enemy_level(m[1]).hp and m[2] != 0 and m[2] not in s.influence
    for h in s.heroes:
        assert 0 <= h.track < s.cfg.classes[h.cls].aberration_track and h.xp >= 0 and h.traps >= 0
        assert len(h.cards) < 4 and h.space not in s.influence
        chips = [c[0] for c in h.bag + h.hand + h.discard + ((h.held,) if h.held else ())]
        start = cfg.heroes[h.hero].start_chips
        for colour, level in zip("BRGY", h.stats):     # one chip of each colour per level reached
            assert chips.count(colour) == level + start.count(colour), (colour, chips, h.stats)
        assert chips.count("H") >= 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end(players):
    ends = set()
    for seed in range(12):
        scenario = "long_night" if seed % 3 == 2 else "first_night"
        s = new(players, seed=seed, scenario=scenario)
        r = random.Random(seed)
        for _ in range(5000):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            assert legal and s.current_player in range(players)
            move = r.choice(legal)
            if seed % 4 == 0:
                assert s.sample_action(Rng(seed)) in legal
            s.apply(move)
            check(s)
        assert s.is_terminal(), (players, seed)
        assert s.result in ("win", "loss") and s.legal_actions() == []
        ends.add(s.result)
    assert "loss" in ends
