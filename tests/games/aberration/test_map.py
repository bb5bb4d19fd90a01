"""The map [AR-M-*, AR-SH-*, AR-I-*, AR-W-10, AR-K-10, AR-VL-*]: reveals, Influence, Fire, Vantage
Points and villagers."""
from .util import at_turn, clear_map, do, edit, moves, new, run, sp


def calm(**opts):
    opts.setdefault("heroes", ["ansel"])
    opts.setdefault("classes", ["slayer"])
    s = at_turn(new(1, **opts), 0, hand=())
    edit(s, 0, items=())
    clear_map(s)
    s.pool = 0
    return s


def tok(s, kind):
    return s.cfg.shadow_pool.index(kind)


def test_shadows_are_revealed_by_fire_heroes_and_villagers():
    s = calm()
    far = sp(s, "2.a1")
    s.shadows = ((1, far, tok(s, "v")),)
    run(s, ("reveals", -1))
    assert len(s.shadows) == 1                          # nothing near: stays face down
    s.fire = frozenset({far})
    run(s, ("reveals", -1))
    assert s.shadows == () and s.villagers[far] == 1   # [AR-M-5, AR-SH-10] Fire reveals; a villager
    s.shadows = ((2, sp(s, "2.a2"), tok(s, "i")),)     # next to that villager
    run(s, ("reveals", -1))
    # [AR-SH-3, AR-SH-11] Influence goes on the path's first space, 2.a1, whose Fire negates it
    assert s.shadows == () and not s.influence and far not in s.fire


def test_a_hero_next_to_a_shadow_reveals_it():
    s = calm()
    s.shadows = ((1, sp(s, "3.fk"), tok(s, "v")),)
    edit(s, 0, space=sp(s, "3.a1"))
    run(s, ("reveals", 0))
    assert s.shadows == () and s.villagers[sp(s, "3.fk")] == 1


def test_influence_fills_the_path_trunk_then_left_then_right():
    s = calm()
    for _ in range(5):
        run(s, ("influence", 0, 0))
    # tile 1: trunk a1, fk; left l1 l2 l3 ...  [AR-I-2..4]
    assert s.influence == frozenset(sp(s, x) for x in ("1.a1", "1.fk", "1.l1", "1.l2", "1.l3"))
    run(s, ("influence", 0, 0))
    assert sp(s, "1.r1") in s.influence


def test_full_path_goes_to_the_next_board_clockwise():
    s = calm()
    s.influence = frozenset(s.cfg.paths[0])
    run(s, ("influence", 0, 0))
    assert sp(s, "2.a1") in s.influence
    s.influence = frozenset(x for p in s.cfg.paths for x in p)
    fear = s.fear
    run(s, ("influence", 0, 0))
    assert s.fear == fear + 1          # every path full: Fear instead


def test_fire_negates_influence():
    s = calm()
    a1 = sp(s, "1.a1")
    s.fire = frozenset({a1})
    run(s, ("influence", 0, 0))
    assert a1 not in s.influence and a1 not in s.fire      # [AR-I-5] both removed


def test_influence_pushes_everything_toward_the_village():
    s = calm()
    fk = sp(s, "1.fk")
    s.influence = frozenset({sp(s, "1.a1")})
    edit(s, 0, space=fk, track=0)
    s.villagers = tuple(1 if k == fk else 0 for k in range(len(s.villagers)))
    s.monsters = ((9, 1, fk, 0, False),)
    fear = s.fear
    run(s, ("influence", 0, 0))
    l1 = sp(s, "1.l1")
    assert fk in s.influence
    assert s.heroes[0].space == l1 and s.heroes[0].track == 1   # [AR-I-7, AR-I-8] 1 damage
    assert s.villagers[fk] == 0 and s.fear == fear + 1            # the villager took 1 damage: died
    assert s.monsters[0][2] == l1


def test_corrupted_vantage_point():
    s = calm()
    # 3A (ranger_cache in First Night) has the single entry 3.a1: the first Influence corrupts it
    k = next(i for i, v in enumerate(s.cfg.vps) if v[3] == "3A")
    fear = s.fear
    run(s, ("influence", 2, 0))
    assert s.vp_state[k] == 2 and s.fear == fear + 1             # [AR-W-10]


def test_securing_a_vantage_point():
    s = calm()
    k = next(i for i, v in enumerate(s.cfg.vps) if v[3] == "1A")   # watch_oak: G G B, entries fk, l1
    edit(s, 0, space=sp(s, "1.fk"), hand=("G", "H", "X", "R"), xp=0)
    chips = sorted(a["chip"] for a in moves(s, "secure"))
    assert chips == ["G", "H"]                           # [AR-M-8] H pays any colour, X and R do not
    do(s, "secure", vp="1A", chip="G")
    do(s, "secure", vp="1A", chip="H")
    assert s.vp_paid[k] == "GG" and s.vp_state[k] == 0
    edit(s, 0, hand=("B",))
    do(s, "secure", vp="1A", chip="B")
    assert s.vp_state[k] == 1 and s.survival == 1        # [AR-M-10, AR-W-5]
    assert s.heroes[0].xp == 1                           # the reward: payer +1 XP
    spot = s.cfg.spot_index["vp:%d" % k]
    assert spot in s.free_spots()                        # its spot opens


def test_assigning_villagers_and_the_village_phase():
    s = calm()
    s.pool = 2
    edit(s, 0, hand=("Y",))
    do(s, "use", action="rally", pay=("Y",))
    spots = {a["spot"] for a in moves(s, "assign")}
    assert "shopkeeper" in spots and not any(x.startswith("vp:") for x in spots)   # closed Points
    do(s, "assign", spot="shopkeeper", source="pool")    # [AR-K-10, AR-VL-8] resolves at once
    assert s.ask[0] == "keep"
    do(s, "keep")
    assert s.pool == 1 and s.cfg.spot_index["shopkeeper"] in s.manned
    run(s, ("village",))
    assert s.pool == 2 and not s.manned                  # [AR-V-1, AR-VL-1]


def test_watchtower_attacks_its_board():
    s = calm()
    s.pool = 1
    edit(s, 0, hand=("Y",))
    s.monsters = ((9, 1, sp(s, "3.a1"), 0, False),)
    do(s, "use", action="rally", pay=("Y",))
    do(s, "assign", spot="watchtower_s", source="pool")
    assert s.ask[0] == "target" and s.ask[2] == "villager"     # [AR-VL-3] any space of that board
    assert s.ask[7] == (sp(s, "3.a1"),)


def test_villagers_on_the_map_stay_in_the_village_phase():
    s = calm()
    x = sp(s, "2.r2")
    s.villagers = tuple(2 if k == x else 0 for k in range(len(s.villagers)))
    s.manned = frozenset({0, 1})
    run(s, ("village",))
    assert s.villagers[x] == 2 and s.pool == 2                 # [AR-V-2, AR-VL-2]


def test_watchtower_dice_are_command():
    s = calm()
    s.pool = 1
    edit(s, 0, hand=("Y",), stats=(3, 2, 2, 4))
    s.monsters = ((9, 1, sp(s, "3.a1"), 0, False),)
    do(s, "use", action="rally", pay=("Y",))
    do(s, "assign", spot="watchtower_s", source="pool")
    assert s.ask[3] == 4                                        # [AR-A-5] Command dice


def test_influence_supply_and_fire_supply_run_out():
    s = calm()
    others = [x for x in range(1, len(s.cfg.names)) if x not in s.cfg.paths[0]]
    s.influence = frozenset(others + list(s.cfg.paths[0][:30 - len(others)]))
    assert len(s.influence) == s.cfg.content.components.influence_tokens
    fear = s.fear
    run(s, ("influence", 0, 0))
    assert s.fear == fear + 1 and len(s.influence) == 30        # [AR-S-9] no token left: Fear instead
    s2 = calm()
    s2.fire = frozenset(range(1, 11))
    assert s2.fire_left() == 0
    s2._place_fire(20)
    assert 20 not in s2.fire                                     # [AR-S-22] 10 Fire tokens


def test_fortify_pays_toward_one_vantage_point():
    """Fortify: "pay toward any one Vantage Point as if standing on its entry space" [AR-M-8]."""
    s = calm()
    s.pool = 1
    edit(s, 0, hand=("Y", "G", "B", "R"))
    do(s, "use", action="rally", pay=("Y",))
    do(s, "assign", spot="fortify", source="pool")
    assert {a["vp"] for a in moves(s, "secure")} >= {"1A", "2B"}     # any standing Point at first
    do(s, "secure", vp="1A", chip="G")
    assert {a["vp"] for a in moves(s, "secure")} == {"1A"}            # then only that one
    do(s, "stop")
    assert s.ask[0] == "turn"


def test_guardian_villagers_survive_an_influence_push():
    """Guardian: villagers in the Warden's space cannot be damaged, Influence's push included."""
    s = calm(classes=["warden"])
    fk, l1 = sp(s, "1.fk"), sp(s, "1.l1")
    s.influence = frozenset({sp(s, "1.a1")})
    edit(s, 0, space=fk, track=0, locks=frozenset({"R"}))     # Guardian unlocked
    s.villagers = tuple(2 if k == fk else 0 for k in range(len(s.villagers)))
    fear = s.fear
    run(s, ("influence", 0, 0))
    assert s.villagers[l1] == 2 and s.fear == fear and s.heroes[0].space == l1
