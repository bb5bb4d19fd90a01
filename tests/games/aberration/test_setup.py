"""Set-up from the scenario [AR-S-*, AR-PS-*] and the round's skeleton [AR-R-*, AR-V-*]."""
import pytest

from cardboard.engine import ConfigError
from cardboard.games.aberration.game import AberrationGame

from .util import new


def test_scenario_option_default_and_validation():
    assert new(2).cfg.scenario.id == "first_night"
    assert new(2, scenario="long_night").cfg.scenario.id == "long_night"
    with pytest.raises(ConfigError, match="no Aberration scenario 'nope'.*first_night.*AR-S-2"):
        AberrationGame(2, seed=1, options={"scenario": "nope"})
    with pytest.raises(ConfigError, match="one id per seat"):
        AberrationGame(2, seed=1, options={"heroes": ["pip"]})
    with pytest.raises(ConfigError, match="no hero 'bob'"):
        AberrationGame(1, seed=1, options={"heroes": ["bob"]})
    with pytest.raises(ConfigError, match="first_player"):
        AberrationGame(2, seed=1, options={"first_player": 2})
    with pytest.raises(ConfigError):
        AberrationGame(5, seed=1)


def test_map_pieces_from_the_icons():
    s = new(2, heroes=["ansel", "pip"], classes=["slayer", "trapper"])
    cfg = s.cfg
    # [AR-S-8] a shadow on each shadow icon (2 a tile), [AR-S-21] a villager on each villager icon,
    # [AR-S-23] a Fire on each fire icon
    assert sorted(cfg.names[x[1]] for x in s.shadows) == sorted(
        ["1.a1", "1.r1", "2.a1", "2.l1", "3.a1", "3.l2", "4.a1", "4.a2"])
    assert {cfg.names[k]: n for k, n in enumerate(s.villagers) if n} == {"1.g": 1, "2.r2": 1, "3.r2": 1, "4.r3": 1}
    assert sorted(cfg.names[x] for x in s.fire) == ["1.l2", "2.fk", "3.l1", "4.l3"]
    assert s.pool == 3 and not s.influence and not s.monsters
    # [AR-S-7] 50 tokens in all, face down
    assert len(s.stack) + len(s.shadows) == 50
    assert s.fear == 0 and s.survival == 0


def test_decks_and_enemies():
    s = new(4, scenario="long_night")
    sc = s.cfg.scenario
    assert len(s.gb_deck) == sc.length == 10                     # [AR-S-14]
    assert len(s.obj_deck) + 1 == sc.length and s.objective >= 0  # [AR-S-19, AR-S-20]
    assert s.levels == sc.start_level[4] == (2, 1, 1, 1, 1)      # [AR-S-12] 4 players
    assert sorted(s.ab_deck) == list(range(12))                  # [AR-S-10] Aberration cards
    s1 = new(1)
    assert s1.levels == (1, 1, 1, 1, 1)
    removed = set(s1.cfg.scenario.gb_remove)
    assert not removed & {s1.cfg.gb_cards[i].id for i in s1.gb_deck}


@pytest.mark.parametrize("scenario,tracks", [("first_night", (5, 5, 6, 6)), ("long_night", (7, 7, 9, 10))])
def test_survival_track_by_player_count(scenario, tracks):
    # [AR-S-17] the scenario sets the track; ours sets it by player count (CONTENT.md 22)
    for players, length in zip((1, 2, 3, 4), tracks):
        s = new(players, scenario=scenario)
        assert s.cfg.scenario.survival_track == length
        assert s.view(0)["survival_track"] == length
        s.survival = length - 1
        s._check_state()
        assert not s.is_terminal()
        s.survival = length
        s._check_state()                                     # [AR-W-3] the end of this table's track
        assert s.is_terminal() == (scenario == "first_night")   # the Long Night also needs 4 Points
    one = AberrationGame(players=1, seed=1, options={"scenario": scenario}).cfg.scenario
    assert one.survival_track == tracks[0] and one.id == scenario


@pytest.mark.parametrize("players,each", [(1, 5), (2, 4), (3, 3), (4, 2)])
def test_items_by_player_count(players, each):
    heroes = ["pip", "ysolde", "mara", "ansel"][:players]
    classes = ["occultist", "warden", "trapper", "slayer"][:players]
    extra = [0, 0, 0, 2][:players]      # Ansel and the Slayer each draw one more
    s = new(players, heroes=heroes, classes=classes)
    assert [len(h.items) for h in s.heroes] == [each + x for x in extra]     # [AR-PS-6]


def test_hero_boards_and_bags():
    s = new(2, heroes=["ansel", "mara"], classes=["slayer", "warden"])
    a, m = s.heroes
    # [AR-PS-3] chips up to each starting level, plus the hero's own two
    assert sorted(a.bag + a.hand) == sorted("BBB" + "RR" + "GG" + "YY" + "HY")
    assert a.stats == (3, 2, 2, 2)
    assert len(a.items) == 4 + 1 + 1        # 2 players, Ansel's and the Slayer's extra Item
    assert s.pool == 3 + 1                   # the Warden's villager
    assert a.track == 0 and m.track == 0     # [AR-PS-5]
    assert "X" in m.bag + m.hand + m.discard or m.track > 0   # Mara's X chip (drawn: no damage)


def test_setup_choices_are_asked():
    s = new(1, heroes=["brunhild"], classes=["warden"])
    assert s.ask[0] == "place" and s.ask[2] == "fire"
    assert all(x in s.cfg.gates for x in s.ask[3])          # Brunhild: a Fire on any gate
    s2 = new(1, heroes=["pip"], classes=["trapper"])
    assert s2.ask[0] == "place" and s2.ask[2] == "start"
    assert 0 in s2.ask[3] and set(s2.ask[3]) - {0} <= set(s2.cfg.gates)


def test_first_round_skips_the_village_phase_then_rounds_run():
    s = new(2, heroes=["ansel", "pip"], classes=["slayer", "warden"], first_player=1)
    assert s.round == 1 and s.phase == "hero"
    assert s.ask[1] == 1 or s.turn == 1      # [AR-H-1] the first player starts
    seen = []
    while s.round == 1:
        if s.ask[0] == "turn":
            seen.append(s.ask[1])
            s.apply(next(a for a in s.legal_actions() if a.kind == "end"))
        else:
            s.apply(s.legal_actions()[-1])
    assert seen[:2] == [1, 0]
    # round 2 began with the Village phase: villagers on spots back in the pool [AR-V-1]
    assert s.round == 2 and s.manned == frozenset()
