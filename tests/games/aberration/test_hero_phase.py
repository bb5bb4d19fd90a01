"""The Hero phase [AR-H-*, AR-SO-*, AR-A-*, AR-CB-7..10]: draw, chips and colours, Held Action,
Experience, movement."""
from cardboard.games.aberration.heroes import Hero

from .util import at_turn, clear_map, do, edit, moves, new, run, sp


def solo(**opts):
    opts.setdefault("heroes", ["ansel"])
    opts.setdefault("classes", ["slayer"])
    return new(1, **opts)


def test_draw_intellect_chips():
    s = solo()
    h = s.heroes[0]
    assert s.ask == ("turn", 0)
    assert len(h.hand) == 3 and len(h.bag) == 8      # [AR-H-3] Intellect 3


def test_bag_refills_from_the_discard_pool():
    s = solo()
    edit(s, 0, bag=("B",), hand=(), discard=("R", "R", "G"))
    run(s, ("draw", 0))
    h = s.heroes[0]
    assert len(h.hand) == 3 and len(h.bag) == 1 and h.discard == ()   # [AR-H-4]
    assert sorted(h.hand + h.bag) == ["B", "G", "R", "R"]


def test_colours_hero_and_aberration_chips():
    s = at_turn(solo(), 0, hand=("R", "H", "X", "B"))
    assert s.payments(0, ("R",)) == [("H",), ("R",)]             # [AR-A-9] H pays any colour
    assert s.payments(0, ("any",)) == [("B",), ("H",), ("R",), ("X",)]   # [AR-H-6] grey takes any
    assert ("X",) not in s.payments(0, ("G",))                     # [AR-A-10] X pays only grey
    m = at_turn(new(1, heroes=["mara"], classes=["slayer"]), 0, hand=("X",))
    assert m.payments(0, ("R",)) == [("X",)]                      # Half-Blood: X as R


def test_action_moves_spend_chips_to_the_discard_pool():
    s = at_turn(solo(), 0, hand=("G", "Y"))
    clear_map(s)
    uses = {(a["action"], a["pay"]) for a in moves(s, "use")}
    assert ("step", ("G",)) in uses and ("stalk", ("G",)) in uses and ("stalk", ("Y",)) not in uses
    do(s, "use", action="stalk", pay=("G",))                      # [AR-H-5]
    assert s.heroes[0].hand == ("Y",) and s.heroes[0].discard[-1] == "G"
    assert s.ask[0] == "walk" and s.ask[2] == 2                   # move SPD = 2 steps


def test_held_action_and_resolution_xp():
    s = at_turn(solo(), 0, hand=("R", "B", "Y"), xp=0)
    do(s, "end", hold="R")                                        # [AR-H-7, AR-H-9]
    h = s.heroes[0]
    assert h.held == "R" and sorted(h.discard)[-2:] == sorted(["B", "Y"])[-2:]
    assert h.xp == 1                                              # [AR-H-14]
    assert len(moves(s, "end")) == 0 or s.ask[0] != "turn"
    # the next turn: the Held chip joins the draw as though drawn [AR-H-8]
    edit(s, 0, bag=("G", "G", "G"), discard=())
    run(s, ("draw", 0))
    assert sorted(s.heroes[0].hand) == ["G", "G", "G", "R"]


def test_only_one_chip_may_be_held():
    s = at_turn(solo(), 0, hand=("R", "B"))
    holds = sorted(a["hold"] for a in moves(s, "end"))
    assert holds == ["", "B", "R"]


def test_experience_upgrade_unlock_and_spending_before_the_draw():
    s = at_turn(solo(), 0, hand=(), xp=2)
    kinds = {(a.kind, a.get("stat") or a.get("colour")) for a in s.legal_actions()}
    assert ("upgrade", "STR") in kinds and ("upgrade", "INT") not in kinds   # level 4 costs 3
    do(s, "upgrade", stat="STR")                                  # [AR-A-6] level n costs n-1
    h = s.heroes[0]
    assert h.stats[1] == 3 and h.xp == 0 and h.discard[-1] == "R"
    # [AR-H-12] before drawing: raise Intellect, then draw 4
    s2 = solo()
    edit(s2, 0, xp=3, hand=(), bag=tuple("BBBBRRGG"))
    run(s2, ("predraw", 0))
    assert s2.ask[0] == "predraw"
    do(s2, "upgrade", stat="INT")
    assert s2.ask == ("turn", 0) and len(s2.heroes[0].hand) == 4   # no XP left: the draw follows


def test_advanced_actions_are_locked_until_unlocked():
    s = at_turn(solo(), 0, hand=("R", "R"), xp=1)
    clear_map(s)
    s.monsters = ((50, 0, 0, 0, False),)
    edit(s, 0, space=sp(s, "1.a1"))
    s.monsters = ((50, 0, sp(s, "1.a1"), 0, False),)
    s._legal = None
    assert not moves(s, "use", action="whirlwind")                # [AR-CB-8]
    do(s, "unlock", colour="R")                                   # [AR-CB-7]
    assert s.heroes[0].xp == 0 and "R" in s.heroes[0].locks
    assert moves(s, "use", action="whirlwind", pay=("R", "R"))


def test_unlock_action_happens_at_once():
    s = at_turn(solo(), 0, hand=(), xp=1, track=3)
    do(s, "unlock", colour="B")      # Trophy: heal to start, an H chip to the discard pool [AR-CB-10]
    h = s.heroes[0]
    assert h.track == 0 and "H" in h.discard


def test_solo_draws_again_once_all_chips_are_spent():
    s = at_turn(solo(), 0, hand=("G",))
    clear_map(s)
    edit(s, 0, bag=tuple("BBBRR"), discard=(), drew_again=False)
    do(s, "use", action="step", pay=("G",))                        # [AR-SO-1]
    do(s, "stop")
    assert len(s.heroes[0].hand) == 3 and s.heroes[0].drew_again
    h_before = s.heroes[0].xp
    do(s, "end", hold="")
    assert s.heroes[0].xp == h_before + 1                          # [AR-SO-2]
    # two players: no second draw
    t = at_turn(new(2, heroes=["ansel", "pip"], classes=["slayer", "warden"]), 0, hand=("G",))
    clear_map(t)
    do(t, "use", action="step", pay=("G",))
    do(t, "stop")
    assert t.heroes[0].hand == () and t.ask == ("turn", 0)


def test_movement_influence_monsters_and_escort():
    s = at_turn(solo(classes=["warden"]), 0, hand=("G",))
    clear_map(s)
    g1, l3 = sp(s, "1.r3"), sp(s, "1.l3")
    s.influence = frozenset({l3})
    s.villagers = tuple(3 if k == g1 else 0 for k in range(len(s.villagers)))
    edit(s, 0, space=g1, hand=("G",))
    do(s, "use", action="march", pay=("G",))
    tos = {a["to"] for a in moves(s, "step")}
    assert "1.l3" not in tos and "VC" in tos                       # [AR-I-6] never into Influence
    pool = s.pool
    do(s, "step", to="VC", escort=2)                               # escorted villagers join the pool
    assert s.pool == pool + 2 and s.villagers[g1] == 1 and s.heroes[0].space == 0


def test_entering_a_monster_space_ends_the_move():
    s = at_turn(solo(), 0, hand=("G",))
    clear_map(s)
    s.monsters = ((50, 1, sp(s, "1.r3"), 0, False),)
    do(s, "use", action="stalk", pay=("G",))
    do(s, "step", to="1.r3")
    assert s.heroes[0].space == sp(s, "1.r3") and s.ask == ("turn", 0)


def test_drawing_an_aberration_chip_deals_damage():
    s = solo()
    edit(s, 0, bag=("X", "X", "X"), hand=(), track=0, items=())
    run(s, ("draw", 0))
    assert s.heroes[0].track == 3                                  # [AR-A-10] 1 damage each
    m = new(1, heroes=["mara"], classes=["slayer"])
    edit(m, 0, bag=("X", "X", "X"), hand=(), track=0, items=())
    run(m, ("draw", 0))
    assert m.heroes[0].track == 0                                  # Half-Blood: no damage


def test_catch_breath_needs_a_safe_space():
    s = at_turn(solo(), 0, hand=("B", "R"), track=2)
    clear_map(s)
    assert moves(s, "use", action="catch_breath")
    s.shadows = ((5, 0, 0),)
    s.monsters = ((9, 1, 0, 0, False),)
    s._legal = None
    assert not moves(s, "use", action="catch_breath")              # [AR-K-9] a monster: not safe


def test_experience_waits_for_your_next_turn():
    s = at_turn(new(2, heroes=["ansel", "pip"], classes=["slayer", "warden"]), 0, hand=(), xp=0)
    edit(s, 1, items=())
    edit(s, 0, items=())
    s.todo = (("hero_turn", 1), ("hero_turn", 0), ("round",))
    do(s, "end", hold="")
    assert s.heroes[0].xp == 1 and s.ask[1] == 1                   # [AR-H-15] gained, not spendable now
    assert not any(a.kind in ("upgrade", "unlock", "attune") for a in s.legal_actions())
    do(s, "end", hold="")
    assert s.ask == ("predraw", 0) and moves(s, "unlock")          # spent on the next turn


def test_any_move_may_escort_one_villager_unless_gaping_maw():
    """Design 2.5: any hero move may bring 1 villager from its starting space (March: 2)."""
    s = at_turn(solo(), 0, hand=("G",))
    clear_map(s)
    g1 = sp(s, "1.r3")
    s.villagers = tuple(3 if k == g1 else 0 for k in range(len(s.villagers)))
    edit(s, 0, space=g1, hand=("G",))
    do(s, "use", action="stalk", pay=("G",))                       # a plain move
    assert {a.get("escort") for a in moves(s, "step", to="VC")} == {0, 1}
    pool = s.pool
    do(s, "step", to="VC", escort=1)
    assert s.pool == pool + 1 and s.villagers[g1] == 2
    t = at_turn(solo(), 0, hand=("G",))
    clear_map(t)
    t.villagers = tuple(3 if k == g1 else 0 for k in range(len(t.villagers)))
    maw = next(i for i, c in enumerate(t.cfg.aberrations) if c.id == "gaping_maw")
    edit(t, 0, space=g1, hand=("G",), cards=(maw,))
    do(t, "use", action="stalk", pay=("G",))
    assert {a.get("escort") for a in moves(t, "step", to="VC")} == {None}   # cannot escort


def test_steps_and_monster_moves_are_in_the_log():
    s = at_turn(solo(), 0, hand=("G",))
    clear_map(s)
    g1, r2 = sp(s, "1.r3"), sp(s, "1.r2")
    s.villagers = tuple(3 if k == g1 else 0 for k in range(len(s.villagers)))
    edit(s, 0, space=g1, hand=("G",))
    do(s, "use", action="stalk", pay=("G",))
    do(s, "step", to="VC", escort=1)
    hero = s.cfg.heroes[s.heroes[0].hero].name
    assert s.view(0)["log"][-1] == f"Round 1: {hero} (seat 0) steps to the Village Center with 1 villager"
    s.monsters = ((90, 0, r2, 0, False),)            # a Gnasher (slot I) walks toward the Village
    s.villagers = (0,) * len(s.villagers)
    nxt = s.cfg.names[s.toward(r2)]
    assert nxt == "1.r3"                             # the log says it in words
    run(s, ("activate", 90, True), ("activate", 90, True))   # one space an activation [AR-G-4]
    log = s.view(0)["log"]
    gnashers = s.cfg.enemies[0].name
    assert any(x.endswith(f"{gnashers} moves to Hollowroot Wood right branch 3") for x in log)
    assert log[-1].endswith(f"{gnashers} enters the Village")
