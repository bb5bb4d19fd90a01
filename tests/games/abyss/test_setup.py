"""Set-up (AY-S-*) and the turn's frame (AY-T-*, AY-D-2)."""
import pytest

import cardboard

from .helpers import (L, at_turn, check_conserved, do, kinds, make, set_council, set_court, set_hand,
                      set_pearls)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_components(players):
    """AY-S-1..AY-S-5 (and AY-C-4): six Lords face up, the rest a deck; the Exploration deck on its
    track; one Location face up on its stack; tokens face down, keys in a pile, Threat on 1; one pearl
    each, the rest in the Treasury. Nothing depends on the player count."""
    _, s = make(players)
    check_conserved(s)
    assert len(s.court) == 6 and len(set(s.court)) == 6 and len(s.lord_deck) == 29  # AY-S-1
    assert s.lord_discard == () and s.free == ((),) * players
    assert sorted(s.deck) == list(range(71)) and s.track == () and s.discard == ()  # AY-S-2
    assert s.council == ((),) * 5 and s.hands == ((),) * players
    assert len(s.loc_open) == 1 and len(s.loc_deck) == 19 and s.locations == ((),) * players  # AY-S-3
    assert len(s.token_pool) == 20 and s.tokens == ((),) * players  # AY-S-4
    assert s.key_supply == 10 and s.keys == (0,) * players and s.threat == 1
    assert s.pearls == (1,) * players and s.treasury == 50 - players  # AY-S-5
    v = s.view(0)
    assert len(v["court"]) == 6 and v["lord_deck_size"] == 29 and v["deck_size"] == 71
    assert len(v["locations_open"]) == 1 and v["location_deck_size"] == 19
    assert v["threat"] == 1 and v["key_supply"] == 10 and v["token_pool"] == 20 and v["treasury"] == 50 - players
    assert [x["pearls"] for x in v["seats"]] == [1] * players


def test_setup_is_shuffled_by_the_seed():
    """AY-S-1, AY-S-2, AY-S-3, AY-S-4: the Lords, the Exploration deck, the Locations and the tokens are
    shuffled: another seed, another order; the same seed, the same game."""
    _, a = make(2, seed=1)
    _, b = make(2, seed=2)
    _, a2 = make(2, seed=1)
    assert a._dump() == a2._dump()
    assert a.court + a.lord_deck != b.court + b.lord_deck
    assert a.deck != b.deck
    assert a.loc_deck + a.loc_open != b.loc_deck + b.loc_open
    assert a.token_pool != b.token_pool
    assert a.deck != tuple(range(71)) and a.court + a.lord_deck != tuple(range(35))


def test_first_player_random_or_chosen():
    """AY-S-6: a random player starts unless the option `first_player` names one."""
    firsts = {make(3, seed=seed, first_player=None)[1].current_player for seed in range(30)}
    assert firsts == {0, 1, 2}
    _, s = make(3, first_player=2)
    assert s.current_player == 2 and s.player == 2 and s.view(None)["turn_player"] == 2
    with pytest.raises(cardboard.ConfigError, match="first_player"):
        make(3, first_player=3)


def test_plot_at_court_costs_a_pearl_and_fills_the_furthest_space():
    """AY-T-1: pay 1 pearl to bring the Lord deck's top into the Court (the empty space furthest from
    the deck, i.e. after the Lords there), as often as you like, before the action."""
    _, s = make(2)
    set_court(s, ["keeper", "reaper", "miller", "shepherd"])
    set_pearls(s, 0, 2)
    at_turn(s, 0)
    top, second = s.lord_deck[-1], s.lord_deck[-2]
    treasury = s.treasury
    assert "plot" in kinds(s)
    do(s, "plot")
    assert s.court == (L(s, "keeper"), L(s, "reaper"), L(s, "miller"), L(s, "shepherd"), top)
    assert s.pearls[0] == 1 and s.treasury == treasury + 1
    assert s.current_player == 0 and not s.acted  # plotting is not the action
    do(s, "plot")
    assert s.court[-1] == second and len(s.court) == 6 and s.pearls[0] == 0
    assert "plot" not in kinds(s)  # the Court is full
    check_conserved(s)


def test_plot_needs_a_pearl_a_space_and_a_lord():
    """AY-T-1: no plotting with a full Court, an empty Lord deck or no pearl; and only before the action."""
    _, s = make(2)
    set_pearls(s, 0, 3)
    at_turn(s, 0)
    assert "plot" not in kinds(s)  # full Court
    set_court(s, ["keeper", "reaper"])
    set_pearls(s, 0, 0)
    at_turn(s, 0)
    assert "plot" not in kinds(s)  # no pearl
    set_pearls(s, 0, 3)
    at_turn(s, 0)
    assert "plot" in kinds(s)
    s.lord_discard = s.lord_deck
    s.lord_deck = ()
    at_turn(s, 0)
    assert "plot" not in kinds(s)  # empty Lord deck
    s.lord_deck, s.lord_discard = s.lord_discard, ()
    at_turn(s, 0, acted=True)
    assert "plot" not in kinds(s)  # the action is taken


def test_one_action_then_the_turn_passes_clockwise():
    """AY-T-2, AY-T-4, AY-T-5: the turn offers the three actions (no ending without one); after one
    action the turn is over and the player on the left plays."""
    _, s = make(3)
    set_council(s, {"crab": [2], "squid": [3], "jellyfish": [1]})
    set_hand(s, 0, [("seahorse", 5), ("crab", 4), ("squid", 3)])
    set_court(s, ["keeper", "reaper", "miller", "shepherd", "landowner", "aquaculturalist"])
    at_turn(s, 0)
    assert kinds(s) == ["explore", "recruit", "request"]  # no end_turn, no pass: an action is due
    do(s, "request", races=["crab"])
    assert s.current_player == 1 and s.player == 1 and not s.acted  # AY-T-4, AY-T-5
    assert kinds(s) == ["explore", "request"]
    do(s, "request", races=["squid"])
    assert s.current_player == 2
    do(s, "request", races=["jellyfish"])
    assert s.current_player == 0
    assert [len(h) for h in s.hands] == [4, 1, 1]


def test_a_player_with_no_possible_action_passes():
    """AY-D-2: no cards to explore, no Council stack and no affordable Lord: the only move is to pass
    (plotting stays allowed), and the turn goes on to the next player."""
    _, s = make(2)
    s.affiliated = (s.affiliated[0], s.deck)  # every Exploration card out of reach
    s.deck = ()
    set_court(s, ["keeper", "reaper", "miller", "shepherd"])
    set_pearls(s, 0, 1)
    at_turn(s, 0)
    assert kinds(s) == ["pass", "plot"]
    set_pearls(s, 0, 0)
    at_turn(s, 0)
    assert kinds(s) == ["pass"]
    do(s, "pass")
    assert s.current_player == 1 and s.player == 1
    # a Council stack to request: no pass
    card, r = s.affiliated[1][0], s.cfg.card_race[s.affiliated[1][0]]
    s.council = s.council[:r] + ((card,),) + s.council[r + 1:]
    s.affiliated = (s.affiliated[0], s.affiliated[1][1:])
    at_turn(s, 1)
    assert "pass" not in kinds(s) and "request" in kinds(s)
