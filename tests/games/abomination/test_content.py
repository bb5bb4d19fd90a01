"""Abomination's components as data: content.toml against the rulebook and the facts page, and
malformed files rejected with a ConfigError that names the problem."""
from collections import Counter
from pathlib import Path

import pytest

from cardboard.engine import ConfigError
from cardboard.games.abomination.content import (
    ABILITY_KINDS, CONDITION_KINDS, DEFAULT_CONTENT, EFFECT_KINDS, LEOPOLD, ROUND_KINDS, TARGET_KINDS,
    _all_effects, load_content,
)


@pytest.fixture(scope="module")
def c():
    return load_content()


def test_default_loads_once(c):
    assert load_content() is c and load_content(None) is c and load_content(DEFAULT_CONTENT) is c


def test_card_counts_per_family_and_deck(c):
    copies = lambda cards: sum(x.copies for x in cards)  # noqa: E731
    assert len(c.cadavers) == 52
    assert copies(c.scoundrels) == copies(c.research) == copies(c.humanity) == 16
    assert len(c.scoundrels) == len(c.research) == len(c.humanity) == 8  # 8 kinds x 2 copies
    assert (len(c.events), len(c.encounters), len(c.characters), len(c.objectives)) == (19, 15, 6, 6)
    assert Counter(x.deck for x in c.cadavers) == {"cemetery": 16, "morgue": 14, "hospital": 12, "public_square": 10}
    # with the 4 anatomy cards, the 144 cards of the rulebook's component list
    assert 52 + 16 * 3 + 19 + 15 + 6 + 4 == c.box.cards == 144
    assert 28 <= len(c.entries) <= 32


def test_leopold_kept_apart_and_brought_in_by_name(c):
    apart = [x for x in c.cadavers if x.apart]
    assert [x.id for x in apart] == [LEOPOLD] and apart[0].deck == "public_square"
    assert apart[0].name == "Leopold the Vast"
    got = {(m.material, m.stage): m.count for m in apart[0].materials}
    assert got == {("muscle", 1): 4, ("organ", 1): 2, ("blood", 1): 3, ("bone", None): 2}
    assert any(e.kind == "reveal_cadaver" and e.card == LEOPOLD for _, e in _all_effects(c))


def test_cadaver_stages_follow_their_deck(c):
    want = {"cemetery": {3, 4}, "morgue": {2, 3}, "hospital": {1, 2}, "public_square": {1}}
    for card in c.cadavers:
        stages = {m.stage for m in card.materials if m.material != "bone"}
        assert stages <= want[card.deck], card.id
        assert all(m.stage <= 2 for m in card.materials if m.material == "blood"), card.id
        assert card.option.attribute in ("expertise", "reputation", "humanity") and card.option.amount >= 1
    assert {x.id for x in c.cadavers if x.cost.humanity} & {"paupers_grave", "drowned_sailor"}


def test_facts_examples_present(c):
    cad = {x.id: x for x in c.cadavers}
    sailor = cad["drowned_sailor"]
    assert sailor.cost.humanity == 1 and sailor.option.amount == 1
    assert {(m.material, m.stage): m.count for m in sailor.materials} == {
        ("muscle", 2): 2, ("organ", 3): 1, ("bone", None): 1}
    assert cad["guillotined_thief"].option.attribute == "expertise" and cad["guillotined_thief"].option.amount == 2
    sc = {x.id: x for x in c.scoundrels}
    assert set(sc) == {"dog_catcher", "hospital_thief", "grave_robber", "hired_killer", "ice_merchant",
                       "glassblower", "fence", "resurrection_man"}
    assert {k: sc[k].cost for k in sc} == {"dog_catcher": 1, "hospital_thief": 2, "grave_robber": 1,
                                           "hired_killer": 3, "ice_merchant": 2, "glassblower": 1, "fence": 0,
                                           "resurrection_man": 2}
    assert sc["hired_killer"].effects[0].amount == -2
    assert [e.kind for e in {x.id: x for x in c.research}["galvanis_notes"].dice] == ["reroll_dice"]
    assert {x.id for x in c.humanity} >= {"confession", "alms", "sanctuary", "vigil", "tithe"}
    assert {x.name for x in c.characters} >= {"Marie Freeman", "Prisha Chatwal", "Baptiste Rousseau"}


def _space(c, space_id):
    return next(s for _, s in c.spaces() if s.id == space_id)


def test_paris_board_numbers(c):
    locs = {loc.id: loc for loc in c.locations}
    assert set(locs) == {"cemetery", "morgue", "hospital", "public_square", "docks", "academy", "saint_roch",
                         "market", "dark_alley"}
    assert [s.id for s in locs["hospital"].spaces] == ["retrieve_cadaver", "practice_medicine", "volunteer"]
    retrieve = _space(c, "retrieve_cadaver")
    assert retrieve.requires[0].kind == "attribute_at_least" and retrieve.requires[0].amount == 7
    second = retrieve.effects[1]
    assert second.kind == "when" and second.condition.amount == 15
    assert second.then[0].kind == "may_pay" and second.then[0].francs == 1
    medicine = _space(c, "practice_medicine")
    assert medicine.who == "scientist" and medicine.effects[0].table == ((0, 2), (7, 3), (13, 4))
    assert [(e.attribute, e.amount) for e in _space(c, "volunteer").effects] == [("humanity", 1), ("reputation", 2)]
    square = _space(c, "buy_cadaver")
    assert square.cost == 1 and square.slots == {2: 1, 3: 2, 4: 2}
    assert _space(c, "buy_cadavers").cost == 1 and _space(c, "hire_scoundrel").slots == 2
    murder = _space(c, "murder")
    assert murder.immoral and murder.requires[0].kind == "no_police_marker"
    assert [e.kind for e in murder.effects] == ["gain_attribute", "gain_materials", "gain_police_marker"]
    assert {x.id: x.row for x in c.locations if x.row} == {"docks": "scoundrel", "academy": "research",
                                                          "saint_roch": "humanity"}


def test_lab_board(c):
    lab = c.lab
    assert (lab.stages, lab.stage_limit, lab.preservation_limit, lab.jar_slots, lab.ice_slots) == (4, 15, 9, 4, 1)
    assert lab.preservable == ("muscle", "organ") and lab.ice_rounds == 2 and lab.blood_last_stage == 2
    study, generator = lab.spaces
    assert (study.effects[0].amount, study.scientist_bonus[0].amount) == (1, 1)
    assert (generator.effects[0].kind, generator.scientist_bonus[0].count) == ("charge_jars", 1)


def test_anatomy_card(c):
    parts = {p.part: p for p in c.anatomy.parts}
    assert {k: p.count for k, p in parts.items()} == {"head": 1, "torso": 1, "arm": 2, "leg": 2}
    assert parts["head"].start.expertise == 11 and parts["head"].complete.expertise == 15
    assert [parts[k].start.expertise for k in ("arm", "leg", "torso", "head")] == [1, 3, 7, 11]
    assert parts["arm"].start.materials == {"bone": 1, "muscle": 2, "blood": 1}
    assert parts["torso"].start.vp == (5, 4, 3, 2) and parts["head"].complete.vp == (8, 6, 5, 4)
    assert [parts[k].alive_points for k in ("arm", "leg", "torso", "head")] == [2, 3, 5, 6]
    assert {k: p.animal_penalty for k, p in parts.items()} == {"arm": 1, "leg": 1, "torso": 2, "head": 2}
    assert set(c.anatomy.animal.replaces) == {"muscle", "organ", "blood"}
    assert c.anatomy.animal.max_stage == {"blood": 2} and c.anatomy.vp_floor == 0


def test_dials(c):
    assert {d.attribute: (d.min, d.max, d.start) for d in c.dials} == {
        "humanity": (-15, 15, 0), "reputation": (0, 25, 1), "expertise": (0, 30, 1)}
    icons = Counter(i.icon for d in c.dials for i in d.icons)
    assert icons["gain_assistant"] == 4 and icons["exchange_assistant"] == 3 and icons["blue_die"] == 2
    rep = c.dial("reputation")
    assert sorted(i.at for i in rep.icons if i.icon == "gain_assistant") == [3, 8, 14, 20]
    assert sorted(i.at for i in rep.icons if i.icon == "exchange_assistant") == [6, 11, 17]
    assert sorted(i.at for i in c.dial("expertise").icons if i.icon == "blue_die") == [10, 20]
    hum = {i.at: i.vp for i in c.dial("humanity").icons if i.icon == "vp"}
    assert hum[15] == 10 and hum[-15] == -10 and hum[3] == 2


def test_components_and_setup(c):
    s, sup = c.setup, c.supply
    assert {d.colour: (d.count, d.faces) for d in c.dice} == {
        "gray": (6, ("eye", "bolt", "bolt", "blank", "blank", "blank")),
        "blue": (2, ("eye", "eye", "bolt", "blank", "blank", "blank"))}
    assert (sup.leyden_jars, sup.ice_blocks, sup.police_markers, sup.alive_markers, sup.damage_markers,
            sup.francs, sup.material_cubes) == (16, 4, 12, 24, 28, 42, 170)
    assert sum(sup.part_tokens.values()) == 30
    assert {m.id: m.colour for m in c.materials} == {"muscle": "brown", "organ": "purple", "blood": "red",
                                                    "bone": "white", "animal": "orange"}
    assert c.bump_tracks == {2: (2, 3), 3: (1, 2, 3), 4: (1, 2, 2, 3)}
    assert (s.rounds, s.story_track) == (12, 13)
    assert (s.events_on_top, s.events_shuffled, s.encounters_shuffled) == (2, 6, 4)
    assert s.start_francs == s.hospital_stack == {2: 2, 3: 3, 4: 4}
    assert s.execution_cards == {2: 1, 3: 2, 4: 2}
    assert s.rows == {"scoundrel": 3, "research": 2, "humanity": 2} and s.objectives_used == 4
    assert (s.start_scientists, s.start_assistants, s.max_scientists, s.max_assistants) == (1, 2, 4, 3)
    assert s.hand_limits == {"research": 3, "humanity": 3}
    assert c.scoring.objective_vp == 10 and c.scoring.humanity_bonus == 5


def test_events_encounters_entries(c):
    for ev in c.events:
        assert ev.early.name and ev.late.name
    icons = Counter(i for ev in c.events for side in (ev.early, ev.late) for i in side.icons)
    assert icons["execution"] >= 5 and icons["lightning_storm"] >= 4
    locations = {loc.id for loc in c.locations}
    numbers = {e.number for e in c.entries}
    for enc in c.encounters:
        assert enc.trigger == "now" or enc.trigger in locations
        assert enc.entry in numbers
    assert {e.trigger for e in c.encounters} >= locations  # an encounter for every location
    assert all(1 <= len(e.choices) <= 2 for e in c.entries)


def test_objectives_and_characters(c):
    obj = {o.id: o for o in c.objectives}
    assert obj["expertise_27"].timing == "first" and obj["expertise_27"].condition.amount == 27
    assert obj["most_francs"].timing == "most" and obj["most_francs"].measure == "francs"
    assert Counter(o.timing for o in c.objectives) == {"first": 4, "most": 2}
    starts = {ch.id: ch.start for ch in c.characters}
    assert starts["odile_vasseur"].expertise == 4
    assert (starts["henri_de_valcourt"].reputation, starts["henri_de_valcourt"].francs) == (4, 2)
    for ch in c.characters:
        assert all(a.kind in ABILITY_KINDS for a in ch.abilities)


def test_every_effect_uses_its_declared_parameters(c):
    seen = set()
    for where, e in _all_effects(c):
        params = {f for f in e.model_fields_set if f != "kind"}
        assert params == set(EFFECT_KINDS[e.kind].params), where
        seen.add(e.kind)
    assert ROUND_KINDS <= set(EFFECT_KINDS)
    assert len(seen) >= 40  # nearly the whole vocabulary is in use


def test_every_entry_has_a_source(c):
    sources = Counter()
    for family in ("cadavers", "scoundrels", "research", "humanity", "events", "encounters", "entries",
                   "characters", "objectives", "locations", "dials", "cadaver_decks", "materials", "dice"):
        sources.update(x.source for x in getattr(c, family))
    assert set(sources) <= {"rulebook", "facts", "derived", "proposal"}
    assert sources["facts"] and sources["proposal"]


def test_guide_lists_every_kind():
    guide = (Path(DEFAULT_CONTENT).parent / "CONTENT.md").read_text(encoding="utf-8")
    for kind in [*EFFECT_KINDS, *CONDITION_KINDS, *TARGET_KINDS, *ABILITY_KINDS]:
        assert f"`{kind}`" in guide, kind


# ---------------------------------------------------------------- malformed files

BASE = DEFAULT_CONTENT.read_text(encoding="utf-8")

BROKEN = [
    # (what to replace, replacement, words the message must contain)
    ('{ kind = "gain_ice" }', '{ kind = "teleport" }', ["unknown effect kind 'teleport'", "scoundrels"]),
    ('{ kind = "gain_jar", count = 1 }', '{ kind = "gain_jar" }', ["'gain_jar' needs parameter(s) count"]),
    ('{ kind = "gain_jar", count = 1 }', '{ kind = "gain_jar", count = 1, deck = "morgue" }',
     ["'gain_jar' takes no parameter(s) deck"]),
    ('{ kind = "gain_jar", count = 1 }', '{ kind = "gain_jar", count = 1, colour = "red" }',
     ["colour", "Extra inputs"]),
    ('{ kind = "go_to_entry", entry = 22 }', '{ kind = "go_to_entry", entry = 99 }', ["entry 11", "go_to_entry 99"]),
    ("entry = 15\n", "entry = 99\n", ["encounter 'face_at_the_window'", "entry 99"]),
    ('id = "fence"', 'id = "glassblower"', ["duplicate scoundrel id 'glassblower'"]),
    ("number = 30", "number = 29", ["duplicate entry number 29"]),
    ('name = "Resurrection Man"\ncopies = 2', 'name = "Resurrection Man"\ncopies = 1',
     ["15 scoundrels", "16"]),
    ("3 = [1, 2, 3]", "3 = [1, 2]", ["bump track for 3 players"]),
    ('{ at = 20, icon = "gain_assistant" }', '{ at = 20, icon = "vp", vp = 1 }', ["4 gain_assistant", "found 3"]),
    ('{ at = 30, icon = "vp", vp = 18 }', '{ at = 31, icon = "vp", vp = 18 }', ["expertise dial", "31", "0..30"]),
    ('trigger = "market"', 'trigger = "opera"', ["strange_peddler", "'opera'"]),
    ('location = "dark_alley" }]\nicons', 'location = "opera" }]\nicons', ["sanctuary", "no location 'opera'"]),
    ('deck = "morgue"\ncost', 'deck = "crypt"\ncost', ["no cadaver deck 'crypt'"]),
    ("apart = true\n", "", ["no set-apart cadaver 'leopold_the_vast'"]),
    ('{ material = "bone", count = 2 }, { material = "muscle", stage = 3',
     '{ material = "bone", count = 2 }, { material = "muscle", stage = 2', ["paupers_grave", "not a cemetery stage"]),
    ('{ material = "blood", stage = 2, count = 1 }', '{ material = "blood", stage = 3, count = 1 }',
     ["woman_from_the_seine", "blood at stage 3"]),
    ('\nlate = { name = "Execution at Dawn"', '\nlater = { name = "Execution at Dawn"',
     ["events.0.late", "Field required"]),
    ('this_round = [{ kind = "no_decay" }] }', 'effects = [{ kind = "no_decay" }] }', ["Cold Snap", "this_round"]),
    ('window = "encounter"', 'window = "city_turn"', ["vigil", "window 'encounter'"]),
    ("[police]\n", "[police]\nbribe = 3\n", ["police.bribe", "Extra inputs"]),
    ("stage_limit = 15", "stage_limit = 0", ["lab.stage_limit"]),
]


@pytest.mark.parametrize("old,new,words", BROKEN, ids=[b[2][0] for b in BROKEN])
def test_malformed_content_rejected(tmp_path, old, new, words):
    assert BASE.count(old) >= 1, f"test fixture out of date: {old!r}"
    bad = tmp_path / "content.toml"
    bad.write_text(BASE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_content(str(bad))
    message = str(err.value)
    assert str(bad) in message
    for word in words:
        assert word in message


def test_not_toml_or_missing(tmp_path):
    bad = tmp_path / "content.toml"
    bad.write_text("this is [not toml", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_content(str(bad))
    with pytest.raises(ConfigError, match="cannot read"):
        load_content(str(tmp_path / "missing.toml"))
