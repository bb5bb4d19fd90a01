"""Components as data (AY-C-1..4, AY-G-1): content.toml against the facts page's tables."""
from collections import Counter

import pytest

from cardboard.games.abyss.content import RACES

from .helpers import L, at_turn, make, set_court, set_hand, set_pearls

# The facts page's complete Lord table: id -> (guild, cost, races, influence, keys).
LORDS = {
    "recruiter": ("military", 10, 2, 4, 1), "jailer": ("military", 6, 3, 7, 0),
    "seeker": ("military", 7, 2, 7, 0), "assassin": ("military", 10, 1, 6, 0),
    "commander": ("military", 8, 1, 4, 1), "tamer": ("military", 6, 3, 4, 1),
    "hunter": ("military", 8, 2, 6, 0),
    "ship_master": ("merchant", 6, 3, 5, 1), "trader": ("merchant", 10, 3, 9, 0),
    "peddler": ("merchant", 8, 1, 9, 0), "landlord": ("merchant", 10, 2, 5, 1),
    "slaver": ("merchant", 8, 1, 5, 1), "shopkeeper": ("merchant", 6, 3, 9, 0),
    "shaman": ("mage", 6, 3, 5, 1), "invoker": ("mage", 8, 1, 8, 0), "apprentice": ("mage", 6, 3, 9, 0),
    "oracle": ("mage", 8, 2, 5, 1), "alchemist": ("mage", 7, 1, 5, 1), "illusionist": ("mage", 10, 1, 9, 0),
    "master_of_magic": ("mage", 10, 3, 6, 1),
    "opportunist": ("politician", 6, 3, 5, 1), "corruptor": ("politician", 10, 1, 6, 0),
    "traitor": ("politician", 12, 3, 6, 0), "diplomat": ("politician", 8, 1, 5, 1),
    "treasurer": ("politician", 10, 2, 5, 1), "schemer": ("politician", 8, 3, 6, 0),
    "keeper": ("farmer", 6, 3, 6, 1), "reaper": ("farmer", 7, 2, 6, 1), "shepherd": ("farmer", 8, 1, 6, 1),
    "miller": ("farmer", 8, 2, 10, 0), "aquaculturalist": ("farmer", 9, 3, 11, 0),
    "landowner": ("farmer", 10, 1, 12, 0),
    "sage": ("ambassador", 10, 5, 4, 0), "hermit": ("ambassador", 10, 5, 5, 0),
    "elder": ("ambassador", 10, 5, 3, 0),
}

# The facts page's Location table: id -> (base, per, count) or the special kind.
LOCATIONS = {
    "sargasso_silos": (5, 2, "guild:farmer"), "hydrozoa_reserves": (6, 2, "guild:mage"),
    "sanctuary": (4, 3, "affiliated:jellyfish"), "parliament": (6, 2, "guild:politician"),
    "barracks": (7, 2, "guild:military"), "dockworks": (5, 2, "guild:merchant"),
    "sargasso_fields": (3, 3, "affiliated:seahorse"), "the_abyss": (0, 2, "guilds"),
    "city_of_mirrors": "mirror", "black_smokers": "smokers",
    "oceanic_senate": (4, 3, "affiliated:squid"), "the_depths": (0, 2, "weakest_lord"),
    "throne_room": (0, 1, "strongest_lord"), "the_jail": (15, -1, "lords"),
    "the_chasm": (5, 3, "affiliated:crab"), "closed_tower": (0, 3, "lords_with_keys"),
    "lost_tower": (0, 3, "lords_without_keys"), "chamber_of_allies": (3, 1, "lowest_affiliated_sum"),
    "giant_clams": (3, 3, "affiliated:shellfish"), "coral_barrier": (20, -1, "affiliated"),
}


@pytest.fixture(scope="module")
def cfg():
    return make(2)[0].cfg


def test_exploration_cards_65_allies_and_6_monsters(cfg):
    """AY-C-1: 71 cards; 13 Allies per race (one 5, two 4s, three 3s, three 2s, four 1s); 6 Monsters."""
    assert cfg.n_cards == 71 and cfg.n_allies == 65
    races = Counter(cfg.card_race[c] for c in range(cfg.n_cards))
    assert races == {**{r: 13 for r in range(5)}, -1: 6}
    for r in range(5):
        values = Counter(cfg.card_value[c] for c in range(cfg.n_cards) if cfg.card_race[c] == r)
        assert values == {5: 1, 4: 2, 3: 3, 2: 3, 1: 4}
    _, s = make(3)
    assert sorted(s.deck) == list(range(71))  # all of them in the Exploration deck at the start


def test_thirty_five_lords_as_printed(cfg):
    """AY-C-2: 35 Lords, each with guild, cost (races, total), Influence, keys; six guilds."""
    assert len(cfg.lords) == 35
    assert {lord.id: (lord.guild, lord.cost, lord.races, lord.influence, lord.keys) for lord in cfg.lords} == LORDS
    assert Counter(lord.guild for lord in cfg.lords) == {
        "military": 7, "merchant": 6, "mage": 7, "politician": 6, "farmer": 6, "ambassador": 3}
    for lord in cfg.lords:
        assert lord.name and lord.power.text
        if lord.guild == "farmer":
            assert lord.power.kind == "none"  # the Farmers have no power
        else:
            assert lord.power.kind != "none"
    # the rulebook's final scoring example's Lords
    ip = {x: cfg.ip[cfg.lord_index[x]] for x in ("keeper", "slaver", "master_of_magic", "elder", "jailer",
                                                   "traitor", "corruptor")}
    assert ip == {"keeper": 6, "slaver": 5, "master_of_magic": 6, "elder": 3, "jailer": 7, "traitor": 6,
                  "corruptor": 6}


def test_twenty_locations_with_their_formulas(cfg):
    """AY-C-3: 20 Locations, each with its own end-game formula."""
    assert len(cfg.locations) == 20
    got = {}
    for loc in cfg.locations:
        got[loc.id] = loc.special if loc.special else (loc.base, loc.per, loc.count)
    assert got == LOCATIONS


def test_tokens_keys_pearls_threat(cfg):
    """AY-C-4: 20 Monster tokens (two 4s, nine 3s, nine 2s), 10 keys, 50 pearls, one Threat token
    on a track of 6 spaces."""
    assert Counter(cfg.token_values) == {4: 2, 3: 9, 2: 9}
    assert cfg.setup.keys == 10 and cfg.setup.pearls == 50
    assert len(cfg.threat) == 6
    for n in (2, 3, 4):
        _, s = make(n)
        assert len(s.token_pool) == 20 and s.key_supply == 10 and sum(s.keys) == 0
        assert s.treasury + sum(s.pearls) == 50
        assert s.threat == 1


def test_guild_races(cfg):
    """AY-G-1: Military crab, Merchants shellfish, Mages jellyfish, Politicians squid, Farmers seahorse;
    Ambassadors need all five races."""
    want = {"military": "crab", "merchant": "shellfish", "mage": "jellyfish", "politician": "squid",
            "farmer": "seahorse"}
    for i, lord in enumerate(cfg.lords):
        if lord.guild == "ambassador":
            assert cfg.req_race[i] == -1 and cfg.n_races[i] == 5
        else:
            assert RACES[cfg.req_race[i]] == want[lord.guild]


def test_guild_race_is_required_to_recruit():
    """AY-G-1 (AY-R-3): the Jailer (Military) needs a crab; an Ambassador needs all five races."""
    _, s = make(2)
    set_court(s, ["jailer", "elder", "keeper", "reaper", "shepherd", "miller"])
    set_hand(s, 0, [("squid", 5), ("shellfish", 5), ("seahorse", 5), ("jellyfish", 5)])
    set_pearls(s, 0, 10)
    at_turn(s, 0)
    lords = {a["lord"] for a in s.legal_actions() if a.kind == "recruit"}
    assert "jailer" not in lords and "elder" not in lords  # no crab
    assert "keeper" in lords
    set_hand(s, 0, [("squid", 1), ("shellfish", 1), ("seahorse", 1), ("jellyfish", 1), ("crab", 1)])
    at_turn(s, 0)
    elder = [a for a in s.legal_actions() if a.kind == "recruit" and a["lord"] == "elder"]
    assert len(elder) == 5  # all five 1s, 5 pearls, any of the five tied 1s affiliated
    assert all(len(a["pay"]) == 5 and a["pearls"] == 5 for a in elder)
    assert L(s, "elder") in s.court
