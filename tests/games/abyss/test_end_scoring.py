"""The end (AY-E-1..3, AY-D-16) and the final count (AY-O-1, AY-E-4, AY-E-5)."""
import random

import pytest

from .helpers import (L, at_turn, card_kinds, check_conserved, do, give_lords, make, set_affiliated,
                      set_court, set_hand, set_keys, set_locations, set_open_locations, set_pearls, set_tokens,
                      stack_deck)

NO_KEY_LORDS = ["miller", "aquaculturalist", "landowner", "trader", "peddler", "jailer"]


def quiet_turn(s):
    """The current player explores, fights a Monster on Threat space 1 and takes the pearl: the hand
    does not change."""
    seat = s.current_player
    stack_deck(s, ["monster"])
    s.threat = 1
    do(s, "explore")
    do(s, "fight")
    do(s, "reward", gains=["pearl"])
    return seat


def seventh_lord_game(players=3, seat=1):
    _, s = make(players)
    give_lords(s, seat, NO_KEY_LORDS)
    set_court(s, ["shepherd", "keeper", "reaper", "sage", "hermit", "elder"])
    set_hand(s, seat, [("seahorse", 5), ("seahorse", 3)])
    for p in range(players):
        set_pearls(s, p, 0)
    at_turn(s, seat)
    return s


def test_seventh_lord_ends_the_game_after_one_more_turn_each():
    """AY-E-1: recruiting a 7th Lord triggers the end; AY-E-2: each other player, clockwise, takes one
    last turn, and the triggering player none."""
    s = seventh_lord_game(3, seat=1)
    do(s, "recruit", lord="shepherd")
    assert s.ending == "seventh_lord" and len(s.lords_owned(1)) == 7
    assert s.current_player == 2 and s.player == 2  # seat 1's turn is over
    assert s.view(0)["last_round"] == {"reason": "seventh_lord", "still_to_play": [0]}
    assert quiet_turn(s) == 2 and not s.is_terminal()
    assert s.current_player == 0
    assert quiet_turn(s) == 0
    assert s.is_terminal() and s.current_player is None and s.legal_actions() == []
    v = s.view(None)
    assert v["ended_by"] == "seventh_lord" and v["winners"] == s.winners()
    check_conserved(s)


def test_a_second_trigger_in_the_last_round_changes_nothing():
    """AY-E-2: once the end is triggered, another 7th Lord in the last round does not start a new round:
    the triggering player still plays no more."""
    s = seventh_lord_game(3, seat=1)
    give_lords(s, 2, ["seeker", "assassin", "hunter", "shopkeeper", "apprentice", "illusionist"])
    do(s, "recruit", lord="shepherd")
    assert s.current_player == 2
    set_court(s, ["keeper", "reaper", "sage", "hermit", "elder", "landlord"])
    set_hand(s, 2, [("seahorse", 4), ("squid", 1), ("crab", 1)])
    at_turn(s, 2)
    do(s, "recruit", lord="keeper", affiliate=["crab", 1])
    assert len(s.lords_owned(2)) == 7 and s.ending == "seventh_lord"
    assert s.current_player == 0
    quiet_turn(s)
    assert s.is_terminal()


def test_active_player_completes_the_turn():
    """AY-E-2: the triggering player's turn goes on to its end: here the 7th Lord's key makes three and
    a Location is controlled before anyone else plays."""
    s = seventh_lord_game(2, seat=0)
    set_keys(s, 0, 2)
    set_open_locations(s, ["the_jail"])
    do(s, "recruit", lord="shepherd")
    assert s.ending == "seventh_lord" and s.phase == "where" and s.current_player == 0
    do(s, "location", location="the_jail")
    assert s.current_player == 1 and not s.is_terminal()
    quiet_turn(s)
    assert s.is_terminal()


def test_seventh_lord_counts_lords_under_locations():
    """AY-D-16: Lords under Locations count toward the 7."""
    _, s = make(2)
    give_lords(s, 0, NO_KEY_LORDS[:4])
    set_locations(s, 0, [("parliament", NO_KEY_LORDS[4:])])
    set_court(s, ["shepherd", "keeper", "reaper", "sage", "hermit", "elder"])
    set_hand(s, 0, [("seahorse", 5), ("seahorse", 3)])
    at_turn(s, 0)
    assert s.final is None
    do(s, "recruit", lord="shepherd")
    assert s.ending == "seventh_lord" and s.final == () and s.current_player == 1
    # six Lords in all do not end it
    _, s = make(2)
    give_lords(s, 0, NO_KEY_LORDS[:3])
    set_locations(s, 0, [("parliament", NO_KEY_LORDS[3:5])])
    set_court(s, ["shepherd", "keeper", "reaper", "sage", "hermit", "elder"])
    set_hand(s, 0, [("seahorse", 5), ("seahorse", 3)])
    at_turn(s, 0)
    do(s, "recruit", lord="shepherd")
    assert s.final is None and s.ending is None


def test_court_that_cannot_be_refilled_ends_the_game():
    """AY-E-1: a recruit leaves two Lords, and the Lord deck cannot fill the four empty spaces: the end
    is triggered (the recruiter still gains the refill's pearls and what the deck holds comes in);
    AY-E-2: then every other player takes one last turn."""
    _, s = make(3)
    set_court(s, ["keeper", "reaper", "miller"])
    deck = s.lord_deck
    s.lord_discard = deck[:-2]
    s.lord_deck = deck[-2:]
    set_hand(s, 0, [("seahorse", 5), ("squid", 1), ("crab", 1)])
    set_pearls(s, 0, 0)
    at_turn(s, 0)
    do(s, "recruit", lord="keeper", affiliate=["squid", 1])
    assert s.ending == "court" and s.pearls[0] == 2
    assert s.court == (L(s, "reaper"), L(s, "miller"), deck[-1], deck[-2]) and s.lord_deck == ()
    assert s.current_player == 1
    quiet_turn(s)
    assert s.current_player == 2
    quiet_turn(s)
    assert s.is_terminal() and s.view(None)["ended_by"] == "court"


def test_final_affiliation_of_the_lowest_of_each_race():
    """AY-E-3: at the end each player affiliates the lowest Ally of each race still in hand; the other
    Allies in hand are discarded."""
    s = seventh_lord_game(3, seat=1)
    set_hand(s, 1, [("seahorse", 5), ("seahorse", 3), ("jellyfish", 4)])
    set_hand(s, 2, [("crab", 1), ("crab", 4), ("squid", 3), ("squid", 2), ("crab", 1)])
    set_hand(s, 0, [("jellyfish", 5)])
    set_affiliated(s, 2, [("squid", 5)])
    at_turn(s, 1)
    do(s, "recruit", lord="shepherd")
    discard = s.discard
    quiet_turn(s)
    quiet_turn(s)
    assert s.is_terminal()
    assert s.hands == ((), (), ())
    assert card_kinds(s, s.affiliated[0]) == [("jellyfish", 5)]
    assert card_kinds(s, s.affiliated[1]) == [("jellyfish", 4), ("seahorse", 3)]
    assert card_kinds(s, s.affiliated[2]) == [("crab", 1), ("squid", 2), ("squid", 5)]
    gone = [k for k in card_kinds(s, s.discard[len(discard):]) if k[0] != "monster"]
    assert gone == [("crab", 1), ("crab", 4), ("squid", 3)]
    b = s.score_breakdown()[2]
    assert b["ally_detail"] == {"squid": 5, "crab": 1}  # the strongest of each race counts
    check_conserved(s)


def test_invoker_extra_turn_in_the_last_round():
    """AY-D-16: an Invoker recruited as the 7th Lord still gives its extra turn, then the others play
    their last turn."""
    _, s = make(2)
    give_lords(s, 0, NO_KEY_LORDS)
    set_court(s, ["invoker", "keeper", "reaper", "sage", "hermit", "elder"])
    set_hand(s, 0, [("jellyfish", 5), ("jellyfish", 3)])
    at_turn(s, 0)
    do(s, "recruit", lord="invoker")
    assert s.ending == "seventh_lord"
    assert s.current_player == 0 and s.player == 0  # the extra turn
    quiet_turn(s)
    assert s.current_player == 1
    quiet_turn(s)
    assert s.is_terminal()


def test_invoker_recruited_by_a_last_turn_player():
    """AY-D-16: a player recruiting the Invoker in their last turn plays the extra turn too."""
    s = seventh_lord_game(2, seat=0)
    do(s, "recruit", lord="shepherd")
    set_court(s, ["invoker"] + [s.cfg.lords[x].id for x in s.court if s.cfg.lords[x].id != "invoker"][:5])
    set_hand(s, 1, [("jellyfish", 5), ("jellyfish", 3)])
    at_turn(s, 1)
    do(s, "recruit", lord="invoker")
    assert s.current_player == 1 and not s.is_terminal()
    quiet_turn(s)
    assert s.is_terminal()


# ---------------------------------------------------------------- scoring
def test_rulebook_final_scoring_example():
    """The rulebook's example: Locations Parliament, The Sanctuary and The Abyss; Lords Keeper, Slaver,
    Master of Magic, Elder, Jailer, Traitor, Corruptor = 39; affiliated Allies whose strongest per race
    are jellyfish 3, squid 3, crab 2, seahorse 1, shellfish 5 = 14 (two jellyfish); Monster tokens 6;
    Locations 10 + 10 + 12 = 32; total 91. AY-E-4, AY-O-1, AY-L-7, AY-L-8."""
    _, s = make(2)
    give_lords(s, 0, ["jailer", "traitor", "corruptor"])
    set_locations(s, 0, [("parliament", ["keeper", "slaver", "master_of_magic"]), ("sanctuary", []),
                         ("the_abyss", ["elder"])])
    set_affiliated(s, 0, [("jellyfish", 3), ("jellyfish", 1), ("squid", 3), ("squid", 2), ("crab", 2),
                          ("seahorse", 1), ("shellfish", 5), ("shellfish", 4)])
    set_tokens(s, 0, [4, 2])
    b = s.score_breakdown()[0]
    assert b["lords"] == 39
    assert b["ally_detail"] == {"jellyfish": 3, "squid": 3, "crab": 2, "seahorse": 1, "shellfish": 5}
    assert b["allies"] == 14
    assert b["tokens"] == 6
    assert b["location_detail"] == [{"location": "parliament", "points": 10}, {"location": "sanctuary", "points": 10},
                                    {"location": "the_abyss", "points": 12}]
    assert b["locations"] == 32
    assert b["total"] == 91
    assert s.scores()[0] == 91.0
    assert s.winners() == [0]


def test_most_influence_wins():
    """AY-O-1, AY-E-4: the most Influence wins, whatever the pearls."""
    _, s = make(2)
    give_lords(s, 0, ["landowner"])  # 12
    give_lords(s, 1, ["miller"])  # 10
    set_pearls(s, 0, 0)
    set_pearls(s, 1, 20)
    assert [b["total"] for b in s.score_breakdown()] == [12, 10]
    assert s.winners() == [0]


def test_tie_broken_by_pearls_then_highest_lord():
    """AY-E-5: a tie on Influence goes to the most pearls; still tied, to the highest single Lord."""
    _, s = make(3)
    give_lords(s, 0, ["landowner"])  # 12, best Lord 12
    give_lords(s, 1, ["miller"])  # 10 + a crab 2 = 12, best Lord 10
    set_affiliated(s, 1, [("crab", 2)])
    give_lords(s, 2, ["keeper", "shepherd"])  # 12, best Lord 6
    for p in range(3):
        set_pearls(s, p, 3)
    assert [b["total"] for b in s.score_breakdown()] == [12, 12, 12]
    assert [b["best_lord"] for b in s.score_breakdown()] == [12, 10, 6]
    assert s.winners() == [0]  # the highest Lord
    set_pearls(s, 2, 4)
    assert s.winners() == [2]  # pearls before the highest Lord
    set_pearls(s, 2, 3)
    set_pearls(s, 0, 2)
    assert s.winners() == [1]  # seats 1 and 2 tied on pearls: the Miller beats the Keeper


def test_full_tie_is_a_shared_win():
    """AY-D-16: tied on Influence, pearls and highest Lord: every tied player wins."""
    _, s = make(3)
    give_lords(s, 0, ["keeper"])  # 6
    give_lords(s, 1, ["reaper"])  # 6
    give_lords(s, 2, ["shepherd"])  # 6
    set_pearls(s, 0, 2)
    set_pearls(s, 1, 2)
    set_pearls(s, 2, 1)
    assert [b["total"] for b in s.score_breakdown()] == [6, 6, 6]
    assert s.winners() == [0, 1]


@pytest.mark.parametrize("seed,players", [(11, 2), (12, 3), (13, 4)])
def test_random_games_end_and_the_best_wins(seed, players):
    """AY-O-1, AY-E-1, AY-E-3 (no hand left), AY-E-5: random legal play ends the game; the winners have the
    best (Influence, pearls, highest Lord); every component is conserved throughout; the scores, read
    from scoring.totals, are the breakdown's totals throughout."""
    _, s = make(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    n = 0
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        n += 1
        assert n < 3000
        if n % 25 == 0:
            check_conserved(s)
            # the provisional scores (scoring.totals, what a search reads) are the breakdown's
            assert s.scores() == [float(b["total"]) for b in s.score_breakdown()]
    check_conserved(s)
    assert s.ending in ("seventh_lord", "court")
    assert s.hands == ((),) * players
    bd = s.score_breakdown()
    keys = [(b["total"], s.pearls[i], b["best_lord"]) for i, b in enumerate(bd)]
    assert s.winners() == [i for i, k in enumerate(keys) if k == max(keys)]
    assert s.scores() == [float(b["total"]) for b in bd]
    for b in bd:
        assert b["total"] == b["locations"] + b["lords"] + b["allies"] + b["tokens"]
