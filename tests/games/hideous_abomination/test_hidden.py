"""Hidden information: hands, deck order, buried buffet tiles, the dig (HA-H-1)."""
import json
import random

from .helpers import ScriptedRng, make


def _ids_in(doc) -> set:
    found = set()
    def walk(x):
        if isinstance(x, dict):
            if "id" in x and isinstance(x["id"], str):
                found.add(x["id"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            found.add(x)
    walk(doc)
    return found


def test_views_hide_hands_deck_and_dig():
    _, s = make(3, seed=12)
    r = random.Random(3)
    for _ in range(120):
        if s.is_terminal():
            break
        for seat in (None, 0, 1, 2):
            v = s.view(seat)
            seen = _ids_in(v)
            cfg = s.cfg
            for other in range(3):
                hand_ids = {cfg.tiles[t].id for t in s.hands[other]}
                if other == seat:
                    assert {t["id"] for t in v["seats"][other]["hand"]} == hand_ids
                else:
                    assert "hand" not in v["seats"][other]
                    # a hand tile may be seen only if it is also somewhere public (never: tiles are unique)
                    assert not hand_ids & seen
            deck_ids = {cfg.tiles[t].id for t in s.deck}
            assert not deck_ids & seen
            buried = {cfg.tiles[t].id for p in s.buffet for t in p[:-1]}
            if s.dig is None or seat != s.player:
                assert not buried & seen
            json.dumps(v)
        s.apply(r.choice(s.legal_actions()))


def test_dig_is_seen_by_the_digger_only():
    _, s = make(2, seed=5)
    s.started = (True, True)
    s.buffet = ((s.deck[-1], s.deck[-2], s.deck[-3]),) + s.buffet[1:]
    s.deck = s.deck[:-3]
    s.rng = ScriptedRng(["dig"])
    s._start_turn(0)
    s._legal = None
    s.apply_json({"kind": "dig", "pile": 0})
    assert len(s.view(0)["dig"]["tiles"]) == 3
    assert s.view(1)["dig"] == {"pile": 0, "size": 3} and s.view(None)["dig"] == {"pile": 0, "size": 3}


def test_determinize_keeps_what_seat_sees():
    _, s = make(3, seed=13)
    r = random.Random(2)
    for _ in range(40):
        s.apply(r.choice(s.legal_actions()))
    d = s.determinize(1, seed=99)
    assert d.view(1)["seats"] == s.view(1)["seats"]  # own hand, every abomination, scores
    assert [p["top"] for p in d.view(1)["buffet"]] == [p["top"] for p in s.view(1)["buffet"]]
    assert d.view(1)["deck_size"] == s.view(1)["deck_size"]
    assert sorted(d.deck + sum(d.hands, ())) != [] and d.hands[1] == s.hands[1]
    hidden = lambda x: sorted(x.deck + x.hands[0] + x.hands[2] + sum((p[:-1] for p in x.buffet), ()))
    assert hidden(d) == hidden(s)  # the same tiles, re-dealt
    assert (d.deck, d.hands[0]) != (s.deck, s.hands[0])
    # the original is untouched and both still play
    d.apply(d.legal_actions()[0])
