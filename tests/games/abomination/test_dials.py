"""The attribute dials [AM-A-*]: icons resolve when the pointer moves onto or past them, are
undone moving back, and give or take meeples, Reputation and blue dice; the psychopath's
ignored icons and capped Humanity VP [AM-X-1]."""
from .util import calm, card_index, do, edit, give_card, moves, to_lab


def space(s, space_id):
    return s.cfg.space_index[space_id]


def meeples(p):
    return (p.scientists, p.assistants, p.free_sci, p.free_asst)


def test_icons_fire_when_passed_and_undo_going_back():
    s = calm()
    # Volunteer: +1 Humanity, +2 Reputation: 1 -> 3 lands on the gain-assistant icon
    do(s, "place", space="volunteer", meeple="scientist")
    p = s.players[0]
    assert (p.humanity, p.reputation) == (1, 3)
    assert meeples(p) == (1, 3, 0, 3)
    assert ("reputation", 3, "") in p.fired
    # passing several icons at once resolves each, nearest first: 3 (none new), 5 (VP), 6 (exchange)
    s._edited = set()
    s._turn_dial(0, "reputation", 4)
    p = s.players[0]
    assert p.reputation == 7 and meeples(p) == (2, 2, 1, 2)
    assert s.dial_vp(0, "reputation") == 2
    # back past both: the exchange, then the assistant, are undone
    s._turn_dial(0, "reputation", -6)
    p = s.players[0]
    assert p.reputation == 1 and meeples(p) == (1, 2, 0, 2) and p.fired == frozenset()
    assert s.dial_vp(0, "reputation") == 0
    # Humanity +4: gain 1 Reputation; back to 3: lose it again
    s._turn_dial(0, "humanity", 3)
    assert (s.players[0].humanity, s.players[0].reputation) == (4, 2)
    s._turn_dial(0, "humanity", -1)
    assert (s.players[0].humanity, s.players[0].reputation) == (3, 1)
    # an icon that could do nothing is not undone: 3 assistants already, so none lost going back
    s = calm()
    edit(s, 0, assistants=3, free_asst=3, reputation=2)
    s._turn_dial(0, "reputation", 1)
    assert meeples(s.players[0]) == (1, 3, 1, 3) and s.players[0].fired == frozenset()
    s._turn_dial(0, "reputation", -1)
    assert meeples(s.players[0]) == (1, 3, 1, 3)
    # dials stop at their ends: Reputation 0..25
    s._turn_dial(0, "reputation", -5)
    assert s.players[0].reputation == 0


def test_negative_humanity_icons():
    s = calm()
    edit(s, 0, reputation=2)
    s._edited = set()
    s._turn_dial(0, "humanity", -3)
    p = s.players[0]
    assert (p.humanity, p.reputation, p.assistants) == (-3, 2, 2)
    assert s.dial_vp(0, "humanity") == -2
    s._turn_dial(0, "humanity", -4)          # past -4 (lose 1 Reputation) and -7 (lose an assistant)
    p = s.players[0]
    assert (p.humanity, p.reputation) == (-7, 1) and meeples(p) == (1, 1, 1, 1)
    assert s.dial_vp(0, "humanity") == -4
    s._turn_dial(0, "humanity", -8)          # to -15: -10 (Reputation), -13 (assistant)
    p = s.players[0]
    assert (p.humanity, p.reputation) == (-15, 0) and meeples(p) == (1, 0, 1, 0)
    assert s.dial_vp(0, "humanity") == -10
    s._turn_dial(0, "humanity", 13)          # back to -2: all four undone
    p = s.players[0]
    assert (p.humanity, p.reputation) == (-2, 2) and meeples(p) == (1, 2, 1, 2)
    assert s.dial_vp(0, "humanity") == 0
    # at Reputation 0 the -4 icon takes nothing, so coming back gives nothing
    s = calm()
    edit(s, 0, reputation=0)
    s._turn_dial(0, "humanity", -5)
    assert s.players[0].reputation == 0
    s._turn_dial(0, "humanity", 5)
    assert s.players[0].reputation == 0


def test_gain_assistant_placeable_this_city_phase():
    s = calm()
    edit(s, 0, assistants=0, free_asst=0)           # seat 0 has only its scientist
    base = s.clone()
    do(s, "place", space="volunteer", meeple="scientist")   # Reputation 1 -> 3: an assistant
    assert meeples(s.players[0]) == (1, 1, 0, 1)
    do(s, "place", space="pray", meeple="assistant")          # seat 1
    if s.ask[0] == "card":
        do(s, "decline")
    assert s.ask == ("turn", 0)
    assert moves(s, "place", space="study", meeple="assistant")
    do(s, "place", space="study", meeple="assistant")
    assert s.players[0].study == 1 and s.players[0].expertise == 2
    # without the icon (Reputation already past 3) seat 0 would have had nothing to place
    edit(base, 0, reputation=4)
    do(base, "place", space="volunteer", meeple="scientist")   # 4 -> 6: no assistant to exchange
    assert meeples(base.players[0]) == (1, 0, 0, 0)
    do(base, "place", space="pray", meeple="assistant")
    if base.ask[0] == "card":
        do(base, "decline")
    assert base.ask == ("turn", 1)                           # seat 0 passed by itself


def test_exchange_replaces_a_placed_assistant_keeping_its_effect():
    s = calm()
    edit(s, 0, reputation=5, francs=5)
    do(s, "place", space="pray", meeple="assistant")          # seat 0 takes a humanity card
    do(s, "draw_card", source="row", slot=0)
    taken = s.players[0].humanity_cards
    do(s, "place", space="research", meeple="assistant")      # seat 1
    do(s, "draw_card", source="row", slot=0)
    do(s, "place", space="donate", meeple="assistant")        # seat 0: +2 Humanity
    do(s, "place", space="lecture", meeple="scientist")       # seat 1
    assert meeples(s.players[0]) == (1, 2, 1, 0)
    do(s, "place", space="volunteer", meeple="scientist")     # seat 0: Reputation 5 -> 7, past 6
    p = s.players[0]
    assert meeples(p) == (2, 1, 0, 0)
    # the assistant last placed on the board (Donate) is now a scientist; what it did stands
    assert s.spaces[space(s, "donate")] == ((0, True),)
    assert s.spaces[space(s, "pray")] == ((0, False),)
    assert p.humanity == 3 and p.humanity_cards == taken and len(taken) == 1
    # back below 6: the scientist turns back into the assistant
    s._edited = set()
    s._turn_dial(0, "reputation", -2)
    assert meeples(s.players[0]) == (1, 2, 0, 0) and s.spaces[space(s, "donate")] == ((0, False),)
    # with an assistant still on the card, that one is exchanged and may go where only scientists go
    s = calm()
    edit(s, 0, reputation=5)
    do(s, "place", space="volunteer", meeple="scientist")
    assert meeples(s.players[0]) == (2, 1, 1, 1)
    do(s, "place", space="pray", meeple="assistant")          # seat 1
    if s.ask[0] == "card":
        do(s, "decline")
    assert moves(s, "place", space="lecture", meeple="scientist")


def test_lose_assistant_from_card_then_from_play():
    # Murder at Humanity -4 goes past -7: an assistant from the card
    s = calm()
    edit(s, 0, humanity=-4)
    do(s, "place", space="murder", meeple="scientist")
    p = s.players[0]
    assert p.humanity == -7 and meeples(p) == (1, 1, 0, 1)
    assert ("humanity", -7, "assistant") in p.fired
    assert s.players[1].francs == 2 + 1        # Baptiste Rousseau: a franc for another's loss
    # none left on the card: one in play goes, first from the lab
    s = calm()
    edit(s, 0, humanity=-4, free_asst=0, study=1, generator=1)
    do(s, "place", space="murder", meeple="scientist")
    p = s.players[0]
    assert meeples(p) == (1, 1, 0, 0) and (p.study, p.generator) == (0, 1)
    # order from play: the bump track, then the lab, then the board [AM-D-8]
    s = calm()
    s.bump = ((0, False),)
    s.spaces = s.spaces[:space(s, "pray")] + (((0, False),),) + s.spaces[space(s, "pray") + 1:]
    edit(s, 0, assistants=3, free_asst=0, study=1)
    assert s._lose_meeple(0) == "assistant" and s.bump == ()
    assert s._lose_meeple(0) == "assistant" and s.players[0].study == 0
    assert s._lose_meeple(0) == "assistant" and s.spaces[space(s, "pray")] == ()
    assert meeples(s.players[0]) == (1, 0, 1, 0)
    # every assistant upgraded: a scientist goes instead, but never the last one
    edit(s, 0, scientists=2, free_sci=2)
    assert s._lose_meeple(0) == "scientist" and meeples(s.players[0]) == (1, 0, 1, 0)
    assert s._lose_meeple(0) is None and meeples(s.players[0]) == (1, 0, 1, 0)
    # losing the meeple is undone by going back up past the icon
    s = calm()
    edit(s, 0, humanity=-4)
    s._turn_dial(0, "humanity", -3)
    assert meeples(s.players[0]) == (1, 1, 1, 1)
    s._turn_dial(0, "humanity", 1)
    assert meeples(s.players[0]) == (1, 2, 1, 2)


def test_blue_die_icons():
    s = calm()
    edit(s, 0, expertise=8)
    assert s.blue_dice(0, 6) == 0
    do(s, "place", space="study", meeple="scientist")   # +2 Expertise: 8 -> 10
    assert s.players[0].expertise == 10 and s.blue_dice(0, 6) == 1
    s._edited = set()
    s._turn_dial(0, "expertise", 9)
    assert s.blue_dice(0, 6) == 1
    s._turn_dial(0, "expertise", 1)                      # 20
    assert s.blue_dice(0, 6) == 2 and s.blue_dice(0, 1) == 1
    s._turn_dial(0, "expertise", -11)                    # back to 9
    assert s.blue_dice(0, 6) == 0
    # Improved Apparatus upgrades one more die this round
    s = to_lab(calm())
    card = give_card(s, 0, "research", "improved_apparatus")
    edit(s, 0, expertise=10)
    do(s, "play", family="research", card=card)
    assert s.blue_dice(0, 6) == 2
    assert card_index(s, "research", "improved_apparatus") == card


def test_psychopath_ignores_icons_and_caps_humanity_vp():
    s = calm(characters=["lucien_marchal", "prisha_chatwal"])
    for seat in (0, 1):
        s._edited = set()
        s._turn_dial(seat, "humanity", -13)
    lucien, other = s.players
    assert (lucien.reputation, lucien.assistants) == (1, 2)     # -4/-10 and -7/-13 do nothing to him
    assert (other.reputation, other.assistants) == (0, 0)
    assert s.dial_vp(0, "humanity") == s.dial_vp(1, "humanity") == -8   # negative marks still count
    # coming back up gives him nothing either
    s._turn_dial(0, "humanity", 13)
    assert (s.players[0].reputation, s.players[0].assistants) == (1, 2)
    # his Humanity scores no mark beyond +6; the gain-Reputation icons still work for him
    for seat in (0, 1):
        s._edited = set()
        s._turn_dial(seat, "humanity", 15 - s.players[seat].humanity)
    assert s.players[0].humanity == s.players[1].humanity == 15
    assert s.dial_vp(0, "humanity") == 4 and s.dial_vp(1, "humanity") == 10
    assert s.players[0].reputation == 1 + 3
