"""Components as data: the facts page's proposal v1 set (facts §2, §4) loaded from components.toml."""
from collections import Counter

import pytest

import cardboard
from cardboard.games.hideous_abomination.content import (
    DEFAULT_COMPONENTS, SIDE_BITS, load_components, parse_components, rotate,
)

FAMILY_PREFIXES = ["red", "ora", "yel", "gre", "tea", "blu", "pur", "pin"]
COLOURS = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]
PATTERN = {"N": "cap", "NS": "straight", "NE": "bend", "NEW": "tee", "NESW": "cross"}

# facts §2.3: type -> (per family, wild, total, patterns)
TYPES = {
    "head": (2, 2, 18, {"cap": 18}),
    "hand": (2, 1, 17, {"cap": 17}),
    "foot": (2, 1, 17, {"cap": 17}),
    "tail": (2, 2, 18, {"cap": 9, "straight": 9}),
    "wing": (2, 1, 17, {"cap": 8, "bend": 8, "straight": 1}),
    "arm": (4, 2, 34, {"straight": 25, "bend": 9}),
    "leg": (4, 2, 34, {"straight": 25, "bend": 9}),
    "nexus": (2, 2, 18, {"tee": 9, "cross": 9}),
    "crotch": (2, 1, 17, {"tee": 17}),
}
# facts §2.5: attribute -> (icons, tiles, (min, max) per tile)
ATTRIBUTE_TOTALS = {
    "eyes": (95, 61, (1, 4)),
    "teeth": (130, 45, (1, 6)),
    "ears": (55, 45, (1, 2)),
    "noses": (56, 53, (1, 2)),
    "horns": (55, 42, (1, 3)),
    "digits": (168, 52, (1, 6)),
    "spikes": (64, 51, (1, 2)),
    "tentacles": (63, 43, (1, 3)),
}
GRAND_PRIZES = ["done", "showy", "runt"]
AWARDS = [
    "all_seeing", "toothsome", "all_ears", "nosy", "horned", "fiddly", "prickly", "grabby",
    "hydra", "huggy", "handsy", "leggy", "stompy", "waggy", "flighty", "knotty",
    "obsessive", "frayed", "long_limb", "towering", "battle_scarred",
]


def test_default_file_loads_with_190_parts_and_9_torsos():
    c = load_components()
    assert len(c.parts) == 190 and len(c.torsos) == 9 and len(c.tiles) == 199
    assert [t.id for t in c.torsos] == [f"torso-{i}" for i in range(1, 10)]
    assert Counter(t.colour for t in c.torsos) == Counter(COLOURS + ["pink"])
    for t in c.torsos:
        assert t.sides == "NESW" and t.attributes == {}
        assert t.texture == c.families[t.colour].textures[0]
    assert c.setup.hand_size == 3 and c.setup.buffet_piles == 3 and c.setup.bolts == 30
    assert c.setup.bolts_per_steal == 2 and c.setup.draws == 2 and c.setup.dig_takes == 2
    assert c.die.faces == ("draw", "draw", "dig", "award", "steal", "go_mad")


def test_families_and_wilds():
    c = load_components()
    assert list(c.families) == COLOURS
    assert c.families["green"].name == "Trolls" and c.families["green"].signature == "noses"
    by_colour = Counter(t.colour for t in c.parts)
    assert by_colour == Counter({**{col: 22 for col in COLOURS}, "wild": 14})
    for colour, prefix in zip(COLOURS, FAMILY_PREFIXES):
        fam = c.families[colour]
        tiles = [t for t in c.parts if t.colour == colour]
        assert [t.id for t in tiles] == [f"{prefix}-{s:02d}" for s in range(1, 23)]
        for s, t in enumerate(tiles, 1):
            assert t.texture == fam.textures[(s + 1) % 2]
            if s % 2 == 0:
                assert t.count(fam.signature) >= 1  # every texture-b tile carries the signature
    wild = [t for t in c.parts if t.colour == "wild"]
    assert [t.id for t in wild] == [f"wld-{w:02d}" for w in range(1, 15)]
    assert all(t.texture == "patchwork" for t in wild)


def test_types_and_patterns_match_facts():
    c = load_components()
    assert set(Counter(t.type for t in c.parts)) == set(TYPES)
    for typ, (per_family, wild, total, patterns) in TYPES.items():
        tiles = [t for t in c.parts if t.type == typ]
        assert len(tiles) == total, typ
        assert sum(t.colour == "wild" for t in tiles) == wild, typ
        for colour in COLOURS:
            assert sum(t.colour == colour for t in tiles) == per_family, (typ, colour)
        assert Counter(PATTERN[t.sides] for t in tiles) == Counter(patterns), typ
    assert Counter(PATTERN[t.sides] for t in c.parts) == Counter(
        {"cap": 69, "straight": 60, "bend": 26, "tee": 26, "cross": 9})
    # mean change in open loose ends of a tile played with one contact: k - 2
    assert round(sum(t.loose_ends - 2 for t in c.parts) / len(c.parts), 3) == -0.132


def test_attribute_totals_match_facts():
    c = load_components()
    for attr, (icons, tiles, (lo, hi)) in ATTRIBUTE_TOTALS.items():
        counts = [t.count(attr) for t in c.parts if t.count(attr)]
        assert (sum(counts), len(counts)) == (icons, tiles), attr
        assert (min(counts), max(counts)) == (lo, hi), attr
    blanks = [t.id for t in c.parts if not t.attributes]
    assert len(blanks) == 16
    assert all(t.endswith(("-11", "-15")) for t in blanks)


def test_score_cards_match_facts():
    c = load_components()
    assert len(c.cards) == 24
    assert [g.id for g in c.grand_prizes] == GRAND_PRIZES
    assert [a.id for a in c.awards] == AWARDS
    assert all(g.vp == 3 for g in c.grand_prizes) and all(a.vp == 2 for a in c.awards)
    assert c.card("runt").goal == "fewest" and c.card("runt").measure == "tiles"
    assert c.card("done").measure == "done" and c.card("showy").measure == "colours"
    assert all(card.goal == "most" for card in c.cards if card.id != "runt")
    assert c.card("knotty").param == ("nexus", "crotch")
    assert c.card("nosy").param == "noses" and c.card("stompy").param == "foot"
    assert c.card("obsessive").param is None and c.card("obsessive").measure == "max_type"
    attribute_cards = {card.param for card in c.cards if card.measure == "attribute"}
    assert attribute_cards == set(ATTRIBUTE_TOTALS)
    with pytest.raises(KeyError):
        c.card("nope")


def test_side_masks_and_rotation():
    c = load_components()
    assert c.tile("red-01").side_mask == SIDE_BITS["N"]
    assert c.tile("red-19").side_mask == 1 | 2 | 8  # tee NEW
    assert rotate(SIDE_BITS["N"], 1) == SIDE_BITS["E"]
    assert rotate(SIDE_BITS["W"], 1) == SIDE_BITS["N"]
    assert rotate(1 | 4, 1) == 2 | 8  # straight NS -> EW
    assert rotate(SIDE_BITS["N"], -1) == SIDE_BITS["W"]
    for mask in range(16):
        assert rotate(mask, 4) == mask and rotate(mask, 0) == mask
        assert rotate(rotate(mask, 1), 3) == mask
        assert bin(rotate(mask, 1)).count("1") == bin(mask).count("1")


def _bad(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_malformed_files_are_rejected_clearly(tmp_path):
    text = DEFAULT_COMPONENTS.read_text()
    with pytest.raises(cardboard.ConfigError, match=r"bad\.toml: tiles\.9\.sides: 'NX'"):
        parse_components(_bad(text, 'id = "red-01"\ntype = "head"\ncolour = "red"\ntexture = "fur"\nsides = "N"',
                              'id = "red-01"\ntype = "head"\ncolour = "red"\ntexture = "fur"\nsides = "NX"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles\.\d+\.sides"):
        parse_components(_bad(text, 'sides = "NE"', 'sides = "EN"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles\.\d+\.sides"):
        parse_components(_bad(text, 'sides = "NE"', 'sides = ""'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles\.\d+\.colour"):
        parse_components(_bad(text, 'colour = "teal"', 'colour = "mauve"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles: duplicate tile id 'red-01'"):
        parse_components(_bad(text, 'id = "red-02"', 'id = "red-01"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"cards: duplicate card id 'done'"):
        parse_components(_bad(text, 'id = "showy"', 'id = "done"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"cards\.4: .*toothsome.*param"):
        parse_components(_bad(text, 'param = "teeth"\n', ""), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"cards\.3: .*param"):
        parse_components(_bad(text, 'param = "eyes"', 'param = "eyeballs"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"cards\.\d+: .*takes no param"):
        parse_components(_bad(text, 'measure = "bolts"', 'measure = "bolts"\nparam = "x"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"cards\.\d+\.measure"):
        parse_components(_bad(text, 'measure = "bolts"', 'measure = "scars"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles\.\d+\.attributes\.eyes"):
        parse_components(_bad(text, "attributes = { eyes = 2, teeth = 4", "attributes = { eyes = 0, teeth = 4"), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles\.\d+\.type"):
        parse_components(_bad(text, 'type = "head"', 'type = "neck"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match=r"tiles\.\d+\.wings"):
        parse_components(_bad(text, 'type = "head"', 'type = "head"\nwings = 2'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match="not valid TOML"):
        parse_components("[[tiles]\nid=", "bad.toml")
    few_torsos = text
    for i in range(5, 10):
        few_torsos = _bad(few_torsos, f'id = "torso-{i}"\ntype = "torso"', f'id = "torso-{i}"\ntype = "head"')
    with pytest.raises(cardboard.ConfigError, match=r"tiles: 4 torso tiles"):
        parse_components(few_torsos, "bad.toml")

    bad = tmp_path / "components.toml"
    bad.write_text(_bad(text, 'colour = "teal"', 'colour = "mauve"'))
    with pytest.raises(cardboard.ConfigError, match=r"components\.toml: tiles\.\d+\.colour"):
        load_components(str(bad))
    broken = tmp_path / "broken.toml"
    broken.write_text("[[tiles]\n")
    with pytest.raises(cardboard.ConfigError, match=r"broken\.toml: not valid TOML"):
        load_components(str(broken))
    with pytest.raises(cardboard.ConfigError, match=r"cannot read.*missing\.toml"):
        load_components(str(tmp_path / "missing.toml"))


def test_replacement_file_is_used(tmp_path):
    custom = tmp_path / "printed.toml"
    custom.write_text(_bad(DEFAULT_COMPONENTS.read_text(), 'name = "Hydra"', 'name = "Many Heads"'))
    assert load_components(str(custom)).card("hydra").name == "Many Heads"
    assert load_components().card("hydra").name == "Hydra"


USER_TILES = """
[[tiles]]
id = "usr-01"
type = "tail"
colour = "wild"
texture = "crayon"
sides = "NESW"
attributes = { eyes = 7 }

[[tiles]]
id = "usr-02"
type = "head"
colour = "green"
texture = "wart"
sides = "N"
attributes = {}
"""


def test_extra_tiles_are_appended_to_the_deck(tmp_path):
    extra = tmp_path / "mine.toml"
    extra.write_text(USER_TILES)
    c = load_components(extra_tiles=str(extra))
    assert len(c.parts) == 192 and len(c.torsos) == 9
    assert [t.id for t in c.parts[-2:]] == ["usr-01", "usr-02"]
    assert c.tile("usr-01").count("eyes") == 7
    assert len(load_components().parts) == 190  # the default set is untouched

    dup = tmp_path / "dup.toml"
    dup.write_text(USER_TILES.replace('id = "usr-02"', 'id = "red-01"'))
    with pytest.raises(cardboard.ConfigError, match=r"dup\.toml: tiles\.1\.id: duplicate tile id 'red-01'"):
        load_components(extra_tiles=str(dup))
    twice = tmp_path / "twice.toml"
    twice.write_text(USER_TILES.replace('id = "usr-02"', 'id = "usr-01"'))
    with pytest.raises(cardboard.ConfigError, match=r"twice\.toml: tiles\.1\.id: duplicate"):
        load_components(extra_tiles=str(twice))
    bad = tmp_path / "bad_tiles.toml"
    bad.write_text(USER_TILES.replace('sides = "N"', 'sides = "NX"'))
    with pytest.raises(cardboard.ConfigError, match=r"bad_tiles\.toml: tiles\.1\.sides"):
        load_components(extra_tiles=str(bad))
    with pytest.raises(cardboard.ConfigError, match="cannot read"):
        load_components(extra_tiles=str(tmp_path / "nothing.toml"))
