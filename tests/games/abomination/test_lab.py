"""3. Lab phase [AM-L-*]: building monster parts from the anatomy card (expertise, materials, the
most decayed stage, animal stand-ins), throwing the switch (jars, shock dice, research cards),
damage and alive markers, preserving, and the order of the steps."""
from cardboard.games.abomination.game import ALIVE, EMPTY, MUSCLE, SKIN

from .util import calm, do, edit, finish_lab, give_card, moves, stages, to_lab, track

# operating-table slots (content: head, torso, 2 arms, 2 legs)
HEAD, TORSO, ARM, ARM2, LEG, LEG2 = range(6)
NONE = (0, 0, 0)


def parts(**at):
    out = [EMPTY] * 6
    for name, state in at.items():
        out[globals()[name.upper()]] = state
    return tuple(out)


def lab(players=2, **options):
    """Seat 0 (First Player) deciding its builds."""
    s = to_lab(calm(players, **options))
    assert s.ask == ("build", 0)
    return s


def builds(s):
    return {(a["slot"], a["side"], a["stage"], tuple(a["animal"])) for a in moves(s, "build")}


def at_dice(s, *faces, seat=0, jars=1):
    """Seat's builds done, the switch thrown, and the roll replaced by `faces` (gray dice)."""
    do(s, "done")
    assert s.ask == ("switch", seat)
    do(s, "throw", jars=jars)
    assert s.ask == ("dice", seat)
    s.roll = tuple(sorted(("gray", f) for f in faces))
    s._legal = None
    return s


def settle_markers(s, seat=0):
    while s.ask[0] == "marker":
        s.apply(s.legal_actions()[0])
    return s


# ---------------------------------------------------------------- building [AM-L-1, AM-L-2, AM-L-4]
def test_build_needs_expertise_and_materials():
    s = lab()
    # an arm's muscle side: Expertise 1; 1 bone, 2 muscle, 1 blood
    edit(s, 0, expertise=1, bone=1, track=track(muscle=(2, 0, 0, 0), blood=(1, 0, 0, 0)))
    assert builds(s) == {(ARM, "start", 1, NONE)}          # the two arm slots are one choice
    edit(s, 0, bone=0)
    assert builds(s) == set()                                 # no bone, no arm
    edit(s, 0, bone=2, track=track(muscle=(2, 0, 0, 0)))
    assert builds(s) == set()                                 # no blood, no arm
    # a leg needs Expertise 3 (and 2 bone): offered only from 3 on
    edit(s, 0, bone=2, expertise=2, track=track(muscle=(2, 0, 0, 0), blood=(1, 0, 0, 0)))
    assert {b[0] for b in builds(s)} == {ARM}
    edit(s, 0, expertise=3)
    assert {b[0] for b in builds(s)} == {ARM, LEG}
    # a head needs Expertise 11 and 2 organs
    edit(s, 0, expertise=11, bone=1, track=track(muscle=(2, 0, 0, 0), organ=(2, 0, 0, 0), blood=(1, 0, 0, 0)))
    assert {b[0] for b in builds(s)} == {HEAD, ARM}          # a torso and a leg need 2 bone
    edit(s, 0, expertise=10, bone=2)
    assert {b[0] for b in builds(s)} == {TORSO, ARM, LEG}    # a head needs Expertise 11


def test_build_at_most_two_arms_and_skin_only_on_built_muscle():
    s = lab()
    edit(s, 0, expertise=15, bone=9, track=track(muscle=(9, 0, 0, 0), organ=(6, 0, 0, 0), blood=(6, 0, 0, 0)))
    # nothing built: only Start sides
    assert {b[1] for b in builds(s)} == {"start"}
    edit(s, 0, parts=parts(arm=MUSCLE, arm2=MUSCLE, head=SKIN))
    got = builds(s)
    assert (ARM, "complete", 1, NONE) in got
    assert not any(b[0] in (ARM, ARM2) and b[1] == "start" for b in got)   # a third arm: never
    assert not any(b[0] == HEAD for b in got)                             # a complete head is done
    assert (TORSO, "start", 1, NONE) in got and not any(b[:2] == (TORSO, "complete") for b in got)


def test_build_gives_one_expertise():
    s = lab()
    edit(s, 0, expertise=1, bone=2, track=track(muscle=(4, 0, 0, 0), blood=(2, 0, 0, 0)))
    do(s, "build", slot=ARM, side="start", stage=1, animal=NONE)
    p = s.players[0]
    assert p.expertise == 2 and p.parts[ARM] == MUSCLE and p.vp == 3
    assert p.bone == 1 and stages(s, 0, "muscle") == (2, 0, 0, 0) and stages(s, 0, "blood") == (1, 0, 0, 0)
    assert s.ask == ("build", 0)                              # as many builds as it can
    do(s, "build", slot=ARM2, side="start", stage=1, animal=NONE)
    assert s.players[0].expertise == 3 and s.players[0].parts[ARM2] == MUSCLE


def test_mixed_stages_score_by_the_most_decayed():
    s = lab()
    # one fresh and one stage III muscle: the arm scores stage III's 1 VP, not stage I's 3
    edit(s, 0, bone=1, track=track(muscle=(1, 0, 1, 0), blood=(1, 0, 0, 0)))
    assert builds(s) == {(ARM, "start", 3, NONE)}
    do(s, "build", slot=ARM, side="start", stage=3, animal=NONE)
    assert s.players[0].vp == 1

    # the cubes spent are the most decayed that fit the chosen stage
    s = lab()
    edit(s, 0, bone=2, track=track(muscle=(2, 2, 0, 0), blood=(1, 1, 0, 0)))
    assert {b[2] for b in builds(s) if b[3] == NONE} == {1, 2}
    do(s, "build", slot=ARM, side="start", stage=2, animal=NONE)
    assert stages(s, 0, "muscle") == (2, 0, 0, 0) and stages(s, 0, "blood") == (1, 0, 0, 0)
    assert s.players[0].vp == 2

    # with animal material: an animal cube's stage counts too, and the penalty comes off
    s = lab()
    edit(s, 0, bone=1, track=track(muscle=(2, 0, 0, 0), blood=(1, 0, 0, 0), animal=(0, 0, 0, 1)))
    assert builds(s) == {(ARM, "start", 1, NONE), (ARM, "start", 4, (1, 0, 0))}
    do(s, "build", slot=ARM, side="start", stage=4, animal=(1, 0, 0))
    assert s.players[0].vp == 0                               # stage IV 1 VP, less 1: floored at 0
    assert stages(s, 0, "animal") == (0, 0, 0, 0) and stages(s, 0, "muscle") == (1, 0, 0, 0)

    # a torso (penalty 2) from stage I muscle and a stage II animal for an organ: 4 - 2
    s = lab()
    edit(s, 0, expertise=7, bone=2, track=track(muscle=(2, 0, 0, 0), organ=(1, 0, 0, 0),
                                                blood=(1, 0, 0, 0), animal=(0, 1, 0, 0)))
    assert (TORSO, "start", 2, (0, 1, 0)) in builds(s)
    do(s, "build", slot=TORSO, side="start", stage=2, animal=(0, 1, 0))
    assert s.players[0].vp == 4 - 2


def test_animal_substitution_penalty():
    s = lab()
    edit(s, 0, bone=1, track=track(muscle=(1, 0, 0, 0), blood=(1, 0, 0, 0), animal=(2, 0, 0, 0)))
    got = builds(s)
    assert got == {(ARM, "start", 1, (1, 0, 0)), (ARM, "start", 1, (2, 0, 0)), (ARM, "start", 1, (1, 0, 1))}
    # the penalty is per part (1 for an arm), however many animal cubes stand in
    for animal in ((1, 0, 0), (2, 0, 0), (1, 0, 1)):
        t = s.clone()
        do(t, "build", slot=ARM, side="start", stage=1, animal=animal)
        assert t.players[0].vp == 3 - 1
        assert sum(stages(t, 0, "animal")) == 2 - sum(animal)
    # animal never stands in for bone
    edit(s, 0, bone=0, track=track(muscle=(2, 0, 0, 0), blood=(1, 0, 0, 0), animal=(4, 0, 0, 0)))
    assert builds(s) == set()
    # complete side of a leg (penalty 1): stage I 4 VP, 3 with an animal cube
    s = lab()
    edit(s, 0, expertise=5, parts=parts(leg=MUSCLE),
         track=track(muscle=(1, 0, 0, 0), blood=(1, 0, 0, 0), animal=(1, 0, 0, 0)))
    do(s, "build", slot=LEG, side="complete", stage=1, animal=(1, 0, 0))
    assert s.players[0].vp == 3 and s.players[0].parts[LEG] == SKIN


def test_stage_three_animal_refused_for_blood():
    s = lab()
    edit(s, 0, bone=1, track=track(muscle=(2, 0, 0, 0), animal=(0, 0, 1, 0)))
    assert builds(s) == set()                                 # a stage III animal cube is no blood
    edit(s, 0, track=track(muscle=(2, 0, 0, 0), animal=(0, 0, 0, 1)))
    assert builds(s) == set()                                 # nor stage IV
    edit(s, 0, track=track(muscle=(2, 0, 0, 0), animal=(0, 1, 0, 0)))
    assert builds(s) == {(ARM, "start", 2, (0, 0, 1))}        # stage II may
    do(s, "build", slot=ARM, side="start", stage=2, animal=(0, 0, 1))
    assert s.players[0].vp == 2 - 1

    # a stage III animal cube may still stand in for muscle
    s = lab()
    edit(s, 0, bone=1, track=track(muscle=(1, 0, 0, 0), blood=(1, 0, 0, 0), animal=(0, 0, 1, 0)))
    assert builds(s) == {(ARM, "start", 3, (1, 0, 0))}
    # with a fresh and a stage III animal cube and no blood: the fresh one goes for the blood
    s = lab()
    edit(s, 0, bone=1, track=track(muscle=(1, 0, 0, 0), animal=(1, 0, 1, 0)))
    assert builds(s) == {(ARM, "start", 3, (1, 0, 1))}
    do(s, "build", slot=ARM, side="start", stage=3, animal=(1, 0, 1))
    assert stages(s, 0, "animal") == (0, 0, 0, 0) and s.players[0].vp == 0


def test_complete_flips_the_part_keeping_damage():
    s = lab()
    edit(s, 0, expertise=3, parts=parts(arm=MUSCLE), damage=(0, 0, 1, 0, 0, 0),
         track=track(muscle=(1, 0, 0, 0), blood=(1, 0, 0, 0)))
    assert builds(s) == {(ARM, "complete", 1, NONE)}
    do(s, "build", slot=ARM, side="complete", stage=1, animal=NONE)
    p = s.players[0]
    assert p.parts[ARM] == SKIN and p.damage[ARM] == 1       # flipped, the damage kept
    assert p.vp == 4 and p.expertise == 4
    assert stages(s, 0, "muscle") == (0, 0, 0, 0) and p.bone == 0


def test_lower_requirement_used_only_when_needed():
    s = lab()
    card = give_card(s, 0, "research", "comparative_anatomy")
    edit(s, 0, expertise=5, bone=3, track=track(muscle=(4, 0, 0, 0), organ=(2, 0, 0, 0), blood=(2, 0, 0, 0)))
    assert not any(b[0] == TORSO for b in builds(s))          # a torso needs 7
    do(s, "play", family="research", card=card)
    assert s.ask == ("build", 0) and s.players[0].lower == 2
    assert card not in s.players[0].research and s.row_decks[1][-1] == card
    assert any(b[0] == TORSO for b in builds(s))
    do(s, "build", slot=ARM, side="start", stage=1, animal=NONE)   # an arm needs no help
    assert s.players[0].lower == 2 and s.players[0].expertise == 6
    do(s, "build", slot=TORSO, side="start", stage=1, animal=NONE)  # the torso uses it up
    assert s.players[0].lower == 0 and s.players[0].parts[TORSO] == MUSCLE
    # a build meeting the requirement on its own leaves the lowering for a later build
    s = lab()
    card = give_card(s, 0, "research", "comparative_anatomy")
    edit(s, 0, expertise=7, bone=3, track=track(muscle=(4, 0, 0, 0), organ=(2, 0, 0, 0), blood=(2, 0, 0, 0)))
    do(s, "play", family="research", card=card)
    do(s, "build", slot=TORSO, side="start", stage=1, animal=NONE)
    assert s.players[0].lower == 2
    finish_lab(s)
    assert s.players[0].lower == 0                            # only for this lab phase


# ---------------------------------------------------------------- order of the steps [AM-L-3]
def test_lab_steps_in_order():
    s = lab()
    edit(s, 0, parts=parts(arm=SKIN), charged=1, bone=1,
         track=track(muscle=(4, 0, 0, 0), blood=(1, 0, 0, 0)))
    do(s, "build", slot=ARM2, side="start", stage=1, animal=NONE)
    assert s.ask == ("build", 0) and moves(s, "done")
    do(s, "done")
    # the switch: no more builds
    assert s.ask == ("switch", 0)
    assert {a.kind for a in s.legal_actions()} == {"throw", "no_switch"}
    do(s, "throw", jars=1)
    s.roll = (("gray", "blank"), ("gray", "blank"))
    s._legal = None
    do(s, "accept")
    # preserving comes last, and only preserving
    assert s.ask == ("preserve", 0)
    assert {a.kind for a in s.legal_actions()} == {"preserve", "done"}
    do(s, "preserve", material="muscle", stage=1)
    do(s, "done")
    # seat 0 is through; seat 1's lab follows
    assert s.ask == ("build", 1) and s.phase == "lab"
    assert s.players[0].switched
    finish_lab(s)
    assert s.phase == "city" and s.round == 2 and not s.players[0].switched


def test_lab_phase_hides_others_work():
    s = lab()
    edit(s, 0, bone=1, track=track(muscle=(2, 0, 0, 0), blood=(1, 0, 0, 0)))
    s.lab_start = s.players     # the set-up above is how the phase began
    do(s, "build", slot=ARM, side="start", stage=1, animal=NONE)
    mine, theirs = s.view(0), s.view(1)
    assert mine["players"][0]["table"][ARM]["state"] == "muscle" and mine["players"][0]["vp_track"] == 3
    assert theirs["players"][0]["table"][ARM]["state"] == "empty" and theirs["players"][0]["vp_track"] == 0
    assert theirs["players"][0]["bone"] == 1 and theirs["players"][0]["expertise"] == 1
    assert theirs["scores"][0] is None and theirs["scores"][1] is not None
    assert s.view(None)["players"][0]["table"][ARM]["state"] == "empty"
    finish_lab(s)
    assert s.view(1)["players"][0]["table"][ARM]["state"] == "muscle"


# ---------------------------------------------------------------- throw the switch [AM-L-5..7]
def test_switch_needs_a_completed_part_and_charged_jars():
    s = lab()
    edit(s, 0, parts=parts(arm=MUSCLE, leg=MUSCLE), charged=2)
    do(s, "done")
    assert s.ask == ("build", 1)                              # no completed part: no switch
    s = lab()
    edit(s, 0, parts=parts(arm=SKIN), charged=0, empty=2)
    do(s, "done")
    assert s.ask == ("build", 1)                              # no charged jar: no switch
    s = lab()
    edit(s, 0, parts=parts(arm=SKIN), charged=4)
    do(s, "done")
    assert s.ask == ("switch", 0)
    assert sorted(a["jars"] for a in moves(s, "throw")) == [1, 2, 3]   # 1, 2 or 3 jars
    assert moves(s, "no_switch")
    do(s, "throw", jars=2)
    assert (s.players[0].charged, s.players[0].empty) == (2, 2)


def test_switch_rolls_two_dice_per_jar_with_blue_upgrades():
    base = lab()
    edit(base, 0, parts=parts(arm=SKIN), charged=3)
    do(base, "done")
    gray, blue = set(base.cfg.gray.faces), set(base.cfg.blue.faces)

    def roll(jars, expertise, bonus=0):
        s = base.clone()
        edit(s, 0, expertise=expertise, blue_bonus=bonus)
        do(s, "throw", jars=jars)
        assert all(f in (blue if c == "blue" else gray) for c, f in s.roll)
        return len(s.roll), sum(1 for c, _ in s.roll if c == "blue")

    assert roll(1, 1) == (2, 0)
    assert roll(3, 9) == (6, 0)
    assert roll(3, 10) == (6, 1)       # the blue-die icon at Expertise 10
    assert roll(3, 20) == (6, 2)       # and at 20
    assert roll(2, 10, bonus=1) == (4, 2)
    assert roll(3, 20, bonus=1) == (6, 2)   # the box holds 2 blue dice
    assert roll(1, 25) == (2, 2)


def test_research_dice_reroll_and_bolt_to_blank():
    s = lab()
    notes = give_card(s, 0, "research", "galvanis_notes")           # reroll up to 2
    atlas = give_card(s, 0, "research", "comparative_anatomy")     # 1 bolt to a blank
    edit(s, 0, parts=parts(arm=SKIN, leg=SKIN, torso=SKIN), charged=2)
    at_dice(s, "eye", "bolt", "bolt", "blank", jars=2)
    dice = {a["card"]: a.get("dice") for a in moves(s, "research_dice")}
    assert set(dice) == {notes, atlas} and moves(s, "accept")
    sets = [a["dice"] for a in moves(s, "research_dice", card=notes)]
    eye = [i for i, (_, f) in enumerate(s.roll) if f == "eye"][0]
    assert sets and all(eye not in d and 1 <= len(d) <= 2 for d in sets)   # eyes are never rerolled
    # bolt to blank: one bolt turns, the card goes under its deck instead of its effects
    do(s, "research_dice", card=atlas)
    assert sorted(f for _, f in s.roll) == ["blank", "blank", "bolt", "eye"]
    assert s.players[0].research == (notes,) and s.row_decks[1][-1] == atlas
    assert s.players[0].lower == 0 and s.ask == ("dice", 0)
    # another card may follow: a reroll keeps the eye and the number of dice
    sets = [a["dice"] for a in moves(s, "research_dice", card=notes)]
    do(s, "research_dice", card=notes, dice=sets[-1])
    assert len(s.roll) == 4 and any(f == "eye" for _, f in s.roll)
    assert s.players[0].research == () and s.row_decks[1][-1] == notes
    assert s.players[0].expertise == 1                        # Galvani's +2 Expertise not taken
    assert not moves(s, "research_dice")
    # no bolt: bolt-to-blank is not offered
    s = lab()
    give_card(s, 0, "research", "comparative_anatomy")
    edit(s, 0, parts=parts(arm=SKIN), charged=1)
    at_dice(s, "eye", "blank")
    assert not moves(s, "research_dice")

    # Marie Freeman rerolls 1 die once a lab phase [AM-X-1]
    s = lab(characters=["marie_freeman", "prisha_chatwal"])
    edit(s, 0, parts=parts(arm=SKIN), charged=2)
    at_dice(s, "bolt", "eye")
    assert [a["dice"] for a in moves(s, "reroll")] == [(0,)]   # the bolt, never the eye
    do(s, "reroll", dice=(0,))
    assert s.players[0].rerolled and not moves(s, "reroll") and s.ask == ("dice", 0)
    finish_lab(s)
    assert not s.players[0].rerolled


def test_two_damage_downgrade_skin_to_muscle_and_muscle_away():
    base = lab()
    edit(base, 0, parts=parts(arm=SKIN, leg=MUSCLE), damage=(0, 0, 1, 0, 1, 0), charged=1)
    at_dice(base, "bolt", "blank")
    damage_left = base.supply_left("damage")
    do(base, "accept")
    assert base.ask[:3] == ("marker", 0, "damage")
    assert {a["slot"] for a in moves(base, "mark")} == {ARM, LEG}
    # a second marker on a skin part: both markers go, it turns to its muscle side
    s = base.clone()
    do(s, "mark", slot=ARM)
    p = s.players[0]
    assert p.parts[ARM] == MUSCLE and p.damage[ARM] == 0
    assert p.parts[LEG] == MUSCLE and p.damage[LEG] == 1
    assert s.supply_left("damage") == damage_left + 1
    # a second marker on a muscle part: it is discarded, its token back to the supply
    s = base.clone()
    legs = s.supply_left("leg")
    do(s, "mark", slot=LEG)
    p = s.players[0]
    assert p.parts[LEG] == EMPTY and p.damage[LEG] == 0
    assert p.parts[ARM] == SKIN and p.damage[ARM] == 1
    assert s.supply_left("leg") == legs + 1 and s.supply_left("damage") == damage_left + 1


def test_no_second_damage_while_a_part_has_none():
    base = lab()
    edit(base, 0, parts=parts(arm=SKIN, leg=MUSCLE, torso=SKIN), damage=(0, 0, 1, 0, 0, 0), charged=2)
    assert sorted(base.damage_targets(0)) == [TORSO, LEG]
    at_dice(base, "bolt", "bolt", "bolt", "blank", jars=2)
    do(base, "accept")
    assert {a["slot"] for a in moves(base, "mark")} == {TORSO, LEG}   # not the damaged arm
    s = base.clone()
    do(s, "mark", slot=TORSO)
    # the leg is the only part without damage: the second marker goes there by itself
    p = s.players[0]
    assert p.damage == (0, 1, 1, 0, 1, 0) and p.parts == parts(arm=SKIN, leg=MUSCLE, torso=SKIN)
    # every part has one now: the third may go anywhere
    assert s.ask[:4] == ("marker", 0, "damage", 1)
    assert {a["slot"] for a in moves(s, "mark")} == {TORSO, ARM, LEG}


def test_alive_part_loses_its_marker_on_second_damage():
    s = lab()
    edit(s, 0, parts=parts(arm=ALIVE, torso=SKIN), damage=(0, 1, 1, 0, 0, 0), charged=1)
    alive = s.supply_left("alive")
    at_dice(s, "bolt", "blank")
    do(s, "accept")
    do(s, "mark", slot=ARM)
    p = s.players[0]
    assert p.parts[ARM] == SKIN and p.damage[ARM] == 0        # alive marker and damage gone, skin kept
    assert s.supply_left("alive") == alive + 1
    # a first damage leaves an alive part alive
    s = lab()
    edit(s, 0, parts=parts(arm=ALIVE, torso=SKIN), damage=(0, 1, 0, 0, 0, 0), charged=1)
    at_dice(s, "bolt", "blank")
    do(s, "accept")
    assert s.players[0].parts[ARM] == ALIVE and s.players[0].damage[ARM] == 1


def test_bolt_gives_one_expertise_at_most():
    base = lab()
    edit(base, 0, parts=parts(arm=SKIN, arm2=SKIN, leg=SKIN, leg2=SKIN), charged=2, expertise=4)
    s = base.clone()
    at_dice(s, "bolt", "bolt", "bolt", "blank", jars=2)
    do(s, "accept")
    settle_markers(s)
    assert s.players[0].expertise == 5 and sum(s.players[0].damage) == 3
    s = base.clone()
    at_dice(s, "bolt", "blank", "blank", "blank", jars=2)
    do(s, "accept")
    settle_markers(s)
    assert s.players[0].expertise == 5
    s = base.clone()
    at_dice(s, "eye", "blank", "blank", "blank", jars=2)
    do(s, "accept")
    settle_markers(s)
    assert s.players[0].expertise == 4                        # no bolt, no Expertise


def test_eyes_bring_skin_parts_alive():
    s = lab()
    edit(s, 0, parts=parts(arm=SKIN, leg=SKIN, torso=MUSCLE, head=ALIVE), charged=1)
    at_dice(s, "eye", "eye")
    do(s, "accept")
    assert s.ask[:3] == ("marker", 0, "alive")
    assert {a["slot"] for a in moves(s, "mark")} == {ARM, LEG}      # skin parts only
    do(s, "mark", slot=LEG)
    p = s.players[0]
    assert p.parts == parts(arm=ALIVE, leg=ALIVE, torso=MUSCLE, head=ALIVE)
    # more eyes than skin parts: the rest do nothing
    s = lab()
    edit(s, 0, parts=parts(arm=SKIN, torso=MUSCLE), charged=2)
    at_dice(s, "eye", "eye", "eye", "blank", jars=2)
    do(s, "accept")
    assert s.players[0].parts == parts(arm=ALIVE, torso=MUSCLE)
    # damage comes first: a bolt that flips the only skin part leaves the eye nothing
    s = lab()
    edit(s, 0, parts=parts(arm=SKIN), damage=(0, 0, 1, 0, 0, 0), charged=1)
    at_dice(s, "bolt", "eye")
    do(s, "accept")
    assert s.players[0].parts == parts(arm=MUSCLE) and s.players[0].damage == (0,) * 6


# ---------------------------------------------------------------- preserve [AM-L-8]
def test_preserve_up_to_nine():
    s = lab()
    edit(s, 0, preserved=(7, 0), track=track(muscle=(3, 0, 0, 0), organ=(0, 1, 0, 0),
                                             blood=(2, 0, 0, 0), animal=(1, 0, 0, 0)))
    do(s, "done")
    assert s.ask == ("preserve", 0)
    assert {(a["material"], a["stage"]) for a in moves(s, "preserve")} == {("muscle", 1), ("organ", 2)}
    do(s, "preserve", material="organ", stage=2)
    assert s.players[0].preserved == (7, 1) and stages(s, 0, "organ") == (0, 0, 0, 0)
    do(s, "preserve", material="muscle", stage=1)
    # 9 preserved: the step ends by itself
    assert s.players[0].preserved == (8, 1) and stages(s, 0, "muscle") == (2, 0, 0, 0)
    assert s.ask == ("build", 1)
    # preserved cubes never build, and never decay
    s = lab()
    edit(s, 0, bone=1, preserved=(9, 0), track=track(blood=(1, 0, 0, 0)))
    assert builds(s) == set()
    finish_lab(s)
    assert s.players[0].preserved == (9, 0)
