"""The round and its Event phase (AM-P-1, AM-E-*): event sides by round, rule changes for the
round and their markers, encounters read now or held until another player comes, targets chosen by
First Player, Executions, Lightning Storms, the numbered entries, and Vigil (AM-K-6, AM-D-1,
AM-D-3)."""
from .util import before_round, card_number, do, edit, give_card, log_entries, moves, run_tasks, start_round


def _space(s, space_id):
    return s.cfg.space_index[space_id]


def _space_view(s, space_id, seat=None):
    return next(x for x in s.view(seat)["board"]["spaces"] if x["id"] == space_id)


def _no_meeples(s):
    for seat in range(s.cfg.players):
        edit(s, seat, free_sci=0, free_asst=0)


def _finish_round(s):
    """Everyone out of meeples: the city phase passes, the lab phase is done, the reset runs."""
    _no_meeples(s)
    while s.phase == "city" and s.ask[0] == "turn":
        do(s, "pass")
    while s.phase == "lab":
        do(s, "done")


# ---------------------------------------------------------------- AM-P-1
def test_round_phases_in_order():
    s = before_round(2)
    assert s.todo == (("round",),)
    start_round(s, "cold_snap")
    # the round's work waits in order behind the city phase
    assert s.phase == "city" and s.todo == (("lab_phase",), ("reset_phase",), ("round",))
    second = s.event_deck[0]
    _no_meeples(s)
    do(s, "pass")                       # seat 1 has nothing to do either: the city phase ends
    assert s.phase == "lab" and s.ask == ("build", 0) and s.round == 1
    do(s, "done")
    assert s.phase == "lab" and s.ask == ("build", 1)
    do(s, "done")                       # lab ends, reset runs, round 2 starts with its event
    assert s.round == 2 and s.captain == 2 and s.phase == "city" and s.ask == ("turn", 0)
    assert s.event == (second, "early")
    phases = []
    for entry in log_entries(s):
        if not phases or phases[-1] != entry[:2]:
            phases.append(entry[:2])
    assert phases == [(1, "event"), (1, "city"), (1, "reset"), (2, "event")]
    # the meeples came home at the reset
    assert [(p.free_sci, p.free_asst) for p in s.players] == [(p.scientists, p.assistants) for p in s.players]


# ---------------------------------------------------------------- AM-E-1
def test_event_side_follows_the_round():
    early = start_round(before_round(2), "dock_strike", round=6)
    assert early.event == (card_number(early, "dock_strike"), "early")
    assert early.space_cost(_space(early, "hire_scoundrel")) == 1      # Dock Strike: +1 franc
    assert early.closed == frozenset() and _space_view(early, "hire_scoundrel")["cost"] == 1
    assert early.view(0)["event"]["name"] == "Dock Strike"
    late = start_round(before_round(2), "dock_strike", round=7)
    assert late.event == (card_number(late, "dock_strike"), "late")
    assert late.space_cost(_space(late, "hire_scoundrel")) == 0        # The Press-Gang closes the Docks
    assert late.closed == {late.cfg.loc_index["docks"]} and _space_view(late, "hire_scoundrel")["closed"]
    assert late.view(0)["event"]["name"] == "The Press-Gang"
    assert not moves(late, "place", space="hire_scoundrel")
    assert moves(early, "place", space="hire_scoundrel")


# ---------------------------------------------------------------- AM-E-2
def test_event_rules_last_the_round_and_markers_shown():
    s = before_round(2)
    edit(s, 0, francs=5)
    start_round(s, "scarce_supplies")
    s.event_deck = (card_number(s, "cold_snap"),) + tuple(c for c in s.event_deck if c != card_number(s, "cold_snap"))
    v = s.view(1)
    assert v["board"]["event_markers"] == ["market"]
    assert v["event"]["rules"] == ["market_price_change"]
    # the rule holds this round: a jar costs 2 + 1
    do(s, "place", space="market_buy", meeple="assistant")
    do(s, "buy", item="jar")
    assert s.players[0].francs == 2 and s.players[0].empty == 1
    do(s, "done_buying")
    _finish_round(s)
    # ... and is gone after the reset, with its markers
    assert s.round == 2 and s.event[0] == card_number(s, "cold_snap")
    assert s.market_price(2) == 2 and s.view(0)["board"]["event_markers"] == []
    # an event's effect happens at once: the Captain Closes In moves him in the event phase
    t = start_round(before_round(2), "captain_closes_in")
    assert t.captain == 2 and t.round == 1 and t.phase == "city"
    # a location bonus: the Academy's Prize gives 1 Reputation to whoever is placed at the Academy
    u = start_round(before_round(2), "academy_prize")
    assert u.view(0)["board"]["event_markers"] == ["academy"]
    do(u, "place", space="lecture", meeple="scientist")
    assert (u.players[0].expertise, u.players[0].reputation) == (2, 3)   # +1/+1 and the bonus


# ---------------------------------------------------------------- AM-E-3
def test_now_encounter_read_to_the_target():
    s = before_round(3)
    for seat, francs in enumerate((3, 5, 1)):
        edit(s, seat, francs=francs)
    enc = card_number(s, "debt_collector")       # Now: the player with the most francs, entry 14
    start_round(s, "debt_collector")
    assert s.event is None and all(p.held == () for p in s.players)
    assert s.ask == ("entry", 1, 14, None) and s.current_player == 1
    assert s.view(1)["decision"]["entry"]["number"] == 14
    assert s.event_deck[-1] == enc and enc in s.seen     # read, then under the event deck
    do(s, "choose", choice=0)                             # pay him 2 francs: +1 Reputation
    assert (s.players[1].francs, s.players[1].reputation) == (3, 2)
    assert s.ask == ("turn", 0)


# ---------------------------------------------------------------- AM-E-4, AM-E-5, AM-D-1
def test_location_encounter_held_and_triggered_by_another_player():
    s = before_round(2)
    edit(s, 1, francs=3)
    enc = card_number(s, "night_porter")        # the Morgue: entry 5 ("pay 2 francs" or decline)
    start_round(s, "night_porter")
    assert s.players[0].held == (enc - len(s.cfg.events),) and s.event is None
    assert enc not in s.event_deck and enc not in s.seen
    # held secretly: the holder sees it, the others only that one is held
    assert [h["id"] for h in s.view(0)["players"][0]["held"]] == ["night_porter"]
    assert s.view(1)["players"][0]["held_encounters"] == 1 and "held" not in s.view(1)["players"][0]
    do(s, "place", space="study", meeple="assistant")
    do(s, "place", space="buy_cadavers", meeple="assistant")
    # read to seat 1 before they pay any costs or resolve any effects: the Morgue's franc is unpaid
    assert s.ask == ("entry", 1, 5, "morgue") and s.players[1].francs == 3 and s.drawn == ()
    assert s.players[0].held == ()                         # discarded once triggered ...
    assert s.event_deck[-1] == enc and enc in s.seen       # ... under the event deck
    assert [a["choice"] for a in moves(s, "choose")] == [0, 1]
    do(s, "choose", choice=0)                              # pay 2: one Morgue cadaver, free
    assert s.players[1].francs == 1 and s.ask[0] == "cadavers" and len(s.drawn) == 1 and s.ask[4] is True
    do(s, "done")
    # then the Morgue's cost (1 franc), then its effect: draw 2
    assert s.players[1].francs == 0 and s.ask[:2] == ("cadavers", 1) and len(s.drawn) == 2 and s.ask[4] is False
    assert s.spaces[_space(s, "buy_cadavers")] == ((1, False),)


def test_encounter_read_before_the_space_and_bump_costs():
    """AM-E-4 / AM-D-1: with 2 francs and a Morgue that costs 1, "Pay him" (2 francs) is offered,
    because the encounter comes before the costs; the cost it leaves unpayable sends the meeple
    back to its owner's card, the space unresolved."""
    t = before_round(2)
    edit(t, 1, francs=2)
    start_round(t, "night_porter")
    do(t, "place", space="study", meeple="assistant")
    do(t, "place", space="buy_cadavers", meeple="assistant")
    assert t.ask == ("entry", 1, 5, "morgue") and t.players[1].francs == 2
    assert [a["choice"] for a in moves(t, "choose")] == [0, 1]
    do(t, "choose", choice=0)                              # pay him: 2 francs, a free cadaver
    assert t.players[1].francs == 0 and t.ask[:2] == ("cadavers", 1) and len(t.drawn) == 1
    free_asst = t.players[1].free_asst
    do(t, "done")
    # the Morgue's franc cannot be paid now: the meeple goes home, the Morgue is not resolved
    assert t.spaces[_space(t, "buy_cadavers")] == () and t.players[1].free_asst == free_asst + 1
    assert t.players[1].francs == 0 and t.drawn == () and t.ask == ("turn", 0)
    assert any(e[2] == "unpaid" and e[3] == 1 for e in log_entries(t))
    assert any("cannot pay" in line for line in t.view(0)["log"])
    # declining leaves the franc: it is paid after the encounter, then the Morgue resolves
    d = before_round(2)
    edit(d, 1, francs=2)
    start_round(d, "night_porter")
    do(d, "place", space="study", meeple="assistant")
    do(d, "place", space="buy_cadavers", meeple="assistant")
    do(d, "choose", choice=1)
    assert d.players[1].francs == 1 and d.ask[:2] == ("cadavers", 1) and len(d.drawn) == 2
    # a bump's cost is a cost too: paid to the owner after the encounter is read
    b = before_round(2)
    edit(b, 1, francs=5)
    start_round(b, "night_porter")
    do(b, "place", space="buy_cadavers", meeple="assistant")   # the holder at the Morgue: no encounter
    do(b, "done")
    francs0 = b.players[0].francs
    do(b, "place", space="buy_cadavers", meeple="assistant", bump=0)
    assert b.ask == ("entry", 1, 5, "morgue")
    assert [p.francs for p in b.players] == [francs0, 5]      # nothing paid yet ...
    assert b.bump == ((0, False),)                            # ... the bumped meeple has moved
    do(b, "choose", choice=0)                                 # pay him 2
    do(b, "done")
    # then the bump (2 to its owner) and the Morgue (1): 5 - 2 - 2 - 1
    assert [p.francs for p in b.players] == [francs0 + 2, 0]
    assert b.ask[:2] == ("cadavers", 1) and len(b.drawn) == 2
    # unable to pay the bump after the encounter: the bumped meeple goes back to its space
    u = before_round(2)
    edit(u, 1, francs=3)
    start_round(u, "night_porter")
    do(u, "place", space="buy_cadavers", meeple="assistant")
    do(u, "done")
    francs0 = u.players[0].francs
    do(u, "place", space="buy_cadavers", meeple="assistant", bump=0)
    do(u, "choose", choice=0)
    do(u, "done")
    assert u.bump == () and u.spaces[_space(u, "buy_cadavers")] == ((0, False),)
    assert [p.francs for p in u.players] == [francs0, 1] and u.ask == ("turn", 0)


def test_holder_placing_does_not_trigger():
    s = before_round(2)
    start_round(s, "night_porter")
    held = s.players[0].held
    do(s, "place", space="buy_cadavers", meeple="assistant")
    assert s.ask[0] == "cadavers" and s.ask[1] == 0 and len(s.drawn) == 2   # straight to the Morgue
    assert s.players[0].held == held and not any(e[2] == "entry" for e in log_entries(s))
    do(s, "done")
    # another location does not trigger it either
    do(s, "place", space="pray", meeple="assistant")
    assert s.ask[0] == "card" and s.players[0].held == held


# ---------------------------------------------------------------- AM-E-6
def test_first_player_chooses_among_tied_targets():
    # A Generous Patron: the player with the fewest francs gains 3; seats 0 and 1 tie
    s = before_round(3, first_player=1)
    for seat, francs in enumerate((2, 2, 5)):
        edit(s, seat, francs=francs)
    start_round(s, "generous_patron")
    assert s.ask[:3] == ("target", 1, (0, 1)) and s.current_player == 1
    assert s.view(1)["decision"]["candidates"] == [0, 1]
    assert sorted(a["seat"] for a in moves(s, "target")) == [0, 1]   # herself included, seat 2 not
    do(s, "target", seat=1)
    assert [p.francs for p in s.players] == [2, 5, 5] and s.ask == ("turn", 1)
    # one player meets the condition: no choice
    t = before_round(3, first_player=1)
    for seat, francs in enumerate((1, 2, 5)):
        edit(t, seat, francs=francs)
    start_round(t, "generous_patron")
    assert [p.francs for p in t.players] == [4, 2, 5] and t.ask == ("turn", 1)
    # nobody meets it (no police marker for the Investigation): First Player chooses anyone
    u = before_round(3, first_player=1)
    start_round(u, "captain_closes_in", round=7)
    assert u.ask[:3] == ("target", 1, (0, 1, 2))
    rep = u.players[2].reputation
    do(u, "target", seat=2)
    assert u.captain == 2 and u.players[2].reputation == max(0, rep - 2)
    assert u.players[0].reputation == 1


# ---------------------------------------------------------------- AM-E-7
def test_execution_reveals_by_player_count():
    for players, shown in ((2, 1), (3, 2), (4, 2)):
        s = before_round(players)
        d = s.cfg.deck_index["public_square"]
        top = s.decks[d][:shown]
        start_round(s, "public_execution")
        assert s.display[d] == top and len(s.decks[d]) == 9 - shown
        v = s.view(0)["board"]
        assert [c["id"] for c in v["cadavers"]["public_square"]["display"]] == [s.cfg.cadavers[c].id for c in top]
        assert v["event_markers"] == ["public_square"]
        assert moves(s, "place", space="buy_cadaver")           # the Public Square opens
        assert s.cfg.slots[_space(s, "buy_cadaver")] == (1 if players == 2 else 2)
    quiet = start_round(before_round(2), "cold_snap")
    assert not moves(quiet, "place", space="buy_cadaver")       # closed without an Execution


# ---------------------------------------------------------------- AM-E-8
def test_lightning_storm_charges_jars_and_bought_jars():
    s = before_round(2)
    edit(s, 0, empty=2, charged=1, francs=5)
    edit(s, 1, empty=1)
    start_round(s, "summer_storm")
    assert (s.players[0].charged, s.players[0].empty) == (3, 0)
    assert (s.players[1].charged, s.players[1].empty) == (1, 0)
    do(s, "place", space="market_buy", meeple="assistant")
    do(s, "buy", item="jar")
    assert (s.players[0].charged, s.players[0].empty, s.players[0].francs) == (4, 0, 3)
    assert not moves(s, "buy", item="jar")                      # 4 jar slots
    # without a storm a bought jar comes uncharged
    t = before_round(2)
    edit(t, 0, francs=5)
    start_round(t, "cold_snap")
    do(t, "place", space="market_buy", meeple="assistant")
    do(t, "buy", item="jar")
    assert (t.players[0].charged, t.players[0].empty) == (0, 1)


# ---------------------------------------------------------------- AM-E-9
def test_entries_follow_choices_and_requirements():
    s = start_round(before_round(2), "cold_snap")
    # entry 2: "Slip him 2 francs" needs 2 francs; with 1 only the other choice is left, and it
    # resolves without asking
    edit(s, 1, francs=1, police=1, reputation=5)
    run_tasks(s, ("entry", 1, 2, None))
    assert s.ask == ("turn", 0)
    assert (s.players[1].francs, s.players[1].police, s.players[1].reputation) == (1, 1, 3)
    # with 3 francs both are offered, and the choice made is resolved
    edit(s, 1, francs=3)
    run_tasks(s, ("entry", 1, 2, None))
    assert s.ask == ("entry", 1, 2, None) and [a["choice"] for a in moves(s, "choose")] == [0, 1]
    do(s, "choose", choice=0)
    assert (s.players[1].francs, s.players[1].police, s.players[1].reputation) == (1, 0, 3)
    assert s.ask == ("turn", 0)
    # an entry sends you on to another: 1 -> 16 (lose a jar) or 1 -> 17 (fresh cubes)
    edit(s, 1, empty=2, humanity=0)
    run_tasks(s, ("entry", 1, 1, None))
    do(s, "choose", choice=0)
    assert (s.players[1].humanity, s.players[1].empty) == (-1, 1) and s.ask == ("turn", 0)
    run_tasks(s, ("entry", 1, 1, None))
    do(s, "choose", choice=1)
    p = s.players[1]
    assert p.humanity == 0 and p.cubes("muscle") == 2 and p.cubes("organ") == 1
    assert p.track[0] == 2 and p.track[4] == 1            # both at stage I
    # entry 26's first choice needs a completed part: without one, it leads on to entry 29
    run_tasks(s, ("entry", 1, 26, None))
    assert s.ask == ("entry", 1, 29, None)


# ---------------------------------------------------------------- AM-K-6, AM-D-3
def test_vigil_cancels_an_encounter():
    s = before_round(2)
    edit(s, 1, francs=5, reputation=3)
    vigil = give_card(s, 1, "humanity", "vigil")
    enc = card_number(s, "debt_collector")
    start_round(s, "debt_collector")
    assert s.ask == ("vigil", 1, enc - len(s.cfg.events), None)
    assert {a.kind for a in s.legal_actions()} == {"hear", "cancel"}
    do(s, "cancel", card=vigil)
    assert s.ask == ("turn", 0)                               # the entry is never read
    assert (s.players[1].francs, s.players[1].reputation) == (5, 3)
    assert s.players[1].humanity_cards == () and s.row_decks[2][-1] == vigil   # under its deck
    assert s.event_deck[-1] == enc                            # the encounter is discarded
    # any humanity card gets the question (it reveals nothing), but only Vigil can cancel
    t = before_round(2)
    edit(t, 1, francs=5)
    give_card(t, 1, "humanity", "confession")
    start_round(t, "debt_collector")
    assert t.ask[0] == "vigil" and [a.kind for a in t.legal_actions()] == ["hear"]
    do(t, "hear")
    assert t.ask == ("entry", 1, 14, None)
    # no humanity card: no question
    u = before_round(2)
    edit(u, 1, francs=5)
    start_round(u, "debt_collector")
    assert u.ask == ("entry", 1, 14, None)
