"""Hidden information: hands, deck order, buried buffet tiles, the dig (HA-H-1)."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import ScriptedRng, make, mark_seen
from .test_invariants import check_invariants


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


# ---------------------------------------------------------------- re-deals [HA-H-2]
def _place(s, t):
    """Where tile t is: ("deck",), ("pile", i), ("hand", seat) or ("slab", seat)."""
    if t in s.deck:
        return ("deck",)
    for i, p in enumerate(s.buffet):
        if t in p:
            return ("pile", i)
    for k, h in enumerate(s.hands):
        if t in h:
            return ("hand", k)
    for k, slab in enumerate(s.slabs):
        if any(x == t for x, _, _ in slab.values()):
            return ("slab", k)
    return None


def _tile_out(s, t):
    """Take tile t out of the deck, the buffet or a hand (to put it somewhere else)."""
    s.deck = tuple(x for x in s.deck if x != t)
    s.buffet = tuple(tuple(x for x in p if x != t) for p in s.buffet)
    s.hands = tuple(tuple(x for x in h if x != t) for h in s.hands)


def _digging(players=3, seed=5, pile_ids=("red-01", "red-02", "red-03", "red-04", "red-05")):
    """Seat 0 on its second turn, digging through pile 0 made of `pile_ids` (bottom first)."""
    _, s = make(players, seed=seed)
    s.started = (True,) * players
    tiles = tuple(s.cfg.index[i] for i in pile_ids)
    for t in tiles:
        _tile_out(s, t)
    s.deck = s.deck + s.buffet[0]  # pile 0's tile goes to the deck's top, face down
    s.buffet = (tiles,) + s.buffet[1:]
    mark_seen(s, public=tiles, hidden=s.deck)
    s.rng = ScriptedRng(["dig"], seed)
    s._start_turn(0)
    s._legal = None
    s.apply_json({"kind": "dig", "pile": 0})
    return s


def test_a_diggers_redeal_keeps_the_dug_tiles():
    """[HA-H-2] The digger has seen the whole pile: its re-deal at the take-two step and at
    each put-back step leaves the pile and its hand as they are, and every tile stays single
    once the dig goes on (it lost one tile and doubled another before)."""
    s = _digging()
    for step in ({"kind": "dig_take", "tiles": ["red-02", "red-04"]},
                 {"kind": "dig_top", "tile": "red-05"}, {"kind": "dig_top", "tile": "red-01"}):
        for seed in range(6):
            d = s.determinize(0, seed)
            assert d.buffet[0] == s.buffet[0] and d.dig == s.dig and d.hands[0] == s.hands[0]
            d.apply_json(step)
            check_invariants(d)
            while not d.is_terminal() and len(d) < len(s) + 40:
                d.apply(d.legal_actions()[seed % len(d.legal_actions())])
                check_invariants(d)
        s.apply_json(step)
    assert s.phase == "play" and [s.cfg.tiles[t].id for t in s.buffet[0]] == ["red-03", "red-01", "red-05"]


def test_others_redeal_dug_tiles_among_the_pile_and_the_diggers_hand():
    """Seat 1 saw the five tiles go into seat 0's hands; which two seat 0 kept and the order of
    the other three it cannot know: its re-deals keep the five among those places (and the top
    that was shown), and do deal them again."""
    s = _digging()
    s.apply_json({"kind": "dig_take", "tiles": ["red-02", "red-04"]})
    five = {s.cfg.index[i] for i in ("red-01", "red-02", "red-03", "red-04", "red-05")}
    kept = []
    for seed in range(30):
        d = s.determinize(1, seed)
        assert d.view(1) == s.view(1)
        assert set(d.buffet[0]) | (set(d.hands[0]) & five) == five and len(set(d.hands[0]) & five) == 2
        assert set(d.dig[1]) == set(d.buffet[0])
        kept.append(frozenset(set(d.hands[0]) & five))
    assert len(set(kept)) > 3
    for tid in ("red-05", "red-01"):
        s.apply_json({"kind": "dig_top", "tile": tid})
    top = s.buffet[0][-1]
    for seed in range(10):
        d = s.determinize(2, seed)
        assert d.buffet[0][-1] == top and set(d.buffet[0]) | (set(d.hands[0]) & five) == five


def test_a_stolen_tile_stays_in_the_thiefs_hand():
    """The audit's repro: seat 1 steals blu-10 from seat 0; every re-deal for seat 0 keeps
    blu-10 in seat 1's hand (it was in none of 20 before)."""
    _, s = make(2, seed=6)
    t = s.cfg.index["blu-10"]
    _tile_out(s, t)
    slab = dict(s.slabs[0])
    slab[(-1, 0)] = (t, 1, s.cfg.masks[t][1])  # a bend turned east-south, onto the torso's north
    s.slabs = (slab,) + s.slabs[1:]
    mark_seen(s, public=[t])
    s.started = (True, True)
    s.phase, s.player, s.decider, s._legal = "steal", 1, 1, None
    s.apply_json({"kind": "steal", "seat": 0, "at": [-1, 0]})
    assert t in s.hands[1]
    for seed in range(20):
        assert t in s.determinize(0, seed).hands[1]


def test_pile_tiles_and_tops_taken_stay_where_they_were_seen():
    """Buried buffet tiles were face up once: a re-deal keeps every pile as it is; a tile drawn
    from a pile's top stays in the drawer's hand (both first turns are Draws: no Dig mixes a
    pile)."""
    _, s = make(2, seed=4)
    drawn = s.buffet[0][-1]
    name = s.cfg.tiles[drawn].id
    for seat, sources in ((0, (0, "deck")), (1, ("deck", "deck"))):
        for src in sources:
            s.apply_json({"kind": "draw", "source": src})
        s.apply(next(a for a in s.legal_actions() if a.get("tile") != name))  # play
        while s.phase == "discard":
            tile = next(a["tile"] for a in s.legal_actions() if a["tile"] != name)
            s.apply_json({"kind": "discard", "tile": tile, "pile": 2})
    assert len(s.buffet[2]) >= 2 and drawn in s.hands[0]
    for seed in range(10):
        d = s.determinize(1, seed)
        assert d.buffet == s.buffet and drawn in d.hands[0]
        assert s.determinize(0, seed).buffet == s.buffet


class _Observer:
    """What one seat has seen, from the public log and its own views, kept apart from the
    rules' own bookkeeping: {tile: ("pile", i) | ("hand", seat) | ("deck",)}."""

    def __init__(self, state, seat):
        self.seat = seat
        self.known = {}
        self.log = state.log
        self.digging = None
        self.look(state)

    def look(self, s):
        events, node = [], s.log
        while node is not self.log:
            node, e = node
            events.append(e)
        self.log = s.log
        index = s.cfg.index
        for e in reversed(events):
            kind = e[0]
            if kind == "draw" and e[2] != "deck":
                self.known[index[e[3]]] = ("hand", e[1])
            elif kind == "steal":
                self.known[index[e[4]]] = ("hand", e[1])
            elif kind == "play":
                self.known.pop(index[e[2]], None)
            elif kind == "discard":
                self.known[index[e[2]]] = ("deck",) if e[3] is None else ("pile", e[3])
            elif kind == "dig":  # the pile goes into the digger's hands: only it sees where each goes
                self.known = {t: w for t, w in self.known.items() if w != ("pile", e[2])}
                if e[1] == self.seat:
                    self.digging = e[2]
        if self.digging is not None and s.dig is None:  # its own dig is back on the pile
            for t in s.buffet[self.digging]:
                self.known[t] = ("pile", self.digging)
            self.digging = None
        for i, p in enumerate(s.view(self.seat)["buffet"]):
            if p["top"] is not None:
                self.known[index[p["top"]["id"]]] = ("pile", i)


@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_redeals_keep_what_each_seat_saw_and_conserve_tiles(players, seed, moves):
    """At random points of random games, for every seat: a re-deal shows that seat the same
    view, keeps every tile it saw go somewhere there until it saw it move (the audit found
    5,528 of 5,650 re-dealt elsewhere), conserves every tile, and plays on to the end
    conserving them."""
    _, s = make(players, seed=seed)
    r = random.Random(moves)
    watchers = [_Observer(s, seat) for seat in range(players)]
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
        for w in watchers:
            w.look(s)
        if s.is_terminal() or r.random() > 0.15:
            continue
        for w in watchers:
            d = s.determinize(w.seat, r.randrange(1 << 30))
            assert d.view(w.seat) == s.view(w.seat)
            assert d.hands[w.seat] == s.hands[w.seat]
            for t, where in w.known.items():
                assert _place(d, t) == where, (s.cfg.tiles[t].id, where, _place(d, t))
            check_invariants(d)
        if r.random() < 0.2:  # now and then one of them plays on to the end
            d = s.determinize(r.randrange(players), r.randrange(1 << 30))
            while not d.is_terminal():
                d.apply(r.choice(d.legal_actions()))
                check_invariants(d)
