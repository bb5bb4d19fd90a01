"""Recruit a Lord (AY-R-*, AY-D-3), the Court refill (AY-R-10) and Lord powers' timing (AY-R-9)."""
from .helpers import (L, at_turn, card_kinds, check_conserved, do, give_lords, hand_kinds, make,
                      set_affiliated, set_court, set_hand, set_locations, set_pearls, stack_deck)

COURT = ["keeper", "reaper", "miller", "shepherd", "landowner", "aquaculturalist"]


def recruits(s, lord):
    """The legal recruits of `lord`: sorted (pay, pearls, affiliate) triples."""
    return sorted((tuple(sorted(a["pay"])), a["pearls"], a["affiliate"]) for a in s.legal_actions()
                  if a.kind == "recruit" and a["lord"] == lord)


def recruit(s, lord, pay, pearls, affiliate):
    want = (tuple(sorted(tuple(x) for x in pay)), pearls, tuple(affiliate))
    match = [a for a in s.legal_actions() if a.kind == "recruit" and a["lord"] == lord
             and (tuple(sorted(a["pay"])), a["pearls"], a["affiliate"]) == want]
    assert len(match) == 1, recruits(s, lord)
    s.apply(match[0])


def idle_turn(s):
    """The current player explores, takes the first Ally (declined by all), and the turn ends."""
    stack_deck(s, [("crab", 1)])
    do(s, "explore")
    while s.phase == "offer":
        do(s, "decline")
    do(s, "take")


def position(hand, court=COURT, pearls=0, players=2):
    _, s = make(players)
    set_court(s, court)
    set_hand(s, 0, hand)
    set_pearls(s, 0, pearls)
    at_turn(s, 0)
    return s


def test_rulebook_master_of_magic():
    """The rulebook's example: the Master of Magic (3 races, jellyfish, 10) with jellyfish 3 + crab 2 +
    shellfish 5 = 10; the crab 2, lowest, is affiliated, the others go to the discard; the Lord is free.
    AY-R-1, AY-R-2, AY-R-3, AY-R-4, AY-R-6, AY-R-7, AY-R-8."""
    s = position([("jellyfish", 3), ("crab", 2), ("shellfish", 5), ("squid", 1)],
                 court=["master_of_magic"] + COURT[:5])
    discard = s.discard
    # the squid 1 could only come with pearls, and there are none
    assert recruits(s, "master_of_magic") == [
        ((("crab", 2), ("jellyfish", 3), ("shellfish", 5)), 0, ("crab", 2))]
    recruit(s, "master_of_magic", [("jellyfish", 3), ("crab", 2), ("shellfish", 5)], 0, ("crab", 2))
    assert card_kinds(s, s.affiliated[0]) == [("crab", 2)]
    assert card_kinds(s, s.discard[len(discard):]) == [("jellyfish", 3), ("shellfish", 5)]
    assert hand_kinds(s, 0) == [("squid", 1)]
    assert s.free[0] == (L(s, "master_of_magic"),) and L(s, "master_of_magic") not in s.court
    assert s.pearls[0] == 0 and s.current_player == 1
    v = s.view(1)
    assert [x["id"] for x in v["seats"][0]["lords"]] == ["master_of_magic"]
    assert v["seats"][0]["affiliated"] == [{"race": "crab", "value": 2}]
    check_conserved(s)


def test_rulebook_slaver_with_pearls():
    """The rulebook's example: the Slaver (1 race, shellfish, 8) with two shellfish worth 6 and 2 pearls
    paid to the Treasury; the shellfish 1 is affiliated. AY-R-2 (several Allies of one race), AY-R-5,
    AY-R-6, AY-R-7."""
    s = position([("shellfish", 5), ("shellfish", 1)], court=["slaver"] + COURT[:5], pearls=2)
    treasury = s.treasury
    assert recruits(s, "slaver") == [((("shellfish", 1), ("shellfish", 5)), 2, ("shellfish", 1))]
    recruit(s, "slaver", [("shellfish", 5), ("shellfish", 1)], 2, ("shellfish", 1))
    assert s.pearls[0] == 0 and s.treasury == treasury + 2
    assert card_kinds(s, s.affiliated[0]) == [("shellfish", 1)] and card_kinds(s, s.discard[-1:]) == [("shellfish", 5)]
    assert L(s, "slaver") in s.free[0]
    # one pearl short: no recruit
    s = position([("shellfish", 5), ("shellfish", 1)], court=["slaver"] + COURT[:5], pearls=1)
    assert recruits(s, "slaver") == []


def test_rulebook_traitor_needs_a_squid():
    """The rulebook's example: without a squid the Traitor (3 races, squid, 12) cannot be recruited,
    whatever the other Allies and pearls; pearls never replace the required race. AY-R-3, AY-R-5."""
    s = position([("crab", 5), ("shellfish", 5), ("jellyfish", 5), ("seahorse", 5)],
                 court=["traitor"] + COURT[:5], pearls=20)
    assert recruits(s, "traitor") == []
    s = position([("crab", 5), ("shellfish", 5), ("squid", 1)], court=["traitor"] + COURT[:5], pearls=1)
    assert recruits(s, "traitor") == [((("crab", 5), ("shellfish", 5), ("squid", 1)), 1, ("squid", 1))]


def test_exact_number_of_races():
    """AY-R-2, AY-R-3: exactly as many different races as the Lord shows, its race among them."""
    hand = [("seahorse", 3), ("squid", 4), ("crab", 2), ("jellyfish", 5)]
    s = position(hand, pearls=10)
    for lord in ("keeper", "reaper", "shepherd"):  # 3, 2 and 1 races
        n = {"keeper": 3, "reaper": 2, "shepherd": 1}[lord]
        opts = recruits(s, lord)
        assert opts
        for pay, _, _ in opts:
            races = {r for r, _ in pay}
            assert len(races) == n and "seahorse" in races
    assert len(recruits(s, "keeper")) == 3  # seahorse + two of the three other races
    assert recruits(s, "shepherd") == [((("seahorse", 3),), 5, ("seahorse", 3))]


def test_overpaying_gives_no_change_and_pearls_only_for_missing_points():
    """AY-R-4, AY-R-5: Allies worth more than the cost are all spent, with no change; pearls are added
    only for missing points, one per point."""
    s = position([("squid", 5), ("crab", 4), ("seahorse", 3)], pearls=4)
    assert recruits(s, "keeper") == [((("crab", 4), ("seahorse", 3), ("squid", 5)), 0, ("seahorse", 3))]
    # the Landowner (1 race, 10): seahorse 3 + 7 pearls is too much for 4 pearls
    assert recruits(s, "landowner") == []
    treasury = s.treasury
    recruit(s, "keeper", [("squid", 5), ("crab", 4), ("seahorse", 3)], 0, ("seahorse", 3))
    assert s.pearls[0] == 4 and s.treasury == treasury and s.hands[0] == ()
    # every recruit offered anywhere pays exactly the missing points
    s = position([("seahorse", 1), ("seahorse", 2), ("squid", 3), ("crab", 1), ("jellyfish", 4)], pearls=9)
    cfg = s.cfg
    for a in s.legal_actions():
        if a.kind == "recruit":
            total = sum(v for _, v in a["pay"])
            assert a["pearls"] == max(0, cfg.cost[L(s, a["lord"])] - total)


def test_no_spare_ally_and_affiliation_choice_among_ties():
    """AY-D-3: a payment cannot hold an Ally that could leave with the payment still standing (so the
    seahorse 1 cannot be padded in to be affiliated); AY-R-7: the lowest Ally is affiliated, the player
    choosing among equal lowest of different races."""
    s = position([("seahorse", 1), ("seahorse", 2), ("squid", 2), ("crab", 2)], pearls=1)
    assert recruits(s, "keeper") == [
        ((("crab", 2), ("seahorse", 1), ("squid", 2)), 1, ("seahorse", 1)),
        ((("crab", 2), ("seahorse", 2), ("squid", 2)), 0, ("crab", 2)),
        ((("crab", 2), ("seahorse", 2), ("squid", 2)), 0, ("seahorse", 2)),
        ((("crab", 2), ("seahorse", 2), ("squid", 2)), 0, ("squid", 2)),
    ]
    recruit(s, "keeper", [("crab", 2), ("seahorse", 2), ("squid", 2)], 0, ("squid", 2))
    assert card_kinds(s, s.affiliated[0]) == [("squid", 2)]
    assert hand_kinds(s, 0) == [("seahorse", 1)] and s.pearls[0] == 1
    # a second Ally of a race is fine when it is needed to reach the cost
    s = position([("seahorse", 4), ("seahorse", 3), ("seahorse", 1)])
    assert recruits(s, "shepherd") == [((("seahorse", 1), ("seahorse", 3), ("seahorse", 4)), 0, ("seahorse", 1))]


def test_affiliated_allies_cannot_pay_again():
    """AY-R-7: affiliated Allies stay in front of their owner and never pay for a Lord."""
    _, s = make(2)
    set_court(s, COURT)
    set_affiliated(s, 0, [("seahorse", 5), ("squid", 5), ("crab", 5)])
    set_hand(s, 0, [("seahorse", 1)])
    set_pearls(s, 0, 0)
    at_turn(s, 0)
    assert [a for a in s.legal_actions() if a.kind == "recruit"] == []


def test_only_court_lords_can_be_recruited():
    """AY-R-1: the Lords of the Court, not those of the deck."""
    s = position([("seahorse", 5), ("squid", 5), ("crab", 5), ("shellfish", 5), ("jellyfish", 5)], pearls=20)
    court_ids = {s.cfg.lords[x].id for x in s.court}
    offered = {a["lord"] for a in s.legal_actions() if a.kind == "recruit"}
    assert offered == court_ids


# ---------------------------------------------------------------- the Court
def test_court_not_refilled_with_three_lords_left():
    """AY-R-10: the Lords left slide away from the deck; with three or more left nothing is added."""
    s = position([("seahorse", 5), ("squid", 1), ("crab", 1)], court=["miller", "keeper", "reaper", "shepherd"])
    deck = s.lord_deck
    recruit(s, "keeper", [("seahorse", 5), ("squid", 1), ("crab", 1)], 0, ("crab", 1))
    assert s.court == (L(s, "miller"), L(s, "reaper"), L(s, "shepherd"))
    assert s.lord_deck == deck and s.pearls[0] == 0


def test_court_refilled_with_two_lords_left_and_two_pearls():
    """AY-R-10: with only two Lords left the recruiter gains 2 pearls and every empty space is filled
    from the Lord deck (its top first)."""
    s = position([("seahorse", 5), ("squid", 1), ("crab", 1)], court=["miller", "keeper", "shepherd"])
    top4 = s.lord_deck[-4:][::-1]
    treasury = s.treasury
    recruit(s, "keeper", [("seahorse", 5), ("squid", 1), ("crab", 1)], 0, ("crab", 1))
    assert s.court == (L(s, "miller"), L(s, "shepherd")) + top4
    assert s.pearls[0] == 2 and s.treasury == treasury - 2
    assert s.final is None  # the deck could fill it: no end
    check_conserved(s)


def test_arrow_power_once_passive_power_while_free():
    """AY-R-9, AY-L-4: an arrow power acts once, on the recruit (the Shopkeeper's pearl, not again later); a power
    without arrow works while the Lord is free (the Landlord's pearl each turn) and stops once it is
    under a Location."""
    s = position([("shellfish", 3), ("squid", 2), ("crab", 1)], court=["shopkeeper"] + COURT[:5])
    recruit(s, "shopkeeper", [("shellfish", 3), ("squid", 2), ("crab", 1)], 0, ("crab", 1))
    assert s.pearls[0] == 1
    idle_turn(s)  # seat 1's turn
    assert s.current_player == 0 and s.pearls[0] == 1  # no pearl again
    _, s = make(2)
    give_lords(s, 0, ["landlord"])
    set_pearls(s, 0, 0)
    set_pearls(s, 1, 0)
    at_turn(s, 1)
    idle_turn(s)
    assert s.current_player == 0 and s.pearls[0] == 1  # income at the start of the turn
    set_locations(s, 0, [("parliament", ["landlord"])])
    set_pearls(s, 0, 0)
    at_turn(s, 1)
    idle_turn(s)
    assert s.current_player == 0 and s.pearls[0] == 0  # covered by the Location: no more income


def random_recruits(seed: int, count: int, per_race: int = 3, races: int = 3, cost: int = 12):
    """`count` random (hand's values by race, races of the Lord, required race, cost, pearls,
    any races): up to `per_race` Allies of each race, Lords of 1 to `races` races, or of every
    race when none is required."""
    import random

    rnd = random.Random(seed)
    for _ in range(count):
        by_race = tuple(tuple(sorted((rnd.randint(1, 5) for _ in range(rnd.randint(0, per_race))), reverse=True))
                        for _ in range(5))
        n_races, required = rnd.randint(1, races), rnd.choice([-1, 0, 1, 2, 3, 4])
        if required < 0:
            n_races = 5
        yield by_race, n_races, required, rnd.randint(0, cost), rnd.randint(0, 4), rnd.random() < 0.2


def test_payments_match_a_brute_force_count():
    """[AY-R-2] [AY-R-3] [AY-R-5] [AY-D-3] the pruned enumeration gives exactly the payments a
    brute force over every sub-multiset of the hand accepts."""
    from collections import Counter
    from itertools import product as iproduct

    from cardboard.games.abyss.recruit import payments

    for by_race, n_races, required, cost, pearls, any_races in random_recruits(5, 300):
        got = {(tuple(sorted(p)), extra) for p, extra in payments(by_race, n_races, required, cost, pearls, any_races)}
        cards = [(r, v) for r, vals in enumerate(by_race) for v in vals]
        want = set()
        for mask in iproduct((0, 1), repeat=len(cards)):
            pay = [c for c, m in zip(cards, mask) if m]
            races = {r for r, _ in pay}
            if not pay or len(races) != n_races:
                continue
            if required >= 0 and not any_races and required not in races:
                continue
            total = sum(v for _, v in pay)
            if cost - total > pearls:
                continue
            per = Counter(r for r, _ in pay)
            if any(per[r] > 1 and v <= total - cost for r, v in pay):
                continue  # a spare Ally
            want.add((tuple(sorted(pay)), max(0, cost - total)))
        assert got == want, (by_race, n_races, required, cost, pearls, any_races)


def test_recruit_arguments_are_each_payment_with_each_ally_it_may_affiliate_in_order():
    """The listing's arguments (`recruit_args`, named from each race's part) are, in order, every
    payment of `payments` followed by each Ally `affiliations` lets it affiliate: [AY-R-7] the
    lowest, ties of different races each a move, any Ally spent with the Master of Magic
    [AY-P-20]. Random hands of up to four Allies a race, Lords of 1 to 5 races."""
    from cardboard.games.abyss.recruit import NAMED, affiliations, named, payments, recruit_args

    for args in random_recruits(11, 400, per_race=4, races=5, cost=14):
        for choose in (False, True):
            want = [(("lord", "x"), ("pay", named(pay)), ("pearls", extra), ("affiliate", NAMED[kind]))
                    for pay, extra in payments(*args) for kind in affiliations(pay, choose)]
            assert recruit_args("x", *args, choose) == want, (args, choose)


def test_drawn_payment_is_one_of_the_payments_and_any_can_be_drawn():
    """A rollout's payment (`sample_payment`, drawn without listing them) is always one of
    `payments`, None exactly when there is none, and every payment can come up; the same when
    the draws keep missing and it falls back to the list."""
    from cardboard.engine import Rng
    from cardboard.games.abyss import recruit
    from cardboard.games.abyss.recruit import payments, sample_payment

    rng = Rng(7)
    for case, args in enumerate(random_recruits(7, 300)):
        listed = set(payments(*args))
        old_draws = recruit.DRAWS, recruit.DRAWS_PER_COMBINATION
        if case % 3 == 0:  # every third case: the fallback to the list
            recruit.DRAWS, recruit.DRAWS_PER_COMBINATION = 0, 0
        try:
            drawn = [sample_payment(*args, rng) for _ in range(40 * max(1, len(listed)))]
        finally:
            recruit.DRAWS, recruit.DRAWS_PER_COMBINATION = old_draws
        if not listed:
            assert drawn == [None] * len(drawn), args
            continue
        assert set(drawn) == listed, args


def test_rollout_recruits_are_legal_and_cover_every_way_to_pay():
    """`sample_action` at a turn draws its recruits without listing them: each is a legal move
    (equal to one the list holds: recruit moves are made afresh, not interned, since issue #27),
    and over many draws every legal recruit comes up."""
    from cardboard.engine import Rng

    s = position([("jellyfish", 3), ("jellyfish", 1), ("crab", 2), ("crab", 2), ("shellfish", 5), ("squid", 1)],
                 court=["master_of_magic"] + COURT[:5], pearls=2)
    legal = s.clone().legal_actions()  # listed on a copy: a state that has its list draws from it
    want = {a for a in legal if a.kind == "recruit"}
    assert len(want) > 5
    rng = Rng(3)
    seen = set()
    for _ in range(3000):
        a = s.sample_action(rng)
        assert s._legal is None
        assert a in legal, a
        if a.kind == "recruit":
            seen.add(a)
    assert seen == want


def test_rollout_recruits_with_the_diplomat_reach_lords_of_races_not_in_hand():
    """A rollout skips a Lord whose race the hand lacks [AY-R-3] before costing it, but not when the
    Diplomat lets any race pay [AY-P-24]: every legal recruit still comes up."""
    from cardboard.engine import Rng

    hand = [("crab", 5), ("crab", 4), ("shellfish", 3)]   # no seahorse: no Farmer without the Diplomat
    court = ["shepherd", "landowner", "keeper", "reaper", "miller", "aquaculturalist"]
    plain = position(hand, court=court)
    assert not [a for a in plain.legal_actions() if a.kind == "recruit"]
    s = position(hand, court=court)
    give_lords(s, 0, ["diplomat"])
    set_court(s, court)
    legal = s.clone().legal_actions()
    want = {a for a in legal if a.kind == "recruit"}
    assert {a["lord"] for a in want} >= {"shepherd", "miller"}   # one race, two races: both need a Farmer
    rng = Rng(5)
    seen = {a for a in (s.sample_action(rng) for _ in range(3000)) if a.kind == "recruit"}
    assert seen == want


def test_drawn_payments_are_equally_likely():
    """`sample_payment` draws race sets by their number of part combinations and rejects what
    does not pay, so every legal payment is equally likely: a rollout must not favour payments
    of a race pair that has few. Chi-square over 88 payments (87 degrees of freedom: mean 87,
    standard deviation 13); a sampler that picked the race pair first scores in the thousands."""
    from collections import Counter

    from cardboard.engine import Rng
    from cardboard.games.abyss.recruit import payments, sample_payment

    args = (((5, 4, 3, 2, 1), (5, 3, 3, 1), (4, 2, 1), (3, 1), ()), 2, 0, 8, 1, False)
    listed = payments(*args)
    assert len(listed) == 88 and len({frozenset(r for r, _ in pay) for pay, _ in listed}) == 3
    per = 200
    rng = Rng(11)
    counts = Counter(sample_payment(*args, rng) for _ in range(per * len(listed)))
    assert set(counts) == set(listed)
    chi2 = sum((counts[p] - per) ** 2 / per for p in listed)
    assert chi2 < 87 + 5 * 13, chi2
