"""Lord powers (AY-P-0 .. AY-P-33) and the decisions about them (AY-D-7, AY-D-8, AY-D-12, AY-D-13).

Each test names the rule ids it pins in its docstring. Positions are built with helpers.py on a
real initial state; every power is then exercised through legal moves only, and the tests check
outcomes: pearls, hands, the discard, the Court, free Lords, the disabled set, keys, tokens, the
legal moves and who decides them, and the order of turns.
"""
from __future__ import annotations

import pytest

from cardboard.engine import Rng
from cardboard.games.abyss.content import RACES

from .helpers import (L, at_turn, check_conserved, do, give_lords, kinds, make, pull, set_court, set_hand, set_pearls,
                      stack_deck)

FARMERS = ("keeper", "reaper", "shepherd", "miller", "aquaculturalist", "landowner")
# Lords without keys and without any power a test would have to answer: safe padding.
NO_KEY_FILLER = ("miller", "aquaculturalist", "landowner", "trader", "peddler", "shopkeeper")


# ---------------------------------------------------------------- local helpers
def ids(state, lords):
    return [state.cfg.lords[x].id for x in lords]


def free_ids(state, seat):
    return ids(state, state.free[seat])


def court_ids(state):
    return ids(state, state.court)


def court_with(state, *lids, size=6):
    """The Court is these Lords, padded with Farmers nobody owns up to `size`."""
    taken = {x for f in state.free for x in f} | {x for locs in state.locations for _, under in locs for x in under}
    pad = [f for f in FARMERS if f not in lids and L(state, f) not in taken]
    set_court(state, list(lids) + pad[:size - len(lids)])


def ready(state, seat, lid, spare=0):
    """`seat`'s turn with a hand of 1-value Allies of exactly the races `lid` needs and just
    enough pearls to pay the rest of its cost, plus `spare` pearls left after the recruit."""
    at_turn(state, seat)
    lord = L(state, lid)
    if lord not in state.court:
        court_with(state, lid)
    cfg = state.cfg
    req = cfg.req_race[lord]
    races = [RACES[req]] if req >= 0 else []
    races += [r for r in RACES if r not in races][:cfg.n_races[lord] - len(races)]
    set_hand(state, seat, [(r, 1) for r in races])
    set_pearls(state, seat, max(0, state.cost_for(seat, lord) - len(races)) + spare)


def recruits(state, lid):
    return [a for a in state.legal_actions() if a.kind == "recruit" and a["lord"] == lid]


def recruit(state, lid, affiliate=None):
    moves = [a for a in recruits(state, lid) if affiliate is None or a["affiliate"] == tuple(affiliate)]
    assert moves, f"{lid} cannot be recruited: {[str(a) for a in state.legal_actions()][:20]}"
    state.apply(moves[0])
    return moves[0]


def set_tokens(state, seat, n):
    """`seat` holds the top `n` Monster tokens of the pool (returned)."""
    got = state.token_pool[-n:] if n else ()
    state.token_pool = state.token_pool[:len(state.token_pool) - n]
    state.tokens = state.tokens[:seat] + (state.tokens[seat] + tuple(got),) + state.tokens[seat + 1:]
    state._legal = None
    return tuple(got)


def set_keys(state, seat, n):
    diff = n - state.keys[seat]
    state.key_supply -= diff
    state.keys = state.keys[:seat] + (n,) + state.keys[seat + 1:]
    state._legal = None


def set_council(state, stacks):
    """stacks: {race: [values]}; the Council stacks hold exactly these Allies (returned by race)."""
    out = {}
    council = [()] * len(RACES)
    for race, values in stacks.items():
        cards = pull(state, [(race, v) for v in values])
        council[RACES.index(race)] = tuple(cards)
        out[race] = cards
    state.deck = state.deck + tuple(c for st in state.council for c in st)  # old stacks back in the deck
    state.council = tuple(council)
    state._legal = None
    return out


def loc(state, lid):
    return state.cfg.loc_index[lid]


def stack_locations(state, loc_ids):
    """These Locations on top of the Location stack, the first drawn first."""
    want = [loc(state, x) for x in loc_ids]
    state.loc_open = tuple(x for x in state.loc_open if x not in want)
    state.loc_deck = tuple(x for x in state.loc_deck if x not in want) + tuple(reversed(want))
    state._legal = None


def open_locations(state, loc_ids):
    """Exactly these Locations lie face up (the others face up go back under the stack)."""
    want = [loc(state, x) for x in loc_ids]
    back = [x for x in state.loc_open if x not in want]
    state.loc_deck = tuple(back) + tuple(x for x in state.loc_deck if x not in want)
    state.loc_open = tuple(want)
    state._legal = None


def own_location(state, seat, loc_id, lord_ids=()):
    """`seat` controls `loc_id` with these Lords under it (taken from wherever they were)."""
    where = loc(state, loc_id)
    state.loc_open = tuple(x for x in state.loc_open if x != where)
    state.loc_deck = tuple(x for x in state.loc_deck if x != where)
    give_lords(state, seat, lord_ids)
    lords = tuple(L(state, x) for x in lord_ids)
    state.free = state.free[:seat] + (tuple(x for x in state.free[seat] if x not in lords),) + state.free[seat + 1:]
    state.locations = state.locations[:seat] + (state.locations[seat] + ((where, lords),),) + state.locations[seat + 1:]
    state._legal = None


def assassinated(state, *lids):
    state.disabled = state.disabled | {L(state, x) for x in lids}
    state._legal = None


def hand_kinds(state, seat):
    return sorted((RACES[r], v) for r, v in ((state.cfg.card_race[c], state.cfg.card_value[c]) for c in state.hands[seat]))


def discard_options(state):
    return sorted(a["ally"] for a in state.legal_actions() if a.kind == "discard")


def lord_deck_top(state, lid):
    """`lid` is the next Lord drawn from the Lord deck."""
    lord = L(state, lid)
    if lord in state.court:
        court = [x for x in court_ids(state) if x != lid]
        set_court(state, court)
    state.lord_deck = tuple(x for x in state.lord_deck if x != lord) + (lord,)
    state._legal = None


def request_any(state):
    """The active player requests the first stack offered (ends an action)."""
    moves = [a for a in state.legal_actions() if a.kind == "request"]
    assert moves, [str(a) for a in state.legal_actions()]
    state.apply(moves[0])


def fill_council(state):
    set_council(state, {r: [2] for r in RACES})


# ---------------------------------------------------------------- AY-P-0: free and not assassinated
@pytest.mark.parametrize("where", ["free", "under_location", "assassinated"])
def test_power_works_only_while_lord_free_and_not_assassinated_recruiter(where):
    """AY-P-0, AY-P-1, AY-P-4, AY-L-4: the Recruiter raises costs only while free and unassassinated."""
    _, s = make(2)
    if where == "under_location":
        own_location(s, 1, "parliament", ["recruiter"])
    else:
        give_lords(s, 1, ["recruiter"])
    if where == "assassinated":
        assassinated(s, "recruiter")
    ready(s, 0, "trader", spare=5)
    pearls = {a["pearls"] for a in recruits(s, "trader")}
    assert pearls == ({9} if where == "free" else {7})


@pytest.mark.parametrize("where", ["free", "under_location", "assassinated"])
def test_power_works_only_while_lord_free_and_not_assassinated_landlord(where):
    """AY-P-0, AY-P-11: the Landlord's income at the start of the turn needs it free and whole."""
    _, s = make(2)
    if where == "under_location":
        own_location(s, 0, "parliament", ["landlord"])
    else:
        give_lords(s, 0, ["landlord"])
    if where == "assassinated":
        assassinated(s, "landlord")
    fill_council(s)
    at_turn(s, 1)
    set_pearls(s, 0, 0)
    request_any(s)  # seat 1's turn ends; seat 0's begins
    assert s.player == 0 and s.phase == "turn"
    assert s.pearls[0] == (1 if where == "free" else 0)


@pytest.mark.parametrize("where", ["free", "under_location", "assassinated"])
def test_power_works_only_while_lord_free_and_not_assassinated_turn_power(where):
    """AY-P-0, AY-P-12: a turn power (the Slaver) is offered only while its Lord is free and whole."""
    _, s = make(2)
    if where == "under_location":
        own_location(s, 0, "parliament", ["slaver"])
    else:
        give_lords(s, 0, ["slaver"])
    if where == "assassinated":
        assassinated(s, "slaver")
    at_turn(s, 0)
    set_hand(s, 0, [("crab", 2)])
    assert ("sell" in kinds(s)) == (where == "free")


def test_power_stops_when_its_lord_slides_under_a_location_in_play():
    """AY-P-0, AY-L-4, AY-R-11: the Recruiter's owner uses its key to control a Location; from
    then on its power is gone (played through: Monster fight, key, Location)."""
    _, s = make(2)
    give_lords(s, 1, ["recruiter"])
    set_keys(s, 1, 1)
    open_locations(s, ["parliament"])
    at_turn(s, 1)
    set_pearls(s, 0, 0)
    s.threat = 3
    stack_deck(s, ["monster"])
    do(s, "explore")
    do(s, "fight")  # space 3: one key -> 2 tokens + the Recruiter's key = 3
    assert s.phase == "where" and s.decider == 1
    do(s, "location", location="parliament")
    assert L(s, "recruiter") not in s.free[1]
    assert [under for _, under in s.locations[1]] == [(L(s, "recruiter"),)]
    assert s.keys[1] == 0
    assert s.cost_for(0, L(s, "trader")) == 10


# ---------------------------------------------------------------- AY-P-1 The Recruiter
def test_recruiter_opponents_pay_two_more():
    """AY-P-1, AY-R-5: every opponent's recruit needs 2 more; the owner's own costs are unchanged."""
    _, s = make(3)
    give_lords(s, 1, ["recruiter"])
    ready(s, 0, "trader")
    set_pearls(s, 0, 8)  # enough for the printed cost, not for 2 more
    assert recruits(s, "trader") == []
    set_pearls(s, 0, 9)
    assert {a["pearls"] for a in recruits(s, "trader")} == {9}
    assert s.cost_for(2, L(s, "trader")) == 12  # every opponent
    assert s.cost_for(1, L(s, "trader")) == 10  # not its owner
    recruit(s, "trader")
    assert s.pearls[0] == 0 + 3  # 9 paid, then the Trader's 3


# ---------------------------------------------------------------- AY-P-2 The Jailer
def test_jailer_each_opponent_discards_one_of_their_choice_clockwise():
    """AY-P-2, AY-T-5: each opponent in turn from the recruiter's left decides which Ally to discard."""
    _, s = make(4)
    set_hand(s, 3, [("crab", 2), ("squid", 3)])
    set_hand(s, 0, [("shellfish", 1), ("shellfish", 4)])
    set_hand(s, 1, [("seahorse", 5), ("jellyfish", 2)])
    ready(s, 2, "jailer")
    recruit(s, "jailer")
    before = len(s.discard)
    order = []
    for pick in (("squid", 3), ("shellfish", 1), ("jellyfish", 2)):
        assert s.phase == "discard" and s.player == 2
        order.append(s.current_player)
        assert discard_options(s) == hand_kinds(s, s.current_player)  # the victim's own hand
        do(s, "discard", ally=pick)
    assert order == [3, 0, 1]
    assert hand_kinds(s, 3) == [("crab", 2)]
    assert hand_kinds(s, 0) == [("shellfish", 4)]
    assert hand_kinds(s, 1) == [("seahorse", 5)]
    cfg = s.cfg
    assert [(RACES[cfg.card_race[c]], cfg.card_value[c]) for c in s.discard[before:]] == [
        ("squid", 3), ("shellfish", 1), ("jellyfish", 2)]
    assert s.player == 3 and s.phase == "turn"  # the Jailer's turn is over
    check_conserved(s)


def test_jailer_no_choice_discards_without_asking_and_empty_hand_is_skipped():
    """AY-P-2: a hand of one kind loses one Ally without a question; an empty hand loses nothing."""
    _, s = make(3)
    set_hand(s, 1, [("crab", 2), ("crab", 2)])
    set_hand(s, 2, [])
    ready(s, 0, "jailer")
    recruit(s, "jailer")
    assert hand_kinds(s, 1) == [("crab", 2)]
    assert s.hands[2] == ()
    assert s.player == 1 and s.phase == "turn"


# ---------------------------------------------------------------- AY-P-3 The Seeker
def test_seeker_each_opponent_returns_two_pearls():
    """AY-P-3: two pearls from each opponent to the Treasury, what they have if fewer."""
    _, s = make(3)
    set_pearls(s, 1, 5)
    set_pearls(s, 2, 1)
    ready(s, 0, "seeker", spare=4)
    treasury = s.treasury
    recruit(s, "seeker")
    paid = 7 - 2  # the cost's pearls: 7 minus two 1-value Allies
    assert s.pearls == (4, 3, 0)
    assert s.treasury == treasury + paid + 2 + 1
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-4 The Assassin
def test_assassin_owner_picks_a_lord_of_each_opponent_power_and_keys_lost_influence_kept():
    """AY-P-4, AY-D-13: the recruiter picks one free Lord of each opponent, clockwise; it keeps its
    Influence and stays free, but its power and keys are gone."""
    _, s = make(3)
    give_lords(s, 1, ["recruiter", "landlord"])
    give_lords(s, 2, ["slaver"])
    lords_ip_1 = s.score_breakdown()[1]["lords"]
    assert s.key_count(1) == 2
    ready(s, 0, "assassin")
    recruit(s, "assassin")
    assert s.phase == "assassinate" and s.current_player == 0 and s.target == 1
    assert sorted(a["lord"] for a in s.legal_actions()) == ["landlord", "recruiter"]
    do(s, "assassinate", lord="recruiter")
    assert s.phase == "assassinate" and s.current_player == 0 and s.target == 2
    assert [a["lord"] for a in s.legal_actions()] == ["slaver"]
    do(s, "assassinate", lord="slaver")
    assert s.disabled == {L(s, "recruiter"), L(s, "slaver")}
    assert free_ids(s, 1) == ["recruiter", "landlord"] and free_ids(s, 2) == ["slaver"]  # still free
    assert s.score_breakdown()[1]["lords"] == lords_ip_1  # Influence kept
    assert s.key_count(1) == 1  # the Recruiter's key is lost
    assert s.cost_for(0, L(s, "trader")) == 10  # its power too
    assert s.cost_for(2, L(s, "trader")) == 10
    at_turn(s, 2)
    set_hand(s, 2, [("crab", 2)])
    assert "sell" not in kinds(s)
    seat1 = s.view(0)["seats"][1]["lords"]
    assert [(x["id"], x["disabled"]) for x in seat1] == [("recruiter", True), ("landlord", False)]
    check_conserved(s)


def test_assassin_skips_opponents_without_a_free_lord():
    """AY-P-4: an opponent with no free (unassassinated) Lord is not asked about."""
    _, s = make(3)
    give_lords(s, 1, ["reaper"])
    assassinated(s, "reaper")
    give_lords(s, 2, ["landlord"])
    ready(s, 0, "assassin")
    recruit(s, "assassin")
    assert s.phase == "assassinate" and s.target == 2
    do(s, "assassinate", lord="landlord")
    assert s.player == 1 and s.phase == "turn"


def test_assassinated_lord_swapped_by_traitor_is_discarded():
    """AY-P-4, AY-P-23, AY-D-13: an assassinated Lord still counts as free for the Traitor, who
    discards it (the rulebook: such Lords "can be discarded by the effects of the Traitor or of the
    Schemer"): it lies face up out of the game, never back in the Court."""
    _, s = make(2)
    give_lords(s, 1, ["landlord"])
    assassinated(s, "landlord")
    court_with(s, "traitor", "trader")
    ready(s, 1, "traitor")
    recruit(s, "traitor")
    assert s.phase == "betray"
    assert {a["give"] for a in s.legal_actions() if a.kind == "betray"} == {"landlord"}
    do(s, "betray", give="landlord", take="trader")
    assert "landlord" not in court_ids(s) and ids(s, s.lord_discard) == ["landlord"]
    assert L(s, "landlord") not in s.disabled
    assert free_ids(s, 1) == ["traitor", "trader"]
    assert s.pearls[1] == 3  # the Trader's power at once
    assert [lord["id"] for lord in s.view(0)["lord_discard"]] == ["landlord"]
    check_conserved(s)


def test_assassinated_lord_swapped_by_schemer_replacement_whole():
    """AY-P-4, AY-P-26: the Schemer may discard an assassinated Lord; the Lord drawn is whole."""
    _, s = make(2)
    give_lords(s, 1, ["shaman"])
    assassinated(s, "shaman")
    lord_deck_top(s, "landlord")
    ready(s, 1, "schemer")
    recruit(s, "schemer")
    assert s.phase == "scheme"
    do(s, "scheme", give="shaman")
    assert free_ids(s, 1) == ["schemer", "landlord"]
    assert ids(s, s.lord_discard) == ["shaman"]
    assert not s.disabled
    assert s.pearls[1] == 1  # the Landlord's pearl now
    assert s.key_count(1) == 1  # and its key
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-5 The Commander
def test_commander_opponents_discard_down_to_six_at_once_victim_chooses():
    """AY-P-5: on the Commander's arrival each opponent over 6 Allies discards the excess at once,
    each choosing (the victim decides, during the Commander's owner's turn)."""
    _, s = make(3)
    big = [("crab", 1), ("crab", 2), ("squid", 3), ("squid", 4), ("shellfish", 5), ("seahorse", 1),
           ("seahorse", 2), ("jellyfish", 3)]
    set_hand(s, 1, big)
    set_hand(s, 2, [("crab", 3), ("crab", 4), ("squid", 1), ("squid", 2), ("shellfish", 4), ("jellyfish", 4)])
    ready(s, 0, "commander")
    recruit(s, "commander")
    assert s.phase == "discard" and s.current_player == 1 and s.player == 0
    assert discard_options(s) == sorted(set(big))
    do(s, "discard", ally=("shellfish", 5))
    assert s.phase == "discard" and s.current_player == 1
    do(s, "discard", ally=("squid", 4))
    assert len(s.hands[1]) == 6 and ("shellfish", 5) not in hand_kinds(s, 1)
    assert len(s.hands[2]) == 6  # at the limit: untouched
    assert s.player == 1 and s.phase == "turn"
    assert s.view(1)["seats"][1]["hand_limit"] == 6 and s.view(1)["seats"][0]["hand_limit"] is None
    check_conserved(s)


def test_commander_limit_at_the_end_of_each_opponent_turn():
    """AY-P-5, AY-T-4: an opponent ending a turn with more than 6 Allies discards the excess, choosing."""
    _, s = make(2)
    give_lords(s, 0, ["commander"])
    set_hand(s, 1, [("crab", 1), ("crab", 2), ("squid", 3), ("squid", 4), ("seahorse", 1), ("seahorse", 2)])
    set_council(s, {"jellyfish": [3, 4]})
    at_turn(s, 1)
    do(s, "request", races=["jellyfish"])
    assert len(s.hands[1]) == 8
    assert s.phase == "discard" and s.current_player == 1 and s.player == 1
    do(s, "discard", ally=("jellyfish", 4))
    do(s, "discard", ally=("crab", 1))
    assert len(s.hands[1]) == 6
    assert s.player == 0 and s.phase == "turn"
    check_conserved(s)


def test_commander_does_not_limit_its_owner_nor_while_assassinated():
    """AY-P-5, AY-P-0: the owner keeps any number of Allies; an assassinated Commander limits nobody."""
    _, s = make(2)
    give_lords(s, 0, ["commander"])
    set_hand(s, 0, [("crab", v) for v in (1, 1, 2, 2, 3, 3, 4)])
    set_council(s, {"jellyfish": [3]})
    at_turn(s, 0)
    do(s, "request", races=["jellyfish"])
    assert len(s.hands[0]) == 8 and s.player == 1 and s.phase == "turn"
    assassinated(s, "commander")
    set_hand(s, 1, [("squid", v) for v in (1, 1, 2, 2, 3, 3, 4)])
    set_council(s, {"jellyfish": [2]})
    at_turn(s, 1)
    do(s, "request", races=["jellyfish"])
    assert len(s.hands[1]) == 8 and s.player == 0 and s.phase == "turn"


# ---------------------------------------------------------------- AY-P-6 The Tamer
def _fight_at(s, seat, threat):
    at_turn(s, seat)
    for other in s.opponents(seat):
        set_pearls(s, other, 0)
    s.threat = threat
    stack_deck(s, ["monster"])
    do(s, "explore")
    do(s, "fight")


SPACE_2 = [("pearl", "pearl"), ("pearl", "token"), ("token", "token")]


@pytest.mark.parametrize("tamer", [False, True])
def test_tamer_opponent_takes_previous_threat_space_reward(tamer):
    """AY-P-6, AY-X-13: an opponent of the Tamer's owner fighting on space 3 is offered space 2's
    rewards (no key); without a Tamer, space 3's key."""
    _, s = make(2)
    if tamer:
        give_lords(s, 0, ["tamer"])
    _fight_at(s, 1, 3)
    if tamer:
        assert s.phase == "reward" and s.current_player == 1
        assert sorted(tuple(sorted(a["gains"])) for a in s.legal_actions()) == SPACE_2
        assert s.keys[1] == 0
    else:
        assert s.keys[1] == 1 and s.player == 0


def test_tamer_first_space_still_gives_first_space_reward():
    """AY-P-6: on the first space there is no previous one: the first space's reward."""
    _, s = make(2)
    give_lords(s, 0, ["tamer"])
    _fight_at(s, 1, 1)
    assert s.phase == "reward"
    assert sorted(a["gains"] for a in s.legal_actions()) == [("pearl",), ("token",)]


def test_tamer_does_not_lower_its_owner_reward():
    """AY-P-6: the Tamer works on opponents only."""
    _, s = make(2)
    give_lords(s, 0, ["tamer"])
    _fight_at(s, 0, 3)
    assert s.keys[0] == 1


# ---------------------------------------------------------------- AY-P-7 The Hunter
def test_hunter_steals_a_random_token_from_the_opponent_chosen():
    """AY-P-7, AY-D-13: the owner chooses the opponent; the token is drawn at random from theirs."""
    stolen = set()
    for k in range(24):
        _, s = make(3)
        theirs = set_tokens(s, 1, 4)
        other = set_tokens(s, 2, 1)
        ready(s, 0, "hunter")
        recruit(s, "hunter")
        assert s.phase == "hunt" and s.current_player == 0
        assert sorted(a["seat"] for a in s.legal_actions()) == [1, 2]
        s.rng = Rng(k)
        do(s, "hunt", seat=1)
        assert len(s.tokens[0]) == 1 and s.tokens[0][0] in theirs
        assert sorted(s.tokens[1] + s.tokens[0]) == sorted(theirs)
        assert s.tokens[2] == other
        stolen.add(s.tokens[0][0])
    assert len(stolen) >= 3  # random, not always the same one


def test_hunter_with_no_token_to_steal_does_nothing():
    """AY-P-7: no opponent holds a token: no question, the turn goes on."""
    _, s = make(2)
    ready(s, 0, "hunter")
    recruit(s, "hunter")
    assert s.tokens == ((), ()) and s.player == 1 and s.phase == "turn"


# ---------------------------------------------------------------- AY-P-8 The Ship Master
@pytest.mark.parametrize("ship_master", [False, True])
def test_ship_master_pearl_per_race_sent_to_council(ship_master):
    """AY-P-8, AY-X-7, AY-X-6: 1 pearl for each different race sent to the Council (Monsters and
    the Ally taken do not count)."""
    _, s = make(2)
    if ship_master:
        give_lords(s, 0, ["ship_master"])
    at_turn(s, 0)
    set_pearls(s, 0, 0)
    set_pearls(s, 1, 0)  # nobody can buy
    stack_deck(s, [("crab", 1), ("crab", 2), ("squid", 1), "monster", ("seahorse", 3)])
    do(s, "explore")
    for _ in range(4):
        do(s, "explore_on")
    assert [len(st) for st in s.council] == [1, 0, 2, 0, 0]
    assert s.pearls[0] == 1 + (2 if ship_master else 0)  # +1 for the last space
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-9, 10, 13 pearls now
@pytest.mark.parametrize("lid,gain", [("trader", 3), ("peddler", 2), ("shopkeeper", 1)])
def test_trader_peddler_shopkeeper_gain_pearls_once(lid, gain):
    """AY-P-9 (Trader 3), AY-P-10 (Peddler 2), AY-P-13 (Shopkeeper 1): once, on recruiting."""
    _, s = make(2)
    ready(s, 0, lid, spare=1)
    recruit(s, lid)
    assert s.pearls[0] == 1 + gain
    fill_council(s)
    request_any(s)  # seat 1's turn
    request_any(s)  # seat 0's: nothing more
    assert s.pearls[0] == 1 + gain
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-11 The Landlord
def test_landlord_pearl_now_and_at_start_of_each_own_turn():
    """AY-P-11: 1 pearl on arrival, then 1 at the start of each of its owner's turns (not others')."""
    _, s = make(2)
    ready(s, 0, "landlord")
    recruit(s, "landlord")
    assert s.pearls[0] == 1
    assert s.player == 1
    fill_council(s)
    request_any(s)
    assert s.player == 0 and s.pearls[0] == 2
    request_any(s)
    assert s.player == 1 and s.pearls[0] == 2
    request_any(s)
    assert s.player == 0 and s.pearls[0] == 3
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-12 The Slaver / AY-D-7
def test_slaver_sells_one_ally_for_two_pearls_once_per_turn_before_the_action():
    """AY-P-12, AY-D-7: before the action, once: one Ally of the hand to the discard for 2 pearls."""
    _, s = make(2)
    give_lords(s, 0, ["slaver"])
    at_turn(s, 0)
    set_pearls(s, 0, 0)
    set_hand(s, 0, [("crab", 2), ("squid", 3)])
    sells = sorted(a["ally"] for a in s.legal_actions() if a.kind == "sell")
    assert sells == [("crab", 2), ("squid", 3)]
    do(s, "sell", ally=("squid", 3))
    assert s.pearls[0] == 2 and hand_kinds(s, 0) == [("crab", 2)]
    cfg = s.cfg
    assert (RACES[cfg.card_race[s.discard[-1]]], cfg.card_value[s.discard[-1]]) == ("squid", 3)
    assert s.phase == "turn" and s.player == 0
    assert "sell" not in kinds(s) and "explore" in kinds(s)  # once; the action is still to take
    fill_council(s)
    request_any(s)
    assert s.player == 1  # no turn power left: the turn ends by itself


def test_slaver_after_the_action_then_explicit_end_turn():
    """AY-P-12, AY-D-7: after the action the turn waits: sell, or end the turn explicitly; the
    power is usable again the next turn."""
    _, s = make(2)
    give_lords(s, 0, ["slaver"])
    at_turn(s, 0)
    set_pearls(s, 0, 0)
    set_hand(s, 0, [("crab", 2)])
    fill_council(s)
    do(s, "request", races=["squid"])
    assert s.player == 0 and s.phase == "turn"
    assert kinds(s) == ["end_turn", "sell"]
    do(s, "end_turn")
    assert s.player == 1 and s.pearls[0] == 0
    request_any(s)
    assert s.player == 0 and "sell" in kinds(s)  # a new turn: the power again
    request_any(s)
    do(s, "sell", ally=("crab", 2))
    assert s.pearls[0] == 2
    assert s.player == 1  # used after the action: the turn ends
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-14 The Shaman
def _shaman_vs(lid):
    """3 players: seat 1 has the Shaman, seat 2 has not; seat 0 owns or recruits `lid` (a Military Lord)."""
    _, s = make(3)
    give_lords(s, 1, ["shaman"])
    return s


def test_shaman_shields_from_recruiter():
    """AY-P-14, AY-P-1."""
    s = _shaman_vs("recruiter")
    give_lords(s, 0, ["recruiter"])
    assert s.cost_for(1, L(s, "trader")) == 10
    assert s.cost_for(2, L(s, "trader")) == 12


def test_shaman_shields_from_jailer():
    """AY-P-14, AY-P-2."""
    s = _shaman_vs("jailer")
    set_hand(s, 1, [("crab", 2), ("squid", 3)])
    set_hand(s, 2, [("crab", 3), ("squid", 4)])
    ready(s, 0, "jailer")
    recruit(s, "jailer")
    assert s.current_player == 2 and s.phase == "discard"
    do(s, "discard", ally=("crab", 3))
    assert len(s.hands[1]) == 2 and len(s.hands[2]) == 1
    assert s.player == 1 and s.phase == "turn"


def test_shaman_shields_from_seeker():
    """AY-P-14, AY-P-3."""
    s = _shaman_vs("seeker")
    set_pearls(s, 1, 4)
    set_pearls(s, 2, 4)
    ready(s, 0, "seeker")
    recruit(s, "seeker")
    assert s.pearls[1:] == (4, 2)


def test_shaman_shields_from_assassin():
    """AY-P-14, AY-P-4: the Shaman's owner is not a target at all."""
    s = _shaman_vs("assassin")
    give_lords(s, 1, ["landlord"])
    give_lords(s, 2, ["slaver"])
    ready(s, 0, "assassin")
    recruit(s, "assassin")
    assert s.phase == "assassinate" and s.target == 2
    do(s, "assassinate", lord="slaver")
    assert s.disabled == {L(s, "slaver")}
    assert s.phase == "turn" and s.player == 1


def test_shaman_shields_from_commander():
    """AY-P-14, AY-P-5: neither the discard on arrival nor the limit later."""
    s = _shaman_vs("commander")
    eight = [("crab", 1), ("crab", 2), ("squid", 3), ("squid", 4), ("shellfish", 4), ("seahorse", 1),
             ("seahorse", 2), ("jellyfish", 3)]
    set_hand(s, 1, eight)
    set_hand(s, 2, eight)  # (two copies of each exist)
    ready(s, 0, "commander")
    recruit(s, "commander")
    assert s.current_player == 2 and s.phase == "discard"
    do(s, "discard", ally=("crab", 1))
    do(s, "discard", ally=("crab", 2))
    assert len(s.hands[1]) == 8 and len(s.hands[2]) == 6
    assert s.hand_limit(1) is None and s.hand_limit(2) == 6
    assert s.player == 1
    request_something(s)
    assert s.player == 2 and len(s.hands[1]) >= 8  # seat 1's turn ended with no discard


def request_something(s):
    if any(a.kind == "request" for a in s.legal_actions()):
        return request_any(s)
    fill_council(s)
    request_any(s)


def test_shaman_shields_from_tamer():
    """AY-P-14, AY-P-6."""
    s = _shaman_vs("tamer")
    give_lords(s, 0, ["tamer"])
    _fight_at(s, 1, 3)
    assert s.keys[1] == 1  # space 3 itself
    _fight_at(s, 2, 3)
    assert s.phase == "reward" and s.keys[2] == 0  # space 2 for the unshielded


def test_shaman_shields_from_hunter():
    """AY-P-14, AY-P-7: only unshielded opponents can be robbed."""
    s = _shaman_vs("hunter")
    set_tokens(s, 1, 2)
    mine = set_tokens(s, 2, 1)
    ready(s, 0, "hunter")
    recruit(s, "hunter")
    assert s.phase == "hunt" and [a["seat"] for a in s.legal_actions()] == [2]
    do(s, "hunt", seat=2)
    assert s.tokens[0] == mine and len(s.tokens[1]) == 2


def test_shaman_shields_only_while_free_and_not_assassinated():
    """AY-P-14, AY-P-0: an assassinated Shaman shields nothing; a Shaman under a Location neither."""
    s = _shaman_vs("seeker")
    assassinated(s, "shaman")
    give_lords(s, 0, ["recruiter"])
    assert s.cost_for(1, L(s, "trader")) == 12
    _, s = make(3)
    own_location(s, 1, "parliament", ["shaman"])
    give_lords(s, 0, ["recruiter"])
    assert s.cost_for(1, L(s, "trader")) == 12


# ---------------------------------------------------------------- AY-P-15 The Invoker
def test_invoker_takes_another_turn_after_this_one():
    """AY-P-15, AY-T-5: the recruiter plays again, then play goes on clockwise."""
    _, s = make(3)
    fill_council(s)
    ready(s, 0, "invoker")
    turn = s.turn_no
    recruit(s, "invoker")
    assert s.player == 0 and s.phase == "turn" and s.turn_no == turn + 1
    assert not s.acted
    request_any(s)
    assert s.player == 1
    request_any(s)
    assert s.player == 2


def test_invoker_as_seventh_lord_extra_turn_then_last_round():
    """AY-P-15, AY-E-2 (AY-D-16): the extra turn comes first, then each other player's last turn."""
    _, s = make(3)
    give_lords(s, 0, list(NO_KEY_FILLER))
    fill_council(s)
    ready(s, 0, "invoker")
    recruit(s, "invoker")
    assert s.final is not None
    order = []
    while not s.is_terminal():
        order.append(s.player)
        if not any(a.kind == "request" for a in s.legal_actions()):
            fill_council(s)
        request_any(s)
    assert order == [0, 1, 2]
    check_conserved(s)


def test_invoker_recruited_in_last_round_extra_turn_order():
    """AY-P-15, AY-E-2 (AY-D-16): seat 1 recruits the Invoker in the last round: its extra turn,
    then seat 2's last turn, then the end."""
    _, s = make(3)
    give_lords(s, 0, list(NO_KEY_FILLER))
    fill_council(s)
    ready(s, 0, "keeper")
    recruit(s, "keeper")  # the 7th Lord
    assert s.player == 1 and s.final == (2,)  # seat 1's last turn has begun
    ready(s, 1, "invoker")
    recruit(s, "invoker")
    order = []
    while not s.is_terminal():
        order.append(s.player)
        if not any(a.kind == "request" for a in s.legal_actions()):
            fill_council(s)
        request_any(s)
    assert order == [1, 2]


# ---------------------------------------------------------------- AY-P-16 The Apprentice
def test_apprentice_takes_a_council_stack_of_choice():
    """AY-P-16: the owner picks any non-empty stack; all its cards go to the hand."""
    _, s = make(2)
    stacks = set_council(s, {"crab": [2, 3], "squid": [1]})
    ready(s, 0, "apprentice")
    recruit(s, "apprentice")
    assert s.phase == "take_stack" and s.current_player == 0
    assert sorted(a["race"] for a in s.legal_actions()) == ["crab", "squid"]
    do(s, "take_stack", race="crab")
    assert sorted(s.hands[0]) == sorted(stacks["crab"])
    assert s.council[RACES.index("crab")] == () and s.council[RACES.index("squid")] == tuple(stacks["squid"])
    assert s.player == 1
    check_conserved(s)


def test_apprentice_with_empty_council_does_nothing():
    """AY-P-16: no stack, no question."""
    _, s = make(2)
    ready(s, 0, "apprentice")
    recruit(s, "apprentice")
    assert s.hands[0] == () and s.player == 1 and s.phase == "turn"


# ---------------------------------------------------------------- AY-P-17 The Oracle
def test_oracle_discards_a_council_stack_once_per_turn():
    """AY-P-17, AY-D-7: before the action, once: a whole stack to the discard pile."""
    _, s = make(2)
    give_lords(s, 0, ["oracle"])
    stacks = set_council(s, {"crab": [2, 3], "squid": [1]})
    at_turn(s, 0)
    assert sorted(a["race"] for a in s.legal_actions() if a.kind == "oracle") == ["crab", "squid"]
    do(s, "oracle", race="crab")
    assert s.council[RACES.index("crab")] == ()
    assert set(stacks["crab"]) <= set(s.discard)
    assert s.phase == "turn" and s.player == 0 and "oracle" not in kinds(s)
    do(s, "request", races=["squid"])
    assert s.player == 1
    check_conserved(s)


def test_oracle_after_the_action_then_explicit_end_turn():
    """AY-P-17, AY-D-7: after the action: the Oracle or an explicit end of turn."""
    _, s = make(2)
    give_lords(s, 0, ["oracle"])
    set_council(s, {"crab": [2, 3], "squid": [1]})
    at_turn(s, 0)
    do(s, "request", races=["squid"])
    assert s.player == 0 and kinds(s) == ["end_turn", "oracle"]
    do(s, "oracle", race="crab")
    assert s.player == 1 and not any(s.council)


# ---------------------------------------------------------------- AY-P-18 The Alchemist
def test_alchemist_requests_two_council_stacks():
    """AY-P-18, AY-Q-1: Request Support takes two stacks, both into the hand."""
    _, s = make(2)
    stacks = set_council(s, {"crab": [2], "squid": [1, 4], "seahorse": [5]})
    at_turn(s, 0)
    assert sorted(a["races"] for a in s.legal_actions() if a.kind == "request") == [
        ("crab",), ("seahorse",), ("squid",)]
    give_lords(s, 0, ["alchemist"])
    at_turn(s, 0)
    assert sorted(tuple(sorted(a["races"])) for a in s.legal_actions() if a.kind == "request") == [
        ("crab", "seahorse"), ("crab", "squid"), ("seahorse", "squid")]
    do(s, "request", races=["squid", "seahorse"])
    assert sorted(s.hands[0]) == sorted(stacks["squid"] + stacks["seahorse"])
    assert [len(st) for st in s.council] == [0, 0, 1, 0, 0]
    check_conserved(s)


def test_alchemist_with_one_stack_takes_it():
    """AY-P-18 (AY-D-17): a single stack can still be requested."""
    _, s = make(2)
    give_lords(s, 0, ["alchemist"])
    set_council(s, {"crab": [2]})
    at_turn(s, 0)
    assert [a["races"] for a in s.legal_actions() if a.kind == "request"] == [("crab",)]


# ---------------------------------------------------------------- AY-P-19 The Illusionist
def test_illusionist_swaps_a_location_lords_stay_under():
    """AY-P-19: one of your Locations for a different face-up one; the Lords under it stay, under
    the new one; the old Location lies face up instead."""
    _, s = make(2)
    own_location(s, 0, "parliament", ["keeper"])
    own_location(s, 0, "barracks", ["reaper"])
    open_locations(s, ["the_jail", "the_chasm"])
    ready(s, 0, "illusionist")
    recruit(s, "illusionist")
    assert s.phase == "illusion" and s.current_player == 0
    offered = sorted((a["give"], a["take"]) for a in s.legal_actions() if a.kind == "swap_location")
    assert offered == sorted((g, t) for g in ("parliament", "barracks") for t in ("the_jail", "the_chasm"))
    assert "skip" in kinds(s)
    do(s, "swap_location", give="parliament", take="the_chasm")
    assert s.locations[0] == ((loc(s, "the_chasm"), (L(s, "keeper"),)), (loc(s, "barracks"), (L(s, "reaper"),)))
    assert sorted(s.loc_open) == sorted([loc(s, "the_jail"), loc(s, "parliament")])
    assert s.player == 1
    check_conserved(s)


def test_illusionist_may_skip_and_needs_a_location():
    """AY-P-19, AY-D-13: the swap may be skipped; with no Location of yours nothing is asked."""
    _, s = make(2)
    own_location(s, 0, "parliament", ["keeper"])
    open_locations(s, ["the_jail"])
    ready(s, 0, "illusionist")
    recruit(s, "illusionist")
    do(s, "skip")
    assert s.locations[0] == ((loc(s, "parliament"), (L(s, "keeper"),)),)
    assert s.loc_open == (loc(s, "the_jail"),)
    _, s = make(2)
    ready(s, 0, "illusionist")
    recruit(s, "illusionist")
    assert s.player == 1 and s.phase == "turn"


# ---------------------------------------------------------------- AY-P-20 Master of Magic
MOM_HAND = [("jellyfish", 5), ("crab", 3), ("squid", 2)]


def test_master_of_magic_not_on_its_own_recruit():
    """AY-P-20, AY-R-7: recruiting the Master of Magic itself affiliates the lowest Ally."""
    _, s = make(2)
    at_turn(s, 0)
    court_with(s, "master_of_magic")
    set_hand(s, 0, MOM_HAND)
    set_pearls(s, 0, 0)
    assert [a["affiliate"] for a in recruits(s, "master_of_magic")] == [("squid", 2)]


def test_master_of_magic_later_recruits_affiliate_any_spent_ally():
    """AY-P-20: once free, any Ally spent may be the one affiliated; the others are discarded."""
    _, s = make(2)
    give_lords(s, 0, ["master_of_magic"])
    at_turn(s, 0)
    court_with(s, "trader")
    set_hand(s, 0, [("shellfish", 5), ("crab", 3), ("squid", 2)])
    set_pearls(s, 0, 0)
    assert sorted(a["affiliate"] for a in recruits(s, "trader")) == [("crab", 3), ("shellfish", 5), ("squid", 2)]
    recruit(s, "trader", affiliate=("shellfish", 5))
    cfg = s.cfg
    assert [(RACES[cfg.card_race[c]], cfg.card_value[c]) for c in s.affiliated[0]] == [("shellfish", 5)]
    assert sorted((RACES[cfg.card_race[c]], cfg.card_value[c]) for c in s.discard[-2:]) == [("crab", 3), ("squid", 2)]
    check_conserved(s)


def test_master_of_magic_assassinated_lowest_again():
    """AY-P-20, AY-P-0: an assassinated Master of Magic gives no choice."""
    _, s = make(2)
    give_lords(s, 0, ["master_of_magic"])
    assassinated(s, "master_of_magic")
    at_turn(s, 0)
    court_with(s, "trader")
    set_hand(s, 0, [("shellfish", 5), ("crab", 3), ("squid", 2)])
    assert [a["affiliate"] for a in recruits(s, "trader")] == [("squid", 2)]


# ---------------------------------------------------------------- AY-P-21 The Opportunist
def test_opportunist_replaces_a_court_lord_from_the_deck_once_per_turn():
    """AY-P-21, AY-D-7, AY-D-15: a Court Lord leaves the game face up; the Lord deck's top takes
    its place; once per turn."""
    _, s = make(2)
    give_lords(s, 0, ["opportunist"])
    court_with(s, "trader", "peddler")
    lord_deck_top(s, "seeker")
    at_turn(s, 0)
    court = court_ids(s)
    assert sorted(a["court"] for a in s.legal_actions() if a.kind == "opportunist") == sorted(court)
    do(s, "opportunist", court="peddler")
    assert court_ids(s) == [("seeker" if x == "peddler" else x) for x in court]
    assert ids(s, s.lord_discard) == ["peddler"]
    assert [x["id"] for x in s.view(1)["lord_discard"]] == ["peddler"]
    assert L(s, "peddler") not in s.lord_deck
    assert s.phase == "turn" and s.player == 0 and "opportunist" not in kinds(s)
    check_conserved(s)


def test_opportunist_after_the_action_explicit_end_turn_and_not_with_empty_lord_deck():
    """AY-P-21, AY-D-7: after the action the power or "end turn"; no power with an empty Lord deck."""
    _, s = make(2)
    give_lords(s, 0, ["opportunist"])
    fill_council(s)
    at_turn(s, 0)
    request_any(s)
    assert s.player == 0 and kinds(s) == ["end_turn", "opportunist"]
    do(s, "end_turn")
    assert s.player == 1
    s.lord_deck = ()
    at_turn(s, 0)
    assert "opportunist" not in kinds(s)
    request_any(s)
    assert s.player == 1


# ---------------------------------------------------------------- AY-P-22 The Corruptor / AY-D-8
def test_corruptor_recruits_a_second_lord_for_five_pearls():
    """AY-P-22: a second Court Lord for 5 pearls instead of its cost; its power fires too."""
    _, s = make(2)
    court_with(s, "corruptor", "trader")
    ready(s, 0, "corruptor", spare=6)
    recruit(s, "corruptor")
    assert s.phase == "corrupt" and s.current_player == 0
    assert sorted(a["lord"] for a in s.legal_actions() if a.kind == "corrupt") == sorted(court_ids(s))
    assert "skip" in kinds(s)
    treasury = s.treasury
    do(s, "corrupt", lord="trader")
    assert free_ids(s, 0) == ["corruptor", "trader"]
    assert s.pearls[0] == 6 - 5 + 3
    assert s.treasury == treasury + 5 - 3
    assert len(s.court) == 4 and "trader" not in court_ids(s)
    assert s.player == 1
    check_conserved(s)


def test_corruptor_needs_five_pearls_and_may_skip():
    """AY-P-22, AY-D-13: under 5 pearls nothing is offered; with them it may be skipped."""
    _, s = make(2)
    ready(s, 0, "corruptor", spare=4)
    recruit(s, "corruptor")
    assert s.player == 1 and s.pearls[0] == 4
    _, s = make(2)
    ready(s, 0, "corruptor", spare=5)
    recruit(s, "corruptor")
    court = court_ids(s)
    do(s, "skip")
    assert s.pearls[0] == 5 and court_ids(s) == court and free_ids(s, 0) == ["corruptor"]


def test_corruptor_second_recruit_refill_checked_once_after_both():
    """AY-D-8, AY-R-10, AY-P-22: Court of 4; after the Corruptor and its second Lord 2 are left:
    the Court is refilled then, once, with the recruiter's 2 pearls."""
    _, s = make(2)
    court_with(s, "corruptor", "trader", size=4)
    ready(s, 0, "corruptor", spare=5)
    recruit(s, "corruptor")
    do(s, "corrupt", lord="trader")
    assert len(s.court) == 6
    assert s.pearls[0] == 5 - 5 + 3 + 2


def test_corruptor_power_resolves_before_the_refill():
    """AY-D-8, AY-P-22, AY-R-10: Court of 3; the Corruptor leaves 2 and its power comes first: the
    second Lord is one of those 2; then one refill, one bonus."""
    _, s = make(2)
    court_with(s, "corruptor", "trader", size=3)
    rest = [x for x in court_ids(s) if x != "corruptor"]
    ready(s, 0, "corruptor", spare=5)
    recruit(s, "corruptor")
    assert s.phase == "corrupt"
    assert sorted(a["lord"] for a in s.legal_actions() if a.kind == "corrupt") == sorted(rest)
    do(s, "corrupt", lord="trader")
    assert len(s.court) == 6
    assert s.pearls[0] == 5 - 5 + 3 + 2



def test_traitor_power_resolves_before_the_refill():
    """AY-D-8, AY-P-23, AY-R-10: Court of 3; the Traitor leaves 2 and its power comes first: the
    Court Lords it may take are those 2 (the refill comes after the swap)."""
    _, s = make(2)
    give_lords(s, 0, ["miller"])
    court_with(s, "traitor", "trader", size=3)
    rest = [x for x in court_ids(s) if x != "traitor"]
    ready(s, 0, "traitor")
    recruit(s, "traitor")
    assert s.phase == "betray"
    assert sorted({a["take"] for a in s.legal_actions() if a.kind == "betray"}) == sorted(rest)
    do(s, "betray", give="miller", take="trader")
    assert len(s.court) == 6 and "miller" not in court_ids(s) and ids(s, s.lord_discard) == ["miller"]
    assert s.pearls[0] == 3 + 2  # the Trader's 3, then the refill's 2: one Lord was left

# ---------------------------------------------------------------- AY-P-23 The Traitor
def test_traitor_swaps_own_lord_for_court_lord_whose_power_fires_at_once():
    """AY-P-23, AY-D-13: another free Lord of yours is discarded (face up, out of the game) and the
    Court Lord taken in its place; the rest of the Court slides away from the deck; the newcomer is
    free and its once-power fires at once."""
    _, s = make(2)
    give_lords(s, 0, ["keeper", "miller"])
    court_with(s, "traitor", "reaper", "trader")
    ready(s, 0, "traitor")
    recruit(s, "traitor")
    assert s.phase == "betray" and s.current_player == 0
    court = court_ids(s)
    offered = sorted((a["give"], a["take"]) for a in s.legal_actions() if a.kind == "betray")
    assert offered == sorted((g, t) for g in ("keeper", "miller") for t in court)  # never the Traitor itself
    do(s, "betray", give="keeper", take="trader")
    assert court_ids(s) == [x for x in court if x != "trader"]  # the Keeper does not come to the Court
    assert ids(s, s.lord_discard) == ["keeper"]
    assert free_ids(s, 0) == ["miller", "traitor", "trader"]
    assert s.pearls[0] == 3
    assert s.player == 1
    check_conserved(s)


def test_traitor_lord_given_back_cannot_be_recruited_again():
    """AY-P-23 (issue #22 item 5): the audit's case, seat 2 of 3 gives back the Trader: it must not
    come back to the Court to be recruited for another +3 pearls."""
    _, s = make(3)
    give_lords(s, 2, ["trader"])
    court_with(s, "traitor", "peddler")
    ready(s, 2, "traitor")
    recruit(s, "traitor")
    do(s, "betray", give="trader", take="peddler")
    assert "trader" not in court_ids(s) and "trader" in ids(s, s.lord_discard)
    assert L(s, "trader") not in s.lord_deck
    assert all(a["lord"] != "trader" for a in s.legal_actions() if a.kind == "recruit")
    check_conserved(s)


def test_traitor_may_skip_and_needs_another_free_lord():
    """AY-P-23, AY-D-13."""
    _, s = make(2)
    give_lords(s, 0, ["keeper"])
    ready(s, 0, "traitor")
    recruit(s, "traitor")
    court = court_ids(s)
    do(s, "skip")
    assert court_ids(s) == court and free_ids(s, 0) == ["keeper", "traitor"]
    _, s = make(2)
    ready(s, 0, "traitor")
    recruit(s, "traitor")
    assert s.player == 1 and s.phase == "turn"


def test_traitor_newcomer_with_a_choice_asks_at_once():
    """AY-P-23: the Court Lord taken acts at once, even a power with a decision (the Jailer)."""
    _, s = make(2)
    give_lords(s, 0, ["keeper"])
    court_with(s, "traitor", "jailer")
    set_hand(s, 1, [("crab", 2), ("squid", 3)])
    ready(s, 0, "traitor")
    recruit(s, "traitor")
    do(s, "betray", give="keeper", take="jailer")
    assert s.phase == "discard" and s.current_player == 1


# ---------------------------------------------------------------- AY-P-24 The Diplomat
def test_diplomat_any_races_but_exact_count():
    """AY-P-24, AY-R-2, AY-R-3: without the guild's race; the number of races stays exact."""
    _, s = make(2)
    court_with(s, "trader", "peddler")
    at_turn(s, 0)
    set_hand(s, 0, [("crab", 1), ("squid", 1), ("seahorse", 4), ("jellyfish", 5)])
    set_pearls(s, 0, 10)
    assert recruits(s, "trader") == [] and recruits(s, "peddler") == []
    give_lords(s, 0, ["diplomat"])
    at_turn(s, 0)
    trader = recruits(s, "trader")
    peddler = recruits(s, "peddler")
    assert trader and peddler
    assert {len({r for r, _ in a["pay"]}) for a in trader} == {3}
    assert {len({r for r, _ in a["pay"]}) for a in peddler} == {1}
    assert all("shellfish" not in {r for r, _ in a["pay"]} for a in trader + peddler)
    recruit(s, "peddler", affiliate=("jellyfish", 5))
    assert free_ids(s, 0) == ["diplomat", "peddler"]


# ---------------------------------------------------------------- AY-P-25 The Treasurer
def test_treasurer_own_costs_two_lower():
    """AY-P-25, AY-P-1: 2 less for the owner only; an opponent's Recruiter cancels it."""
    _, s = make(2)
    give_lords(s, 0, ["treasurer"])
    ready(s, 0, "trader")
    assert s.pearls[0] == 5  # 10 - 2 - three 1s
    assert {a["pearls"] for a in recruits(s, "trader")} == {5}
    assert s.cost_for(1, L(s, "trader")) == 10
    give_lords(s, 1, ["recruiter"])
    assert s.cost_for(0, L(s, "trader")) == 10


def test_treasurer_cost_never_below_zero():
    """AY-P-25: a cost under 2 becomes 0, not negative (a content with a cheap Lord)."""
    g, s = make(2)
    trader = L(s, "trader")
    g.cfg.cost = tuple(1 if i == trader else c for i, c in enumerate(g.cfg.cost))
    give_lords(s, 0, ["treasurer"])
    at_turn(s, 0)
    court_with(s, "trader")
    assert s.cost_for(0, trader) == 0
    set_hand(s, 0, [("shellfish", 1), ("crab", 1), ("squid", 1)])
    set_pearls(s, 0, 0)
    assert {a["pearls"] for a in recruits(s, "trader")} == {0}


# ---------------------------------------------------------------- AY-P-26 The Schemer
def test_schemer_discards_own_lord_for_deck_top_whose_power_fires():
    """AY-P-26, AY-D-15: another free Lord leaves the game face up; the Lord deck's top replaces
    it and its power fires at once."""
    _, s = make(2)
    give_lords(s, 0, ["keeper", "miller"])
    lord_deck_top(s, "trader")
    ready(s, 0, "schemer")
    recruit(s, "schemer")
    assert s.phase == "scheme" and s.current_player == 0
    assert sorted(a["give"] for a in s.legal_actions() if a.kind == "scheme") == ["keeper", "miller"]
    do(s, "scheme", give="miller")
    assert free_ids(s, 0) == ["keeper", "schemer", "trader"]
    assert ids(s, s.lord_discard) == ["miller"]
    assert [x["id"] for x in s.view(1)["lord_discard"]] == ["miller"]
    assert s.pearls[0] == 3
    assert s.player == 1
    check_conserved(s)


def test_schemer_may_skip_and_needs_another_free_lord():
    """AY-P-26, AY-D-13."""
    _, s = make(2)
    give_lords(s, 0, ["keeper"])
    ready(s, 0, "schemer")
    deck = s.lord_deck
    recruit(s, "schemer")
    do(s, "skip")
    assert free_ids(s, 0) == ["keeper", "schemer"] and s.lord_deck == deck and s.lord_discard == ()
    _, s = make(2)
    ready(s, 0, "schemer")
    recruit(s, "schemer")
    assert s.player == 1 and s.phase == "turn"


# ---------------------------------------------------------------- AY-P-27 Farmers
@pytest.mark.parametrize("lid", FARMERS)
def test_farmers_have_no_power(lid):
    """AY-P-27: recruiting a Farmer changes nothing but the Lord itself (and its Influence)."""
    _, s = make(2)
    set_hand(s, 1, [("crab", 2), ("squid", 3)])
    set_tokens(s, 1, 1)
    ready(s, 0, lid, spare=2)
    assert s.cfg.pkind[L(s, lid)] == "none"
    other = (s.pearls[1], s.hands[1], s.tokens[1], s.free[1], s.council, s.keys)
    recruit(s, lid)
    assert s.pearls[0] == 2
    assert (s.pearls[1], s.hands[1], s.tokens[1], s.free[1], s.council, s.keys) == other
    assert free_ids(s, 0) == [lid]
    assert s.player == 1 and s.phase == "turn"
    check_conserved(s)


# ---------------------------------------------------------------- AY-P-33 Ambassadors / AY-D-10 / AY-D-12
def test_hermit_draws_one_location_and_slides_under_it():
    """AY-P-33, AY-D-12, AY-L-4: alone, with its own three keys: the key tokens are not used."""
    _, s = make(2)
    set_keys(s, 0, 2)
    stack_locations(s, ["parliament"])
    open_before = s.loc_open
    ready(s, 0, "hermit")
    recruit(s, "hermit")
    assert s.locations[0] == ((loc(s, "parliament"), (L(s, "hermit"),)),)
    assert L(s, "hermit") not in s.free[0]
    assert s.keys[0] == 2 and s.key_count(0) == 2
    assert s.loc_open == open_before
    assert s.player == 1
    check_conserved(s)


@pytest.mark.parametrize("lid,drawn", [("sage", ["parliament", "barracks"]),
                                       ("elder", ["parliament", "barracks", "the_jail"])])
def test_sage_and_elder_draw_keep_one_others_face_up(lid, drawn):
    """AY-P-33, AY-L-3: the Sage draws 2, the Elder 3; one kept, the Ambassador under it, the
    others face up."""
    _, s = make(2)
    stack_locations(s, drawn)
    open_before = s.loc_open
    deck_before = len(s.loc_deck)
    ready(s, 0, lid)
    recruit(s, lid)
    assert s.phase == "keep" and s.current_player == 0
    assert sorted(a["location"] for a in s.legal_actions()) == sorted(drawn)
    do(s, "keep", location="barracks")
    assert s.locations[0] == ((loc(s, "barracks"), (L(s, lid),)),)
    assert sorted(s.loc_open) == sorted(open_before + tuple(loc(s, x) for x in drawn if x != "barracks"))
    assert len(s.loc_deck) == deck_before - len(drawn)
    assert s.free[0] == () and s.player == 1
    check_conserved(s)


def test_ambassador_with_an_empty_stack_takes_a_face_up_location():
    """AY-P-33, AY-D-10: nothing to draw: a face-up Location instead (no draw offered)."""
    _, s = make(2)
    open_locations(s, ["parliament", "barracks"])
    s.loc_deck = ()
    ready(s, 0, "elder")
    recruit(s, "elder")
    assert s.phase == "where" and s.current_player == 0
    assert sorted((a.kind, a["location"]) for a in s.legal_actions()) == [("location", "barracks"),
                                                                       ("location", "parliament")]
    do(s, "location", location="parliament")
    assert s.locations[0] == ((loc(s, "parliament"), (L(s, "elder"),)),)
    assert s.loc_open == (loc(s, "barracks"),)


def test_ambassador_with_no_location_at_all_stays_free_and_adds_no_key():
    """AY-P-33, AY-D-10, AY-D-12: no Location anywhere: it stays free; its keys are its power only,
    never counted with key tokens."""
    _, s = make(2)
    s.loc_deck = ()
    s.loc_open = ()
    set_keys(s, 0, 2)
    ready(s, 0, "sage")
    recruit(s, "sage")
    assert free_ids(s, 0) == ["sage"] and s.locations[0] == ()
    assert s.key_count(0) == 2 and s.keys[0] == 2
    assert s.player == 1


def test_ambassador_keys_never_join_key_tokens():
    """AY-D-12, AY-L-5: with key tokens and key Lords the Ambassador still goes alone; other keys
    are left as they were."""
    _, s = make(2)
    give_lords(s, 0, ["keeper"])
    set_keys(s, 0, 1)
    stack_locations(s, ["parliament"])
    ready(s, 0, "hermit")
    recruit(s, "hermit")
    assert s.locations[0] == ((loc(s, "parliament"), (L(s, "hermit"),)),)
    assert free_ids(s, 0) == ["keeper"] and s.keys[0] == 1 and s.key_count(0) == 2


def test_a_new_lord_acts_before_its_key_takes_a_location():
    """[AY-D-19] the Landlord's first pearl and the Commander's limit come before the key they
    bring makes their owner control a Location (which would cover their powers)."""
    _, s = make(players=2)
    ready(s, 0, "landlord")
    set_keys(s, 0, 2)
    recruit(s, "landlord")
    assert s.pearls[0] == 1  # the pearl "now", though the Landlord's key made three
    assert s.phase == "where" and s.decider == 0
    do(s, "draw", n=1)
    assert L(s, "landlord") in s.locations[0][0][1] and s.keys[0] == 0

    _, s = make(players=2)
    ready(s, 0, "commander")
    set_keys(s, 0, 2)
    set_hand(s, 1, [("crab", 1), ("squid", 1), ("squid", 2), ("crab", 2), ("seahorse", 1), ("seahorse", 2),
                    ("jellyfish", 1), ("jellyfish", 2)])
    recruit(s, "commander")
    assert s.phase == "discard" and s.decider == 1  # the limit bites before the Location
    do(s, "discard", ally=("crab", 1))
    do(s, "discard", ally=("squid", 1))
    assert len(s.hands[1]) == 6 and s.phase == "where" and s.decider == 0


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_the_powers_read_at_every_move_follow_the_free_and_disabled_lords(players, seed):
    """AY-P-0: `_active` reads each seat's powers from the state's `powers`, set whenever its free or
    assassinated Lords change. Through whole random games (recruits, Locations taking Lords, the
    Assassin, the Traitor and the Schemer) they are always what those Lords give, counted afresh."""
    import random

    _, s = make(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    cfg = s.cfg
    seen_powers = 0
    while not s.is_terminal():
        for seat in range(players):
            expect: dict = {}
            for lord in s.free[seat]:
                if lord not in s.disabled:
                    expect.setdefault(cfg.pkind[lord], []).append(lord)
            for kind, lords in expect.items():
                assert s._active(seat, kind) == tuple(lords)
            for kind in set(cfg.pkind) - set(expect):
                assert s._active(seat, kind) == ()
            assert s.key_count(seat) == s.keys[seat] + sum(cfg.lkeys[x] for x in s.key_lords(seat))
            seen_powers += len(expect)
        s.apply(rng.choice(s.legal_actions()))
    assert seen_powers > 0
