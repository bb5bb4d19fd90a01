"""The Great Beast phase [AR-G-*, AR-GB-*, AR-K-15, AR-KW-2..8]."""
from .util import at_turn, clear_map, do, edit, new, run, sp


def calm(players=1, **opts):
    opts.setdefault("heroes", ["ansel", "pip", "ysolde", "mara"][:players])
    opts.setdefault("classes", ["slayer", "warden", "occultist", "trapper"][:players])
    s = new(players, **opts)
    s = at_turn(s, 0, hand=())
    for seat in range(players):
        edit(s, seat, items=())      # no exploit windows in these tests
    clear_map(s)
    s.pool = 0
    return s


def test_monster_moves_toward_the_village_and_enters_it():
    s = calm()
    # a level-1 Gnasher (slot I) one step out on tile 1's right branch
    s.monsters = ((90, 0, sp(s, "1.r3"), 0, False),)
    run(s, ("activate", 90, True))
    assert s.monsters == () and s.fear == 1        # [AR-G-7] a horde: 1 Fear, removed
    s.monsters = ((91, 3, sp(s, "1.r3"), 0, False),)   # the Elk-Mother at a gate
    run(s, ("activate", 91, True))
    assert s.monsters == () and s.fear == 3        # a monstrosity: 2 Fear


def test_an_activated_enemy_moves_one_space():
    """[AR-G-4] "When an enemy activates, it moves one space towards the Village Center": every enemy
    at every level; only Aggressive (activate twice) takes it two spaces."""
    for slot in range(5):
        for level in (1, 2, 3):
            s = calm()
            s.levels = s.levels[:slot] + (level,) + s.levels[slot + 1:]
            s.monsters = ((90, slot, sp(s, "1.a1"), 0, False),)
            run(s, ("activate", 90, True))
            steps = 2 if "aggressive" in s.keywords(slot) else 1
            assert s.cfg.dist[s.monsters[0][2]] == s.cfg.dist[sp(s, "1.a1")] - steps, (slot, level)


def test_monster_with_a_target_attacks_instead_of_moving():
    s = calm()
    r2 = sp(s, "1.r2")
    s.villagers = tuple(1 if k == r2 else 0 for k in range(len(s.villagers)))
    s.monsters = ((90, 1, r2, 0, False),)
    s.rng.state = 3
    fear = s.fear
    while s.villagers[r2] and s.monsters[0][2] == r2:
        run(s, ("activate", 90, True))             # [AR-G-4, AR-G-5] it stays and attacks
        assert s.monsters[0][2] == r2
    assert s.villagers[r2] == 0 and s.fear == fear + 1   # [AR-M-7] the villager dies: Fear +1


def test_route_goes_around_influence():
    s = calm()
    # tile 1 N: fk forks to l1 (left) and r1 (right); Influence on l1 sends a monster right
    s.influence = frozenset({sp(s, "1.l1")})
    s.monsters = ((90, 1, sp(s, "1.fk"), 0, False),)   # Briar Lambs: move 1
    run(s, ("activate", 90, True))
    assert s.monsters[0][2] == sp(s, "1.r1")


def test_monster_stops_on_a_hero_and_attacks():
    s = calm()
    edit(s, 0, space=sp(s, "1.r2"), items=())
    s.monsters = ((90, 0, sp(s, "1.r1"), 0, False),)   # Gnasher move 2: stops on the hero at r2
    s.rng.state = 11
    run(s, ("activate", 90, True))
    assert s.monsters[0][2] == sp(s, "1.r2")
    assert s.roll and len(s.roll) == 1                 # it attacked: 1 die at level 1


def test_freeze_skips_one_activation():
    s = calm()
    s.monsters = ((90, 1, sp(s, "1.fk"), 0, True),)
    run(s, ("activate", 90, True))
    assert s.monsters == ((90, 1, sp(s, "1.fk"), 0, False),)   # [AR-K-15] skipped, token removed
    run(s, ("activate", 90, True))
    assert s.monsters[0][2] != sp(s, "1.fk")


def test_keywords_on_activation():
    s = calm()
    s.levels = (3, 2, 1, 1, 1)
    s.monsters = ((90, 1, sp(s, "2.a1"), 2, False),)   # Briar Lambs L2: Parasite, Regenerate
    run(s, ("activate", 90, True))
    assert s.monsters[0][3] == 0 and s.parasite[1] == 1        # [AR-KW-7, AR-KW-8]
    s.monsters = ((91, 0, sp(s, "3.a1"), 0, False),)   # Gnashers L3: move 1, Aggressive
    run(s, ("activate", 91, True))
    assert s.monsters[0][2] == sp(s, "3.r1") or s.cfg.dist[s.monsters[0][2]] == s.cfg.dist[sp(s, "3.a1")] - 2
    assert s.cfg.dist[s.monsters[0][2]] == s.cfg.dist[sp(s, "3.a1")] - 2   # [AR-KW-6] twice


def test_encroach_order_north_first_nearest_first():
    s = calm()
    s.monsters = ((1, 1, sp(s, "2.a1"), 0, False), (2, 1, sp(s, "1.a1"), 0, False),
                  (3, 1, sp(s, "1.r3"), 0, False))
    s.shadows = ((4, sp(s, "1.r2"), 0),)
    s.phase = "hero"
    s.ask = None
    s.todo = ()
    s._edited = set()
    s._task_beast()
    order = [t[1] for t in s.todo if t[0] in ("activate", "shadow_step")]
    assert order == [3, 4, 2, 1]          # [AR-G-3] N board first, nearest the Village, monsters then shadows


def test_manifest_levels_up_then_event_then_spawns_clockwise():
    s = calm()
    s.cfg.spawn_mod = 0   # the card's own count (the content's modifier for the player count is a balance knob)
    card = next(i for i, g in enumerate(s.cfg.gb_cards) if g.id == "creeping_roots")  # I, 1 Influence N, 2 from N
    s.gb_deck = (card,)
    stack = len(s.stack)
    run(s, ("manifest",))
    assert s.levels[0] == 2                                   # [AR-G-10] level up
    assert s.influence == frozenset({sp(s, "1.a1")})          # the event: Influence on N's path
    # spawn: 2 shadows, N then E; N's spawn holds Influence: the first free path space
    assert sorted(s.cfg.names[x[1]] for x in s.shadows) == ["1.fk", "2.a1"]
    assert len(s.stack) == stack - 2 and s.gb_deck == ()


def test_spawn_mod_and_level_above_three_activates_all():
    s = calm(players=4)
    assert s.cfg.spawn_mod == 2
    s.levels = (3, 1, 1, 1, 1)
    s.monsters = ((90, 0, sp(s, "1.r2"), 0, False),)
    run(s, ("level_up", 0))
    assert s.levels[0] == 3 and s.monsters == () and s.fear == 1   # it activated: into the Village


def test_empty_great_beast_deck_loses():
    s = calm()
    s.gb_deck = ()
    run(s, ("manifest",))
    assert s.is_terminal() and s.result == "loss" and "AR-W-12" in s.cause   # [AR-W-12]
    assert s.scores() == [0.0]


def test_reveal_on_reveal_keywords():
    s = calm()
    tok_i = s.cfg.shadow_pool.index("I")
    edit(s, 0, space=sp(s, "1.a1"))
    s.shadows = ((80, sp(s, "1.fk"), tok_i),)                  # adjacent to the hero: revealed
    run(s, ("reveals", 0))
    assert s.shadows == () and len(s.monsters) == 1
    # Gnashers Leap 2 toward the Village [AR-KW-4]
    assert s.cfg.dist[s.monsters[0][2]] == s.cfg.dist[sp(s, "1.fk")] - 2
    s2 = calm()
    s2.levels = (1, 1, 2, 1, 1)                                # Hollowed L2: Herald
    tok_iii = s2.cfg.shadow_pool.index("III")
    s2.shadows = ((80, sp(s2, "1.l2"), tok_iii),)             # on a Fire space
    s2.fire = frozenset({sp(s2, "1.l2")})
    run(s2, ("reveals", -1))
    assert s2.levels[2] == 3                                   # [AR-KW-2]
    s3 = calm()
    s3.levels = (1, 1, 1, 2, 1)                                # Elk-Mother L2: Spawn monster III
    tok_iv = s3.cfg.shadow_pool.index("IV")
    s3.shadows = ((80, sp(s3, "1.l2"), tok_iv),)
    s3.fire = frozenset({sp(s3, "1.l2")})
    run(s3, ("reveals", -1))
    assert sorted(m[1] for m in s3.monsters) == [2, 3]          # [AR-KW-5]


def test_no_figure_left_activates_all_of_that_type():
    s = calm()
    tok = s.cfg.shadow_pool.index("IV")
    s.monsters = ((90, 3, sp(s, "1.r3"), 0, False),)             # the only Elk-Mother figure, at a gate
    s.shadows = ((80, sp(s, "2.l2"), tok),)
    s.fire = frozenset({sp(s, "2.l2")})
    run(s, ("reveals", -1))
    assert s.monsters == () and s.fear == 2                      # [AR-SH-7] it activated: into the Village


def test_incite_advances_the_nearest_monstrosity():
    s = calm()
    s.levels = (1, 3, 1, 1, 1)                                 # Briar Lambs L3: Incite
    elk = sp(s, "4.fk")
    s.monsters = ((90, 3, elk, 0, False),)
    tok = s.cfg.shadow_pool.index("II")
    s.shadows = ((80, sp(s, "1.l2"), tok),)
    s.fire = frozenset({sp(s, "1.l2")})
    run(s, ("reveals", -1))
    assert s.monster(90)[2] != elk                             # [AR-KW-3] the Elk-Mother advanced 1
    assert s.cfg.dist[s.monster(90)[2]] == s.cfg.dist[elk] - 1


def test_solo_round_the_great_beast_then_the_village():
    s = new(1, heroes=["ansel"], classes=["slayer"])
    edit(s, 0, items=())
    assert s.round == 1
    s.apply(next(a for a in s.legal_actions() if a.kind == "end"))
    assert s.round == 2 and len(s.gb_deck) == s.cfg.scenario.length - 1   # [AR-SO-3]


def test_the_players_choose_which_hero_is_attacked():
    s = calm(players=2)
    here = sp(s, "1.r2")
    edit(s, 0, space=here)
    edit(s, 1, space=here, track=0)
    s.monsters = ((90, 1, here, 0, False),)
    run(s, ("mstrike", 90))
    assert s.ask[0] == "victim" and s.ask[1] == 0 and set(s.ask[3]) == {0, 1}   # [AR-G-6]
    s.rng.state = 2
    while s.ask[0] == "victim":
        s.apply(next(a for a in s.legal_actions() if a["hero"] == 1))
    assert s.heroes[0].track == 0 and s.roll                   # only the chosen hero was attacked


def test_monsters_moved_by_bell_of_warding_or_ambush_set_off_traps():
    """[AR-K-12] "When a monster enters a space with a trap": whatever moved it."""
    s = calm(1, heroes=["pip"], classes=["trapper"])
    bell = s.cfg.items.index(next(i for i in s.cfg.items if i.id == "bell_of_warding"))
    r3, r2 = sp(s, "1.r3"), sp(s, "1.r2")
    edit(s, 0, space=sp(s, "1.l3"), items=(bell,), traps=0)
    s.traps = ((r2, 0),)
    s.monsters = ((9, 3, r3, 0, False),)                   # the Elk-Mother on the gate
    s._legal = None
    do(s, "item", item=bell)
    assert s.monster(9)[2] == r2                           # one step away from the Village Center
    assert s.traps == () and s.heroes[0].traps == 1        # the trap fired and came back
    t = calm(1, heroes=["pip"], classes=["trapper"])
    t.villagers = tuple(1 if k == r2 else 0 for k in range(len(t.villagers)))
    t.traps = ((r2, 0),)
    t.monsters = ((9, 3, r3, 0, False),)
    edit(t, 0, traps=0)
    ambush = next(g for g in t.cfg.gb_cards if g.id == "ambush").event[0]
    run(t, ("event", ambush, 0, 0))
    assert t.traps == () and t.heroes[0].traps == 1


def test_a_flying_monster_advances_over_a_trap():
    """Flying ignores traps (design 2.4): an advancing Gloomwing neither fires nor stops at one."""
    s = calm(1, heroes=["pip"], classes=["trapper"])
    s.monsters = ((9, 4, sp(s, "1.r1"), 0, False),)         # the Gloomwing: Flying
    s.traps = ((sp(s, "1.r2"), 0),)
    run(s, ("advance", 9, 2, False))
    assert s.monster(9)[2] == sp(s, "1.r3") and s.traps == ((sp(s, "1.r2"), 0),)
