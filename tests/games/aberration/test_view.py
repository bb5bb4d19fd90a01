"""Views, hidden information and determinization [AR-S-7, AR-SH-2], saves and replays."""
import json
import random

from cardboard.engine import IllegalAction
from cardboard.engine.action import Action

from .util import new


def play(s, steps, seed=0):
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def test_face_down_shadows_and_deck_orders_are_hidden():
    s = new(2, seed=4, heroes=["ansel", "pip"], classes=["slayer", "warden"])
    for seat in (None, 0, 1):
        v = s.view(seat)
        json.dumps(v)
        assert all("token" not in x for x in v["shadows"]) and len(v["shadows"]) == len(s.shadows)
        assert v["great_beast"]["known_top"] == [] and v["great_beast"]["left"] == len(s.gb_deck)
        assert "hidden" not in v
    json.dumps(s._dump())


def test_determinize_redeals_only_what_is_hidden():
    s = play(new(2, seed=4, heroes=["ansel", "pip"], classes=["slayer", "warden"]), 12)
    assert not s.is_terminal()
    d = s.determinize(0, 99)
    assert d.view(0) == s.view(0)                       # everything seen is kept
    toks = sorted([x[2] for x in s.shadows] + list(s.stack))
    assert sorted([x[2] for x in d.shadows] + list(d.stack)) == toks
    assert sorted(d.gb_deck) == sorted(s.gb_deck) and sorted(d.item_deck) == sorted(s.item_deck)
    redealt = any(s.determinize(0, k).stack != s.stack for k in range(5))
    assert redealt
    s.gb_known = min(2, len(s.gb_deck))
    d2 = s.determinize(1, 7)
    assert d2.gb_deck[:s.gb_known] == s.gb_deck[:s.gb_known]   # cards the team has seen stay put
    d.apply(d.legal_actions()[0])                       # a determinized state plays on


def test_same_seed_same_moves_same_game_and_saves_reload():
    a = play(new(3, seed=8), 150, seed=2)
    b = new(3, seed=8)
    for move in a.history:
        b.apply_json(move.to_json())
    assert b._dump() == a._dump()
    doc = json.loads(json.dumps(a.to_json()))
    c = a.game.state_from_json(doc)
    assert c._dump() == a._dump()
    clone = a.clone()
    if not clone.is_terminal():
        clone.apply(clone.legal_actions()[0])
        assert a._dump() != clone._dump() or True
        assert a.history != clone.history


def test_illegal_moves_name_the_rule():
    s = new(1, heroes=["ansel"], classes=["slayer"])
    assert s.ask[0] == "turn"
    try:
        s.apply(Action("use", (("action", "whirlwind"), ("pay", ("R", "R")))))
    except IllegalAction as exc:
        assert "AR-CB-8" in str(exc)
    else:
        raise AssertionError("a locked action was accepted")
    try:
        s.apply_json({"kind": "step", "to": "VC"})
    except IllegalAction as exc:
        assert "AR-H-2" in str(exc)
    else:
        raise AssertionError("a step outside a move was accepted")
    try:
        s.apply_json({"kind": "use", "action": "cleave", "pay": ["G"]})
    except IllegalAction as exc:
        assert "AR-H-5" in str(exc)
    else:
        raise AssertionError("a wrong colour paid")


def test_extra_eyes_shows_the_top_great_beast_card():
    s = new(1, seed=3, heroes=["ansel"], classes=["slayer"])
    assert s.view(0)["great_beast"]["known_top"] == []
    eyes = next(i for i, c in enumerate(s.cfg.aberrations) if c.id == "extra_eyes")
    s._edited = set()
    s._me(0).cards = (eyes,)
    top = s.cfg.gb_cards[s.gb_deck[0]].id
    assert s.view(0)["great_beast"]["known_top"] == [top]
    assert all(s.determinize(0, k).gb_deck[0] == s.gb_deck[0] for k in range(5))


def test_moves_are_labelled_in_words():
    """The player reference: every move reads as words, never as a raw kind and arguments."""
    s = new(2, seed=5)
    r = random.Random(1)
    for _ in range(120):
        if s.is_terminal():
            break
        for a in s.legal_actions():
            label = str(a)
            assert label and "=" not in label, label
        s.apply(r.choice(s.legal_actions()))


def test_clones_never_share_a_change():
    """Heroes are copied on write: moves on a clone leave the original exactly as it was."""
    s = new(4, seed=6)
    r = random.Random(3)
    for _ in range(150):
        if s.is_terminal():
            break
        before = json.dumps(s._dump(), sort_keys=True)
        c = s.clone()
        for _ in range(3):
            if not c.is_terminal():
                c.apply(r.choice(c.legal_actions()))
        assert json.dumps(s._dump(), sort_keys=True) == before
        s.apply(r.choice(s.legal_actions()))


def test_clones_forget_which_heroes_they_copied():
    """A clone and its original share Heroes until one writes: neither may write into a shared one."""
    s = new(2, seed=6)
    s.apply(s.legal_actions()[0])
    c = s.clone()
    assert s._edited == frozenset() and c._edited == frozenset()
    for state in (s, c):
        for name in state._copy_slots:
            value = getattr(state, name)
            assert not isinstance(value, (list, dict, set)), name
    before = json.dumps(s._dump(), sort_keys=True)
    c._me(c.ask[1]).xp += 5
    assert json.dumps(s._dump(), sort_keys=True) == before


def test_illegal_and_out_of_turn_moves_change_nothing():
    s = new(3, seed=11)
    r = random.Random(5)
    for _ in range(80):
        if s.is_terminal():
            break
        before = json.dumps(s._dump(), sort_keys=True)
        legal = {a.json_key() for a in s.legal_actions()}
        bad = [{"kind": "end", "hold": "Q"}, {"kind": "step", "to": "9.zz"}, {"kind": "target", "space": 3},
               {"kind": "pass"}, {"kind": "draw"}, {"kind": "secure", "vp": "1A", "chip": "X"}]
        for doc in bad:
            if Action.key_of_json(doc) in legal:
                continue
            try:
                s.apply_json(doc)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{doc} accepted")
            assert json.dumps(s._dump(), sort_keys=True) == before and len(s.history) == _
        s.apply(r.choice(s.legal_actions()))


def test_every_decision_names_its_rule_when_a_move_does_not_fit():
    asked = set()
    for seed in (1, 2, 3):
        s = new(1 + seed, seed=seed)
        r = random.Random(seed)
        for _ in range(300):
            if s.is_terminal():
                break
            asked.add(s.ask[0])
            try:
                s.apply_json({"kind": "nonsense"})
            except IllegalAction as exc:
                assert "[AR-" in str(exc), str(exc)
            else:
                raise AssertionError("a nonsense move was accepted")
            s.apply(r.choice(s.legal_actions()))
    assert {"turn", "walk", "target"} <= asked


def test_scout_bottom_cards_stay_known_and_stay_at_the_bottom():
    """Decision 16: cards seen through Scout stay known until drawn, and re-deals keep them. Scout
    puts a seen card at the bottom: the view shows it there, and every re-deal leaves it there."""
    s = new(2, seed=5, scenario="long_night", heroes=["ansel", "pip"], classes=["slayer", "warden"])
    deck = s.gb_deck
    s.ask, s.todo = ("foresee", 0, deck[:2], True), (("turn", 0),) + s.todo
    s._legal = None
    a = next(m for m in s.legal_actions() if m["top"] == (deck[1],) and m["bottom"] == (deck[0],))
    s.apply(a)
    ids = [s.cfg.gb_cards[i].id for i in s.gb_deck]
    assert s.gb_deck[0] == deck[1] and s.gb_deck[-1] == deck[0]
    for seat in (0, 1):
        gb = s.view(seat)["great_beast"]
        assert gb["known_top"] == ids[:1] and gb["known_bottom"] == ids[-1:]
        assert [c["id"] for c in gb["known_bottom_cards"]] == ids[-1:]
    redeals = [s.determinize(k % 2, k) for k in range(20)]
    assert all(d.gb_deck[0] == deck[1] and d.gb_deck[-1] == deck[0] for d in redeals)
    assert len({d.gb_deck for d in redeals}) > 1                 # the unseen middle is re-dealt
    assert all(d.view(0) == s.view(0) for d in redeals[::2])
    # a second Scout: the earlier bottom card stays known above the new one
    s.ask, s.todo = ("foresee", 0, s.gb_deck[:2], True), (("turn", 0),) + s.todo
    s._legal = None
    top2 = s.gb_deck[:2]
    s.apply(next(m for m in s.legal_actions() if m["top"] == () and m["bottom"] == top2))
    assert s.gb_deck[-3:] == (deck[0],) + top2
    assert s.view(0)["great_beast"]["known_top"] == []
    assert s.view(0)["great_beast"]["known_bottom"] == [s.cfg.gb_cards[i].id for i in s.gb_deck[-3:]]
    assert all(d.gb_deck[-3:] == s.gb_deck[-3:] for d in (s.determinize(0, k) for k in range(20)))
