"""Aberration's components as data: content/ against the rulebook and the content design, malformed
files rejected with a ConfigError naming the file and the problem, and a player's extra files."""
import re
import shutil
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

from cardboard.engine import ConfigError
from cardboard.games.aberration.content import (
    CHIPS, CONTENT_DIR, EFFECT_KINDS, EVENT_KINDS, EXPLOITS, GOAL_KINDS, KEYWORDS, PASSIVE_KINDS, PLACES,
    REQUIREMENT_KINDS, REVEAL_RESULTS, SETUP_KINDS, VC, WHO, _effects, _map_problem, _passives, load_content,
)
from cardboard.rules_index import _defines, parse_index


@pytest.fixture(scope="module")
def c():
    return load_content()


def _by_id(family):
    return {x.id: x for x in family}


def test_default_loads_once(c):
    assert load_content() is c and load_content(None) is c and load_content([]) is c
    assert load_content(root=CONTENT_DIR) == c   # another root is read again, not cached


def test_box_counts(c):
    k = c.components
    assert (k.map_tiles, k.compass_tokens, k.vantage_points, k.village_spots) == (4, 4, 8, 8)
    assert (k.shadow_tokens, k.influence_tokens, k.fire_tokens, k.freeze_tokens, k.villagers) == (50, 30, 10, 6, 16)
    assert (k.traps, k.parasite_tokens, k.plague_tokens, k.objective_tokens, k.hp_tokens) == (8, 9, 8, 8, 40)
    assert (k.hero_chips, k.aberration_chips, k.chips_per_colour, k.dice) == (8, 20, 5, 6)
    assert (k.horde_figures, k.monstrosity_figures) == (3, 1)
    assert sum(i.copies for i in c.items) == k.items == 24 and len(c.items) == 20
    assert (len(c.objectives), len(c.aberrations), len(c.great_beast), len(c.enemies)) == (12, 12, 14, 5)
    assert (len(c.heroes), len(c.classes), len(c.spots), len(c.vantage_points)) == (5, 4, 8, 8)
    assert c.game.players == (1, 2, 3, 4)


def test_map_tiles_are_the_designs_graphs(c):
    tiles = _by_id(c.tiles)
    assert {t.id: t.name for t in c.tiles} == {1: "Hollowroot Wood", 2: "Drowned Fen", 3: "Old Quarry",
                                               4: "Blackthorn Ridge"}
    assert all(len(t.spaces) == 9 for t in c.tiles)
    assert {t.id: t.steps_to_vc(t.spawn) for t in c.tiles} == {1: 5, 2: 5, 3: 4, 4: 6}
    # the n-th Influence token on a tile corrupts a Vantage Point spot (its entries all covered)
    corrupt = {(t.id, s): max(t.path.index(e) for e in entries) + 1 for t in c.tiles
               for s, entries in t.vp_spots.items()}
    assert corrupt == {(1, "A"): 3, (1, "B"): 8, (2, "A"): 5, (2, "B"): 8, (3, "A"): 1, (3, "B"): 8,
                       (4, "A"): 7, (4, "B"): 8}
    for t in c.tiles:
        trunk, left, right = t.branches()
        assert list(t.path) == trunk + left + right and t.spawn == "a1"   # the left path fills first
        assert {left[-1], right[-1]} <= t.adjacency()[VC]                  # both branches end on gates
        assert not [s for s in t.path if s.startswith("g")]                # glades are never on the path
        assert (len(t.shadow), len(t.villager), len(t.fire), len(t.vp_spots)) == (2, 1, 1, 2)
    assert tiles[4].spaces == tiles[4].path and "l2-r2" in tiles[4].edges   # no glade, a rung


def test_every_layout_is_connected_and_starts_quiet(c):
    for order in permutations("NESW"):
        layout = dict(zip((1, 2, 3, 4), order))
        assert _map_problem(c, layout) is None, layout
    adj = c.graph(c.get("scenarios", "long_night").layout)   # 4=N, 1=E, 2=S, 3=W
    assert len(adj) == 37 and len(adj[VC]) == 8
    assert "1.r2" in adj["4.l2"] and "2.r2" in adj["1.l2"] and "3.r1" in adj["2.l1"] and "4.r2" in adj["3.l3"]


def test_vantage_points_and_village_spots(c):
    vps = _by_id(c.vantage_points)
    assert {v: "".join(p.cost) for v, p in vps.items()} == {
        "watch_oak": "GGB", "lantern_shrine": "YYB", "charcoal_kiln": "RBY", "chapel_bell": "YYGG",
        "hermit_hut": "BBG", "ranger_cache": "GRR", "standing_stones": "BBYR", "reliquary": "RRYY"}
    assert all(3 <= len(v.cost) <= 4 and 2 <= len(set(v.cost)) <= 3 for v in c.vantage_points)
    assert vps["ranger_cache"].reward[0].amount == 2 and vps["watch_oak"].spot.effects[0].dice == "CMD+1"
    assert vps["charcoal_kiln"].reward[0].at == "vp_entries"
    spots = _by_id(c.spots)
    assert set(spots) == {"watchtower_n", "watchtower_e", "watchtower_s", "watchtower_w", "fortify",
                          "light_a_fire", "scout", "shopkeeper"}
    assert {s.effects[0].board for s in c.spots if s.id.startswith("watchtower")} == {"N", "E", "S", "W"}
    assert [e.kind for e in spots["scout"].effects] == ["foresee", "reveal_any"]
    assert spots["shopkeeper"].effects[0].keep == 1 and spots["fortify"].effects[0].kind == "fortify"


def test_scenarios(c):
    first, long = c.get("scenarios", "first_night"), c.get("scenarios", "long_night")
    assert (first.length, first.survival_track, first.fear_track, first.villagers_in_vc) == \
        (7, {1: 5, 2: 5, 3: 6, 4: 6}, 10, 3)
    assert (long.length, long.survival_track, long.fear_track, long.villagers_in_vc) == \
        (10, {1: 7, 2: 7, 3: 9, 4: 10}, 14, 2)
    assert set(first.gb_remove) == {"whispers", "nightmares", "darkness_falls"} and long.gb_remove == ()
    assert first.extra_goal is None and (long.extra_goal.kind, long.extra_goal.count) == ("vps_unlocked", 4)
    assert first.start_level[4] == (3, 3, 3, 2, 2) and long.start_level[3] == (1, 1, 1, 1, 1)
    assert long.layout == {4: "N", 1: "E", 2: "S", 3: "W"} and long.vp["3A"] == "hermit_hut"
    for s in (first, long):
        assert len(c.great_beast) - len(s.gb_remove) >= s.length <= len(c.objectives)
        assert s.slots == {"I": "gnashers", "II": "briar_lambs", "III": "hollowed", "IV": "elk_mother",
                           "V": "gloomwing"}
    p = c.player_count
    assert p.items_each == {1: 5, 2: 4, 3: 3, 4: 2}      # rulebook for 2-4, the design's 5 solo
    assert p.spawn_mod == {1: -1, 2: 0, 3: 1, 4: 2}   # tuned for balance (CONTENT.md "Balance")
    assert p.objective_tokens == {n: max(2, n) for n in (1, 2, 3, 4)}


def test_enemies(c):
    stats = {e.id: [(lv.hp, lv.dmg) for lv in e.levels] for e in c.enemies}
    assert stats == {"gnashers": [(2, 1), (3, 1), (3, 2)], "briar_lambs": [(2, 1), (3, 1), (4, 2)],
                     "hollowed": [(2, 1), (3, 1), (3, 2)], "elk_mother": [(6, 2), (8, 2), (10, 3)],
                     "gloomwing": [(4, 1), (5, 2), (6, 2)]}
    # [AR-G-4] an activated enemy moves one space: no enemy card has a speed of its own
    assert all("move" not in lv.model_dump() for e in c.enemies for lv in e.levels)
    assert [lv.keywords for lv in c.get("enemies", "gnashers").levels][1] == ("leap", "aggressive")
    top = {e.id: set(e.levels[-1].keywords) for e in c.enemies}
    assert top["gnashers"] == {"leap", "aggressive"} and top["elk_mother"] == {"armour", "spawn", "aggressive"}
    assert {w for e in c.enemies for lv in e.levels for w in lv.keywords} == set(KEYWORDS)   # all 12 in play
    assert {e.id: (e.type, e.figures) for e in c.enemies if e.type == "monstrosity"} == {
        "elk_mother": ("monstrosity", 1), "gloomwing": ("monstrosity", 1)}
    assert c.slots.spawn == "III" and c.slots.horde == ("I", "II", "III")
    r = c.rules
    assert (r.fear_horde, r.fear_monstrosity, r.fear_villager, r.aberration_cards_lose) == (1, 2, 1, 4)


def test_shadow_pool(c):
    pool = {(s.result, s.slot): s.count for s in c.shadows}
    assert pool == {("monster", "I"): 8, ("monster", "II"): 7, ("monster", "III"): 7, ("monster", "IV"): 4,
                    ("monster", "V"): 4, ("villager", None): 10, ("influence", None): 10}
    assert {s.result for s in c.shadows} == set(REVEAL_RESULTS)


def test_chips_dice_keywords_and_card_families(c):
    assert set(CHIPS) == {"B", "R", "G", "Y", "H", "X"}   # the four abilities, Hero and Aberration chips
    assert sorted(c.dice.faces) == ["aberration", "aberration", "blank", "blank", "graze", "graze"]
    assert Counter(c.dice.hard_faces) == {"blank": 3, "graze": 2, "aberration": 1}
    assert c.board.clockwise == ("N", "E", "S", "W")
    when = {w: t for w, (t, _) in KEYWORDS.items()}
    assert [w for w, t in when.items() if t == "on_reveal"] == ["herald", "incite", "leap", "spawn"]
    assert len(KEYWORDS) == 12 and set(when.values()) == {"on_reveal", "on_activate", "on_attacked", "on_attacking"}
    # the rulebook's five kinds of card: Items, Objectives, Transformation, Great Beast, Monster (enemy) cards
    assert all((c.items, c.objectives, c.aberrations, c.great_beast, c.enemies))


def test_heroes_and_ability_board(c):
    heroes = _by_id(c.heroes)
    assert {h: tuple(x.levels[s] for s in ("INT", "STR", "SPD", "CMD")) for h, x in heroes.items()} == {
        "ansel": (3, 2, 2, 2), "brunhild": (3, 3, 1, 2), "ysolde": (3, 1, 3, 2), "pip": (4, 1, 2, 2),
        "mara": (3, 3, 2, 1)}
    assert {h: x.start_chips for h, x in heroes.items()} == {
        "ansel": ("H", "Y"), "brunhild": ("H", "R"), "ysolde": ("H", "G"), "pip": ("H", "B"), "mara": ("H", "X")}
    b = c.ability_board
    for h in c.heroes:   # 9 level chips + 2 starting chips = an 11-chip bag
        assert sum(h.levels.values()) + len(h.start_chips) == b.bag_size == 11
    assert b.upgrade_cost == {n: n - 1 for n in range(2, 6)} and (b.lock_cost, b.attune_cost) == (1, 1)
    assert {a.id: (a.name, a.colour) for a in c.abilities} == {
        "INT": ("Intellect", "B"), "STR": ("Strength", "R"), "SPD": ("Speed", "G"), "CMD": ("Command", "Y")}
    assert [s.kind for s in heroes["brunhild"].setup] == ["place_fire"] and heroes["pip"].setup == ()


def test_classes(c):
    classes = _by_id(c.classes)
    assert {k: (x.colours, x.aberration_track, x.complexity) for k, x in classes.items()} == {
        "slayer": (("R", "G"), 6, 1), "warden": (("R", "Y"), 7, 1), "trapper": (("G", "B"), 4, 2),
        "occultist": (("B", "Y"), 5, 3)}   # the design's 8/9/6/7 less 2 (balance, #22)
    for k in c.classes:
        locked = [a for a in k.actions if a.locked]
        assert len(k.actions) == 11 and sorted(a.section for a in locked) == ["B", "G", "R", "Y"]
        assert Counter(a.mode for a in locked) == {"unlock": 1, "passive": 1, "action": 2}
        assert all(not a.cost for a in locked if a.mode != "action")
    assert [a.id for a in c.general_actions] == ["step", "scuffle", "catch_breath", "secure"]
    crushing = next(a for a in classes["slayer"].actions if a.id == "crushing_blow")
    assert crushing.cost == ("R", "R") and crushing.effects[0].dice == "STR+2"
    assert [s.kind for s in classes["trapper"].setup] == ["trap_tokens", "start_at"]


def test_items(c):
    assert Counter(i.type for i in c.items for _ in range(i.copies)) == {"single": 16, "attunable": 8}
    assert Counter(i.exploit for i in c.items for _ in range(i.copies)) == {
        "block": 6, "smite": 6, "act": 4, "alter": 4, "lucky": 4}
    assert set(EXPLOITS) == {"act", "alter", "block", "lucky", "smite"}
    items = _by_id(c.items)
    assert items["heavy_crossbow"].action.cost == ("G", "G") and items["bear_trap"].passives[0].count == 1


def test_objectives(c):
    assert Counter(o.kind for o in c.objectives) == {"simple": 7, "tokens": 5}
    assert sum(o.survival for o in c.objectives) == 15   # 1.25 a card
    obj = _by_id(c.objectives)
    assert obj["coordinated_attack"].kind == "simple" and obj["eyes_on_the_enemy"].kind == "tokens"   # rulebook
    assert obj["cull_the_horde"].requirement.min_level == 2 and obj["secure_south"].requirement.board == "S"


def test_aberration_cards(c):
    cards = _by_id(c.aberrations)
    assert {"protruding_bones", "keen_sight"} <= set(cards)   # the rulebook's two examples
    assert cards["protruding_bones"].trigger == "passive" and cards["keen_sight"].trigger == "on_x"
    assert {x for x, card in cards.items() if card.fear == 2} == {"gaping_maw", "feral_strength", "hollow_hunger"}
    assert Counter(card.trigger for card in c.aberrations) == {"passive": 8, "on_x": 4}


def test_great_beast_cards(c):
    assert Counter(g.level_up for g in c.great_beast) == {"I": 3, "II": 3, "III": 3, "IV": 2, "V": 3}
    assert sum(g.spawn for g in c.great_beast) == 38
    assert Counter(g.point for g in c.great_beast) == {"N": 4, "S": 4, "E": 3, "W": 3}
    beast = _by_id(c.great_beast)
    assert [(e.kind, e.board) for e in beast["beast_stirs"].event] == [("influence", "point"), ("influence", "next")]


def test_aberration_chips_have_ways_in_and_out(c):
    """Design §2.2: X enters by transforming, Whispers and Mara; it leaves by Bless, the Reliquary spot,
    Saint's Reliquary and Purge."""
    out = {(family, id_) for family, id_, e in _effects(c) if e.kind == "cleanse"}
    assert out == {("classes", "occultist"), ("vantage_points", "reliquary"), ("items", "saints_reliquary")}
    occultist = {a.id for a in c.get("classes", "occultist").actions if any(
        e.kind == "cleanse" or any(o.kind == "cleanse" for o in e.options or ()) for e in a.effects)}
    assert occultist == {"bless", "purge"}
    assert c.get("great_beast", "whispers").event[0].kind == "whispers" and "X" in c.get("heroes", "mara").start_chips


def test_every_vocabulary_kind_is_used_and_documented(c):
    used = {"effect": {e.kind for *_, e in _effects(c)}, "passive": {p.kind for *_, p in _passives(c)},
            "event": {e.kind for g in c.great_beast for e in g.event},
            "setup": {s.kind for x in (*c.heroes, *c.classes) for s in x.setup},
            "requirement": {o.requirement.kind for o in c.objectives}}
    assert used == {"effect": set(EFFECT_KINDS), "passive": set(PASSIVE_KINDS), "event": set(EVENT_KINDS),
                    "setup": set(SETUP_KINDS), "requirement": set(REQUIREMENT_KINDS)}
    for *_, e in _effects(c):   # each effect gives all its kind's parameters and only those it may take
        spec, got = EFFECT_KINDS[e.kind], e.model_fields_set - {"kind"}
        assert set(spec.params) <= got <= set(spec.params) | set(spec.optional), e
    guide = (CONTENT_DIR.parent / "CONTENT.md").read_text(encoding="utf-8")
    for word in [*EFFECT_KINDS, *PASSIVE_KINDS, *EVENT_KINDS, *SETUP_KINDS, *REQUIREMENT_KINDS, *GOAL_KINDS,
                 *KEYWORDS, *REVEAL_RESULTS, *EXPLOITS, *PLACES, *WHO]:
        assert f"`{word}`" in guide, word


def test_every_entry_has_a_source_and_knobs_point_at_data(c):
    sources = Counter()
    for family in ("knobs", "tiles", "vantage_points", "spots", "scenarios", "enemies", "shadows", "heroes",
                   "abilities", "general_actions", "classes", "items", "objectives", "aberrations", "great_beast"):
        sources.update(x.source for x in getattr(c, family))
    sources.update(a.source for k in c.classes for a in k.actions)
    sources.update(getattr(c, t).source for t in ("game", "components", "dice", "slots", "rules", "board",
                                                  "player_count", "ability_board"))
    assert set(sources) == {"rulebook", "facts", "proposal", "ours"}
    assert [k.priority for k in c.knobs] == sorted(k.priority for k in c.knobs)
    track = c.get("scenarios", "long_night").survival_track
    assert {k.id: k.default for k in c.knobs}["survival_track"] == "/".join(str(track[n]) for n in (1, 2, 3, 4))


# ---------------------------------------------------------------- malformed files

BROKEN = [
    # (file, what to replace, replacement, words the message must contain)
    ("items.toml", '{ kind = "heal", amount = 2 }', '{ kind = "teleport" }', ["unknown effect kind 'teleport'"]),
    ("items.toml", '{ kind = "draw_chip", count = 2 }', '{ kind = "draw_chip" }',
     ["'draw_chip' needs parameter(s) count"]),
    ("items.toml", '{ kind = "draw_chip", count = 2 }', '{ kind = "draw_chip", count = 2, at = "here" }',
     ["'draw_chip' takes no parameter(s) at"]),
    ("items.toml", 'exploit = "act"', 'exploit = "dodge"', ["exploit"]),
    ("items.toml", 'id = "tonic"', 'id = "whetstone"', ["duplicate item id 'whetstone'"]),
    ("items.toml", 'name = "Tonic of Clarity"\ntype = "single"',
     'name = "Tonic of Clarity"\ntype = "single"\ncopies = 2',
     ["25 items", "24"]),
    ("classes.toml", 'steps = "SPD+1"', 'steps = "SPEED"', ["'SPEED' is neither a number"]),
    ("classes.toml", 'cost = ["R", "R"]\neffects = [{ kind = "melee", dice = "STR+2" }]',
     'cost = ["G"]\neffects = [{ kind = "melee", dice = "STR+2" }]',
     ["crushing_blow", "section R is paid with 'R' chips, not 'G'"]),
    ("classes.toml", 'mode = "passive"\npassives = [{ kind = "move_after_kill"',
     'mode = "unlock"\npassives = [{ kind = "move_after_kill"', ["relentless", "an UNLOCK action has effects"]),
    ("classes.toml", 'id = "staff"', 'id = "strike"', ["duplicate action id 'strike'"]),
    ("aberrations.toml", 'action = "catch_breath"', 'action = "nap"', ["protruding_bones", "no action 'nap'"]),
    ("map.toml", '"fk-l1", "l1-l2", "l2-l3", "l3-VC", "fk-r1", "r1-r2", "r2-r3", "r3-VC", "g-l2", "g-r2"]',
     '"fk-l1", "l1-l2", "l2-l3", "l3-VC", "fk-r1", "r1-r2", "r2-r3", "r3-VC", "g-r5"]', ["tile 1", "edge 'g-r5'"]),
    ("map.toml", 'path = ["a1", "fk", "l1", "l2", "l3", "r1", "r2", "r3"]',
     'path = ["a1", "fk", "r1", "r2", "r3", "l1", "l2", "l3"]', ["tile 1", "path must be the trunk"]),
    ("map.toml", 'edge_left = "l1"', 'edge_left = "r1"', ["tile 2", "edge_left must be on the left branch"]),
    ("map.toml", 'shadow = ["a1", "r1"]', 'shadow = ["a1", "l3"]',
     ["tile '1'", "scenario 'first_night'", "1.l3", "revealed at once"]),
    ("map.toml", 'vp_spots = { A = ["a1"], B = ["l4", "r2"] }', 'vp_spots = { A = ["a1"] }',
     ["7 Vantage Point spots", "8"]),
    ("scenarios.toml", 'II = "briar_lambs", III = "hollowed", IV = "elk_mother", V = "gloomwing" }\nlength = 7',
     'II = "briar_lambs", III = "elk_mother", IV = "hollowed", V = "gloomwing" }\nlength = 7',
     ["first_night", "slot III holds a horde"]),
    ("scenarios.toml", '"whispers", "nightmares"', '"whispers", "nightmare"', ["no Great Beast card 'nightmare'"]),
    ("scenarios.toml", '4A = "watch_oak"', '4A = "watch_tower"', ["long_night", "no Vantage Point 'watch_tower'"]),
    ("scenarios.toml", "length = 10", "length = 13", ["long_night", "length 13"]),
    ("scenarios.toml", "villagers_in_vc = 3", "villagers_in_vc = 12", ["17 villagers", "16"]),
    ("scenarios.toml", "4 = [3, 3, 3, 2, 2]", "4 = [3, 3, 3, 2, 4]", ["start_level for 4 players"]),
    ("scenarios.toml", "survival_track = { 1 = 7, 2 = 7, 3 = 9, 4 = 10 }", "survival_track = { 1 = 8, 4 = 10 }",
     ["long_night", "survival_track by player count", "each player count"]),
    ("scenarios.toml", "survival_track = { 1 = 5,", "survival_track = { 1 = 0,", ["survival_track", "greater than"]),
    ("scenarios.toml", "objective_tokens = { 1 = 2, 2 = 2, 3 = 3, 4 = 4 }", "objective_tokens = { 1 = 2, 2 = 2 }",
     ["each player count"]),
    ("enemies.toml", '{ hp = 3, dmg = 2, keywords = ["leap", "aggressive"] }',
     '{ hp = 3, dmg = 2, keywords = ["aggressive"] }', ["gnashers", "drops a keyword"]),
    ("enemies.toml", 'keywords = ["flying", "ranged", "plague"]', 'keywords = ["flying", "ranged", "venom"]',
     ["enemies.4.levels.2.keywords.2", "unknown keyword 'venom'"]),
    ("enemies.toml", 'type = "monstrosity"\nfigures = 1\nlevels = [\n    { hp = 6',
     'type = "monstrosity"\nfigures = 2\nlevels = [\n    { hp = 6', ["elk_mother", "1 figure(s)"]),
    ("shadows.toml", 'slot = "V"\ncount = 4', 'slot = "V"\ncount = 5', ["51 shadow tokens", "50"]),
    ("shadows.toml", 'result = "villager"\ncount', 'result = "villager"\nslot = "I"\ncount',
     ["a monster token names its slot"]),
    ("heroes.toml", "levels = { INT = 4, STR = 1", "levels = { INT = 5, STR = 1", ["pip", "add up to 9"]),
    ("heroes.toml", 'start_chips = ["H", "Y"]', 'start_chips = ["B", "Y"]', ["ansel", "Hero (H) chip"]),
    ("great_beast.toml", 'level_up = "V"\nevent = [{ kind = "drop_held" }]',
     'level_up = "VI"\nevent = [{ kind = "drop_held" }]', ["level_up"]),
    ("great_beast.toml", '{ kind = "peril", dice = 1 }', '{ kind = "peril", board = "point" }',
     ["event 'peril' needs parameter(s) dice"]),
    ("objectives.toml", 'requirement = { kind = "board_cleared" }',
     'requirement = { kind = "board_cleared", count = 1 }',
     ["requirement 'board_cleared' takes no parameter(s) count"]),
    ("vantage_points.toml", 'cost = ["G", "G", "B"]', 'cost = ["G", "G", "X"]', ["cost"]),
    ("village.toml", 'board = "W"', 'board = "N"', ["one watchtower", "N, E, S, W"]),
    ("abilities.toml", "max_level = 5", "max_level = 4", ["upgrade_cost"]),
    ("settings.toml", 'keys = ["rules.xp_monstrosity_kill"]', 'keys = ["rules.xp_for_kills"]',
     ["monstrosity_kill_xp", "'rules.xp_for_kills'"]),
    ("settings.toml", "dice = 6\n", "dice = 6\nmeeples = 3\n", ["components.meeples", "Extra inputs"]),
]


def _broken_root(tmp_path, file, old, new):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root)
    text = (root / file).read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"test fixture out of date: {old!r}"
    (root / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize("file,old,new,words", BROKEN, ids=[f"{b[0]}:{b[3][0]}" for b in BROKEN])
def test_malformed_content_rejected(tmp_path, file, old, new, words):
    root = _broken_root(tmp_path, file, old, new)
    with pytest.raises(ConfigError) as err:
        load_content(root=root)
    message = str(err.value)
    assert str(root / file) in message
    for word in words:
        assert word in message


def test_not_toml_or_missing(tmp_path):
    root = _broken_root(tmp_path, "items.toml", "[[items]]", "[[items")
    with pytest.raises(ConfigError, match="items.toml: not valid TOML"):
        load_content(root=root)
    (root / "heroes.toml").unlink()
    with pytest.raises(ConfigError, match="cannot read .*heroes.toml"):
        load_content(root=tmp_path / "content")


# ---------------------------------------------------------------- a player's extra files

EXTRA = '''
[[heroes]]
id = "odo"
name = "Odo Brack"
species = "Human"
levels = { INT = 2, STR = 3, SPD = 2, CMD = 2 }
start_chips = ["H", "R"]
special = { name = "Stubborn", passives = [{ kind = "thorns", amount = 1 }], text = "Monsters that hit you take 1." }
source = "ours"

[[scenarios]]
id = "hollow_dawn"
name = "Hollow Dawn"
layout = { 1 = "W", 2 = "N", 3 = "E", 4 = "S" }
vp = { 1A = "watch_oak", 1B = "lantern_shrine", 2A = "hermit_hut", 2B = "charcoal_kiln", \
3A = "ranger_cache", 3B = "chapel_bell", 4A = "standing_stones", 4B = "reliquary" }
slots = { I = "gnashers", II = "briar_lambs", III = "hollowed", IV = "elk_mother", V = "gloomwing" }
length = 12
survival_track = 14
fear_track = 12
villagers_in_vc = 2
start_level = { 1 = [2, 2, 2, 1, 1], 2 = [2, 2, 2, 1, 1], 3 = [2, 2, 2, 2, 2], 4 = [3, 2, 2, 2, 2] }
source = "ours"

[[great_beast]]
id = "red_sky"
name = "Red Sky"
level_up = "IV"
event = [{ kind = "shadows_advance", steps = 1 }]
spawn = 3
point = "W"
text = "Every shadow moves 1."
source = "ours"
'''


def test_an_extra_file_adds_heroes_scenarios_and_cards(tmp_path, c):
    extra = tmp_path / "mine.toml"
    extra.write_text(EXTRA, encoding="utf-8")
    mine = load_content(extra)
    assert {h.id for h in mine.heroes} == {h.id for h in c.heroes} | {"odo"}
    assert mine.get("scenarios", "hollow_dawn").length == 12 and len(mine.great_beast) == 15
    assert len(c.heroes) == 5 and load_content() is c   # the default set is untouched


@pytest.mark.parametrize("old,new,words", [
    ('id = "odo"', 'id = "pip"', ["hero id 'pip' clashes with the one in", "heroes.toml"]),
    ('id = "red_sky"', 'id = "ambush"', ["id 'ambush' clashes", "great_beast.toml"]),
    ('IV = "elk_mother"', 'IV = "wyrm"', ["hollow_dawn", "no enemy 'wyrm'"]),
    ("length = 12", "length = 16", ["hollow_dawn", "length 16"]),
    ("[[great_beast]]", "[[enemies]]", ["an extra file adds only", "'enemies'"]),
    ('kind = "thorns", amount = 1', 'kind = "thorns"', ["passive 'thorns' needs parameter(s) amount"]),
], ids=["hero clash", "card clash", "unknown enemy", "too long", "not addable", "bad passive"])
def test_a_bad_extra_file_is_rejected(tmp_path, old, new, words):
    extra = tmp_path / "mine.toml"
    assert old in EXTRA
    extra.write_text(EXTRA.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_content([extra])
    assert str(extra) in str(err.value)
    for word in words:
        assert word in str(err.value)


def test_two_extra_files_may_not_clash_with_each_other(tmp_path):
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    one.write_text(EXTRA, encoding="utf-8")
    two.write_text(EXTRA.split("[[scenarios]]")[0], encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"{re.escape(str(two))}: hero id 'odo' clashes with the one in "
                                          rf"{re.escape(str(one))}"):
        load_content([one, two])


# ---------------------------------------------------------------- the rules index

INDEX = CONTENT_DIR.parent / "RULES.md"


def test_rules_index_names_real_code_and_tests_and_counts_itself():
    """Every row has an AR- id (unique); the code and tests it cites exist; the coverage line counts the rows."""
    text = INDEX.read_text(encoding="utf-8")
    rules = parse_index(text)
    ids = [r.id for r in rules]
    assert ids and len(ids) == len(set(ids)) and all(re.fullmatch(r"AR-[A-Z]+-\d+", i) for i in ids)
    here = Path(__file__)
    covered = 0
    for r in rules:
        code, tests = [x for x in r.code if x != "—"], [x for x in r.tests if x != "—"]
        assert bool(code) == bool(tests), f"{r.id}: code and tests go together ('—' for both when open)"
        for ref in code:
            file, _, name = ref.partition("::")
            assert _defines(CONTENT_DIR.parent / file, name), f"{r.id} cites missing code {ref}"
        for ref in tests:
            file, _, name = ref.partition("::")
            assert _defines(here.parent / file, name), f"{r.id} cites missing test {ref}"
        covered += bool(code)
    last = text.rstrip().splitlines()[-1]
    assert re.fullmatch(rf"Coverage: {covered} of {len(rules)} rules have code and tests \(.+\)", last), last
