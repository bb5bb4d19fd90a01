"""Attacks and damage [AR-K-*, AR-DI-*, AR-KW-9..13, AR-CB-5, AR-CB-6, AR-AC-2, AR-W-8, AR-W-11]."""
from .util import at_turn, clear_map, do, edit, moves, new, run, sp


def calm(hero="ansel", klass="slayer", players=1):
    heroes = [hero] + ["pip", "ysolde", "mara"][:players - 1]
    classes = [klass] + [k for k in ("warden", "occultist", "trapper", "slayer") if k != klass][:players - 1]
    s = at_turn(new(players, heroes=heroes, classes=classes), 0, hand=())
    for seat in range(players):
        edit(s, seat, items=())
    clear_map(s)
    s.pool = 0
    return s


def strike(s, kind, space, piece, roll, quick=False, armour=False, seat=0):
    s.roll = roll
    return run(s, ("strike", seat, kind, space, piece, quick, armour))


def test_melee_targets_your_space_and_a_survivor_counter_attacks():
    s = calm()
    here = sp(s, "1.r2")
    edit(s, 0, space=here, hand=("R",))
    s.monsters = ((9, 1, here, 0, False), (10, 1, sp(s, "1.r1"), 0, False))
    do(s, "use", action="cleave", pay=("R",))
    assert {a["monster"] for a in moves(s, "target")} == {9}          # [AR-K-1] only your space
    s.ask, s.todo, s.roll = None, (), (1,)
    s._edited = set()
    s._task_strike(0, "melee", here, ("monster", 9), False, False)   # 1 damage of 2 HP
    assert s.monster(9)[3] == 1
    assert s.todo == (("mattack", 9, ("hero", 0), True),)            # [AR-K-2] it counter-attacks


def test_quick_attacks_draw_no_counter_attack_and_kills_none():
    s = calm()
    here = sp(s, "1.r2")
    edit(s, 0, space=here)
    s.monsters = ((9, 1, here, 0, False),)
    s.roll = (1,)
    s.todo = ()
    s._edited = set()
    s._task_strike(0, "melee", here, ("monster", 9), True, False)
    assert not any(t[0] == "mattack" for t in s.todo)                  # [AR-K-8]
    s._task_strike(0, "melee", here, ("monster", 9), False, False)
    assert s.monster(9) is None                                        # killed: 2 HP, no counter
    assert not any(t[0] == "mattack" for t in s.todo)


def test_ranged_distance_and_counter_range():
    s = calm()
    here = sp(s, "1.r3")
    edit(s, 0, space=here, hand=("G",))
    s.monsters = ((9, 1, sp(s, "1.r2"), 0, False), (10, 1, sp(s, "1.r1"), 0, False))
    do(s, "use", action="throwing_axe", pay=("G",))                   # ranged 1
    assert {a["monster"] for a in moves(s, "target")} == {9}          # [AR-K-3]
    # a survivor without Ranged in an adjacent space does not counter [AR-K-5, AR-K-6]
    s.todo = ()
    s._edited = set()
    s.roll = (0,)
    s._task_strike(0, "ranged", sp(s, "1.r2"), ("monster", 9), False, False)
    assert not any(t[0] == "mattack" for t in s.todo)
    s.levels = (1, 1, 1, 1, 2)                                        # Gloomwing L2: Flying, Ranged
    s.monsters = ((11, 4, sp(s, "1.r2"), 0, False),)
    s._task_strike(0, "ranged", sp(s, "1.r2"), ("monster", 11), False, False)
    assert any(t[0] == "mattack" for t in s.todo)                      # [AR-KW-11]


def test_sight_reaches_the_whole_board():
    s = calm(hero="pip", klass="trapper")
    edit(s, 0, space=sp(s, "1.r3"))
    volley = s.cfg.actions["volley"].effects[0]
    assert set(s.attack_spaces(0, volley)) == set(s.cfg.board_spaces[0])   # [AR-K-4]
    far = calm(hero="ysolde", klass="trapper")
    edit(far, 0, space=sp(far, "1.r3"))
    assert set(far.attack_spaces(0, volley)) == set(far.cfg.board_spaces[0]) | set(far.cfg.board_spaces[1]) \
        | set(far.cfg.board_spaces[3])                                     # Far Sight


def test_area_hits_every_monster_and_shadow():
    s = calm()
    here = sp(s, "2.a1")
    s.monsters = ((9, 1, here, 0, False), (10, 2, here, 0, False))
    s.shadows = ((11, here, 0),)
    strike(s, "ranged", here, ("area",), (2, 2), quick=True)
    assert s.monsters == () and s.shadows == ()                       # [AR-K-7]
    assert s.shadow_discard[-1] == 0                                  # the shadow destroyed unrevealed


def test_keywords_when_attacked():
    s = calm()
    here = sp(s, "2.a1")
    s.levels = (1, 1, 3, 1, 1)
    s.monsters = ((9, 3, here, 0, False), (10, 4, here, 0, False), (11, 2, here, 0, False))
    strike(s, "melee", here, ("monster", 9), (2, 2, 2, 2), quick=True)
    assert s.monster(9)[3] == 2                                       # [AR-KW-9] Armour: at most 2
    strike(s, "melee", here, ("monster", 10), (2, 2, 2), quick=True)
    assert s.monster(10)[3] == 0                                      # [AR-KW-10] Flying: ranged only
    strike(s, "ranged", here, ("monster", 11), (2, 2, 2), quick=True)
    assert s.monster(11)[3] == 0                                      # [AR-KW-12] Stealthy: melee only
    strike(s, "melee", here, ("monster", 9), (2, 2, 2, 2), quick=True, armour=True)
    assert s.monster(9) is None            # ignoring Armour (Warhammer): 2 + 4 = the Elk-Mother's 6 HP


def test_parasite_tokens_reduce_damage_taken():
    s = calm()
    here = sp(s, "2.a1")
    s.parasite = (0, 1, 0, 0, 0)
    s.monsters = ((9, 1, here, 0, False),)
    strike(s, "melee", here, ("monster", 9), (1,), quick=True)
    assert s.monster(9)[3] == 0 and s.parasite[1] == 0               # [AR-KW-7]


def test_monster_attacks_deal_damage_to_the_hero_track():
    s = calm()
    here = sp(s, "1.r2")
    edit(s, 0, space=here, track=0)
    s.monsters = ((9, 0, here, 0, False),)
    s.roll = (1, 2, 0)
    run(s, ("mhit", 9, ("hero", 0), False))
    assert s.heroes[0].track == 2                                     # [AR-CB-5, AR-DI-2..4]
    s2 = calm(hero="brunhild", klass="warden")
    edit(s2, 0, space=here, track=0)
    s2.monsters = ((9, 0, here, 0, False),)
    s2.roll = (1, 2)
    run(s2, ("mhit", 9, ("hero", 0), True))
    assert s2.heroes[0].track == 1                                    # Stoneblood: no grazes in counters


def test_transformation_and_the_fourth_card():
    s = calm()
    top = s.track_top(0)
    edit(s, 0, track=top - 1, discard=())
    s.levels = (1, 1, 1, 1, 1)
    s.monsters = ((9, 2, sp(s, "1.r2"), 0, False),)                  # Hollowed: Plague
    run(s, ("damage", 0, 3, 9, True))
    h = s.heroes[0]
    assert h.track == 0 and len(h.cards) == 1 and "X" in h.discard    # [AR-CB-6, AR-AC-2]
    assert s.fear == s.cfg.aberrations[h.cards[0]].fear               # [AR-W-8]
    assert h.plague == 1 and s.track_top(0) == top - 1               # [AR-KW-13]
    edit(s, 0, cards=(1, 2, 3), track=0)
    s.fear = 0
    run(s, ("damage", 0, 20, -1, False))
    assert s.result == "loss" and "AR-W-11" in s.cause                # [AR-W-11]


def test_villager_attack_and_trap_kill_and_xp_for_monstrosities():
    s = calm()
    here = sp(s, "2.a1")
    s.monsters = ((9, 4, here, 3, False),)                            # Gloomwing 4 HP, 3 damage
    strike(s, "villager", here, ("monster", 9), (1,), quick=True)
    assert s.monster(9) is None and s.heroes[0].xp == 2              # 2 XP for a monstrosity


def test_trap_fires_when_a_monster_enters():
    s = calm(hero="pip", klass="trapper")
    gate = sp(s, "1.r3")
    s.traps = ((gate, 0),)
    edit(s, 0, traps=0)
    s.monsters = ((9, 1, sp(s, "1.r2"), 0, False),)
    s.rng.state = 5
    run(s, ("activate", 9, True))
    assert s.traps == () and s.heroes[0].traps == 1                   # [AR-K-12, AR-K-14] back to its hero
    assert len(s.roll) in (4, 1)                                      # Pip's Intellect 4 dice were rolled
    assert s.monster(9) is None or s.monster(9)[2] == gate


def test_ability_levels_set_the_dice():
    s = calm()
    here = sp(s, "1.r2")
    edit(s, 0, space=here, hand=("R", "G"), stats=(3, 4, 2, 2))
    s.monsters = ((9, 3, here, 0, False), (10, 3, sp(s, "1.r1"), 0, False))
    do(s, "use", action="cleave", pay=("R",))
    assert s.ask[0] == "target" and s.ask[3] == 4          # [AR-A-3] melee rolls Strength
    do(s, "target", space="1.r2", monster=9)
    while s.ask[0] != "turn":
        s.apply(s.legal_actions()[-1])
    edit(s, 0, stats=(3, 4, 3, 2))
    do(s, "use", action="throwing_axe", pay=("G",))
    assert s.ask[0] == "target" and s.ask[3] == 3          # [AR-A-4] ranged rolls Speed


def test_passive_action_grants_a_special_ability():
    s = calm(hero="ansel", klass="warden")
    here = sp(s, "1.r2")
    edit(s, 0, space=here, locks=frozenset({"R"}))          # Guardian unlocked [AR-CB-11]
    s.villagers = tuple(1 if k == here else 0 for k in range(len(s.villagers)))
    s.monsters = ((9, 0, here, 0, False),)
    s.roll = (2, 2)
    run(s, ("mhit", 9, ("villager", here), False))
    assert s.villagers[here] == 1
    edit(s, 0, locks=frozenset())
    s.roll = (2, 2)
    run(s, ("mhit", 9, ("villager", here), False))
    assert s.villagers[here] == 0


def test_placing_traps_and_choosing_the_trap_target():
    s = calm(hero="pip", klass="trapper")
    here = sp(s, "1.r3")
    edit(s, 0, space=here, hand=("B",), traps=3)
    do(s, "use", action="snare", pay=("B",))                # [AR-K-11] the chip spent, the trap placed
    do(s, "place", space="1.r3")
    assert s.traps == ((here, 0),) and s.heroes[0].traps == 2
    s.monsters = ((9, 1, here, 0, False), (10, 2, here, 0, False))
    run(s, ("trap_fire", 0, here, 9))
    assert s.ask[0] == "pick_monster" and s.ask[1] == 0 and set(s.ask[3]) == {9, 10}   # [AR-K-13]


def test_aberration_cards_stay_and_act():
    s = calm()
    bones = next(i for i, c in enumerate(s.cfg.aberrations) if c.id == "protruding_bones")
    keen = next(i for i, c in enumerate(s.cfg.aberrations) if c.id == "keen_sight")
    here = sp(s, "1.r2")
    edit(s, 0, space=here, track=2, hand=("R", "Y"), cards=(bones,))
    assert not moves(s, "use", action="catch_breath")       # [AR-AC-3] a passive card: no Catch Breath
    s.monsters = ((9, 3, here, 0, False),)
    s._legal = None
    do(s, "use", action="cleave", pay=("R",))
    assert s.ask[3] == 2 + 1                                 # and melee +1 die
    t = calm()
    edit(t, 0, space=sp(t, "1.r3"), hand=("X",), cards=(keen,))
    t.monsters = ((9, 3, sp(t, "1.r2"), 0, False),)
    t._legal = None
    do(t, "use", action="scuffle", pay=("X",)) if moves(t, "use", action="scuffle") else \
        do(t, "use", action="step", pay=("X",))
    while t.ask[0] == "walk":
        do(t, "stop")
    assert t.ask[0] == "target" and t.ask[2] == "ranged"     # [AR-AC-4] Keen Sight on the X chip


def test_shield_wall_guards_its_space_against_a_ranged_counter_from_next_door():
    s = calm(klass="warden")
    here, next_door = sp(s, "1.r3"), sp(s, "1.r2")
    edit(s, 0, space=here, shield=1, track=0)
    s.levels = (1, 1, 1, 1, 2)                               # Gloomwing L2: Ranged
    s.monsters = ((11, 4, next_door, 0, False),)
    s.roll = (2, 2)
    run(s, ("mhit", 11, ("hero", 0), True))
    assert s.heroes[0].track == 1                            # 2 hits, 1 stopped by the wall in the hero's space


def test_a_monster_pushed_by_influence_sets_off_a_trap():
    s = calm(hero="pip", klass="trapper")
    fk, l1 = sp(s, "1.fk"), sp(s, "1.l1")
    s.influence = frozenset({sp(s, "1.a1")})
    s.monsters = ((9, 3, fk, 0, False),)                      # the Elk-Mother, pushed fk -> l1
    s.traps = ((l1, 0),)
    edit(s, 0, traps=0)
    run(s, ("influence", 0, 0))
    assert fk in s.influence and s.monster(9)[2] == l1
    assert s.traps == () and s.heroes[0].traps == 1           # [AR-K-12] the trap fired
