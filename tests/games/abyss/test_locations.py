"""Controlling Locations (AY-L-1..6, AY-R-11, AY-D-9, AY-D-10, AY-D-18) and their formulas
(AY-L-7..9, AY-D-11)."""
import pytest

from .helpers import (L, LOC, at_turn, check_conserved, do, give_lords, kinds, make, set_affiliated,
                      set_court, set_hand, set_keys, set_locations, set_open_locations, set_pearls, stack_deck,
                      stack_locations)


def keyed(players=2, tokens=2, lords=()):
    """Seat 0 to play, `tokens` key tokens and these free Lords; a Monster on top of the deck and the
    Threat on space 3 (one key for the fight)."""
    _, s = make(players)
    for p in range(players):
        set_pearls(s, p, 0)
    set_keys(s, 0, tokens)
    give_lords(s, 0, list(lords))
    stack_deck(s, ["monster"])
    s.threat = 3
    at_turn(s, 0)
    return s


def fight_for_a_key(s):
    do(s, "explore")
    do(s, "fight")


def test_third_key_forces_control_at_once():
    """AY-L-1, AY-L-2: on gathering three keys the player must at once (before the turn passes) control a
    Location: a face-up one or 1 to 4 drawn; AY-L-4: the key tokens used go back to the pile."""
    s = keyed()
    set_open_locations(s, ["parliament", "the_chasm"])
    fight_for_a_key(s)
    assert s.phase == "where" and s.current_player == 0 and s.player == 0
    moves = sorted((a.kind, a.get("location") or a.get("n")) for a in s.legal_actions())
    assert moves == [("draw", 1), ("draw", 2), ("draw", 3), ("draw", 4), ("location", "parliament"),
                     ("location", "the_chasm")]
    do(s, "location", location="the_chasm")
    assert s.locations[0] == ((LOC(s, "the_chasm"), ()),)
    assert s.loc_open == (LOC(s, "parliament"),)
    assert s.keys[0] == 0 and s.key_supply == 10
    assert s.current_player == 1  # then the turn is over
    check_conserved(s)


def test_lord_keys_count_and_lords_slide_under():
    """AY-R-11: a Lord's keys count toward the three (two Lords' keys and one token here); AY-L-4: the
    Lords whose keys were used slide under the Location, are no longer free and lose their power, but
    keep their Influence; the token goes back to the pile."""
    s = keyed(tokens=0, lords=["keeper", "landlord"])
    set_open_locations(s, ["parliament"])
    assert s.key_count(0) == 2 and s.view(0)["seats"][0]["keys"] == 2
    fight_for_a_key(s)  # the third key: exactly three, no choice of keys
    assert s.phase == "where"
    do(s, "location", location="parliament")
    assert s.locations[0] == ((LOC(s, "parliament"), (L(s, "keeper"), L(s, "landlord"))),)
    assert s.free[0] == () and s.keys[0] == 0 and s.key_supply == 10
    assert sorted(s.lords_owned(0)) == sorted([L(s, "keeper"), L(s, "landlord")])
    b = s.score_breakdown()[0]
    assert b["lords"] == 6 + 5 and b["locations"] == 6  # Influence kept; no politician
    v = s.view(1)["seats"][0]
    assert v["lords"] == [] and [x["id"] for x in v["locations"][0]["lords"]] == ["keeper", "landlord"]
    assert v["lords_recruited"] == 2 and v["keys"] == 0
    # the Landlord's income is covered for good
    stack_deck(s, [("crab", 1)])
    do(s, "explore")
    do(s, "take")
    assert s.current_player == 0 and s.pearls[0] == 0
    check_conserved(s)


def test_choosing_keys_when_more_than_three():
    """AY-L-5: with more than three keys the player chooses which to use, never a Lord whose keys are
    not needed: the Shepherd and the Reaper free and two keys from Threat space 6 make four."""
    s = keyed(tokens=0, lords=["shepherd", "reaper"])
    s.threat = 6
    set_open_locations(s, ["the_jail"])
    fight_for_a_key(s)
    assert s.keys[0] == 2 and s.key_count(0) == 4
    assert s.phase == "keys" and s.current_player == 0
    opts = sorted((tuple(sorted(a["lords"])), a["tokens"]) for a in s.legal_actions())
    assert opts == [(("reaper",), 2), (("reaper", "shepherd"), 1), (("shepherd",), 2)]
    do(s, "use_keys", lords=["reaper"], tokens=2)
    do(s, "location", location="the_jail")
    assert s.free[0] == (L(s, "shepherd"),) and s.keys[0] == 0 and s.key_supply == 10
    assert s.locations[0] == ((LOC(s, "the_jail"), (L(s, "reaper"),)),)
    assert s.key_count(0) == 1 and s.current_player == 1
    check_conserved(s)


def test_no_lord_whose_keys_are_not_needed():
    """AY-L-5: the keys used are exactly enough: with four free Lords bearing a key (a position built
    directly; it needs keys kept while no Location was to be had) the player picks three, never all four."""
    _, s = make(2)
    give_lords(s, 0, ["keeper", "reaper", "shepherd", "alchemist"])
    set_open_locations(s, ["parliament"])
    stack_deck(s, [("crab", 1)])
    set_pearls(s, 1, 0)
    at_turn(s, 0)
    do(s, "explore")
    do(s, "take")
    assert s.phase == "keys" and s.current_player == 0
    opts = sorted((tuple(sorted(a["lords"])), a["tokens"]) for a in s.legal_actions())
    assert opts == [(("alchemist", "keeper", "reaper"), 0), (("alchemist", "keeper", "shepherd"), 0),
                    (("alchemist", "reaper", "shepherd"), 0), (("keeper", "reaper", "shepherd"), 0)]
    do(s, "use_keys", lords=["keeper", "reaper", "alchemist"])
    do(s, "location", location="parliament")
    assert s.free[0] == (L(s, "shepherd"),) and s.current_player == 1


def test_recruiting_a_keyed_lord_completes_three_keys():
    """AY-R-11, AY-L-1: recruiting a Lord with a key when holding two key tokens makes three keys: the
    player controls a Location at once, the new Lord sliding under it."""
    _, s = make(2)
    set_keys(s, 0, 2)
    set_court(s, ["keeper", "miller", "landowner", "aquaculturalist", "sage", "hermit"])
    set_hand(s, 0, [("seahorse", 4), ("squid", 1), ("crab", 1)])
    set_open_locations(s, ["the_jail"])
    at_turn(s, 0)
    do(s, "recruit", lord="keeper", affiliate=["crab", 1])
    assert s.phase == "where" and s.current_player == 0
    do(s, "location", location="the_jail")
    assert s.locations[0] == ((LOC(s, "the_jail"), (L(s, "keeper"),)),) and s.free[0] == ()
    assert s.keys[0] == 0 and s.current_player == 1
    check_conserved(s)


def test_draw_locations_keep_one_rest_face_up():
    """AY-L-2, AY-L-3: draw 1 to 4 from the stack and keep one; the others are placed face up,
    available to anyone later."""
    s = keyed()
    set_open_locations(s, ["parliament"])
    stack_locations(s, ["the_jail", "throne_room", "the_depths", "lost_tower"])
    fight_for_a_key(s)
    do(s, "draw", n=3)
    assert s.phase == "keep"
    assert sorted(a["location"] for a in s.legal_actions()) == ["the_depths", "the_jail", "throne_room"]
    do(s, "keep", location="throne_room")
    assert s.locations[0] == ((LOC(s, "throne_room"), ()),)
    assert sorted(s.loc_open) == sorted([LOC(s, "parliament"), LOC(s, "the_jail"), LOC(s, "the_depths")])
    assert s.loc_deck[-1] == LOC(s, "lost_tower") and len(s.loc_deck) == 20 - 4
    assert s.current_player == 1
    # the next player to control may take one of them
    s2 = keyed()
    stack_locations(s2, ["the_jail"])
    fight_for_a_key(s2)
    do(s2, "draw", n=1)  # one drawn: kept without a choice
    assert s2.locations[0] == ((LOC(s2, "the_jail"), ()),) and s2.current_player == 1
    check_conserved(s2)


def test_draw_no_more_than_the_stack_holds():
    """AY-L-2: the draw is 1 to 4, and no more than the stack holds."""
    s = keyed()
    set_open_locations(s, ["parliament"])
    rest = [x for x in s.loc_deck]
    s.loc_out = tuple(rest[:-2])
    s.loc_deck = tuple(rest[-2:])
    fight_for_a_key(s)
    assert sorted(a.get("n") for a in s.legal_actions() if a.kind == "draw") == [1, 2]


def test_black_smokers_swap():
    """AY-L-6, AY-D-18: on taking Black Smokers the player may swap it for any Location of the stack;
    Black Smokers then leaves the game and the searched stack is shuffled."""
    s = keyed()
    set_open_locations(s, ["black_smokers"])
    before = s.loc_deck
    fight_for_a_key(s)
    do(s, "location", location="black_smokers")
    assert s.phase == "smokers" and s.current_player == 0
    swaps = sorted(a["location"] for a in s.legal_actions() if a.kind == "smokers_swap")
    assert swaps == sorted(s.cfg.locations[x].id for x in before)
    assert "keep_smokers" in kinds(s)
    assert len(s.view(0)["location_deck"]) == 19 and "location_deck" not in s.view(1)
    do(s, "smokers_swap", location="the_abyss")
    assert s.locations[0] == ((LOC(s, "the_abyss"), ()),)
    assert s.loc_out == (LOC(s, "black_smokers"),) and LOC(s, "black_smokers") not in s.loc_open
    assert sorted(s.loc_deck) == sorted(x for x in before if x != LOC(s, "the_abyss"))
    # shuffled: neither the old order nor the sorted one the search showed
    assert s.loc_deck != tuple(x for x in before if x != LOC(s, "the_abyss"))
    assert list(s.loc_deck) != sorted(s.loc_deck)
    assert s.current_player == 1
    check_conserved(s)


def test_black_smokers_kept_scores_zero():
    """AY-L-6: the swap is optional; Black Smokers kept scores 0."""
    s = keyed()
    set_open_locations(s, ["black_smokers"])
    fight_for_a_key(s)
    do(s, "location", location="black_smokers")
    do(s, "keep_smokers")
    assert s.locations[0] == ((LOC(s, "black_smokers"), ()),) and s.current_player == 1
    assert s.score_breakdown()[0]["locations"] == 0


def test_no_location_left_keys_are_kept():
    """AY-D-9: with no Location in the stack or face up, the keys are kept."""
    s = keyed()
    set_locations(s, 1, [(loc.id, []) for loc in s.cfg.locations])
    fight_for_a_key(s)
    assert s.keys[0] == 3 and s.current_player == 1 and s.phase == "turn"
    check_conserved(s)
    # an empty stack but a face-up Location: control it
    s = keyed()
    set_locations(s, 1, [(loc.id, []) for loc in s.cfg.locations if loc.id != "the_jail"])
    set_open_locations(s, ["the_jail"])
    assert s.loc_deck == ()
    fight_for_a_key(s)
    assert s.phase == "where" and [a.kind for a in s.legal_actions()] == ["location"]
    do(s, "location", location="the_jail")
    assert s.keys[0] == 0 and s.locations[0] == ((LOC(s, "the_jail"), ()),)


FIVE_TWOS = [("squid", 2), ("shellfish", 2), ("crab", 2), ("seahorse", 2), ("jellyfish", 2)]


def test_ambassador_with_empty_stack_takes_a_face_up_location():
    """AY-D-10: an Ambassador facing an empty stack takes a face-up Location."""
    _, s = make(2)
    set_court(s, ["hermit", "keeper", "miller", "reaper", "shepherd", "landowner"])
    set_hand(s, 0, FIVE_TWOS)
    set_locations(s, 1, [(loc.id, []) for loc in s.cfg.locations if loc.id not in ("parliament", "the_jail")])
    set_open_locations(s, ["parliament", "the_jail"])
    assert s.loc_deck == ()
    at_turn(s, 0)
    do(s, "recruit", lord="hermit", affiliate=["crab", 2])
    assert s.phase == "where" and s.current_player == 0
    assert sorted((a.kind, a["location"]) for a in s.legal_actions()) == [
        ("location", "parliament"), ("location", "the_jail")]
    do(s, "location", location="the_jail")
    assert s.locations[0] == ((LOC(s, "the_jail"), (L(s, "hermit"),)),) and s.free[0] == ()
    check_conserved(s)


def test_ambassador_with_no_location_at_all_stays_free():
    """AY-D-10: with no Location anywhere the Ambassador stays free."""
    _, s = make(2)
    set_court(s, ["hermit", "keeper", "miller", "reaper", "shepherd", "landowner"])
    set_hand(s, 0, FIVE_TWOS)
    set_locations(s, 1, [(loc.id, []) for loc in s.cfg.locations])
    at_turn(s, 0)
    do(s, "recruit", lord="hermit", affiliate=["crab", 2])
    assert s.free[0] == (L(s, "hermit"),) and s.locations[0] == () and s.current_player == 1


# ---------------------------------------------------------------- the formulas
def scoring_position(players=2):
    """Seat 0: the Keeper under its Location; free Shepherd, Jailer, Trader, Alchemist, Elder, Traitor
    (7 Lords, 6 guilds, 4 printed with keys counting the Elder, weakest 3, strongest 9); affiliated
    squid 1, 4; shellfish 2; crab 3, 1, 2; jellyfish 5 (7 Allies; lowest per race 1 + 2 + 1 + 5 = 9)."""
    _, s = make(players)
    give_lords(s, 0, ["shepherd", "jailer", "trader", "alchemist", "elder", "traitor"])
    set_affiliated(s, 0, [("squid", 1), ("squid", 4), ("shellfish", 2), ("crab", 3), ("crab", 1), ("crab", 2),
                          ("jellyfish", 5)])
    return s


FORMULAS = {
    "sargasso_silos": 5 + 2 * 2, "hydrozoa_reserves": 6 + 2 * 1, "sanctuary": 4 + 3 * 1,
    "parliament": 6 + 2 * 1, "barracks": 7 + 2 * 1, "dockworks": 5 + 2 * 1, "sargasso_fields": 3 + 3 * 0,
    "the_abyss": 2 * 6, "city_of_mirrors": 0, "black_smokers": 0, "oceanic_senate": 4 + 3 * 2,
    "the_depths": 2 * 3, "throne_room": 9, "the_jail": 15 - 7, "the_chasm": 5 + 3 * 3,
    "closed_tower": 3 * 4, "lost_tower": 3 * 3, "chamber_of_allies": 3 + 9, "giant_clams": 3 + 3 * 1,
    "coral_barrier": 20 - 7,
}


@pytest.mark.parametrize("loc", sorted(FORMULAS))
def test_location_formula(loc):
    """AY-L-7 (every Location of content.toml), AY-L-8 (The Abyss: 6 guilds with the Ambassadors, 12),
    AY-D-11 (the Closed Tower counts the Elder's keys, the Lost Tower the others), AY-L-9 (City of Mirrors
    with no opponent Location: 0); Lords under Locations count (AY-L-4)."""
    s = scoring_position()
    set_locations(s, 0, [(loc, ["keeper"])])
    b = s.score_breakdown()[0]
    assert b["location_detail"] == [{"location": loc, "points": FORMULAS[loc]}]
    assert b["locations"] == FORMULAS[loc]
    assert b["total"] == FORMULAS[loc] + b["lords"] + b["allies"] + b["tokens"]
    assert b["lords"] == 6 + 6 + 7 + 9 + 5 + 3 + 6


def test_the_abyss_counts_guilds():
    """AY-L-8: 2 per guild among the Lords, the Ambassadors a guild of their own; two of a guild count once."""
    _, s = make(2)
    give_lords(s, 0, ["keeper", "shepherd", "elder"])
    set_locations(s, 0, [("the_abyss", [])])
    assert s.score_breakdown()[0]["locations"] == 4
    give_lords(s, 0, ["sage"])
    assert s.score_breakdown()[0]["locations"] == 4
    give_lords(s, 0, ["jailer", "trader", "alchemist", "traitor"])
    assert s.score_breakdown()[0]["locations"] == 12


def test_towers_count_ambassadors_as_keyed():
    """AY-D-11: the Closed Tower counts Lords printed with keys, the Ambassadors' three included; the
    Lost Tower the others."""
    _, s = make(2)
    give_lords(s, 0, ["hermit", "sage", "miller"])
    set_locations(s, 0, [("closed_tower", []), ("lost_tower", [])])
    assert [x["points"] for x in s.score_breakdown()[0]["location_detail"]] == [6, 3]


def _towers_and_hermit_keys(players, **options):
    """Seat 0 holds the Hermit under the Lost Tower, beside a Miller (no key) and a Keeper (one):
    the Towers' points, and the keys every view shows on the Hermit."""
    _, s = make(players, **options)
    give_lords(s, 0, ["miller", "keeper"])
    set_locations(s, 0, [("lost_tower", ["hermit"]), ("closed_tower", [])])
    points = [x["points"] for x in s.score_breakdown()[0]["location_detail"]]
    shown = {seat: [lord["keys"] for loc in s.view(seat)["seats"][0]["locations"] for lord in loc["lords"]]
             for seat in (None, *range(players))}
    return points, shown


def test_views_show_the_ambassadors_keys_the_towers_count():
    """AY-D-11 (issue #22 item 7): view and scoring agree. The rulebook: "Some Lords (the Ambassadors)
    have 3 Keys", so the Hermit is a Lord with keys: the Lost Tower counts the Miller alone (3),
    the Closed Tower the Keeper and the Hermit (6), and every view shows the Hermit's 3 keys."""
    points, shown = _towers_and_hermit_keys(3)
    assert points == [3, 6]
    assert all(keys == [3] for keys in shown.values())


def test_option_ambassadors_without_keys_for_the_towers():
    """AY-D-11, option `ambassador_keys` "none" (the online edition's reading: its data prints the
    Ambassadors with no key): the Hermit counts for the Lost Tower (6) and not the Closed Tower
    (3), and the views show it with 0 keys; it still controls a Location alone (AY-P-33)."""
    points, shown = _towers_and_hermit_keys(3, ambassador_keys="none")
    assert points == [6, 3]
    assert all(keys == [0] for keys in shown.values())
    _, s = make(2, ambassador_keys="none")
    from .test_powers import ready, recruit
    ready(s, 0, "hermit")
    recruit(s, "hermit")
    assert [L(s, "hermit")] == [x for _, under in s.locations[0] for x in under]


def test_option_ambassador_keys_rejects_other_readings():
    """A bad option value is refused with a message naming it."""
    import cardboard
    from cardboard.engine import ConfigError
    with pytest.raises(ConfigError, match="ambassador_keys"):
        cardboard.load_game("abyss", players=2, seed=1, options={"ambassador_keys": "some"})


def test_city_of_mirrors_copies_the_best_opponent_location_on_your_cards():
    """AY-L-9: City of Mirrors scores as the opponent Location worth most when counted on the owner's
    cards (here The Chasm: 14 for seat 0, only 5 for its holder); 0 if no opponent has a Location."""
    s = scoring_position()
    set_locations(s, 0, [("city_of_mirrors", ["keeper"])])
    set_locations(s, 1, [("parliament", []), ("the_chasm", [])])
    b0, b1 = s.score_breakdown()
    assert b0["location_detail"] == [{"location": "city_of_mirrors", "points": 14}]
    assert b1["locations"] == 6 + 5
    set_locations(s, 1, [("black_smokers", [])])
    assert s.score_breakdown()[0]["locations"] == 0
    set_locations(s, 1, [])
    assert s.score_breakdown()[0]["locations"] == 0


def test_city_of_mirrors_looks_at_every_opponent():
    """AY-L-9 at three players: the best of both opponents' Locations."""
    s = scoring_position(3)
    set_locations(s, 0, [("city_of_mirrors", ["keeper"])])
    set_locations(s, 1, [("parliament", [])])
    set_locations(s, 2, [("the_abyss", [])])
    assert s.score_breakdown()[0]["locations"] == 12
