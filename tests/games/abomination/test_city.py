"""The City phase (AM-Y-*): turns from First Player clockwise, passing, scientist-only spaces and
costs, bumping and the Bribe & Bump track, the spaces' effects, the lab's private spaces, police
markers, humanity cards that block a placement, and the characters' city abilities (AM-X-1,
AM-K-5, AM-K-7, AM-D-2..4, AM-S-6)."""
from types import SimpleNamespace

import pytest

from cardboard.engine.errors import IllegalAction
from cardboard.games.abomination.player import cube

from .util import before_round, do, edit, give_card, log_entries, moves, start_round


def city(players=2, **options):
    """Round 1's City phase after a Cold Snap (a rule for the reset only), seat 0 to place."""
    return start_round(before_round(players, **options), "cold_snap")


def at(s, space_id):
    return s.cfg.space_index[space_id]


def place_kinds(s, space_id):
    """(meeple, bump) of the legal placements on a space."""
    return sorted((a["meeple"], a.get("bump")) for a in moves(s, "place", space=space_id))


def rule(**fields):
    """A rule change for the round, shaped like an event's `this_round` effect."""
    return SimpleNamespace(**fields)


def seats_asked(s, n, space="study"):
    """Place n meeples (on the lab's spaces, then the Market's Sell) and return who was asked."""
    out = []
    for _ in range(n):
        seat = s.ask[1]
        out.append(seat)
        p = s.players[seat]
        meeple = "assistant" if p.free_asst else "scientist"
        target = "study" if not p.study else "generator" if not p.generator else None
        if target is None:
            target = next(a["space"] for a in moves(s, "place", meeple=meeple) if "bump" not in dict(a.args))
        do(s, "place", space=target, meeple=meeple)
        while s.ask[0] != "turn":
            s.apply(moves(s, "decline")[0] if moves(s, "decline") else s.legal_actions()[-1])
    return out


# ---------------------------------------------------------------- AM-Y-1
def test_turns_go_clockwise_from_first_player():
    s = city(3, first_player=1)
    assert s.ask == ("turn", 1)
    assert seats_asked(s, 7) == [1, 2, 0, 1, 2, 0, 1]
    t = city(4, first_player=3)
    assert seats_asked(t, 5) == [3, 0, 1, 2, 3]


# ---------------------------------------------------------------- AM-Y-2, AM-D-4
def test_player_without_meeples_or_spaces_passes():
    # no meeple left, nothing else to do: the turn is passed without asking
    s = city(3)
    edit(s, 1, free_sci=0, free_asst=0)
    assert seats_asked(s, 3) == [0, 2, 0]
    assert (1, "city", "pass", 1) in log_entries(s)
    # no meeple but a police marker to pay off: asked, and may pay before passing (AM-D-4)
    t = city(2)
    edit(t, 0, free_sci=0, free_asst=0, police=1, francs=2)
    assert sorted(a.kind for a in t.legal_actions()) == ["pass", "pay_police"]
    do(t, "pay_police")
    assert (t.players[0].police, t.players[0].francs) == (0, 0)
    assert t.ask == ("turn", 1) and (1, "city", "pass", 0) in log_entries(t)   # nothing left: passed
    # meeples left but no valid space: an assistant, no francs, the lab full, every free space
    # taken and the bump track full
    u = city(2)
    for space in ("dig_up_cadavers", "research", "pray", "market_buy", "market_sell"):
        u.spaces = u.spaces[:at(u, space)] + (((1, False),),) + u.spaces[at(u, space) + 1:]
    u.spaces = u.spaces[:at(u, "hire_scoundrel")] + (((1, False), (1, False)),) + u.spaces[at(u, "hire_scoundrel") + 1:]
    u.bump = ((1, True), (1, False))
    edit(u, 0, free_sci=0, free_asst=1, francs=0, study=1, generator=1)
    assert [a.kind for a in u.legal_actions()] == ["pass"]
    do(u, "pass")
    assert u.players[0].free_asst == 1 and u.ask == ("turn", 1)
    # the phase ends when everyone in turn has passed
    edit(u, 1, free_sci=0, free_asst=0)
    do(u, "pass")
    assert u.phase == "lab" and u.ask == ("build", 0)


# ---------------------------------------------------------------- AM-Y-3
def test_scientist_only_spaces_and_costs():
    s = city(2)
    for space in ("practice_medicine", "volunteer", "lecture", "murder"):
        assert place_kinds(s, space) == [("scientist", None)], space
    for space in ("dig_up_cadavers", "research", "pray", "market_buy", "hire_scoundrel"):
        assert place_kinds(s, space) == [("assistant", None), ("scientist", None)], space
    # a space's cost is paid to the supply: the Morgue 1, Donate 2
    assert s.space_cost(at(s, "buy_cadavers")) == 1 and s.space_cost(at(s, "donate")) == 2
    assert [p.francs for p in s.players] == [2, 2]
    do(s, "place", space="buy_cadavers", meeple="assistant")
    assert [p.francs for p in s.players] == [1, 2]     # nobody else is paid
    do(s, "done")
    do(s, "place", space="study", meeple="assistant")
    assert not moves(s, "place", space="donate")        # 2 francs, seat 0 has 1
    assert moves(s, "place", space="market_buy")
    # a rule of the round may make a space scientist-only, or dearer
    s.rules = (rule(kind="scientists_only", location="market"),
               rule(kind="space_cost_change", location="saint_roch", amount=-1))
    s._legal = None
    assert place_kinds(s, "market_buy") == [("scientist", None)]
    assert place_kinds(s, "donate") == [("assistant", None), ("scientist", None)]   # now 1 franc
    do(s, "place", space="donate", meeple="assistant")
    assert s.players[0].francs == 0 and s.players[0].humanity == 2


# ---------------------------------------------------------------- AM-Y-4, AM-S-6
def test_bump_costs_by_player_count_paid_to_the_owner():
    for players, costs in ((2, [2, 3]), (3, [1, 2, 3]), (4, [1, 2, 2, 3])):
        assert city(players).view(0)["board"]["bump_track"]["costs"] == costs
    s = city(2)
    edit(s, 1, francs=5)
    do(s, "place", space="research", meeple="assistant")
    do(s, "decline")
    assert place_kinds(s, "research") == [("assistant", 0), ("scientist", 0)]
    do(s, "place", space="research", meeple="assistant", bump=0)
    # the bumped meeple goes to the track's first space; its owner is paid that space's 2 francs
    assert s.bump == ((0, False),) and s.spaces[at(s, "research")] == ((1, False),)
    assert [p.francs for p in s.players] == [4, 3]
    assert s.players[0].free_asst == 1          # not back on the card
    do(s, "decline")
    do(s, "place", space="lecture", meeple="scientist")
    do(s, "place", space="lecture", meeple="scientist", bump=0)   # the next space costs 3
    assert s.bump == ((0, False), (0, True)) and [p.francs for p in s.players] == [7, 0]
    assert s.view(0)["board"]["bump_track"]["meeples"] == [{"seat": 0, "meeple": "assistant"},
                                                          {"seat": 0, "meeple": "scientist"}]
    # with 4 players the first bump costs 1
    t = city(4)
    do(t, "place", space="market_sell", meeple="assistant")
    do(t, "place", space="market_sell", meeple="assistant", bump=0)
    assert [p.francs for p in t.players] == [5, 3, 4, 6]    # Henri (seat 3) starts with 6


def test_full_bump_track_blocks_the_bump():
    s = city(2)
    edit(s, 1, francs=9)
    do(s, "place", space="market_sell", meeple="assistant")
    assert place_kinds(s, "market_sell") == [("assistant", 0), ("scientist", 0)]
    s.bump = ((0, True), (0, False))                    # the 2-player track is full
    s._legal = None
    assert place_kinds(s, "market_sell") == []
    assert moves(s, "place", space="market_buy")        # free spaces are still open
    # no bumping this round
    s.bump = ()
    s.rules = (rule(kind="no_bumping"),)
    s._legal = None
    assert place_kinds(s, "market_sell") == []
    # not enough francs for the space and the bump
    s.rules = ()
    edit(s, 1, francs=1)
    assert place_kinds(s, "market_sell") == []
    edit(s, 1, francs=2)
    assert place_kinds(s, "market_sell") == [("assistant", 0), ("scientist", 0)]


# ---------------------------------------------------------------- AM-Y-5
def placed(space, meeple, **fields):
    s = city(2)
    edit(s, 0, **fields)
    do(s, "place", space=space, meeple=meeple)
    return s


def test_space_effects_and_scientist_bonus():
    # Research: a card; a scientist also gains 1 Expertise (Marie starts at 1)
    s = placed("research", "assistant")
    assert s.ask == ("card", 0, "research", 1) and s.players[0].expertise == 1
    first = s.rows[1][0]
    do(s, "draw_card", source="row", slot=0)
    assert s.players[0].research == (first,) and s.rows[1][0] == -1
    do(s, "place", space="research", meeple="scientist", bump=0)
    assert s.players[1].expertise == 4                # Odile: the card comes first ...
    do(s, "decline")
    assert s.players[1].expertise == 5                # ... then the scientist's Expertise
    # Practice Medicine: francs by Expertise 2 / 3 / 4
    for expertise, francs in ((1, 2), (6, 2), (7, 3), (12, 3), (13, 4), (20, 4)):
        s = placed("practice_medicine", "scientist", expertise=expertise, francs=0)
        assert s.players[0].francs == francs, expertise
    # Volunteer: +1 Humanity, +2 Reputation; Give a Lecture: +1 Expertise, +1 Reputation
    s = placed("volunteer", "scientist")
    assert (s.players[0].humanity, s.players[0].reputation) == (1, 3)
    s = placed("lecture", "scientist")
    assert (s.players[0].expertise, s.players[0].reputation) == (2, 2)
    # Donate: 2 francs for 2 Humanity
    s = placed("donate", "assistant")
    assert (s.players[0].francs, s.players[0].humanity) == (0, 2)
    # Murder: -3 Humanity; 2 muscle, 1 organ, 2 blood at stage I and 1 bone; a police marker
    s = placed("murder", "scientist")
    p = s.players[0]
    assert p.humanity == -3 and p.police == 1 and p.bone == 1
    assert (p.track[cube("muscle", 1)], p.track[cube("organ", 1)], p.track[cube("blood", 1)]) == (2, 1, 2)
    assert sum(p.track) == 5
    # the Market's Sell: all preserved cubes at 1 franc each, then bone at 2 for 1 franc
    s = placed("market_sell", "assistant", preserved=(2, 1), bone=5, francs=0)
    assert s.players[0].francs == 3 and s.players[0].preserved == (0, 0)
    assert s.ask == ("sell_bone", 0, 2) and [a["francs"] for a in moves(s, "sell_bone")] == [0, 1, 2]
    do(s, "sell_bone", francs=2)
    assert (s.players[0].francs, s.players[0].bone) == (5, 1)


def test_lab_spaces_are_private():
    s = city(2)
    edit(s, 1, empty=3)
    do(s, "place", space="study", meeple="assistant")             # +1 Expertise
    assert s.players[0].expertise == 2 and s.players[0].study == 1
    assert moves(s, "place", space="study")                        # seat 1 has a Study of its own
    do(s, "place", space="study", meeple="scientist")              # +2 with a scientist (Odile: 4)
    assert s.players[1].expertise == 6 and s.players[1].study == 2
    assert not moves(s, "place", space="study")                    # seat 0's Study is taken
    do(s, "place", space="generator", meeple="assistant")          # no jar to charge: nothing
    do(s, "place", space="generator", meeple="assistant")          # charge 1
    assert (s.players[1].charged, s.players[1].empty) == (1, 2)
    # never bumped: no placement names a lab space with a bump, and the board is untouched
    assert all(a.get("bump") is None for a in s.legal_actions() if a.get("space") in ("study", "generator"))
    assert s.spaces == ((),) * len(s.cfg.spaces) and s.bump == ()
    t = city(2)
    edit(t, 0, empty=3)
    do(t, "place", space="generator", meeple="scientist")          # charge 2 with a scientist
    assert (t.players[0].charged, t.players[0].empty) == (2, 1)


# ---------------------------------------------------------------- AM-D-2
def test_own_meeple_cannot_be_bumped():
    s = city(2)
    edit(s, 0, francs=9)
    edit(s, 1, francs=9)
    do(s, "place", space="research", meeple="scientist")
    got = s.rows[1][0]
    do(s, "draw_card", source="row", slot=0)
    do(s, "place", space="study", meeple="assistant")
    assert place_kinds(s, "research") == []                  # seat 0's own meeple is there
    do(s, "place", space="study", meeple="assistant")
    assert place_kinds(s, "research") == [("assistant", 0), ("scientist", 0)]   # seat 1 may bump
    do(s, "place", space="research", meeple="assistant", bump=0)
    # the bumped meeple's effect stands: the card and the Expertise stay with seat 0
    assert s.players[0].research == (got,) and s.players[0].expertise == 3


# ---------------------------------------------------------------- AM-K-7: police
def test_pay_police_on_a_city_turn():
    s = city(2)
    edit(s, 0, police=1, francs=3)
    do(s, "pay_police")
    p = s.players[0]
    assert (p.police, p.francs, p.free_sci, p.free_asst) == (0, 1, 1, 2)
    assert s.ask == ("turn", 0) and not moves(s, "pay_police")   # the turn goes on: still to place
    assert moves(s, "place")
    t = city(2)
    edit(t, 0, police=1, francs=1)
    assert not moves(t, "pay_police")                             # 2 francs needed


def test_police_marker_closes_a_location_and_murder_needs_none():
    s = start_round(before_round(2), "police_raid")
    alley = s.cfg.loc_index["dark_alley"]
    assert s.closed == {alley} and not moves(s, "place", space="murder")
    assert s.view(0)["board"]["police"] == ["dark_alley"] and s.view(0)["board"]["supply"]["police"] == 11
    assert moves(s, "place", space="lecture")
    # Murder needs no police marker in hand, and gives one
    t = city(2)
    edit(t, 0, police=1, francs=0)
    assert not moves(t, "place", space="murder")
    edit(t, 0, police=0)
    assert moves(t, "place", space="murder")
    do(t, "place", space="murder", meeple="scientist")
    assert t.players[0].police == 1
    # a Hired Killer is no way round it
    for police, slots in ((1, [1]), (0, [0, 1])):
        u = city(2)
        killer, fence = (next(i for i, c in enumerate(u.cfg.scoundrels) if c.id == x) for x in ("hired_killer", "fence"))
        u.rows = ((killer, fence, -1),) + u.rows[1:]
        edit(u, 0, police=police, francs=5)
        do(u, "place", space="hire_scoundrel", meeple="assistant")
        assert sorted(a["slot"] for a in moves(u, "hire")) == slots


# ---------------------------------------------------------------- AM-K-5, AM-D-3
def test_sanctuary_blocks_murder():
    s = city(3)
    give_card(s, 1, "humanity", "confession")
    sanctuary = give_card(s, 2, "humanity", "sanctuary")
    s.rules = (rule(kind="space_cost_change", location="dark_alley", amount=1),)
    s._legal = None
    do(s, "place", space="murder", meeple="scientist")
    murder = at(s, "murder")
    # every other player holding a humanity card is asked, from the placer's left
    assert s.ask == ("block", 1, 0, murder, True) and [a.kind for a in s.legal_actions()] == ["let_be"]
    do(s, "let_be")
    assert s.ask == ("block", 2, 0, murder, True)
    assert sorted(a.kind for a in s.legal_actions()) == ["block", "let_be"]
    do(s, "block", card=sanctuary)
    p = s.players[0]
    # the meeple goes home unresolved; the franc stays paid
    assert (p.free_sci, p.humanity, p.police, sum(p.track), p.francs) == (1, 0, 0, 0, 2)
    assert s.spaces[murder] == ()
    assert s.players[2].humanity == 1 and s.players[2].humanity_cards == ()   # Sanctuary's icon
    assert s.row_decks[2][-1] == sanctuary                                     # under its deck
    assert s.ask == ("turn", 1)
    # let be, the murder resolves
    t = city(2)
    give_card(t, 1, "humanity", "sanctuary")
    do(t, "place", space="murder", meeple="scientist")
    do(t, "let_be")
    assert t.players[0].humanity == -3 and t.players[0].police == 1
    # Night Watch answers the Cemetery; a moral space asks nobody
    u = city(2)
    watch = give_card(u, 1, "humanity", "night_watch")
    do(u, "place", space="research", meeple="assistant")
    assert u.ask[0] == "card"
    do(u, "decline")
    do(u, "place", space="study", meeple="assistant")
    do(u, "place", space="dig_up_cadavers", meeple="assistant")
    assert u.ask[:2] == ("block", 1)
    do(u, "block", card=watch)
    assert u.drawn == () and u.players[0].free_asst == 1 and u.ask == ("turn", 1)


# ---------------------------------------------------------------- AM-X-1 in the city
def test_prisha_places_again_when_bumped():
    s = city(2, characters=["prisha_chatwal", "marie_freeman"])
    edit(s, 1, francs=5)
    do(s, "place", space="research", meeple="assistant")
    do(s, "decline")
    do(s, "place", space="research", meeple="assistant", bump=0)
    # Prisha may place the bumped meeple again at once; the bumper still pays her
    assert s.ask == ("replace", 0, False) and s.current_player == 0
    assert [p.francs for p in s.players] == [4, 3]
    kinds = {(a.kind, a.get("meeple")) for a in s.legal_actions()}
    assert kinds == {("stay", None), ("place", "assistant")}
    do(s, "place", space="pray", meeple="assistant")
    assert s.bump == () and s.spaces[at(s, "pray")] == ((0, False),)
    assert s.players[0].free_asst == 1
    assert s.ask[:3] == ("card", 0, "humanity")      # her new space resolves ...
    do(s, "decline")
    assert s.ask[:3] == ("card", 1, "research")      # ... then the bumper's
    do(s, "decline")
    assert s.ask == ("turn", 0)
    # or she leaves it on the track
    t = city(2, characters=["prisha_chatwal", "marie_freeman"])
    edit(t, 1, francs=5)
    do(t, "place", space="research", meeple="assistant")
    do(t, "decline")
    do(t, "place", space="research", meeple="assistant", bump=0)
    do(t, "stay")
    assert t.bump == ((0, False),) and t.ask[:2] == ("card", 1)
    # she may bump back: her meeple leaves the track first, so she pays the track's first cost
    b = city(2, characters=["prisha_chatwal", "marie_freeman"])
    edit(b, 1, francs=5)
    do(b, "place", space="research", meeple="assistant")
    do(b, "decline")
    do(b, "place", space="research", meeple="assistant", bump=0)
    edit(b, 0, francs=b.cfg.bump_costs[0])           # enough for the first space, not the second
    with pytest.raises(IllegalAction, match=r"the meeple bumped is an assistant: place that one \[AM-X-1\]"):
        b.apply(b._act("place", space="pray", meeple="scientist"))
    assert b.cfg.bump_costs[0] < b.cfg.bump_costs[1]
    do(b, "place", space="research", meeple="assistant", bump=0)
    assert b.bump == ((1, False),) and b.spaces[at(b, "research")] == ((0, False),)
    assert b.players[0].francs == 0 and b.players[1].francs == 5 - 2 + 2
    # another character is not asked
    u = city(2)
    edit(u, 1, francs=5)
    do(u, "place", space="research", meeple="assistant")
    do(u, "decline")
    do(u, "place", space="research", meeple="assistant", bump=0)
    assert u.ask[:2] == ("card", 1) and u.bump == ((0, False),)


def test_baptiste_gains_when_others_lose_humanity():
    s = city(2, characters=["baptiste_rousseau", "marie_freeman"])
    d = s.cfg.deck_index["cemetery"]
    costly = [i for i in s.decks[d] if s.cfg.cadavers[i].cost.humanity
              and s.cfg.cadavers[i].option.attribute == "expertise"][:3]
    s.decks = s.decks[:d] + (tuple(costly) + tuple(c for c in s.decks[d] if c not in costly),) + s.decks[d + 1:]
    do(s, "place", space="study", meeple="assistant")
    do(s, "place", space="murder", meeple="scientist")          # seat 1 loses 3 Humanity there
    assert s.players[0].francs == 3 and s.players[0].earned == 1
    do(s, "place", space="generator", meeple="assistant")
    do(s, "place", space="dig_up_cadavers", meeple="assistant")
    do(s, "resolve", card=s.cfg.cadavers[costly[0]].id, take="option")
    assert s.players[0].francs == 4                              # the second franc this round
    do(s, "resolve", card=s.cfg.cadavers[costly[1]].id, take="option")
    assert s.players[0].francs == 4 and s.players[0].earned == 2  # at most 2 a round
    assert s.players[1].humanity == -5
    # his own losses and losses away from a location pay nothing
    t = city(2, characters=["baptiste_rousseau", "marie_freeman"])
    do(t, "place", space="murder", meeple="scientist")
    assert t.players[0].francs == 2 and t.players[0].humanity == -3
    t._edited = set()
    t._turn_dial(1, "humanity", -1)                              # an event or entry: no location
    assert t.players[0].francs == 2 and t.players[0].earned == 0
