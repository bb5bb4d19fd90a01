"""Items and exploits [AR-H-10, AR-H-11, AR-IT-*]."""
from .util import at_turn, clear_map, do, edit, moves, new, run, sp


def item(s, ident):
    return s.cfg.items.index(next(i for i in s.cfg.items if i.id == ident))


def two():
    s = at_turn(new(2, heroes=["ansel", "brunhild"], classes=["slayer", "trapper"]), 0, hand=())
    edit(s, 0, items=())
    edit(s, 1, items=())
    clear_map(s)
    return s


def test_single_use_item_is_played_then_discarded():
    s = two()
    hd = item(s, "healing_draught")
    edit(s, 0, items=(hd,), track=3)
    do(s, "item", item=hd)                                 # [AR-H-10, AR-IT-2, AR-IT-3] no cost
    assert s.heroes[0].track == 1 and s.heroes[0].items == () and s.item_discard[-1] == hd


def test_attuning_costs_xp_and_unlocks_the_items_action():
    s = two()
    cs = item(s, "courser")
    edit(s, 0, items=(cs,), xp=1, hand=("G",))
    assert not moves(s, "wield")
    do(s, "attune", item=cs)                               # [AR-H-11, AR-IT-4, AR-IT-5]
    h = s.heroes[0]
    assert h.xp == 0 and h.attuned == (cs,) and h.items == ()
    assert moves(s, "wield", item=cs, pay=("G",))           # [AR-IT-6]
    edit(s, 0, items=(cs,), xp=0)
    assert not moves(s, "attune")


def test_block_is_offered_only_to_a_hero_holding_one():
    s = two()
    run(s, ("damage", 0, 2, -1, False))
    assert s.heroes[0].track == 2 and s.ask == ("turn", 0)   # nothing held: no question
    fs = item(s, "frost_salts")
    edit(s, 0, items=(fs,), track=0)
    run(s, ("damage", 0, 2, -1, False))
    assert s.ask[0] == "block" and s.ask[1] == 0
    do(s, "block", item=fs)                                 # [AR-IT-11, AR-IT-15]
    assert s.heroes[0].track == 1 and s.heroes[0].items == ()


def test_act_and_alter_for_the_current_player_out_of_turn():
    s = two()
    tonic, horn = item(s, "tonic"), item(s, "signal_horn")
    edit(s, 1, items=(tonic, horn))
    edit(s, 0, bag=("B", "B", "B", "R"), discard=(), hand=())
    run(s, ("draw", 0))
    assert s.ask[0] == "support" and s.ask[1] == 1          # [AR-IT-14] seat 1 holds one: asked
    do(s, "exploit", item=tonic, to=0)                       # [AR-IT-9] the current player draws 1
    assert len(s.heroes[0].hand) == 4
    chip = s.heroes[0].hand[0]
    colour = "Y" if chip != "Y" else "G"
    do(s, "exploit", item=horn, to=0, chip=chip, colour=colour)   # [AR-IT-10]
    assert any(c == f"{chip}>{colour}" for c in s.heroes[0].hand)
    assert s.ask == ("turn", 0)
    # nobody holds one: no question
    t = two()
    edit(t, 0, bag=("B", "B", "B"), hand=())
    run(t, ("draw", 0))
    assert t.ask == ("turn", 0)


def test_act_and_alter_are_offered_before_every_decision_of_the_action_step():
    """"Usable during any player's turn" [AR-IT-9, AR-IT-10, AR-IT-14]: not only at the start of the
    Action step, but before each of the current player's decisions in it, as long as it can help."""
    s = two()
    tonic = item(s, "tonic")
    edit(s, 1, items=(tonic,))
    edit(s, 0, bag=("B", "B", "B", "R", "G", "G"), discard=(), hand=())
    run(s, ("draw", 0))
    assert s.ask[0] == "support" and s.ask[1] == 1
    do(s, "pass")
    assert s.ask == ("turn", 0)
    do(s, "use", action="step", pay=("B",))
    do(s, "step", to=s.cfg.names[s.cfg.gates[0]])
    assert s.ask[0] == "support" and s.ask[1] == 1          # asked again after the action
    hand = len(s.heroes[0].hand)
    do(s, "exploit", item=tonic, to=0)
    assert len(s.heroes[0].hand) == hand + 1 and s.ask == ("turn", 0)
    assert str(moves(s, "end")[0]) == "End the turn"


def test_lucky_rerolls_any_number_of_dice():
    """"Lucky: Reroll any number of dice" [AR-IT-12]: the player chooses which dice (by face, as dice
    showing one face are alike), from one die to all of them."""
    s = two()
    lucky = item(s, "tinderbox")
    edit(s, 1, items=(lucky,))
    here = sp(s, "1.r3")
    edit(s, 0, space=here)
    s.monsters = ((9, 3, here, 0, False),)
    s.roll = (0, 0, 1, 2)
    s.ask, s.todo = None, (("rerolls", "hero", (0, 1), 0),
                          ("strike", 0, "melee", here, ("monster", 9), True, False), ("turn", 0))
    s._resume()
    s._legal = None
    offered = sorted(a["dice"] for a in moves(s, "reroll"))
    assert offered == sorted((b, g, i) for b in range(3) for g in range(2) for i in range(2) if b + g + i)
    a = moves(s, "reroll", dice=(1, 0, 0))[0]
    assert str(a) == "Reroll 1 blank with Tinderbox (Lucky)"
    assert str(moves(s, "reroll", dice=(2, 1, 0))[0]) == "Reroll 2 blanks and 1 graze with Tinderbox (Lucky)"
    s.apply(a)
    assert s.roll[1:] == (0, 1, 2)                     # only the first blank was rerolled
    assert lucky in s.item_discard


def test_altered_chip_pays_as_its_new_colour_and_is_discarded_as_it_was():
    s = two()
    edit(s, 0, hand=("B>R",))
    s.monsters = ((9, 1, 0, 0, False),)
    edit(s, 0, space=sp(s, "1.r3"))
    s.monsters = ((9, 1, sp(s, "1.r3"), 0, False),)
    do(s, "use", action="cleave", pay=("B>R",))
    assert s.heroes[0].discard[-1] == "B"


def test_lucky_rerolls_and_smite_adds_damage():
    s = two()
    coin = item(s, "tinderbox")       # exploit: Lucky
    oil = item(s, "silvered_bolts")   # exploit: Smite
    edit(s, 1, items=(coin, oil))
    here = sp(s, "1.r3")
    edit(s, 0, space=here)
    s.monsters = ((9, 3, here, 0, False),)     # Elk-Mother, 6 HP
    s.rng.state = 1
    run(s, ("attack", 0, "melee", 2, here, ("monster", 9), True, False))
    s.roll = (0, 0)
    s.ask, s.todo = None, (("rerolls", "hero", (0, 1), 0), ("smites", (0, 1)),
                          ("strike", 0, "melee", here, ("monster", 9), True, False), ("turn", 0))
    s._resume()
    s._legal = None
    assert s.ask[0] == "reroll" and s.ask[1] == 1               # [AR-IT-12] seat 1 holds a Lucky Item
    do(s, "reroll", item=coin, dice=(2, 0, 0))
    assert coin in s.item_discard
    s.roll = (2, 0)                                             # say the reroll hit once
    s._legal = None
    assert s.ask[0] == "smite" and s.ask[1] == 1
    do(s, "smite", item=oil)                                    # [AR-IT-13]
    assert s.monster(9)[3] == 2


def test_exploit_of_an_attunable_item_needs_no_attunement():
    s = two()
    cs = item(s, "courser")                  # attunable, exploit Act
    edit(s, 0, items=(cs,), xp=0, bag=("B",))
    assert moves(s, "exploit", item=cs, to=0)                 # [AR-IT-16]


def test_lucky_is_offered_on_the_wingbeats_roll():
    """Lucky: "usable whenever the dice are rolled", the Wingbeats event's roll included [AR-IT-12]."""
    wing = None
    for state in range(1, 60):
        s = two()
        lucky = item(s, "tinderbox")
        edit(s, 1, items=(lucky,))
        edit(s, 0, space=sp(s, "1.r2"), track=0)
        edit(s, 1, space=0)                               # in the Village Center: does not roll
        wing = next(g for g in s.cfg.gb_cards if g.id == "wingbeats").event[0]
        s.rng.state = state
        run(s, ("event", wing, 0, 0))
        if s.ask[0] == "reroll":
            break
    assert s.ask[0] == "reroll" and s.ask[1] == 1 and s.ask[2] == "peril"   # an Aberration icon rolled
    icons = sum(1 for f in s.roll if f == 2)
    do(s, "reroll", item=lucky, dice=(0, 0, icons))
    assert lucky in s.item_discard
    hits = sum(1 for f in s.roll if f == 2)                # the icons were rerolled; they hurt
    while s.ask[0] != "turn":
        s.apply(s.legal_actions()[-1])
    assert s.heroes[0].track == hits and s.heroes[1].track == 0


def test_whetstone_adds_its_dice_to_press_on():
    s = two()
    stone = item(s, "whetstone")
    edit(s, 0, items=(stone,), space=sp(s, "1.r2"), hand=("B",))
    s.monsters = ((9, 3, sp(s, "1.r3"), 0, False),)       # the Elk-Mother next door
    do(s, "item", item=stone)
    assert s.heroes[0].melee_bonus == 2
    do(s, "use", action="press_on", pay=("B",))
    do(s, "step", to="1.r3")
    assert s.ask[0] == "target" and s.ask[3] == 1 + 2      # Press On's melee 1, +2 from the Whetstone
    assert s.heroes[0].melee_bonus == 0                     # used up by that attack
