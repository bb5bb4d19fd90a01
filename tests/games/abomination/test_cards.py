"""Cards, cadavers and the card locations (AM-K-*, AM-S-2, AM-D-6, AM-D-11): no discard piles,
resolving cadavers, the Hospital's Reputation thresholds, the hand limit, cards played on a city
turn, the Market and the Docks, and the Morgue's face-up top card."""
from types import SimpleNamespace

import pytest

from cardboard.engine import ConfigError

from cardboard.games.abomination.player import cube

from .util import before_round, card_index, do, edit, give_card, moves, new, start_round


def city(players=2, **options):
    """Round 1's City phase after a Cold Snap (a rule for the reset only), seat 0 to place."""
    return start_round(before_round(players, **options), "cold_snap")


def cadaver(s, card_id):
    return next(i for i, c in enumerate(s.cfg.cadavers) if c.id == card_id)


def on_top(s, deck, *card_ids):
    """Put these cadavers on top of a deck, in this order."""
    d = s.cfg.deck_index[deck]
    cards = tuple(cadaver(s, c) for c in card_ids)
    s.decks = s.decks[:d] + (cards + tuple(c for c in s.decks[d] if c not in cards),) + s.decks[d + 1:]
    s._legal = None
    return d


def hospital_stack(s, *card_ids):
    d = s.cfg.deck_index["hospital"]
    cards = tuple(cadaver(s, c) for c in card_ids)
    rest = tuple(c for c in s.decks[d] + s.display[d] if c not in cards)
    s.display = s.display[:d] + (cards,) + s.display[d + 1:]
    s.decks = s.decks[:d] + (rest,) + s.decks[d + 1:]
    s._legal = None
    return d


def scoundrel_row(s, *ids):
    cards = []
    for card_id in ids:
        cards.append(next(i for i, c in enumerate(s.cfg.scoundrels) if c.id == card_id and i not in cards))
    rest = tuple(c for c in s.rows[0] + s.row_decks[0] if c not in cards)
    s.rows = (tuple(cards),) + s.rows[1:]
    s.row_decks = (rest,) + s.row_decks[1:]
    s._legal = None
    return cards


# ---------------------------------------------------------------- AM-K-1
def test_cards_go_under_their_deck():
    s = city(2)
    # cadavers: the one resolved, then the ones left, go face down under their deck
    d = on_top(s, "cemetery", "paupers_grave", "unmarked_mound", "crumbling_crypt")
    size = len(s.decks[d])
    do(s, "place", space="dig_up_cadavers", meeple="assistant")
    assert len(s.decks[d]) == size - 3 and len(s.drawn) == 3
    do(s, "resolve", card="unmarked_mound", take="option")
    do(s, "done")
    assert s.drawn == () and len(s.decks[d]) == size
    assert s.decks[d][-3:] == (cadaver(s, "unmarked_mound"), cadaver(s, "paupers_grave"), cadaver(s, "crumbling_crypt"))
    # a card played from the hand goes under its deck
    letter = give_card(s, 1, "research", "letter_to_the_society")
    do(s, "play", family="research", card=letter)
    assert s.players[1].research == () and s.row_decks[1][-1] == letter
    # a hired scoundrel goes under the scoundrel deck; its slot stays empty until the reset
    catcher = scoundrel_row(s, "dog_catcher", "glassblower", "fence")[0]
    do(s, "place", space="hire_scoundrel", meeple="assistant")
    do(s, "hire", slot=0)
    assert s.rows[0][0] == -1 and s.row_decks[0][-1] == catcher
    # a humanity card played goes under the humanity deck
    tithe = give_card(s, 0, "humanity", "tithe")
    do(s, "play", family="humanity", card=tithe)
    assert s.row_decks[2][-1] == tithe


# ---------------------------------------------------------------- AM-K-2
def test_cadaver_pays_cost_then_option_or_materials():
    # Pauper's Grave: -1 Humanity; +1 Expertise OR 2 bone and 1 muscle at stage III
    s = city(2)
    on_top(s, "cemetery", "paupers_grave", "unmarked_mound", "crumbling_crypt")
    do(s, "place", space="dig_up_cadavers", meeple="assistant")
    assert {(a["card"], a["take"]) for a in moves(s, "resolve")} == {
        (c, t) for c in ("paupers_grave", "unmarked_mound", "crumbling_crypt") for t in ("option", "materials")}
    do(s, "resolve", card="paupers_grave", take="option")
    p = s.players[0]
    assert (p.humanity, p.expertise, p.bone, sum(p.track)) == (-1, 2, 0, 0)
    assert s.ask[0] == "cadavers"                       # "any": the others may be resolved too
    do(s, "resolve", card="crumbling_crypt", take="materials")   # no cost: 3 bone
    p = s.players[0]
    assert (p.humanity, p.expertise, p.bone) == (-1, 2, 3)
    t = city(2)
    on_top(t, "cemetery", "paupers_grave", "unmarked_mound", "crumbling_crypt")
    do(t, "place", space="dig_up_cadavers", meeple="assistant")
    do(t, "resolve", card="paupers_grave", take="materials")
    p = t.players[0]
    assert (p.humanity, p.expertise, p.bone, p.track[cube("muscle", 3)], sum(p.track)) == (-1, 1, 2, 1, 1)
    # a franc cost: unaffordable cards are not offered
    u = city(2)
    hospital_stack(u, "charity_ward_patient", "typhus_victim")
    edit(u, 0, reputation=7, francs=1)
    do(u, "place", space="retrieve_cadaver", meeple="assistant")
    do(u, "take", card="charity_ward_patient", take="option")       # 1 franc, then +2 Expertise
    assert (u.players[0].francs, u.players[0].reputation, u.players[0].expertise) == (0, 7, 3)
    v = city(2)
    hospital_stack(v, "charity_ward_patient", "typhus_victim")
    edit(v, 0, reputation=7, francs=0)
    do(v, "place", space="retrieve_cadaver", meeple="assistant")
    assert v.ask == ("turn", 1) and v.players[0].reputation == 7      # nothing it could pay for
    # a free draw (Grave Robber) pays no cost and resolves one card only
    w = city(2)
    scoundrel_row(w, "grave_robber", "glassblower", "fence")
    on_top(w, "cemetery", "paupers_grave", "plague_pit")
    do(w, "place", space="hire_scoundrel", meeple="assistant")
    do(w, "hire", slot=0)
    do(w, "resolve", card="plague_pit", take="option")
    assert (w.players[0].humanity, w.players[0].expertise) == (0, 3) and w.drawn == ()


def test_cadaver_option_raises_expertise_as_the_rulebook_says():
    """AM-K-2: "Increase their expertise by the value shown on the card". The publisher's preview
    showed cadavers raising Reputation or Humanity instead; those cards are the option
    cadavers="preview" (content.toml keeps the preview's attributes)."""
    from cardboard.games.abomination.game import AbominationGame

    preview = before_round(2, cadavers="preview").cfg.cadavers
    kinds = [c.option.attribute for c in preview]
    assert (len(kinds), kinds.count("reputation"), kinds.count("humanity")) == (52, 11, 5)
    s = city(2)                                                    # the rulebook by default
    assert all(c.option.attribute == "expertise" for c in s.cfg.cadavers)
    assert [c.option.amount for c in s.cfg.cadavers] == [c.option.amount for c in preview]
    hospital_stack(s, "charity_ward_patient", "typhus_victim")     # the preview's +2 Reputation
    edit(s, 0, reputation=7, francs=1)
    assert s.view(0)["board"]["cadavers"]["hospital"]["display"][0]["option"] == {"attribute": "expertise", "amount": 2}
    do(s, "place", space="retrieve_cadaver", meeple="assistant")
    do(s, "take", card="charity_ward_patient", take="option")
    assert (s.players[0].reputation, s.players[0].expertise) == (7, 3)
    t = city(2, cadavers="preview")
    hospital_stack(t, "charity_ward_patient", "typhus_victim")
    edit(t, 0, reputation=7, francs=1)
    do(t, "place", space="retrieve_cadaver", meeple="assistant")
    do(t, "take", card="charity_ward_patient", take="option")
    assert (t.players[0].reputation, t.players[0].expertise) == (9, 1)
    # the lobby offers the choice; anything else is refused with a clear error
    schema = AbominationGame.options_model.model_json_schema()["properties"]["cadavers"]
    assert schema.get("enum", schema.get("anyOf", [{}])[0].get("enum")) == ["rulebook", "preview"]
    with pytest.raises(ConfigError, match="cadavers"):
        before_round(2, cadavers="printed")


def test_hospital_thresholds():
    s = city(2)
    hospital_stack(s, "amputated_limb", "typhus_victim")
    edit(s, 0, reputation=6)
    assert not moves(s, "place", space="retrieve_cadaver")
    edit(s, 0, reputation=7, francs=3)
    do(s, "place", space="retrieve_cadaver", meeple="assistant")
    # only the top of the stack; no second card below Reputation 15
    assert {a["card"] for a in moves(s, "take")} == {"amputated_limb"}
    do(s, "take", card="amputated_limb", take="materials")
    d = s.cfg.deck_index["hospital"]
    assert s.display[d] == (cadaver(s, "typhus_victim"),) and s.decks[d][-1] == cadaver(s, "amputated_limb")
    assert s.players[0].track[cube("muscle", 1)] == 2 and s.ask == ("turn", 1)
    # at 15 a second card for 1 franc
    t = city(2)
    hospital_stack(t, "amputated_limb", "typhus_victim")
    edit(t, 0, reputation=15, francs=3)
    do(t, "place", space="retrieve_cadaver", meeple="assistant")
    do(t, "take", card="amputated_limb", take="option")
    assert t.ask[0] == "may_pay" and {a.kind for a in t.legal_actions()} == {"pay", "decline"}
    do(t, "pay", francs=1)
    assert t.players[0].francs == 2 and {a["card"] for a in moves(t, "take")} == {"typhus_victim"}
    do(t, "take", card="typhus_victim", take="option")              # +1 Expertise each (the rulebook's option)
    assert (t.players[0].reputation, t.players[0].expertise) == (15, 3) and t.display[d] == ()
    # without a franc the offer is not made
    u = city(2)
    hospital_stack(u, "amputated_limb", "typhus_victim")
    edit(u, 0, reputation=15, francs=0)
    do(u, "place", space="retrieve_cadaver", meeple="assistant")
    do(u, "take", card="amputated_limb", take="option")
    assert u.ask == ("turn", 1)
    # an empty stack closes the space
    v = city(2)
    hospital_stack(v)
    edit(v, 0, reputation=9)
    assert not moves(v, "place", space="retrieve_cadaver")


# ---------------------------------------------------------------- AM-K-3, AM-D-11
def test_hand_limit_three_needs_a_discard():
    s = city(2)
    hand = [give_card(s, 0, "research", c) for c in ("galvanis_notes", "on_preservation", "surgical_atlas")]
    row = s.rows[1]
    do(s, "place", space="research", meeple="assistant")
    draws = moves(s, "draw_card")
    assert draws and all(a.get("discard") in hand for a in draws)        # a 4th needs a discard
    assert {(a["source"], a["slot"]) for a in draws} == {("row", 0), ("row", 1), ("deck", 0)}
    assert moves(s, "decline")                                            # drawing is optional
    do(s, "draw_card", source="row", slot=1, discard=hand[0])
    assert sorted(s.players[0].research) == sorted(hand[1:] + [row[1]])
    assert s.row_decks[1][-1] == hand[0]                                  # under its deck
    assert s.rows[1] == (row[0], -1)                                      # not refilled now
    # under the limit: no discard; the deck's top is taken blind
    t = city(2)
    give_card(t, 0, "humanity", "alms")
    top = t.row_decks[2][0]
    do(t, "place", space="pray", meeple="assistant")
    assert all(a.get("discard") is None for a in moves(t, "draw_card"))
    do(t, "draw_card", source="deck", slot=0)
    assert top in t.players[0].humanity_cards and len(t.players[0].humanity_cards) == 2
    assert t.row_decks[2][0] != top
    # decline keeps the hand
    u = city(2)
    do(u, "place", space="pray", meeple="assistant")
    do(u, "decline")
    assert u.players[0].humanity_cards == () and u.ask == ("turn", 1)


# ---------------------------------------------------------------- AM-K-4
def test_city_turn_cards_and_their_icons():
    s = city(2)
    letter = give_card(s, 0, "research", "letter_to_the_society")
    notes = give_card(s, 0, "research", "galvanis_notes")
    tithe = give_card(s, 0, "humanity", "tithe")
    alms = give_card(s, 0, "humanity", "alms")
    playable = {(a["family"], a["card"]) for a in moves(s, "play")}
    assert playable == {("research", letter), ("humanity", tithe), ("humanity", alms)}   # not the lab's
    do(s, "play", family="research", card=letter)     # +2 Reputation, then its icon: 1 franc
    p = s.players[0]
    assert (p.reputation, p.francs) == (3, 3) and s.ask == ("turn", 0)      # still to place
    do(s, "play", family="humanity", card=tithe)      # icon: 2 francs
    do(s, "play", family="humanity", card=alms)       # icons: +1 Humanity, +1 Reputation
    p = s.players[0]
    assert (p.francs, p.humanity, p.reputation) == (5, 1, 4)
    # no meeple used; Reputation 3's icon gave an assistant to place this phase
    assert (p.free_sci, p.free_asst) == (1, 3) and s.ask == ("turn", 0)
    assert p.research == (notes,) and p.humanity_cards == ()
    # Pardon returns a police marker for nothing (+1 Reputation)
    t = city(2)
    pardon = give_card(t, 0, "humanity", "pardon")
    edit(t, 0, police=1, francs=0)
    do(t, "play", family="humanity", card=pardon)
    assert (t.players[0].police, t.players[0].reputation, t.players[0].francs) == (0, 2, 0)
    # the lab card is played in the lab phase: Galvani's Notes, +2 Expertise
    for seat in (0, 1):
        edit(s, seat, free_sci=0, free_asst=0)
    do(s, "pass")
    assert s.ask == ("build", 0) and moves(s, "play", card=notes)
    do(s, "play", family="research", card=notes)
    assert s.players[0].expertise == 3 and s.ask == ("build", 0)


# ---------------------------------------------------------------- AM-K-7: the Market
def test_market_buy_and_sell():
    s = city(2)
    edit(s, 0, francs=9)
    do(s, "place", space="market_buy", meeple="assistant")
    assert {a["item"] for a in moves(s, "buy")} == {"jar", "ice", "animal"}
    do(s, "buy", item="jar")
    do(s, "buy", item="ice")
    do(s, "buy", item="animal")
    p = s.players[0]
    assert (p.francs, p.empty, p.ice, p.track[cube("animal", 1)]) == (3, 1, 2, 2)
    assert {a["item"] for a in moves(s, "buy")} == {"jar", "animal"}    # one ice block at most
    do(s, "buy", item="animal")
    assert s.players[0].track[cube("animal", 1)] == 4
    assert {a["item"] for a in moves(s, "buy")} == {"jar"}              # 4 animal cubes a visit
    do(s, "buy", item="jar")
    assert s.players[0].francs == 0 and [a.kind for a in s.legal_actions()] == ["done_buying"]
    do(s, "done_buying")
    assert s.ask == ("turn", 1)
    # 4 jars at most; prices follow the round's rule (never below 1)
    t = city(2)
    edit(t, 0, francs=9, charged=2, empty=2)
    t.rules = (SimpleNamespace(kind="market_price_change", amount=-1),)
    do(t, "place", space="market_buy", meeple="assistant")
    assert {a["item"] for a in moves(t, "buy")} == {"ice", "animal"}
    do(t, "buy", item="ice")
    do(t, "buy", item="animal")
    assert t.players[0].francs == 9 - 2 - 1
    # selling: every preserved cube at 1 franc (made for the player), bone 2 for 1 franc
    u = city(2)
    edit(u, 0, francs=0, preserved=(3, 2), bone=3)
    do(u, "place", space="market_sell", meeple="assistant")
    assert u.players[0].francs == 5 and u.players[0].preserved == (0, 0)
    assert [a["francs"] for a in moves(u, "sell_bone")] == [0, 1]
    do(u, "sell_bone", francs=1)
    assert (u.players[0].francs, u.players[0].bone) == (6, 1)
    # the Fence pays 2 a preserved cube
    v = city(2)
    scoundrel_row(v, "fence", "glassblower", "dog_catcher")
    edit(v, 0, francs=0, preserved=(1, 1))
    do(v, "place", space="hire_scoundrel", meeple="assistant")
    do(v, "hire", slot=0)
    assert v.players[0].francs == 4 and v.players[0].preserved == (0, 0)


# ---------------------------------------------------------------- AM-K-7: the Docks
def test_hire_scoundrel_pays_and_resolves():
    s = city(2)
    catcher, glass, thief = scoundrel_row(s, "dog_catcher", "glassblower", "hospital_thief")
    edit(s, 0, francs=1)
    do(s, "place", space="hire_scoundrel", meeple="assistant")
    assert sorted(a["slot"] for a in moves(s, "hire")) == [0, 1] and moves(s, "decline")   # the Thief costs 2
    do(s, "hire", slot=0)
    p = s.players[0]
    assert (p.francs, p.track[cube("animal", 1)]) == (0, 3)
    assert s.rows[0] == (-1, glass, thief) and s.row_decks[0][-1] == catcher
    # the Docks hold two meeples; the Hospital Thief ignores the Reputation requirement
    do(s, "place", space="hire_scoundrel", meeple="assistant")
    assert s.spaces[s.cfg.space_index["hire_scoundrel"]] == ((0, False), (1, False))
    hosp = s.cfg.deck_index["hospital"]
    top = s.display[hosp][0]
    assert s.players[1].reputation == 1
    do(s, "hire", slot=2)
    assert s.ask[0] == "take_cadaver" and {a["card"] for a in moves(s, "take")} == {s.cfg.cadavers[top].id}
    do(s, "take", card=s.cfg.cadavers[top].id, take="option")
    assert top not in s.display[hosp] and s.players[1].francs == 0
    # a Glassblower's jar
    t = city(2)
    scoundrel_row(t, "glassblower", "dog_catcher", "fence")
    do(t, "place", space="hire_scoundrel", meeple="assistant")
    do(t, "hire", slot=0)
    assert (t.players[0].empty, t.players[0].francs) == (1, 1)
    # nothing affordable: no question
    u = city(2)
    scoundrel_row(u, "hired_killer", "hospital_thief", "ice_merchant")
    edit(u, 0, francs=1)
    do(u, "place", space="hire_scoundrel", meeple="assistant")
    assert u.ask == ("turn", 1) and u.players[0].francs == 1
    assert card_index(u, "scoundrels", "hired_killer") in u.rows[0]


# ---------------------------------------------------------------- AM-S-2
def test_morgue_top_is_public():
    s = city(3)
    d = s.cfg.deck_index
    morgue_top = s.cfg.cadavers[s.decks[d["morgue"]][0]].id
    for seat in (0, 1, 2, None):
        cad = s.view(seat)["board"]["cadavers"]
        assert cad["morgue"]["top"]["id"] == morgue_top
        assert cad["cemetery"]["top"] is None and cad["hospital"]["top"] is None
        assert cad["public_square"]["top"] is None
        assert cad["cemetery"]["cards"] == 16 and cad["morgue"]["cards"] == 14
        assert [c["id"] for c in cad["hospital"]["display"]] == [s.cfg.cadavers[c].id for c in s.display[d["hospital"]]]
        assert len(cad["hospital"]["display"]) == 3
    # the Morgue deck keeps its order: the top drawn is the one that was shown, and the next shows
    second = s.cfg.cadavers[s.decks[d["morgue"]][1]].id
    third = s.cfg.cadavers[s.decks[d["morgue"]][2]].id
    do(s, "place", space="buy_cadavers", meeple="assistant")
    assert s.cfg.cadavers[s.drawn[0]].id == morgue_top and s.cfg.cadavers[s.drawn[1]].id == second
    assert s.view(1)["board"]["cadavers"]["morgue"]["top"]["id"] == third


def test_francs_are_not_limited_by_the_box():
    """[AM-D-13] 42 francs in the box, but a payout is never cut short; a payment takes what there is."""
    s = new(2)
    edit(s, 0, francs=40)
    edit(s, 1, francs=40)
    s._eff_gain_francs(0, SimpleNamespace(amount=3), None)
    assert s.players[0].francs == 43 and sum(p.francs for p in s.players) == 83 > s.cfg.content.supply.francs
    s._gain_francs(1, -50)
    assert s.players[1].francs == 0
    assert s.view(0)["players"][0]["francs"] == 43
