"""The legal moves are listed quickly but never differently (issue #27): the placements and the
builds match straightforward listings from the rules (the code before the speed work) on random
positions, in the same order; the objective checks written out match `holds`; and random games
from fixed seeds list exactly the moves they listed before (a pinned digest)."""
import hashlib

import cardboard
from cardboard.engine import Rng
from cardboard.games.abomination.game import EMPTY, MUSCLE, STAGED, STAGES, TRACKED
from cardboard.games.abomination.effects import condition_test
from cardboard.games.abomination.scoring import objective_checks

from ..listing import listing_digest


# ---------------------------------------------------------------- the plain listings
def reference_placements(s, seat, only=None, bumped=False):
    """[AM-Y-1..4] every placement, from the rules: each space in order (not closed by police, its
    conditions held, its cost payable; free, or full with another player's meeple to bump and the
    track's price payable too), scientist before assistant (a scientists-only space takes no
    assistant), then the Study and the Generator when empty."""
    cfg = s.cfg
    p = s.players[seat]
    if bumped:
        kinds = [only]
    else:
        kinds = [sci for sci, free in ((True, p.free_sci), (False, p.free_asst)) if free and only in (None, sci)]
    if not kinds:
        return []
    out = []
    bump_cost = s.bump_cost(replacing=bumped)
    for i, space in enumerate(cfg.spaces):
        loc = cfg.space_loc[i]
        if cfg.loc_index[loc] in s.closed:
            continue
        if not all(s.holds(seat, c, loc) for c in space.requires):
            continue
        cost = s.space_cost(i)
        if p.francs < cost:
            continue
        occ = s.spaces[i]
        for sci in kinds:
            if s.scientists_only(i) and not sci:
                continue
            meeple = "scientist" if sci else "assistant"
            if len(occ) < cfg.slots[i]:
                out.append(("place", space.id, meeple, None))
            elif bump_cost is not None and p.francs >= cost + bump_cost:
                out += [("place", space.id, meeple, j) for j, (owner, _) in enumerate(occ) if owner != seat]
    for name in ("study", "generator"):
        if getattr(p, name) == 0:
            out += [("place", name, "scientist" if sci else "assistant", None) for sci in kinds]
    return out


def _spend(s, p, wants, animal, cap):
    """[AM-L-2] the cubes a build takes, oldest first at or below `cap` (animal cubes first, for
    blood only at stage I-II), or None if the lab lacks them."""
    rules = s.cfg.content.anatomy.animal
    track = list(p.track)
    spent = [0] * len(track)

    def take(material, n, limit):
        m = TRACKED.index(material)
        for stage in range(min(cap, limit), 0, -1):
            i = m * STAGES + stage - 1
            k = min(n, track[i])
            track[i] -= k
            spent[i] += k
            n -= k
        return n == 0

    for k in (2, 0, 1):
        if animal[k]:
            if STAGED[k] not in rules.replaces or not take("animal", animal[k], rules.max_stage.get(STAGED[k], STAGES)):
                return None
    for k, material in enumerate(STAGED):
        need = wants[k] - animal[k]
        if need and not take(material, need, STAGES):
            return None
    return spent


def reference_builds(s, seat):
    """[AM-L-1, AM-L-2, AM-L-4] every build: per slot (the second arm or leg in the same state
    and damage is the same choice), a part token left in the supply, the Expertise and bone it
    needs, then each animal use and each stage whose oldest-first spending reaches that stage."""
    cfg = s.cfg
    p = s.players[seat]
    out, seen = [], set()
    for slot, part in enumerate(cfg.slot_part):
        state = p.parts[slot]
        if state == EMPTY:
            side = "start"
            if s.supply_left(part) <= 0:
                continue
        elif state == MUSCLE:
            side = "complete"
        else:
            continue
        key = (part, state, p.damage[slot])
        if key in seen:
            continue
        seen.add(key)
        spec = getattr(cfg.part_spec[part], side)
        if spec.expertise > p.expertise + p.lower or spec.materials.get("bone", 0) > p.bone:
            continue
        wants = tuple(spec.materials.get(m, 0) for m in STAGED)
        for a_m in range(wants[0] + 1):
            for a_o in range(wants[1] + 1):
                for a_b in range(wants[2] + 1):
                    animal = (a_m, a_o, a_b)
                    for stage in range(1, STAGES + 1):
                        spent = _spend(s, p, wants, animal, stage)
                        if spent is not None and max(i % STAGES + 1 for i, n in enumerate(spent) if n) == stage:
                            out.append(("build", slot, side, stage, animal))
    return out


def _listed(moves, kind):
    if kind == "place":
        return [("place", a["space"], a["meeple"], a.get("bump")) for a in moves if a.kind == "place"]
    return [("build", a["slot"], a["side"], a["stage"], a["animal"]) for a in moves if a.kind == "build"]


def _positions(games):
    """Every position of uniform random games: (players, seed) pairs, seeded as the benchmarks."""
    for players, seeds, options in games:
        for seed in seeds:
            s = cardboard.load_game("abomination", players=players, seed=5000 + seed, options=options).new_initial_state()
            rng = Rng(seed)
            while not s.is_terminal():
                yield s
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])


GAMES = ((2, range(8), None), (3, range(4), {"dial_scoring": "best", "cadavers": "preview"}), (4, range(4), None))


def test_placements_and_builds_match_plain_listings_on_random_positions():
    """Every city turn, Prisha's place-again offer and lab build of random 2-, 3- and 4-player
    games lists the placements and builds the rules give, in the reference's order (each also
    from a clone, so the caches' hits are checked as well as their misses); whether a seat can
    place at all agrees with the listing."""
    turns = replaces = builds = with_bumps = with_animal = 0
    for s in _positions(GAMES):
        ask = s.ask
        if ask[0] == "turn":
            want = reference_placements(s, ask[1])
            assert _listed(s.legal_actions(), "place") == want
            assert _listed(s.clone().legal_actions(), "place") == want
            assert s._can_place(ask[1]) == bool(want)
            turns += 1
            with_bumps += any(m[3] is not None for m in want)
        elif ask[0] == "replace":
            want = reference_placements(s, ask[1], only=ask[2], bumped=True)
            assert _listed(s.legal_actions(), "place") == want
            replaces += 1
        elif ask[0] == "build":
            want = reference_builds(s, ask[1])
            assert _listed(s.legal_actions(), "build") == want
            assert _listed(s.clone().legal_actions(), "build") == want
            builds += 1
            with_animal += any(any(m[4]) for m in want)
        if ask[0] in ("turn", "build") and len(s) % 5 == 0:   # a seat that is not deciding, too
            for seat in range(s.cfg.players):
                assert s._can_place(seat) == bool(reference_placements(s, seat))
                assert _listed(s.builds(seat), "build") == reference_builds(s, seat)
    assert turns > 1500 and builds > 300 and with_bumps > 50 and with_animal > 20, (turns, builds, with_bumps, with_animal)


def test_written_out_conditions_match_holds():
    """[AM-Z-4, AM-Y-1] the conditions written out once per game say what `holds` says, for every
    seat of random positions: each "first" objective of the content (in play or not) and its
    quick test of all seats, and each space's requirements at its location."""
    met = required = 0
    for s in _positions(((2, range(3), None), (4, range(2), None))):
        cfg = s.cfg
        firsts = [k for k, spec in enumerate(cfg.objectives) if spec.timing == "first"]
        checks, quick = objective_checks(cfg, tuple(firsts))
        for claimed in ((),) * len(firsts), tuple(((0,),) if k % 2 else () for k in range(len(firsts))):
            want = any(not claimed[k] and s.holds(seat, spec.condition)
                       for k, _check, spec in checks for seat in range(cfg.players))
            assert quick(s.players, claimed) == want
        for k, check, spec in checks:
            for seat, p in enumerate(s.players):
                want = s.holds(seat, spec.condition)
                assert check(s, seat, p) == want, (spec.id, seat)
                met += want
        for i, space in enumerate(cfg.spaces):
            loc = cfg.space_loc[i]
            test = condition_test(cfg, tuple(space.requires), loc)
            for seat, p in enumerate(s.players):
                want = all(s.holds(seat, c, loc) for c in space.requires)
                assert test(s, seat, p) == want, (space.id, seat)
                required += bool(space.requires) and not want
    assert met > 30 and required > 100, (met, required)


def test_every_kind_of_condition_written_out_matches_holds():
    """Each kind of condition a content file may use (not only those the box's spaces and
    objectives use), alone and two together, written out, agrees with `holds` at every location
    for every seat of random positions."""
    from cardboard.games.abomination.content import Condition
    kinds = [
        dict(kind="attribute_at_least", attribute="reputation", amount=3),
        dict(kind="attribute_at_most", attribute="humanity", amount=-1),
        dict(kind="francs_at_least", amount=4),
        dict(kind="materials_at_least", material="muscle", count=2),
        dict(kind="materials_at_least", material="bone", count=1),
        dict(kind="no_police_marker"), dict(kind="has_police_marker"), dict(kind="cards_on_display"),
        dict(kind="has_part", part="arm", state="built"), dict(kind="has_part", part="head", state="built"),
        dict(kind="parts_at_least", state="complete", count=1), dict(kind="parts_at_least", state="alive", count=1),
    ]
    conditions = [Condition(**k) for k in kinds]
    seen = set()
    for s in _positions(((2, range(2), None), (3, range(1), None))):
        if len(s) % 3:
            continue
        cfg = s.cfg
        for loc in (None,) + cfg.loc_ids:
            for k, c in enumerate(conditions):
                pair = (c, conditions[(k + 3) % len(conditions)])
                for conds in ((c,), pair):
                    test = condition_test(cfg, conds, loc)
                    for seat, p in enumerate(s.players):
                        want = all(s.holds(seat, x, loc) for x in conds)
                        assert test(s, seat, p) == want, (conds, loc, seat)
                        seen.add((k, len(conds), want))
    assert {(k, 1, w) for k in range(len(kinds)) for w in (True, False)} <= seen, \
        sorted({(k, 1, w) for k in range(len(kinds)) for w in (True, False)} - seen)


def test_random_games_list_the_same_moves_as_before():
    """Uniform random games from fixed seeds: every legal list of every position, in order, and the
    final scores hash to the digest of the listing before issue #27 (commit e12e670). A rule
    change that alters the moves on purpose updates these digests; a speed change never may."""
    assert listing_digest("abomination", 2, 6, 1) == "fe597ab079c2"
    assert listing_digest("abomination", 3, 3, 2, {"dial_scoring": "best", "cadavers": "preview"}) == "4a49fc30ff09"
    assert listing_digest("abomination", 4, 3, 3) == "a94aa2fa70c3"


# ---------------------------------------------------------------- the heuristic's choices
def _heuristic_digest(players, games, seed):
    from cardboard.agents import make_agent
    h = hashlib.sha1()
    for g in range(games):
        s = cardboard.load_game("abomination", players=players, seed=seed + g).new_initial_state()
        agents = [make_agent("heuristic", seed * 10 + g * 4 + k, game_id="abomination") for k in range(players)]
        while not s.is_terminal():
            agent = agents[s.current_player]
            h.update(repr(agent.action_values(s)).encode())
            move = agent.choose(s)
            h.update(repr(move.json_key()).encode())
            s.apply(move)
        h.update(repr(s.scores()).encode())
    return h.hexdigest()[:12]


def test_the_heuristic_values_and_chooses_as_before():
    """The heuristic (the `hard` bot's prior and rollout policy) sped up without changing a
    decision: heuristic games from fixed seeds give the same value to every move, to the last
    bit, and the same choices and scores as before issue #27 (commit e12e670). A change to the
    heuristic's play updates these digests; a speed change never may."""
    assert _heuristic_digest(2, 2, 7) == "5a38995f9dd4"
    assert _heuristic_digest(4, 1, 8) == "06097fa5f0e3"


def test_the_speed_caches_keep_their_bounds():
    """Caches that grow with play are bounded (issue #27): the build plans (shared by the games of
    one animal rule), and the heuristic's fits of each side by track, never pass their limits; a
    plan found again after the cache is emptied is the same."""
    from cardboard.games.abomination import heuristic
    from cardboard.games.abomination.game import Tables
    s = cardboard.load_game("abomination", players=2, seed=1).new_initial_state()
    other = cardboard.load_game("abomination", players=3, seed=2).new_initial_state()
    assert s.game.tab.plans is other.game.tab.plans   # one cache for the same animal rule
    first = s._plans((2, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0), (2, 2, 1))
    for i in range(Tables.PLANS_LIMIT + 50):
        s._plans((i % 7, i // 7 % 7, i // 49, 0) + (1,) * 12, (2, 2, 1))
        assert len(s.game.tab.plans) <= Tables.PLANS_LIMIT
    assert s._plans((2, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0), (2, 2, 1)) == first
    st = heuristic._static(s.cfg)
    for i in range(heuristic._FITS_LIMIT + 50):
        heuristic._fits([i % 9, i // 9 % 9, i // 81, 0] + [1] * 12, st)
        assert len(heuristic._FITS) <= heuristic._FITS_LIMIT + 1


def test_a_state_still_pickles_with_the_speed_tables():
    """The per-game tables hold functions written out at run time (conditions, objective tests),
    which pickle cannot carry: a game pickles as what its tables are made from, so a mid-game
    state (its tables' caches filled) round-trips and plays on exactly as the original."""
    import pickle
    s = cardboard.load_game("abomination", players=3, seed=4).new_initial_state()
    rng = Rng(3)
    for _ in range(200):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert s.game.tab.objective_checks and s.game.tab.spaces
    copy = pickle.loads(pickle.dumps(s))
    assert copy._dump() == s._dump()
    for state in (s, copy):   # the same random moves to the end
        r = Rng(5)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[r.below(len(legal))])
    assert copy._dump() == s._dump() and copy.scores() == s.scores()
