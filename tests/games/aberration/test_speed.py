"""Issue #27: the fast paths of the rules give exactly what the plain rules give. Each test holds a
plain reference (the code as it was before the speed work) against the fast one on the positions of
seeded random games at every player count and in both scenarios, and the caches stay bounded."""
from __future__ import annotations

from itertools import combinations, permutations

import pytest

from cardboard.engine import Rng
from cardboard.games.aberration import game as game_mod
from cardboard.games.aberration import heroes as heroes_mod
from cardboard.games.aberration import mapping as mapping_mod
from cardboard.games.aberration.game import bfs

from .util import edit, new

SETUPS = [(1, "first_night"), (2, "long_night"), (3, "first_night"), (4, "long_night")]


def positions(games_each: int = 6, seed: int = 0):
    """Every position of seeded random games (uniform moves), each a clone that has not listed its moves."""
    rng = Rng(seed)
    for players, scenario in SETUPS:
        for _ in range(games_each):
            s = new(players, seed=rng.next64(), scenario=scenario)
            while not s.is_terminal():
                yield s.clone()
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])


# ---------------------------------------------------------------- the references (plain rules)
def ref_passives(s, seat):
    cfg, h = s.cfg, s.heroes[seat]
    out = list(cfg.heroes[h.hero].special.passives)
    for a in cfg.classes[h.cls].actions:
        if a.mode == "passive" and a.section in h.locks:
            out += a.passives
    for i in h.attuned:
        out += cfg.items[i].passives
    for k in h.cards:
        out += cfg.aberrations[k].passives
    return out


def ref_has(s, seat, kind):
    return next((p for p in ref_passives(s, seat) if p.kind == kind), None)


def ref_payments(s, seat, cost):
    hand = s.heroes[seat].hand
    xpays = {p.colour for p in ref_passives(s, seat) if p.kind == "chip_pays" and p.chip == "X"}

    def fits(chip, need):
        e = chip[-1]
        return need == "any" or e == need or e == "H" or (e == "X" and need in xpays)
    out = set()
    for combo in combinations(range(len(hand)), len(cost)):
        chips = [hand[i] for i in combo]
        if any(all(fits(ch, need) for ch, need in zip(perm, cost)) for perm in permutations(chips)):
            out.add(tuple(sorted(chips)))
    return sorted(out)


def ref_possible(s, seat, e):
    """effect_possible, with attacks tested target by target over the plain distances."""
    if e.kind in ("melee", "ranged"):
        here = s.heroes[seat].space
        if e.kind == "melee":
            spaces = [here]
        elif e.range == "sight":
            spaces = s.sight(seat)
        else:
            reach = e.range + sum(p.amount for p in ref_passives(s, seat) if p.kind == "range_bonus")
            row = s.cfg.between[here]
            spaces = [x for x in range(len(row)) if 0 <= row[x] <= reach]
        return any(s.targets_in(x) for x in spaces)
    return s.effect_possible(seat, e)


def ref_moves_turn(s):
    seat = s.ask[1]
    cfg, h = s.cfg, s.heroes[seat]
    act = s._act
    out = []
    forbidden = {p.action for p in ref_passives(s, seat) if p.kind == "forbid_action"}
    acts = [cfg.actions[x] for x in cfg.general]
    acts += [a for a in cfg.classes[h.cls].actions if not a.locked or a.section in h.locks]
    for a in acts:
        if a.id in forbidden or a.mode != "action" or a.effects[0].kind == "secure":
            continue
        if not ref_possible(s, seat, a.effects[0]):
            continue
        out += [act("use", action=a.id, pay=pay) for pay in ref_payments(s, seat, a.cost)]
    for i in sorted(set(h.attuned)):
        a = cfg.items[i].action
        if a and ref_possible(s, seat, a.effects[0]):
            out += [act("wield", item=i, pay=pay) for pay in ref_payments(s, seat, a.cost)]
    for i in s.distinct_items(seat):
        item = cfg.items[i]
        if item.type == "single" and ref_possible(s, seat, item.effects[0]):
            out.append(act("item", item=i))
        if item.exploit == "act" and (h.bag or h.discard):
            out.append(act("exploit", item=i, to=seat))
        if item.exploit == "alter":
            out += s._alter_moves(i, seat)
    out += s._secure_moves(seat, s._entry_vps(seat))
    out += s._xp_moves(seat)
    if ref_has(s, seat, "redraw") and not h.redrawn and h.hand:
        out += [act("redraw", chip=c) for c in sorted(set(h.hand))]
    out += [act("end", hold=c) for c in [""] + sorted(set(h.hand))]
    return out


def ref_occupied(s, space):
    if space == 0:
        return s.pool > 0 or bool(s.manned) or any(h.space == 0 for h in s.heroes)
    return s.villagers[space] > 0 or any(h.space == space for h in s.heroes)


def ref_reveal_due(s, shadow):
    """(due now?, by a hero?) [AR-SH-3, AR-M-5], space by space."""
    cfg, space = s.cfg, shadow[1]
    near = (space, *cfg.adj[space])
    hero = any(h.space in near for h in s.heroes)
    for k, h in enumerate(s.heroes):
        aura = ref_has(s, k, "reveal_aura")
        if aura and cfg.between[h.space][space] <= aura.within:
            hero = True
    if hero:
        return True, True
    return space in s.fire or any(ref_occupied(s, x) for x in near), False


def ref_toward(s, space):
    dist = bfs(s.cfg.adj, 0, s.influence)
    here = dist[space] if space not in s.influence else 1 << 30
    best = -1
    for t in s.cfg.adj[space]:
        if t in s.influence or dist[t] < 0:
            continue
        if dist[t] < here and (best < 0 or dist[t] < dist[best]):
            best = t
    return best


# ---------------------------------------------------------------- the fast paths against them
def test_turn_moves_are_the_plain_rules_moves_in_the_same_order():
    """A turn's moves (the largest listing) equal the plain listing, move for move and in order, at
    every turn decision of 24 random games: the same seeds play the same games."""
    turns = 0
    for s in positions():
        if s.ask[0] == "turn":
            assert s.legal_actions() == ref_moves_turn(s)
            turns += 1
    assert turns > 500


def test_passives_and_payments_are_the_plain_ones():
    """`passives`, `has` and `payments` (kept between calls) equal the plain ones worked out afresh,
    for every seat at every position of random games."""
    costs = [("R",), ("any",), ("B", "B"), ("G", "any"), ("R", "Y", "any"), ("X",)]
    kinds = ["reveal_aura", "redraw", "chip_pays", "no_escort", "hunger", "melee_dice"]
    seen = 0
    for k, s in enumerate(positions(games_each=3, seed=1)):
        for seat in range(s.cfg.players):
            assert list(s.passives(seat)) == ref_passives(s, seat)
            for kind in kinds:
                assert s.has(seat, kind) is ref_has(s, seat, kind)
            if k % 3 == 0:
                for cost in costs:
                    assert s.payments(seat, cost) == ref_payments(s, seat, cost)
                    seen += 1
    assert seen > 1000


def test_passives_follow_edits_and_clones_keep_their_own():
    """A hero's passives follow an unlock, an attuned Item and an Aberration card at once, and a clone
    that shares the old Hero keeps the old passives."""
    s = new(1, seed=3, heroes=["ansel"], classes=["warden"])
    cfg = s.cfg
    before = list(s.passives(0))
    twin = s.clone()
    guardian = next(a for a in cfg.classes[s.heroes[0].cls].actions if a.mode == "passive")
    edit(s, 0, locks=frozenset({guardian.section}))
    assert list(s.passives(0)) == before + list(guardian.passives) == ref_passives(s, 0)
    eyes = next(k for k, c in enumerate(cfg.aberrations) if any(p.kind == "reveal_aura" for p in c.passives))
    edit(s, 0, cards=(eyes,))
    assert s.has(0, "reveal_aura") is ref_has(s, 0, "reveal_aura") is not None
    attunable = next(i for i, it in enumerate(cfg.items) if it.passives)
    edit(s, 0, attuned=(attunable,))
    assert list(s.passives(0)) == ref_passives(s, 0)
    assert list(twin.passives(0)) == before and twin.has(0, "reveal_aura") is None


def test_reveals_are_the_plain_rules_reveals():
    """`reveal_pending` and the shadow `reveals` flips first (and whether a hero revealed it) are those
    of the plain test shadow by shadow, at every position of random games with shadows on the map."""
    checked = 0
    for s in positions(games_each=4, seed=2):
        if not s.shadows or s.phase == "over":
            continue
        due = [(sh, ref_reveal_due(s, sh)) for sh in s.shadows]
        assert s.reveal_pending() == any(d for _, (d, _) in due)
        first = next(((sh, by) for sh, (d, by) in due if d), None)
        for cause in (-1, 0):
            t = s.clone()
            t.todo = ()
            t._task_reveals(cause)
            if first is None:
                assert t.todo == ()
            else:
                assert t.todo == (("reveal_one", first[0][0], first[1] or cause >= 0), ("reveals", cause))
        checked += 1
    assert checked > 1000


def test_routes_are_the_plain_breadth_first_routes():
    """`toward` and `route` (kept for each Influence layout) equal a breadth-first search around the
    Influence, for every space of every position of random games."""
    layouts = set()
    for s in positions(games_each=3, seed=3):
        if s.influence in layouts:
            continue
        layouts.add(s.influence)
        assert s.route() == bfs(s.cfg.adj, 0, s.influence)
        assert [s.toward(x) for x in range(len(s.cfg.names))] == [ref_toward(s, x) for x in range(len(s.cfg.names))]
    assert len(layouts) > 20


def test_within_is_the_plain_distance_test():
    s = new(2, seed=4)
    for space in range(len(s.cfg.names)):
        row = s.cfg.between[space]
        for steps in range(0, 6):
            assert list(s.within(space, steps)) == [x for x in range(len(row)) if 0 <= row[x] <= steps]


def test_caches_stay_bounded(monkeypatch):
    """The payments, routes and maps kept between calls and games never grow past their bounds."""
    monkeypatch.setattr(heroes_mod, "PAYS_KEPT", 50)
    monkeypatch.setattr(mapping_mod, "ROUTES_KEPT", 5)
    monkeypatch.setattr(game_mod, "MAPS_KEPT", 2)
    monkeypatch.setattr(heroes_mod, "_PAYS", {})
    monkeypatch.setattr(game_mod, "_MAPS", {})
    rng = Rng(9)
    for k in range(6):
        s = new(2, seed=k, scenario=("first_night", "long_night")[k % 2])
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            assert len(heroes_mod._PAYS) <= 50 and len(s.cfg.routes) <= 5
        assert len(game_mod._MAPS) <= 2


@pytest.mark.parametrize("players,scenario", SETUPS)
def test_games_share_the_map_and_keep_their_own_state(players, scenario):
    """Two games of the same scenario read one map (worked out once) and play apart: the same seed
    gives the same game whatever was played before it."""
    a = new(players, seed=11, scenario=scenario)
    b = new(players, seed=11, scenario=scenario)
    assert a.cfg is not b.cfg and a.cfg.between is b.cfg.between and a.cfg.names == b.cfg.names
    rng_a, rng_b = Rng(1), Rng(1)
    for _ in range(200):
        if a.is_terminal():
            break
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb
        a.apply(la[rng_a.below(len(la))])
        b.apply(lb[rng_b.below(len(lb))])
    assert a._dump() == b._dump()
