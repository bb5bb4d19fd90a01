"""Turns: Roll, Draw, Dig, Award, Go Mad!, refills, Discard (HA-T-*, HA-R-*, HA-DC-1)."""
import pytest

import cardboard

from .helpers import ScriptedRng, T, at_phase, ids, kinds, make, set_hand, set_slab


def second_turn(players=2, script=(), seed=3, **options):
    """A state at seat 0's second turn, its die scripted."""
    _, s = make(players, seed=seed, **options)
    s.started = (True,) * players
    s.rng = ScriptedRng(script, seed)
    s.turn_no = players
    s._start_turn(0)
    s._legal = None
    return s


def test_first_turn_is_a_draw():
    _, s = make(2)
    assert s.phase == "draw" and s.die is None and s.view(0)["action"] == "draw"
    s.apply_json({"kind": "draw", "source": "deck"})
    assert s.phase == "draw"
    s.apply_json({"kind": "draw", "source": "deck"})
    assert s.phase == "play" and len(s.hands[0]) == 5


def test_roll_results_follow_the_die():
    _, s = make(2)
    assert s.cfg.faces == ("draw", "draw", "dig", "award", "steal", "go_mad")
    expected = {"draw": "draw", "dig": "dig", "award": "draw", "go_mad": "choose"}
    for face, phase in expected.items():
        t = second_turn(script=[face])
        assert t.die == face and t.phase == phase, face
    # all faces come up from the seeded die
    seen = {second_turn(seed=k).die for k in range(40)}
    assert seen == {"draw", "dig", "award", "go_mad"}  # steal re-rolls: nothing to steal yet


def test_draw_two_from_piles_or_deck():
    s = second_turn(script=["draw"])
    top0 = s.buffet[0][-1]
    deck_top = s.deck[-1]
    choices = {a.to_json()["source"] for a in s.legal_actions()}
    assert choices == {0, 1, 2, "deck"}
    s.apply_json({"kind": "draw", "source": 0})
    assert top0 in s.hands[0]
    assert s.buffet[0] == (deck_top,)  # refilled at once from the deck's top
    s.apply_json({"kind": "draw", "source": 0})  # the tile the first draw revealed
    assert deck_top in s.hands[0] and s.phase == "play"


def test_empty_pile_refills_at_once():
    s = second_turn(script=["draw"])
    s.buffet = ((T(s, "red-01"), T(s, "red-02")),) + s.buffet[1:]
    s.apply_json({"kind": "draw", "source": 0})
    assert s.buffet[0] == (T(s, "red-01"),)  # not empty: nothing refilled
    deck_top = s.deck[-1]
    s.apply_json({"kind": "draw", "source": 0})
    assert s.buffet[0] == (deck_top,)


def test_dig_takes_two_and_returns_the_rest():
    s = second_turn(script=["dig"])
    pile = tuple(T(s, i) for i in ("red-01", "red-02", "red-03", "red-04"))
    s.buffet = (pile,) + s.buffet[1:]
    s._legal = None
    s.apply_json({"kind": "dig", "pile": 0})
    assert s.phase == "dig_take"
    assert len(s.legal_actions()) == 6  # any two of four
    assert [t["id"] for t in s.view(0)["dig"]["tiles"]] == ["red-01", "red-02", "red-03", "red-04"]
    s.apply_json({"kind": "dig_take", "tiles": ["red-01", "red-03"]})
    assert {T(s, "red-01"), T(s, "red-03")} <= set(s.hands[0])
    assert s.phase == "dig_top" and len(s.legal_actions()) == 2
    s.apply_json({"kind": "dig_top", "tile": "red-02"})
    assert s.buffet[0] == (T(s, "red-04"), T(s, "red-02"))  # no refill meanwhile
    assert s.phase == "play"


def test_dig_returns_the_rest_in_any_order():
    """[HA-R-4] "Return any remaining tiles to the same spare parts pile in any order": every
    order of the returned tiles can be chosen, one small choice at a time (the next tile from
    the top down), and nobody but the digger sees the pile until it is back."""
    s = second_turn(script=["dig"])
    pile = tuple(T(s, i) for i in ("red-01", "red-02", "red-03", "red-04", "red-05"))
    s.buffet = (pile,) + s.buffet[1:]
    s._legal = None
    s.apply_json({"kind": "dig", "pile": 0})
    s.apply_json({"kind": "dig_take", "tiles": ["red-01", "red-05"]})
    rest = {T(s, i) for i in ("red-02", "red-03", "red-04")}
    orders = set()
    frontier = [s]
    while frontier:
        x = frontier.pop()
        if x.phase != "dig_top":
            assert sorted(x.buffet[0]) == sorted(rest) and x.phase == "play"
            orders.add(x.buffet[0])
            continue
        legal = x.legal_actions()
        assert len(legal) == len(x.dig[1]) <= 3  # a small list: the tiles not yet put back
        assert x.view(1)["buffet"][0]["top"] is None and x.view(1)["dig"] == {"pile": 0, "size": 3}
        for a in legal:
            y = x.clone()
            y.apply(a)
            frontier.append(y)
    assert len(orders) == 6
    # the first choice is the new top, the second the tile under it
    s.apply_json({"kind": "dig_top", "tile": "red-03"})
    assert s.view(0)["dig"]["placed"][0]["id"] == "red-03"
    s.apply_json({"kind": "dig_top", "tile": "red-04"})
    assert s.buffet[0] == (T(s, "red-02"), T(s, "red-04"), T(s, "red-03"))
    assert s.view(1)["buffet"][0]["top"]["id"] == "red-03"


def test_dig_one_tile_pile_takes_one_blind():
    s = second_turn(script=["dig"])
    only = s.buffet[1][0]
    deck_top, under = s.deck[-1], s.deck[-2]
    s.apply_json({"kind": "dig", "pile": 1})
    assert only in s.hands[0] and deck_top in s.hands[0]
    assert s.buffet[1] == (under,)  # the empty pile refills
    assert s.phase == "play"


def test_award_reveals_then_draws():
    s = second_turn(script=["award"])
    assert len(s.awards) == 1 and len(s.awards_deck) == 20
    assert s.phase == "draw" and s.action == "draw"
    assert s.view(1)["awards_revealed"][0]["vp"] == 2


def test_award_with_empty_deck_just_draws():
    _, s = make(2)
    s.awards_deck = ()
    s.started = (True, True)
    s.rng = ScriptedRng(["award"])
    s._start_turn(0)
    assert s.awards == () and s.phase == "draw"


def test_go_mad_offers_the_four_options():
    s = second_turn(script=["go_mad"])
    assert sorted(a.to_json()["action"] for a in s.legal_actions()) == ["award", "dig", "draw"]
    with pytest.raises(cardboard.IllegalAction, match=r"\[HA-D-18\]"):
        s.apply_json({"kind": "choose", "action": "steal"})
    set_slab(s, 1, {(-1, 0): ("red-01", 2)})
    assert sorted(a.to_json()["action"] for a in s.legal_actions()) == ["award", "dig", "draw", "steal"]
    s.apply_json({"kind": "choose", "action": "steal"})
    assert s.phase == "steal"


def test_discard_down_to_three_onto_piles():
    s = second_turn(script=["draw"])
    set_hand(s, 0, ["red-01", "red-02", "red-03", "red-04", "red-05"])
    at_phase(s, "discard", 0)
    assert len(s.legal_actions()) == 5 * 3
    s.apply_json({"kind": "discard", "tile": "red-02", "pile": 2})
    assert s.buffet[2][-1] == T(s, "red-02") and s.phase == "discard"
    s.apply_json({"kind": "discard", "tile": "red-05", "pile": 0})
    assert ids(s, s.hands[0]) == ["red-01", "red-03", "red-04"]
    assert s.view(None)["turn_player"] == 1  # three in hand: the turn ended
    with pytest.raises(cardboard.IllegalAction):
        s.apply_json({"kind": "discard", "tile": "red-01", "pile": 0})


def test_turn_order_roll_play_discard_clockwise():
    _, s = make(3, seed=2, first_player=1)
    order = []
    while len(order) < 7:
        if not order or order[-1] != s.player:
            order.append(s.player)
        phases = s.phase
        s.apply(s.legal_actions()[0])
    assert order[:7] == [1, 2, 0, 1, 2, 0, 1]
