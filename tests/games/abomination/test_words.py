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


def test_a_hire_names_the_scoundrel_and_stays_the_same_move():
    """Issue #23: "Hire scoundrel 1/2/3" was a code; the label names the card at that slot, and the
    move is still the plain (kind, slot) move, equal to and pickled as one."""
    import pickle

    from cardboard.games.abomination.rules import AbominationAction

    s = play_until(new(2, seed=3), "turn", seat=0)
    s.ask = ("hire", 0, None)
    s._legal = None
    edit(s, 0, francs=30)
    hires = moves(s, "hire")
    assert hires
    for a in hires:
        name = s.cfg.scoundrels[s.rows[0][a["slot"]]].name
        assert a.label().startswith(f"Hire the scoundrel {name}"), a.label()
        plain = AbominationAction("hire", a.args, s.cfg)
        assert a == plain and hash(a) == hash(plain)
        assert pickle.loads(pickle.dumps(a)) == a
    card = s.rows[0][hires[0]["slot"]]
    s.apply(hires[0])
    assert card not in s.rows[0] or s.rows[0].count(card) == 1


PLAIN = [r"\b[a-z]+_[a-z_]+\b", r"\b\w+=", r"\b\d+\.[a-z][a-z0-9]*\b", r"\br\d+c\d+\b", r"\(\s*-?\d+\s*,\s*-?\d+\s*\)",
         r"#\d+", r"\b(?!(?:III|IV|II)\b)[A-Z]{3,}\b", r"\b[A-Z][a-z]?/[A-Z][a-z]?\b", r"\b\d+[A-Za-z]\+\d+[A-Za-z]\b",
         r"\b\d+/\d+/\d+\b", r"\bmeeple \d", r"\bscoundrel \d", r"\ba [aeiou]"]


def test_labels_and_log_lines_say_things_in_words():
    """Issue #23's internal-id patterns (the stage numerals III and IV are the rulebook's own:
    "Stage III or IV animal material cannot be substituted for blood"), and two of ours: no
    "meeple 2" / "scoundrel 1" by number, no "a organ"."""
    import re

    pats = [re.compile(p) for p in PLAIN]
    for g in range(6):
        s = new(players=2 + g % 3, seed=300 + g)
        rnd = random.Random(g)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                bad = [p.pattern for p in pats if p.search(a.label())]
                assert not bad, f"{a.label()!r} matches {bad}"
            s.apply(rnd.choice(legal))
        for seat in range(s.cfg.players):
            for line in s.view(seat)["log"]:
                bad = [p.pattern for p in pats if p.search(line)]
                assert not bad, f"{line!r} matches {bad}"


def test_a_card_taken_from_a_row_is_named():
    """"Take face-up card 1" said a place, not a card: the label names the card at that slot."""
    s = play_until(new(2, seed=3), "turn", seat=0)
    for family, r in (("research", 1), ("humanity", 2)):
        s.ask = ("card", 0, family, 1)
        s._legal = None
        rows = moves(s, "draw_card", source="row")
        assert rows
        for a in rows:
            name = getattr(s.cfg, family)[s.rows[r][a["slot"]]].name
            assert a.label().startswith(f"Take {name} from the face-up {family} row"), a.label()
        deck = moves(s, "draw_card", source="deck")
        assert all(a.label().startswith(f"Take the top card of the {family} deck") for a in deck)


def _why(s, doc):
    return s._illegal_json_message(doc, doc["kind"], s.legal_actions())


def test_board_targets_that_are_not_legal_say_why_with_a_rule_id():
    """Issue #23's "Why not?": a click on a board target that is not legal now is answered with the
    rule it breaks. A full space with the Bribe & Bump track full says so (it asked which meeple to
    bump, as if one could be); a scoundrel too dear names its price; a cube names what is wrong."""
    from .util import calm, track

    s = calm(2, seed=5)
    i = s.cfg.space_index["murder"]
    s.spaces = s.spaces[:i] + (((1, True),) * s.cfg.slots[i],) + s.spaces[i + 1:]
    s.bump = ((1, False),) * len(s.cfg.bump_costs)
    s._legal = None
    why = _why(s, {"kind": "place", "space": "murder", "meeple": "scientist"})
    assert "Bribe & Bump track is full" in why and "[AM-Y-4]" in why, why

    s = calm(2, seed=5)
    s.ask = ("hire", 0, None)
    edit(s, 0, francs=0)
    s._legal = None
    row = s.rows[0]
    dear = next(k for k, c in enumerate(row) if c >= 0 and s.cfg.scoundrels[c].cost > 0)
    spec = s.cfg.scoundrels[row[dear]]
    why = _why(s, {"kind": "hire", "slot": dear})
    assert f"{spec.name} costs {spec.cost} francs and you have 0 [AM-K-7]" in why, why

    s = calm(2, seed=5)
    edit(s, 0, track=track(muscle=(1, 0, 0, 0)))
    s.ask = ("preserve", 0)
    s._legal = None
    assert "only muscle and organ cubes can be preserved [AM-L-8]" in _why(s, {"kind": "preserve", "material": "blood", "stage": 1})
    assert "no organ cube at stage II [AM-L-8]" in _why(s, {"kind": "preserve", "material": "organ", "stage": 2})
