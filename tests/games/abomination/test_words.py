"""Moves in words: every legal move reads differently from the others at the same moment, and two
copies of one card in a hand are one choice, not two."""
from __future__ import annotations

import random
from collections import defaultdict

from .util import do, edit, give_card, moves, new, play_until


def test_distinct_moves_have_distinct_labels():
    for g in range(12):
        s = new(players=2 + g % 3, seed=100 + g)
        rnd = random.Random(g)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert len(set(legal)) == len(legal), f"the same move offered twice: {legal}"
            labels = defaultdict(list)
            for a in legal:
                labels[a.label()].append(a)
            same = {k: v for k, v in labels.items() if len(v) > 1}
            assert not same, f"different moves with one label at {s.ask[:2]}: {same}"
            s.apply(rnd.choice(legal))


def test_two_copies_of_a_card_are_one_choice():
    s = play_until(new(2, seed=3), "turn", seat=0)
    held = s.players[0].humanity_cards          # back under the deck: the hand starts empty
    edit(s, 0, humanity_cards=())
    s.row_decks = s.row_decks[:2] + (s.row_decks[2] + held,)
    for card in ("tithe", "tithe", "alms"):
        give_card(s, 0, "humanity", card)
    assert sorted(s.cfg.humanity[c].id for c in s.players[0].humanity_cards) == ["alms", "tithe", "tithe"]
    plays = [s.cfg.humanity[a["card"]].id for a in moves(s, "play", family="humanity")]
    assert sorted(plays) == ["alms", "tithe"]
    # a fourth card: the discard offered is one per name
    s.ask = ("card", 0, "humanity", 1)
    s._legal = None
    discards = [s.cfg.humanity[a["discard"]].id for a in moves(s, "draw_card", source="deck")]
    assert sorted(discards) == ["alms", "tithe"]
    do(s, "draw_card", source="deck", discard=s.players[0].humanity_cards[0])
    assert len(s.players[0].humanity_cards) == 3


def test_labels_name_the_part_and_the_article():
    s = new(2, seed=1)
    labels = [a.label() for a in s.legal_actions()]
    assert any(l.startswith("Place an assistant at ") for l in labels)
    assert not any(" a assistant" in l for l in labels)


def test_decisions_say_what_is_asked():
    """The deciding seat's view names what its decision is about (family, marker, deck...)."""
    found = {}
    for g in range(30):
        s = new(players=2 + g % 3, seed=200 + g)
        rnd = random.Random(g)
        while not s.is_terminal() and len(found) < 4:
            kind = s.ask[0]
            if kind in ("card", "marker", "cadavers", "block") and kind not in found:
                found[kind] = (s.ask, s.view(s.ask[1])["decision"])
                assert "decision" not in s.view((s.ask[1] + 1) % s.cfg.players)
            s.apply(rnd.choice(s.legal_actions()))
    ask, d = found["card"]
    assert d["kind"] == "card" and d["family"] == ask[2] and d["cards_left"] == ask[3]
    ask, d = found["marker"]
    assert d["marker"] == ask[2] and d["markers_left"] == ask[3]
    ask, d = found["cadavers"]
    assert d["deck"] in ("cemetery", "morgue", "hospital", "public_square") and d["resolve"] in ("any", "one")
    if "block" in found:
        ask, d = found["block"]
        assert d["placer"] == ask[2] and d["meeple"] in ("scientist", "assistant")


def test_the_second_copy_is_refused_by_name():
    import pytest

    from cardboard.engine.errors import IllegalAction
    s = play_until(new(2, seed=3), "turn", seat=0)
    held = s.players[0].humanity_cards
    edit(s, 0, humanity_cards=())
    s.row_decks = s.row_decks[:2] + (s.row_decks[2] + held,)
    for card in ("tithe", "tithe"):
        give_card(s, 0, "humanity", card)
    first, second = sorted(s.players[0].humanity_cards)
    before = s._dump()
    with pytest.raises(IllegalAction, match=r"offered as card %d \[AM-D-6\]" % first):
        s.apply(s._act("play", family="humanity", card=second))
    assert s._dump() == before
    s.apply(s._act("play", family="humanity", card=first))


def test_views_carry_the_texts_a_player_reads():
    """Spaces with their location, text and whether they are immoral; scoundrel costs; the
    character's text: what the printed board and cards show."""
    s = new(2, seed=1)
    v = s.view(0)
    dig = next(sp for sp in v["board"]["spaces"] if sp["id"] == "dig_up_cadavers")
    assert dig["location_name"] == "Cemetery" and dig["immoral"] and "Cemetery" in dig["text"]
    for slot in v["board"]["rows"]["scoundrels"]["slots"]:
        assert slot is None or slot["cost"] == s.cfg.scoundrels[slot["card"]].cost
    assert v["players"][1]["character_text"] == s.cfg.characters[s.players[1].character].text
