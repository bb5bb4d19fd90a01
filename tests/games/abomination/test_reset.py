"""4. Reset phase [AM-R-*]: decomposition (ice blocks, events, cubes kept fresh, the 15-cube
stages), the board refreshed, meeples home, the Captain and the skull."""
from .util import calm, do, edit, finish_lab, give_card, log_entries, moves, stages, to_lab, track

QUIET = "academy_prize"   # an event whose early side touches no lab, deck or Captain


def event(s, event_id):
    return next(i for i, e in enumerate(s.cfg.events) if e.id == event_id)


def next_events(s, *ids):
    """The next event cards drawn are these (harmless ones by default)."""
    s.event_deck = tuple(event(s, i) for i in ids) + tuple(c for c in s.event_deck
                                                          if c not in {event(s, i) for i in ids})


def reset(s):
    """Finish the lab phase: the reset runs and the next round's city phase starts."""
    finish_lab(s)
    return s


def lab(players=2, **options):
    s = to_lab(calm(players, **options))
    next_events(s, QUIET, "feast_of_saint_roch", "dock_strike")
    return s


MIXED = track(muscle=(1, 1, 1, 1), organ=(2, 0, 0, 3), blood=(1, 1, 0, 0), animal=(0, 2, 0, 1))


def test_decay_moves_right_and_discards_stage_four_and_old_blood():
    s = lab()
    edit(s, 0, track=MIXED, bone=5, preserved=(2, 1))
    blood = s.supply_left("blood")
    reset(s)
    assert s.round == 2 and s.phase == "city"
    assert stages(s, 0, "muscle") == (0, 1, 1, 1)      # I->II, II->III, III->IV, IV discarded
    assert stages(s, 0, "organ") == (0, 2, 0, 0)
    assert stages(s, 0, "blood") == (0, 1, 0, 0)       # stage II blood discarded, I moved on
    assert stages(s, 0, "animal") == (0, 0, 2, 0)
    p = s.players[0]
    assert p.bone == 5 and p.preserved == (2, 1)       # bone and preserved cubes never decay
    assert s.supply_left("blood") == blood + 1
    # a second reset: the old blood goes too
    finish_lab(to_lab(s))
    assert stages(s, 0, "blood") == (0, 0, 0, 0) and stages(s, 0, "muscle") == (0, 0, 1, 1)


def test_ice_block_stops_decay_and_melts():
    s = lab()
    edit(s, 0, track=MIXED, ice=2)
    edit(s, 1, track=MIXED)
    assert s.supply_left("ice") == 3
    reset(s)
    assert s.players[0].track == MIXED and s.players[0].ice == 1     # solid -> half-melted
    assert stages(s, 1, "muscle") == (0, 1, 1, 1)                    # no ice: decays
    assert s.supply_left("ice") == 3
    finish_lab(to_lab(s))
    assert s.players[0].track == MIXED and s.players[0].ice == 0     # half-melted -> the supply
    assert s.supply_left("ice") == 4
    finish_lab(to_lab(s))
    assert stages(s, 0, "muscle") == (0, 1, 1, 1)                    # no ice left: it decays


def test_no_decay_and_extra_decay_events():
    # Cold Snap: no decay this reset, ice still melts
    s = lab()
    s.rules = s.cfg.events[event(s, "cold_snap")].early.this_round
    edit(s, 0, track=MIXED)
    edit(s, 1, track=MIXED, ice=2)
    reset(s)
    assert s.players[0].track == MIXED and s.players[1].track == MIXED
    assert s.players[1].ice == 1
    # Heat Wave: labs without ice decompose twice
    s = lab()
    s.rules = s.cfg.events[event(s, "heat_wave")].early.this_round
    edit(s, 0, track=MIXED)
    edit(s, 1, track=MIXED, ice=2)
    reset(s)
    assert stages(s, 0, "muscle") == (0, 0, 1, 1)
    assert stages(s, 0, "organ") == (0, 0, 2, 0)
    assert stages(s, 0, "blood") == (0, 0, 0, 0)
    assert stages(s, 0, "animal") == (0, 0, 0, 2)
    assert s.players[1].track == MIXED and s.players[1].ice == 1
    # the rule lasts the round: the next reset decays once
    finish_lab(to_lab(s))
    assert stages(s, 0, "muscle") == (0, 0, 0, 1)


def test_stage_limit_fifteen_discards_excess():
    # gaining: a stage holds 15; past that its owner chooses the cubes that go (bone is apart)
    s = calm()
    edit(s, 0, track=track(muscle=(9, 0, 0, 0), animal=(4, 0, 0, 0)), bone=0, humanity=0)
    muscle, blood = s.supply_left("muscle"), s.supply_left("blood")
    do(s, "place", space="murder", meeple="scientist")   # 2 muscle, 1 organ, 2 blood at stage I
    assert s.ask == ("overflow", 0, 1) and s.players[0].stage_total(1) == 18
    assert {(a["material"], a["stage"]) for a in s.legal_actions()} == {
        ("muscle", 1), ("organ", 1), ("blood", 1), ("animal", 1)}
    assert str(moves(s, "discard_cube", material="animal")[0]) == "Discard an animal cube from stage I (15 at most)"
    for _ in range(3):
        do(s, "discard_cube", material="animal", stage=1)
    # 15 now: the Murder's blood and organ are kept, the rest of its effects go on
    assert s.players[0].track[:16] == track(muscle=(11, 0, 0, 0), organ=(1, 0, 0, 0), blood=(2, 0, 0, 0),
                                            animal=(1, 0, 0, 0))
    assert s.players[0].police == 1 and s.players[0].bone == 1 and s.ask == ("turn", 1)
    assert s.supply_left("muscle") == muscle - 2 and s.supply_left("blood") == blood - 2
    lost = [e for e in log_entries(s) if e[2] == "overflow"]
    assert lost == [(1, "city", "overflow", 0, "animal", 1, 1)] * 3
    assert s.view(1)["log"][-2:] == ["Round 1, city: seat 0 discards 1 animal cube from stage I (15 at most)"] * 2
    # one material only: no choice, the excess goes by itself and the log says so
    t = calm()
    edit(t, 0, track=track(animal=(14, 0, 0, 0)), francs=5)
    do(t, "place", space="market_buy", meeple="assistant")
    do(t, "buy", item="animal")                            # 2 animal cubes at stage I
    assert stages(t, 0, "animal") == (15, 0, 0, 0) and t.ask[:2] == ("market", 0)
    assert [e[2:] for e in log_entries(t) if e[2] == "overflow"] == [("overflow", 0, "animal", 1, 1)]
    # decomposing: cubes kept fresh stay on stage II and those arriving overflow it: the owner
    # chooses again, among every cube on the space [AM-D-7]
    s = lab()
    edit(s, 0, track=track(muscle=(2, 0, 0, 0), organ=(1, 12, 0, 0), blood=(1, 0, 0, 0), animal=(1, 0, 0, 0)),
         skip=track(organ=(0, 12, 0, 0)))
    reset(s)
    assert s.phase == "reset" and s.ask == ("overflow", 0, 2) and s.players[0].stage_total(2) == 17
    do(s, "discard_cube", material="organ", stage=2)
    do(s, "discard_cube", material="muscle", stage=2)
    assert s.phase == "city" and s.round == 2
    assert stages(s, 0, "organ") == (0, 12, 0, 0)
    assert stages(s, 0, "animal") == (0, 1, 0, 0)
    assert stages(s, 0, "muscle") == (0, 1, 0, 0)
    assert stages(s, 0, "blood") == (0, 1, 0, 0)
    assert s.players[0].stage_total(2) == 15


def test_overflow_choice_is_an_ordinary_move_of_the_owner():
    """The choice is an ordinary move of the owner; a bad discard is refused naming the rule and
    changes nothing; a searching bot's clone keeps the decision."""
    import cardboard
    import pytest

    s = calm()
    edit(s, 0, track=track(muscle=(9, 0, 0, 0), animal=(4, 0, 0, 0)), bone=0, humanity=0)
    do(s, "place", space="murder", meeple="scientist")
    assert s.current_player == 0 and s.view(1)["deciding"] == "overflow"
    before = s._dump()
    with pytest.raises(cardboard.IllegalAction, match="AM-G-1"):
        s.apply(s._act("discard_cube", material="animal", stage=2))
    assert s._dump() == before
    c = s.clone()
    do(c, "discard_cube", material="blood", stage=1)
    assert s.ask == ("overflow", 0, 1) and s.players[0].stage_total(1) == 18
    assert c.players[0].stage_total(1) == 17


def test_skip_decay_keeps_cubes_in_place():
    s = lab()
    card = give_card(s, 0, "research", "on_preservation")    # up to 3 cubes skip the next decay
    edit(s, 0, track=track(muscle=(0, 0, 0, 2), organ=(1, 0, 0, 0), blood=(0, 1, 0, 0)))
    do(s, "play", family="research", card=card)
    assert s.ask[:2] == ("skip", 0)
    do(s, "keep_fresh", material="muscle", stage=4)
    do(s, "keep_fresh", material="blood", stage=2)
    do(s, "keep_fresh", material="organ", stage=1)
    assert s.ask == ("build", 0)                              # 3 chosen: back to building
    reset(s)
    assert stages(s, 0, "muscle") == (0, 0, 0, 1)             # one kept on stage IV, the other gone
    assert stages(s, 0, "blood") == (0, 1, 0, 0)              # kept: not discarded this time
    assert stages(s, 0, "organ") == (1, 0, 0, 0)
    assert sum(s.players[0].skip) == 0
    finish_lab(to_lab(s))                                     # only the next decomposition
    assert s.players[0].track == track(organ=(0, 1, 0, 0))
    # a card may keep fewer
    s = lab()
    card = give_card(s, 0, "research", "on_preservation")
    edit(s, 0, track=track(muscle=(1, 1, 0, 0)))
    do(s, "play", family="research", card=card)
    do(s, "keep_fresh", material="muscle", stage=2)
    do(s, "done")
    reset(s)
    assert stages(s, 0, "muscle") == (0, 2, 0, 0)


def test_refresh_board_and_meeples_home():
    s = calm()
    cfg = s.cfg
    # a round's work: cards taken, meeples out on the board and in the lab, a bump
    do(s, "place", space="research", meeple="scientist")      # seat 0
    do(s, "draw_card", source="row", slot=0)
    do(s, "place", space="pray", meeple="assistant")          # seat 1
    do(s, "draw_card", source="row", slot=0)
    do(s, "place", space="pray", meeple="assistant", bump=0)  # seat 0 bumps seat 1
    do(s, "draw_card", source="row", slot=1)
    do(s, "place", space="study", meeple="assistant")         # seat 1
    assert s.bump == ((1, False),) and s.players[1].study == 1
    assert (s.players[0].free_sci, s.players[0].free_asst) == (0, 1)
    to_lab(s)
    next_events(s, QUIET)
    hosp, square = cfg.deck_index["hospital"], cfg.deck_index["public_square"]
    shown_h, deck_h = s.display[hosp], s.decks[hosp]
    square_cards = s.decks[square][:2]
    s.decks = s.decks[:square] + (s.decks[square][2:],) + s.decks[square + 1:]
    s.display = s.display[:square] + (square_cards,) + s.display[square + 1:]
    rows, row_decks = s.rows, s.row_decks
    played = s.event[0]
    s.closed = frozenset({cfg.loc_index["dark_alley"]})
    reset(s)
    # Hospital: the stack under its deck, as many new cards as players
    assert s.display[hosp] == deck_h[:2] and s.decks[hosp] == deck_h[2:] + shown_h
    # the Public Square: discarded, not replenished
    assert s.display[square] == () and s.decks[square][-2:] == square_cards
    # Docks, Academy, Saint-Roch: every row card under its deck, the rows dealt anew
    for r in range(3):
        kept = tuple(c for c in rows[r] if c >= 0)
        deck = row_decks[r] + kept
        assert s.rows[r] == deck[:len(rows[r])] and s.row_decks[r] == deck[len(rows[r]):]
    assert -1 in rows[1] and -1 not in s.rows[1]
    # the event goes under the event deck; its police marker is gone
    assert s.event_deck[-1] == played and s.event[0] == event(s, QUIET)
    assert s.closed == frozenset() and s.markers == cfg.events[event(s, QUIET)].early.markers
    # meeples home
    assert s.spaces == ((),) * len(cfg.spaces) and s.bump == ()
    for p in s.players:
        assert (p.free_sci, p.free_asst) == (p.scientists, p.assistants)
        assert p.study == p.generator == 0


def test_captain_advances_and_skull_ends_the_game():
    s = lab()
    assert s.captain == 1
    reset(s)
    assert s.captain == 2 and s.round == 2 and not s.is_terminal()
    # the 12th reset takes him to the skull (space 13): the game ends at once
    s = lab()
    s.captain = 12
    played = s.round
    reset(s)
    assert s.captain == 13 and s.is_terminal() and s.phase == "over"
    assert s.round == played and s.view(0)["round"] == played   # no round after the last one
    assert s.ended_by_captain and s.current_player is None and s.legal_actions() == []
    # any effect taking him there ends it too [AM-D-9]: The Captain Closes In moves him one space
    s = lab(3)
    next_events(s, "captain_closes_in")
    s.captain = 10
    reset(s)
    assert s.captain == 12 and not s.is_terminal()     # the reset's step and the event's, once
    s = lab(3)
    next_events(s, "captain_closes_in")
    s.captain = 11
    reset(s)
    assert s.captain == 13 and s.is_terminal() and s.ended_by_captain
    assert s.round == 2                                 # before the city phase of round 2


def test_overflow_is_settled_before_the_next_decision():
    """AM-G-1 "immediately": a cadaver whose materials overflow a space is settled before the next
    cadaver of the draw is offered; a cube made fresher onto a full space likewise, before the card's
    next cube; and the heuristic discards what its plan misses least."""
    from cardboard.games.abomination.heuristic import AbominationHeuristic

    from .util import run_tasks

    s = calm()
    d = s.cfg.deck_index["cemetery"]
    first = tuple(next(i for i, c in enumerate(s.cfg.cadavers) if c.id == x)
                  for x in ("fresh_grave", "paupers_grave", "unmarked_mound"))
    s.decks = s.decks[:d] + (first + tuple(c for c in s.decks[d] if c not in first),) + s.decks[d + 1:]
    edit(s, 0, track=track(muscle=(0, 0, 14, 0), animal=(0, 0, 1, 0)), bone=0)
    do(s, "place", space="dig_up_cadavers", meeple="assistant")
    do(s, "resolve", card="fresh_grave", take="materials")     # 2 muscle, 1 organ at III: 18
    assert s.ask == ("overflow", 0, 3)
    # the heuristic lets a muscle cube go (16 of them: the lone organ and animal serve its plan more)
    bot = AbominationHeuristic(seed=0)
    assert bot.choose(s)["material"] == "muscle"
    for m in ("animal", "muscle", "muscle"):
        do(s, "discard_cube", material=m, stage=3)
    assert stages(s, 0, "muscle") == (0, 0, 14, 0) and stages(s, 0, "organ") == (0, 0, 1, 0)
    assert s.ask[:2] == ("cadavers", 0) and len(s.drawn) == 2  # then the draw goes on
    # making a cube fresher onto a full stage II: the owner discards, then the card's next cube
    t = lab()
    card = give_card(t, 0, "research", "embalming_methods")
    edit(t, 0, track=track(muscle=(0, 15, 1, 0), organ=(0, 0, 1, 0)))
    do(t, "play", family="research", card=card)
    do(t, "restore", material="organ", stage=3)
    assert t.ask == ("overflow", 0, 2)
    do(t, "discard_cube", material="muscle", stage=2)
    assert t.ask == ("restore", 0, 1) and stages(t, 0, "organ") == (0, 1, 0, 0)
    assert stages(t, 0, "muscle") == (0, 14, 1, 0)
