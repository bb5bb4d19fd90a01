"""Hidden information and bad input (AM-H-1, AM-H-2, AM-D-5): what a seat's view shows and hides,
the re-deal a search makes of what a seat has not seen, and illegal moves that name their rule and
change nothing."""
import random
from collections import Counter

import pytest

import cardboard
from cardboard.games.abomination.knowledge import CADAVER, HUMANITY, RESEARCH, SCOUNDREL
from cardboard.games.abomination.player import cube

from .util import before_round, do, edit, give_card, start_round


def held_state():
    """Round 1's City phase, 2 players: seat 0 holds the Morgue's encounter and a card of each
    family, seat 1 a research card."""
    s = start_round(before_round(2), "night_porter")
    give_card(s, 0, "research", "galvanis_notes")
    give_card(s, 0, "humanity", "vigil")
    give_card(s, 1, "research", "surgical_atlas")
    return s


def swap_hand(s, seat, family):
    """A copy where the seat's first card of a family is another card of the deck (same count)."""
    t = s.clone()
    t._edited = set()
    r = {"research": 1, "humanity": 2}[family]
    old = t.hand(seat, family)[0]
    new = next(c for c in t.row_decks[r] if getattr(t.cfg, family)[c].id != getattr(t.cfg, family)[old].id)
    t._set_hand(seat, family, tuple(c for c in t.hand(seat, family) if c != old) + (new,))
    t.row_decks = t.row_decks[:r] + (tuple(old if c == new else c for c in t.row_decks[r]),) + t.row_decks[r + 1:]
    return t


def arm_materials(s, seat):
    edit(s, seat, bone=1, track=tuple(2 if i == cube("muscle", 1) else 1 if i == cube("blood", 1) else 0
                                      for i in range(16)))


# ---------------------------------------------------------------- AM-H-1
def test_views_hide_hands_held_encounters_and_drawn_cadavers():
    s = held_state()
    mine, theirs, spectator = s.view(0)["players"][0], s.view(1)["players"][0], s.view(None)["players"][0]
    assert (s.view(0)["viewer"], s.view(1)["viewer"], s.view(None)["viewer"]) == (0, 1, None)
    assert [c["id"] for c in mine["research"]] == ["galvanis_notes"]
    assert [c["id"] for c in mine["humanity_cards"]] == ["vigil"]
    assert [h["id"] for h in mine["held"]] == ["night_porter"]
    for v in (theirs, spectator):
        assert not {"research", "humanity_cards", "held"} & set(v)
        assert (v["research_count"], v["humanity_count"], v["held_encounters"]) == (1, 1, 1)
    # a view does not change when only what its seat cannot see changes
    assert swap_hand(s, 0, "research").view(1) == s.view(1)
    assert swap_hand(s, 0, "humanity").view(1) == s.view(1)
    assert swap_hand(s, 0, "research").view(0) != s.view(0)
    t = s.clone()
    t._edited = set()
    t._me(0).held = ((t.players[0].held[0] + 1) % len(t.cfg.encounters),)
    assert t.view(1) == s.view(1) and t.view(0) != s.view(0)
    t = s.clone()
    d = t.cfg.deck_index["cemetery"]
    t.decks = t.decks[:d] + (t.decks[d][::-1],) + t.decks[d + 1:]
    t.row_decks = tuple(deck[::-1] for deck in t.row_decks)
    t.event_deck = t.event_deck[::-1]
    assert t.view(0) == s.view(0) and t.view(1) == s.view(1) and t.view(None) == s.view(None)
    # cadavers drawn at the Cemetery: the drawer sees them, the others only how many
    do(s, "place", space="dig_up_cadavers", meeple="assistant")
    assert [c["id"] for c in s.view(0)["board"]["drawn"]] == [s.cfg.cadavers[c].id for c in s.drawn]
    assert s.view(1)["board"]["drawn"] == 3 and s.view(None)["board"]["drawn"] == 3
    # everything is shown once the game is over
    over = s.clone()
    over._end_game(by_captain=True)
    assert [c["id"] for c in over.view(1)["players"][0]["research"]] == ["galvanis_notes"]
    assert [h["id"] for h in over.view(None)["players"][0]["held"]] == ["night_porter"]


def test_lab_phase_work_hidden_until_the_phase_ends():
    """AM-H-1, AM-D-5: during the lab phase the others' labs show as the phase began."""
    s = start_round(before_round(2), "cold_snap")
    arm_materials(s, 0)
    notes = give_card(s, 0, "research", "galvanis_notes")
    for seat in (0, 1):
        edit(s, seat, free_sci=0, free_asst=0)
    do(s, "pass")
    assert s.ask == ("build", 0)
    deck = s.view(1)["board"]["rows"]["research"]["deck"]
    do(s, "build", slot=2, side="start", stage=1, animal=(0, 0, 0))
    do(s, "play", family="research", card=notes)
    assert s.view(1)["board"]["rows"]["research"]["deck"] == deck          # not seen yet
    assert s.view(0)["board"]["rows"]["research"]["deck"] == deck + 1
    assert s.view(1)["players"][0]["research_count"] == 1
    assert s.view(0)["players"][0]["table"][2]["state"] == "muscle"
    assert s.view(0)["scores"][0]["builds"] == 3
    other = s.view(1)
    assert other["players"][0]["table"][2]["state"] == "empty" and other["players"][0]["expertise"] == 1
    assert other["players"][0]["research_count"] == 1
    assert other["players"][0]["bone"] == 1 and other["scores"][0] is None
    # nor through the shared supply, nor through the kind of decision seat 0 is making
    damage = other["board"]["supply"]["damage"]
    marked = s.players[0].damage
    edit(s, 0, damage=(1,) + marked[1:])
    assert s.view(1)["board"]["supply"]["damage"] == damage
    assert s.view(0)["board"]["supply"]["damage"] == damage - 1
    assert s.view(1)["deciding"] == "lab" and s.view(None)["deciding"] == "lab"
    assert s.view(0)["deciding"] == "build"
    edit(s, 0, damage=marked)
    # nor through the log: seat 0's lab lines are its own until the phase ends
    mine = [line for line in s.view(0)["log"] if ", lab: seat 0 " in line]
    assert any(" starts the " in line for line in mine)
    assert any("plays Galvani" in line for line in mine)
    assert not [line for line in s.view(1)["log"] if ", lab: " in line]
    assert not [line for line in s.view(None)["log"] if ", lab: " in line]
    do(s, "done")
    assert s.ask == ("build", 1)
    assert s.view(1)["players"][0]["table"][2]["state"] == "empty"
    do(s, "done")
    assert s.view(1)["players"][0]["table"][2]["state"] == "muscle"   # the phase is over
    assert [line for line in s.view(1)["log"] if ", lab: seat 0 " in line] == mine
    assert s.view(1)["board"]["rows"]["research"]["deck"] == deck + 1


def test_the_lab_supplies_never_run_short_so_no_lab_narrows_another():
    """AM-D-5: the lab phase is played seat after seat, each seat's moves drawn against the true
    supply. That hides the earlier labs only because the shared supplies a lab draws on (part
    tokens to build, alive markers for eyes, damage markers for bolts: at most one a part, a second
    discards both) hold enough for every table at the most players: no seat's lab can ever leave
    too few for another."""
    game = cardboard.load_game("abomination", players=4, seed=0)
    cfg = game.cfg
    supply = cfg.content.supply
    n = game.max_players
    slots = len(cfg.slot_part)
    for part in set(cfg.slot_part):
        assert supply.part_tokens[part] >= n * cfg.slot_part.count(part), part
    assert supply.alive_markers >= n * slots
    assert supply.damage_markers >= n * slots
    # and the rules never hold a second marker on a part: two on one downgrade it at once
    s = start_round(before_round(2), "cold_snap")
    edit(s, 0, parts=(2,) + s.players[0].parts[1:], damage=(1,) + s.players[0].damage[1:])
    before = s.supply_left("damage")
    s._place_damage(0, 0)
    assert s.players[0].damage[0] == 0 and s.supply_left("damage") == before + 1


# ---------------------------------------------------------------- AM-H-1: determinize
def test_determinize_redeals_only_the_unseen():
    s = held_state()
    give_card(s, 1, "humanity", "tithe")
    before = s._dump()
    n_events = len(s.cfg.events)
    changed_hand = changed_deck = changed_held = False
    for seed in range(12):
        d = s.determinize(1, seed)
        assert s._dump() == before                        # the original is untouched
        assert d.view(1) == s.view(1)                     # nothing seat 1 can see has changed
        # seat 1's own cards stay; seat 0's hands keep their sizes, drawn from the unseen cards
        assert d.players[1].research == s.players[1].research
        assert d.players[1].humanity_cards == s.players[1].humanity_cards
        for r, family in ((1, "research"), (2, "humanity")):
            assert len(d.hand(0, family)) == len(s.hand(0, family))
            assert Counter(d.hand(0, family) + d.row_decks[r]) == Counter(s.hand(0, family) + s.row_decks[r])
            assert d.rows[r] == s.rows[r]                 # face-up cards stay
        changed_hand |= d.hand(0, "research") != s.hand(0, "research")
        # decks: the same cards, the Morgue's visible top kept
        for k in range(len(s.decks)):
            assert sorted(d.decks[k]) == sorted(s.decks[k]) and d.display[k] == s.display[k]
        m = s.cfg.deck_index["morgue"]
        assert d.decks[m][0] == s.decks[m][0]
        changed_deck |= d.decks[s.cfg.deck_index["cemetery"]] != s.decks[s.cfg.deck_index["cemetery"]]
        # seat 0's held encounter and the covered deck: cards seat 1 has not seen (the deck's
        # make-up is random too), as many encounters as before, the seen ones where they were
        assert len(d.players[0].held) == 1 and len(d.event_deck) == len(s.event_deck)
        assert d.cfg.encounters[d.players[0].held[0]].trigger != "now"   # "now" ones are never held
        cards = d.event_deck + tuple(n_events + e for e in d.players[0].held)
        assert len(set(cards)) == len(cards)
        assert not set(cards) & (set(s.seen) - set(s.event_deck))
        assert sum(c >= n_events for c in cards) == sum(c >= n_events for c in s.event_deck) + 1
        for i, c in enumerate(s.event_deck):
            if c in s.seen:
                assert d.event_deck[i] == c
        changed_held |= d.players[0].held != s.players[0].held
    assert changed_hand and changed_deck and changed_held
    # the holder's re-deal keeps its own encounter and hand
    d0 = s.determinize(0, 3)
    assert d0.players[0].held == s.players[0].held and d0.hand(0, "research") == s.hand(0, "research")
    assert d0.view(0) == s.view(0)


def test_determinize_in_the_lab_phase_replays_earlier_labs():
    """AM-D-5: a later player's re-deal puts the players who went before back to the phase's start."""
    s = start_round(before_round(2), "cold_snap")
    arm_materials(s, 0)
    notes = give_card(s, 0, "research", "galvanis_notes")
    give_card(s, 0, "research", "surgical_atlas")
    for seat in (0, 1):
        edit(s, seat, free_sci=0, free_asst=0)
    do(s, "pass")
    do(s, "build", slot=2, side="start", stage=1, animal=(0, 0, 0))
    do(s, "play", family="research", card=notes)    # +2 Expertise; the card goes under its deck
    do(s, "done")
    assert s.ask == ("build", 1)
    before, start_hand = s._dump(), s.lab_start[0].research
    hands = set()
    for seed in range(8):
        d = s.determinize(1, seed)
        assert s._dump() == before and s.lab_start[0].research == start_hand
        p = d.players[0]
        assert p.parts[2] == 0 and p.expertise == 1 and p.bone == 1      # back to the phase's start
        assert len(p.research) == 2                                       # the hand it began with ...
        hands.add(p.research)
        cards = d.row_decks[1] + tuple(c for c in d.rows[1] if c >= 0) + p.research + d.players[1].research
        assert sorted(cards) == list(range(16))                           # ... no card twice or lost
        assert d.view(1) == s.view(1)
        i = d.todo.index(("lab_end",))
        assert d.todo[i - 1] == ("lab_turn", 0)
    assert len(hands) > 1                        # seat 0's real hand is not handed to the search
    do(d, "done")                                # seat 1 finishes; seat 0 takes its lab again
    assert d.ask == ("build", 0)


# ---------------------------------------------------------------- AM-D-14: what a seat has seen
def city_state():
    """Round 1's City phase, 2 players, seat 0 to place; no card in any hand."""
    return start_round(before_round(2), "cold_snap")


def test_a_card_taken_from_a_row_is_seen_in_the_hand_and_kept_by_every_redeal():
    s = city_state()
    shown = s.rows[1][0]
    do(s, "place", space="research", meeple="assistant")          # seat 0 takes a face-up card
    do(s, "draw_card", source="row", slot=0)
    top = s.row_decks[2][0]
    do(s, "place", space="pray", meeple="assistant")              # seat 1 takes the deck's top
    do(s, "draw_card", source="deck", slot=0)
    assert s.players[0].research == (shown,) and s.players[1].humanity_cards == (top,)
    # every view lists the face-up card under seat 0's hand; the blind draw is the drawer's own
    for viewer in (1, None):
        seen = s.view(viewer)["players"][0]
        assert [c["card"] for c in seen["research_seen"]] == [shown] and "research" not in seen
    theirs = s.view(0)["players"][1]
    assert theirs["humanity_seen"] == [] and theirs["humanity_count"] == 1
    assert s.view(None)["players"][1]["humanity_seen"] == []
    # seat 1's re-deal keeps the card it saw; seat 0's deals seat 1 any unseen humanity card
    dealt = set()
    for seed in range(20):
        assert s.determinize(1, seed).players[0].research == (shown,)
        d = s.determinize(0, seed)
        assert d.players[0].research == (shown,) and d.view(0) == s.view(0)
        dealt.add(d.players[1].humanity_cards)
    assert len(dealt) > 3


def test_cards_put_under_a_deck_in_sight_keep_their_places_in_every_redeal():
    """A played card and the rows' cards at the reset go under their decks in everyone's sight
    [AM-K-1]: a re-deal leaves them where they are and shuffles only the cards above them."""
    s = city_state()
    shown = s.rows[1][0]
    do(s, "place", space="research", meeple="assistant")
    do(s, "draw_card", source="row", slot=0)
    deck = s.row_decks[1]
    s._discard_card(0, "research", shown)                        # played: under its deck, seen by all
    assert s.row_decks[1] == deck + (shown,)
    moved = False
    for seed in range(10):
        d = s.determinize(1, seed)
        assert d.row_decks[1][-1] == shown and sorted(d.row_decks[1]) == sorted(s.row_decks[1])
        moved |= d.row_decks[1][:-1] != deck
    assert moved                                                  # the unseen part is shuffled
    # the reset: the rows' cards under their decks, in order; new rows dealt face up
    t = city_state()
    rows = [tuple(c for c in row if c >= 0) for row in t.rows]
    t._task_refresh()
    for r in range(3):
        under = t.row_decks[r][-len(rows[r]):]
        assert under == rows[r] and all(t.knows(seat, r, c) for seat in (0, 1) for c in under + t.rows[r])
        for seed in range(6):
            d = t.determinize(1, seed)
            assert d.row_decks[r][-len(rows[r]):] == rows[r]


def test_cadavers_put_back_unresolved_are_known_to_their_drawer_alone():
    s = city_state()
    cem = s.cfg.deck_index["cemetery"]
    do(s, "place", space="dig_up_cadavers", meeple="assistant")
    drawn = s.drawn
    assert len(drawn) == 3 and all(s.knows(0, CADAVER, c) and not s.knows(1, CADAVER, c) for c in drawn)
    do(s, "done")                                                 # none resolved: all face down under the deck
    assert s.decks[cem][-3:] == drawn
    others = False
    for seed in range(12):
        assert s.determinize(0, seed).decks[cem][-3:] == drawn     # the drawer remembers them
        others |= s.determinize(1, seed).decks[cem][-3:] != drawn  # the other seat does not
    assert others
    # one resolved in sight is known to all as it goes under the deck
    t = city_state()
    edit(t, 0, francs=20)
    do(t, "place", space="dig_up_cadavers", meeple="assistant")
    card = t.drawn[0]
    do(t, "resolve", card=t.cfg.cadavers[card].id, take="materials")
    assert t.knows(1, CADAVER, card) and card in t.decks[cem]
    assert all(not t.knows(1, CADAVER, c) for c in t.drawn)


def test_the_morgue_top_is_seen_by_all_and_stays_known_when_put_back():
    """The Morgue lies face up [AM-S-1 4a]: each card that comes to its top is seen by every seat, so
    the top a player draws and puts back unresolved is known to the others too, as is the new top."""
    s = city_state()
    m = s.cfg.deck_index["morgue"]
    top = s.decks[m][0]
    assert all(s.knows(seat, CADAVER, top) for seat in (0, 1))
    edit(s, 0, francs=5)
    do(s, "place", space="buy_cadavers", meeple="assistant")
    first, second = s.drawn
    new_top = s.decks[m][0]
    assert first == top and all(s.knows(seat, CADAVER, new_top) for seat in (0, 1))
    assert s.knows(0, CADAVER, second) and not s.knows(1, CADAVER, second)   # it lay under the top
    do(s, "done")                                                 # both back under the Morgue, face down
    assert s.decks[m][-2:] == (first, second) and s.knows(1, CADAVER, first)
    moved = False
    for seed in range(12):
        d = s.determinize(1, seed)
        assert d.decks[m][0] == new_top and d.decks[m][-2] == first   # what seat 1 saw stays put
        moved |= d.decks[m][-1] != second                              # the card it did not see moves
    assert moved


def test_a_card_played_in_the_lab_is_seen_by_the_others_when_the_phase_ends():
    """AM-D-14 with AM-H-1: a research card seat 0 drew blind and plays in its lab goes under its deck,
    but the others learn it only as the lab phase ends."""
    s = start_round(before_round(2), "cold_snap")
    arm_materials(s, 0)
    notes = give_card(s, 0, "research", "galvanis_notes")
    s.known = s.known[:RESEARCH] + (tuple(1 if c == notes else m for c, m in enumerate(s.known[RESEARCH])),) \
        + s.known[RESEARCH + 1:]                      # drawn blind: seat 0 alone knows it
    for seat in (0, 1):
        edit(s, seat, free_sci=0, free_asst=0)
    do(s, "pass")
    do(s, "build", slot=2, side="start", stage=1, animal=(0, 0, 0))
    do(s, "play", family="research", card=notes)
    assert s.row_decks[1][-1] == notes and s.knows(0, RESEARCH, notes) and not s.knows(1, RESEARCH, notes)
    do(s, "done")
    do(s, "done")                                     # seat 1's lab: the phase ends
    assert s.phase != "lab" and s.knows(1, RESEARCH, notes)


def test_what_a_seat_knows_never_moves_in_its_redeal():
    """Over random games: every card a seat knows the place of (its hand, the cards it saw, the
    cadavers it drew) is where it really is in that seat's re-deal (decks card by card, hands as
    sets), and the view is unchanged. (The lab phase's re-deal, which also takes back earlier
    players' lab work, has its own test above.)"""
    rnd = random.Random(5)
    for seed in range(3):
        s = cardboard.load_game("abomination", players=3, seed=seed).new_initial_state()
        step = 0
        while not s.is_terminal():
            if step % 23 == 0 and s.phase != "lab":
                for seat in range(3):
                    d = s.determinize(seat, step)
                    assert d.view(seat) == s.view(seat)
                    decks = [(CADAVER, real, dealt) for real, dealt in zip(s.decks, d.decks)]
                    decks += [(r, s.row_decks[r], d.row_decks[r]) for r in (SCOUNDREL, RESEARCH, HUMANITY)]
                    for zone, real, dealt in decks:
                        assert [c for c in real if s.knows(seat, zone, c)] == \
                            [e for c, e in zip(real, dealt) if s.knows(seat, zone, c)]
                    for o in range(3):
                        for r, f in ((RESEARCH, "research"), (HUMANITY, "humanity")):
                            known = {c for c in s.hand(o, f) if s.knows(seat, r, c)}
                            assert known <= set(d.hand(o, f))
                            if o == seat:   # a seat always knows its own hand
                                assert known == set(s.hand(o, f))
            s.apply(rnd.choice(s.legal_actions()))
            step += 1


# ---------------------------------------------------------------- AM-H-2
def refused(s, move, rule):
    """The move raises IllegalAction naming `rule`, by Action and by JSON, and changes nothing."""
    before, length = s._dump(), len(s)
    with pytest.raises(cardboard.IllegalAction) as exc:
        s.apply(s._act(move["kind"], **{k: tuple(v) if isinstance(v, list) else v
                                        for k, v in move.items() if k != "kind"}))
    assert f"[{rule}]" in str(exc.value), str(exc.value)
    with pytest.raises(cardboard.IllegalAction) as exc_json:
        s.apply_json(move)
    assert f"[{rule}]" in str(exc_json.value), str(exc_json.value)
    assert s._dump() == before and len(s) == length
    return str(exc.value)


def test_illegal_moves_name_the_rule():
    s = start_round(before_round(2), "cold_snap")
    # an assistant on a scientist-only space
    refused(s, {"kind": "place", "space": "practice_medicine", "meeple": "assistant"}, "AM-Y-3")
    # a space that costs more francs than held
    edit(s, 0, francs=0)
    refused(s, {"kind": "place", "space": "buy_cadavers", "meeple": "assistant"}, "AM-Y-3")
    edit(s, 0, francs=2)
    # bumping with a full track; bumping your own meeple
    do(s, "place", space="market_sell", meeple="assistant")
    s.bump = ((0, True), (0, False))
    s._legal = None
    # no place move bumps now: the engine names the field before the game's rules (issue #22 item 18)
    with pytest.raises(cardboard.IllegalAction, match=r"'bump' is not a field of a 'place' move"):
        s.apply_json({"kind": "place", "space": "market_sell", "meeple": "assistant", "bump": 0})
    s.bump = ()
    s._legal = None
    do(s, "place", space="study", meeple="assistant")
    with pytest.raises(cardboard.IllegalAction, match=r"'bump' is not a field of a 'place' move"):
        s.apply_json({"kind": "place", "space": "market_sell", "meeple": "scientist", "bump": 0})
    # out of turn: a lab move in the city phase names whose decision it is
    msg = refused(s, {"kind": "build", "slot": 2, "side": "start", "stage": 1, "animal": [0, 0, 0]}, "AM-Y-1")
    assert "seat 0" in msg
    do(s, "place", space="generator", meeple="assistant")
    assert s.ask == ("turn", 1)
    msg = refused(s, {"kind": "accept"}, "AM-Y-1")
    assert "seat 1" in msg
    # building without the Expertise: a head needs 11
    for seat in (0, 1):
        edit(s, seat, free_sci=0, free_asst=0)
    do(s, "pass")
    assert s.ask == ("build", 0)
    edit(s, 0, bone=5, track=(5,) * 16)
    msg = refused(s, {"kind": "build", "slot": 0, "side": "start", "stage": 1, "animal": [0, 0, 0]}, "AM-L-4")
    assert "11" in msg
    # a move after the end is refused too
    s._end_game(by_captain=True)
    s._legal = None
    with pytest.raises(cardboard.IllegalAction, match="over"):
        s.apply_json({"kind": "done"})


def test_every_lab_move_changes_the_save():
    """The public view shows lab work as the phase began; a save must still tell every position
    apart, or a tampered log could replay to the same snapshot."""
    import json
    import random

    from .util import new
    checked = 0
    for g in range(6):
        s = new(4, seed=10 + g, characters=["prisha_chatwal", "baptiste_rousseau", "lucien_marchal",
                                            "marie_freeman"])
        rnd = random.Random(g)
        while not s.is_terminal() and s.round < 3:
            if s.phase == "lab":
                saved = json.dumps(s._dump(), sort_keys=True)
                for a in s.legal_actions():
                    t = s.clone()
                    t.apply(a)
                    assert json.dumps(t._dump(), sort_keys=True) != saved, a
                    checked += 1
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 50


def test_a_save_made_while_dice_lie_on_the_table_loads():
    """The shock dice are part of a save; JSON turns their pairs into lists, and the snapshot must
    still match what the log replays to."""
    import json

    from .util import new, play_until
    s = play_until(new(2, seed=2), "dice")   # a random game that reaches a throw of the switch
    assert s.roll
    doc = json.loads(json.dumps(s.to_json()))
    assert s.game.state_from_json(doc)._dump() == s._dump()
