"""Explore the Depths (AY-X-*), the Threat track (AY-X-13, AY-D-5, AY-D-6), Request Support (AY-Q-1,
AY-D-17) and pearls from a short Treasury (AY-D-1)."""
from collections import Counter

import pytest

from .helpers import (L, at_turn, card_kinds, check_conserved, do, give_lords, hand_kinds, kinds, make,
                      set_council, set_keys, set_pearls, stack_deck)


def start(players, pearls, specs, seat=0):
    """`seat` to explore with these cards on top of the deck; pearls per seat."""
    _, s = make(players)
    for p, n in enumerate(pearls):
        set_pearls(s, p, n)
    cards = stack_deck(s, specs)
    at_turn(s, seat)
    return s, cards


def test_purchases_cost_1_2_3_whoever_buys_each_opponent_once():
    """AY-X-2, AY-X-3, AY-X-4: each revealed Ally is offered clockwise; the 1st, 2nd, 3rd bought in the
    turn cost 1, 2, 3 pearls paid to the active player, whoever buys; an opponent who bought is not
    asked again; after three purchases nobody can buy."""
    s, cards = start(4, [0, 9, 9, 9], [("crab", 1), ("squid", 2), ("shellfish", 3), ("seahorse", 4)])
    do(s, "explore")
    assert s.phase == "offer" and s.current_player == 1 and s.price() == 1
    do(s, "buy")  # seat 1 buys the 1st Ally for 1
    assert s.pearls == (1, 8, 9, 9) and s.hands[1] == (cards[0],)
    assert s.current_player == 2 and s.price() == 2  # the 2nd Ally, offered to seats 2 and 3 only
    assert s.offer == (2, 3)
    do(s, "decline")
    assert s.current_player == 3
    do(s, "buy")  # seat 3 buys the 2nd for 2
    assert s.pearls == (3, 8, 9, 7) and s.hands[3] == (cards[1],)
    assert s.offer == (2,) and s.price() == 3
    do(s, "buy")  # seat 2 buys the 3rd for 3
    assert s.pearls == (6, 8, 6, 7) and s.hands[2] == (cards[2],)
    # the 4th: every opponent has bought (and there is no 4th price): the active player decides
    assert s.phase == "ally" and s.current_player == 0 and s.price() is None
    assert kinds(s) == ["explore_on", "take"]
    do(s, "take")
    assert s.hands[0] == (cards[3],) and s.current_player == 1
    check_conserved(s)


def test_price_follows_purchase_order_not_seat():
    """AY-X-3: the price is the purchase's rank in the turn, whoever buys: here the 3rd seat buys the
    first Ally for 1 and the 1st seat the second for 2."""
    s, cards = start(3, [0, 5, 5], [("crab", 1), ("squid", 2)])
    do(s, "explore")
    do(s, "decline")  # seat 1
    do(s, "buy")  # seat 2 pays 1
    assert s.pearls == (1, 5, 4)
    assert s.offer == (1,) and s.current_player == 1
    do(s, "buy")  # seat 1 pays 2
    assert s.pearls == (3, 3, 4) and s.hands == ((), (cards[1],), (cards[0],))


def test_two_players_the_opponent_buys_at_most_once():
    """AY-X-4: with two players the only opponent buys at most one Ally in the turn, however rich."""
    s, cards = start(2, [0, 20], [("crab", 1), ("squid", 2), ("jellyfish", 3)])
    do(s, "explore")
    do(s, "buy")
    assert s.phase == "ally" and s.current_player == 0  # the 2nd is not offered to seat 1
    do(s, "explore_on")
    assert s.phase == "ally" and s.current_player == 0
    assert s.pearls == (1, 19)


def test_opponent_who_cannot_pay_is_not_asked():
    """AY-D-14 (AY-X-2): an opponent without the current price is skipped; with nobody able to pay the
    active player decides at once."""
    s, cards = start(3, [0, 0, 1], [("crab", 1), ("squid", 2)])
    do(s, "explore")
    assert s.offer == (2,) and s.current_player == 2  # seat 1 has no pearl
    do(s, "buy")
    assert s.phase == "ally" and s.current_player == 0  # seat 2 bought, seat 1 cannot pay 2
    s2, _ = start(3, [0, 1, 1], [("crab", 1)])
    set_pearls(s2, 1, 0)
    set_pearls(s2, 2, 0)
    do(s2, "explore")
    assert s2.phase == "ally" and s2.offer == ()


@pytest.mark.parametrize("seat2_pearls", [2, 3])
def test_rulebook_exploration_example(seat2_pearls):
    """The rulebook's worked example at 4 players. AY-X-1 (one card at a time, from the first space on),
    AY-X-2, AY-X-3, AY-X-4, AY-X-5 (left on the track), AY-X-8, AY-X-10 (a passed Monster raises the
    Threat and stays), AY-X-6 (the last space: forced into hand with a pearl), AY-X-7 (the Allies left
    go to their Council stacks, the Monster to the discard), AY-D-14 (seat 2 with 2 pearls is no longer
    asked at price 3; with 3 it is asked and declines)."""
    specs = [("crab", 1), ("squid", 2), "monster", ("shellfish", 3), ("seahorse", 4), ("jellyfish", 2),
             ("crab", 5)]
    s, c = start(4, [1, 5, seat2_pearls, 5], specs)
    discard = s.discard
    do(s, "explore")
    # card 1: declined by all three, left by the active player
    assert s.track == (c[0],) and s.offer == (1, 2, 3)
    for seat in (1, 2, 3):
        assert s.current_player == seat and kinds(s) == ["buy", "decline"]
        do(s, "decline")
    assert s.phase == "ally" and s.current_player == 0
    do(s, "explore_on")
    # card 2 on space 2: the 3rd opponent buys it for 1 pearl
    assert s.track == (c[0], c[1])
    do(s, "decline")
    do(s, "decline")
    assert s.current_player == 3
    do(s, "buy")
    assert s.pearls[0] == 2 and s.pearls[3] == 4 and s.hands[3] == (c[1],)
    # card 3, a Monster, on space 2: passed, the Threat goes up one, the Monster stays
    assert s.track == (c[0], c[2]) and s.phase == "monster" and s.current_player == 0
    assert kinds(s) == ["explore_on", "fight"]
    do(s, "explore_on")
    assert s.threat == 2
    # card 4 on space 3: the 1st opponent buys it for 2 (the 2nd purchase)
    assert s.track == (c[0], c[2], c[3]) and s.current_player == 1 and s.price() == 2
    do(s, "buy")
    assert s.pearls[0] == 4 and s.pearls[1] == 3 and s.hands[1] == (c[3],)
    # cards 5 and 6: turned down or unaffordable (price 3), left
    for k, space in ((4, 3), (5, 4)):
        assert s.track[-1] == c[k] and len(s.track) == space
        if seat2_pearls >= 3:
            assert s.offer == (2,)
            do(s, "decline")
        assert s.phase == "ally" and s.current_player == 0
        do(s, "explore_on")
    # card 7 on the last space: unbought, forced into the active player's hand with a bonus pearl
    if seat2_pearls >= 3:
        do(s, "decline")
    assert s.hands[0] == (c[6],) and s.pearls[0] == 5
    # the Council gets the Allies left, by race; the Monster goes to the discard
    assert s.track == ()
    assert card_kinds(s, s.council[2]) == [("crab", 1)]
    assert card_kinds(s, s.council[3]) == [("seahorse", 4)]
    assert card_kinds(s, s.council[4]) == [("jellyfish", 2)]
    assert s.council[0] == s.council[1] == ()
    assert s.discard == discard + (c[2],)
    assert s.threat == 2  # no fight: the Threat stays up
    assert s.current_player == 1 and s.player == 1  # the turn is over
    assert s.pearls == (5, 3, seat2_pearls, 4)
    check_conserved(s)


def test_taking_an_unbought_ally_ends_the_turn():
    """AY-X-5, AY-X-7: nobody buys: the active player may take the Ally free, which ends the turn; the
    Allies left earlier go to the Council."""
    s, c = start(2, [3, 0], [("crab", 1), ("squid", 4)])
    do(s, "explore")
    assert kinds(s) == ["explore_on", "take"]
    do(s, "explore_on")
    do(s, "take")
    assert s.hands[0] == (c[1],) and s.pearls == (3, 0)  # free
    assert s.council[2] == (c[0],) and s.track == ()
    assert s.current_player == 1


def test_last_space_ally_is_forced_with_a_pearl():
    """AY-X-6: an unbought Ally on the 5th space must be taken, with one pearl from the Treasury; the
    four left go to the Council (AY-X-7)."""
    s, c = start(2, [0, 0], [("crab", 1), ("squid", 2), ("crab", 3), ("seahorse", 1), ("jellyfish", 5)])
    do(s, "explore")
    for _ in range(4):
        assert kinds(s) == ["explore_on", "take"]
        do(s, "explore_on")
    assert s.hands[0] == (c[4],) and s.pearls[0] == 1
    assert s.council[2] == (c[0], c[2]) and s.council[0] == (c[1],) and s.council[3] == (c[3],)
    assert s.current_player == 1


def test_last_space_ally_offered_first_then_the_next_card_takes_the_space():
    """AY-X-6, AY-X-2: the Ally on the last space is still offered; once bought the next card is
    revealed onto that space."""
    s, c = start(2, [0, 3], [("crab", 1), ("squid", 2), ("crab", 3), ("seahorse", 1), ("jellyfish", 5),
                              ("shellfish", 2)])
    do(s, "explore")
    do(s, "decline")
    for _ in range(3):
        do(s, "explore_on")
        do(s, "decline")
    do(s, "explore_on")  # the 5th card, on the last space
    assert len(s.track) == 5 and s.current_player == 1
    do(s, "buy")
    assert s.hands[1] == (c[4],)
    # the 6th card went to the last space, unbought: forced, with the pearl
    assert s.hands[0] == (c[5],) and s.pearls == (2, 2) and s.track == ()


def test_empty_treasury_gives_no_pearl():
    """AY-D-1: a gain takes what the Treasury holds: the forced take's pearl is lost when it is empty."""
    s, c = start(2, [0, 0], [("crab", 1), ("squid", 2), ("crab", 3), ("seahorse", 1), ("jellyfish", 5)])
    s.pearls = (0, 50)  # every pearl with seat 1, who declines each Ally
    s.treasury = 0
    at_turn(s, 0)
    do(s, "explore")
    for _ in range(4):
        do(s, "decline")
        do(s, "explore_on")
    do(s, "decline")
    assert s.hands[0] == (c[4],) and s.pearls == (0, 50) and s.treasury == 0
    check_conserved(s)
    # a reward of 2 pearls from a Treasury holding 1 gives 1
    s2, _ = start(2, [0, 0], ["monster"])
    s2.pearls = (0, 49)
    s2.treasury = 1
    s2.threat = 2
    do(s2, "explore")
    do(s2, "fight")
    do(s2, "reward", gains=["pearl", "pearl"])
    assert s2.pearls == (1, 49) and s2.treasury == 0


# ---------------------------------------------------------------- Monsters and the Threat track
def test_monster_fight_or_explore_on():
    """AY-X-8, AY-X-9, AY-X-12: a revealed Monster is fought or passed; the fight is won, the Monster is
    discarded, the Threat space's reward taken, the Threat back on 1, and the turn ends; the Allies on
    the track go to the Council."""
    s, c = start(2, [0, 0], [("crab", 2), "monster"])
    s.threat = 3
    do(s, "explore")
    do(s, "explore_on")
    assert s.phase == "monster" and kinds(s) == ["explore_on", "fight"] and s.track == (c[0], c[1])
    do(s, "fight")  # space 3: one key, no choice
    assert s.keys[0] == 1 and s.key_supply == 9
    assert s.threat == 1 and s.discard[-1] == c[1] and s.track == ()
    assert s.council[2] == (c[0],)
    assert s.current_player == 1
    check_conserved(s)


def test_passing_monsters_raises_threat_up_to_six():
    """AY-X-10: keeping on exploring moves the Threat up one and leaves the Monster on the track;
    the Threat stops at the 6th space; no fight, no reset."""
    s, c = start(2, [0, 0], ["monster", "monster", "monster", ("crab", 1)])
    s.threat = 4
    do(s, "explore")
    do(s, "explore_on")
    assert s.threat == 5 and s.track == (c[0], c[1])
    do(s, "explore_on")
    assert s.threat == 6
    do(s, "explore_on")
    assert s.threat == 6 and s.track == (c[0], c[1], c[2], c[3])  # capped
    do(s, "take")
    assert s.threat == 6 and set(s.discard[-3:]) == {c[0], c[1], c[2]}  # AY-X-7: Monsters discarded


def test_monster_on_last_space_is_fought_with_a_pearl():
    """AY-X-11: a Monster revealed on the last space must be fought (no choice), with one pearl
    besides the reward; here the first Monster was passed, so the reward is space 2's (AY-X-10);
    then the Threat returns to 1 (AY-X-12)."""
    s, c = start(2, [0, 0], ["monster", ("crab", 1), ("squid", 1), ("seahorse", 1), "monster"])
    do(s, "explore")
    for _ in range(4):
        do(s, "explore_on")
    assert s.phase == "reward" and s.current_player == 0  # fought without asking
    assert s.reward_space == 2
    assert s.pearls[0] == 1  # the last space's pearl
    assert s.threat == 1
    opts = sorted(tuple(sorted(a["gains"])) for a in s.legal_actions())
    assert opts == [("pearl", "pearl"), ("pearl", "token"), ("token", "token")]
    do(s, "reward", gains=["pearl", "pearl"])
    assert s.pearls[0] == 3
    assert c[4] in s.discard and c[0] in s.discard and s.track == ()
    assert s.council[2] == (c[1],) and s.council[0] == (c[2],) and s.council[3] == (c[3],)
    assert s.current_player == 1


THREAT = {
    1: [("pearl",), ("token",)],
    2: [("pearl", "pearl"), ("pearl", "token"), ("token", "token")],
    3: [("key",)],
    4: [("key", "pearl"), ("key", "token")],
    5: [("key", "pearl", "pearl"), ("key", "pearl", "token"), ("key", "token", "token")],
    6: [("key", "key")],
}


@pytest.mark.parametrize("space,option", [(sp, o) for sp, opts in THREAT.items() for o in opts])
def test_threat_reward_spaces(space, option):
    """AY-X-13: the rewards of each Threat space, one option each; tokens drawn from the pool at random
    and kept face down; a single option is taken without asking."""
    s, c = start(2, [0, 0], ["monster"])
    s.threat = space
    pool = len(s.token_pool)
    do(s, "explore")
    do(s, "fight")
    want = Counter(option)
    if len(THREAT[space]) > 1:
        assert s.phase == "reward"
        assert sorted(tuple(sorted(a["gains"])) for a in s.legal_actions()) == THREAT[space]
        match = [a for a in s.legal_actions() if tuple(sorted(a["gains"])) == option]
        s.apply(match[0])
    assert s.pearls[0] == want["pearl"]
    assert len(s.tokens[0]) == want["token"] and len(s.token_pool) == pool - want["token"]
    assert s.keys[0] == want["key"] and s.key_supply == 10 - want["key"]
    assert s.threat == 1 and s.current_player == 1
    v0, v1 = s.view(0), s.view(1)
    assert v0["seats"][0]["monster_tokens"] == want["token"] and v1["seats"][0]["monster_tokens"] == want["token"]
    if want["token"]:
        assert len(v0["seats"][0]["token_values"]) == want["token"] and "token_values" not in v1["seats"][0]
    check_conserved(s)


def test_threat_tokens_only_while_tokens_remain():
    """AY-D-5: options with Monster tokens are offered only while enough tokens remain."""
    s, _ = start(2, [0, 0], ["monster"])
    s.tokens = ((), s.token_pool[:-1])
    s.token_pool = s.token_pool[-1:]
    s.threat = 2
    do(s, "explore")
    do(s, "fight")
    assert sorted(tuple(sorted(a["gains"])) for a in s.legal_actions()) == [("pearl", "pearl"), ("pearl", "token")]
    do(s, "reward", gains=["token", "pearl"])
    assert len(s.tokens[0]) == 1 and s.token_pool == () and s.pearls[0] == 1
    # no token left: space 1 gives its pearl without asking; space 5 its key and 2 pearls
    at_turn(s, 0)
    stack_deck(s, ["monster"])
    s.threat = 1
    do(s, "explore")
    do(s, "fight")
    assert s.pearls[0] == 2 and s.current_player == 1 and len(s.tokens[0]) == 1
    at_turn(s, 0)
    stack_deck(s, ["monster"])
    s.threat = 5
    do(s, "explore")
    do(s, "fight")
    assert s.pearls[0] == 4 and s.keys[0] == 1 and s.current_player == 1
    check_conserved(s)


def test_threat_keys_only_from_the_pile():
    """AY-D-6: keys come from the pile of 10: an empty pile gives none, one key left gives one."""
    s, _ = start(2, [0, 0], ["monster"])
    set_keys(s, 1, 10)
    s.threat = 3
    do(s, "explore")
    do(s, "fight")
    assert s.keys == (0, 10) and s.key_supply == 0
    s2, _ = start(2, [0, 0], ["monster"])
    set_keys(s2, 1, 9)
    s2.threat = 6
    do(s2, "explore")
    do(s2, "fight")
    assert s2.keys == (1, 9) and s2.key_supply == 0
    check_conserved(s2)


# ---------------------------------------------------------------- the deck running out
def test_empty_deck_reshuffles_the_discard():
    """AY-X-14: when the Exploration deck runs out, the discard pile becomes the new deck."""
    s, c = start(2, [0, 0], [("crab", 1)])
    s.discard = s.deck[:-1]
    s.deck = s.deck[-1:]
    old_discard = set(s.discard)
    do(s, "explore")
    assert s.deck == ()
    do(s, "explore_on")
    assert s.discard == () and len(s.track) == 2 and s.track[1] in old_discard
    assert set(s.deck) | {s.track[1]} == old_discard
    check_conserved(s)


def test_exploration_ends_when_deck_and_discard_are_dry():
    """AY-D-4: with neither deck nor discard, exploring goes no further: the exploration ends and the
    Ally left goes to the Council; no Explore action is offered with both empty."""
    s, c = start(2, [0, 0], [("crab", 1)])
    s.affiliated = ((), s.deck[:-1])
    s.deck = s.deck[-1:]
    do(s, "explore")
    do(s, "explore_on")
    assert s.track == () and s.council[2] == (c[0],) and s.current_player == 1
    at_turn(s, 0)
    assert "explore" not in kinds(s)
    check_conserved(s)


# ---------------------------------------------------------------- Request Support
def test_request_support_takes_a_whole_stack():
    """AY-Q-1: take every card of one Council stack into hand; one move per non-empty stack."""
    _, s = make(2)
    set_council(s, {"crab": [1, 3, 5], "squid": [2]})
    at_turn(s, 0)
    assert sorted(a["races"] for a in s.legal_actions() if a.kind == "request") == [("crab",), ("squid",)]
    do(s, "request", races=["crab"])
    assert hand_kinds(s, 0) == [("crab", 1), ("crab", 3), ("crab", 5)]
    assert s.council[2] == () and len(s.council[0]) == 1
    assert s.current_player == 1  # it was the action
    check_conserved(s)


def test_alchemist_takes_exactly_two_stacks():
    """AY-D-17: with two or more stacks the Alchemist's request takes exactly two; with one, that one."""
    _, s = make(2)
    give_lords(s, 0, ["alchemist"])
    set_council(s, {"crab": [1], "squid": [2], "jellyfish": [3]})
    at_turn(s, 0)
    reqs = sorted(tuple(sorted(a["races"])) for a in s.legal_actions() if a.kind == "request")
    assert reqs == [("crab", "jellyfish"), ("crab", "squid"), ("jellyfish", "squid")]
    do(s, "request", races=["crab", "jellyfish"])
    assert hand_kinds(s, 0) == [("crab", 1), ("jellyfish", 3)] and len(s.council[0]) == 1
    at_turn(s, 0)
    assert [a["races"] for a in s.legal_actions() if a.kind == "request"] == [("squid",)]
    assert L(s, "alchemist") in s.free[0]
