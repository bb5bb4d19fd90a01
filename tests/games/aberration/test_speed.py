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
        assert [s._reveal_due(sh) for sh in s.shadows] == [d for _, d in due]
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
    monkeypatch.setattr(heroes_mod, "USE_MOVES_KEPT", 30)
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
            assert len(heroes_mod._PAYS) <= 50 and len(s.cfg.routes) <= 5 and len(s.game.use_moves) <= 30
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


# ---------------------------------------------------------------- the heuristic (the hard bot's rollouts)
def plain_fire_value(st, space):
    cfg = st.cfg
    if space == 0 or space in st.fire or space in st.influence:
        return 0.0
    v = 0.0
    b = cfg.board_of[space]
    path = cfg.paths[b]
    if space in path:
        free = [s for s in path if s not in st.influence]
        k = free.index(space)
        pos = k - sum(1 for s in free[:k] if s in st.fire)
        v += (0.9, 0.55, 0.35, 0.2)[min(pos, 3)]
        for j, (vp, bb, entries, _) in enumerate(cfg.vps):
            if bb == b and st.vp_state[j] != 2 and space in entries:
                v += 0.3
    if any(x[1] == space for x in st.shadows):
        v += 0.15
    return v


def plain_best_attack(ctx, seat, kind, dice, spaces, quick, area=False, armour=False):
    from cardboard.games.aberration.heuristic import HIT
    st, best = ctx.state, 0.0
    for s in spaces:
        ms = [m for m in st.monsters if m[2] == s]
        sh = [x for x in st.shadows if x[1] == s]
        if area:
            v = sum(ctx.attack_value(seat, kind, dice, m, True, armour) for m in ms)
            v += sum(ctx.shadow_threat(x) * (1 - (1 - HIT) ** dice) for x in sh)
        else:
            v = max([ctx.attack_value(seat, kind, dice, m, quick, armour) for m in ms] +
                    [ctx.shadow_threat(x) * (1 - (1 - HIT) ** dice) for x in sh] + [0.0])
        best = max(best, v)
    return best


def plain_pos_value(st, ctx, space, hand, melee_dice):
    from cardboard.games.aberration.heuristic import CHIP_OPP
    seat, cfg, v = ctx.seat, ctx.cfg, 0.0
    for k, (vp, b, entries, _) in enumerate(cfg.vps):
        if st.vp_state[k] == 0 and space in entries:
            n = ctx.matching(hand, k)
            v = max(v, ctx.vp_chip_value(k, n) - CHIP_OPP * n)
    ms = [m for m in st.monsters if m[2] == space]
    fight = 0.0
    if ms and hand:
        reds = sum(1 for c in hand if c[-1] in ("R", "H") or (c[-1] == "X" and "R" in st._x_pays(seat)))
        dice = st.stat(seat, "STR") if reds else 1
        dice += sum(p.amount for p in st.passives(seat) if p.kind == "melee_dice") + melee_dice
        fight = max(ctx.attack_value(seat, "melee", dice, m, False, space_of_attacker=space) for m in ms)
    if melee_dice and ms:
        fight = max(fight, max(ctx.attack_value(seat, "melee", melee_dice, m, False, space_of_attacker=space)
                               for m in ms))
    if sum(1 for c in hand if c[-1] in ("G", "H")) and ctx.h is not None:
        for s in st.within(space, 2):
            for m in st.monsters:
                if m[2] == s:
                    fight = max(fight, 0.7 * ctx.attack_value(seat, "ranged", st.stat(seat, "SPD"), m, True))
    v += max(0.0, fight - CHIP_OPP) + ctx.guard_value(seat, space)
    if space and st.villagers[space]:
        v += 0.1
    return v


def test_heuristic_values_kept_in_a_decision_are_the_plain_ones():
    """The heuristic keeps Fire values, best attacks, fights and the parts of a spot's worth that do
    not depend on the hand for the rest of a decision: each equals its plain working, float for float,
    at positions of random games (so the heuristic and the hard bot decide as before)."""
    from cardboard.games.aberration.heuristic import AberrationHeuristic, _Ctx

    heur = AberrationHeuristic(0)
    hands = [(), ("R",), ("G", "B"), ("H", "Y", "X"), ("R", "G", "G", "B")]
    checked = 0
    for k, st in enumerate(positions(games_each=2, seed=5)):
        if k % 4 or st.phase == "over":
            continue
        seat = st.current_player
        ctx = _Ctx(st, seat)
        spaces = range(len(st.cfg.names))
        for _ in range(2):     # the second time from what was kept
            assert [ctx.fire_value(x) for x in spaces] == [plain_fire_value(st, x) for x in spaces]
            for dice in (1, 3):
                for near in ([st.heroes[seat].space], st.within(st.heroes[seat].space, 2), list(spaces)):
                    for area in (False, True):
                        assert ctx.best_attack(seat, "ranged", dice, near, False, area) == \
                            plain_best_attack(ctx, seat, "ranged", dice, near, False, area)
            for hand in hands:
                for melee in (0, 2):
                    for x in st.within(st.heroes[seat].space, 2):
                        assert heur._pos_value(st, ctx, x, list(hand), melee) == \
                            plain_pos_value(st, ctx, x, list(hand), melee)
        checked += 1
    assert checked > 100


def plain_spot_value(heur, state, ctx, i, rest):
    """The spot's worth worked out effect by effect (the heuristic's code before the speed work)."""
    cfg = ctx.cfg
    seat = ctx.seat
    sid, name, effects, vp = cfg.spots[i]
    total = 0.0
    for e in effects:
        if e.kind == "villager_attack":
            board = cfg.vps[vp][1] if e.board == "this" else cfg.clockwise.index(e.board)
            dice = state.stat(seat, e.dice)
            dice += sum(p.amount for p in state.passives(seat) if p.kind == "command_bonus")
            total += ctx.best_attack(seat, "villager", dice, cfg.board_spaces[board], True)
        elif e.kind == "fortify":
            f = ctx.best_fortify(rest)
            total += f if f > 0 else 0.25
        elif e.kind == "fire":
            at = e.at
            spaces = state.place_spaces(seat, at, (0, vp, -1))
            total += max([ctx.fire_value(s) for s in spaces] + [0.0])
        elif e.kind == "foresee":
            total += 0.12
        elif e.kind == "reveal_any":
            total += 0.08
        elif e.kind == "draw_item":
            total += 0.35
        elif e.kind == "gain_xp":
            total += 0.45
        elif e.kind == "remove_influence":
            total += 0.5 if state.influence else 0.0
        elif e.kind == "cleanse":
            total += 0.3 if any("X" in h.discard or "X" in h.bag for h in state.heroes) else 0.0
        elif e.kind == "villagers_home":
            total += 0.25 * sum(state.villagers)
        elif e.kind in ("heal", "one_of", "remove_plague"):
            total += heur._effect_value(state, ctx, e, rest)
        else:
            total += 0.05
    # the Safe Harbour objective
    if state.objective >= 0 and cfg.objectives[state.objective].requirement.kind == "villagers_in_vc":
        total -= 0.1
    if state.objective >= 0 and cfg.objectives[state.objective].requirement.kind == "watchtowers_manned" \
            and sid.startswith("watchtower"):
        total += 0.4
    return total


def test_heuristic_spot_values_are_the_plain_ones():
    """A village or Vantage Point spot's worth (its hand-free parts kept for the decision) equals the
    effect-by-effect working for every spot and several hands."""
    from cardboard.games.aberration.heuristic import AberrationHeuristic, _Ctx

    heur = AberrationHeuristic(0)
    hands = [[], ["R"], ["B", "Y", "H"], ["G", "G", "R", "B"]]
    checked = 0
    for k, st in enumerate(positions(games_each=2, seed=6)):
        if k % 3 or st.phase == "over":
            continue
        ctx = _Ctx(st, st.current_player)
        for _ in range(2):
            for i in range(len(st.cfg.spots)):
                for hand in hands:
                    assert heur._spot_value(st, ctx, i, hand) == plain_spot_value(heur, st, ctx, i, hand)
        checked += 1
    assert checked > 100


def test_support_is_asked_exactly_when_a_seat_has_a_support_move():
    """Before each decision of a turn, a seat is asked for Act or Alter exactly when it has such a
    move: `_can_support` (no moves made) agrees with `_support_moves` at every position."""
    pairs = 0
    for s in positions(games_each=3, seed=7):
        n = s.cfg.players
        for seat in range(n):
            for current in range(n):
                if seat != current:
                    assert s._can_support(seat, current) == bool(s._support_moves(seat, current))
                    pairs += s._can_support(seat, current)
    assert pairs > 50


def test_kept_moves_and_caches_make_no_reference_cycle():
    """What the games keep (moves by hand, payments, maps, routes) frees a finished game without the
    cyclic collector, which searches and bulk play turn off: no cycle is left behind."""
    import gc

    def play(seed):
        s = new(2, seed=seed, scenario="long_night")
        rng = Rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])

    play(1)
    gc.collect()
    gc.disable()
    try:
        for seed in (5, 6, 7):
            play(seed)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_reveal_check_alternating_between_positions_answers_for_each():
    """`reveal_pending` keeps what it worked out for the last shadows, Fire and villagers it met: asked
    of positions in turn (as a search does), each answer is that position's own."""
    states = [s for k, s in enumerate(positions(games_each=1, seed=8)) if s.shadows and k % 5 == 0][:60]
    for s in states[::2]:     # a hero stepped onto a shadow's space (the same shadows and Fire)
        edit(s, 0, space=s.shadows[0][1])
    truth = [any(ref_reveal_due(s, sh)[0] for sh in s.shadows) for s in states]
    assert True in truth and False in truth
    for _ in range(2):
        for k in (*range(len(states)), *range(len(states) - 1, -1, -1)):
            assert states[k].reveal_pending() == truth[k]
